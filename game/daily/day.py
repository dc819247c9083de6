"""The day's challenge of a game: seed, setup config and start position, from the UTC date.

The seed is a hash of the game's name and the date, so every client derives the
same game without asking anybody; the game's package says which seats are bots
and which options the day plays (`GameUI.daily`, `game.shell.frontends.DailyRules`).
The player always holds seat 0 and moves first.

>>> d = challenge("linyo", _dt.date(2026, 11, 27))
>>> d.seed == seed_for("linyo", _dt.date(2026, 11, 27)) != seed_for("lineit", _dt.date(2026, 11, 27))
True
>>> d.date, d.players, d.start_ms
('2026-11-27', 1, 1795737600000)
>>> config = d.config("Ada", "counted")
>>> config["seats"][0]["name"], config["daily"], config["challenge"], config["first_seat"]
('Ada', '2026-11-27', 'counted', 0)
"""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from engine.games import game as game_info

# the day's date and seed are the kept files' too (`game.files.days`); named here for the daily's users
from game.files.days import parse_date as parse_date, seed_for
from game.shell.frontends import DailyRules, frontend


def today() -> _dt.date:
    """The UTC date: the day's challenge changes at the same moment everywhere."""
    return _dt.datetime.now(_dt.timezone.utc).date()


def rules(game: str) -> DailyRules | None:
    """The game's daily challenge as its package declares it (None: the game has none)."""
    return frontend(game).daily


def games() -> list[str]:
    """The games that have a daily challenge, in the registry's order."""
    from game.shell.frontends import frontends
    return [ui.name for ui in frontends() if ui.daily is not None]


@dataclass(frozen=True)
class Daily:
    """One game's challenge on one day."""

    game: str
    day: _dt.date

    @property
    def date(self) -> str:
        return self.day.isoformat()

    @property
    def seed(self) -> int:
        return seed_for(self.game, self.day)

    @property
    def rules(self) -> DailyRules:
        found = rules(self.game)
        if found is None:
            raise KeyError(f"{self.game} has no daily challenge")
        return found

    @property
    def players(self) -> int:
        return 1 + len(self.rules.bots)

    @property
    def start_ms(self) -> int:
        """The day's first moment (00:00 UTC) in milliseconds since the epoch, as Matrix times events."""
        start = _dt.datetime.combine(self.day, _dt.time(), tzinfo=_dt.timezone.utc)
        return int(start.timestamp() * 1000)

    def options(self) -> dict[str, Any]:
        """The day's engine option values (each game's own, from the seed)."""
        return dict(self.rules.options(self.seed))

    def engine_kwargs(self) -> dict[str, Any]:
        """What `new_game` takes for the day (the player's seat 0 moves first)."""
        info = game_info(self.game)
        return {"players": self.players, "seed": self.seed, "first_seat": 0,
                **info.new_game_kwargs(self.players, self.options())}

    @cached_property
    def start(self) -> Any:
        """The day's game before its first action (every entry replays from a copy of it)."""
        return game_info(self.game).new_game(**self.engine_kwargs())

    @cached_property
    def setup(self) -> dict[str, Any]:
        """The record's setup every entry of the day must have."""
        return dict(self.start.to_json()["setup"])

    @cached_property
    def bare_seats(self) -> list[dict[str, Any]]:
        """The seats without the player's name (what every entry's seats must be)."""
        return self.seats("")

    def seats(self, name: str) -> list[dict[str, Any]]:
        """The seats: the player, then the day's bots (seat options as the day sets them)."""
        info = game_info(self.game)
        values = self.options()
        per_seat = {o.key: values.get(o.key, o.default) for o in info.options if o.per_seat_keyword}
        person = {"name": name, "kind": "human", "level": None, **per_seat}
        bots = [{"name": f"Bot {i}", "kind": "bot", "level": level, **per_seat}
                for i, level in enumerate(self.rules.bots, 1)]
        return [person, *bots]

    def config(self, name: str, attempt: str) -> dict[str, Any]:
        """The table's setup config (`game.shell.tables`) of the day; `attempt` is "counted" or "practice"."""
        info = game_info(self.game)
        values = self.options()
        shared = {o.key: values.get(o.key, o.default) for o in info.options if not o.per_seat_keyword}
        return {"game": self.game, "seats": self.seats(name), "first_seat": 0, "seed": self.seed,
                **shared, "daily": self.date, "challenge": attempt}


def challenge(game: str, day: _dt.date | None = None) -> Daily:
    """The challenge of `game` on `day` (today, UTC)."""
    return Daily(game, day or today())
