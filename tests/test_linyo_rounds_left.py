"""The engine's bound on the rounds a Linyo game can still last (shown at the table)."""
import random

import pytest

from engine import linyo


@pytest.mark.parametrize("seed", range(6))
def test_no_game_lasts_longer_than_the_bound_said(seed):
    rng = random.Random(seed)
    s = linyo.new_game(players=1 + seed % 4, seed=seed, first_seat=0, difficulties=None)
    said: list[tuple[int, int]] = []          # (round, bound) at every decision once the starts are marked
    while not s.is_over:
        bound = s.rounds_left_at_most()
        if bound is not None:
            assert bound >= 1
            said.append((s.round, bound))
        s.apply(rng.choice(s.legal_actions()))
    assert s.rounds_left_at_most() == 0
    last = s.round
    assert said and all(last - rnd + 1 <= bound for rnd, bound in said)
    assert said[-1][1] >= 1


def test_before_the_starts_there_is_no_bound():
    s = linyo.new_game(players=2, seed=1, first_seat=0, rolls=["bbog"])
    assert s.rounds_left_at_most() is None
