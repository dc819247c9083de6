"""The Line-it rules (RULES.md, Game 1): one state class, legality in one place.

>>> s = new_game(players=4, seed=7, first_seat=0)
>>> s.current_seat, len(s.view(0)["market"])
(0, 6)
>>> s.apply("take 83 line")
[CardTaken(seat=0, card='83', to='line')]
>>> [e.kind for e in s.apply("end")]
['lineit.turn_ended']
>>> s.current_seat, s.undo_points()
(1, [])

Internally every card is an int (see cards.py) and the state is a handful
of flat lists, so `clone()` is cheap and `legal_actions()`/`apply()` do no
work beyond the rule itself. Views and the log are built only when asked.
Which card fits a line and which moves a seat has are decided in line.py
(shared with the playout; `legal_actions` writes `moves` out for speed, and
a property test holds the two together); the refusal sentences live in
refusals.py.
"""
from __future__ import annotations

import dataclasses
import os
from collections import Counter
from enum import IntEnum
from typing import Any, Callable, NamedTuple, Sequence

from engine.core import (
    BadSave,
    ChanceNeed,
    ChanceOutcome,
    Event,
    IllegalAction,
    Refusal,
    Rng,
    chance_outcomes,
    checked_outcome,
    places,
    read_record,
    record,
)

from . import events as E
from .events import BET_RESOLVED, DIRECTION, PASSED, PLAYED, PLAYED_FINAL, TAKEN_HAND, TAKEN_LINE, TURN_ENDED
from .actions import ACTION_CLOSE, ACTION_END, ACTION_PASS, CLOSE, END, PASS, PLAY, TAKE_HAND, TAKE_LINE, Action, parse_action
from .actions import ACTION_PLAY as PLAY_OF
from .actions import ACTION_TAKE_HAND as TAKE_HAND_OF
from .actions import ACTION_TAKE_LINE as TAKE_LINE_OF
from .cards import BET_BASE, CARD_OF_TEXT, DECK_SIZE, FULL_COUNTS, FULL_DECK, SUITS, TEXT, market_size
from .line import FIT, HAND_LIMIT, Row, bet_wins, fits
from .refusals import REFUSALS

MIN_PLAYERS, MAX_PLAYERS = 2, 6
ROW0 = FIT[0][0][0]
"""The fit row of an empty line: every card fits."""
TEXT_OF = TEXT.__getitem__
"""``tuple([TEXT[c] for c in cards])``: the texts of card ints, with no Python frame per card."""


class BetProgress(NamedTuple):
    """A line's Bet card as it stands: its value, the Number cards placed after it,
    and whether closing the line now wins it (`line.bet_wins`)."""

    value: int
    after: int
    wins: bool


class Phase(IntEnum):
    """The phase of a game; its name is the view's ``phase`` text."""

    TURN = 0
    FINAL = 1
    OVER = 2


TURN, FINAL, OVER = Phase.TURN, Phase.FINAL, Phase.OVER
PHASE_NAMES = tuple(ph.name.lower() for ph in Phase)  # "turn", "final", "over"

Mark = tuple[int, str, int, int]
"""A chance outcome as the state keeps it: (at, kind, start, end) of the deck
slice dealt ("deal", "remainder"), or (at, "first_seat", seat, 0)."""


# How `clone()` copies a field: an immutable value (or a tuple never mutated)
# is shared, a flat list is sliced, a list of lists is sliced twice; a cache
# starts empty (a clone's fields may be changed by hand, e.g. determinize).
SAME, LIST, LISTS, CACHE = "same", "list", "lists", "cache"


def _field(copy: str, start: Callable[[int], Any]) -> Any:
    """A state field: how `clone()` copies it (SAME, LIST or LISTS) and its
    value in a fresh game of n seats (`start(n)`)."""
    return dataclasses.field(metadata={"copy": copy, "start": start})


