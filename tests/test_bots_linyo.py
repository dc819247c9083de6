"""Linyo bots: always legal, fair (no future rolls), deterministic, and sensible in hand-built spots."""
from __future__ import annotations

import pytest

from engine import linyo
from engine.bots import make_bot
from engine.bots.linyo_eval import ROLLS, Evaluator, at_least_two_neighbours
from engine.bots.reasons import Reason
from engine.core import Rng
from engine.linyo import Move, SetDice, parse_field

LEVELS = ("random", "easy", "normal", "hard")
SMALL = {"random": None, "easy": None, "normal": None, "hard": 15}  # hard: one candidate searched

# A plain custom sheet: line 1 (a1) can grow 2 blue fields, line 2 (a7) four fields
# (three blue, then orange e7); lines 3 (f4) and 4 (k4) sit in grey.
SPOT = (
    "obbgggggggg",
    "ggggggggggg",
    "ggggggggggg",
    "gggggoggggg",
    "ggggggggggg",
    "ggggggggggg",
    "obbbogggggg",
)
SPOT_STARTS = ("start a1", "start a7", "start f4", "start k4")


def play(state, bots, limit=10_000):
    """Play to the end, checking every choice is legal; returns the state."""
    for _ in range(limit):
        if state.is_over:
            return state
        seat = state.current_seat
        action = bots[seat].choose(state.view(seat))
        assert action in state.legal_actions(), (str(action), state.log)
        state.apply(action)
    raise AssertionError("game did not end")


def test_rolls_table_is_a_distribution():
    assert len(ROLLS) == 15
    assert abs(sum(p for _, p in ROLLS) - 1) < 1e-12
    assert dict(ROLLS)[(4, 0, 0)] == pytest.approx(1 / 81)
    assert dict(ROLLS)[(2, 1, 1)] == pytest.approx(12 / 81)


def test_dead_end_mask():
    free = (1 << 0) | (1 << 1) | (1 << 12)  # a1, b1, b2: a1 has one free neighbour
    two = at_least_two_neighbours(free)
    assert two >> 1 & 1 and not two >> 0 & 1 and not two >> 12 & 1


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_actions(level):
    games = 8 if level == "hard" else 14
    sheets = ("A", "B", "random")
    for i in range(games):
        players = 1 + i % 6
        rng = Rng(1000 + i)
        difficulties = [2 + rng.below(3) for _ in range(players)]
        # some games open with a four of a kind and get more of them later
        rolls = ["gggg", "bbbb", "oooo"] if i % 3 == 0 else None
        state = linyo.new_game(players=players, seed=77 + i, sheet=sheets[i % 3],
                               difficulties=difficulties, rolls=rolls)
        bots = [make_bot("linyo", level, seed=i * 10 + s, budget=SMALL[level]) for s in range(players)]
        play(state, bots)
        assert state.is_over


def test_hard_plays_every_phase_legally_at_its_default_budget():
    state = linyo.new_game(players=1, seed=4, sheet="B", rolls=["oooo", "gggg", "bogg", "bbbb"])
    bot = make_bot("linyo", "hard", seed=4)
    while state.round < 4:
        action = bot.choose(state.view(0))
        assert action in state.legal_actions()
        state.apply(action)
    assert sum(text.startswith("set") for text in state.log) == 3
    assert sum(text.startswith("start") for text in state.log) == 4


