"""A simple one-step-lookahead Linyo player, for sheet checks and as a bot baseline.

It scores every move (and every abort) by the position it leaves:
fields lost for good (free fields no open line end can still reach through
free fields) weigh most, then open lines, room around the line ends, and
the fields the move covers. It plays through the fast path:

>>> from engine.core import Rng
>>> from engine.linyo.state import new_game
>>> from engine.linyo.playout import playout
>>> s = new_game(players=1, seed=5, sheet="A")
>>> free = playout(s, Rng(5), greedy_policy)[0]
>>> 0 <= free < 77
True
"""
from __future__ import annotations

from typing import Union

from engine.core import Rng

from .sheets import FULL_MASK, NEIGHBOUR_MASKS, flood
from .state import FastMove, State

W_LOST = 1.0
W_OPEN = 10.0
W_ROOM = 0.4
W_LEN = 0.3
W_STAR_END = 0.5


def evaluate(state: State, seat: int, reached: int, ends: list[int], grown: int) -> float:
    """The value of a position of `seat`: `reached` mask, open line `ends`, fields just gained."""
    free = ~reached & FULL_MASK
    ends_mask = 0
    room = 0
    stars = 0
    for e in ends:
        ends_mask |= 1 << e
        room += (NEIGHBOUR_MASKS[e] & free).bit_count()
        if state.sheet.star_mask >> e & 1:
            stars += 1
    lost = free.bit_count() - flood(ends_mask, free).bit_count()
    return -W_LOST * lost + W_OPEN * len(ends) + W_ROOM * room + W_LEN * grown - W_STAR_END * stars


def _after(state: State, seat: int, li: int, added: tuple[int, ...], closes: bool) -> tuple[int, list[int]]:
    reached = state.reached[seat]
    for f in added:
        reached |= 1 << f
    ends = []
    for lj, line in enumerate(state.lines[seat]):
        if not state.open[seat][lj]:
            continue
        if lj == li:
            if closes:
                continue
            end = added[-1] if added else line[-1]
        else:
            end = line[-1]
        if NEIGHBOUR_MASKS[end] & ~reached:
            ends.append(end)
    return reached, ends


def greedy_policy(state: State, seat: int, moves: list, rng: Rng) -> Union[FastMove, int]:
    """Playout policy (see `engine.linyo.playout.playout`): the best-valued move or abort."""
    best_value = None
    best: list[Union[FastMove, int]] = []
    difficulty = state.difficulties[seat]
    for m in moves:
        li, fields, star = m
        added = fields + (star,) if star >= 0 else fields
        reached, ends = _after(state, seat, li, added, len(added) < difficulty)
        v = evaluate(state, seat, reached, ends, len(added))
        if best_value is None or v > best_value:
            best_value, best = v, [m]
        elif v == best_value:
            best.append(m)
    for li in range(len(state.lines[seat])):
        if state.open[seat][li]:
            reached, ends = _after(state, seat, li, (), True)
            v = evaluate(state, seat, reached, ends, 0)
            if best_value is None or v > best_value:
                best_value, best = v, [li]
            elif v == best_value:
                best.append(li)
    return best[rng.below(len(best))]


def spread_start(state: State, seat: int, options: list[int], rng: Rng) -> int:
    """Start policy: far from the seat's other starts, with room around it."""
    from .sheets import COLS

    mine = [line[0] for line in state.lines[seat]]
    free = ~state.reached[seat] & FULL_MASK
    best_value = None
    best: list[int] = []
    for f in options:
        r, c = divmod(f, COLS)
        dist = min((abs(r - g // COLS) + abs(c - g % COLS) for g in mine), default=8)
        v = min(dist, START_SPREAD) + START_ROOM * (NEIGHBOUR_MASKS[f] & free).bit_count()
        if best_value is None or v > best_value:
            best_value, best = v, [f]
        elif v == best_value:
            best.append(f)
    return best[rng.below(len(best))]


START_SPREAD = 6
START_ROOM = 0.5
