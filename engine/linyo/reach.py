"""Where a seat's lines can go this round, and how much room each keeps: for screens that plan.

`reach` answers "which fields can this line end still reach with the dice left, and in how
many steps?" for a move drawn part of the way. It reads the legal moves (`State.fast_moves`,
THE move rule's own list), so it names a field exactly when some legal move continuing the
drawn steps enters it — it knows no rule of its own.

>>> from engine import linyo
>>> s = linyo.new_game(players=1, seed=7, sheet="A", rolls=["bbog", "boog"])
>>> for t in ["start a1", "start b1", "start e1", "start k1"]:
...     _ = s.apply(t)
>>> s.view(0)["dice"], sorted((linyo.field_name(f), n) for f, n in reach(s, 0, 1).items())
('boog', [('a2', 1), ('a3', 2)])
>>> d1 = linyo.parse_field("d1")    # a blue star: the star step may take c1; d2 (orange) leads on to e2
>>> sorted((linyo.field_name(f), n) for f, n in reach(s, 0, 3, [d1]).items())
[('c1', 1), ('d2', 1), ('e2', 2)]
>>> room(s, 0)
{1: 73, 2: 73, 3: 73, 4: 73}
"""
from __future__ import annotations

from typing import Optional, Sequence

from .sheets import FULL_MASK, flood
from .state import FastMove, State


def reach(state: State, seat: int, line: int, steps: Sequence[int] = (), star: Optional[int] = None,
          moves: Optional[Sequence[FastMove]] = None) -> dict[int, int]:
    """{field: fewest further steps} a move of `line` (1-4) already drawn through the dice
    `steps` (and the star step `star`, if taken) may still add with the dice left, star step
    included. Empty when the line has no such move (or outside the move phase).

    `moves` is `state.fast_moves(seat)` when the caller keeps it (a screen asks once per
    path drawn); the answer is the same either way.
    """
    if star is not None:
        return {}      # the star step is a move's last
    if moves is None:
        moves = state.fast_moves(seat)
    li = line - 1
    prefix = tuple(steps)
    n = len(prefix)
    out: dict[int, int] = {}
    for m_li, fields, s in moves:
        if m_li != li or fields[:n] != prefix:
            continue
        rest = fields[n:] + ((s,) if s >= 0 else ())
        for k, f in enumerate(rest, 1):
            if out.get(f, 99) > k:
                out[f] = k
    return out


def reach_all(state: State, seat: int, moves: Optional[Sequence[FastMove]] = None) -> dict[int, dict[int, int]]:
    """`reach` of every open line of `seat` with nothing drawn yet: {line: {field: steps}}
    (lines that cannot move this round are left out)."""
    if moves is None:
        moves = state.fast_moves(seat)
    lines = sorted({li + 1 for li, _f, _s in moves})
    return {line: reach(state, seat, line, moves=moves) for line in lines}


def room(state: State, seat: int) -> dict[int, int]:
    """{line: free fields its end can still reach through free fields in any number of rounds}
    for every open line of `seat` (lines that share a region count its fields each)."""
    free = ~state.reached[seat] & FULL_MASK
    return {li + 1: flood(1 << end, free).bit_count() for li, end in state.open_ends(seat)}