# Every field of a state is declared once, below, with its type (for mypy),
# its copy mode and its start value; `FIELDS`, the slots, `clone()` and
# `blank()` are all derived from these declarations.
@dataclasses.dataclass(slots=True, init=False, repr=False, eq=False)
class LineitState:
    """A Line-it game in progress. Create it with `new_game` or `from_json`.

    Public: `current_seat`, `legal_actions()`, `apply()`, `is_over`,
    `scores()`, `winners()`, `view(seat)`, `to_json()`, `clone()`,
    `events`, `chance`, `chance_needed`, `resolve_chance()`,
    `undo_points()`, `rewind()`, and for search bots `apply_unchecked()`.
    All other attributes are internal (ints and lists of ints; see FIELDS).
    """

    # setup: never changes during a game
    n: int = _field(SAME, lambda n: n)
    final_plays: int = _field(SAME, lambda n: 1)
    seed: int | str | None = _field(SAME, lambda n: None)
    setup_first: int | None = _field(SAME, lambda n: None)
    setup_deck: tuple[str, ...] | None = _field(SAME, lambda n: None)  # the deck= texts, or None
    external: bool = _field(SAME, lambda n: False)  # chance comes from resolve_chance
    # the cards: the draw pile (a tuple, replaced, never mutated: with external
    # chance it holds the cards revealed so far) and the next card's index
    deck: tuple[int, ...] = _field(SAME, lambda n: ())
    pos: int = _field(SAME, lambda n: 0)
    market: list[int] = _field(LIST, lambda n: [])
    hands: list[list[int]] = _field(LISTS, lambda n: [[] for _ in range(n)])
    lines: list[list[int]] = _field(LISTS, lambda n: [[] for _ in range(n)])
    # each line, derived from its cards: direction, last Number card, Number
    # cards, bet value, Number cards after the bet, cards per (seat, suit)
    ldir: list[int] = _field(LIST, lambda n: [0] * n)
    llast: list[int] = _field(LIST, lambda n: [0] * n)
    lnum: list[int] = _field(LIST, lambda n: [0] * n)
    lbet: list[int] = _field(LIST, lambda n: [0] * n)
    lafter: list[int] = _field(LIST, lambda n: [0] * n)
    lsuit: list[int] = _field(LIST, lambda n: [0] * (4 * n))
    # and the fit row of each line, ``FIT[lbet][ldir][llast]`` (line.py), kept
    # with them: `legal_actions` reads one list instead of three
    lrow: list[Row] = _field(LIST, lambda n: [ROW0] * n)
    jack: list[list[int]] = _field(LISTS, lambda n: [[], [], [], []])
    stacks: list[list[int]] = _field(LISTS, lambda n: [[] for _ in range(n)])
    bonus: list[int] = _field(LIST, lambda n: [0] * n)
    penalty: list[int] = _field(LIST, lambda n: [0] * n)
    gone: list[int] = _field(LIST, lambda n: [])
    # whose turn, and what it did so far
    phase: Phase = _field(SAME, lambda n: TURN)
    is_over: bool = _field(SAME, lambda n: False)  # phase is OVER (a field: read once per move)
    round: int = _field(SAME, lambda n: 0)
    first: int = _field(SAME, lambda n: 0)
    cur: int = _field(SAME, lambda n: 0)
    taken: int = _field(SAME, lambda n: 0)
    played: int = _field(SAME, lambda n: 0)
    closed: int = _field(SAME, lambda n: 0)
    fpass: int = _field(SAME, lambda n: 0)
    fdone: int = _field(SAME, lambda n: 0)
    chance_needed: ChanceNeed | None = _field(SAME, lambda n: None)
    # the record: actions, their seats, chance outcomes (as marks, see
    # `chance`), events
    history: list[Action] = _field(LIST, lambda n: [])
    hseats: list[int] = _field(LIST, lambda n: [])
    marks: list[Mark] = _field(LIST, lambda n: [])
    events: list[Event] = _field(LIST, lambda n: [])
    # the legal actions of this position once asked (`legal_actions`), until
    # the next move: `apply` of one of them needs no check
    legal_now: tuple[Action, ...] | None = _field(CACHE, lambda n: None)

    # ------------------------------------------------------------------ public
    @property
    def current_seat(self) -> int | None:
        """The seat to act, or None once the game is over or while chance is needed."""
        return None if self.phase is OVER or self.chance_needed is not None else self.cur

    @property
    def players(self) -> int:
        return self.n

    def scores(self) -> list[int]:
        """Score per seat: cards banked + bonus tokens - penalty tokens.

        During the game this is the score so far (cards in lines and hands
        do not count yet).
        """
        return [len(st) + b - p for st, b, p in zip(self.stacks, self.bonus, self.penalty)]

    def places(self) -> list[int]:
        """Each seat's place (1 = best): the higher score first; equal scores share a
        place (Line-it has no tie-break). The standing so far before the end."""
        return places([-score for score in self.scores()])

    def winners(self) -> list[int]:
        """Seats with the highest final score (several on a tie); [] before the end."""
        if self.phase is not OVER:
            return []
        return [seat for seat, place in enumerate(self.places()) if place == 1]

    def must_close(self) -> bool:
        """True if the current seat cannot take a market card without closing its
        line first (RULES.md "Forced close"): before its take, its hand is full,
        no market card fits its line, and no hand card it may still play fits it
        either (playing one would free a place in the hand for any market card).
        A close made then is flagged ``forced`` in its `LineClosed` event.
        False outside a turn, after the take, and while chance is needed.

        >>> s = new_game(2, seed=1, first_seat=0)
        >>> s.must_close()
        False
        """
        if self.phase is not TURN or self.chance_needed is not None or self.taken:
            return False
        p = self.cur
        hand = self.hands[p]
        if len(hand) < HAND_LIMIT:
            return False
        row = self.lrow[p]
        if any(row[c] for c in self.market):
            return False
        return bool(self.played) or not any(row[c] for c in hand)

    def bet_progress(self, seat: int) -> BetProgress | None:
        """The Bet card in `seat`'s line and how it stands, or None without one
        (the tips say it; the state keeps the count the close resolves with)."""
        value = self.lbet[seat]
        if not value:
            return None
        after = self.lafter[seat]
        return BetProgress(value, after, bet_wins(after, value))

    def legal_actions(self) -> list[Action]:
        """Every action the current seat may take now, without duplicates.

        Order: takes in market order (line before hand), plays in hand
        order, close, end; in the final plays: plays, then pass. Empty once
        the game is over and while chance is needed.
        """
        legal = self.legal_now
        if legal is not None:  # asked again before a move: the same list
            return list(legal)
        if self.phase is OVER or self.chance_needed is not None:
            return []
        # `line.moves` written out for Actions (one call less on the hot path;
        # the playout keeps `moves`): tests/test_lineit_properties.py checks
        # that both list the same moves in every position of seeded games.
        p = self.cur
        hand = self.hands[p]
        row = self.lrow[p]
        out: list[Action] = []
        final = self.phase is FINAL
        if not final and not self.taken:
            room = len(hand) < HAND_LIMIT
            seen_bet = 0
            for c in self.market:
                if c > BET_BASE:
                    bit = 1 << (c - BET_BASE)
                    if seen_bet & bit:  # two equal Bet cards: one move
                        continue
                    seen_bet |= bit
                if row[c]:
                    out.append(TAKE_LINE_OF[c])  # type: ignore[arg-type]
                if room:
                    out.append(TAKE_HAND_OF[c])  # type: ignore[arg-type]
        if final or not self.played:
            prev = 0
            for c in hand:
                if c != prev and row[c]:
                    out.append(PLAY_OF[c])  # type: ignore[arg-type]
                prev = c
        if final:
            out.append(ACTION_PASS)
        else:
            if not self.closed and (self.llast[p] or self.lbet[p]):  # a line holding a card may close
                out.append(ACTION_CLOSE)
            if self.taken:
                out.append(ACTION_END)
        self.legal_now = tuple(out)  # a copy: the caller may change its list
        return out

    def is_legal(self, action: Action | str) -> bool:
        """True if `apply(action)` would succeed now."""
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action | str) -> Refusal | None:
        """The refusal of `action` now (a str, the English sentence, with
        ``.code`` and ``.params``), or None if it is legal."""
        try:
            if not isinstance(action, Action):
                action = parse_action(action)
            self._check(action)
        except IllegalAction as exc:
            return exc.refusal
        return None

    def apply(self, action: Action | str) -> list[Event]:
        """Play `action` (an Action or its text) for the current seat; the events it caused.

        Raises IllegalAction (with a ``code``) and leaves the state exactly
        as it was if the action is not legal now.
        """
        if action.__class__ is not Action:  # an exact-type test: the cheapest on the hot path
            action = parse_action(action)  # type: ignore[arg-type]
        legal = self.legal_now
        if legal is None or action not in legal:  # `in`: identity tests in C (actions are interned)
            self._check(action)  # type: ignore[arg-type]
        self.legal_now = None
        self.history.append(action)  # type: ignore[arg-type]
        p = self.cur
        self.hseats.append(p)
        # `_do` with the events, written out: one call less per move. The
        # first event of a move is interned (events.py), the rest are built
        # by the helpers into `ev`.
        k = action.k  # type: ignore[union-attr]
        c = action.card  # type: ignore[union-attr]
        ev: list[Event]
        if k == END:  # the commonest move first
            ended = TURN_ENDED[p]
            nxt = p + 1
            if nxt == self.n:
                nxt = 0
            if nxt != self.first:  # not the round's end: `_end_turn` in short
                self.taken = self.played = self.closed = 0
                self.cur = nxt
                self.events.append(ended)
                return [ended]
            ev = [ended]
            self._end_turn(ev)
        elif k == TAKE_LINE:
            self.market.remove(c)
            self.taken = 1
            ev = [TAKEN_LINE[p][c]]
            self._to_line(p, c, ev)
        elif k == TAKE_HAND:
            self.market.remove(c)
            self.taken = 1
            self.hands[p].append(c)
            e = TAKEN_HAND[p][c]
            self.events.append(e)
            return [e]
        elif k == PLAY:
            self.hands[p].remove(c)
            if self.phase is FINAL:
                ev = [PLAYED_FINAL[p][c]]
                self._to_line(p, c, ev)
                self._final_next(ev)
            else:
                ev = [PLAYED[p][c]]
                self._to_line(p, c, ev)
                self.played = 1
        elif k == CLOSE:
            ev = []
            # must_close is false after the take and with room in the hand (asked first: no call)
            self._close(p, ev, not self.taken and len(self.hands[p]) >= HAND_LIMIT and self.must_close())
            self.closed = 1
        else:  # PASS
            ev = [PASSED[p]]
            self._final_next(ev)
        self.events.extend(ev)
        return ev

    def apply_unchecked(self, action: Action) -> None:
        """The fast path for search bots, on a `clone()`: play a legal `action`
        with no legality check and no record (no history, no events).

        Only for actions taken from `legal_actions()` of this very state; the
        clone is then good for the rules (legal_actions, scores, playout) but
        not for `to_json`, `log`, `view`'s log, `undo_points` or `rewind`.
        """
        self.legal_now = None
        self._do(action.k, action.card)

    def clone(self) -> "LineitState":  # replaced below by the code _clone_source writes
        """An independent copy (cheap: flat lists of ints)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ chance
    def resolve_chance(self, outcome: Sequence[str]) -> list[Event]:
        """Take the outcome `chance_needed` asks for (external chance); its events.

        "first_seat": one seat number as text ("2"); "deal" and "remainder":
        that many card texts, each still unseen. An impossible outcome raises
        a coded IllegalAction and changes nothing.
        """
        need = self.chance_needed
        texts = checked_outcome(need, outcome, REFUSALS, self.n)
        assert need is not None
        ev: list[Event] = []
        if need.kind == "first_seat":
            seat = texts[0]
            self.chance_needed = None
            self.legal_now = None
            self.marks.append((len(self.history), "first_seat", int(seat), 0))
            self._seat_first(int(seat), ev)
        else:
            unseen = FULL_COUNTS - Counter(self.deck)
            cards = []
            for t in texts:
                c = CARD_OF_TEXT.get(t) if isinstance(t, str) else None
                if c is None or unseen[c] <= 0:
                    raise REFUSALS.refuse("chance.impossible", card=t)
                unseen[c] -= 1
                cards.append(c)
            self.chance_needed = None
            self.legal_now = None
            self.deck = self.deck + tuple(cards)
            self._take_chance(need.kind, ev)
        self.events.extend(ev)
        return ev

    @property
    def chance_count(self) -> int:
        """`len(chance)`, without making the outcomes (a screen asks it every frame)."""
        return len(self.marks)

    @property
    def chance(self) -> list[ChanceOutcome]:
        """Every chance outcome so far, in order (``at`` = actions applied
        before it): the first seat when chance chose it, each market dealt,
        the draw pile's rest. Built on demand from `marks` (at, kind, and the
        deck slice dealt, or the seat), so a round costs no texts unless asked."""
        deck = self.deck
        return [ChanceOutcome(at, kind, (str(a),) if kind == "first_seat" else tuple([TEXT[c] for c in deck[a:b]]))
                for at, kind, a, b in self.marks]

    # -------------------------------------------------------------------- undo
    def undo_points(self) -> list[int]:
        """The action counts the current seat may rewind to, ascending: every
        point since the start of its turn (before its take, ...). Empty in the
        final plays (each decision is the whole turn), once the game is over
        and while chance is needed. Never before a chance outcome: a card
        once dealt stays dealt."""
        if self.phase is not TURN or self.chance_needed is not None:
            return []
        history = self.history
        k = len(history)
        floor = self.marks[-1][0] if self.marks else 0
        while k > floor and history[k - 1] is not ACTION_END:
            k -= 1
        return list(range(k, len(history)))

    def rewind(self, n: int, any: bool = False) -> "LineitState":
        """A new state rebuilt from the record up to `n` actions (this one is untouched).

        `n` must be one of `undo_points()`; with ``any=True`` (replays) any
        n from 0 to the number of actions. ValueError otherwise.
        """
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= len(self.history):
            raise ValueError(f"cannot rewind to {n!r}: the game has {len(self.history)} actions")
        if not any and n not in self.undo_points():
            raise ValueError(f"cannot rewind to {n}: the current seat may rewind to {self.undo_points()}")
        return _replay(self._setup(), self.seed, self.external, self.history[:n],
                       [c for c in self.chance if c.at <= n])

    # ------------------------------------------------------------------ record
    def _setup(self) -> dict[str, Any]:
        chosen = bool(self.marks) and self.marks[0][1] == "first_seat"
        setup: dict[str, Any] = {"players": self.n, "first_seat": None if chosen else self.setup_first,
                                 "final_plays": self.final_plays}
        if self.setup_deck is not None:
            setup["deck"] = list(self.setup_deck)
        return setup

    def to_json(self) -> dict:
        """The game as a record: setup + seed + action texts + chance outcomes
        (engine.core.record). A pure function of the game: no clock, no
        refused actions. An external-chance game has ``seed: null``."""
        return record("lineit", self._setup(), self.seed, [a.text for a in self.history], self.chance)

    def view(self, seat: int | None) -> dict:
        """What `seat` may see, as a JSON-able dict (None: a spectator, no hand).

        Keys: game, seat, players, final_plays, setup_first_seat, phase,
        round, first_seat, current_seat, final_pass, market, draw_pile,
        jackpots, seats (line, hand, hand_count, stack, stack_cards, bonus,
        penalty, score), turn, gone, log. Never the draw-pile order, never
        another seat's hand (only its count).
        """
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.n):
            raise ValueError(f"seat {seat!r} is not at this table of {self.n}")
        T = TEXT
        seats = []
        for p in range(self.n):
            st = self.stacks[p]
            seats.append({
                "line": [T[c] for c in self.lines[p]],
                "hand": [T[c] for c in self.hands[p]] if p == seat else None,
                "hand_count": len(self.hands[p]),
                "stack": len(st),
                "stack_cards": [T[c] for c in st],
                "bonus": self.bonus[p],
                "penalty": self.penalty[p],
                "score": len(st) + self.bonus[p] - self.penalty[p],
            })
        in_turn = self.phase is TURN
        return {
            "game": "lineit",
            "seat": seat,
            "players": self.n,
            "final_plays": self.final_plays,
            "setup_first_seat": self.setup_first,
            "phase": PHASE_NAMES[self.phase],
            "round": self.round,
            "first_seat": self.first,
            "current_seat": self.current_seat,
            "final_pass": self.fpass if self.phase is FINAL else 0,
            "market": [T[c] for c in self.market],
            "draw_pile": DECK_SIZE - self.pos,
            "jackpots": {SUITS[i]: [T[c] for c in self.jack[i]] for i in range(4)},
            "seats": seats,
            "turn": {
                "taken": bool(self.taken) and in_turn,
                "played_from_hand": bool(self.played) and in_turn,
                "closed": bool(self.closed) and in_turn,
            },
            "gone": [T[c] for c in self.gone],
            "log": self.log(),
        }

    def log(self) -> list[dict]:
        """The public record: round starts ("market 12 45 B3 77"), the end of
        the draw pile ("remainder 3 B5", its cards went to the jackpots or
        left) and every applied action with its seat."""
        out: list[dict] = []
        dealt = [c for c in self.chance if c.kind != "first_seat"]
        ci = 0
        history = self.history
        hseats = self.hseats
        for i in range(len(history) + 1):
            while ci < len(dealt) and dealt[ci].at == i:
                word = "market" if dealt[ci].kind == "deal" else "remainder"
                out.append({"seat": None, "text": " ".join([word, *dealt[ci].outcome])})
                ci += 1
            if i < len(history):
                out.append({"seat": hseats[i], "text": history[i].text})
        return out

    def __repr__(self) -> str:
        return (f"<Line-it {self.n} players, round {self.round}, {PHASE_NAMES[self.phase]}, "
                f"seat {self.current_seat} to act, {len(self.history)} actions>")

    # ----------------------------------------------------------------- checks
    def _line_refusal(self, p: int, c: int) -> IllegalAction | None:
        """Why card c cannot go at the end of seat p's line (`fits` says whether), or None."""
        d, last, bet = self.ldir[p], self.llast[p], self.lbet[p]
        if fits(c, d, last, bet):
            return None
        if c > BET_BASE:
            return REFUSALS.refuse("line.bet_taken", bet=bet)
        if d > 0:
            return REFUSALS.refuse("line.not_ascending", above=last)
        return REFUSALS.refuse("line.not_descending", below=last)

    def _check(self, action: Action) -> None:
        """Raise IllegalAction (coded, see refusals.py) unless `action` is legal now.

        Ordered for speed: a turn without pending chance first, the common
        kinds first; a card's fit is one lookup in `FIT` (the table of `fits`).
        """
        k = action.k
        phase = self.phase
        if phase is TURN and self.chance_needed is None:
            if k == END:
                if not self.taken:
                    raise REFUSALS.refuse("turn.not_taken")
                return
            if k <= TAKE_HAND:  # TAKE_LINE or TAKE_HAND
                if self.taken:
                    raise REFUSALS.refuse("turn.already_taken")
                if action.card not in self.market:
                    raise REFUSALS.refuse("market.not_there", card=TEXT[action.card])
                if k == TAKE_HAND:
                    if len(self.hands[self.cur]) >= HAND_LIMIT:
                        raise REFUSALS.refuse("hand.full", limit=HAND_LIMIT)
                    return
            elif k == PLAY:
                if self.played:
                    raise REFUSALS.refuse("turn.already_played")
            elif k == CLOSE:
                if self.closed:
                    raise REFUSALS.refuse("turn.already_closed")
                if not self.lines[self.cur]:
                    raise REFUSALS.refuse("line.empty")
                return
            else:  # PASS
                raise REFUSALS.refuse("final.pass_only")
        elif phase is OVER:
            raise REFUSALS.refuse("game.over")
        elif self.chance_needed is not None:
            need = self.chance_needed
            raise REFUSALS.refuse("chance.pending", kind=need.kind, count=need.count)
        elif k == PASS:  # the final plays
            return
        elif k != PLAY:
            raise REFUSALS.refuse("final.play_or_pass")
        # a take to the line or a play from the hand
        p = self.cur
        c = action.card
        if k == PLAY and c not in self.hands[p]:
            raise REFUSALS.refuse("hand.not_held", card=TEXT[c])
        if not self.lrow[p][c]:
            raise self._line_refusal(p, c)  # type: ignore[misc]  # not None: the card does not fit

    # --------------------------------------------------------------- mutation
    # `ev` is the list the events go to, or None on the fast path (no events built).
    def _do(self, k: int, c: int) -> None:
        """Perform an already-checked action (kind number k, card int c) and build
        no event: the fast path (`apply` does the same with its events)."""
        p = self.cur
        if k == TAKE_LINE:
            self.market.remove(c)
            self.taken = 1
            self._to_line(p, c, None)
        elif k == END:
            self._end_turn(None)
        elif k == TAKE_HAND:
            self.market.remove(c)
            self.taken = 1
            self.hands[p].append(c)
        elif k == PLAY:
            self.hands[p].remove(c)
            self._to_line(p, c, None)
            if self.phase is FINAL:
                self._final_next(None)
            else:
                self.played = 1
        elif k == CLOSE:
            self._close(p, None)
            self.closed = 1
        else:  # PASS
            self._final_next(None)

    def _to_line(self, p: int, c: int, ev: list[Event] | None) -> None:
        """Put card c at the end of seat p's line (legality already checked)."""
        self.lines[p].append(c)
        bet = self.lbet[p]
        if c > BET_BASE:
            self.lbet[p] = bet = c - BET_BASE
            self.lrow[p] = FIT[bet][self.ldir[p]][self.llast[p]]
            return
        k = self.lnum[p]
        if k == 1:
            d = self.ldir[p] = 1 if c > self.llast[p] else -1
            if ev is not None:
                ev.append(DIRECTION[d][p])
        else:
            d = self.ldir[p]
        self.llast[p] = c
        self.lrow[p] = FIT[bet][d][c]
        self.lnum[p] = k + 1
        if bet:
            self.lafter[p] += 1
        s = (c - 1) & 3
        i = p * 4 + s
        n = self.lsuit[i] + 1
        self.lsuit[i] = n
        if n == 3:
            j = self.jack[s]
            if j:
                self.stacks[p].extend(j)
                self.jack[s] = []
                if ev is not None:
                    ev.append(E.JackpotWon(p, SUITS[s], tuple([TEXT[x] for x in j])))

    def _close(self, p: int, ev: list[Event] | None, forced: bool = False) -> None:
        """Close seat p's line: resolve the bet, discard the first three Number
        cards in play order, bank the rest."""
        line = self.lines[p]
        v = self.lbet[p]
        gone = self.gone
        won = False
        if v:
            won = bet_wins(self.lafter[p], v)
            if won:
                self.bonus[p] += v
            else:
                self.penalty[p] += v
            gone.append(BET_BASE + v)
            nums = [c for c in line if c <= BET_BASE]
        else:
            nums = line  # the line's list, replaced below: the event may keep it
        gone.extend(nums[:3])
        if len(nums) > 3:
            self.stacks[p].extend(nums[3:])
        if ev is not None:
            if v:
                ev.append(BET_RESOLVED[won][v][p])
            n = len(nums)
            ev.append(E.line_closed(p, nums, forced, (n - 3 if n > 3 else 0) + (v if won else -v)))
        self.lines[p] = []
        self.ldir[p] = 0
        self.llast[p] = 0
        self.lnum[p] = 0
        self.lbet[p] = 0
        self.lafter[p] = 0
        self.lrow[p] = ROW0
        i = p * 4
        self.lsuit[i:i + 4] = (0, 0, 0, 0)

    def _end_turn(self, ev: list[Event] | None) -> None:
        self.taken = self.played = self.closed = 0
        nxt = self.cur + 1
        if nxt == self.n:
            nxt = 0
        if nxt != self.first:
            self.cur = nxt
            return
        # End of round: market leftovers to the jackpots, bets leave; token passes.
        nxt += 1
        if nxt == self.n:
            nxt = 0
        self.first = self.cur = nxt
        left = self.market
        self._to_jackpots(left)
        self.market = []
        if ev is not None:
            ev.append(E.round_ended(self.round, left, nxt))  # the replaced list: the event keeps it
        self._start_round(ev)

    def _to_jackpots(self, cards: Sequence[int]) -> None:
        """Number cards to their jackpots, Bet cards out of the game (the market's
        leftovers at the end of a round, or the draw pile's rest)."""
        jack = self.jack
        gone = self.gone
        for c in cards:
            if c > BET_BASE:
                gone.append(c)
            else:
                jack[(c - 1) & 3].append(c)

    def _start_round(self, ev: list[Event] | None) -> None:
        """Deal the next market, or the draw pile's rest when it cannot fill one:
        from the deck, or (external chance) by waiting for `resolve_chance`."""
        left = DECK_SIZE - self.pos
        size = market_size(self.n)
        if self.external and left:
            self.chance_needed = ChanceNeed("deal", size) if left >= size else ChanceNeed("remainder", left)
            return
        self._take_chance("deal" if left >= size else "remainder", ev)

    def _take_chance(self, kind: str, ev: list[Event] | None) -> None:
        """The next cards of `deck` come up: a market ("deal") or the rest ("remainder")."""
        pos = self.pos
        if kind == "deal":
            end = pos + market_size(self.n)
            cards = self.deck[pos:end]
            self.market = list(cards)
            self.pos = end
            self.round += 1
            if ev is not None:
                ev.append(E.market_dealt(self.round, cards))
        else:
            end = DECK_SIZE
            cards = self.deck[pos:]
            self._to_jackpots(cards)
            self.pos = DECK_SIZE
            self.phase = FINAL
            self.fpass = 1
            self.fdone = 0
            self.cur = self.first
            if ev is not None:
                ev.append(E.remainder_dealt(cards))
                ev.append(E.FINAL_PLAYS_BEGUN[self.final_plays][self.first])
        self.marks.append((len(self.history), kind, pos, end))

    def _seat_first(self, seat: int, ev: list[Event] | None) -> None:
        """The start token goes to `seat`; the first round starts."""
        self.setup_first = self.first = self.cur = seat
        if ev is not None:
            ev.append(E.FirstSeat(seat))
        self._start_round(ev)

    def _final_next(self, ev: list[Event] | None) -> None:
        self.fdone += 1
        self.cur = (self.cur + 1) % self.n
        if self.fdone < self.n:
            return
        if self.fpass < self.final_plays:
            self.fpass += 1
            self.fdone = 0
            return
        order = [(self.first + k) % self.n for k in range(self.n)]
        if ev is not None:
            ev.append(E.FinalCloses(tuple(order)))
        for p in order:  # every line closes, from the token holder on
            self._close(p, ev)
        self.phase = OVER
        self.is_over = True
        self.fpass = 0
        self.fdone = 0
        if ev is not None:
            scores = self.scores()
            best = max(scores)  # `winners()` without `places()`: Line-it has no tie-break
            ev.append(E.game_over(tuple(scores), tuple([p for p in range(self.n) if scores[p] == best])))

    def _recompute_line(self, p: int) -> None:
        """Rebuild the derived line fields of seat p from its cards (no jackpots)."""
        self.ldir[p] = self.llast[p] = self.lnum[p] = self.lbet[p] = self.lafter[p] = 0
        self.lsuit[p * 4:p * 4 + 4] = (0, 0, 0, 0)
        first = 0
        for c in self.lines[p]:
            if c > BET_BASE:
                self.lbet[p] = c - BET_BASE
                continue
            if self.lnum[p] == 0:
                first = c
            elif self.lnum[p] == 1:
                self.ldir[p] = 1 if c > first else -1
            self.llast[p] = c
            self.lnum[p] += 1
            if self.lbet[p]:
                self.lafter[p] += 1
            self.lsuit[p * 4 + ((c - 1) & 3)] += 1
        self.lrow[p] = FIT[self.lbet[p]][self.ldir[p]][self.llast[p]]

    def _all_cards(self) -> Counter:
        """Every card of the game once: market, draw pile, hands, lines,
        stacks, jackpots, gone (used by tests of the accounting)."""
        cards = Counter(self.market)
        cards.update(self.deck[self.pos:])
        for group in (self.hands, self.lines, self.stacks, self.jack):
            for cs in group:
                cards.update(cs)
        cards.update(self.gone)
        return cards


