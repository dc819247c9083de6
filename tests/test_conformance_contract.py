"""Every registered game against the issue-15 contract (docs/ARCHITECTURE.md, "The state contract").

Typed events, coded refusals, explicit chance and undo by replay, through the
registry and the public API only: what `engine.core.GameState` promises.
Each game is driven by seeded random games; the checks:

- the state is a `GameState`; the registry gives its event kinds and refusals;
- ``apply`` returns the events it caused and ``state.events`` is every event
  so far; every event is of the game, round-trips through JSON and its
  ``EventKinds``; none is lost by ``clone`` or by ``to_json`` -> ``from_json``;
- every refusal (``why_illegal`` and the raised `IllegalAction`) carries a
  code of the game's catalogue, the same either way; legal actions have none;
- a finished game offers nothing and refuses with "game.over";
- a record replays identically without its seed (``"seed": None``);
- an external-chance game fed the outcomes of a seeded game reaches the same
  views, events, scores and winners; while it waits, it offers nothing and
  refuses actions ("chance.pending") and impossible outcomes, changing nothing;
- ``rewind(k, any=True)`` then replaying the actions from k equals the
  original; ``rewind`` to each undo point works, to any other count is refused.
"""
from __future__ import annotations

import importlib
import json

import pytest

from engine.core import ChanceOutcome, Event, GameState, IllegalAction, Refusal, Rng
from engine.games import games

INFOS = {info.name: info for info in games()}
CASES = [(name, players, seed) for name, info in INFOS.items()
         for players in sorted({info.min_players, 3, info.max_players}) for seed in (1, 2)]
BAD_TEXTS = ("end", "pass", "take 5 hand", "play 17", "close", "abort 1", "move 1 a1",
             "start a1", "set bbbb", "nonsense")


def events_json(state) -> list[dict]:
    return [e.to_json() for e in state.events]


def public(state) -> str:
    """Everything a seat or a record can see of `state` except its seed."""
    return json.dumps({"views": [state.view(seat) for seat in range(state.players)],
                       "scores": state.scores(), "winners": state.winners(),
                       "events": events_json(state), "over": state.is_over,
                       "actions": state.to_json()["actions"],
                       "chance": state.to_json()["chance"]}, sort_keys=True)


def whole(state) -> str:
    return json.dumps([json.loads(public(state)), state.to_json()], sort_keys=True)


def play(name: str, players: int, seed: int) -> GameState:
    """A finished seeded random game, checking each step's events and refusals on the way."""
    info = INFOS[name]
    state = info.new_game(players=players, seed=seed)
    assert isinstance(state, GameState)
    assert state.chance_needed is None, "a seeded game never waits for chance"
    rng = Rng(seed * 7919 + players)
    for step in range(5000):
        if state.is_over:
            break
        legal = state.legal_actions()
        if step % 4 == 0:  # refusals at every fourth step keep the suite quick
            before = whole(state)    # once for the ten: each refusal is held against it
            for bad in BAD_TEXTS:
                if bad not in {str(a) for a in legal}:
                    check_refusal(info, state, bad, before)
        action = legal[rng.below(len(legal))]
        assert state.why_illegal(action) is None
        before = list(state.events)
        caused = state.apply(action)
        assert isinstance(caused, list) and all(isinstance(e, Event) for e in caused)
        assert list(state.events) == before + caused, "state.events is every event so far"
    assert state.is_over
    return state


def check_refusal(info, state, action, before: str | None = None) -> None:
    """`action` is refused with a code of the catalogue and changes nothing (`before`: whole(state))."""
    before = before or whole(state)
    why = state.why_illegal(action)
    with pytest.raises(IllegalAction) as raised:
        state.apply(action)
    exc = raised.value
    assert exc.code in info.refusals, f"{exc.code!r} is not in {info.name}'s catalogue"
    assert isinstance(why, Refusal) and (why, why.code, why.params) == (str(exc), exc.code, exc.params)
    assert str(exc) == info.refusals.templates[exc.code].format(**exc.params)
    assert whole(state) == before, "a refusal changes nothing"


@pytest.fixture(scope="module")
def finished() -> dict:
    return {case: play(*case) for case in CASES}


def test_each_game_declares_itself_once():
    """After the merge the games' own `INFO` is the registered one (no second declaration)."""
    for name, info in INFOS.items():
        package = importlib.import_module(f"engine.{name}")
        assert getattr(package, "INFO", info) is info, (
            f"engine.{name}.INFO and engine.games declare {name} twice: register engine.{name}.INFO")
        assert info.event_kinds is not None and info.refusals is not None, f"{name} lacks events/refusals"
        assert "action.unknown" in info.refusals and "game.over" in info.refusals
        assert "chance.pending" in info.refusals


