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

from . import schema, storage
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


_LEVEL = schema.Obj(required={"games": schema.COUNT, "wins": schema.COUNT})
_GAME = schema.Obj(required={"games": schema.COUNT, "wins": schema.COUNT, "best": schema.maybe(schema.SCORE),
                             "levels": schema.Obj(required={lv: _LEVEL for lv in LEVELS})})
_SEAT_RESULT = schema.Obj(required={"kind": schema.one_of("human", "bot"), "score": schema.SCORE},
                          optional={"name": schema.NAME, "level": schema.maybe(schema.one_of(*LEVELS))})
#: what a table passes to `record_result` (documented above)
RESULT = schema.Obj(required={"seats": schema.ListOf(_SEAT_RESULT, schema.MAX_SEATS, 1),
                              "winners": schema.ListOf(schema.SEAT_INDEX, schema.MAX_SEATS)},
                    optional={"sheet": schema.Text(12), "difficulties": schema.ListOf(schema.Int(1, 9), schema.MAX_SEATS),
                              "game_id": schema.Text(40)})
_HISTORY = schema.Obj(required={**RESULT.required, "game": schema.one_of(*storage.GAMES), "date": schema.DATE},
                      optional=RESULT.optional)
_PERFECT = schema.Obj(required={"name": schema.NAME, "sheet": schema.Text(12),
                                "difficulty": schema.maybe(schema.Int(1, 9)), "date": schema.DATE})
MAX_PERFECT = 1000
MAX_SOLO = 64             # "sheet/difficulty" keys: 3 sheets x 3 difficulties today
#: statistics.json: every field a screen or `record_result` reads
SCHEMA = schema.Obj(required={
    "games": schema.Obj(required={g: _GAME for g in storage.GAMES}),
    "linyo_solo": schema.MapOf(schema.Obj(required={"games": schema.COUNT, "best": schema.maybe(schema.SCORE)}),
                               MAX_SOLO, schema.Text(20)),
    "perfect": schema.ListOf(_PERFECT, MAX_PERFECT),
    "history": schema.ListOf(_HISTORY, HISTORY)})


def load() -> dict:
    """Stored statistics (or empty ones; an unusable file is set aside)."""
    data = storage.read_json(storage.stats_path(), VERSION, _("Your statistics file"), SCHEMA, storage.STATS_LIMIT)
    return data if data else empty()


def _validate(game: str, result: dict) -> None:
    if game not in storage.GAMES:
        raise ValueError(f"unknown game {game!r}")
    RESULT.check(result, "result")       # Refused is a ValueError
    if any(w >= len(result["seats"]) for w in result["winners"]):
        raise ValueError("result 'winners' must be seat indexes")


def _bump(counts: dict, key: str, by: int = 1) -> None:
    counts[key] = min(schema.COUNT.hi, counts[key] + by)


def record_result(game: str, result: dict[str, Any]) -> bool:
    """Add one finished game; returns False if it had no human seat or was counted before.

    Raises ValueError for a result that does not have the documented shape
    (names up to 40 characters, at most 6 seats); never for what it loads,
    which `load()` checked against SCHEMA. A failed write is reported to the
    player once (storage.store) and the game still counts as recorded.
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
    won = len(seats) > 1 and any(w in humans for w in result["winners"])   # solo: no win
    _bump(entry, "games")
    _bump(entry, "wins", int(won))
    lower_is_better = game_info(game).lower_is_better
    scores = [seats[i]["score"] for i in humans]
    best_now = min(scores) if lower_is_better else max(scores)
    if entry["best"] is None:
        entry["best"] = best_now
    else:
        entry["best"] = min(entry["best"], best_now) if lower_is_better else max(entry["best"], best_now)
    for lv in {s.get("level") for s in seats if s["kind"] == "bot"}:
        if lv in LEVELS:
            _bump(entry["levels"][lv], "games")
            _bump(entry["levels"][lv], "wins", int(won))
    today = _dt.date.today().isoformat()
    if game == "linyo":
        sheet = str(result.get("sheet", "A"))
        diffs = result.get("difficulties") or [2] * len(seats)
        key = f"{sheet}/{diffs[0]}"
        if len(seats) == 1 and (key in data["linyo_solo"] or len(data["linyo_solo"]) < MAX_SOLO):
            solo = data["linyo_solo"].setdefault(key, {"games": 0, "best": None})
            _bump(solo, "games")
            solo["best"] = seats[0]["score"] if solo["best"] is None else min(solo["best"], seats[0]["score"])
        for i in humans:
            if seats[i]["score"] == 0:
                data["perfect"].append({"name": seats[i].get("name", ""), "sheet": sheet,
                                        "difficulty": diffs[i] if i < len(diffs) else None, "date": today})
    data["history"].append({"game": game, "date": today, **result})
    del data["history"][:-HISTORY]
    del data["perfect"][:-MAX_PERFECT]
    SCHEMA.check(data)       # never write a file the next start would set aside
    storage.store(storage.stats_path(), data, _("Your statistics file"))
    return True
