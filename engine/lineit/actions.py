"""Line-it actions: tiny frozen values whose text parses back to themselves.

========================  ================================================
text                      meaning
========================  ================================================
``take 17 line``          take market card 17 and put it at the end of the line
``take 17 hand``          take market card 17 into the hand (at most 2 cards)
``take B4 line``          the same for a Bet card
``play 17``               play hand card 17 onto the line (turn or final plays)
``close``                 close the line (at most once per turn, non-empty)
``end``                   end the turn (once a market card was taken)
``pass``                  in the final plays: play nothing this time
========================  ================================================

Every action exists exactly once (they are interned at import), so
``legal_actions()`` allocates nothing but its list, and ``==``/``hash`` are
cheap. ``parse_action(str(a)) is a`` for every action.

>>> a = parse_action("take 17 line")
>>> str(a), a.kind, a.card, a == ACTION_TAKE_LINE[17]
('take 17 line', 'take_line', 17, True)
"""
from __future__ import annotations

import dataclasses
from typing import Any

from .cards import BET_BASE, CARD_OF_TEXT, TEXT
from .refusals import REFUSALS

# Kind numbers; an action's code is kind * 128 + card (card 0 for close/end/pass).
TAKE_LINE, TAKE_HAND, PLAY, CLOSE, END, PASS = range(6)
KIND_NAMES = ("take_line", "take_hand", "play", "close", "end", "pass")


@dataclasses.dataclass(frozen=True, slots=True, init=False, repr=False, eq=False)
class Action:
    """One Line-it action. Immutable and interned: equal actions are the same object; hashed by its code.

    Attributes: ``kind`` (one of KIND_NAMES), ``card`` (the card int, 0 for
    close/end/pass), ``code`` (``kind number * 128 + card``) and ``text``;
    ``k`` is the kind number (TAKE_LINE ... PASS).
    """

    kind: str
    card: int
    code: int
    text: str
    k: int

    def __init__(self, k: int, card: int) -> None:
        object.__setattr__(self, "k", k)
        object.__setattr__(self, "kind", KIND_NAMES[k])
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "code", k * 128 + card)
        if k == TAKE_LINE:
            text = f"take {TEXT[card]} line"
        elif k == TAKE_HAND:
            text = f"take {TEXT[card]} hand"
        elif k == PLAY:
            text = f"play {TEXT[card]}"
        else:
            text = KIND_NAMES[k]
        object.__setattr__(self, "text", text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    # No __eq__: every action exists once (interned, and pickling keeps it so),
    # so the default identity test is the code test, done in C: `action in
    # legal` over a tuple of actions costs no Python call per element.
    def __hash__(self) -> int:
        return self.code

    def __reduce__(self) -> tuple[Any, tuple[str]]:  # pickling (bots in worker processes) keeps interning
        return (parse_action, (self.text,))


_CARDS = [c for c in range(BET_BASE + 6) if TEXT[c]]
ACTION_TAKE_LINE: list[Action | None] = [None] * (BET_BASE + 6)
ACTION_TAKE_HAND: list[Action | None] = [None] * (BET_BASE + 6)
ACTION_PLAY: list[Action | None] = [None] * (BET_BASE + 6)
for _c in _CARDS:
    ACTION_TAKE_LINE[_c] = Action(TAKE_LINE, _c)
    ACTION_TAKE_HAND[_c] = Action(TAKE_HAND, _c)
    ACTION_PLAY[_c] = Action(PLAY, _c)
ACTION_CLOSE = Action(CLOSE, 0)
ACTION_END = Action(END, 0)
ACTION_PASS = Action(PASS, 0)

BY_TEXT: dict[str, Action] = {}
BY_CODE: dict[int, Action] = {}
for _a in [*ACTION_TAKE_LINE, *ACTION_TAKE_HAND, *ACTION_PLAY, ACTION_CLOSE, ACTION_END, ACTION_PASS]:
    if _a is not None:
        BY_TEXT[_a.text] = _a
        BY_CODE[_a.code] = _a
ALL_ACTIONS: tuple[Action, ...] = tuple(BY_CODE.values())
ACTION_OF_CODE: list[Action] = [BY_CODE.get(code) for code in range(6 * 128)]  # type: ignore[misc]
"""``ACTION_OF_CODE[code]``: the action of a move code (None where no action has it)."""


def take(card: str, to: str) -> Action:
    """The action that takes market card `card` (a card text) ``to`` "line" or "hand".

    >>> take("17", "hand") is parse_action("take 17 hand")
    True
    """
    if to not in ("line", "hand"):
        raise REFUSALS.refuse("action.where", text=f"take {card} {to}", card=card)
    table = ACTION_TAKE_LINE if to == "line" else ACTION_TAKE_HAND
    action = table[_card(card)]
    assert action is not None  # every card has its takes
    return action


def play(card: str) -> Action:
    """The action that plays hand card `card` (a card text) onto the line."""
    action = ACTION_PLAY[_card(card)]
    assert action is not None
    return action


def _card(text: str) -> int:
    card = CARD_OF_TEXT.get(text)
    if card is None:
        raise REFUSALS.refuse("action.not_a_card", text=text)
    return card


def parse_action(text: str | Action) -> Action:
    """The action of a text, e.g. ``parse_action("play 17")``.

    Exact texts are looked up directly; otherwise case and spacing are
    forgiven (``"Take b4  LINE"``). Anything else raises IllegalAction with a
    message saying what an action looks like.
    """
    if isinstance(text, Action):
        return text
    action = BY_TEXT.get(text)
    if action is not None:
        return action
    if not isinstance(text, str):
        raise REFUSALS.refuse("action.unknown", text=text)
    words = text.lower().split()
    if words and words[0] in ("take", "play") and len(words) >= 2:
        card = words[1].upper()
        if card not in CARD_OF_TEXT:
            raise REFUSALS.refuse("action.not_a_card", text=words[1])
        words[1] = card
        if words[0] == "take" and (len(words) != 3 or words[2] not in ("line", "hand")):
            raise REFUSALS.refuse("action.where", text=text, card=card)
    action = BY_TEXT.get(" ".join(words))
    if action is None:
        raise REFUSALS.refuse("action.unknown", text=text)
    return action
