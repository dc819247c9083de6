"""Linyo's fast path: play a state to the end without Action objects, views or events.

Rollouts and the sheet checks use it. A policy picks a seat's move from the
plain tuples of `State.fast_moves`; the defaults here are the simplest
players (`longest_first`, `random_start`); `greedy.py` holds a stronger one.

>>> from engine.linyo.state import new_game
>>> s = new_game(players=1, seed=5, sheet="A")
>>> free = playout(s.clone(), Rng(5))[0]
>>> 0 <= free < 77 and not s.is_over
True
"""
from __future__ import annotations

from typing import Callable, Optional, Union

from engine.core import Rng

from .dice import set_options
from .sheets import FULL_MASK, NEIGHBOUR_MASKS
from .state import FastMove, Phase, State

# A playout policy: (state, seat, moves, rng) -> one of `moves`, or an int line
# index (0-3) to abort that line instead.
Policy = Callable[[State, int, list[FastMove], Rng], Union[FastMove, int]]
# A start policy: (state, seat, allowed start fields, rng) -> one of them.
StartPolicy = Callable[[State, int, list[int], Rng], int]


def longest_first(state: State, seat: int, moves: list[FastMove], rng: Rng) -> Union[FastMove, int]:
    """The default playout policy: a longest move (random among equals).

    With no move it aborts the open line whose end has the fewest free
    neighbours.
    """
    if moves:
        best = max(len(m[1]) + (m[2] >= 0) for m in moves)
        top = [m for m in moves if len(m[1]) + (m[2] >= 0) == best]
        return top[rng.below(len(top))]
    free = ~state.reached[seat] & FULL_MASK
    ends = state.open_ends(seat)
    return min(ends, key=lambda e: (NEIGHBOUR_MASKS[e[1]] & free).bit_count())[0]


def random_start(state: State, seat: int, options: list[int], rng: Rng) -> int:
    """The default start policy of `playout`: any allowed field."""
    return options[rng.below(len(options))]


def longest_setting(state: State, seat: int) -> tuple[int, int, int]:
    """The playout's four-of-a-kind choice: the setting that gives `seat` the longest move."""
    best: Optional[tuple[int, tuple[int, int, int]]] = None
    for option in set_options(state.rolled):
        length = max((len(m[1]) + (m[2] >= 0) for m in state.fast_moves(seat, option)), default=0)
        if best is None or length > best[0]:
            best = (length, option)
    assert best is not None  # a four of a kind always has settings
    return best[1]


def playout(
    state: State,
    rng: Rng,
    policy: Optional[Policy] = None,
    start_policy: Optional[StartPolicy] = None,
) -> list[int]:
    """Play `state` to the end in place, every seat by `policy`; returns `scores()`.

    Rolls come from `rng` (not from the game's own source nor its fixed
    rolls). Starts come from `start_policy(state, seat, allowed fields, rng)`
    (default: a random allowed field); a four of a kind is set to the result
    that gives the roller the longest move. The state is no longer
    replayable afterwards, and no events are written; clone first to keep
    the original.
    """
    if policy is None:
        policy = longest_first
    if start_policy is None:
        start_policy = random_start
    state.replayable = False
    while state.phase is not Phase.OVER:
        seat = state.current_seat
        assert seat is not None  # a playout never waits for chance from outside
        phase = state.phase
        if phase is Phase.MOVE:
            choice = policy(state, seat, state.fast_moves(seat), rng)
            if isinstance(choice, int):
                state._do_abort(choice, rng)
            else:
                state._do_move(choice[0], choice[1], choice[2], rng)
        elif phase is Phase.START:
            state._do_start(start_policy(state, seat, state.start_options(seat), rng), rng)
        elif phase is Phase.SET:
            state._do_set(longest_setting(state, seat), rng)
        else:
            raise ValueError("a playout cannot start while the game waits for chance from outside")
    return state.scores()
