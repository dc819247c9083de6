"""The game behind the table: engine state, seats, undo and the save payload.

The controller applies actions to the engine at once (a human's drop, a
bot's answer) and keeps what the engine said happened (`last_events`, the
list `apply` returned); the board animates afterwards. Undo steps back one
action at a time through the engine's `undo_points()` / `rewind()`. Bots,
the autosave writer and game over are the table base's (`game.table`).

Save payload (what `storage.write_autosave("lineit", ...)` stores):

    {"config": <setup config>, "record": state.to_json()}
"""
from __future__ import annotations

import logging

from engine import lineit
from engine.core import BadSave, Event
from engine.lineit import LineitState
from game.table.bots import bot_seeds as seeds_for

log = logging.getLogger("linebox.lineit")


def hands_from_log(log: list[dict], players: int) -> list[list[str]]:
    """Every seat's hand, rebuilt from the public log.

    Every hand card was taken from the face-up market, so the log knows them
    all (the bots' determinize does the same). The table uses this only to
    follow each card's sprite; other seats' hands are drawn face down.
    """
    hands: list[list[str]] = [[] for _ in range(players)]
    for entry in log:
        seat = entry["seat"]
        if seat is None:
            continue
        parts = entry["text"].split()
        if parts[0] == "take" and parts[2] == "hand":
            hands[seat].append(parts[1])
        elif parts[0] == "play":
            hands[seat].remove(parts[1])
    return hands


class Controller:
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

    # ------------------------------------------------------------ setup
    @classmethod
    def new(cls, config: dict, **kw) -> "Controller":
        state = lineit.new_game(players=len(config["seats"]), seed=config.get("seed"),
                                first_seat=config.get("first_seat"), final_plays=config.get("final_plays", 1))
        return cls(config, state, **kw)

    @classmethod
    def from_payload(cls, payload: dict, **kw) -> "Controller":
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

    def _cache_key(self) -> tuple:
        """What the cached views depend on: the state, its actions and its chance outcomes (an
        online deal from the host changes the market without an action)."""
        return (id(self.state), len(self.state.history), self.state.chance_count)

    def spectator(self) -> dict:
        """`view(None)`, kept until the state changes (drawing asks every frame)."""
        key = self._cache_key()
        if getattr(self, "_spec_key", None) != key:
            self._spec_key = key
            self._spec = self.state.view(None)
        return self._spec

    def views(self) -> list[dict]:
        """One view per seat for the board: the spectator view with that seat's own hand.

        Hands come from the public log (`hands_from_log`), so this costs
        one view, not one per seat.
        """
        spec = self.spectator()
        hands = hands_from_log(spec["log"], self.players)
        out = []
        for p in range(self.players):
            seats = list(spec["seats"])
            seats[p] = dict(seats[p], hand=hands[p])
            out.append(dict(spec, seats=seats, seat=p))
        return out

    def legal_texts(self) -> set[str]:
        key = self._cache_key()
        if getattr(self, "_legal_key", None) != key:
            self._legal_key = key
            self._legal = {str(a) for a in self.state.legal_actions()}
        return self._legal

    def can_undo(self) -> bool:
        """A person is to act and has done something this turn that the engine lets them take back."""
        return self.is_human(self.current) and bool(self.state.undo_points())

    def undo_action(self) -> str | None:
        """The action one step of undo would take back."""
        if not self.can_undo():
            return None
        return self.state.history[self.state.undo_points()[-1]].text

    # ------------------------------------------------------------ acting
    def apply(self, action: str) -> list[Event]:
        """Apply `action` for the current seat (IllegalAction leaves everything unchanged)."""
        self.last_events = self.state.apply(action)
        self.actions_applied += 1
        return self.last_events

    def undo(self) -> str | None:
        """Take back the last action of the current turn (one step); returns its text."""
        undone = self.undo_action()
        if undone is None:
            return None
        self.state = self.state.rewind(self.state.undo_points()[-1])
        return undone

    def bot_turn(self) -> bool:
        return self.current is not None and not self.is_human(self.current)