FIELDS: dict[str, tuple[str, Callable[[int], Any]]] = {
    f.name: (f.metadata["copy"], f.metadata["start"]) for f in dataclasses.fields(LineitState)
}
"""Every field of a state: (copy mode, start value), from the declarations in the class."""


def _clone_source() -> str:
    """`clone()` written out from FIELDS (as dataclasses does): one slot
    assignment per field, about twice as fast as a loop of setattr."""
    copy = {SAME: "self.{0}", LIST: "self.{0}[:]", LISTS: "[x[:] for x in self.{0}]", CACHE: "None"}
    body = "".join(f"    s.{name} = {copy[how].format(name)}\n" for name, (how, _) in FIELDS.items())
    return f"def clone(self):\n    s = _new(LineitState)\n{body}    return s\n"


_new = object.__new__
_space: dict[str, Any] = {"_new": _new, "LineitState": LineitState}
exec(_clone_source(), _space)  # noqa: S102 - builds clone() from FIELDS, see _clone_source
_space["clone"].__doc__ = LineitState.clone.__doc__
LineitState.clone = _space["clone"]  # type: ignore[method-assign]


def _fresh(players: int) -> LineitState:
    s = _new(LineitState)
    for name, (_, start) in FIELDS.items():
        setattr(s, name, start(players))
    return s


