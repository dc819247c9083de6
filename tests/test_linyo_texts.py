"""Linyo action texts, saves, setups and sheets."""
import json

import pytest

from engine import linyo
from engine.core import BadSave, IllegalAction
from engine.linyo import Abort, Move, SetDice, Start, parse_action


@pytest.mark.parametrize(
    "text, value",
    [
        ("set bbog", SetDice((2, 1, 1))),
        ("start c4", Start(35)),
        ("start a1", Start(0)),
        ("start k7", Start(76)),
        ("move 2 c5 c6 d6 +d7", Move(2, (46, 57, 58), 69)),
        ("move 1 a2", Move(1, (11,), None)),
        ("abort 3", Abort(3)),
    ],
)
def test_action_texts_round_trip(text, value):
    assert parse_action(text) == value
    assert str(value) == text
    assert parse_action(str(value)) == value
    assert parse_action(value) is value


def test_parsing_forgives_case_spaces_and_die_order():
    assert str(parse_action("  MOVE 2  C5 c6 +D7 ")) == "move 2 c5 c6 +d7"
    assert str(parse_action("set gobb")) == "set bbog"


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty"),
        ("jump a1", "not an action"),
        ("set", "after set"),
        ("set bbo", "not a roll"),
        ("set bbxo", "not a roll"),
        ("start", "one field"),
        ("start l1", "not a field"),
        ("start a8", "not a field"),
        ("start a1 a2", "one field"),
        ("abort", "line number"),
        ("abort 5", "not a line number"),
        ("abort 0", "not a line number"),
        ("move 2", "line and its fields"),
        ("move 5 a1", "not a line number"),
        ("move 1 a1 b1 c1 d1 e1", "at most 4 dice"),
        ("move 1 +a1", "at least one dice step"),
        ("move 1 a1 +b1 c1", "only the last field"),
        ("move 1 a1 +b1 +c1", "only the last field"),
        ("move 1 a1 z1", "not a field"),
    ],
)
def test_bad_texts_are_refused_in_plain_words(text, words):
    with pytest.raises(IllegalAction, match=words):
        parse_action(text)


def test_field_names():
    assert linyo.field_name(0) == "a1" and linyo.field_name(76) == "k7"
    assert linyo.field_name(linyo.field_at(3, 2)) == "c4"
    assert all(linyo.parse_field(linyo.field_name(i)) == i for i in range(77))
    with pytest.raises(ValueError):
        linyo.parse_field("k8")


# --- setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 0},
        {"players": 7},
        {"players": True},
        {"players": 2, "difficulties": [2]},
        {"players": 1, "difficulties": [5]},
        {"players": 1, "sheet": "C"},
        {"players": 1, "sheet": ["bog"] * 7},
        {"players": 2, "first_seat": 2},
        {"players": 1, "rolls": ["bbo"]},
        {"players": 1, "rolls": "bbog"},
        {"players": 1, "seed": 1.5},
    ],
)
def test_bad_setups_are_refused(kwargs):
    with pytest.raises(ValueError):
        linyo.new_game(**kwargs)


