"""Statistics of finished games, kept in `statistics.json`.

The table base calls `record_result(game, result)` once when a game ends. The result:

    {
      "seats": [                                 # in seat order
        {"name": "Ada", "kind": "human", "level": None, "score": 31},
        {"name": "Bot 1", "kind": "bot", "level": "hard", "score": 35},
      ],
      "winners": [1],                            # seat indexes (ties: several)
      "id": "9f2c41d07ab3e655",                  # optional: the game's id (config "game_id"), given at its start
      "history": "20250131-201500-lineit-a1b2c3",  # optional: its entry in game.files.history
      # Linyo only:
      "sheet": "A",                              # "A" | "B" | "random"
      "difficulties": [2, 3],                    # per seat
    }

`score` is the game's own score: Line-it points (higher is better), Linyo
free fields (lower is better; 0 = a perfect sheet). `level` is "easy" |
"normal" | "hard" for bots, None for humans. A game is counted once: a result
whose `id` was counted before (a save loaded and finished again) is ignored.

What is kept (only games with at least one human seat count). A game's
"your score" is the best score among its human seats.
- per game, and per bot level met (a game against an easy and a hard bot
  counts for both): games, wins (a human seat among the winners), best score
  and the history entry of the game that set it, the sum of scores for the
  average, the current and the best run of wins. Who won is the engine's
  answer (`winners`), the one the History and the results show: a solo game
  the engine puts its one seat first in is a win like any other ("solo"
  counts the games played alone);
- Linyo solo (one seat, human): per "sheet/difficulty", games and best free
  count; every perfect sheet (0 free) of any Linyo game, with its date;
- the last 200 results as they came (the chart of the last 50 scores);
- the ids of the last 500 games counted;
- "bests": the personal best per game, seat count, sheet and difficulty
  (`best_key`: "lineit/4p", "linyo/1p/A/d3"), with its games and the history
  entry that set it;
- "achievements": what `game.achievements` keeps (earned ones with their date
  and game, the best measure so far of each, the days of counted dailies).
Files from before "bests" and "achievements" existed load with them empty.
- "daily": the daily challenges (`game.daily.attempts`), `{game: {UTC date "YYYY-MM-DD": day}}`,
  one day per date on which the game's challenge was started, `day` being
  `{"game_id": the counted attempt's game id, "started": time, "score": its score or None
  until it is finished, "history": its history entry, "finished": time, "practice": later
  attempts that day, "practice_ids": their game ids}`. A daily streak is the run of
  consecutive dates whose "score" is not None.
"""
from __future__ import annotations

import datetime as _dt
from typing import Any

from engine.games import game as game_info

from . import schema, storage
from game.shell.frontends import frontend
from game.shell.i18n import _

VERSION = 1
LEVELS = ("easy", "normal", "hard")
HISTORY = 200
RECENT_IDS = 500

#: figures each row (a game, or a game against one bot level) keeps besides games and wins;
#: files from before they existed load with these values
ROW_EXTRAS: dict[str, Any] = {"best": None, "best_game": None, "total": 0, "scored": 0, "solo": 0,
                              "streak": 0, "best_streak": 0}
_ROW_EXTRA_SPECS = {"best": schema.maybe(schema.SCORE), "best_game": schema.maybe(schema.GAME_ID),
                    "total": schema.Num(-10**15, 10**15), "scored": schema.COUNT, "solo": schema.COUNT,
                    "streak": schema.COUNT, "best_streak": schema.COUNT}


def _row() -> dict:
    return {"games": 0, "wins": 0, **ROW_EXTRAS}


def empty() -> dict:
    """Statistics with no game yet."""
    return {"version": VERSION,
            "games": {g: {**_row(), "levels": {lv: _row() for lv in LEVELS}} for g in storage.GAMES},
            "linyo_solo": {}, "perfect": [], "history": [], "ids": [], "bests": {},
            "achievements": empty_achievements(), "daily": {}}


_LEVEL = schema.Obj(required={"games": schema.COUNT, "wins": schema.COUNT}, optional=_ROW_EXTRA_SPECS)
_GAME = schema.Obj(required={"games": schema.COUNT, "wins": schema.COUNT, "best": schema.maybe(schema.SCORE),
                             "levels": schema.Obj(required={lv: _LEVEL for lv in LEVELS})},
                   optional=_ROW_EXTRA_SPECS)
_SEAT_RESULT = schema.Obj(required={"kind": schema.one_of("human", "bot"), "score": schema.SCORE},
                          optional={"name": schema.NAME, "level": schema.maybe(schema.one_of(*LEVELS))})
#: what a table passes to `record_result` (documented above)
RESULT = schema.Obj(required={"seats": schema.ListOf(_SEAT_RESULT, schema.MAX_SEATS, 1),
                              "winners": schema.ListOf(schema.SEAT_INDEX, schema.MAX_SEATS)},
                    optional={"sheet": schema.Text(12), "difficulties": schema.ListOf(schema.Int(1, 9), schema.MAX_SEATS),
                              "id": schema.GAME_ID, "history": schema.maybe(schema.GAME_ID)})
