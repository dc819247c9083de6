"""One suite every game passes, through the public contract only."""
from __future__ import annotations

import copy

import pytest

from engine import IllegalAction
from engine.core import BadSave, Rng

from conformance import GAMES, module, new_game, play_random, snapshot, views

CASES = [(game, players, seed) for game, spec in GAMES.items()
         for players in spec["players"] for seed in (1, 2)]


@pytest.mark.parametrize("game, players, seed", CASES)
def test_random_game_keeps_every_promise(game, players, seed):
    mod = module(game)
    state = new_game(game, players, seed)
    rng = Rng(seed * 31 + players)
    steps = 0
    for st, action in play_random(state, rng):
        legal = st.legal_actions()
        assert legal, "a running game always offers an action"
        assert len(set(map(str, legal))) == len(legal), "no duplicate legal actions"
        assert st.current_seat is not None
        for a in legal:
            assert mod.parse_action(str(a)) == a and str(mod.parse_action(str(a))) == str(a)
        if steps % 7 == 0:
            # clone and save/load give the same game, and it continues the same
            before = snapshot(st)
            twin = st.clone()
            loaded = mod.from_json(copy.deepcopy(st.to_json()))
            assert snapshot(twin) == before == snapshot(loaded)
            assert views(loaded) == views(st)
            twin.apply(action)
            loaded.apply(str(action))
            assert snapshot(twin) == snapshot(loaded)
            assert snapshot(st) == before, "clone shares nothing with the original"
            # a refused action changes nothing and says why
            for bad in ("end", "pass", "take 5 hand", "play 17", "close", "abort 1",
                        "move 1 a1", "start a1", "set bbbb", "nonsense"):
                if bad in {str(a) for a in legal}:
                    continue
                with pytest.raises(IllegalAction) as info:
                    st.apply(bad)
                assert str(info.value), "a refusal has a message"
                assert snapshot(st) == before
        steps += 1
    assert state.is_over and state.current_seat is None
    assert state.legal_actions() == []
    scores = state.scores()
    assert len(scores) == players
    winners = state.winners()
    assert winners and set(winners) <= set(range(players))
    with pytest.raises(IllegalAction):
        state.apply(legal[0])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_same_seed_and_actions_give_the_same_game(game):
    a = new_game(game, 3, 99)
    b = new_game(game, 3, 99)
    assert snapshot(a) == snapshot(b)
    rng = Rng(5)
    for st, action in play_random(a, rng):
        assert views(b) == views(st)
        b.apply(str(action))
    assert snapshot(b) == snapshot(a)
    assert b.scores() == a.scores() and b.winners() == a.winners()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_views_are_json_and_seat_bound(game):
    import json

    state = new_game(game, 3, 4)
    for seat in range(3):
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view
    with pytest.raises((ValueError, IndexError)):
        state.view(7)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("bad", [
    "not json", {"format": 1}, {"format": 1, "game": "chess"},
    "TRUNCATE",
    "ACTION",
])
def test_broken_saves_are_refused_in_plain_words(game, bad):
    mod = module(game)
    good = new_game(game, 2, 3)
    good.apply(good.legal_actions()[0])
    data = good.to_json()
    if bad == "TRUNCATE":
        bad = '{"format": 1, "game": "' + game + '", "setup": {'
    elif bad == "ACTION":
        bad = copy.deepcopy(data)
        bad["actions"].append("fly to the moon")
    with pytest.raises(BadSave) as info:
        mod.from_json(bad)
    assert str(info.value)