def test_seed_decides_first_seat_and_rolls_and_a_fresh_seed_is_recorded():
    a = linyo.new_game(players=4, seed=99)
    b = linyo.new_game(players=4, seed=99)
    assert a.first_seat == b.first_seat and a.view(0) == b.view(0)
    firsts = {linyo.new_game(players=4, seed=s).first_seat for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    fresh = linyo.new_game(players=2)
    assert isinstance(fresh.seed, int)
    assert linyo.from_json(fresh.to_json()).view(0) == fresh.view(0)


def test_fixed_rolls_then_the_seeded_source_takes_over():
    from engine.core import Rng
    from engine.linyo.dice import roll_dice

    s = linyo.new_game(players=1, seed=5, sheet="A", rolls=["bbog"])
    assert s.view(0)["dice"] == "bbog"
    for text in ["start a1", "start b1", "start e1", "start k1"]:
        s.apply(text)
    source = Rng(5)
    source.below(1)  # the first-seat draw
    assert s.dice == roll_dice(source)  # round 1 comes from the seeded source
    assert s.to_json()["setup"]["rolls"] == ["bbog"]
    assert "rolls" not in linyo.new_game(players=1, seed=5).to_json()["setup"]


def test_random_sheet_follows_the_seed_or_the_sheet_seed():
    a = linyo.new_game(players=1, seed=12, sheet="random")
    b = linyo.new_game(players=1, seed=12, sheet="random")
    c = linyo.new_game(players=1, seed=13, sheet="random", sheet_seed=12)
    d = linyo.new_game(players=1, seed=13, sheet="random")
    assert a.sheet.rows == b.sheet.rows == c.sheet.rows != d.sheet.rows
    assert linyo.from_json(c.to_json()).sheet.rows == c.sheet.rows


def test_custom_sheet_is_recorded_in_the_setup():
    rows = ["bogbogbogbo"] * 7
    s = linyo.new_game(players=1, seed=1, sheet=rows)
    assert s.to_json()["setup"]["sheet"] == rows
    assert linyo.from_json(json.dumps(s.to_json())).sheet.rows == tuple(rows)


# --- saves ------------------------------------------------------------------------------------


def _some_game():
    s = linyo.new_game(players=3, seed=21, sheet="B", difficulties=[2, 3, 4])
    for _ in range(30):
        if s.is_over:
            break
        s.apply(max(s.legal_actions(), key=lambda a: a.length if isinstance(a, Move) else 0))
    return s


def test_save_is_a_core_record_and_round_trips_through_json_text():
    s = _some_game()
    rec = s.to_json()
    assert set(rec) == {"format", "game", "setup", "seed", "actions", "chance"}
    assert rec["format"] == 2 and rec["game"] == "linyo" and rec["seed"] == 21
    assert [c["kind"] for c in rec["chance"]][:2] == ["first_seat", "roll"]
    assert rec["setup"] == {"players": 3, "sheet": "B", "difficulties": [2, 3, 4],
                            "first_seat": s.first_seat}
    again = linyo.from_json(json.dumps(rec))
    assert again.to_json() == rec and again.view(2) == s.view(2)


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda r: r.update(game="lineit"), "not 'linyo'"),
        (lambda r: r["setup"].update(players=9), "cannot be played"),
        (lambda r: r["setup"].update(colour="red"), "unknown entries"),
        (lambda r: r["setup"].pop("players"), "how many players"),
        (lambda r: r["actions"].insert(0, "abort 1"), "saved action 1"),
        (lambda r: r["actions"].append("fly away"), "breaks the rules"),
        (lambda r: r.update(seed=[1]), "seed"),
        (lambda r: r.update(seed=22), "not the ones its seed rolls"),
        (lambda r: r["chance"].pop(), "not the ones its seed rolls"),
        (lambda r: (r.update(seed=None), r["chance"][1].update(outcome=["x", "b", "b", "b"])), "impossible"),
        (lambda r: (r.update(seed=None), r["chance"][1].update(at=1)), "lacks the chance outcome"),
        (lambda r: r["chance"][1].update(outcome="bbog"), "broken chance outcome"),
    ],
)
def test_bad_saves_are_refused_in_plain_words(change, words):
    rec = _some_game().to_json()
    change(rec)
    with pytest.raises(BadSave, match=words):
        linyo.from_json(rec)


def test_clone_is_independent():
    s = _some_game()
    c = s.clone()
    before = s.to_json()
    c.apply(c.legal_actions()[0])
    assert s.to_json() == before and c.to_json() != before


# --- sheets -----------------------------------------------------------------------------------


def test_sides_a_and_b_keep_the_design_limits_and_differ():
    for sheet in (linyo.SIDE_A, linyo.SIDE_B):
        assert linyo.design_problems(sheet) == []
        assert all(24 <= n <= 28 for n in sheet.counts())
        assert 6 <= len(sheet.stars) <= 10

    def same_colour_neighbours(sheet):
        return sum(1 for i in range(77) for n in linyo.sheets.NEIGHBOURS[i]
                   if n > i and sheet.colours[n] == sheet.colours[i])

    # A in broad regions, B a fine mosaic
    assert same_colour_neighbours(linyo.SIDE_A) > 2 * same_colour_neighbours(linyo.SIDE_B)


def test_sheet_data_never_changes():
    # Saves name the side, so the sides are part of the save format.
    assert linyo.SIDE_A.rows[0] == "bbbBooooggg" and linyo.SIDE_B.rows[6] == "gobgbogboGo"
    assert linyo.random_sheet(1).rows == linyo.random_sheet(1).rows
    assert linyo.random_sheet("2026-01-01").rows[0] == linyo.random_sheet("2026-01-01").rows[0]


def test_random_sheets_keep_the_design_limits_over_many_seeds():
    seen = set()
    for seed in range(300):
        sheet = linyo.random_sheet(seed)
        assert linyo.design_problems(sheet) == [], seed
        seen.add(sheet.rows)
    assert len(seen) == 300


def test_design_problems_name_what_is_wrong():
    rows = ["bbbbbbbbbbb"] * 3 + ["ooooooooooo"] * 2 + ["ggggggggggg"] * 2
    problems = linyo.design_problems(linyo.Sheet.from_rows(rows))
    assert "blue covers 33 fields (24-28 allowed)" in problems
    assert "0 stars (6-10 allowed)" in problems
    rows[0] = "BB" + rows[0][2:]
    assert any("too close" in p for p in linyo.design_problems(linyo.Sheet.from_rows(rows)))


def test_docstring_examples_run():
    import doctest

    from engine.linyo import actions, dice, greedy, sheets, state

    for module in (linyo, actions, dice, greedy, sheets, state):
        failed, tried = doctest.testmod(module)
        assert failed == 0, module.__name__
        assert tried > 0, module.__name__
