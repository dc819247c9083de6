"""Explicit chance in Linyo: records replay without their seed, outside outcomes drive a
game to the same end, impossible outcomes are refused, old saves load and continue."""
import json

import pytest

from engine import linyo
from engine.core import ChanceNeed, IllegalAction, Rng


def _finish(s, seed, upto=None):
    rng = Rng(seed)
    while not s.is_over and (upto is None or len(s.log) < upto):
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    return s


def _same(a, b):
    assert [a.view(q) for q in range(a.players)] == [b.view(q) for q in range(b.players)]
    assert a.scores() == b.scores() and a.winners() == b.winners()
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]


@pytest.mark.parametrize("seed, players, sheet", [(1, 1, "A"), (2, 3, "B"), (3, 2, "random"), (4, 4, "A")])
def test_a_record_replays_identically_without_its_seed(seed, players, sheet):
    s = _finish(linyo.new_game(players=players, seed=seed, sheet=sheet), seed)
    rec = json.loads(json.dumps(s.to_json()))
    again = linyo.from_json({**rec, "seed": None})
    _same(s, again)
    assert again.to_json() == {**rec, "seed": None}


def test_a_game_half_way_replays_without_its_seed_and_then_waits_for_chance():
    s = linyo.new_game(players=2, seed=8, sheet="B")
    rng = Rng(8)
    while True:  # play until an action ends a round after the starts: the seed drew the next roll
        legal = s.legal_actions()
        got = s.apply(legal[rng.below(len(legal))])
        if s.round >= 3 and any(e.kind == "linyo.dice_rolled" for e in got):
            break
    rec = s.to_json()
    assert rec["chance"][-1]["at"] == len(rec["actions"])
    again = linyo.from_json({**rec, "seed": None})
    _same(s, again)
    # without that last roll, the record stops at the chance point and waits for it
    cut = linyo.from_json({**rec, "chance": rec["chance"][:-1], "seed": None})
    assert cut.phase == "chance" and cut.chance_needed == ChanceNeed("roll", 4)
    assert cut.current_seat is None and cut.legal_actions() == []
    cut.resolve_chance(s.chance[-1].outcome)
    _same(s, cut)


@pytest.mark.parametrize("seed, players", [(11, 1), (12, 2), (13, 3), (14, 5)])
def test_outside_outcomes_from_a_seeded_game_reach_the_same_scores(seed, players):
    seeded = _finish(linyo.new_game(players=players, seed=seed, sheet="A"), seed)
    outside = linyo.new_game(players=players, sheet="A", external_chance=True)
    outcomes = list(seeded.chance)
    actions = list(seeded.log)
    while not outside.is_over:
        if outside.chance_needed is not None:
            c = outcomes.pop(0)
            assert c.kind == outside.chance_needed.kind and c.at == len(outside.log)
            outside.resolve_chance(c.outcome)
        else:
            outside.apply(actions.pop(0))
    assert not outcomes and not actions
    _same(seeded, outside)
    assert outside.to_json()["seed"] is None


def test_impossible_outcomes_change_nothing():
    e = linyo.new_game(players=3, external_chance=True)
    assert e.chance_needed == ChanceNeed("first_seat", 1) and e.first_seat is None
    for bad in (["3"], ["-1"], ["x"], ["0", "1"], []):
        with pytest.raises(IllegalAction) as info:
            e.resolve_chance(bad)
        assert info.value.code in ("chance.bad_seat", "chance.wrong_count")
    assert e.chance == [] and e.events == []
    e.resolve_chance(["2"])
    assert e.first_seat == 2 and e.to_json()["setup"]["first_seat"] == 2
    for bad in (["b", "o", "g"], ["b", "o", "g", "r"], ["B", "o", "g", "g"], ["bo", "g", "g", "g"]):
        with pytest.raises(IllegalAction):
            e.resolve_chance(bad)
    with pytest.raises(IllegalAction) as info:
        e.resolve_chance("gogb")      # one text is not four faces (an outside source hands a list)
    assert info.value.code == "chance.bare_text"
    e.resolve_chance(["g", "o", "g", "b"])
    assert e.view(0)["dice"] == "bggo"[0] + "ogg" and e.current_seat == 2


def test_a_seeded_game_never_waits_and_records_every_roll():
    s = _finish(linyo.new_game(players=2, seed=21), 21)
    assert s.chance_needed is None
    rolls = [e for e in s.events if e.kind == "linyo.dice_rolled"]
    assert [c.outcome for c in s.chance if c.kind == "roll"] == [e.faces for e in rolls]


def test_fixed_rolls_are_setup_not_chance():
    s = linyo.new_game(players=1, rolls=["bbog", "oooo"], external_chance=True, first_seat=0)
    assert s.phase == "start" and s.chance == []
    _finish(s, 1, upto=4)
    assert s.phase == "set"
    s.apply("set oooo")
    s.apply(s.legal_actions()[-1])
    assert s.phase == "chance" and s.chance == []


def test_a_format_1_save_loads_and_continues():
    s = _finish(linyo.new_game(players=2, seed=31, sheet="B"), 31, upto=20)
    old = {k: v for k, v in s.to_json().items() if k != "chance"}
    old["format"] = 1
    loaded = linyo.from_json(json.dumps(old))
    _same(s, loaded)
    # format 1 kept the first seat in the setup only: it stays setup, every roll is redrawn
    assert loaded.to_json()["chance"] == [c for c in s.to_json()["chance"] if c["kind"] == "roll"]
    assert linyo.from_json(loaded.to_json()).to_json() == loaded.to_json()
    _finish(loaded, 5)
    _finish(s, 5)
    _same(s, loaded)


def test_external_chance_takes_no_seed():
    with pytest.raises(ValueError):
        linyo.new_game(players=1, seed=3, external_chance=True)


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_a_first_seat_is_ascii_digits_and_recorded_canonically(game):
    """Issue 24 item 16: "²" raised a plain ValueError, "٣" was seat 3, "03" was recorded as given."""
    from engine.games import game as info
    for bad in ("²", "٣", "3\u0663", " 1", "1 ", "+1", "9" * 5000, None, 1):
        e = info(game).new_game(players=4, external_chance=True)
        with pytest.raises(IllegalAction) as caught:
            e.resolve_chance([bad])
        assert caught.value.code == "chance.bad_seat"
        assert e.chance_needed == ChanceNeed("first_seat", 1)
    e = info(game).new_game(players=4, external_chance=True)
    with pytest.raises(IllegalAction) as caught:
        e.resolve_chance(3)  # not a list at all
    assert caught.value.code == "chance.wrong_count"
    e.resolve_chance(["03"])
    seeded = info(game).new_game(players=4, seed=5, first_seat=3)
    assert e.chance[0].outcome == ("3",) and e.to_json()["chance"][0]["outcome"] == ["3"]
    assert e.current_seat == seeded.current_seat or e.chance_needed is not None
