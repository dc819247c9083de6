"""What an achievement is: data, and a measure of one finished game.

An achievement is declared once, as data: its id, the msgids of its title and
description, the game it belongs to (None: any game), and a *measure*: a
function of one finished game (`Finished`: its engine events, its setup
config, its winners, the statistics after it was counted) that returns a
number, or None when the game has nothing to measure. The achievement is
earned by the first game whose measure reaches `goal` (at least the goal, or
at most when `lower` is set: free fields), so the predicate is the measure
compared with its goal, and the best measure so far is the progress the
screen shows ("best so far: 4 of 6 cards").

A game's achievements live in its package (`game/<game>_table/achievements.py`)
and reach the shell through its front end's hook ``"achievements"``; the ones
that hold for any game are in `game.achievements.common`. Nothing here names
a game.
"""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping


@dataclass(frozen=True)
class Finished:
    """One finished game as the measures see it (built by `game.achievements.store.finished`)."""

    game: str
    events: tuple[Any, ...]                     # the engine's events, setup first (state.events)
    seats: tuple[Mapping[str, Any], ...]        # the setup config's seats (name, kind, level, difficulty)
    people: tuple[int, ...]                     # seats a person at this machine played
    winners: tuple[int, ...]
    config: Mapping[str, Any] = field(default_factory=dict)
    stats: Mapping[str, Any] = field(default_factory=dict)   # the statistics, this game counted
    today: _dt.date = field(default_factory=_dt.date.today)  # UTC

    @property
    def won(self) -> bool:
        """A person of this machine is among the winners (a shared victory too)."""
        return any(p in self.winners for p in self.people)

    def of_people(self, kind: str) -> list[Any]:
        """The events of `kind` that a person's seat caused (events with a `seat`)."""
        return [e for e in self.events if e.kind == kind and getattr(e, "seat", None) in self.people]


Measure = Callable[[Finished], "float | None"]


@dataclass(frozen=True)
class Achievement:
    """One achievement, declared as data (see the module text)."""

    id: str                 # stable, kept in the statistics file: "<game or any>.<name>"
    title: str              # msgid (N_)
    description: str        # msgid (N_): says exactly what earns it
    game: str | None        # the engine's game name; None: earned in any game
    measure: Measure
    goal: float = 1
    lower: bool = False     # the goal is a most (free fields), not a least

    def reached(self, value: float | None) -> bool:
        if value is None:
            return False
        return value <= self.goal if self.lower else value >= self.goal

    def earned_by(self, finished: Finished) -> bool:
        """The predicate: this finished game earns the achievement."""
        return self.reached(self.measure(finished))

    def better(self, value: float | None, than: float | None) -> bool:
        """`value` is nearer the goal than `than` (None: no measure yet)."""
        if value is None:
            return False
        if than is None:
            return True
        return value < than if self.lower else value > than

    @property
    def counted(self) -> bool:
        """Its progress is worth showing as a figure (a goal above one, or a most)."""
        return self.lower or self.goal > 1