@pytest.mark.parametrize("level", LEVELS)
def test_future_rolls_do_not_change_the_choice(level):
    known = ["bbog", "boog", "bogg", "oogg", "bbgg", "bbbo", "boog"]
    a = linyo.new_game(players=2, seed=9, sheet="A", rolls=known + ["gggg", "bbbb", "oooo"])
    b = linyo.new_game(players=2, seed=9, sheet="A", rolls=known + ["bogg", "boog", "bbog"])
    bot = make_bot("linyo", level, seed=3, budget=SMALL[level])
    decisions = 0
    while a.round < len(known) - 1 and not a.is_over:
        seat = a.current_seat
        va, vb = a.view(seat), b.view(seat)
        assert va == vb
        choice = bot.choose(va)
        assert make_bot("linyo", level, seed=3, budget=SMALL[level]).choose(vb) == choice
        a.apply(choice)
        b.apply(choice)
        decisions += 1
    assert decisions > 10


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_and_view_give_the_same_action(level):
    state = linyo.new_game(players=3, seed=21, sheet="B", difficulties=[2, 3, 4])
    for _ in range(30):
        if state.is_over:
            break
        view = state.view(state.current_seat)
        first = make_bot("linyo", level, seed=5, budget=SMALL[level]).choose(view)
        bot = make_bot("linyo", level, seed=5, budget=SMALL[level])
        bot.choose(linyo.new_game(players=1, seed=1).view(0))  # an earlier decision changes nothing
        assert bot.choose(view) == first
        state.apply(first)


@pytest.mark.parametrize("level", LEVELS)
def test_rank_gives_distinct_legal_actions_with_reasons(level):
    state = linyo.new_game(players=1, seed=12, sheet="A")
    bot = make_bot("linyo", level, seed=1, budget=SMALL[level])
    checked = 0
    while not state.is_over and checked < 12:
        view = state.view(0)
        legal = state.legal_actions()
        ranked = bot.rank(view, k=3)
        assert len(ranked) == min(3, len(legal))
        actions = [a for a, _, _ in ranked]
        assert len(set(actions)) == len(actions)
        assert all(a in legal for a in actions)
        assert all(isinstance(r, Reason) and r for _, _, r in ranked)
        scores = [s for _, s, _ in ranked]
        assert scores == sorted(scores, reverse=True)
        assert ranked[0][0] == bot.choose(view)
        state.apply(ranked[0][0])
        checked += 1


def spot(difficulty, rolls):
    state = linyo.new_game(players=1, seed=1, sheet=list(SPOT), difficulties=[difficulty],
                           rolls=["ooog"] + rolls)
    for text in SPOT_STARTS:
        state.apply(text)
    return state


@pytest.mark.parametrize("level", ("easy", "normal", "hard"))
def test_bot_keeps_its_line_open_at_difficulty_4(level):
    state = spot(4, ["bbbo"])
    by_line = linyo.moves_by_line(state)
    assert max(m.length for m in by_line[1]) == 2          # the tempting short move
    assert max(m.length for m in by_line[2]) == 4
    choice = make_bot("linyo", level, seed=2).choose(state.view(0))
    assert isinstance(choice, Move) and choice.line == 2 and choice.length == 4
    state.apply(choice)
    assert state.view(0)["seats"][0]["lines"][1]["open"]


@pytest.mark.parametrize("level", ("normal", "hard"))
def test_bot_prefers_a_long_move_at_difficulty_2(level):
    state = spot(2, ["bbbo"])
    choice = make_bot("linyo", level, seed=2).choose(state.view(0))
    assert isinstance(choice, Move) and choice.length >= 2


@pytest.mark.parametrize("level", ("easy", "normal", "hard"))
def test_four_of_a_kind_is_set_to_allow_a_full_move(level):
    state = spot(4, ["bbbb"])
    assert state.phase == "set"
    choice = make_bot("linyo", level, seed=2).choose(state.view(0))
    assert isinstance(choice, SetDice) and choice in state.legal_actions()
    assert choice.dice != (4, 0, 0)  # four blue only allows 3-field moves here
    state.apply(choice)
    assert max(m.length for moves in linyo.moves_by_line(state).values() for m in moves) >= 4


