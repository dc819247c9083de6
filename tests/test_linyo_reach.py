"""`engine.linyo.reach`: the fields a line end can still reach this round, by path length.

Hand-built positions check the numbers; a property test checks, on random games, that every
field it names is entered by some legal move continuing the drawn steps (at that step) and no
other field is — found here by walking the sheet with the engine's own legality check
(`why_illegal`), not by the move list `reach` reads.
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import linyo
from engine.core import Rng
from engine.linyo import Move
from engine.linyo.reach import reach, reach_all, room
from engine.linyo.sheets import NEIGHBOURS

F = linyo.parse_field

# All grey but a blue column c and one blue star at c4 (upper case).
GREY_SHEET = [
    "ggbgggggggg",
    "ggbgggggggg",
    "ggbgggggggg",
    "ggBgggggggg",
    "ggbgggggggg",
    "ggbgggggggg",
    "ggbgggggggg",
]


def solo(rolls: list[str], starts: list[str], sheet=GREY_SHEET, moves=()) -> linyo.State:
    s = linyo.new_game(players=1, seed=1, sheet=sheet, rolls=rolls)
    for t in starts:
        s.apply(f"start {t}")
    for t in moves:
        s.apply(t)
    return s


def names(got: dict[int, int]) -> dict[str, int]:
    return {linyo.field_name(f): n for f, n in got.items()}


def test_grey_dice_reach_a_diamond_by_steps():
    s = solo(["gggb", "gggg", "gggo"], ["a1", "k1", "a7", "c1"])      # c1: the blue start
    # round 1 rolled four grey (a four of a kind): keep it
    s.apply("set gggg")
    got = names(reach(s, 0, 2))              # from k1, four grey steps
    assert got["k2"] == 1 and got["j1"] == 1
    assert got["k5"] == 4 and got["h2"] == 4 and got["j4"] == 4
    assert got["g1"] == 4
    assert "k6" not in got and "f1" not in got and "g2" not in got      # five steps away
    assert all(n <= 4 for n in got.values())


def test_the_star_step_adds_one_field_of_any_colour():
    # dice b, g, g, g: line 4 (start c1, blue) walks down the blue column? only one blue die
    s = solo(["gggb", "bggg"], ["a1", "k1", "a7", "c3"])
    got = names(reach(s, 0, 4))
    assert got["c4"] == 1                    # the blue star
    assert got["c5"] == 2                    # the star step onto blue, no blue die needed
    assert got["b4"] == 2 and got["d4"] == 2
    assert got["d3"] == 1 and got["b3"] == 1  # grey neighbours of c3


def test_drawn_steps_measure_from_the_tip_and_the_star_ends_it():
    s = solo(["gggb", "bggg"], ["a1", "k1", "a7", "c3"])
    after = names(reach(s, 0, 4, [F("c4")]))
    assert after["c5"] == 1 and after["b4"] == 1 and after["d4"] == 1
    assert "c3" not in after and "c4" not in after
    assert reach(s, 0, 4, [F("c4")], star=F("c5")) == {}


def test_a_taken_field_and_a_dead_line_reach_nothing():
    s = solo(["gggb", "gggg", "gggg"], ["a1", "b1", "a2", "c1"])
    s.apply("set gggg")
    # a1 is boxed in by b1 and a2 (lines 2 and 3): line 1 has no move, so no entry
    assert reach(s, 0, 1) == {}
    assert 1 not in reach_all(s, 0)
    assert F("b1") not in reach(s, 0, 3) and F("a1") not in reach(s, 0, 3)


def test_room_counts_the_free_region_of_each_line():
    s = solo(["gggb", "gggg", "gggg"], ["a1", "b1", "a2", "c1"])
    r = room(s, 0)
    assert r[1] == 0                          # boxed in
    assert r[2] == r[3] == r[4] == linyo.FIELDS - 4


def test_outside_the_move_phase_nothing_is_reached():
    s = linyo.new_game(players=1, seed=3, sheet="A")
    assert s.phase == "start"
    assert reach(s, 0, 1) == {} and reach_all(s, 0) == {}


# ---------------------------------------------------------------- property: as the engine says
def walk(s: linyo.State, line: int, steps: tuple[int, ...]) -> dict[int, int]:
    """Every field some legal move of `line` continuing `steps` enters, with its step number
    after `steps`, found by trying the neighbours one by one with `why_illegal`."""
    out: dict[int, int] = {}
    end = s.lines[s.current_seat][line - 1][-1]

    def grow(path: tuple[int, ...]) -> None:
        tip = path[-1] if path else end
        for f in NEIGHBOURS[tip]:
            k = len(path) - len(steps) + 1
            if len(path) < 4 and s.why_illegal(Move(line, path + (f,))) is None:
                out[f] = min(out.get(f, 99), k)
                grow(path + (f,))
            if path and s.why_illegal(Move(line, path, f)) is None:
                out[f] = min(out.get(f, 99), k)

    grow(steps)
    return out


def random_position(seed: int, sheet: str, rounds: int) -> linyo.State:
    s = linyo.new_game(players=1, seed=seed, sheet=sheet)
    rng = Rng(seed)
    while not s.is_over:
        legal = s.legal_actions()
        if s.phase == "move" and s.round >= rounds:
            return s
        moves = [a for a in legal if isinstance(a, Move)] or legal
        s.apply(moves[rng.below(len(moves))])
    return s


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["A", "B", "random"]), st.integers(1, 9), st.integers(0, 3))
def test_reach_names_exactly_the_fields_legal_moves_enter(seed, sheet, rounds, drawn):
    s = random_position(seed, sheet, rounds)
    if s.phase != "move":
        return
    seat = s.current_seat
    by_line = linyo.moves_by_line(s, seat)
    for line in range(1, 5):
        if not s.open[seat][line - 1]:
            assert reach(s, seat, line) == {}
            continue
        moves = by_line.get(line, [])
        longest = max(moves, key=lambda m: len(m.fields), default=None)
        steps = longest.fields[:drawn] if longest is not None else ()
        assert reach(s, seat, line, steps) == walk(s, line, steps)
