"""The game behind the table: engine state, seats, bots, undo and autosave.

The controller applies actions to the engine at once (a human's drop, a
bot's answer) and tells its listener what happened (`events.Outcome`); the
board animates afterwards. Bots think in `engine.bots.worker.BotWorker`
(a background process), so asking never blocks a frame: the controller only
polls the Future. The worker itself is started in a thread for the same reason.

Save payload (what `storage.write_autosave("lineit", ...)` stores):

    {"config": <setup config>, "record": state.to_json(), "undo_from": <actions at the turn's start>}
"""
from __future__ import annotations

import logging
import threading
from concurrent.futures import Future
from typing import Callable

from engine import lineit
from engine.core import BadSave
from engine.lineit import LineitState

from . import tally as tally_mod
from .events import Outcome, analyse, hands_from_log
from .tally import next_pre_close

log = logging.getLogger("linebox.lineit")
USE_PROCESS = True           # tests switch the worker to a thread
HARD_TIME_LIMIT = 2.5        # seconds a hard bot may think at the table


def bot_seed(seed, seat: int) -> int:
    base = seed if isinstance(seed, int) else sum(ord(ch) * 31 ** i for i, ch in enumerate(str(seed)))
    return (base * 7919 + seat * 104729 + 17) % (1 << 62)


class Controller:
    """One Line-it game with its seats."""

    def __init__(self, config: dict, state: LineitState, undo_from: int | None = None,
                 bot_seeds: list[int] | None = None, bot_levels: list[str] | None = None,
                 time_limit: float | None = HARD_TIME_LIMIT) -> None:
        self.config = config
        self.state = state
        self.seats = config["seats"]
        self.players = state.players
        self.humans = [i for i, s in enumerate(self.seats) if s.get("kind") == "human"]
        self.bot_seeds = bot_seeds or [bot_seed(config.get("seed", 0), p) for p in range(self.players)]
        self.levels = bot_levels or [s.get("level") or "normal" for s in self.seats]
        self.time_limit = time_limit
        self.listeners: list[Callable[[Outcome], None]] = []
        self.worker = None
        self._worker_thread: threading.Thread | None = None
        self.pending: Future | None = None
        self.pending_key: tuple | None = None
        self.hint_future: Future | None = None
        self.hint_key: tuple | None = None
        self.bot_error: str | None = None
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
        self.state.apply(action)
        va = self.spectator()                  # the view after: made once, kept for drawing
        out = analyse(before, action, self.state, self.pre_close, vb, va)
        self.pre_close = next_pre_close(before, action, self.pre_close)
        self.actions_applied += 1
        self.cancel_hint()
        if self.is_human(self.current):
            if self.current != out.seat or self.turn_start is None or action in ("end", "pass"):
                self.turn_start = self.state.clone()
        else:
            self.turn_start = None
        for fn in self.listeners:
            fn(out)
        return out

    def undo(self) -> bool:
        """Back to the start of the current human turn."""
        if not self.can_undo():
            return False
        self.state = self.turn_start.clone()
        self.pre_close = None
        self.cancel_hint()
        return True

    # ------------------------------------------------------------ bots
    def _start_worker(self) -> None:
        if self.worker is not None or self._worker_thread is not None:
            return

        def make() -> None:
            from engine.bots.worker import BotWorker
            try:
                self.worker = BotWorker(use_process=USE_PROCESS)
            except Exception as exc:  # pragma: no cover - no pool at all
                log.error("bot worker failed: %s", exc)
                self.bot_error = str(exc)

        self._worker_thread = threading.Thread(target=make, name="lineit-bot-worker", daemon=True)
        self._worker_thread.start()

    @property
    def worker_ready(self) -> bool:
        self._start_worker()
        return self.worker is not None

    def bot_turn(self) -> bool:
        return self.current is not None and not self.is_human(self.current)

    def poll_bot(self) -> str | None:
        """Ask the bot to move (once per position); its action text once it answered."""
        seat = self.current
        if seat is None or self.is_human(seat) or not self.worker_ready:
            return None
        key = (len(self.state.history), seat)
        if self.pending is None or self.pending_key != key:
            view = self.state.view(seat)
            level = self.levels[seat]
            tl = self.time_limit if level == "hard" else None
            self.pending = self.worker.ask("lineit", level, seed=self.bot_seeds[seat], view=view, time_limit=tl)
            self.pending_key = key
            return None
        if not self.pending.done():
            return None
        try:
            text = self.pending.result()
        except Exception as exc:  # a bot failed: fall back to the first legal action
            log.error("bot failed: %s", exc)
            text = str(self.state.legal_actions()[0])
        self.pending = None
        return text

    def ask_hint(self) -> None:
        seat = self.current
        if seat is None or not self.is_human(seat) or not self.worker_ready:
            return
        key = (len(self.state.history), seat)
        if self.hint_key == key:
            return
        self.hint_future = self.worker.hint("lineit", seed=self.bot_seeds[seat], view=self.state.view(seat), k=1,
                                           level="hard", time_limit=1.5)
        self.hint_key = key

    def poll_hint(self) -> dict | None:
        f = self.hint_future
        if f is None or not f.done():
            return None
        self.hint_future = None
        if self.hint_key != (len(self.state.history), self.current):
            return None
        try:
            ranked = f.result()
        except Exception as exc:
            log.error("hint failed: %s", exc)
            return None
        return ranked[0] if ranked else None

    def cancel_hint(self) -> None:
        self.hint_future = None
        self.hint_key = None

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None
