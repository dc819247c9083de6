"""Coded refusals: every code in engine/linyo/refusals.py is raised by some position, with
its parameters, and a refusal changes nothing. Also: the move check agrees with the one
move rule (`move_paths`) on random moves, and a drawing screen gets the real reason."""
import pytest

from engine import linyo
from engine.core import IllegalAction, Rng
from engine.linyo import REFUSALS, Move, SetDice, parse_field
from engine.linyo.sheets import NEIGHBOURS

STRIPES = [
    "bbBbbbbbbbb",  # 1: c1 star
    "ooOoooooooo",  # 2: c2 star
    "ggggggggggg",  # 3
    "bbbbbBbbbbb",  # 4: f4 star
    "ooooooooooo",  # 5
    "ggggggggggg",  # 6
    "bogbogbogbo",  # 7
]


def solo(rolls, starts=(), **kw):
    s = linyo.new_game(players=1, seed=1, sheet=STRIPES, rolls=rolls, **kw)
    for f in starts:
        s.apply(f"start {f}")
    return s


def moving(rolls=("bogg", "bbog"), starts=("a1", "a2", "a3", "a6")):
    return solo(list(rolls), starts)


def over():
    s = solo(["bogg", "gggg", "bogg", "bogg", "bogg", "bogg"], ["a1", "a2", "a3", "a6"])
    while not s.is_over:
        s.apply(next(a for a in s.legal_actions() if str(a).startswith(("abort", "set"))))
    return s


# code -> (a state factory, an action (or a callable raising on the state), expected params)
CASES = {
    "action.not_text": (moving, 42, {"value": "42"}),
    "action.empty": (moving, "  ", {}),
    "action.unknown": (moving, "fly 2", {"verb": "fly"}),
    "action.set_form": (moving, "set", {}),
    "action.start_form": (moving, "start a1 a2", {}),
    "action.abort_form": (moving, "abort", {}),
    "action.move_form": (moving, "move 2", {}),
    "action.bad_roll": (moving, "set bbox", {"text": "bbox"}),
    "action.bad_field": (moving, "start z9", {"text": "z9"}),
    "action.bad_line": (moving, "abort 5", {"text": "5"}),
    "action.star_not_last": (moving, "move 1 +b1 c1", {}),
    "action.star_only": (moving, "move 1 +b1", {}),
    "move.too_many_dice": (moving, "move 1 b1 c1 d1 e1 f1", {"most": 4}),
    "game.over": (over, "abort 1", {}),
    "chance.pending": (lambda: linyo.new_game(players=2, external_chance=True), "abort 1",
                       {"need": "first_seat"}),
    "turn.set_pending": (lambda: solo(["gggg"]), "start a1", {"roll": "gggg"}),
    "turn.starts_pending": (lambda: solo(["bogg"]), "abort 1", {}),
    "set.not_now": (moving, "set bbog", {}),
    "start.not_now": (moving, "start e5", {}),
    "set.keep_colour": (lambda: solo(["gggg"]), "set bboo", {"colour": "grey"}),
    "start.taken": (lambda: solo(["bogg"], ["a1"]), "start a1", {"field": "a1"}),
    "start.no_die": (lambda: solo(["bogg"], ["a1"]), "start b1", {"field": "b1", "colour": "blue"}),
    "start.not_rolled": (lambda: solo(["oggg"]), "start a1", {"field": "a1", "colour": "blue"}),
    "line.none": (lambda: linyo.new_game(players=1, seed=1, sheet=STRIPES, rolls=["bogg", "bogg"]),
                  None, {}),  # replaced below: a line number past the seat's lines needs a value
    "line.closed": (lambda: _closed(), "move 1 b1", {"end": "a1"}),
    "move.not_from_end": (lambda: _grown(), "move 1 b2", {"end": "c1"}),
    "move.not_adjacent": (moving, "move 1 c1", {"field": "c1", "prev": "a1"}),
    "move.repeated": (moving, "move 4 a7 b7 a7", {"field": "a7"}),
    "move.taken": (moving, "move 1 a2", {"field": "a2"}),
    "move.no_die": (moving, "move 1 b1 c1 d1", {"field": "d1", "colour": "blue"}),
    "move.not_rolled": (lambda: moving(("bogg", "oogg")), "move 1 b1", {"field": "b1", "colour": "blue"}),
    "move.no_star": (moving, "move 4 a7 +b7", {}),
    "move.after_star": (None, None, {}),  # raised by why_not_step, see below
    "chance.not_needed": (None, None, {}),
    "chance.wrong_count": (None, None, {}),
    "chance.bad_face": (None, None, {}),
    "chance.bad_seat": (None, None, {}),
    "chance.bare_text": (None, None, {}),
}


def _closed():
    s = moving(("bogg", "bbog", "bbog"))
    s.apply("abort 1")
    return s


def _grown():
    s = moving(("bogg", "bbog", "bbog"))
    s.apply("move 1 b1 c1")
    return s


