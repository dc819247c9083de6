"""End-of-game statistics per seat, computed only from a game's events.

The engine's events (`state.events`) are the one account of what happened; a
finished game's record replays into them (`from_record`), so the figures of a
game in the history are exactly those its results screen showed. Nothing here
reads a view or the table's drawing.

    >>> from engine.games import game
    >>> s = game("lineit").new_game(players=2, seed=7, first_seat=0)
    >>> while not s.is_over:
    ...     _ = s.apply(s.legal_actions()[0])
    >>> figures = from_state("lineit", s)
    >>> [p.score for p in figures.seats] == s.scores()
    True
    >>> figures.seats[0].line_points + figures.seats[0].jackpot_points + figures.seats[0].bet_points == s.scores()[0]
    True

Each game counts its own figures per seat in its package (`GameUI.game_stats`,
e.g. `game.lineit_table.tally`); this module names no game. `GameStats.series`
holds each seat's score after every round, for a chart.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from engine.games import game as game_info
from game.shell.frontends import frontend


Seat = Any      # a game's own per-seat figures (a frozen dataclass of its package)


@dataclass(frozen=True)
class GameStats:
    game: str
    seats: tuple[Seat, ...]
    rounds: int                                  # rounds played (Linyo: not counting the starts)
    series: tuple[tuple[int, ...], ...]          # per seat: score / free fields after each round
    first_round: int                             # the round of series[.][0] (Line-it 1, Linyo 0: the starts)
    finished: bool
    winners: tuple[int, ...] = field(default=())


def from_record(game: str, record: Mapping[str, Any]) -> GameStats:
    """Statistics of a recorded game, replayed through the rules (engine.core.BadSave if it cannot be)."""
    return from_state(game, game_info(game).from_json(dict(record)))


def from_state(game: str, state: Any) -> GameStats:
    """Statistics of a game state, read from its events only."""
    return from_events(game, state.events, len(state.scores()))


def from_events(game: str, events: Iterable[Any], players: int) -> GameStats:
    """Statistics from events, counted by the game's own front end (`GameUI.game_stats`)."""
    try:
        count = frontend(game).game_stats
    except KeyError:
        count = None
    if count is None:
        raise ValueError(f"unknown game {game!r}")
    return count(list(events), players)
