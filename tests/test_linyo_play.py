"""Linyo sheets play to a near-complete sheet, and the command-line figures run."""
from types import SimpleNamespace

import pytest

from engine import linyo
from engine.core import Rng
from engine.linyo import cli
from engine.linyo.greedy import greedy_policy, spread_start


@pytest.mark.parametrize("sheet", ["A", "B", "random"])
def test_every_side_plays_to_a_near_complete_sheet(sheet):
    free = []
    for g in range(12):
        s = linyo.new_game(players=1, seed=g, sheet=sheet)
        free.append(linyo.playout(s, Rng(g), greedy_policy, spread_start)[0])
    # 200-game figures (docs/LINYO.md): mean 13-16 free fields of 77
    assert sum(free) / len(free) < 22
    assert min(free) < 12


def test_greedy_beats_the_longest_move_policy():
    greedy = sum(linyo.playout(linyo.new_game(1, seed=g), Rng(g), greedy_policy, spread_start)[0]
                 for g in range(12))
    longest = sum(linyo.playout(linyo.new_game(1, seed=g), Rng(g))[0] for g in range(12))
    assert greedy < longest


def test_bench_and_simulate_print_their_figures(capsys):
    cli.bench(SimpleNamespace(seconds=0.05))
    out = capsys.readouterr().out
    assert "random solo games/s" in out and "legal actions per move decision: mean" in out
    assert cli.simulate(SimpleNamespace(players=2, games=2, seed=1)) == 0
    out = capsys.readouterr().out
    assert out.count("free fields mean") == 6
