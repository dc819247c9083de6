"""The game behind the table: engine state, seats, undo and the save payload.

The table game applies actions to the engine at once (a human's drop, a
bot's answer) and keeps what the engine said happened (`last_events`, the
list `apply` returned); the board animates afterwards. Undo steps back one
action at a time through the engine's `undo_points()` / `rewind()`. Bots,
the autosave writer and game over are the table base's (`game.table`).

Save payload (what `storage.write_autosave("lineit", ...)` stores):

    {"config": <setup config>, "record": state.to_json()}
"""
from __future__ import annotations

import logging

from typing import Any

from engine import lineit
from engine.core import BadSave, Event
from engine.lineit import Action, LineitState
from game.table.bots import bot_seeds as seeds_for

log = logging.getLogger("linebox.lineit")


class TableGame:
    """One Line-it game with its seats."""

    def __init__(self, config: dict, state: LineitState, bot_levels: list[str] | None = None) -> None:
        self.config = config
        self.state = state
        self.seats = config["seats"]
        self.players = state.players
        self.humans = [i for i, s in enumerate(self.seats) if s.get("kind") == "human"]
        self.bot_seeds = seeds_for(config, self.players)
        self.levels = bot_levels or [s.get("level") or "normal" for s in self.seats]
        self.last_events: list[Event] = []
        self.actions_applied = 0
        # what the views and legal actions were made for (see `_cache_key`), and them
        self._spec: tuple[tuple[int, ...] | None, dict[str, Any]] = (None, {})
        self._views: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] = {}
        self._legal: tuple[tuple[int, ...] | None, frozenset[Action]] = (None, frozenset())
        self._legal_texts: tuple[tuple[int, ...] | None, set[str]] = (None, set())

    # ------------------------------------------------------------ setup
    @classmethod
    def new(cls, config: dict, **kw: Any) -> "TableGame":
        from game.shell.frontends import frontend
        state = frontend("lineit").new_state(config)
        return cls(config, state, **kw)

    @classmethod
    def from_payload(cls, payload: dict, **kw: Any) -> "TableGame":
        """A game from a save payload; raises BadSave if it cannot be used."""
        if not isinstance(payload, dict) or not isinstance(payload.get("config"), dict) or "record" not in payload:
            raise BadSave("this is not a Line-it table save")
        config = payload["config"]
        seats = config.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
            raise BadSave("the saved seats are missing")
        state = lineit.from_json(payload["record"])
        if state.players != len(seats):
            raise BadSave("the saved seats do not match the saved game")
        return cls(config, state, **kw)   # an older payload's "undo_from" is not needed: the engine knows

    def result(self) -> dict:
        """The finished game as `stats.record_result("lineit", ...)` takes it."""
        scores = self.state.scores()
        return {"seats": [{"name": self.name(p), "kind": self.seats[p].get("kind", "bot"),
                           "level": self.seats[p].get("level") if self.seats[p].get("kind") == "bot" else None,
                           "score": scores[p]} for p in range(self.players)],
                "winners": self.state.winners()}

    def payload(self) -> dict:
        return {"config": self.config, "record": self.state.to_json()}

    # ------------------------------------------------------------ queries
    @property
    def current(self) -> int | None:
        return self.state.current_seat

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat in self.humans

    def name(self, seat: int) -> str:
        return self.seats[seat].get("name") or f"#{seat + 1}"

    def _cache_key(self) -> tuple[int, ...]:
        """What the cached views depend on: the state, its actions and its chance outcomes (an
        online deal from the host changes the market without an action)."""
        return (id(self.state), len(self.state.history), self.state.chance_count)

    def spectator(self) -> dict[str, Any]:
        """`view(None)`, kept until the state changes (drawing asks every frame)."""
        key = self._cache_key()
        if self._spec[0] != key:
            self._spec = (key, self.state.view(None))
        return self._spec[1]

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see (`state.view(seat)`: its own hand, the others' by count), kept until
        the state changes."""
        key = (self._cache_key(), seat)
        got = self._views.get(seat)
        if got is None or got[0] != key:
            got = self._views[seat] = (key, self.state.view(seat))
        return got[1]

    def views(self) -> list[dict[str, Any]]:
        """Every seat's own view, from the engine (the tutorial's tips read the viewer's)."""
        return [self.view(p) for p in range(self.players)]

    def legal(self) -> frozenset[Action]:
        """The actions the engine allows now."""
        key = self._cache_key()
        if self._legal[0] != key:
            self._legal = (key, frozenset(self.state.legal_actions()))
        return self._legal[1]

    def legal_texts(self) -> set[str]:
        """The texts of `legal()` (the tips and the turn flow ask by text)."""
        key = self._cache_key()
        if self._legal_texts[0] != key:
            self._legal_texts = (key, {str(a) for a in self.legal()})
        return self._legal_texts[1]

    def can_undo(self) -> bool:
        """A person is to act and has done something this turn that the engine lets them take back."""
        return self.is_human(self.current) and bool(self.state.undo_points())

    def undo_action(self) -> Action | None:
        """The action one step of undo would take back."""
        if not self.can_undo():
            return None
        return self.state.history[self.state.undo_points()[-1]]

    # ------------------------------------------------------------ acting
    def apply(self, action: Action) -> list[Event]:
        """Apply `action` for the current seat (IllegalAction leaves everything unchanged)."""
        self.last_events = self.state.apply(action)
        self.actions_applied += 1
        return self.last_events

    def undo(self) -> Action | None:
        """Take back the last action of the current turn (one step); returns it."""
        undone = self.undo_action()
        if undone is None:
            return None
        self.state = self.state.rewind(self.state.undo_points()[-1])
        return undone

    def bot_turn(self) -> bool:
        return self.current is not None and not self.is_human(self.current)
