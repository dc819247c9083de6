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

Line-it (`LineitSeat`): lines by direction, market cards to hand / to line,
cards played from hand, lines closed (forced ones too), bets played / won /
lost, jackpots won and their points, points from lines / jackpots / bets.
Linyo (`LinyoSeat`): free fields per row and in total, longest line, lines
aborted per cause, stars used, dice spent in moves per colour, perfect sheet.
`GameStats.series` holds each seat's score (Line-it) or free fields (Linyo)
after every round, for a chart.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence, Union

from engine.games import game as game_info
from engine.linyo.events import CHOSEN, DEAD_END, TOO_SHORT
from engine.linyo.sheets import COLOURS as DICE_COLOURS
from engine.linyo.sheets import COLS, ROWS

ABORT_CAUSES = (CHOSEN, TOO_SHORT, DEAD_END)   # the order of RULES.md's round-end checks


@dataclass(frozen=True)
class LineitSeat:
    """What one Line-it seat did and scored."""

    ascending: int = 0          # lines whose direction became ascending
    descending: int = 0
    to_hand: int = 0            # market cards taken into the hand
    to_line: int = 0            # market cards taken onto the line
    played: int = 0             # cards played from the hand (final plays too)
    closed: int = 0             # lines closed (the final closes too)
    forced: int = 0             # of which forced (RULES.md "Forced close")
    bets_played: int = 0        # Bet cards put on a line
    bets_won: int = 0
    bets_lost: int = 0
    jackpots: int = 0           # jackpots won
    jackpot_points: int = 0     # cards they banked
    line_points: int = 0        # cards banked by closing lines
    bet_points: int = 0         # bonuses minus penalties

    @property
    def takes(self) -> int:
        return self.to_hand + self.to_line

    @property
    def score(self) -> int:
        return self.line_points + self.jackpot_points + self.bet_points


@dataclass(frozen=True)
class LinyoSeat:
    """What one Linyo sheet looks like at the end, and how it got there."""

    free_rows: tuple[int, ...] = ()                  # top row first
    longest: int = 0                                 # fields of the longest line (its ● and × count)
    aborted: tuple[int, ...] = (0, 0, 0)             # per cause, in ABORT_CAUSES order
    stars: int = 0                                   # star steps taken
    dice: tuple[int, ...] = (0, 0, 0)                # dice spent in moves, per colour of DICE_COLOURS

    @property
    def free(self) -> int:
        return sum(self.free_rows)

    @property
    def perfect(self) -> bool:
        return bool(self.free_rows) and self.free == 0


Seat = Union[LineitSeat, LinyoSeat]


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
    if game == "lineit":
        return _lineit(list(events), players)
    if game == "linyo":
        return _linyo(list(events), players)
    raise ValueError(f"unknown game {game!r}")


# ---------------------------------------------------------------- Line-it

def _lineit(events: Sequence[Any], players: int) -> GameStats:
    counts = [dict.fromkeys(LineitSeat.__dataclass_fields__, 0) for _ in range(players)]
    score = [0] * players
    series: list[list[int]] = [[] for _ in range(players)]
    rounds = 0
    winners: tuple[int, ...] = ()
    finished = False
    for e in events:
        kind = e.kind
        if kind == "lineit.market_dealt":
            rounds += 1
        elif kind == "lineit.card_taken":
            counts[e.seat]["to_hand" if e.to == "hand" else "to_line"] += 1
            if e.to == "line" and e.card.startswith("B"):
                counts[e.seat]["bets_played"] += 1
        elif kind == "lineit.card_played":
            counts[e.seat]["played"] += 1
            if e.card.startswith("B"):
                counts[e.seat]["bets_played"] += 1
        elif kind == "lineit.direction_fixed":
            counts[e.seat][e.direction] += 1
        elif kind == "lineit.jackpot_won":
            counts[e.seat]["jackpots"] += 1
            counts[e.seat]["jackpot_points"] += len(e.cards)
            score[e.seat] += len(e.cards)
        elif kind == "lineit.bet_resolved":
            counts[e.seat]["bets_won" if e.won else "bets_lost"] += 1
            counts[e.seat]["bet_points"] += e.value if e.won else -e.value
        elif kind == "lineit.line_closed":
            counts[e.seat]["closed"] += 1
            counts[e.seat]["forced"] += int(e.forced)
            counts[e.seat]["line_points"] += len(e.banked)
            score[e.seat] += e.points          # banked cards ± the bet
        elif kind == "lineit.round_ended":
            for p in range(players):
                series[p].append(score[p])
        elif kind == "lineit.game_over":
            finished, winners = True, tuple(e.winners)
            for p in range(players):     # the final plays and closes: one last point
                series[p].append(score[p])
    return GameStats("lineit", tuple(LineitSeat(**c) for c in counts), rounds,
                     tuple(tuple(s) for s in series), 1, finished, winners)


# ---------------------------------------------------------------- Linyo

def _row(field_name: str) -> int:
    """Row index (0 = top) of a field written like "c4"."""
    return int(field_name[1:]) - 1


def _linyo(events: Sequence[Any], players: int) -> GameStats:
    reached = [[0] * ROWS for _ in range(players)]     # fields reached per row (●, steps; × is an end already reached)
    lines: list[dict[int, int]] = [{} for _ in range(players)]   # line -> fields
    aborted = [[0] * len(ABORT_CAUSES) for _ in range(players)]
    stars = [0] * players
    dice = [[0] * len(DICE_COLOURS) for _ in range(players)]
    series: list[list[int]] = [[] for _ in range(players)]
    rounds = 0
    winners: tuple[int, ...] = ()
    finished = False
    for e in events:
        kind = e.kind
        if kind == "linyo.start_placed":
            reached[e.seat][_row(e.field)] += 1
            lines[e.seat][e.line] = 1
        elif kind == "linyo.line_moved":
            steps = list(e.fields) + ([e.star] if e.star else [])
            for f in steps:
                reached[e.seat][_row(f)] += 1
            lines[e.seat][e.line] = lines[e.seat].get(e.line, 1) + len(steps)
            stars[e.seat] += int(e.star is not None)
            for letter in e.dice:
                dice[e.seat][DICE_COLOURS.index(letter)] += 1
        elif kind == "linyo.line_aborted":
            aborted[e.seat][ABORT_CAUSES.index(e.why)] += 1
        elif kind == "linyo.round_ended":
            rounds = e.round
            for p in range(players):
                series[p].append(ROWS * COLS - sum(reached[p]))
        elif kind == "linyo.game_over":
            finished, winners = True, tuple(e.winners)
    seats = tuple(LinyoSeat(free_rows=tuple(COLS - r for r in reached[p]),
                            longest=max(lines[p].values(), default=0),
                            aborted=tuple(aborted[p]), stars=stars[p], dice=tuple(dice[p]))
                  for p in range(players))
    return GameStats("linyo", seats, rounds, tuple(tuple(s) for s in series), 0, finished, winners)
