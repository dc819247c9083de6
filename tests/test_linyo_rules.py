"""Every Linyo rule of RULES.md (Game 2) on hand-built positions with fixed rolls."""
import pytest

from engine import linyo
from engine.core import IllegalAction, Rng
from engine.linyo import Move, parse_field

# A test sheet in stripes, so colours are easy to read:
# row 1 blue (stars c1 and d1... see below), row 2 orange, row 3 grey, ...
STRIPES = [
    "bbBbbbbbbbb",  # 1: c1 star
    "ooOoooooooo",  # 2: c2 star (next to c1: a star step never chains)
    "ggggggggggg",  # 3
    "bbbbbBbbbbb",  # 4: f4 star
    "ooooooooooo",  # 5
    "ggggggggggg",  # 6
    "bogbogbogbo",  # 7
]


def texts(actions):
    return [str(a) for a in actions]


def play(state, *actions):
    for a in actions:
        state.apply(a)
    return state


def refused(state, text, words):
    """`text` is refused with a message containing `words`, and nothing changed."""
    before = state.to_json()
    view = state.view(0)
    with pytest.raises(IllegalAction) as info:
        state.apply(text)
    assert words in str(info.value)
    assert state.to_json() == before
    assert state.view(0) == view


def solo(rolls, starts, difficulty=2, sheet=STRIPES):
    s = linyo.new_game(players=1, seed=1, sheet=sheet, difficulties=[difficulty], rolls=rolls)
    return play(s, *[f"start {f}" for f in starts])


def line(state, seat, number):
    return state.view(seat)["seats"][seat]["lines"][number - 1]


# --- start roll and starts -----------------------------------------------------------------


def test_start_roll_gives_one_start_per_die_of_its_colour():
    s = linyo.new_game(players=1, seed=1, sheet=STRIPES, rolls=["gbob"])
    assert s.phase == "start" and s.view(0)["dice"] == "bbog"
    assert s.view(0)["starts_left"] == "bbog"
    starts = {a.field for a in s.legal_actions()}
    assert starts == {f for f in range(77) if s.sheet.colour_of(f) in "bog"}
    play(s, "start a1", "start c1")  # two blue, the second on a star: allowed
    assert s.view(0)["starts_left"] == "og"
    refused(s, "start d1", "d1 is blue but no blue die is left")
    refused(s, "start a1", "a1 is already on one of your lines")
    assert all(s.sheet.colour_of(a.field) in "og" for a in s.legal_actions())
    play(s, "start a2", "start a3")
    assert s.phase == "move" and s.round == 1
    assert [line(s, 0, n)["fields"] for n in (1, 2, 3, 4)] == [["a1"], ["c1"], ["a2"], ["a3"]]


def test_starts_go_seat_by_seat_from_the_first_seat_each_on_its_own_sheet():
    s = linyo.new_game(players=3, seed=2, sheet=STRIPES, first_seat=2, rolls=["bbog", "bbog"])
    order = []
    for _ in range(3):
        order.append(s.current_seat)
        play(s, "start a1", "start b1", "start a2", "start a3")  # same fields on every sheet
    assert order == [2, 0, 1]
    assert s.phase == "move" and s.roller == 0 and s.current_seat == 0  # round 1: next seat rolls
    assert s.view(0)["to_move"] == [0, 1, 2]


def test_a_start_on_a_star_gives_no_extra_step():
    s = solo(["bbog", "ggoo"], ["c1", "a1", "a2", "a3"])
    # c1 (line 1) is a star start: no move of line 1 may be a lone star step,
    # and the only way out of c1 (b1/d1 blue, c2 orange star) needs a die.
    with pytest.raises(IllegalAction, match="at least one dice step"):
        s.apply("move 1 +d1")
    refused(s, "move 1 d1", "d1 is blue but no blue die was rolled")  # ggoo: none rolled
    assert all(m.fields for m in s.legal_actions() if isinstance(m, Move))
    assert "move 1 c2" in texts(s.legal_actions())