_HISTORY = schema.Obj(required={**RESULT.required, "game": schema.one_of(*storage.GAMES), "date": schema.DATE},
                      optional=RESULT.optional)
_PERFECT = schema.Obj(required={"name": schema.NAME, "sheet": schema.Text(12),
                                "difficulty": schema.maybe(schema.Int(1, 9)), "date": schema.DATE},
                      optional={"history": schema.maybe(schema.GAME_ID)})
MAX_PERFECT = 1000
MAX_SOLO = 64             # "sheet/difficulty" keys: 3 sheets x 3 difficulties today
MAX_BESTS = 256           # "game/seats/sheet/difficulty" keys: under 80 today
MAX_ACHIEVEMENTS = 200    # earned ids and progress entries (a dozen today; a later Linebox may add)
MAX_DAYS = 400            # days of counted dailies kept: a streak longer than a year counts as a year
MAX_SEEN = 100            # games whose achievements were looked at (each game is looked at once)
_BEST = schema.Obj(required={"games": schema.COUNT, "best": schema.maybe(schema.SCORE)},
                   optional={"best_game": schema.maybe(schema.GAME_ID), "date": schema.DATE})
_EARNED = schema.Obj(required={"date": schema.DATE},
                     optional={"game": schema.maybe(schema.GAME_ID), "history": schema.maybe(schema.GAME_ID)})
ACHIEVEMENTS = schema.Obj(optional={
    "earned": schema.MapOf(_EARNED, MAX_ACHIEVEMENTS, schema.Text(40)),
    "progress": schema.MapOf(schema.SCORE, MAX_ACHIEVEMENTS, schema.Text(40)),
    "daily_days": schema.ListOf(schema.DATE, MAX_DAYS),
    "seen": schema.ListOf(schema.GAME_ID, MAX_SEEN)})
MAX_DAILY_DAYS = 2000    # per game: five years and more of daily challenges
MAX_PRACTICE_IDS = 20
#: one day of a game's daily challenge (see the module text)
DAILY_DAY = schema.Obj(required={"game_id": schema.GAME_ID, "started": schema.DATE},
                       optional={"score": schema.maybe(schema.SCORE), "history": schema.maybe(schema.GAME_ID),
                                 "finished": schema.maybe(schema.DATE), "practice": schema.COUNT,
                                 "practice_ids": schema.ListOf(schema.GAME_ID, MAX_PRACTICE_IDS)})
DAILY = schema.MapOf(schema.MapOf(DAILY_DAY, MAX_DAILY_DAYS, schema.Text(10)), len(storage.GAMES),
                     schema.one_of(*storage.GAMES))
#: statistics.json: every field a screen or `record_result` reads
SCHEMA = schema.Obj(required={
    "games": schema.Obj(required={g: _GAME for g in storage.GAMES}),
    "linyo_solo": schema.MapOf(schema.Obj(required={"games": schema.COUNT, "best": schema.maybe(schema.SCORE)},
                                          optional={"best_game": schema.maybe(schema.GAME_ID)}),
                               MAX_SOLO, schema.Text(20)),
    "perfect": schema.ListOf(_PERFECT, MAX_PERFECT),
    "history": schema.ListOf(_HISTORY, HISTORY)},
    optional={"ids": schema.ListOf(schema.GAME_ID, RECENT_IDS),
              "bests": schema.MapOf(_BEST, MAX_BESTS, schema.Text(40)), "achievements": ACHIEVEMENTS,
              "daily": DAILY})


def empty_achievements() -> dict:
    return {"earned": {}, "progress": {}, "daily_days": [], "seen": []}


def load() -> dict:
    """Stored statistics (or empty ones; an unusable file is set aside), every field present."""
    data = storage.read_json(storage.stats_path(), VERSION, _("Your statistics file"), SCHEMA, storage.STATS_LIMIT)
    if not data:
        return empty()
    data.setdefault("ids", [])
    data.setdefault("bests", {})
    section = data.setdefault("achievements", {})
    for key, value in empty_achievements().items():
        section.setdefault(key, value)
    data.setdefault("daily", {})
    for entry in data["games"].values():
        for row in [entry, *entry["levels"].values()]:
            for key, value in ROW_EXTRAS.items():
                row.setdefault(key, value)
    return data


def _validate(game: str, result: dict) -> None:
    if game not in storage.GAMES:
        raise ValueError(f"unknown game {game!r}")
    RESULT.check(result, "result")       # Refused is a ValueError
    if any(w >= len(result["seats"]) for w in result["winners"]):
        raise ValueError("result 'winners' must be seat indexes")


def _clean_names(result: Any) -> Any:
    """`result` with its seat names made valid NAMEs: a name from a game file may hold control
    characters, and the game still counts, under the cleaned name."""
    if not isinstance(result, dict) or not isinstance(result.get("seats"), list):
        return result
    return {**result, "seats": [{**s, "name": schema.clean_name(s["name"])}
                                if isinstance(s, dict) and isinstance(s.get("name"), str) else s
                                for s in result["seats"]]}


