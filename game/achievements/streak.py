"""Daily streaks, counted from a set of dates (UTC calendar days).

The input is the plain set of days on which a counted daily was played (a
practice attempt is no such day); where the days come from is the caller's
(`game.achievements.store.daily_days`). A streak is alive while its last day
is today or yesterday: a day not played yet breaks nothing until it is over.

>>> from datetime import date
>>> days = {date(2026, 3, 1), date(2026, 3, 2), date(2026, 3, 3), date(2026, 3, 5)}
>>> current(days, date(2026, 3, 5)), current(days, date(2026, 3, 6)), current(days, date(2026, 3, 7))
(1, 1, 0)
>>> current(days, date(2026, 3, 3)), longest(days)
(3, 3)
"""
from __future__ import annotations

import datetime as _dt
from typing import Collection, Iterable

ONE_DAY = _dt.timedelta(days=1)


def utc_today() -> _dt.date:
    """Today's date in UTC: the daily challenges change at midnight UTC, for everybody at once."""
    return _dt.datetime.now(_dt.timezone.utc).date()


def parse_days(texts: Iterable[object]) -> set[_dt.date]:
    """The ISO dates ("2026-03-05") among `texts`; anything else is left out."""
    out = set()
    for text in texts:
        if isinstance(text, str):
            try:
                out.add(_dt.date.fromisoformat(text[:10]))
            except ValueError:
                continue
    return out


def current(days: Collection[_dt.date], today: _dt.date) -> int:
    """The run of consecutive days that ends today, or yesterday when today is not played yet."""
    day = today if today in days else today - ONE_DAY
    run = 0
    while day in days:
        run += 1
        day -= ONE_DAY
    return run


def longest(days: Collection[_dt.date]) -> int:
    """The longest run of consecutive days in `days`."""
    best = 0
    for day in days:
        if day - ONE_DAY in days:
            continue                 # not the first day of its run
        run = 1
        while day + run * ONE_DAY in days:
            run += 1
        best = max(best, run)
    return best