# --- four of a kind ----------------------------------------------------------------------------


def test_four_of_a_kind_at_the_start_roll_is_set_by_the_first_seat():
    s = linyo.new_game(players=2, seed=1, sheet=STRIPES, first_seat=1, rolls=["gggg"])
    assert s.phase == "set" and s.current_seat == 1
    v = s.view(0)
    assert v["rolled"] == "gggg" and v["dice"] == "gggg"
    options = texts(s.legal_actions())
    assert len(options) == 10 and options[0] == "set gggg"
    assert all("g" in o.split()[1] for o in options)
    refused(s, "set bbbo", "at least one die keeps its colour (grey)")
    refused(s, "start a3", "first the roller sets the dice")
    s.apply("set bbbg")
    assert s.phase == "start" and s.view(0)["dice"] == "bbbg" and s.view(0)["rolled"] is None
    assert s.current_seat == 1


def test_keeping_a_four_of_a_kind_is_a_choice():
    s = linyo.new_game(players=1, seed=1, sheet=STRIPES, rolls=["oooo"])
    s.apply("set oooo")
    assert s.view(0)["starts_left"] == "oooo"


def test_four_of_a_kind_in_a_round_is_set_by_that_rounds_roller():
    s = linyo.new_game(players=3, seed=1, sheet=STRIPES, first_seat=0, rolls=["bbog", "bbbb"])
    for _ in range(3):
        play(s, "start a1", "start b1", "start a2", "start a3")
    assert s.phase == "set" and s.round == 1 and s.roller == 1 and s.current_seat == 1
    refused(s, "move 1 c1", "first the roller sets the dice")
    s.apply("set boog")
    assert s.phase == "move" and s.current_seat == 1 and s.view(2)["dice"] == "boog"


def test_set_only_after_a_four_of_a_kind():
    s = solo(["bbog", "bbog"], ["a1", "b1", "a2", "a3"])
    refused(s, "set bbog", "there is no four of a kind to set")
    s = linyo.new_game(players=1, seed=1, sheet=STRIPES, rolls=["bbog"])
    refused(s, "set bbog", "there is no four of a kind to set")


# --- moves -------------------------------------------------------------------------------------

# Starts for most move tests: line 1 a4 (blue), line 2 k4 (blue), line 3 a5 (orange), line 4 k6 (grey).
STARTS = ["a4", "k4", "a5", "k6"]


def test_colour_matching_with_repeated_colours_and_each_die_once():
    s = solo(["bbog", "bbog"], STARTS)
    legal = texts(s.legal_actions())
    assert "move 1 b4 c4" in legal  # two blue dice, two blue fields
    assert "move 1 b4 c4 c5 c6" in legal  # all four dice, colours b b o g
    refused(s, "move 1 b4 c4 d4", "d4 is blue but no blue die is left")
    refused(s, "move 1 b4 b5 b6 c6", "c6 is grey but no grey die is left")
    refused(s, "move 1 b4 b5 c5", "c5 is orange but no orange die is left")
    s.apply("move 1 b4 c4 c5 c6")
    assert line(s, 0, 1) == {"fields": ["a4", "b4", "c4", "c5", "c6"], "open": True}


def test_the_dice_are_fresh_for_every_seat_of_a_round():
    s = linyo.new_game(players=2, seed=1, sheet=STRIPES, first_seat=1, rolls=["bbog", "bbbb"])
    play(s, *[f"start {f}" for f in STARTS], *[f"start {f}" for f in STARTS])
    play(s, "set bbbb")  # round 1: seat 0 rolls
    assert s.current_seat == 0
    s.apply("move 1 b4 c4 d4 e4")
    assert s.current_seat == 1
    assert "move 1 b4 c4 d4 e4" in texts(s.legal_actions())


