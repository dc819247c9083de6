"""Line-it bots: always legal, fair (hidden draw order changes nothing),
deterministic, never touching the view, and ranks with reasons."""
from __future__ import annotations

import copy

import pytest

from engine import lineit
from engine.bots import make_bot
from engine.bots.lineit_bots import LEVELS, enumerate_plans, make
from engine.bots.reasons import Reason
from engine.core import Rng
from engine.lineit.cards import TEXT

SMALL = 12  # simulations per decision for the hard bot in tests


def _bot(level: str, seed: int = 0):
    return make_bot("lineit", level, seed=seed, budget=SMALL) if level != "random" else make("random", seed=seed)


def _play(players: int, seed: int, levels: list[str], final_plays: int = 1, stop_after: int | None = None):
    """Play a game with the given bots, checking every choice is legal."""
    s = lineit.new_game(players, seed=seed, final_plays=final_plays)
    bots = [_bot(levels[i % len(levels)], seed=seed * 10 + i) for i in range(players)]
    steps = 0
    while not s.is_over and (stop_after is None or steps < stop_after):
        seat = s.current_seat
        action = bots[seat].choose(s.view(seat))
        assert action in s.legal_actions(), (str(action), s.view(seat))
        s.apply(action)
        steps += 1
    return s


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_level_plays_legal_games(players):
    for g in range(2):
        levels = ["easy", "normal", "random", "hard"]
        rot = (players + g) % 4
        s = _play(players, seed=100 * players + g, levels=levels[rot:] + levels[:rot], final_plays=1 + g % 2)
        assert s.is_over


def test_hard_plays_a_whole_game_legally():
    s = _play(2, seed=4242, levels=["hard", "normal"])
    assert s.is_over and len(s.scores()) == 2


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make("grandmaster")


def _permuted_pair(players: int, seed: int, steps: int):
    """Two games whose decks differ only in the part still unseen after
    `steps` actions chosen by a fixed bot; returns the two states."""
    s = lineit.new_game(players, seed=seed, first_seat=0)
    deck = [TEXT[c] for c in s.deck]
    driver = make("normal", seed=1)
    actions = []
    for _ in range(steps):
        a = driver.choose(s.view(s.current_seat))
        s.apply(a)
        actions.append(a)
    seen = s.pos
    head, tail = deck[:seen], deck[seen:]
    tail2 = tail[:]
    Rng(seed + 99).shuffle(tail2)
    assert tail2 != tail
    a = lineit.new_game(players, deck=head + tail, first_seat=0)
    b = lineit.new_game(players, deck=head + tail2, first_seat=0)
    for act in actions:
        a.apply(act)
        b.apply(act)
    return a, b


@pytest.mark.parametrize("players,steps", [(2, 9), (3, 20), (4, 31), (6, 14)])
def test_fairness_draw_order_changes_nothing(players, steps):
    a, b = _permuted_pair(players, seed=players * 7 + steps, steps=steps)
    seat = a.current_seat
    assert b.current_seat == seat
    va, vb = a.view(seat), b.view(seat)
    assert va == vb
    for level in LEVELS:
        for seed in (0, 5):
            assert _bot(level, seed).choose(va) == _bot(level, seed).choose(vb)
            ra = [(str(x), sc, str(r)) for x, sc, r in _bot(level, seed).rank(va, 3)]
            rb = [(str(x), sc, str(r)) for x, sc, r in _bot(level, seed).rank(vb, 3)]
            assert ra == rb


def test_determinism_same_seed_same_view():
    s = _play(3, seed=77, levels=["normal"], stop_after=25)
    view = s.view(s.current_seat)
    for level in LEVELS:
        first = _bot(level, 3).choose(view)
        bot = _bot(level, 3)
        assert all(bot.choose(view) == first for _ in range(3))


