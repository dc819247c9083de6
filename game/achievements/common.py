"""The achievements any game can earn: they read the seats, the winners and the statistics,
never a game's own events, so they name no game.

A daily challenge is a game whose setup config carries ``"daily": "<UTC ISO date>"``;
a later attempt on the same day is practice (``"practice": true`` in the config) and
is no day of a streak.
"""
from __future__ import annotations

import datetime as _dt
from typing import Any, Mapping

from game.i18n import N_

from . import streak
from .model import Achievement, Finished

HARD_BOTS = 3
STREAK_GOAL = 10


def daily_day(config: Mapping[str, Any]) -> _dt.date | None:
    """The day of a counted daily challenge, or None (not a daily, or a practice attempt)."""
    if config.get("practice") is True:
        return None
    days = streak.parse_days([config.get("daily")])
    return next(iter(days), None)


def daily_days(stats: Mapping[str, Any]) -> set[_dt.date]:
    """The days of counted dailies the statistics keep."""
    return streak.parse_days(stats.get("achievements", {}).get("daily_days", ()))


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
