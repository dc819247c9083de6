"""One counted attempt a day per game; the results in the statistics; what waits to be posted.

The statistics file keeps the section "daily" (`game.files.stats` documents it):
`{game: {date: {"game_id", "started", "score", "history", "finished", "practice",
"practice_ids"}}}`. The first time the day's challenge of a game is started
(`begin`) that game is the day's counted attempt; it can be continued (it is
the game's autosave) but never started again: every later game of that day's
challenge is practice, marked so in its config ("challenge": "practice"), in
the day's entry and in its row of the statistics' history ("daily").

A game's end reaches the statistics through the table (`stats.record_result`,
the row carries the game id); `settle()` then finds the finished counted
attempts there, writes their score and history entry into their day, marks the
rows, and queues the counted attempt's leaderboard entry (`game.daily.entry`)
in the outbox, ``daily_outbox.json`` in the user data folder (written
atomically by `storage.write_json`): it is posted when the player is signed in
and the homeserver answers (`game.leaderboard.posting.post_pending`), and stays
there, across restarts, until then. Everything here works offline.
"""
from __future__ import annotations

import datetime as _dt
import logging
import threading
from pathlib import Path
from typing import Any

from game.files import history, paths, schema, stats, storage
from game.shell.i18n import _

from .day import Daily, parse_date
from .entry import CONTENT, make_content

log = logging.getLogger("linebox.daily")

COUNTED, PRACTICE, CONTINUE = "counted", "practice", "continue"
OUTBOX = "daily_outbox.json"
OUTBOX_VERSION = 1
MAX_QUEUED = 60              # a month of both games unposted
_ITEM = schema.Obj(required={"game": schema.one_of(*storage.GAMES), "date": schema.Text(10), "content": CONTENT})
_OUTBOX = schema.Obj(required={"items": schema.ListOf(_ITEM, MAX_QUEUED)})
_lock = threading.Lock()     # the outbox is written by the frame loop and the poster's thread


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def day_of(daily: Daily, data: dict | None = None) -> dict[str, Any] | None:
    """The statistics' entry of the day's challenge (None: not started yet)."""
    data = data if data is not None else stats.load()
    found = data.get("daily", {}).get(daily.game, {}).get(daily.date)
    return found if isinstance(found, dict) else None


def _unfinished_autosave(daily: Daily, game_id: str) -> bool:
    env = storage.read_save(storage.autosave_path(daily.game)) if storage.autosave_path(daily.game).exists() else None
    config = ((env or {}).get("payload") or {}).get("config") or {}
    return isinstance(config, dict) and config.get("game_id") == game_id


def plan(daily: Daily) -> str:
    """What playing the day's challenge now would be: COUNTED (not started yet), CONTINUE (the
    counted attempt is the unfinished game of the autosave) or PRACTICE."""
    day = day_of(daily)
    if day is None:
        return COUNTED
    if day.get("score") is None and _unfinished_autosave(daily, day["game_id"]):
        return CONTINUE
    return PRACTICE


def begin(daily: Daily, game_id: str) -> str:
    """Start the day's challenge with a new game `game_id`: COUNTED for the day's first, PRACTICE
    after it (written to the statistics at once, so a restart cannot make a second counted one)."""
    data = stats.load()
    days = data["daily"].setdefault(daily.game, {})
    day = days.get(daily.date)
    if day is None:
        days[daily.date] = {"game_id": game_id, "started": _now(), "score": None, "practice": 0}
        for old in sorted(days)[:-stats.MAX_DAILY_DAYS]:
            del days[old]
        stats.save(data)
        return COUNTED
    day["practice"] = min(schema.COUNT.hi, day.get("practice", 0) + 1)
    day["practice_ids"] = [*day.get("practice_ids", []), game_id][-stats.MAX_PRACTICE_IDS:]
    stats.save(data)
    return PRACTICE


def settle() -> list[Daily]:
    """Bring the finished daily games of the statistics' history into their days (score, history
    entry, the rows marked counted or practice) and queue the counted ones for the leaderboard;
    the days newly finished."""
    data = stats.load()
    rows = {row.get("id"): row for row in data["history"] if isinstance(row.get("id"), str)}
    done: list[Daily] = []
    changed = False
    for game, days in data["daily"].items():
        for date, day in days.items():
            for practice_id in day.get("practice_ids", []):
                row = rows.get(practice_id)
                if row is not None and row.get("daily") != PRACTICE:
                    row["daily"], changed = PRACTICE, True
            row = rows.get(day["game_id"])
            when = parse_date(date)
            if row is None or day.get("score") is not None or when is None:
                continue
            day.update(score=stats.your_score(game, row), history=row.get("history"), finished=_now())
            row["daily"], changed = COUNTED, True
            done.append(Daily(game, when))
    if changed:
        stats.save(data)
    for daily in done:
        queue_entry(daily, day_of(daily, data))
    return done


# ---------------------------------------------------------------- the outbox

def outbox_path() -> Path:
    return paths.data_dir() / OUTBOX


def queued() -> list[dict[str, Any]]:
    """The entries waiting to be posted, oldest first."""
    data = storage.read_json(outbox_path(), OUTBOX_VERSION, _("Your daily results waiting to be posted"),
                             _OUTBOX, storage.STATS_LIMIT)
    return list(data["items"]) if data else []


def _write(items: list[dict[str, Any]]) -> None:
    storage.write_json(outbox_path(), {"version": OUTBOX_VERSION, "items": items[-MAX_QUEUED:]})


def queue_entry(daily: Daily, day: dict[str, Any] | None) -> bool:
    """Queue the leaderboard entry of the day's counted attempt (read from its history file);
    False when there is none to post (no history entry, or it is queued already)."""
    if day is None or not isinstance(day.get("history"), str):
        return False
    try:
        content = make_content(daily, history.game_file(day["history"]))
    except (history.BadGameFile, ValueError, KeyError, IndexError, TypeError) as exc:
        log.warning("daily %s %s: its game cannot be posted: %s", daily.game, daily.date, exc)
        return False
    with _lock:
        items = queued()
        if any(i["game"] == daily.game and i["date"] == daily.date for i in items):
            return False
        try:
            _write([*items, {"game": daily.game, "date": daily.date, "content": content}])
        except OSError as exc:
            log.warning("daily outbox not written: %s", exc)
            return False
    return True


def posted(game: str, date: str) -> None:
    """The entry of `game` on `date` is in its room: it leaves the outbox."""
    with _lock:
        items = queued()
        left = [i for i in items if not (i["game"] == game and i["date"] == date)]
        if len(left) != len(items):
            try:
                _write(left)
            except OSError as exc:
                log.warning("daily outbox not written: %s", exc)
