"""Per-seat figures of a Linyo game, counted from the engine's events (the statistics
panel and the history): free fields per row, longest line, aborts per cause, stars,
dice spent.

>>> from engine import linyo
>>> s = linyo.new_game(players=1, seed=2)
>>> while not s.is_over: _ = s.apply(s.legal_actions()[0])
>>> game_stats(s.events, 1).seats[0].free == s.scores()[0]
True
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from engine.linyo import COLOURS as DICE_COLOURS
from engine.linyo import FIELDS, free_rows, parse_field
from engine.linyo.events import CHOSEN, DEAD_END, TOO_SHORT
from game.files.game_stats import GameStats
from game.shell.i18n import _, ngettext

ABORT_CAUSES = (CHOSEN, TOO_SHORT, DEAD_END)   # the order of RULES.md's round-end checks


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


def game_stats(events: Sequence[Any], players: int) -> GameStats:
    """The figures of a Linyo game (or of its part so far) from its events."""
    reached: list[set[int]] = [set() for _ in range(players)]   # fields reached (●, steps; × is an end reached)
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
            reached[e.seat].add(parse_field(e.field))
            lines[e.seat][e.line] = 1
        elif kind == "linyo.line_moved":
            steps = list(e.fields) + ([e.star] if e.star else [])
            reached[e.seat].update(parse_field(f) for f in steps)
            lines[e.seat][e.line] = lines[e.seat].get(e.line, 1) + len(steps)
            stars[e.seat] += int(e.star is not None)
            for letter in e.dice:
                dice[e.seat][DICE_COLOURS.index(letter)] += 1
        elif kind == "linyo.line_aborted":
            aborted[e.seat][ABORT_CAUSES.index(e.why)] += 1
        elif kind == "linyo.round_ended":
            rounds = e.round
            for p in range(players):
                series[p].append(FIELDS - len(reached[p]))
        elif kind == "linyo.game_over":
            finished, winners = True, tuple(e.winners)
    seats = tuple(LinyoSeat(free_rows=tuple(free_rows(reached[p])),
                            longest=max(lines[p].values(), default=0),
                            aborted=tuple(aborted[p]), stars=stars[p], dice=tuple(dice[p]))
                  for p in range(players))
    return GameStats("linyo", seats, rounds, tuple(tuple(s) for s in series), 0, finished, winners)


def panel_rows() -> list[tuple[str, Callable[[Any], str]]]:
    """The results panel's rows: (label, value of a seat), in the current language."""
    return [
        (_("Free fields per row"), lambda s: " ".join(str(n) for n in s.free_rows)),
        (_("Free fields"), lambda s: str(s.free) + ("  ★" if s.perfect else "")),
        (_("Longest line"), lambda s: ngettext("{n} field", "{n} fields", s.longest).format(n=s.longest)),
        (_("Aborted: chosen / too short / dead end"), lambda s: " / ".join(str(n) for n in s.aborted)),
        (_("Stars used"), lambda s: str(s.stars)),
        (_("Dice used: blue / orange / grey"), lambda s: " / ".join(str(n) for n in s.dice)),
        (_("Perfect sheet"), lambda s: _("yes ★") if s.perfect else _("no")),
    ]