def test_start_fields_are_spread_out():
    state = linyo.new_game(players=1, seed=3, sheet="A", rolls=["bbog"])
    bot = make_bot("linyo", "normal", seed=1)
    while state.phase == "start":
        state.apply(bot.choose(state.view(0)))
    starts = [parse_field(line["fields"][0]) for line in state.view(0)["seats"][0]["lines"]]
    dists = [abs(a // 11 - b // 11) + abs(a % 11 - b % 11) for i, a in enumerate(starts) for b in starts[i + 1:]]
    assert min(dists) >= 3


def test_evaluator_counts_lost_fields():
    ev = Evaluator(linyo.SIDE_A)
    # a line at a1 walled in by reached b1 and a2... is closed: everything else is lost
    reached = (1 << 0) | (1 << 1) | (1 << 11)
    assert ev.value(reached, []) == -74
    f = ev.features(1 << 0, [(0, 0)])
    assert f["lost"] == 0 and f["reach"] == 76 and f["open"] == 1


def test_bad_level_is_refused():
    with pytest.raises(ValueError):
        make_bot("linyo", "expert")


def test_line_rolls_are_the_rolls_with_a_full_move():
    ev = Evaluator(linyo.SIDE_A, difficulty=2)
    k7 = parse_field("k7")  # blue star; j7 blue (then grey i7 or orange j6), k6 orange (then orange)
    rolls = [dice for i, (dice, _) in enumerate(ROLLS) if ev.line_rolls(1 << k7, k7) >> i & 1]
    assert (4, 0, 0) not in rolls and (0, 0, 4) not in rolls and (0, 1, 3) not in rolls
    assert (1, 0, 3) in rolls and (0, 2, 2) in rolls and (1, 1, 2) in rolls
    # a move ending on a star may be one die short: the star step makes it full
    ev3 = Evaluator(linyo.SIDE_A, difficulty=3)
    assert ev3.line_rolls(1 << k7, k7) & ~ev.line_rolls(1 << k7, k7) == 0


def test_rounds_left_reads_only_the_other_seats():
    from engine.bots.linyo_bots import HORIZON_FIELDS, rounds_left
    solo = linyo.new_game(players=1, seed=3)
    assert rounds_left(solo, 0) is None
    state = linyo.new_game(players=3, seed=3)
    play_starts = [make_bot("linyo", "normal", seed=s) for s in range(3)]
    while state.phase != "move":
        state.apply(play_starts[state.current_seat].choose(state.view(state.current_seat)))
    assert rounds_left(state, 0) == pytest.approx(73 / HORIZON_FIELDS)   # 77 fields, 4 starts
    state.reached[2] = linyo.sheets.FULL_MASK      # seat 2's open lines can reach nothing more
    assert rounds_left(state, 0) == 0.0
    assert rounds_left(state, 2) == pytest.approx(73 / HORIZON_FIELDS)


def test_hard_covers_more_now_when_another_seat_is_about_to_end_the_game():
    """Multi-seat games end after the round a seat has no open line: with the end at hand,
    hard plays the move covering the most fields; with it far away, it plays for room."""
    state = linyo.new_game(players=2, seed=5, sheet="A")
    bots = [make_bot("linyo", "normal", seed=s) for s in range(2)]
    hard = make_bot("linyo", "hard", seed=1)
    longest = differs = decisions = 0
    while not state.is_over and decisions < 30:
        seat = state.current_seat
        if seat == 0 and state.phase == "move" and linyo.moves_by_line(state):
            near = state.clone()
            near.open[1] = [False] * 4
            far = state.clone()                  # the other seat just started: the end is far
            far.lines[1] = [[line[0]] for line in far.lines[1]]
            far.open[1] = [True] * 4
            far.reached[1] = sum(1 << line[0] for line in far.lines[1])
            far_choice = hard.choose(far.view(0))
            near_choice = hard.choose(near.view(0))
            lengths = [m.length for ms in linyo.moves_by_line(state).values() for m in ms]
            assert isinstance(near_choice, Move) and near_choice in state.legal_actions()
            longest += near_choice.length == max(lengths)
            differs += near_choice != far_choice
            decisions += 1
        state.apply(bots[seat].choose(state.view(seat)))
    assert decisions >= 20
    assert longest >= 0.9 * decisions and differs >= decisions // 2
