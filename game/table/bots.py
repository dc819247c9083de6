"""The bots of a table: one worker, asked once per position, polled each frame.

Every table (Line-it, Linyo) asks its bots here, so the worker starts the same
way (in a thread, so the first frame never waits for a process to spawn), a
failed bot falls back the same way, and bot seeds come from one formula.

    bots = TableBots("lineit", levels=["normal", "hard"], seeds=[...], time_limit=2.5)
    bots.start()
    ...                                   # each frame, on a bot's turn:
    text = bots.poll(state, seat)         # None until the bot answered
"""
from __future__ import annotations

import json
import logging
import threading
from concurrent.futures import Future
from typing import Any, Callable

from engine.bots.base import superseded

log = logging.getLogger("linebox.table")


def default_worker() -> Any:
    """The bot worker: a background process (it falls back to a thread by itself)."""
    from engine.bots.worker import BotWorker
    return BotWorker()


#: hints kept per table (positions asked about, an undo's return included)
HINTS_KEPT = 64

#: tests replace this with a thread worker (`lambda: BotWorker(use_process=False)`)
WORKER_FACTORY: Callable[[], Any] = default_worker


def bot_seed(seed: object, seat: int) -> int:
    """The seed of the bot at `seat` in a table game started with `seed` (any int or text)."""
    base = seed if isinstance(seed, int) else sum(ord(ch) * 31 ** i for i, ch in enumerate(str(seed)))
    return (base * 7919 + seat * 104729 + 17) % (1 << 62)


def bot_seeds(config: dict, players: int) -> list[int]:
    """The config's saved bot seeds if usable, else one per seat from the game's seed."""
    seeds = config.get("bot_seeds")
    if (isinstance(seeds, list) and len(seeds) == players
            and all(isinstance(x, int) and not isinstance(x, bool) for x in seeds)):
        return list(seeds)
    return [bot_seed(config.get("seed", 0), p) for p in range(players)]


def fallback(state: Any) -> str:
    """The move made for a bot that failed: the engine's first legal action."""
    return str(state.legal_actions()[0])


def position_key(state: Any, seat: int) -> tuple:
    """Which decision is asked: the number of actions so far and the seat."""
    history = getattr(state, "history", None)
    return (len(history if history is not None else state.log), seat)


