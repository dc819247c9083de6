"""Explicit chance and undo by replay for Line-it."""
import json

import pytest

from engine import lineit
from engine.core import BadSave, Rng


def _played(players, seed, steps=None):
    s = lineit.new_game(players, seed=seed, final_plays=1 + seed % 2)
    r = Rng(seed)
    while not s.is_over and (steps is None or len(s.history) < steps):
        s.apply(r.choice(s.legal_actions()))
    return s


def _same(a, b):
    assert a.to_json() == b.to_json()
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]
    assert a.scores() == b.scores()
    for seat in [None, *range(a.n)]:
        assert a.view(seat) == b.view(seat)


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 7), (6, 3)])
def test_a_record_replays_identically_without_its_seed(players, seed):
    s = _played(players, seed)
    t = lineit.from_json(json.loads(json.dumps({**s.to_json(), "seed": None})))
    assert t.external and t.is_over
    assert [e.to_json() for e in t.events] == [e.to_json() for e in s.events]
    assert t.scores() == s.scores()
    assert {**t.to_json(), "seed": s.seed} == s.to_json()


def test_an_unfinished_record_without_seed_then_waits_for_chance():
    s = _played(3, 5, steps=40)
    while s.legal_actions() != [] and lineit.parse_action("end") not in s.legal_actions():
        s.apply(s.legal_actions()[0])
    t = lineit.from_json({**s.to_json(), "seed": None})
    _same_but_seed = t.view(0) == s.view(0)
    assert _same_but_seed
    # play the turns to the next deal: the external game stops and asks
    while t.chance_needed is None:
        t.apply("end" if lineit.parse_action("end") in t.legal_actions() else t.legal_actions()[0])
    assert t.chance_needed.kind == "deal" and t.current_seat is None and t.legal_actions() == []


@pytest.mark.parametrize("players,seed", [(2, 11), (5, 12)])
def test_an_external_game_fed_a_seeded_games_outcomes_reaches_the_same_scores(players, seed):
    s = _played(players, seed)
    t = lineit.new_game(players, final_plays=s.final_plays, external_chance=True)  # chance drew s's first seat
    outcomes = list(s.chance)
    for i, action in enumerate(s.history + [None]):
        while outcomes and outcomes[0].at == i:
            assert t.chance_needed.kind == outcomes[0].kind
            t.resolve_chance(outcomes.pop(0).outcome)
        if action is not None:
            t.apply(action)
    assert t.is_over and t.scores() == s.scores() and t.winners() == s.winners()


def test_first_seat_by_chance_is_recorded_and_replayed():
    t = lineit.new_game(3, external_chance=True)
    assert t.chance_needed.kind == "first_seat"
    assert [e.kind for e in t.resolve_chance(["2"])] == ["lineit.first_seat"]
    t.resolve_chance(["10", "20", "30", "40", "50"])
    t.apply("take 10 line")
    again = lineit.from_json(t.to_json())
    assert again.to_json() == t.to_json() and again.current_seat == 2
    assert again.to_json()["setup"]["first_seat"] is None


def test_a_changed_seed_or_outcome_is_a_refused_save():
    d = _played(2, 4, steps=30).to_json()
    with pytest.raises(BadSave):
        lineit.from_json({**d, "seed": 5})
    bad = json.loads(json.dumps(d))
    number = next(c for c in bad["chance"][0]["outcome"] if not c.startswith("B"))
    bad["chance"][1]["outcome"][0] = number  # a Number card dealt twice
    with pytest.raises(BadSave):
        lineit.from_json({**bad, "seed": None})


def test_format_1_saves_load_and_continue():
    s = _played(4, 9, steps=50)
    old = {k: v for k, v in s.to_json().items() if k != "chance"} | {"format": 1}
    t = lineit.from_json(old)
    assert t.to_json() == s.to_json()
    t.apply(t.legal_actions()[0])


def test_rewind_then_replay_equals_the_original_at_sampled_steps_of_200_games():
    for game in range(200):
        players = 2 + game % 5
        s = lineit.new_game(players, seed=1000 + game)
        r = Rng(game)
        steps = [s.clone()]
        while not s.is_over:
            s.apply(r.choice(s.legal_actions()))
            steps.append(s.clone())
        # sample a few steps per game (a rewind replays from the start)
        for _ in range(2):
            at = r.below(len(steps))
            k = r.below(at + 1)
            back = steps[at].rewind(k, any=True)
            for a in steps[at].history[k:]:
                back.apply(a)
            _same(back, steps[at])


def test_undo_points_are_the_current_turn_and_never_cross_a_deal():
    s = lineit.new_game(2, seed=3, first_seat=0)
    assert s.undo_points() == []
    s.apply(s.legal_actions()[0])
    s.apply("close") if lineit.parse_action("close") in s.legal_actions() else None
    points = s.undo_points()
    assert points == list(range(0, len(s.history)))
    back = s.rewind(0)
    assert back.to_json() == lineit.new_game(2, seed=3, first_seat=0).to_json()
    s.apply("end")
    assert s.undo_points() == []
    with pytest.raises(ValueError):
        s.rewind(0)
    while s.round == 1:
        s.apply("end" if lineit.parse_action("end") in s.legal_actions() else s.legal_actions()[0])
    assert min(s.undo_points(), default=len(s.history)) >= s.chance[-1].at


def test_a_save_from_before_the_first_seat_was_an_outcome_loads_the_same_game():
    s = _played(3, 8, steps=40)
    d = s.to_json()
    assert d["setup"]["first_seat"] is None and d["chance"][0]["kind"] == "first_seat"
    old = {**d, "setup": {**d["setup"], "first_seat": int(d["chance"][0]["outcome"][0])}, "chance": d["chance"][1:]}
    t = lineit.from_json(old)
    assert [t.view(p) for p in range(3)] == [s.view(p) for p in range(3)] and t.scores() == s.scores()
    assert t.to_json()["chance"] == d["chance"][1:]


@pytest.mark.parametrize("players,seed", [(2, 4), (5, 9)])
def test_chance_count_is_the_number_of_outcomes_at_every_step(players, seed):
    """The table keys its cached views on `chance_count` (it asks every frame; `chance` builds a list)."""
    s = lineit.new_game(players, seed=seed)
    r = Rng(seed)
    counts = set()
    while not s.is_over:
        assert s.chance_count == len(s.chance)
        counts.add(s.chance_count)
        s.apply(r.choice(s.legal_actions()))
    assert s.chance_count == len(s.chance) and len(counts) > 3