def test_at_most_four_dice_steps():
    s = solo(["bbog", "bbbb"], STARTS)
    s.apply("set bbbb")
    assert "move 1 b4 c4 d4 e4" in texts(s.legal_actions())
    with pytest.raises(IllegalAction, match="at most 4 dice"):
        s.apply("move 1 b4 c4 d4 e4 f4")
    assert max(len(m.fields) for m in s.legal_actions() if isinstance(m, Move)) == 4


def test_steps_are_orthogonal_and_grow_from_the_end_only():
    s = solo(["bbog", "bbog", "bbog"], STARTS)
    refused(s, "move 1 b3", "b3 is not next to a4 (steps go up, down, left or right)")
    refused(s, "move 1 b4 c5", "c5 is not next to b4")
    refused(s, "move 1 c4", "c4 is not next to a4")
    s.apply("move 1 b4 c4")
    # next round: line 1 must grow from c4, never again from a4
    refused(s, "move 1 a3", "a line grows from its end (c4)")
    refused(s, "move 1 b3", "a line grows from its end (c4)")
    assert all(m.fields[0] in {parse_field("d4"), parse_field("c3"), parse_field("c5")}
               for m in s.legal_actions() if isinstance(m, Move) and m.line == 1)


def test_no_field_reached_by_any_line_may_be_entered_again():
    s = solo(["bbog", "bbog", "boog", "boog"], ["a4", "c4", "a5", "k6"])
    refused(s, "move 1 b4 c4", "c4 is already on one of your lines")  # a start (●) of line 2
    s.apply("move 1 b4 b3")
    refused(s, "move 2 c3 b3", "b3 is already on one of your lines")  # another line's field
    refused(s, "move 2 c3 c4", "c4 is already on")  # its own start
    s.apply("abort 4")  # k6 closed with ×: its field stays reached
    assert not line(s, 0, 4)["open"]
    refused(s, "move 2 c5 b5 a5", "a5 is already on one of your lines")
    refused(s, "move 2 d4 d5 c5 c4", "c4 is already on")


def test_a_move_may_stop_early_with_dice_unused():
    s = solo(["bbog", "bbog"], STARTS)
    s.apply("move 1 b4 c4")
    assert line(s, 0, 1)["open"] and s.round == 2


# --- star step ---------------------------------------------------------------------------------


def test_star_step_after_dice_steps_end_on_a_star_onto_any_colour():
    s = solo(["bbog", "booo"], ["a1", "k4", "a5", "k6"])
    # a1 -> b1 (blue die) -> c1 (no blue die left: refused); a1 -> ... via row 2
    refused(s, "move 1 b1 c1", "c1 is blue but no blue die is left")
    legal = texts(s.legal_actions())
    assert "move 1 a2 b2 c2 +d2" in legal  # c2 is a star; d2 orange, no orange die left: fine
    assert "move 1 a2 b2 c2 +c1" in legal  # blue star field by the star step (no blue die left)
    assert "move 1 a2 b2 c2" in legal  # the star step is optional
    refused(s, "move 1 b1 +c1", "the star step comes only after a move ends on a star")
    refused(s, "move 1 a2 b2 c2 +b2", "b2 is already on this move")
    refused(s, "move 1 a2 b2 c2 +e2", "e2 is not next to c2")
    s.apply("move 1 a2 b2 c2 +c1")
    assert line(s, 0, 1) == {"fields": ["a1", "a2", "b2", "c2", "c1"], "open": True}


def test_star_step_never_chains():
    s = solo(["boog", "boog"], ["a2", "k4", "a5", "k6"])
    # line 1 from a2: b2 orange, c2 orange star, then the star step onto c1 (also a star)
    legal = texts(s.legal_actions())
    assert "move 1 b2 c2 +c1" in legal  # c1 is a star too, but the step ends there
    for a in s.legal_actions():
        if isinstance(a, Move) and a.star is not None:
            assert s.sheet.is_star(a.fields[-1])
    with pytest.raises(IllegalAction, match="only the last field"):
        s.apply("move 1 b2 c2 +c1 +d1")
    with pytest.raises(IllegalAction, match="only the last field"):
        s.apply("move 1 b2 +c2 c1")
    assert not any(t.startswith("move 1 b2 c2 +c1 ") for t in legal)


