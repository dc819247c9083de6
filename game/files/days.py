"""A day as a kept game names it: the date (YYYY-MM-DD) and that day's seed of a game.

The daily challenge (`game.daily.day`) plays the day's seed; the history
(`game.files.history`) checks a file's "daily" against it without importing the
daily challenge, which is built on the history, not under it.
"""
from __future__ import annotations

import datetime as _dt
import hashlib
from typing import Any

SEED_BITS = 53          # a seed any JSON reader keeps exactly


def seed_for(game: str, day: _dt.date) -> int:
    """The day's seed of `game`: the same on every machine, different for each game and day.

    >>> seed_for("lineit", _dt.date(2026, 1, 1))
    3147821522830635
    """
    digest = hashlib.sha256(f"linebox daily {game} {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & ((1 << SEED_BITS) - 1)


def parse_date(text: Any) -> _dt.date | None:
    """A YYYY-MM-DD date, or None for anything else.

    >>> parse_date("2026-11-27"), parse_date("2026-13-01"), parse_date(7)
    (datetime.date(2026, 11, 27), None, None)
    """
    if not isinstance(text, str) or len(text) != 10:
        return None
    try:
        return _dt.date.fromisoformat(text)
    except ValueError:
        return None
