"""The daily sheet: the daily challenge's sheet and dice (`game.daily`), the same for everybody on a
UTC day, offered by the setup and the results to play with any seats and difficulty.

>>> import datetime
>>> cfg = daily_config(datetime.date(2025, 3, 9), "Ada")
>>> cfg["seed"] == daily_seed(datetime.date(2025, 3, 9)), cfg["sheet"], cfg["daily"], cfg["seats"][0]["name"]
(True, 'random', '2025-03-09', 'Ada')
"""
from __future__ import annotations

import datetime as _dt
from typing import Any

from game.daily.day import seed_for, today


def daily_seed(day: _dt.date) -> int:
    """The seed of `day`'s daily challenge of Linyo: its random sheet and its rolls."""
    return seed_for("linyo", day)


def daily_config(day: _dt.date | None = None, name: str = "", difficulty: int = 2) -> dict[str, Any]:
    """A solo setup config (see `game.shell.tables`) for the daily sheet of `day` (today, UTC)."""
    day = day or today()
    return {"game": "linyo",
            "seats": [{"name": name or "Player", "kind": "human", "level": None, "difficulty": difficulty}],
            "first_seat": 0, "seed": daily_seed(day), "sheet": "random", "daily": day.isoformat()}
