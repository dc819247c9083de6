"""The shape of `linyo.State.view(seat)`, as `TypedDict`s for type checkers.

Everything in Linyo is public, but no future roll. These types name every
key of a view; ``tests/test_conformance.py`` checks real views against them
key by key, so they cannot drift from `view()`.

>>> sorted(LinyoLine.__annotations__)
['fields', 'open']
"""
from __future__ import annotations

from typing import Literal, Optional, TypedDict


class LinyoLine(TypedDict):
    """One line on a sheet: its field names in order ("a1", ...), and whether it may still grow."""

    fields: list[str]
    open: bool


class LinyoSeatView(TypedDict):
    """One seat's sheet: difficulty, lines, free fields (in all and per row) and its longest line."""

    difficulty: int
    lines: list[LinyoLine]
    free: int
    free_rows: list[int]
    longest: int


class LinyoView(TypedDict):
    """What one seat sees of a Linyo game (see `linyo.State.view`)."""

    game: Literal["linyo"]
    seat: int
    players: int
    first_seat: Optional[int]  # None while an external first seat is pending
    phase: Literal["chance", "set", "start", "move", "over"]
    round: int
    roller: Optional[int]
    current_seat: Optional[int]
    dice: Optional[str]
    rolled: Optional[str]
    sheet: list[str]
    sheet_name: str
    to_move: list[int]
    starts_left: Optional[str]
    log: list[str]
    seats: list[LinyoSeatView]