def _raise(code):
    """The IllegalAction of a position built for `code` (and a check that nothing changed)."""
    make, action, _ = CASES[code]
    if code == "line.none":
        s = solo(["bogg", "bbog"], ["a1", "a2", "a3", "a6"])
        action = Move(5, (parse_field("b1"),))  # a value never parsed from text
        make = lambda: s  # noqa: E731
    if code == "move.after_star":
        s = solo(["bogg", "bbog"], ["a1", "a2", "a3", "a6"])
        r = s.why_not_step(1, [parse_field("b1"), parse_field("c1")], parse_field("d1"), parse_field("e1"))
        return IllegalAction(str(r), r.code, r.params)
    if code.startswith("chance.") and code != "chance.pending":
        e = linyo.new_game(players=2, external_chance=True)
        outcome = {"chance.wrong_count": ["0", "1"], "chance.bad_seat": ["2"], "chance.bare_text": "1"}.get(code)
        if code == "chance.bad_face":
            e.resolve_chance(["1"])
            outcome = ["b", "o", "x", "g"]
        if code == "chance.not_needed":
            e.resolve_chance(["1"])
            e.resolve_chance(["b", "o", "g", "g"])
            outcome = ["b", "o", "g", "g"]
        before = (e.view(0), list(e.chance), list(e.events))
        with pytest.raises(IllegalAction) as info:
            e.resolve_chance(outcome)
        assert (e.view(0), list(e.chance), list(e.events)) == before
        return info.value
    s = make()
    before = (s.to_json(), s.view(0), list(s.events))
    refusal = s.why_illegal(action)
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    assert (s.to_json(), s.view(0), list(s.events)) == before
    assert refusal == str(info.value) and refusal.code == info.value.code
    return info.value


@pytest.mark.parametrize("code", sorted(CASES))
def test_every_code_is_raised_with_its_params(code):
    exc = _raise(code)
    assert exc.code == code
    expected = CASES[code][2]
    for key, value in expected.items():
        assert exc.params[key] == value
    assert str(exc) == REFUSALS.templates[code].format(**exc.params)


def test_the_catalogue_is_exactly_the_codes_raised():
    assert set(CASES) == set(REFUSALS)
    assert {_raise(code).code for code in CASES} == set(REFUSALS)


def test_the_old_sentences_are_kept():
    s = solo(["bogg", "bbog"], ["a1", "a2", "a3", "a6"])
    assert s.why_illegal("move 1 b1 c1 d1") == "d1 is blue but no blue die is left"
    assert s.why_illegal("move 1 a2") == "a2 is already on one of your lines"
    assert s.why_illegal("start c4") == "the start fields are already marked"
    assert s.why_illegal("move 1 b1") is None


def test_far_click_after_a_star_step_is_not_called_the_star_rule():
    s = solo(["bogg", "bbog"], ["a1", "a2", "a3", "a6"])
    b1, c1, d1 = (parse_field(f) for f in ("b1", "c1", "d1"))
    near = s.why_not_step(1, [b1, c1], d1, parse_field("e1"))
    far = s.why_not_step(1, [b1, c1], d1, parse_field("h5"))
    assert near.code == "move.after_star"
    assert far.code == "move.not_adjacent" and far.params == {"field": "h5", "prev": "d1"}
    assert s.why_not_step(1, [b1], None, c1) is None            # a dice step
    assert s.why_not_step(1, [b1, c1], None, d1) is None        # the star step after c1
    assert s.why_not_step(1, [], None, parse_field("a2")).code == "move.taken"


@pytest.mark.parametrize("seed", range(12))
def test_the_check_agrees_with_the_move_rule_on_random_moves(seed):
    """A move is accepted exactly when `move_paths` generates it, and every refusal names a reason."""
    rng = Rng(seed)
    s = linyo.new_game(players=2, seed=seed, sheet="AB"[seed % 2])
    checked = 0
    while not s.is_over and checked < 400:
        if s.phase == "move":
            legal = {str(a) for a in s.legal_actions()}
            seat = s.current_seat
            for _ in range(25):
                li = rng.below(len(s.lines[seat]))
                pos = s.lines[seat][li][-1] if rng.below(4) else rng.below(77)
                fields = []
                for _ in range(1 + rng.below(4)):
                    pos = NEIGHBOURS[pos][rng.below(len(NEIGHBOURS[pos]))]
                    fields.append(pos)
                star = None
                if rng.below(3) == 0:
                    star = NEIGHBOURS[pos][rng.below(len(NEIGHBOURS[pos]))]
                m = Move(li + 1, tuple(fields), star)
                refusal = s.why_illegal(m)
                assert (refusal is None) == (str(m) in legal), (str(m), refusal)
                checked += 1
        s.apply(s.legal_actions()[rng.below(len(s.legal_actions()))])


def test_set_values_not_from_text_are_refused():
    s = solo(["gggg"])
    assert s.why_illegal(SetDice((1, 1, 1))).code == "action.bad_roll"


@pytest.mark.parametrize("text", ["fly 2", "", 42, "move 9 z9", "abort 1"])
def test_a_finished_or_waiting_game_says_so_before_reading_the_text(text):
    """The game being over (or waiting for chance) is the first thing a player is told,
    even for a text that is no action at all."""
    for make, code in ((over, "game.over"),
                       (lambda: linyo.new_game(players=2, external_chance=True), "chance.pending")):
        s = make()
        assert s.why_illegal(text).code == code
        with pytest.raises(IllegalAction) as info:
            s.apply(text)
        assert info.value.code == code
