"""The game at the table: engine state, who sits where, saves and results.

The engine owns every rule; this module only keeps the seats' names and
kinds next to it and turns it into an autosave payload or a stats result.

>>> g = TableGame.new({"game": "linyo", "seed": 3, "sheet": "A", "first_seat": 0,
...                    "seats": [{"name": "Ada", "kind": "human", "level": None, "difficulty": 2}]})
>>> g.state.phase, g.humans
('start', [0])
>>> TableGame.from_payload(g.payload()).state.view(0) == g.state.view(0)
True
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from engine import linyo
from engine.core import BadSave
from game.table.bots import bot_seeds

SHEET_CHOICES = ("A", "B", "random")


@dataclass
class SeatInfo:
    name: str
    kind: str            # "human" | "bot"
    level: str | None    # bot level or None
    difficulty: int

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


class TableGame:
    """An engine `State` plus the setup config it came from."""

    def __init__(self, config: dict[str, Any], state: linyo.State) -> None:
        self.state = state
        self.config = config
        self.seats = [SeatInfo(str(s.get("name", "")), s.get("kind", "human"),
                               s.get("level"), int(s.get("difficulty", 2)))
                      for s in config["seats"]]
        self.bot_seeds = bot_seeds(config, len(self.seats))

    # ------------------------------------------------------------------ build
    @classmethod
    def new(cls, config: dict[str, Any]) -> "TableGame":
        """A fresh game from the setup config documented in `game.shell.tables`."""
        config = copy.deepcopy(config)
        seats = config.get("seats") or []
        if not 1 <= len(seats) <= 6:
            raise ValueError("Linyo is for 1 to 6 players")
        sheet = config.get("sheet", "A")
        if sheet not in SHEET_CHOICES:
            sheet = "A"
        config["sheet"] = sheet
        config["seats"] = [{**s, "difficulty": int(s.get("difficulty", 2))} for s in seats]
        from game.shell.frontends import frontend
        state = frontend("linyo").new_state(config)
        config["seed"] = state.seed
        return cls(config, state)

    @classmethod
    def from_payload(cls, payload: Any) -> "TableGame":
        """Rebuild the game the table autosaved; BadSave if it cannot be used."""
        if not isinstance(payload, dict) or "record" not in payload or "config" not in payload:
            raise BadSave("this is not a saved Linyo table")
        config = payload["config"]
        if not isinstance(config, dict) or not isinstance(config.get("seats"), list):
            raise BadSave("the saved seats are missing")
        state = linyo.from_json(payload["record"])
        if len(config["seats"]) != state.players:
            raise BadSave("the saved seats do not match the game")
        for s in config["seats"]:
            if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
                raise BadSave("a saved seat is broken")
        return cls(config, state)

    def payload(self) -> dict[str, Any]:
        """What `storage.write_autosave("linyo", ...)` keeps: record + config."""
        config = dict(self.config)
        config["bot_seeds"] = list(self.bot_seeds)
        return {"record": self.state.to_json(), "config": config}

    # ------------------------------------------------------------------ queries
    @property
    def players(self) -> int:
        return self.state.players

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    @property
    def sheet_name(self) -> str:
        return self.config.get("sheet", "A")

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def is_bot_turn(self) -> bool:
        seat = self.state.current_seat
        return seat is not None and self.seats[seat].is_bot

    def result(self) -> dict[str, Any]:
        """The result `stats.record_result("linyo", ...)` takes."""
        scores = self.state.scores()
        return {"seats": [{"name": s.name, "kind": s.kind, "level": s.level, "score": scores[i]}
                          for i, s in enumerate(self.seats)],
                "winners": self.state.winners(),
                "sheet": self.sheet_name,
                "difficulties": list(self.state.difficulties)}

    def ranking(self) -> list[tuple[int, int]]:
        """(place, seat) best first, by the engine's places (fewest free, then longest line;
        ties share a place)."""
        places = self.state.places()
        return sorted((place, seat) for seat, place in enumerate(places))