class TableBots:
    """The worker shared by a table's bot seats, with one question in flight at a time."""

    def __init__(self, game: str, levels: list[str], seeds: list[int], time_limit: float | None = None) -> None:
        self.game = game
        self.levels = levels
        self.seeds = seeds
        self.time_limit = time_limit      # for "hard" bots; None: as long as the level takes
        self.worker: Any = None
        self.error: str | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()                # `close` and the worker's arrival (`_make`)
        self._closed = False
        self.pending: Future | None = None
        self.pending_key: tuple | None = None
        self._hint_key: tuple | None = None        # the position asked last
        self._hint_vkey: tuple | None = None
        self._flights: dict[tuple, Future] = {}      # hints on their way, by the view asked about
        self._answers: dict[tuple, dict] = {}        # hints that came, by the view asked about

    # ------------------------------------------------------------ worker
    def start(self) -> None:
        """Start the worker in a thread (once); `ready` turns True when it is there."""
        if self.worker is not None or self._thread is not None:
            return
        self._thread = threading.Thread(target=self._make, name=f"{self.game}-bot-worker", daemon=True)
        self._thread.start()

    def _make(self) -> None:
        try:
            worker = WORKER_FACTORY()
        except Exception as exc:  # noqa: BLE001 - no process: think in a thread
            log.error("bot worker failed (%s); bots think in a thread", exc)
            try:
                from engine.bots.worker import BotWorker
                worker = BotWorker(use_process=False)
            except Exception as exc2:  # noqa: BLE001 - no worker at all: the table still runs
                self.error = str(exc2)
                return
        with self._lock:
            if not self._closed:
                self.worker = worker
                return
        worker.close()      # the table was left while the worker started: nobody else would close it

    @property
    def ready(self) -> bool:
        return self.worker is not None

    @property
    def in_process(self) -> bool:
        return bool(self.worker is not None and self.worker.in_process)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            worker, self.worker = self.worker, None
        self.pending = None
        self._flights.clear()
        if worker is not None:
            try:
                worker.close()
            except Exception as exc:  # noqa: BLE001 - leaving the table must not fail
                log.warning("closing the bot worker failed: %s", exc)

    # ------------------------------------------------------------ moves
    def ask(self, state: Any, seat: int) -> None:
        """Ask the bot at `seat` for this position (once; it thinks while the table animates)."""
        if self.worker is None:
            return
        key = position_key(state, seat)
        if self.pending is None or self.pending_key != key:
            level = self.levels[seat] or "normal"
            limit = self.time_limit if level == "hard" else None
            self.pending = self.worker.ask(self.game, level, seed=self.seeds[seat], view=state.view(seat),
                                           time_limit=limit)
            self.pending_key = key

    def poll(self, state: Any, seat: int) -> str | None:
        """The bot's action text for this position once it answered (asks on the first call).

        A bot that failed gets `fallback(state)`: the game never stops on a bot.
        """
        self.ask(state, seat)
        if self.pending is None or not self.pending.done():
            return None
        fut, self.pending = self.pending, None
        try:
            return str(fut.result())
        except Exception as exc:  # noqa: BLE001 - a bot crash must not stop the game
            log.error("bot failed: %s", exc)
            return fallback(state)

    def answered(self) -> bool:
        """The question in flight has its answer (or there is none)."""
        return self.pending is None or self.pending.done()

    # ------------------------------------------------------------ hints
    # A hint is asked once per position and kept: the table may ask ahead (`prefetch_hint`, as soon
    # as a person's turn begins), so that a click on Hint finds the answer there at once; a position
    # seen again (an undo) reuses it. Answers are kept by the seat's view, the bot's only input.
    # The search asked ahead runs the hard bot's whole budget while the player looks; once the player
    # asks (`ask_hint` with `wanted`), the worker is told (`BotWorker.hurry`): the search answers as
    # soon as its best move is settled, within `engine.bots.base.ANSWER_WITHIN` seconds — a click
    # never waits out the search's budget or a time limit counted from the turn's start.

    def _view_key(self, state: Any, seat: int) -> tuple:
        return (seat, hash(json.dumps(state.view(seat), sort_keys=True, default=str)))

    def ask_hint(self, state: Any, seat: int, time_limit: float | None = None, wanted: bool = True) -> None:
        """Ask the hard bot for the seat's best move (once per position; at once from what an
        earlier question about the same position answered or is still answering). `wanted`: the
        player waits for it now (the search is hurried); `time_limit` caps the search asked ahead
        (None: the table's limit for its hard bots)."""
        if self.worker is None:
            return
        key = position_key(state, seat)
        if self._hint_key != key:
            self._hint_key = key
            vkey = self._hint_vkey = self._view_key(state, seat)
            if vkey not in self._answers and vkey not in self._flights:
                limit = self.time_limit if time_limit is None else time_limit
                self._flights[vkey] = self.worker.hint(self.game, seed=self.seeds[seat], view=state.view(seat),
                                                       k=1, level="hard", time_limit=limit)
        flight = self._flights.get(self._hint_vkey) if self._hint_vkey is not None else None
        if wanted and flight is not None and hasattr(self.worker, "hurry"):
            self.worker.hurry(flight)

    def prefetch_hint(self, state: Any, seat: int, time_limit: float | None = None) -> None:
        """Ask ahead, before the person clicks Hint (the same question as `ask_hint`, not waited for)."""
        self.ask_hint(state, seat, time_limit, wanted=False)

    def _collect(self) -> None:
        """Keep the answers that came in."""
        for vkey, f in list(self._flights.items()):
            if not f.done():
                continue
            del self._flights[vkey]
            try:
                ranked = f.result()
            except Exception as exc:  # noqa: BLE001
                log.error("hint failed: %s", exc)
                continue
            if ranked and superseded(ranked):
                if vkey == self._hint_vkey:
                    self._hint_key = None         # still the position asked: ask it again
                continue
            if ranked:
                self._keep(vkey, ranked[0])

    def _keep(self, vkey: tuple, hint: dict) -> None:
        if len(self._answers) >= HINTS_KEPT:
            self._answers.pop(next(iter(self._answers)))
        self._answers[vkey] = hint

    def poll_hint(self, state: Any, seat: int | None) -> dict | None:
        """The hint for this position once it came (asked by `ask_hint` or `prefetch_hint`); a hint
        with the rest of its turn's plan also answers the position its action leads to (`_plan_ahead`)."""
        self._collect()
        if seat is None or self._hint_vkey is None or self._hint_key != position_key(state, seat):
            return None
        hint = self._answers.get(self._hint_vkey)
        if hint is not None and hint.get("plan"):
            self._plan_ahead(state, seat, hint)
        return hint

    def _plan_ahead(self, state: Any, seat: int, hint: dict) -> None:
        """The hint's search planned the whole turn: the position its action leads to is answered by
        the plan's next step, with no search (`ask_hint` finds it known; its report says "plan"), when
        that position is the same seat's turn and the step is legal there. Kept by that position's
        view, as every answer: a player who leaves the plan (or undoes and does something else) comes
        to another view, which is searched afresh; an undo comes back to a position's own hint."""
        plan = hint["plan"]
        try:
            after = state.clone()
            after.apply(hint["action"])
            follows = after.current_seat == seat and plan[0]["action"] in {str(a) for a in after.legal_actions()}
        except Exception:  # noqa: BLE001 - a hint is the worker's data: never trust it blindly
            return
        vkey = self._view_key(after, seat)
        if follows and vkey not in self._answers:
            self._keep(vkey, {**plan[0], "score": hint.get("score", 0.0), "plan": plan[1:],
                              "search": {"iterations": 0, "elapsed": 0.0, "waited": 0.0, "stopped": "plan"}})

    def hint_known(self, state: Any, seat: int | None) -> bool:
        """The hint for this position is there (a click shows it at once)."""
        return self.poll_hint(state, seat) is not None

    def cancel_hint(self) -> None:
        """The position changed: forget which one was asked (an answer still on its way is kept for
        when the position comes back)."""
        self._hint_key = None
