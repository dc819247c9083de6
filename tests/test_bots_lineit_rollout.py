"""The hard Line-it bot's truncated rollouts (engine/bots/lineit_bots.py)."""
from __future__ import annotations

import math

from engine import lineit
from engine.bots.lineit_bots import Evaluator, HardBot, _rollout, _turns_to_end, make


def _midgame(players: int, seed: int, steps: int):
    s = lineit.new_game(players, seed=seed, first_seat=0)
    driver = make("normal", seed=2)
    for _ in range(steps):
        s.apply(driver.choose(s.view(s.current_seat)))
    while s.taken or s.played or s.closed:  # to the start of a turn
        s.apply(driver.choose(s.view(s.current_seat)))
    return s


def test_rollout_leaves_the_state_alone_and_is_reproducible():
    s = _midgame(3, seed=5, steps=30)
    before = s.to_json(), s.view(0)
    values = [_rollout(s, 12345, 6, 0, HardBot.SCALE) for _ in range(3)]
    assert (s.to_json(), s.view(0)) == before
    assert values[0] == values[1] == values[2]
    assert -0.45 - 1e-9 <= values[0] <= 1.45 + 1e-9


def test_rollout_of_no_turns_is_the_static_evaluation():
    s = _midgame(2, seed=8, steps=20)
    p = s.cur
    ev = Evaluator(s)
    vals = [len(s.stacks[q]) + s.bonus[q] - s.penalty[q] + ev.line_value(s, q) for q in range(s.n)]
    margin = vals[p] - max(v for q, v in enumerate(vals) if q != p)
    win = 1.0 / (1.0 + math.exp(-margin / (HardBot.SCALE * math.sqrt(ev.turns + 1))))
    expected = win + 0.03 * max(-15.0, min(15.0, margin))
    assert math.isclose(_rollout(s, 1, 0, p, HardBot.SCALE), expected)


def test_turns_to_end_counts_the_turns_left():
    s = lineit.new_game(2, seed=3, first_seat=0)
    driver = make("normal", seed=1)
    turns = _turns_to_end(s)
    while s.phase == 0:
        a = driver.choose(s.view(s.current_seat))
        s.apply(a)
        if str(a) == "end":
            turns -= 1
            if s.phase == 0:
                assert _turns_to_end(s) == turns
    assert turns == 0


def test_full_playouts_remain_available():
    # HORIZON None is the first version (whole-game greedy playouts): both legal
    s = _midgame(2, seed=4, steps=10)
    view = s.view(s.current_seat)
    for horizon in (None, 1, 3):
        bot = make("hard", seed=1, budget=40)
        bot.HORIZON = horizon
        assert bot.choose(view) in s.legal_actions()
