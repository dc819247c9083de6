"""Every declared achievement, awarded once at the end of a game and kept in the statistics.

`settle(finished_game(...))` (or `award`) runs each achievement's measure on the finished
game, keeps the best measure of each (the progress), marks the ones whose goal
it reached as earned with the date and the game's id, and writes the
statistics once. A game is looked at once (its id is remembered), so showing
its results again changes nothing; `earned_in(data, game_id)` says what that
game earned, for its results screen.
"""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, replace
from typing import Any, Mapping

from engine.games import names

from game.files import stats
from game.shell.frontends import frontend
from . import common, streak
from .model import Achievement, Finished


def declared(game: str | None = None) -> tuple[Achievement, ...]:
    """The achievements of `game` (its own, then those of any game); every one when `game` is None."""
    games = [game] if game is not None else list(names())
    own: list[Achievement] = []
    for name in games:
        own.extend(frontend(name).achievements())
    return (*own, *common.ACHIEVEMENTS)


def by_id(achievement_id: str) -> Achievement | None:
    return next((a for a in declared() if a.id == achievement_id), None)


def people_of(seats: Any) -> tuple[int, ...]:
    """The seats a person at this machine played (a seat played online from elsewhere is none)."""
    return tuple(p for p, s in enumerate(seats) if isinstance(s, Mapping) and s.get("kind") == "human"
                 and not s.get("remote"))


def finished_game(game: str, state: Any, config: Mapping[str, Any], today: _dt.date | None = None) -> Finished:
    """A finished engine state and its setup config, as the measures see it (statistics added by `award`)."""
    seats = tuple(s for s in config.get("seats", ()) if isinstance(s, Mapping))
    return Finished(game=game, events=tuple(state.events), seats=seats, people=people_of(seats),
                    winners=tuple(state.winners()), config=dict(config), today=today or streak.utc_today())


@dataclass(frozen=True)
class Progress:
    """One achievement as the screen shows it."""

    achievement: Achievement
    earned: str | None          # the date it was earned (ISO), or None
    best: float | None          # the best measure so far


def _section(data: dict) -> dict:
    section = data.setdefault("achievements", stats.empty_achievements())
    for key, value in stats.empty_achievements().items():
        section.setdefault(key, value)
    return section


def award(f: Finished, game_id: str | None, history_id: str | None = None,
          data: dict | None = None) -> list[Achievement]:
    """Count the finished game `f` in and return the achievements it earned now (first time).

    A game already looked at (its `game_id` remembered) earns nothing again and writes nothing.
    The statistics are read and written here unless `data` is given (then only changed)."""
    write = data is None
    data = stats.load() if data is None else data
    section = _section(data)
    if game_id is not None:
        if game_id in section["seen"]:
            return []
        section["seen"].append(game_id)
        del section["seen"][:-stats.MAX_SEEN]
    day = common.daily_day(f.config)
    if day is not None and day.isoformat() not in section["daily_days"]:
        section["daily_days"] = sorted({*section["daily_days"], day.isoformat()})[-stats.MAX_DAYS:]
    f = replace(f, stats=data)
    earned, progress = section["earned"], section["progress"]
    new = []
    for a in declared(f.game):
        value = a.measure(f)
        room = a.id in progress or len(progress) < stats.MAX_ACHIEVEMENTS
        if value is not None and room and a.better(value, progress.get(a.id)):
            progress[a.id] = max(-10**6, min(10**6, value))
        if a.reached(value) and a.id not in earned and len(earned) < stats.MAX_ACHIEVEMENTS:
            earned[a.id] = {"date": f.today.isoformat(), "game": game_id, "history": history_id}
            new.append(a)
    if write:
        stats.save(data)
    return new


def settle(f: Finished, game_id: str | None, history_id: str | None = None) -> tuple[list[Achievement], dict]:
    """`award` with one read of the statistics, written only when the game was not looked at
    before: (the achievements earned now, the statistics) -- a results screen shown again costs a read."""
    data = stats.load()
    seen = game_id is not None and game_id in _section(data)["seen"]
    new = [] if seen else award(f, game_id, history_id, data=data)
    if not seen:
        stats.save(data)
    return new, data


def earned_in(data: Mapping[str, Any], game_id: str | None) -> list[Achievement]:
    """The achievements the game `game_id` earned (its results screen says so every time it shows)."""
    if game_id is None:
        return []
    earned = data.get("achievements", {}).get("earned", {})
    return [a for a in declared() if earned.get(a.id, {}).get("game") == game_id]


def progress(data: Mapping[str, Any], game: str | None = None) -> list[Progress]:
    """Every achievement of `game` (all when None) with its date and best measure, earned ones first."""
    section = data.get("achievements", {})
    earned, best = section.get("earned", {}), section.get("progress", {})
    rows = [Progress(a, earned[a.id]["date"] if a.id in earned else None, best.get(a.id))
            for a in declared(game)]
    return sorted(rows, key=lambda r: r.earned is None)


def daily_streak(data: Mapping[str, Any], today: _dt.date | None = None) -> tuple[int, int]:
    """(current, longest) run of days with a counted daily."""
    days = common.daily_days(data)
    return streak.current(days, today or streak.utc_today()), streak.longest(days)
