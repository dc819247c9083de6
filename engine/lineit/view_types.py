"""The shape of `LineitState.view(seat)`, as `TypedDict`s for type checkers.

A view is plain JSON data (the bots and the table read nothing else); these
types name every key so a screen's ``view["seats"][0]["hand"]`` is checked
by mypy. ``tests/test_conformance.py`` checks real views against them key
by key, so they cannot drift from `view()`.

>>> sorted(LineitTurn.__annotations__)
['closed', 'played_from_hand', 'taken']
"""
from __future__ import annotations

from typing import Literal, Optional, TypedDict


class LineitSeatView(TypedDict):
    """One seat as every seat sees it; ``hand`` only for the viewing seat (else None)."""

    line: list[str]
    hand: Optional[list[str]]
    hand_count: int
    stack: int
    stack_cards: list[str]
    bonus: int
    penalty: int
    score: int


class LineitTurn(TypedDict):
    """What the current seat has done this turn (all False outside a normal turn)."""

    taken: bool
    played_from_hand: bool
    closed: bool


class LineitLogEntry(TypedDict):
    """A public log line: an action with its seat, or a deal ("market ...", "remainder ...") with seat None."""

    seat: Optional[int]
    text: str


class LineitView(TypedDict):
    """What one seat (or a spectator, ``seat`` None) may see of a Line-it game."""

    game: Literal["lineit"]
    seat: Optional[int]
    players: int
    final_plays: int
    setup_first_seat: Optional[int]
    phase: Literal["turn", "final", "over"]
    round: int
    first_seat: int
    current_seat: Optional[int]
    final_pass: int
    market: list[str]
    draw_pile: int
    jackpots: dict[str, list[str]]
    seats: list[LineitSeatView]
    turn: LineitTurn
    gone: list[str]
    log: list[LineitLogEntry]
