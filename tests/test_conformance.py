"""One suite every game passes, through the public contract only."""
from __future__ import annotations

import copy
import dataclasses
import typing

import pytest

from engine import IllegalAction
from engine.core import BadSave, Rng

from conformance import GAMES, games, module, new_game, play_random, snapshot, views

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


# -- the registry and the view types say what the rules do ---------------------------

@pytest.mark.parametrize("game", sorted(GAMES))
def test_registry_seat_range_and_options_are_the_rules(game):
    info = module(game)
    for players in (info.min_players, info.max_players):
        assert new_game(game, players, 1).players == players
    for players in (info.min_players - 1, info.max_players + 1):
        with pytest.raises(ValueError):
            new_game(game, players, 1)
    plain = new_game(game, info.min_players, 5)
    declared = new_game(game, info.min_players, 5, **info.new_game_kwargs(info.min_players, {}))
    assert snapshot(declared) == snapshot(plain), "the declared defaults are new_game's defaults"
    for option in info.options:
        for value in option.allowed:
            kwargs = info.new_game_kwargs(info.min_players, {option.key: value})
            assert new_game(game, info.min_players, 5, **kwargs).to_json()["setup"]
        with pytest.raises(ValueError):
            info.new_game_kwargs(info.min_players, {option.key: "no such value"})


def test_the_registry_lists_each_game_once_and_refuses_a_second_entry():
    from engine.core.registry import register

    names = [g.name for g in games()]
    assert names == sorted(set(names), key=names.index) and names
    with pytest.raises(ValueError):
        register(dataclasses.replace(module(names[0]), title="impostor"))


def conforms(value, hint, where="view") -> list[str]:
    """Where `value` differs from the type `hint` (TypedDicts checked key by key)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: not a dict"]
        hints = typing.get_type_hints(hint)
        if set(value) != set(hints):
            return [f"{where}: keys {sorted(set(value) ^ set(hints))} differ from {hint.__name__}"]
        return [p for key, h in hints.items() for p in conforms(value[key], h, f"{where}[{key!r}]")]
    if origin is typing.Union:
        if any(not conforms(value, a, where) for a in args):
            return []
        return [f"{where}: {value!r} is none of {args}"]
    if origin is typing.Literal:
        return [] if value in args else [f"{where}: {value!r} not in {args}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: not a list"]
        return [p for i, v in enumerate(value) for p in conforms(v, args[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: not a dict"]
        return [p for k, v in value.items()
                for p in conforms(k, args[0], where) + conforms(v, args[1], f"{where}[{k!r}]")]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if hint is int and isinstance(value, bool):
        return [f"{where}: {value!r} is a bool, not an int"]
    return [] if isinstance(value, hint) else [f"{where}: {value!r} is not {hint.__name__}"]


def test_the_type_checker_of_views_can_fail():
    from engine.linyo.view_types import LinyoLine

    assert conforms({"fields": ["a1"], "open": True}, LinyoLine) == []
    assert conforms({"fields": ["a1"], "open": 1}, LinyoLine)
    assert conforms({"fields": ["a1"]}, LinyoLine)


VIEW_TYPES = {"lineit": "engine.lineit.view_types:LineitView", "linyo": "engine.linyo.view_types:LinyoView"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_views_have_exactly_the_typed_keys(game):
    import importlib

    path, _, name = VIEW_TYPES[game].partition(":")
    view_type = getattr(importlib.import_module(path), name)
    for players in (module(game).min_players, 3):
        state = new_game(game, players, 8)
        rng = Rng(players)
        for step, (st, _action) in enumerate(play_random(state, rng)):
            if step % 5 == 0:
                for seat in range(players):
                    assert conforms(st.view(seat), view_type) == []
        for seat in range(players):
            assert conforms(state.view(seat), view_type) == [], "the finished game's view"


# -- results at every step: winners, places and score bounds ---------------------------

STEP_CASES = [(game, players, seed) for game, spec in GAMES.items()
              for players in spec["players"] for seed in range(1, 11)]


def check_standing(info, state) -> None:
    """What `scores`, `places` and `winners` promise at this step of the game."""
    scores, places = state.scores(), state.places()
    low, high = info.score_bounds
    assert len(scores) == len(places) == state.players
    assert all(low <= s <= high for s in scores), f"{scores} outside {info.title}'s bounds {info.score_bounds}"
    assert min(places) == 1 and all(1 <= p <= state.players for p in places)
    for a in range(state.players):      # a better place never has a worse score
        for b in range(state.players):
            if places[a] < places[b]:
                assert (scores[a] <= scores[b]) if info.lower_is_better else (scores[a] >= scores[b])
            # places are a podium: a seat's place is one more than the seats strictly ahead of it
        assert places[a] == 1 + sum(1 for b in range(state.players) if places[b] < places[a])
    if state.is_over:
        assert state.winners() == [s for s, p in enumerate(places) if p == 1]
    else:
        assert state.winners() == [], "nobody has won before the end"


@pytest.mark.parametrize("game, players, seed", STEP_CASES)
def test_winners_places_and_score_bounds_hold_at_every_step(game, players, seed):
    info = module(game)
    assert info.score_bounds is not None, f"{info.title} declares no score bounds"
    state = new_game(game, players, seed)
    for st, _action in play_random(state, Rng(seed * 101 + players)):
        check_standing(info, st)
    check_standing(info, state)
    assert state.winners()


def test_the_standing_check_can_fail():
    """The check above catches a winner named early and a score out of bounds."""
    info = module("linyo")

    class Early:
        players, is_over = 2, False

        def scores(self):
            return [70, 71]

        def places(self):
            return [1, 2]

        def winners(self):
            return [0]

    with pytest.raises(AssertionError):
        check_standing(info, Early())
    Early.winners = lambda self: []
    check_standing(info, Early())
    Early.scores = lambda self: [78, 71]
    with pytest.raises(AssertionError):
        check_standing(info, Early())
