"""The arena's sparring partner: a textbook ISMCTS for Line-it (engine/bots/ismcts.py)."""
from __future__ import annotations

from engine import lineit
from engine.bots import make_bot
from engine.core import Rng
from engine.lineit.cards import TEXT


def _game_to(players: int, seed: int, steps: int):
    s = lineit.new_game(players, seed=seed, first_seat=0)
    driver = make_bot("lineit", "normal", seed=1)
    for _ in range(steps):
        s.apply(driver.choose(s.view(s.current_seat)))
    return s


def test_plays_legal_actions_to_the_end():
    for players in (2, 3):
        s = lineit.new_game(players, seed=players)
        bot = make_bot("lineit", "ismcts", seed=3, budget=12)
        while not s.is_over:
            action = bot.choose(s.view(s.current_seat))
            assert s.is_legal(action)
            s.apply(action)


def test_same_view_and_seed_same_choice_whatever_the_draw_order():
    s = _game_to(3, seed=11, steps=17)
    deck = [TEXT[c] for c in s.deck]
    head, tail = deck[:s.pos], deck[s.pos:]
    shuffled = tail[:]
    Rng(7).shuffle(shuffled)
    assert shuffled != tail
    seat = s.current_seat
    views = []
    for rest in (tail, shuffled):
        w = lineit.new_game(3, deck=head + rest, first_seat=0)
        for a in s.history:
            w.apply(a)
        views.append(w.view(seat))
    assert views[0] == views[1] == s.view(seat)
    picks = [make_bot("lineit", "ismcts", seed=5, budget=120).rank(v, 3) for v in views]
    assert [(str(a), sc) for a, sc, _ in picks[0]] == [(str(a), sc) for a, sc, _ in picks[1]]


def test_rank_gives_legal_actions_with_win_shares():
    s = _game_to(2, seed=4, steps=6)
    ranked = make_bot("lineit", "ismcts", seed=2, budget=300).rank(s.view(s.current_seat), 3)
    assert ranked and all(s.is_legal(a) for a, _, _ in ranked)
    assert all(0.0 <= share <= 1.0 for _, share, _ in ranked)
