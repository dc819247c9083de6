"""Statistics of finished games, kept in `statistics.json`.

Tables call `record_result(game, result)` once when a game ends. The result:

    {
      "seats": [                                 # in seat order
        {"name": "Ada", "kind": "human", "level": None, "score": 31},
        {"name": "Bot 1", "kind": "bot", "level": "hard", "score": 35},
      ],
      "winners": [1],                            # seat indexes (ties: several)
      "game_id": "9f0c…",                        # optional: the table's id of the game
      # Linyo only:
      "sheet": "A",                              # "A" | "B" | "random"
      "difficulties": [2, 3],                    # per seat
    }

`score` is the game's own score: Line-it points (higher is better), Linyo
free fields (lower is better; 0 = a perfect sheet). `level` is "easy" |
"normal" | "hard" for bots, None for humans.

What is kept (only games with at least one human seat count):
A result whose `game_id` is already in the history is not counted again (a
saved game loaded and finished twice).

- per game: games, wins (a human seat among the winners; a solo game is no
  win, there is nobody to beat), best human score,
  and per bot level met: games and wins against that level;
- Linyo solo (one seat, human): per "sheet/difficulty", games and best free
  count; every perfect sheet (0 free) of any Linyo game, with its date;
- the last 200 results as they came (for later views).
"""
from __future__ import annotations

import datetime as _dt
from typing import Any

from engine.games import game as game_info

from . import storage
from .i18n import _

VERSION = 1
LEVELS = ("easy", "normal", "hard")
HISTORY = 200


def empty() -> dict:
    """Statistics with no game yet."""
    return {"version": VERSION,
            "games": {g: {"games": 0, "wins": 0, "best": None,
                          "levels": {lv: {"games": 0, "wins": 0} for lv in LEVELS}}
                      for g in storage.GAMES},
            "linyo_solo": {}, "perfect": [], "history": []}


def _check(data: dict) -> None:
    for g in storage.GAMES:
        entry = data["games"][g]
        int(entry["games"]), int(entry["wins"])
        for lv in LEVELS:
            int(entry["levels"][lv]["games"])
    if not isinstance(data["linyo_solo"], dict) or not isinstance(data["perfect"], list):
        raise TypeError("shape")
    if not isinstance(data["history"], list):
        raise TypeError("history")


def load() -> dict:
    """Stored statistics (or empty ones; an unusable file is set aside)."""
    data = storage.read_json(storage.stats_path(), VERSION, _("Your statistics file"), _check)
    return data if data else empty()


def _validate(game: str, result: dict) -> None:
    if game not in storage.GAMES:
        raise ValueError(f"unknown game {game!r}")
    seats = result.get("seats")
    if not isinstance(seats, list) or not seats:
        raise ValueError("result needs a non-empty 'seats' list")
    for seat in seats:
        if seat.get("kind") not in ("human", "bot") or not isinstance(seat.get("score"), (int, float)):
            raise ValueError(f"bad seat in result: {seat!r}")
    winners = result.get("winners")
    if not isinstance(winners, list) or not all(isinstance(w, int) and 0 <= w < len(seats) for w in winners):
        raise ValueError("result 'winners' must be seat indexes")


def record_result(game: str, result: dict[str, Any]) -> bool:
    """Add one finished game; returns False if it had no human seat or was counted before.

    Raises ValueError for a result that does not have the documented shape.
    """
    _validate(game, result)
    seats = result["seats"]
    humans = [i for i, s in enumerate(seats) if s["kind"] == "human"]
    if not humans:
        return False
    data = load()
    game_id = result.get("game_id")
    if game_id is not None and any(h.get("game_id") == game_id for h in data["history"] if isinstance(h, dict)):
        return False
    entry = data["games"][game]
    won = len(seats) > 1 and any(w in humans for w in result["winners"])
    entry["games"] += 1
    entry["wins"] += int(won)
    lower_is_better = game_info(game).lower_is_better
    scores = [seats[i]["score"] for i in humans]
    best_now = min(scores) if lower_is_better else max(scores)
    if entry["best"] is None:
        entry["best"] = best_now
    else:
        entry["best"] = min(entry["best"], best_now) if lower_is_better else max(entry["best"], best_now)
    for lv in {s.get("level") for s in seats if s["kind"] == "bot"}:
        if lv in LEVELS:
            entry["levels"][lv]["games"] += 1
            entry["levels"][lv]["wins"] += int(won)
    today = _dt.date.today().isoformat()
    if game == "linyo":
        sheet = str(result.get("sheet", "A"))
        diffs = result.get("difficulties") or [2] * len(seats)
        if len(seats) == 1:
            key = f"{sheet}/{diffs[0]}"
            solo = data["linyo_solo"].setdefault(key, {"games": 0, "best": None})
            solo["games"] += 1
            solo["best"] = seats[0]["score"] if solo["best"] is None else min(solo["best"], seats[0]["score"])
        for i in humans:
            if seats[i]["score"] == 0:
                data["perfect"].append({"name": seats[i].get("name", ""), "sheet": sheet,
                                        "difficulty": diffs[i] if i < len(diffs) else None, "date": today})
    data["history"].append({"game": game, "date": today, **result})
    del data["history"][:-HISTORY]
    storage.write_json(storage.stats_path(), data)
    return True
