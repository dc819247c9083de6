"""Property tests over random seeded Line-it games with 2 to 6 players."""
from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import IllegalAction, lineit
from engine.core import BadSave, Rng
from engine.lineit.actions import ACTION_OF_CODE
from engine.lineit.cards import FULL_COUNTS
from engine.lineit.line import moves
from engine.lineit.state import Phase
from engine.lineit.playout import playout
from test_lineit_helpers import snapshot

ALL = lineit.ALL_ACTIONS
games = st.tuples(st.integers(2, 6), st.integers(0, 2**32), st.sampled_from([1, 2]))


def random_game(players: int, seed: int, final_plays: int, rng: Rng):
    s = lineit.new_game(players, seed=seed, final_plays=final_plays)
    while not s.is_over:
        yield s
        s.apply(rng.choice(s.legal_actions()))
    yield s


@settings(max_examples=80, deadline=None)
@given(games)
def test_cards_accounted_legal_actions_apply_and_the_rest_is_refused(game):
    players, seed, final_plays = game
    rng = Rng(seed + 1)
    steps = 0
    for s in random_game(players, seed, final_plays, rng):
        steps += 1
        assert s._all_cards() == FULL_COUNTS  # the 106 cards, each exactly once
        legal = s.legal_actions()
        assert len(set(legal)) == len(legal)
        if s.is_over:
            assert legal == [] and s.current_seat is None
            break
        assert legal, "a seat to act always has a legal action"
        p = s.cur  # legal_actions writes line.moves out: both list the same moves, in order
        assert legal == moves(ACTION_OF_CODE, s.phase is Phase.FINAL, s.market, s.hands[p], s.ldir[p],
                              s.llast[p], s.lbet[p], s.taken, s.played, s.closed)
        assert s.legal_actions() == legal  # asked again before a move: the same list
        assert all(s.is_legal(a) for a in legal)
        if steps % 7 == 0:  # every legal action applies to a copy
            for a in legal:
                c = s.clone()
                c.apply(a)
                assert c._all_cards() == FULL_COUNTS
        before = snapshot(s)
        saved = s.to_json()
        legal_set = set(legal)
        others = [a for a in ALL if a not in legal_set]
        sample = others if steps % 25 == 1 else [rng.choice(others) for _ in range(4)]
        for a in sample:
            try:
                s.apply(a)
            except IllegalAction as exc:
                assert str(exc)
            else:
                raise AssertionError(f"{a} was applied but is not in legal_actions()")
        assert snapshot(s) == before
        assert s.to_json() == saved
    assert steps < 400


@settings(max_examples=40, deadline=None)
@given(games, st.floats(0, 1))
def test_saves_round_trip_mid_game_and_continue_identically(game, where):
    players, seed, final_plays = game
    s = lineit.new_game(players, seed=seed, final_plays=final_plays)
    rng = Rng(seed)
    actions = []
    while not s.is_over:
        actions.append(rng.choice(s.legal_actions()))
        s.apply(actions[-1])
    cut = int(where * len(actions))
    a = lineit.new_game(players, seed=seed, final_plays=final_plays)
    for x in actions[:cut]:
        a.apply(x)
    text = json.dumps(a.to_json())
    b = lineit.from_json(text)
    assert snapshot(b) == snapshot(a)
    assert b.view(0) == a.view(0)
    c = a.clone()
    assert snapshot(c) == snapshot(a)
    for x in actions[cut:]:
        a.apply(x)
        b.apply(str(x))
        c.apply(x)
    assert snapshot(a) == snapshot(b) == snapshot(c) == snapshot(s)
    assert a.scores() == s.scores() and a.winners() == s.winners()
    # same seed + same actions = same game, also through the record
    assert lineit.from_json(s.to_json()).to_json() == s.to_json()