def test_a_line_ending_on_a_star_gets_no_step_until_a_move_ends_there_again():
    s = solo(["bbog", "bbog", "ggoo"], ["a1", "k4", "a5", "k6"])
    s.apply("move 1 b1 c1")  # ends on the star c1 without its step
    refused(s, "move 1 d1", "d1 is blue but no blue die was rolled")  # ggoo: none rolled
    with pytest.raises(IllegalAction, match="at least one dice step"):
        s.apply("move 1 +d1")
    assert "move 1 c2 +d2" in texts(s.legal_actions())  # ends on star c2: new star step


# --- round end checks --------------------------------------------------------------------------


def test_abort_of_choice_when_nothing_is_extended():
    s = solo(["bbog", "bbog", "bbog"], STARTS)
    assert {"abort 1", "abort 2", "abort 3", "abort 4"} <= set(texts(s.legal_actions()))
    s.apply("abort 2")
    assert line(s, 0, 2) == {"fields": ["k4"], "open": False}
    refused(s, "abort 2", "that line is closed (× on k4)")
    refused(s, "move 2 j4", "that line is closed")
    assert "abort 2" not in texts(s.legal_actions())
    assert not any(isinstance(a, Move) and a.line == 2 for a in s.legal_actions())


def test_a_move_shorter_than_difficulty_two_aborts_that_line():
    s = solo(["bbog", "bbog"], STARTS)
    s.apply("move 1 b4")
    assert line(s, 0, 1) == {"fields": ["a4", "b4"], "open": False}  # × on b4, the end field
    assert s.scores() == [77 - 5]


@pytest.mark.parametrize(
    "difficulty, move, stays_open",
    [
        (3, "move 1 b1 c1", False),  # 2 fields
        (3, "move 1 b1 c1 +d1", True),  # 2 + the star step = 3
        (4, "move 1 b1 c1 +d1", False),  # 3 < 4
        (4, "move 1 b1 c1 c2 +d2", True),  # 3 dice steps + star step = 4
        (4, "move 1 b1 c1 c2", False),
        (2, "move 1 b1", False),
        (2, "move 1 b1 c1", True),
    ],
)
def test_difficulty_counts_the_star_step(difficulty, move, stays_open):
    s = solo(["bbog", "bbog"], ["a1", "k4", "a5", "k6"], difficulty=difficulty)
    s.apply(move)
    assert line(s, 0, 1)["open"] is stays_open


def test_difficulties_differ_per_seat():
    s = linyo.new_game(players=2, seed=1, sheet=STRIPES, difficulties=[2, 3],
                       first_seat=1, rolls=["bbog", "bbog"])
    for _ in range(2):
        play(s, *[f"start {f}" for f in STARTS])
    play(s, "move 1 b4 c4", "move 1 b4 c4")  # seat 0 then seat 1
    assert line(s, 0, 1)["open"] and not line(s, 1, 1)["open"]
    assert s.view(0)["seats"][1]["difficulty"] == 3


def test_dead_end_aborts_lines_the_move_did_not_touch():
    s = solo(["bgbo", "boog"], ["a3", "a1", "k1", "k2"])
    s.apply("move 1 a2 b2 b1")  # closes in a1 (line 2): both its neighbours reached
    lines = s.view(0)["seats"][0]["lines"]
    assert lines[0] == {"fields": ["a3", "a2", "b2", "b1"], "open": True}
    assert lines[1] == {"fields": ["a1"], "open": False}
    assert lines[2]["open"] and lines[3]["open"]


