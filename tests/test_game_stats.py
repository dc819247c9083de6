"""End-of-game statistics (game/files/game_stats.py): hand-checked event lists and seeded games."""
from __future__ import annotations

import pytest

from engine.core import Rng
from engine.games import game
from engine.lineit import events as L
from engine.linyo import events as Y
from game.files import game_stats as G
from game.linyo_table.tally import LinyoSeat


def _play(name: str, players: int, seed: int):
    s = game(name).new_game(players=players, seed=seed)
    rng = Rng(seed)
    while not s.is_over:
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    return s


NO_JACKPOTS = ((), (), (), ())


def test_lineit_hand_checked_events():
    events = [
        L.FirstSeat(0), L.MarketDealt(1, ("10", "20", "B3", "30")),
        L.CardTaken(0, "10", "line"), L.TurnEnded(0),
        L.CardTaken(1, "B3", "hand"), L.CardPlayed(1, "B3", False), L.TurnEnded(1),
        L.RoundEnded(1, (("20",), (), (), ()), (), 1),
        L.MarketDealt(2, ("11", "12", "13", "14")),
        L.CardTaken(1, "11", "line"), L.TurnEnded(1),
        L.CardTaken(0, "12", "line"), L.DirectionFixed(0, "ascending"), L.TurnEnded(0),
        L.RoundEnded(2, NO_JACKPOTS, (), 0),
        L.MarketDealt(3, ("9", "5", "17", "40")),
        L.CardTaken(0, "9", "hand"), L.TurnEnded(0),
        L.CardTaken(1, "5", "line"), L.DirectionFixed(1, "descending"),
        L.JackpotWon(1, "red", ("20", "24")), L.TurnEnded(1),
        L.RoundEnded(3, NO_JACKPOTS, (), 1),
        L.RemainderDealt((), NO_JACKPOTS, ()), L.FinalPlaysBegun(1, 1),
        L.Passed(1), L.CardPlayed(0, "9", True),
        L.FinalCloses((1, 0)),
        # seat 1: B3, 11, 5: the three Number cards... only two, so nothing banked; bet lost
        L.BetResolved(1, 3, False), L.LineClosed(1, (), ("11", "5"), False, -3),
        L.LineClosed(0, (), ("10", "12", "9"), False, 0),
        L.GameOver((0, -1), (0,)),
    ]
    st = G.from_events("lineit", events, 2)
    a, b = st.seats
    assert (a.ascending, a.descending, b.ascending, b.descending) == (1, 0, 0, 1)
    assert (a.to_line, a.to_hand, a.takes, a.played) == (2, 1, 3, 1)
    assert (b.to_line, b.to_hand, b.takes, b.played) == (2, 1, 3, 1)
    assert (b.bets_played, b.bets_won, b.bets_lost, b.bet_points) == (1, 0, 1, -3)
    assert (b.jackpots, b.jackpot_points) == (1, 2)
    assert (a.closed, a.forced, b.closed) == (1, 0, 1)
    assert (a.score, b.score) == (0, -1)
    assert st.rounds == 3 and st.finished and st.winners == (0,)
    assert st.series == ((0, 0, 0, 0), (0, 0, 2, -1))      # after rounds 1-3, then the end


def test_lineit_forced_close_and_won_bet():
    events = [L.FirstSeat(0), L.MarketDealt(1, ("1", "2", "3", "4")),
              L.BetResolved(0, 4, True), L.LineClosed(0, ("60", "70"), ("10", "20", "30"), True, 6)]
    a = G.from_events("lineit", events, 2).seats[0]
    assert (a.closed, a.forced, a.bets_won, a.bet_points, a.line_points, a.score) == (1, 1, 1, 4, 2, 6)