_FRESH = {n: _fresh(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


def blank(players: int) -> LineitState:
    """A state of `players` seats with every field at its fresh-game value
    (FIELDS): a clone of a fresh state made once per table size."""
    fresh = _FRESH.get(players)
    return fresh.clone() if fresh is not None else _fresh(players)


def _fresh_seed() -> int:
    return int.from_bytes(os.urandom(8), "big") >> 1


def _parse_deck(deck: Any) -> tuple[int, ...]:
    """Check a deck= argument (106 card texts, top first) and return ints."""
    if isinstance(deck, (str, bytes)) or not hasattr(deck, "__iter__"):
        raise BadSave("deck= must be a list of the 106 card texts, top first")
    cards: list[int] = []
    unknown: list[str] = []
    for item in deck:
        text = str(item) if isinstance(item, int) and not isinstance(item, bool) else item
        c = CARD_OF_TEXT.get(text) if isinstance(text, str) else None
        if c is None:
            unknown.append(repr(item))
        else:
            cards.append(c)
    if unknown:
        raise BadSave(f"the deck holds things that are not cards: {', '.join(unknown[:5])}")
    have = Counter(cards)
    if have != FULL_COUNTS:
        missing = sorted((FULL_COUNTS - have).elements())
        extra = sorted((have - FULL_COUNTS).elements())
        parts = [f"the deck must hold exactly the {len(FULL_DECK)} cards (it has {len(cards)})"]
        if missing:
            parts.append("missing " + " ".join(TEXT[c] for c in missing[:10]) + (" ..." if len(missing) > 10 else ""))
        if extra:
            parts.append("too many " + " ".join(TEXT[c] for c in extra[:10]) + (" ..." if len(extra) > 10 else ""))
        raise BadSave("; ".join(parts))
    return tuple(cards)


def new_game(players: int, seed: int | str | None = None, first_seat: int | None = None,
             final_plays: int = 1, deck: list[str] | None = None,
             external_chance: bool = False) -> LineitState:
    """A new Line-it game with its first market revealed.

    players: 2..6. seed: int or str; None draws a fresh one from os.urandom
    (it is still recorded in to_json). first_seat: None lets the seeded Rng
    choose. final_plays: 1 (default) or 2. deck: the draw order, top first,
    as 106 card texts (for tests and tutorials; then nothing is shuffled).
    external_chance: no seed, no deck; the game stops at each chance point
    (`chance_needed`: "first_seat" unless first_seat= is given, "deal",
    "remainder") until `resolve_chance` gives the outcome.

    The Rng does, in this order: shuffle the 106 cards (unless deck= is
    given), then draw a first seat (used unless first_seat= is given; it is
    drawn either way, so a replay with the resolved first seat ends in the
    same Rng state).

    >>> s = new_game(players=2, seed=1, first_seat=1)
    >>> s.current_seat, s.view(1)["draw_pile"]
    (1, 102)
    >>> t = new_game(players=2, first_seat=1, external_chance=True)
    >>> t.chance_needed, t.current_seat
    (ChanceNeed(kind='deal', count=4), None)
    >>> t.resolve_chance(["17", "B4", "60", "3"])
    [MarketDealt(round=1, cards=('17', 'B4', '60', '3'))]
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadSave(f"Line-it is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    if final_plays not in (1, 2) or isinstance(final_plays, bool):
        raise BadSave(f"final_plays is 1 or 2, not {final_plays!r}")
    if first_seat is not None and (isinstance(first_seat, bool) or not isinstance(first_seat, int)
                                   or not 0 <= first_seat < players):
        raise BadSave(f"first_seat must be a seat from 0 to {players - 1}, not {first_seat!r}")
    s = blank(players)
    s.final_plays = final_plays
    s.events = []
    if external_chance:
        if seed is not None or deck is not None:
            raise BadSave("a game with external chance has no seed and no deck")
        s.external = True
        if first_seat is None:
            s.chance_needed = ChanceNeed("first_seat", 1)
        else:
            s._seat_first(first_seat, s.events)
        return s
    if seed is None:
        seed = _fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise BadSave(f"a seed is a number or a text, not {seed!r}")
    rng = Rng(seed)
    if deck is None:
        cards = list(FULL_DECK)
        rng.shuffle(cards)
    else:
        cards = list(_parse_deck(deck))
        s.setup_deck = tuple(TEXT[c] for c in cards)
    drawn = rng.below(players)  # always drawn, so the Rng's state never depends on first_seat=
    s.seed = seed
    s.deck = tuple(cards)
    if first_seat is None:  # chance chose the first seat: an outcome like any other
        s.marks.append((0, "first_seat", drawn, 0))
        first_seat = drawn
    s._seat_first(first_seat, s.events)
    return s


def _replay(setup: dict, seed: int | str | None, external: bool, actions: Sequence[Action | str],
            chance: Sequence[ChanceOutcome]) -> LineitState:
    """The game of a record: a new game, then every action through the rules.

    A seeded (or deck=) game redraws its chance outcomes; given ones must be
    the same. An external-chance game is fed `chance` at their ``at``
    positions. BadSave says which action or outcome failed and why.
    """
    try:
        state = new_game(players=setup["players"], seed=seed, first_seat=setup.get("first_seat"),
                         final_plays=setup.get("final_plays", 1), deck=setup.get("deck"),
                         external_chance=external)
    except BadSave as exc:
        raise BadSave(f"the saved setup is wrong: {exc}") from None
    fed = 0
    for i in range(len(actions) + 1):
        while external and fed < len(chance) and chance[fed].at == i:
            outcome = chance[fed]
            need = state.chance_needed
            if need is None or need.kind != outcome.kind:
                raise BadSave(f"chance outcome {fed + 1} ({outcome.kind}) comes when the game does not ask for it")
            try:
                state.resolve_chance(outcome.outcome)
            except IllegalAction as exc:
                raise BadSave(f"chance outcome {fed + 1} cannot be replayed: {exc}") from None
            fed += 1
        if i < len(actions):
            try:
                state.apply(actions[i])
            except IllegalAction as exc:
                raise BadSave(f"action {i + 1} ({str(actions[i])!r}) cannot be replayed: {exc}") from None
    if external and fed < len(chance):
        raise BadSave(f"the saved game has {len(chance) - fed} chance outcomes it never asks for")
    if not external and chance and list(chance) != state.chance:
        raise BadSave("the saved chance outcomes are not the ones of its seed and deck")
    return state


def from_json(data: Any) -> LineitState:
    """Rebuild a game from `to_json()` output (a dict or its JSON text).

    The actions are replayed through the rules, so a tampered save cannot
    create a position the rules never allowed. With a seed (or a deck) the
    chance outcomes are redrawn and must equal the recorded ones; with
    ``seed: null`` and no deck the game takes them from the record (external
    chance) and then waits for chance from outside. Format-1 saves (no
    chance list) load too. Any problem raises BadSave saying which action
    failed and why.
    """
    data = read_record(data, "lineit")
    setup = data["setup"]
    unknown = set(setup) - {"players", "first_seat", "final_plays", "deck"}
    if unknown:
        raise BadSave(f"the saved setup has unknown entries: {', '.join(sorted(unknown))}")
    if "players" not in setup:
        raise BadSave("the saved setup does not say how many players")
    external = data["seed"] is None and setup.get("deck") is None
    return _replay(setup, data["seed"], external, data["actions"], chance_outcomes(data))
