"""The game behind the table: engine state, seats, undo and the save payload.

The controller applies actions to the engine at once (a human's drop, a
bot's answer) and keeps what happened (`last_outcome`, `events.Outcome`;
`last_events`, what the engine's `apply` returned); the board animates
afterwards. Bots, the autosave writer and game over are the table base's
(`game.table`).

Save payload (what `storage.write_autosave("lineit", ...)` stores):

    {"config": <setup config>, "record": state.to_json(), "undo_from": <actions at the turn's start>}
"""
from __future__ import annotations

import logging
from typing import Any

from engine import lineit
from engine.core import BadSave
from engine.lineit import LineitState
from game.table.bots import bot_seeds as seeds_for

from . import tally as tally_mod
from .events import Outcome, analyse, hands_from_log
from .tally import next_pre_close

log = logging.getLogger("linebox.lineit")


class Controller:
    """One Line-it game with its seats."""

    def __init__(self, config: dict, state: LineitState, undo_from: int | None = None,
                 bot_levels: list[str] | None = None) -> None:
        self.config = config
        self.state = state
        self.seats = config["seats"]
        self.players = state.players
        self.humans = [i for i, s in enumerate(self.seats) if s.get("kind") == "human"]
        self.bot_seeds = seeds_for(config, self.players)
        self.levels = bot_levels or [s.get("level") or "normal" for s in self.seats]
        self.last_outcome: Outcome | None = None
        self.last_events: Any = None
        self.actions_applied = 0
        # undo and forced-close bookkeeping, rebuilt from the record
        self.turn_start: LineitState | None = None
        self.pre_close: LineitState | None = None
        self._rebuild(undo_from)

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
        undo_from = payload.get("undo_from")
        if not isinstance(undo_from, int) or isinstance(undo_from, bool):
            undo_from = None
        return cls(config, state, undo_from=undo_from, **kw)

    def _rebuild(self, undo_from: int | None) -> None:
        """Turn start and pre-close states from the record (after a load)."""
        n = len(self.state.history)
        self.turn_start = None
        self.pre_close = None
        seat = self.state.current_seat
        if seat is None or seat not in self.humans:
            return
        if undo_from is None or not 0 <= undo_from <= n:
            undo_from = n
        pre = None
        start = None
        for before, a, after, p in tally_mod.replay(self.state):
            pre = next_pre_close(before, a, p)
            if len(after.history) == undo_from:
                start = after.clone()
        if undo_from == 0:
            start = lineit.new_game(
                players=self.players, seed=self.state.seed, first_seat=self.state.setup_first,
                final_plays=self.state.final_plays, deck=list(self.state.setup_deck) if self.state.setup_deck else None)
        self.turn_start = start if start is not None else self.state.clone()
        self.pre_close = pre

    def result(self) -> dict:
        """The finished game as `stats.record_result("lineit", ...)` takes it."""
        scores = self.state.scores()
        return {"seats": [{"name": self.name(p), "kind": self.seats[p].get("kind", "bot"),
                           "level": self.seats[p].get("level") if self.seats[p].get("kind") == "bot" else None,
                           "score": scores[p]} for p in range(self.players)],
                "winners": self.state.winners()}

    def payload(self) -> dict:
        undo_from = len(self.turn_start.history) if self.turn_start is not None else len(self.state.history)
        return {"config": self.config, "record": self.state.to_json(), "undo_from": undo_from}

    # ------------------------------------------------------------ queries
    @property
    def current(self) -> int | None:
        return self.state.current_seat

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat in self.humans

    def name(self, seat: int) -> str:
        return self.seats[seat].get("name") or f"#{seat + 1}"

    def spectator(self) -> dict:
        """`view(None)`, kept until the state changes (drawing asks every frame)."""
        key = (id(self.state), len(self.state.history))
        if getattr(self, "_spec_key", None) != key:
            self._spec_key = key
            self._spec = self.state.view(None)
        return self._spec

    def views(self) -> list[dict]:
        """One view per seat for the board: the spectator view with that seat's own hand.

        Hands come from the public log (`events.hands_from_log`), so this costs
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
        key = (id(self.state), len(self.state.history))
        if getattr(self, "_legal_key", None) != key:
            self._legal_key = key
            self._legal = {str(a) for a in self.state.legal_actions()}
        return self._legal

    def can_undo(self) -> bool:
        return (self.turn_start is not None and self.is_human(self.current)
                and len(self.turn_start.history) < len(self.state.history))

    # ------------------------------------------------------------ acting
    def apply(self, action: str) -> Outcome:
        """Apply `action` for the current seat (IllegalAction leaves everything unchanged)."""
        before = self.state.clone()
        vb = self.spectator()                  # the view before, usually kept already
        self.last_events = self.state.apply(action)
        va = self.spectator()                  # the view after: made once, kept for drawing
        out = analyse(before, action, self.state, self.pre_close, vb, va)
        self.pre_close = next_pre_close(before, action, self.pre_close)
        self.actions_applied += 1
        if self.is_human(self.current):
            if self.current != out.seat or self.turn_start is None or action in ("end", "pass"):
                self.turn_start = self.state.clone()
        else:
            self.turn_start = None
        self.last_outcome = out
        return out

    def undo(self) -> bool:
        """Back to the start of the current human turn."""
        if not self.can_undo():
            return False
        self.state = self.turn_start.clone()
        self.pre_close = None
        return True

    def bot_turn(self) -> bool:
        return self.current is not None and not self.is_human(self.current)
