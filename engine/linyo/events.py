"""What a player sees happen in Linyo, as small frozen values.

`State.apply` and `State.resolve_chance` return the events they caused, in
order, and `State.events` keeps all of them (the first seat and the start
roll first). Fields are written as their names ("c4"), dice as letters.

>>> e = LineMoved(seat=0, line=2, fields=("c5", "c6"), dice="bo", star=None)
>>> e.to_json()
{'kind': 'linyo.line_moved', 'seat': 0, 'line': 2, 'fields': ['c5', 'c6'], 'dice': 'bo', 'star': None}
>>> EVENT_KINDS.from_json(e.to_json()) == e
True
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from engine.core import Event, EventKinds

# Why a line was aborted (`LineAborted.why`), in the order of RULES.md's round-end checks.
CHOSEN = "chosen"          # check 1: the seat extended no line and aborted this one
TOO_SHORT = "too_short"    # check 2: the move grew the line by fewer fields than the difficulty
DEAD_END = "dead_end"      # check 3: the line's end has no free neighbour left


@dataclass(frozen=True)
class FirstSeatChosen(Event):
    """The seat that rolls first (round 0, the start roll)."""

    kind = "linyo.first_seat"
    seat: int


@dataclass(frozen=True)
class DiceRolled(Event):
    """`roller` rolled the four dice for `round` (0 = the start roll); faces as thrown."""

    kind = "linyo.dice_rolled"
    round: int
    roller: int
    faces: tuple[str, ...]


@dataclass(frozen=True)
class FourOfAKindOffered(Event):
    """All four dice show `colour` ("b", "o", "g"): `roller` now sets them."""

    kind = "linyo.four_of_a_kind"
    roller: int
    colour: str


@dataclass(frozen=True)
class DiceSet(Event):
    """The roller's result after a four of a kind (`dice` as sorted letters)."""

    kind = "linyo.dice_set"
    roller: int
    dice: str


@dataclass(frozen=True)
class StartPlaced(Event):
    """`seat` marked a start field: the first field of its line `line` (1-4)."""

    kind = "linyo.start_placed"
    seat: int
    line: int
    field: str


@dataclass(frozen=True)
class LineMoved(Event):
    """`seat` extended `line` by the dice steps `fields` (spending `dice`) and the star step."""

    kind = "linyo.line_moved"
    seat: int
    line: int
    fields: tuple[str, ...]
    dice: str
    star: Optional[str]


@dataclass(frozen=True)
class LineAborted(Event):
    """A line of `seat` closed with a × on `end`; `why` is CHOSEN, TOO_SHORT or DEAD_END."""

    kind = "linyo.line_aborted"
    seat: int
    line: int
    end: str
    why: str


@dataclass(frozen=True)
class RoundEnded(Event):
    """Every seat has acted in `round` (0 = the starts)."""

    kind = "linyo.round_ended"
    round: int


@dataclass(frozen=True)
class GameOver(Event):
    """The end: per seat the free fields per row (top row first), the free total,
    the longest line, and the winning seats."""

    kind = "linyo.game_over"
    free_rows: tuple[tuple[int, ...], ...]
    free: tuple[int, ...]
    longest: tuple[int, ...]
    winners: tuple[int, ...]


EVENT_KINDS = EventKinds([FirstSeatChosen, DiceRolled, FourOfAKindOffered, DiceSet, StartPlaced,
                          LineMoved, LineAborted, RoundEnded, GameOver])