def test_bots_only_read_the_view():
    s = _play(4, seed=31, levels=["normal"], stop_after=40)
    view = s.view(s.current_seat)
    keep = copy.deepcopy(view)
    for level in LEVELS:
        _bot(level, 2).choose(copy.deepcopy(view))
        _bot(level, 2).rank(view, 3)
        assert view == keep
    # a view of a seat that is not the one to act holds no hand of the actor
    assert view["seats"][(s.current_seat + 1) % 4]["hand"] is None


def test_rank_gives_k_distinct_legal_actions_with_reasons():
    for seed in range(3):
        s = _play(2, seed=500 + seed, levels=["normal"], stop_after=6 + 7 * seed)
        view = s.view(s.current_seat)
        legal = s.legal_actions()
        for level in LEVELS:
            ranked = _bot(level, 1).rank(view, 3)
            actions = [a for a, _, _ in ranked]
            assert len(actions) == min(3, len(legal))
            assert len(set(actions)) == len(actions)
            assert all(a in legal for a in actions)
            assert all(isinstance(r, Reason) and str(r) for _, _, r in ranked)
            scores = [sc for _, sc, _ in ranked]
            assert scores == sorted(scores, reverse=True)
            assert ranked[0][0] == _bot(level, 1).choose(view)


def test_trivial_decision_is_answered_without_search():
    # a single legal action (e.g. `pass` in the final plays with an empty
    # hand) is answered at once: a budget that could never finish proves it
    s = lineit.new_game(2, seed=9)
    driver = make("normal", seed=1)
    hard = make("hard", seed=1, budget=10**12)
    trivial = 0
    while not s.is_over:
        view = s.view(s.current_seat)
        legal = s.legal_actions()
        if len(legal) == 1:
            trivial += 1
            assert hard.choose(view) == legal[0]
            assert [a for a, _, _ in hard.rank(view, 3)] == legal
        s.apply(driver.choose(view))
    assert trivial > 0


def test_reason_for_a_jackpot():
    # seat 0 holds two red cards ascending; a third red card with a red jackpot on the table
    s = lineit.new_game(2, seed=3, first_seat=0)
    s2 = lineit.determinize(s.view(0), Rng(1))
    s2.lines[0] = [1, 5]
    s2._recompute_line(0)
    s2.jack[0] = [13, 17, 21]
    s2.market = [9, 50, 60, 70]
    from engine.bots.lineit_bots import explain
    from engine.lineit.actions import ACTION_TAKE_LINE
    r = explain(s2, [ACTION_TAKE_LINE[9]])
    assert r.key == "jackpot" and r.params == {"suit": "red", "n": 3}


@pytest.mark.parametrize("line, key, params", [([10], "restart", {}), ([10, 20, 30], "restart", {}),
                                               ([10, 20, 30, 40, 50], "close", {"n": 2})])
def test_reason_for_a_close_says_what_it_banks(line, key, params):
    # closing banks the cards after the first three: a short line is closed only to start afresh
    s = lineit.determinize(lineit.new_game(2, seed=3, first_seat=0).view(0), Rng(1))
    s.lines[0] = line
    s._recompute_line(0)
    from engine.bots.lineit_bots import explain
    from engine.lineit.actions import ACTION_CLOSE
    r = explain(s, [ACTION_CLOSE])
    assert (r.key, r.params) == (key, params)


def test_plans_cover_every_legal_first_action():
    s = _play(2, seed=12, levels=["normal"], stop_after=20)
    plans = enumerate_plans(s)
    firsts = set()
    for _, _, f in plans:
        firsts.update(f)
    assert firsts == set(s.legal_actions())


def test_time_limit_still_gives_a_legal_action():
    # a zero think time stops the search after the first batch: still legal
    s = _play(3, seed=21, levels=["normal"], stop_after=12)
    view = s.view(s.current_seat)
    bot = make("hard", seed=4, time_limit=0.0)
    assert bot.choose(view) in s.legal_actions()
    assert len(bot.rank(view, 2)) == min(2, len(s.legal_actions()))
