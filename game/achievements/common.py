"""The achievements any game can earn: they read the seats, the winners and the statistics,
never a game's own events, so they name no game.

A daily challenge is a game whose setup config carries ``"daily": "<UTC ISO date>"``;
a later attempt on the same day is practice (``"challenge": "practice"`` in the config,
as `game.daily` marks it) and is no day of a streak. The days of a streak are those
the statistics keep: the daily section's days with a score (`game.daily`: "daily" ->
game -> date -> {"score": ...}), and the days of the counted dailies the achievements
saw end (their own "daily_days", so a streak counts before and without that section).
"""
from __future__ import annotations

import datetime as _dt
from typing import Any, Mapping

from game.shell.i18n import N_

from . import streak
from .model import Achievement, Finished

HARD_BOTS = 3
STREAK_GOAL = 10


def daily_day(config: Mapping[str, Any]) -> _dt.date | None:
    """The day of a counted daily challenge, or None (not a daily, or a practice attempt)."""
    if config.get("challenge") == "practice" or config.get("practice") is True:
        return None
    days = streak.parse_days([config.get("daily")])
    return next(iter(days), None)


def daily_days(stats: Mapping[str, Any]) -> set[_dt.date]:
    """The days of counted dailies the statistics keep (see the module text)."""
    kept = list(stats.get("achievements", {}).get("daily_days", ()))
    sections = stats.get("daily")
    for days in sections.values() if isinstance(sections, Mapping) else ():
        if isinstance(days, Mapping):
            kept += [date for date, day in days.items() if isinstance(day, Mapping) and day.get("score") is not None]
    return streak.parse_days(kept)


def _hard_bots_beaten(f: Finished) -> float:
    """The hard bots at a table a person won (0 for a game not won)."""
    return sum(1 for s in f.seats if s.get("kind") == "bot" and s.get("level") == "hard") if f.won else 0


def _daily(f: Finished) -> float:
    return 1 if daily_day(f.config) is not None else 0


def _daily_run(f: Finished) -> float:
    return streak.current(daily_days(f.stats), f.today)


ACHIEVEMENTS = (
    Achievement("any.hard_bots3", N_("Giant slayer"),
                N_("Win a game against three or more hard bots (a shared victory counts)."),
                None, _hard_bots_beaten, goal=HARD_BOTS),
    Achievement("any.daily1", N_("Same game for everyone"),
                N_("Finish a daily challenge (the first attempt of its day)."), None, _daily),
    Achievement("any.daily10", N_("Ten days running"),
                N_("Finish a daily challenge on ten days in a row (UTC days)."), None, _daily_run, goal=STREAK_GOAL),
)
