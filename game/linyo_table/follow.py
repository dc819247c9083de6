"""Following the game: each seat's last move, and who set the dice after a four of a kind.

`Follow` reads the engine's events (`take(events)`, all of `state.events` for
a restored game): per seat it keeps the fields that seat's last decision put
on its sheet (the new strokes, a start ●, the × of an abort) until that seat
decides again — the four start fields of one seat count as one decision, and a
line aborted at the round's end joins the move that caused it — and the last
setting of the dice after a four of a kind, shown for the rest of that round.

>>> from engine import linyo
>>> s = linyo.new_game(players=2, seed=7, first_seat=0, rolls=["bbbb", "boog"])
>>> f = Follow(s.events)
>>> f.take(s.apply("set bbog"))
>>> f.set_by.seat, f.set_by.rolled, f.set_by.dice
(0, 'bbbb', 'bbog')
>>> f.take(s.apply("start a1")); f.take(s.apply("start a2"))
>>> sorted(linyo.field_name(x) for x in f.marks(0))
['a1', 'a2']
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from engine import linyo


@dataclass(frozen=True)
class DiceSetting:
    """`seat` turned the four of a kind `rolled` into `dice` in `round`."""

    seat: int
    round: int
    rolled: str
    dice: str


@dataclass(frozen=True)
class LastMove:
    """The fields `seat`'s last decision marked (`turn` tells decisions apart)."""

    turn: tuple[str, int]     # ("start" or "move", round)
    fields: frozenset[int]
    events: tuple[Any, ...] = ()   # the engine's events of that decision (its words: `texts.last_move_words`)


class Follow:
    """Last moves per seat and the dice setting of the round, from the engine's events."""

    def __init__(self, events: Iterable[Any] = ()) -> None:
        self.last: dict[int, LastMove] = {}
        self.set_by: DiceSetting | None = None
        self.round = 0
        self.four: str | None = None        # the colour of the four of a kind being set
        self.take(events)

    def take(self, events: Iterable[Any] | None) -> None:
        for e in events or ():
            kind = e.kind
            if kind == "linyo.dice_rolled":
                self.round = e.round
            elif kind == "linyo.four_of_a_kind":
                self.four = e.colour
            elif kind == "linyo.dice_set":
                self.set_by = DiceSetting(e.roller, self.round, (self.four or "?") * 4, e.dice)
            elif kind == "linyo.start_placed":
                self._mark(e, e.seat, ("start", self.round), e.field, new=False)
            elif kind == "linyo.line_moved":
                steps = list(e.fields) + ([e.star] if e.star else [])
                self._mark(e, e.seat, ("move", self.round), *steps, new=True)
            elif kind == "linyo.line_aborted":
                # chosen: the seat's decision; too short / dead end: the × joins the move that did it
                self._mark(e, e.seat, ("move", self.round), e.end, new=e.why == "chosen")

    def _mark(self, event: Any, seat: int, turn: tuple[str, int], *names: str, new: bool) -> None:
        fields = frozenset(linyo.parse_field(n) for n in names)
        events: tuple[Any, ...] = (event,)
        was = self.last.get(seat)
        if was is not None and was.turn == turn and not new:
            fields |= was.fields
            events = was.events + events
        self.last[seat] = LastMove(turn, fields, events)

    def marks(self, seat: int) -> frozenset[int]:
        """The fields of `seat`'s last decision."""
        was = self.last.get(seat)
        return was.fields if was is not None else frozenset()

    def last_move(self, seat: int) -> LastMove | None:
        """`seat`'s last decision (None before its first)."""
        return self.last.get(seat)

    def setting(self, state: linyo.State) -> DiceSetting | None:
        """The dice setting of the round being played (None once a new roll came)."""
        s = self.set_by
        return s if s is not None and s.round == state.round and state.rolled is None else None


def _decides(event: Any, seat: int) -> bool:
    """`event` is `seat`'s own decision (a start, a move, a chosen abort, a setting of the dice)."""
    kind = event.kind
    if kind == "linyo.dice_set":
        return bool(event.roller == seat)
    if kind in ("linyo.start_placed", "linyo.line_moved") or (kind == "linyo.line_aborted" and event.why == "chosen"):
        return bool(event.seat == seat)
    return False


def since_decision(events: list[Any], seat: int) -> list[Any]:
    """The events after `seat`'s last own decision (all of them before its first); [] when no
    other seat decided since, as there is nothing new to tell.

    >>> from engine import linyo
    >>> s = linyo.new_game(players=2, seed=7, first_seat=0, rolls=["bbog"])
    >>> for _i in range(4): _ = s.apply(s.legal_actions()[0])
    >>> since_decision(s.events, 0)
    []
    >>> _ = s.apply(s.legal_actions()[0])
    >>> [e.kind for e in since_decision(s.events, 0)]
    ['linyo.start_placed']
    """
    start = next((i + 1 for i in range(len(events) - 1, -1, -1) if _decides(events[i], seat)), 0)
    since = events[start:]
    if not any(_decides(e, other) for e in since for other in {getattr(e, "seat", None), getattr(e, "roller", None)}
               if other is not None and other != seat):
        return []
    return since
