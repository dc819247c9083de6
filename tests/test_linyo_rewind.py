"""Undo by replay: `rewind(k)` then re-applying the actions after k gives the same game, at
every step of 200 random games (seeded and external chance); undo never crosses a roll."""
import pytest

from engine import linyo
from engine.core import Rng


def _state(s):
    return ([s.view(q) for q in range(s.players)], s.scores(),
            [e.to_json() for e in s.events], s.to_json())


def _step(s, rng):
    if s.chance_needed is not None:
        if s.chance_needed.kind == "first_seat":
            s.resolve_chance([str(rng.below(s.players))])
        else:
            s.resolve_chance(["bboogg"[rng.below(6)] for _ in range(4)])
        return
    legal = s.legal_actions()
    moves = [a for a in legal if isinstance(a, linyo.Move)]
    pick = moves if moves and rng.below(4) else legal
    s.apply(pick[rng.below(len(pick))])


def replay_after(r, s, k):
    """Re-apply `s`'s actions after the first k to `r`, feeding its chance outcomes from outside
    (a seeded game redraws them itself)."""
    outside = [c for c in s.chance if c.at > k] if s.seed is None else []
    for i in range(k, len(s.log) + 1):
        while outside and outside[0].at == i:
            r.resolve_chance(outside.pop(0).outcome)
        if i < len(s.log):
            r.apply(s.log[i])
    assert not outside


@pytest.mark.parametrize("block", range(4))
def test_rewind_then_replay_is_the_same_game_at_every_step(block):
    for game in range(block * 50, block * 50 + 50):
        rng = Rng(game)
        players = 1 + game % 4
        kw = {"sheet": ("A", "B", "random")[game % 3],
              "difficulties": [2 + rng.below(3) for _ in range(players)]}
        if game % 4 == 3:
            s = linyo.new_game(players=players, external_chance=True, **kw)
        else:
            s = linyo.new_game(players=players, seed=game, **kw)
        while not s.is_over:
            _step(s, rng)
            n = len(s.log)
            k = rng.below(n + 1)
            r = s.rewind(k, any=True)
            assert len(r.log) == k
            replay_after(r, s, k)
            assert _state(r) == _state(s)


def test_undo_points_cover_a_seats_own_starts_and_stop_at_rolls():
    s = linyo.new_game(players=2, seed=5, sheet="A", first_seat=0, rolls=["bogg"])
    assert s.undo_points() == []
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert s.undo_points() == [0, 1]
    back = s.rewind(1)
    assert back.log == s.log[:1] and back.current_seat == 0 and s.to_json()["actions"] == s.log
    for _ in range(2):
        s.apply(s.legal_actions()[0])
    assert s.current_seat == 1 and s.undo_points() == []      # another seat's starts are not its
    s.apply(s.legal_actions()[0])
    assert s.undo_points() == [4]
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    assert s.phase == "move" and s.undo_points() == []         # the round's roll is behind
    with pytest.raises(ValueError):
        s.rewind(7)
    with pytest.raises(ValueError):
        s.rewind(99, any=True)


def test_a_state_without_a_record_cannot_rewind():
    s = linyo.state_from_view(linyo.new_game(players=1, seed=2).view(0))
    with pytest.raises(ValueError):
        s.rewind(0, any=True)