@pytest.mark.parametrize("case", CASES, ids=str)
def test_events_round_trip_and_survive_clone_and_save(case, finished):
    name = case[0]
    state = finished[case]
    kinds = INFOS[name].event_kinds
    assert state.events
    for event in state.events:
        assert event.kind.startswith(name + "."), event.kind
        assert kinds.from_json(json.loads(json.dumps(event.to_json()))) == event
    assert whole(state.clone()) == whole(state)
    assert whole(INFOS[name].from_json(json.loads(json.dumps(state.to_json())))) == whole(state)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_finished_game_offers_nothing(case, finished):
    state = finished[case]
    info = INFOS[case[0]]
    assert state.legal_actions() == [] and state.current_seat is None and state.chance_needed is None
    assert state.winners() and len(state.scores()) == state.players
    with pytest.raises(IllegalAction) as raised:
        state.apply(BAD_TEXTS[0])
    assert raised.value.code == "game.over"
    check_refusal(info, state, "nonsense")


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_record_replays_without_its_seed(case, finished):
    state = finished[case]
    data = state.to_json()
    assert data["chance"], "every random outcome is in the record"
    unseeded = INFOS[case[0]].from_json({**data, "seed": None})
    assert public(unseeded) == public(state)


def outcomes(state) -> list[ChanceOutcome]:
    return [ChanceOutcome.from_json(c) for c in state.to_json()["chance"]]


@pytest.mark.parametrize("case", CASES, ids=str)
def test_external_chance_fed_a_seeded_games_outcomes_plays_the_same_game(case, finished):
    name, players, _ = case
    info = INFOS[name]
    seeded = finished[case]
    actions = seeded.to_json()["actions"]
    chance = outcomes(seeded)
    setup = {k: v for k, v in seeded.to_json()["setup"].items() if k != "players"}
    state = info.new_game(players=players, external_chance=True,
                          **{k: v for k, v in setup.items() if k in {"final_plays", "sheet", "sheet_seed", "difficulties"}})
    done = fed = 0
    while not state.is_over:
        need = state.chance_needed
        if need is None:
            state.apply(actions[done])
            done += 1
            continue
        assert state.current_seat is None and state.legal_actions() == []
        next_one = chance[fed]
        assert (next_one.at, next_one.kind, len(next_one.outcome)) == (done, need.kind, need.count)
        before = whole(state)
        for impossible in ([], ["?"] * need.count):
            with pytest.raises(IllegalAction) as raised:
                state.resolve_chance(impossible)
            assert raised.value.code in info.refusals
            assert whole(state) == before
        if done < len(actions):
            with pytest.raises(IllegalAction) as raised:
                state.apply(actions[done])
            assert raised.value.code == "chance.pending"
        caused = state.resolve_chance(next_one.outcome)
        assert caused and list(state.events)[-len(caused):] == caused
        fed += 1
    assert (done, fed) == (len(actions), len(chance))
    assert state.scores() == seeded.scores() and state.winners() == seeded.winners()
    assert events_json(state) == events_json(seeded)
    assert [state.view(s) for s in range(players)] == [seeded.view(s) for s in range(players)]


@pytest.mark.parametrize("case", CASES, ids=str)
def test_rewind_then_replay_is_the_same_game(case):
    name, players, seed = case
    info = INFOS[name]
    state = info.new_game(players=players, seed=seed)
    rng = Rng(seed + 17)
    actions: list[str] = []
    while not state.is_over:
        count = len(actions)
        points = state.undo_points()
        assert points == sorted(points) and all(0 <= n <= count for n in points)
        last_chance = max((c.at for c in outcomes(state)), default=0)
        assert all(n >= last_chance for n in points), "undo never goes back over chance"
        if count % 3 == 0:
            k = rng.below(count + 1)
            rebuilt = state.rewind(k, any=True)
            for text in actions[k:]:
                rebuilt.apply(text)
            assert whole(rebuilt) == whole(state)
            for n in points:
                assert len(state.rewind(n).to_json()["actions"]) == n
            outside = next((n for n in range(count + 1) if n not in points), None)
            if outside is not None:
                with pytest.raises(ValueError):
                    state.rewind(outside)
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        state.apply(action)
        actions.append(str(action))


def test_the_architecture_examples_run():
    """docs/ARCHITECTURE.md shows the contract with examples; they must stay true."""
    import doctest
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "docs" / "ARCHITECTURE.md"
    failed, tried = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried and failed == 0, f"{failed} of {tried} examples in docs/ARCHITECTURE.md failed"
