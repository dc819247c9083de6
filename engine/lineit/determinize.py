"""Determinization for search bots: a full state consistent with a view.

A seat's view shows everything except the draw pile's order and the other
hands. The other hands are not really hidden: every hand card was taken
face up from the market, so the log tells exactly which cards each seat
took into its hand and which it played since. `determinize` rebuilds them
from the log (`hands.public_hands`); the only truly unknown thing is the order of the draw pile,
which it shuffles with the given Rng.

The result is a real LineitState: its `view(seat)` equals the given view,
and its `to_json()` replays (its setup deck is the market reveals of the
log in order, followed by the shuffled draw pile; its chance outcomes are
those reveals). Its `events` list is empty: a view carries the log, not
the events.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable

from engine.core import BadSave, Rng

from .actions import Action, parse_action
from .cards import CARD_OF_TEXT, FULL_COUNTS, SUITS, TEXT
from .hands import public_hands
from .state import PHASE_NAMES, FINAL, OVER, LineitState, Mark, Phase, blank


def determinize(view: dict, rng: Rng) -> LineitState:
    """A full state consistent with `view` (from `state.view(seat)`).

    Other hands come from the log; the unseen draw pile is shuffled with
    `rng`. Raises BadSave if the view is inconsistent.
    """
    try:
        return _determinize(view, rng)
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise BadSave(f"not a Line-it view ({exc!r})") from None


def _cards(texts: Iterable[str]) -> list[int]:
    return [CARD_OF_TEXT[t] for t in texts]


def _determinize(view: dict, rng: Rng) -> LineitState:
    n = view["players"]
    seat = view["seat"]
    history: list[Action] = []
    hseats: list[int] = []
    marks: list[Mark] = []
    reveals: list[int] = []
    hands = [_cards(h) for h in public_hands(view["log"], n)]
    for entry in view["log"]:
        who = entry["seat"]
        text = entry["text"]
        if who is None:
            word, *cards = text.split()
            start = len(reveals)
            reveals.extend(CARD_OF_TEXT[t] for t in cards)
            marks.append((len(history), "deal" if word == "market" else "remainder", start, len(reveals)))
            continue
        action = parse_action(text)
        history.append(action)
        hseats.append(who)
    if seat is not None:
        own = _cards(view["seats"][seat]["hand"])
        if Counter(own) != Counter(hands[seat]):
            raise BadSave("the view's hand does not match its log")
        hands[seat] = own
    unknown = list((FULL_COUNTS - Counter(reveals)).elements())
    if len(unknown) != view["draw_pile"]:
        raise BadSave(f"the view's draw pile ({view['draw_pile']}) does not match its log ({len(unknown)} unseen)")
    rng.shuffle(unknown)
    deck = tuple(reveals) + tuple(unknown)

    s = blank(n)
    s.final_plays = view["final_plays"]
    s.seed = 0
    s.setup_first = view["setup_first_seat"]
    s.setup_deck = tuple(TEXT[c] for c in deck)
    s.deck = deck
    s.pos = len(reveals)
    s.market = _cards(view["market"])
    s.hands = hands
    s.lines = [_cards(st["line"]) for st in view["seats"]]
    for p in range(n):
        s._recompute_line(p)
    s.jack = [_cards(view["jackpots"][suit]) for suit in SUITS]
    s.stacks = [_cards(st["stack_cards"]) for st in view["seats"]]
    s.bonus = [st["bonus"] for st in view["seats"]]
    s.penalty = [st["penalty"] for st in view["seats"]]
    s.gone = _cards(view["gone"])
    s.phase = Phase(PHASE_NAMES.index(view["phase"]))
    s.is_over = s.phase is OVER
    s.round = view["round"]
    s.first = view["first_seat"]
    cur = view["current_seat"]
    s.cur = s.first if cur is None else cur
    turn = view["turn"]
    s.taken = int(turn["taken"])
    s.played = int(turn["played_from_hand"])
    s.closed = int(turn["closed"])
    s.fpass = view["final_pass"]
    s.fdone = (s.cur - s.first) % n if s.phase == FINAL else 0
    s.history = history
    s.hseats = hseats
    s.marks = marks
    if s._all_cards() != FULL_COUNTS:
        raise BadSave("the view does not account for the 106 cards")
    return s
