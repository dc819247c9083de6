"""Property tests over random seeded Linyo games: 1-6 players, sides A, B and random."""
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import linyo
from engine.core import IllegalAction, Rng
from engine.linyo import Abort, Move, SetDice, Start
from engine.linyo.sheets import NEIGHBOURS

games = st.tuples(
    st.integers(min_value=0, max_value=2**40),  # seed
    st.integers(min_value=1, max_value=6),  # players
    st.sampled_from(["A", "B", "random"]),
)


def new(seed, players, sheet):
    pick = Rng(seed ^ 0xD1FF)
    difficulties = [2 + pick.below(3) for _ in range(players)]
    return linyo.new_game(players=players, seed=seed, sheet=sheet, difficulties=difficulties)


def choose(state, rng):
    """A random legal action, biased to long moves so games run a while."""
    legal = state.legal_actions()
    if state.phase == "move" and rng.below(4):
        moves = [a for a in legal if isinstance(a, Move)]
        if moves:
            top = max(m.length for m in moves)
            longest = [m for m in moves if m.length == top]
            return longest[rng.below(len(longest))]
    return legal[rng.below(len(legal))]


def candidates(state, rng, n):
    """Random action texts near the legal ones: most are illegal, some legal."""
    out = []
    for _ in range(n):
        kind = rng.below(5)
        if kind == 0:
            out.append(str(SetDice(((k := rng.below(5)), (m := rng.below(5 - k)), 4 - k - m))))
        elif kind == 1:
            out.append(str(Start(rng.below(77))))
        elif kind == 2:
            out.append(str(Abort(1 + rng.below(4))))
        else:
            f = rng.below(77)
            if state.lines[0] and rng.below(2):
                lines = state.lines[state.current_seat if state.current_seat is not None else 0]
                if lines:
                    f = lines[rng.below(len(lines))][-1]
            path = []
            for _ in range(1 + rng.below(5)):
                nb = NEIGHBOURS[f] if rng.below(6) else tuple(range(77))
                f = nb[rng.below(len(nb))]
                path.append(f)
            star = path.pop() if len(path) > 1 and rng.below(2) else None
            out.append(str(Move(1 + rng.below(4), tuple(path[:4]), star)))
    return out


def check_invariants(state):
    for seat in range(state.players):
        fields = [f for line in state.lines[seat] for f in line]
        assert len(fields) == len(set(fields)), "a field reached twice"
        assert sum(1 << f for f in fields) == state.reached[seat]
        for line in state.lines[seat]:
            for a, b in zip(line, line[1:]):
                assert b in NEIGHBOURS[a]
        assert state.scores()[seat] == 77 - len(fields)
    if state.phase == "move":
        assert any(state.open[state.current_seat]), "a seat without open lines has to play"


@settings(max_examples=120, deadline=None)
@given(games)
def test_random_games_keep_every_rule_and_end(game):
    seed, players, sheet = game
    s = new(seed, players, sheet)
    rng = Rng(seed)
    steps = 0
    while not s.is_over:
        check_invariants(s)
        legal = s.legal_actions()
        texts = [str(a) for a in legal]
        assert len(set(texts)) == len(texts), "legal actions repeat"
        a = choose(s, rng)
        s.apply(a)
        steps += 1
        assert steps < 77 * 6 + 30 * 6 + 60, "the game does not end"
    check_invariants(s)
    assert s.legal_actions() == []
    assert any(not any(o) for o in s.open)
    assert s.winners() and all(0 <= w < players for w in s.winners())
    best = min(s.scores())
    assert all(s.scores()[w] == best for w in s.winners())


@settings(max_examples=60, deadline=None)
@given(games)
def test_legal_actions_apply_and_everything_else_is_refused_unchanged(game):
    seed, players, sheet = game
    s = new(seed, players, sheet)
    rng = Rng(seed + 1)
    probes = 0
    while not s.is_over and probes < 12:
        legal = s.legal_actions()
        legal_texts = {str(a) for a in legal}
        for a in legal:
            assert linyo.parse_action(str(a)) == a
        # every legal action applies (a sample of them on clones)
        for i in range(0, len(legal), max(1, len(legal) // 6)):
            c = s.clone()
            c.apply(legal[i])
            assert c.log[-1] == str(legal[i])
        before = s.to_json()
        view = s.view(0)
        for text in candidates(s, rng, 25):
            if text in legal_texts:
                s.clone().apply(text)
                continue
            try:
                s.apply(text)
            except IllegalAction as exc:
                assert str(exc)
            else:
                raise AssertionError(f"{text!r} was accepted but is not in legal_actions()")
            assert s.to_json() == before and s.view(0) == view
        s.apply(choose(s, rng))
        probes += 1


@settings(max_examples=60, deadline=None)
@given(games, st.integers(min_value=0, max_value=200))
def test_saves_round_trip_mid_game_and_continue_identically(game, cut):
    seed, players, sheet = game
    s = new(seed, players, sheet)
    rng = Rng(seed + 2)
    while not s.is_over and len(s.log) < cut:
        s.apply(choose(s, rng))
    loaded = linyo.from_json(json.loads(json.dumps(s.to_json())))
    assert loaded.to_json() == s.to_json()
    assert all(loaded.view(p) == s.view(p) for p in range(players))
    twin = s.clone()
    while not s.is_over:
        a = choose(s, rng)
        s.apply(a)
        loaded.apply(str(a))
        twin.apply(a)
        assert loaded.view(0) == s.view(0) == twin.view(0)
    assert loaded.is_over and loaded.scores() == s.scores() and twin.to_json() == s.to_json()


@settings(max_examples=40, deadline=None)
@given(games)
def test_same_seed_and_actions_give_the_same_game(game):
    seed, players, sheet = game
    a, b = new(seed, players, sheet), new(seed, players, sheet)
    rng = Rng(seed + 3)
    while not a.is_over:
        action = choose(a, rng)
        a.apply(action)
        b.apply(str(action))
        assert a.view(0) == b.view(0)
    assert b.is_over and a.to_json() == b.to_json()


@settings(max_examples=50, deadline=None)
@given(games)
def test_a_view_holds_no_future_roll(game):
    # Two games that share everything so far but whose later rolls differ
    # must look the same to every seat until the next roll happens.
    seed, players, sheet = game
    base = new(seed, players, sheet)
    setup = base.to_json()["setup"]
    setup.pop("rolls", None)
    a = linyo.new_game(seed=seed, rolls=["bbog", "bbog", "boog"], **setup)
    b = linyo.new_game(seed=seed, rolls=["bbog", "bbog", "ggbo"], **setup)
    rng = Rng(seed + 4)
    while a.round < 2 and not a.is_over:
        assert all(a.view(p) == b.view(p) for p in range(players))
        assert all("rng" not in json.dumps(a.view(p)) for p in range(players))
        action = choose(a, rng)
        a.apply(action)
        b.apply(action)
    if not a.is_over:
        assert a.view(0)["dice"] == "boog" and b.view(0)["dice"] == "bogg"


@settings(max_examples=40, deadline=None)
@given(games)
def test_playout_ends_and_leaves_the_original_alone(game):
    seed, players, sheet = game
    s = new(seed, players, sheet)
    rng = Rng(seed)
    for _ in range(rng.below(40)):
        if s.is_over:
            break
        s.apply(choose(s, rng))
    before = s.to_json()
    c = s.clone()
    scores = linyo.playout(c, Rng(seed + 5))
    assert c.is_over and scores == c.scores()
    check_invariants(c)
    assert s.to_json() == before