def _bump(counts: dict, key: str, by: int = 1) -> None:
    counts[key] = min(schema.COUNT.hi, counts[key] + by)


def better(game: str, score: float, than: float | None) -> bool:
    """`score` beats `than` (None: nothing to beat) in `game` (Linyo: fewer free fields)."""
    if than is None:
        return True
    return score < than if game_info(game).lower_is_better else score > than


def _count(row: dict, game: str, won: bool, solo: bool, score: float, history_id: str | None) -> None:
    """One game into a row."""
    _bump(row, "games")
    _bump(row, "solo", int(solo))
    _bump(row, "wins", int(won))
    row["streak"] = min(schema.COUNT.hi, row["streak"] + 1) if won else 0
    row["best_streak"] = max(row["best_streak"], row["streak"])
    row["total"] = max(-10**15, min(10**15, row["total"] + score))
    _bump(row, "scored")
    if better(game, score, row["best"]):
        row["best"], row["best_game"] = score, history_id


def your_score(game: str, result: dict) -> float | None:
    """The best score among the human seats of a result (None: no human)."""
    scores = [s["score"] for s in result["seats"] if s["kind"] == "human"]
    if not scores:
        return None
    return min(scores) if game_info(game).lower_is_better else max(scores)


def recent_scores(data: dict, game: str) -> list[float]:
    """Your score in each kept result of `game`, oldest first."""
    out = []
    for row in data["history"]:
        score = your_score(game, row) if row["game"] == game else None
        if score is not None:
            out.append(score)
    return out


def last_game(data: dict) -> str:
    """The game of the last result counted (the registry's first game before any)."""
    last = data["history"][-1]["game"] if data["history"] else None
    return last if last in storage.GAMES else storage.GAMES[0]


def average(row: dict) -> float | None:
    return row["total"] / row["scored"] if row["scored"] else None


def win_rate(row: dict) -> float | None:
    """Wins per game, 0..1; None before the first game."""
    return min(1.0, row["wins"] / row["games"]) if row["games"] > 0 else None


def record_result(game: str, result: dict[str, Any]) -> bool:
    """Add one finished game; returns False if it is not counted (no human seat, or its id was counted).

    Seat names are cleaned first (`schema.clean_name`: a name from a game file
    may hold control characters). Raises ValueError for a result that does not
    have the documented shape (at most 6 seats, ...); never for what it loads,
    which `load()` checked against SCHEMA. A failed write is reported to the
    player once (storage.store) and the game still counts as recorded.
    """
    result = _clean_names(result)
    _validate(game, result)
    seats = result["seats"]
    humans = [i for i, s in enumerate(seats) if s["kind"] == "human"]
    if not humans:
        return False
    data = load()
    game_id = result.get("id")
    if game_id is not None:
        if game_id in data["ids"]:
            return False
        data["ids"].append(game_id)
        del data["ids"][:-RECENT_IDS]
    entry = data["games"][game]
    # the engine's winners, as the History and the results show them: one rule for every game
    won = any(w in humans for w in result["winners"])
    solo = len(seats) == 1
    score = your_score(game, result)
    assert score is not None
    history_id = result.get("history")
    _count(entry, game, won, solo, score, history_id)
    for lv in {s.get("level") for s in seats if s["kind"] == "bot"}:
        if lv in LEVELS:
            _count(entry["levels"][lv], game, won, solo, score, history_id)
    today = _dt.date.today().isoformat()
    _count_best(data, game, result, score, history_id, today)
    frontend(game).record_more(data, result, history_id, today)     # the game's own records (Linyo: solo, perfect)
    data["history"].append({"game": game, "date": today, **result})
    del data["history"][:-HISTORY]
    del data["perfect"][:-MAX_PERFECT]
    save(data)
    return True


def save(data: dict) -> bool:
    """Write the statistics (checked first: never a file the next start would set aside); a
    failed write is told to the player once (`storage.store`)."""
    SCHEMA.check(data)
    return storage.store(storage.stats_path(), data, _("Your statistics file"))


def best_key(game: str, result: dict) -> str:
    """The personal best a result counts for: its game, seat count, and, when the game has them,
    the sheet and the difficulty of the human seat that scored "your score" ("linyo/1p/A/d3",
    "lineit/4p")."""
    parts = [game, f"{len(result['seats'])}p"]
    if result.get("sheet") is not None:
        parts.append(str(result["sheet"]))
    diffs = result.get("difficulties") or []
    yours = your_score(game, result)
    seat = next((i for i, s in enumerate(result["seats"]) if s["kind"] == "human" and s["score"] == yours), None)
    if seat is not None and seat < len(diffs):
        parts.append(f"d{diffs[seat]}")
    return "/".join(parts)[:40]


def _count_best(data: dict, game: str, result: dict, score: float, history_id: str | None, today: str) -> None:
    bests = data["bests"]
    key = best_key(game, result)
    if key not in bests and len(bests) >= MAX_BESTS:
        return
    row = bests.setdefault(key, {"games": 0, "best": None})
    _bump(row, "games")
    if better(game, score, row["best"]):
        row.update(best=score, best_game=history_id, date=today)
