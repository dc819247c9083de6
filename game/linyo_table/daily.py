"""The daily sheet: one random sheet and seed per calendar day, the same for
everybody, so friends can compare the same game.

>>> import datetime
>>> cfg = daily_config(datetime.date(2025, 3, 9), "Ada")
>>> cfg["seed"], cfg["sheet"], cfg["daily"], cfg["seats"][0]["name"]
(20250309, 'random', '2025-03-09', 'Ada')
"""
from __future__ import annotations

import datetime as _dt
from typing import Any


def daily_seed(day: _dt.date) -> int:
    return day.year * 10000 + day.month * 100 + day.day


def daily_config(day: _dt.date | None = None, name: str = "", difficulty: int = 2) -> dict[str, Any]:
    """A solo setup config (see `game.tables`) for the daily sheet of `day` (today)."""
    day = day or _dt.date.today()
    return {"game": "linyo",
            "seats": [{"name": name or "Player", "kind": "human", "level": None, "difficulty": difficulty}],
            "first_seat": 0, "seed": daily_seed(day), "sheet": "random", "daily": day.isoformat()}