def test_dead_end_aborts_the_moved_line_too():
    s = solo(["boog", "bbog"], ["b2", "a2", "k4", "k6"])
    s.apply("move 1 b1 a1")  # a1: neighbours b1 (own line) and a2 (line 2) -> dead end
    assert line(s, 0, 1) == {"fields": ["b2", "b1", "a1"], "open": False}
    assert line(s, 0, 2)["open"]  # a2 still has a3


def test_nothing_else_is_aborted_by_choice_after_a_long_enough_move():
    s = solo(["bbog", "bbog"], STARTS)
    s.apply("move 1 b4 c4")
    assert [line(s, 0, n)["open"] for n in (1, 2, 3, 4)] == [True] * 4


# --- game end and scoring ----------------------------------------------------------------------


def test_solo_game_ends_when_all_four_lines_are_aborted():
    s = solo(["bbog"] * 5, STARTS)
    play(s, "abort 1", "abort 2", "abort 3")
    assert not s.is_over
    s.apply("abort 4")
    assert s.is_over and s.phase == "over" and s.current_seat is None
    assert s.legal_actions() == []
    refused(s, "abort 1", "the game is over")
    assert s.scores() == [73] and s.winners() == [0]
    assert s.view(0)["seats"][0]["free_rows"] == [11, 11, 11, 9, 10, 10, 11]


def _scripted(players, scripts, rolls, first_seat=0, sheet="A"):
    """Play per-seat action queues in the order the engine asks for them."""
    s = linyo.new_game(players=players, seed=3, sheet=sheet, first_seat=first_seat, rolls=rolls)
    queues = [list(q) for q in scripts]
    while not s.is_over and any(queues[s.current_seat] for _ in [0]):
        s.apply(queues[s.current_seat].pop(0))
    return s, queues


A_STARTS = ["start a1", "start k4", "start a4", "start e5"]  # b, o, g, b on side A


def test_game_end_round_finishes_for_everybody():
    # Round 4 is rolled by seat 0 (first seat 0, rounds rolled in turn from
    # seat 1), so seat 0 aborts its last line first and seat 1 still moves.
    s = linyo.new_game(players=2, seed=3, sheet="A", first_seat=0, rolls=["bbog"] * 6)
    play(s, *A_STARTS, *A_STARTS)
    play(s, "abort 1", "abort 1")  # round 1: seat 1 rolled, acts first
    play(s, "abort 2", "abort 2")  # round 2: seat 0 first
    play(s, "abort 3", "abort 3")  # round 3: seat 1 first
    assert s.roller == 0 and s.current_seat == 0
    s.apply("abort 4")  # seat 0 has all four lines aborted
    assert not s.is_over and s.current_seat == 1
    assert "move 4 e4 d4" in texts(s.legal_actions())
    s.apply("move 4 e4 d4")
    assert s.is_over
    assert s.scores() == [73, 71] and s.winners() == [1]


def test_tie_break_longest_line_then_shared_victory():
    rolls = ["bbog"] * 6
    # equal free fields (71 each); seat 0's line 1 has 3 fields, seat 1's longest 2
    s = linyo.new_game(players=2, seed=3, sheet="A", first_seat=0, rolls=rolls)
    play(s, *A_STARTS, *A_STARTS)
    play(s, "move 1 a2", "move 1 a2 b2")  # round 1: seat 1 first, then seat 0
    play(s, "abort 2", "move 2 k3")  # round 2: seat 0 first
    play(s, "abort 3", "abort 3")  # round 3: seat 1, seat 0
    play(s, "abort 4", "abort 4")  # round 4: seat 0, seat 1 (now all aborted)
    assert s.is_over
    assert s.scores() == [71, 71]
    assert [s.longest(0), s.longest(1)] == [3, 2]
    assert s.winners() == [0]
    # equal free and equal longest line: shared victory
    s = linyo.new_game(players=2, seed=3, sheet="A", first_seat=0, rolls=rolls)
    play(s, *A_STARTS, *A_STARTS)
    play(s, "abort 1", "abort 1", "abort 2", "abort 2", "abort 3", "abort 3", "abort 4", "abort 4")
    assert s.is_over and s.scores() == [73, 73] and s.winners() == [0, 1]