def test_linyo_hand_checked_events():
    events = [Y.FirstSeatChosen(0), Y.DiceRolled(0, 0, ("b", "o", "g", "g")),
              Y.StartPlaced(0, 1, "a1"), Y.StartPlaced(0, 2, "k1"), Y.StartPlaced(0, 3, "a7"),
              Y.StartPlaced(0, 4, "k7"), Y.RoundEnded(0),
              Y.DiceRolled(1, 0, ("b", "b", "o", "g")),
              Y.LineMoved(0, 1, ("a2", "a3"), "bo", "b3"), Y.RoundEnded(1),
              Y.DiceRolled(2, 0, ("b", "b", "b", "b")),
              Y.LineAborted(0, 2, "k1", Y.CHOSEN), Y.LineAborted(0, 3, "a7", Y.DEAD_END), Y.RoundEnded(2),
              Y.DiceRolled(3, 0, ("g", "g", "o", "o")),
              Y.LineMoved(0, 4, ("k6",), "g", None), Y.LineAborted(0, 4, "k6", Y.TOO_SHORT),
              Y.LineAborted(0, 1, "b3", Y.DEAD_END), Y.RoundEnded(3),
              Y.GameOver(((9, 10, 9, 11, 11, 10, 9),), (69,), (4,), (0,))]
    st = G.from_events("linyo", events, 1)
    (s,) = st.seats
    assert s.free_rows == (9, 10, 9, 11, 11, 10, 9) and s.free == 69
    assert s.longest == 4                      # a1 a2 a3 b3
    assert s.aborted == (1, 1, 2)              # chosen, too short, dead end
    assert (s.stars, s.dice, s.perfect) == (1, (1, 1, 1), False)
    assert st.series == ((73, 70, 70, 69),) and st.first_round == 0 and st.rounds == 3


def test_linyo_perfect_sheet_is_zero_free():
    assert LinyoSeat(free_rows=(0,) * 7).perfect
    assert not LinyoSeat(free_rows=(0,) * 6 + (1,)).perfect
    assert not LinyoSeat().perfect            # no sheet yet


@pytest.mark.parametrize("seed", range(40))
def test_lineit_seeded_games_add_up(seed):
    s = _play("lineit", 2 + seed % 5, seed)
    st = G.from_record("lineit", s.to_json())
    takes = sum(e.kind == "lineit.card_taken" for e in s.events)
    assert sum(p.takes for p in st.seats) == takes
    for p, score in zip(st.seats, s.scores()):
        assert p.line_points + p.jackpot_points + p.bet_points == score
        assert p.bets_won + p.bets_lost == p.bets_played        # every line closes at the end
        assert p.ascending + p.descending <= p.closed
        assert p.forced <= p.closed
    assert [ser[-1] for ser in st.series] == s.scores()
    assert all(len(ser) == st.rounds + 1 for ser in st.series)
    assert st.winners == tuple(s.winners()) and st.finished


@pytest.mark.parametrize("seed", range(40))
def test_linyo_seeded_games_add_up(seed):
    s = _play("linyo", 1 + seed % 6, seed)
    st = G.from_record("linyo", s.to_json())
    over = s.events[-1]
    assert [p.free for p in st.seats] == s.scores() == list(over.free)
    assert tuple(p.free_rows for p in st.seats) == over.free_rows
    assert tuple(p.longest for p in st.seats) == over.longest
    assert [ser[-1] for ser in st.series] == s.scores()
    assert all(ser[0] == 77 - 4 for ser in st.series)          # the four starts
    assert all(len(ser) == st.rounds + 1 for ser in st.series)
    assert max(sum(p.aborted) for p in st.seats) == 4      # the game ends when a sheet has all lines aborted
    for p in st.seats:
        assert sum(p.aborted) <= 4 and sum(p.dice) <= 4 * st.rounds
        assert p.perfect == (p.free == 0)


def test_unfinished_game_has_no_winner_and_counts_so_far():
    s = game("lineit").new_game(players=3, seed=5, first_seat=0)
    for _ in range(10):
        s.apply(s.legal_actions()[0])
    st = G.from_state("lineit", s)
    assert not st.finished and st.winners == ()
    assert sum(p.takes for p in st.seats) == sum(e.kind == "lineit.card_taken" for e in s.events)


def test_unknown_game_is_refused():
    with pytest.raises(ValueError):
        G.from_events("chess", [], 2)