def test_tampered_saves_are_refused_in_plain_words():
    s = lineit.new_game(3, seed=4)
    for _ in range(10):
        s.apply(s.legal_actions()[0])
    d = s.to_json()
    early = [c for c in d["chance"] if c["at"] <= 6]  # the outcomes the shorter game has
    bad = dict(d, actions=d["actions"][:5] + ["take 200 line"], chance=early)
    try:
        lineit.from_json(bad)
    except BadSave as exc:
        assert "action 6" in str(exc)
    else:
        raise AssertionError("tampered save accepted")
    bad = dict(d, actions=["end"], chance=early[:1])
    try:
        lineit.from_json(bad)
    except BadSave as exc:
        assert str(exc) == "action 1 ('end') cannot be replayed: take a market card first"
    else:
        raise AssertionError("tampered save accepted")
    for setup in ({"players": 9}, {"first_seat": 0}, {"players": 2, "deck": ["1"]}, {"players": 2, "x": 1}):
        try:
            lineit.from_json(dict(d, setup=setup))
        except BadSave:
            pass
        else:
            raise AssertionError(setup)


@settings(max_examples=40, deadline=None)
@given(games, st.floats(0, 1))
def test_views_hide_hands_and_draw_order_and_determinize_matches(game, where):
    players, seed, final_plays = game
    s = lineit.new_game(players, seed=seed, final_plays=final_plays)
    rng = Rng(seed)
    total = 0
    probe = s.clone()
    while not probe.is_over:
        probe.apply(rng.choice(probe.legal_actions()))
        total += 1
    rng = Rng(seed)
    for _ in range(int(where * total)):
        s.apply(rng.choice(s.legal_actions()))
    # the same game with another draw-pile order looks the same to everyone
    other = s.clone()
    rest = list(other.deck[other.pos:])
    Rng(seed + 7).shuffle(rest)
    other.deck = other.deck[:other.pos] + tuple(rest)
    for seat in range(players):
        v = s.view(seat)
        json.dumps(v)
        assert v == other.view(seat)
        for p, info in enumerate(v["seats"]):
            assert (info["hand"] is None) == (p != seat)
            assert info["hand_count"] == len(s.hands[p])
        det = lineit.determinize(v, Rng(seed + seat))
        assert det.view(seat) == v
        assert det.hands == s.hands  # other hands are known from the log
        assert det._all_cards() == FULL_COUNTS
        assert sorted(det.deck[det.pos:]) == sorted(s.deck[s.pos:])
        if not s.is_over:
            assert det.legal_actions() == s.legal_actions()
        assert lineit.from_json(det.to_json()).view(seat) == v
        assert len(playout(det, Rng(1))) == players


def _lcg_reference(s, seed64: int) -> list[int]:
    """Play through the public contract with the same choices playout makes."""
    M = (1 << 64) - 1
    x = seed64
    while not s.is_over:
        legal = s.legal_actions()
        x = (x * 6364136223846793005 + 1442695040888963407) & M
        s.apply(legal[((x >> 32) * len(legal)) >> 32])
    return s.scores()


@settings(max_examples=80, deadline=None)
@given(games, st.integers(0, 150))
def test_random_playout_is_the_public_random_game(game, cut):
    players, seed, final_plays = game
    s = lineit.new_game(players, seed=seed, final_plays=final_plays)
    r = Rng(seed)
    for _ in range(cut):
        if s.is_over:
            break
        s.apply(r.choice(s.legal_actions()))
    before = snapshot(s)
    rng = Rng(seed ^ 5)
    got = playout(s, rng)
    assert snapshot(s) == before  # playout never touches the state
    assert got == _lcg_reference(s.clone(), Rng(seed ^ 5).next64())
    assert playout(s, Rng(seed ^ 5)) == got
    g = playout(s, Rng(seed), "greedy")
    assert len(g) == players and g == playout(s, Rng(seed), "greedy")


def test_playout_advances_the_rng_once_and_rejects_unknown_policies():
    s = lineit.new_game(4, seed=2)
    rng = Rng(9)
    playout(s, rng)
    ref = Rng(9)
    ref.next64()
    assert rng.state == ref.state
    try:
        playout(s, rng, "smart")
    except ValueError:
        pass
    else:
        raise AssertionError("unknown policy accepted")


def test_greedy_playout_outscores_random():
    starts = [lineit.new_game(4, seed=i) for i in range(40)]
    rng = Rng(3)
    rand = sum(sum(playout(s, rng)) for s in starts)
    greedy = sum(sum(playout(s, rng, "greedy")) for s in starts)
    assert greedy > rand + 40 * 4 * 3  # at least 3 points per seat better on average