def test_scores_are_free_fields_and_the_view_counts_them():
    s = solo(["bbog", "bbog"], STARTS)
    s.apply("move 1 b4 c4 c5 c6")
    v = s.view(0)["seats"][0]
    assert s.scores() == [77 - 8] and v["free"] == 69
    assert sum(v["free_rows"]) == 69 and v["free_rows"][3] == 11 - 4  # a4 b4 c4 k4
    assert v["longest"] == 5


# --- helpers for bots and the UI ---------------------------------------------------------------


def test_moves_by_line_from_state_and_view_agree_with_legal_actions():
    s = solo(["bbog", "bbog"], STARTS)
    by_line = linyo.moves_by_line(s)
    assert by_line == linyo.moves_by_line(s.view(0))
    flat = [m for moves in by_line.values() for m in moves]
    assert flat == [a for a in s.legal_actions() if isinstance(a, Move)]
    assert set(by_line) == {1, 2, 3, 4}


def test_state_from_view_plays_on_without_the_real_future():
    s = linyo.new_game(players=3, seed=11, sheet="B")
    while s.round < 3:
        s.apply(s.legal_actions()[0])
    copy = linyo.state_from_view(s.view(1), rng_seed=5)
    assert copy.view(1) == s.view(1)
    assert texts(copy.legal_actions()) == texts(s.legal_actions())
    with pytest.raises(ValueError):
        copy.to_json()
    final = linyo.playout(copy, Rng(5))
    assert copy.is_over and final == copy.scores()


# --- answers the table asks instead of re-deriving them -------------------------------------------


def test_places_follow_the_tie_break_and_winners_wait_for_the_end():
    rolls = ["bbog"] * 6
    s = linyo.new_game(players=2, seed=3, sheet="A", first_seat=0, rolls=rolls)
    play(s, *A_STARTS, *A_STARTS)
    assert s.places() == [1, 1]                      # 73 free each, lines of one field
    play(s, "move 1 a2", "move 1 a2 b2")             # seat 1 then seat 0: seat 0 one field ahead
    assert s.scores() == [71, 72] and s.places() == [1, 2]
    assert s.winners() == [], "the leader is not a winner before the end"
    play(s, "abort 2", "move 2 k3")                  # equal free fields; seat 0's line is longer
    assert s.scores() == [71, 71] and s.places() == [1, 2] and s.winners() == []
    play(s, "abort 3", "abort 3", "abort 4", "abort 4")
    assert s.is_over and s.scores() == [71, 71] and s.places() == [1, 2] and s.winners() == [0]
    s = linyo.new_game(players=2, seed=3, sheet="A", first_seat=0, rolls=rolls)
    play(s, *A_STARTS, *A_STARTS)
    play(s, "abort 1", "abort 1", "abort 2", "abort 2", "abort 3", "abort 3", "abort 4", "abort 4")
    assert s.places() == [1, 1] and s.winners() == [0, 1]           # still tied: a shared victory


def test_free_rows_of_fields_is_the_states_count():
    assert (linyo.ROWS, linyo.COLS, linyo.FIELDS) == (7, 11, 77)
    assert linyo.free_rows([]) == [11] * 7 and linyo.free_rows(range(77)) == [0] * 7
    assert linyo.free_rows([0, 0, 12]) == [10, 10, 11, 11, 11, 11, 11], "a field counts once"
    for seed in range(1, 6):
        s = linyo.new_game(players=3, seed=seed)
        rng = Rng(seed)
        while not s.is_over:
            for p in range(3):
                fields = [f for line in s.lines[p] for f in line]
                assert linyo.free_rows(fields) == s.free_rows(p) == s.view(0)["seats"][p]["free_rows"]
                assert sum(s.free_rows(p)) == s.scores()[p]
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
