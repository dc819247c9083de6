"""Bots that think off the frame loop.

The table asks `BotWorker.ask(...)` for a decision and gets a Future at once;
it polls `future.done()` each frame and keeps animating meanwhile. The bot
runs in a separate process, so a long search never takes the interpreter
lock from the frame loop. Where no process can be started (some sandboxes,
or a frozen app without multiprocessing support) it falls back to a thread,
which still never blocks the loop but shares the interpreter.

    worker = BotWorker()
    future = worker.ask("lineit", "hard", seed=3, view=state.view(seat))
    ...                        # each frame: if future.done(): text = future.result()
    worker.close()

Answers are action *texts*, so nothing engine-specific crosses the process edge.
"""
from __future__ import annotations

import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor

from . import make_bot


def decide(game: str, level: str, seed: int, view: dict, budget: int | None,
           time_limit: float | None) -> str:
    """One decision, as action text (runs inside the worker)."""
    bot = make_bot(game, level, seed=seed, budget=budget, time_limit=time_limit)
    return str(bot.choose(view))


def rank(game: str, level: str, seed: int, view: dict, k: int, budget: int | None,
         time_limit: float | None) -> list[dict]:
    """The bot's top-k choices, best first — for hints.

    Each is {"action": text, "score": float, "reason": English text,
    "template": msgid, "params": {...}}: plain data, so it crosses the process
    edge, and the UI can translate it as `_(template).format(**params)`.
    """
    bot = make_bot(game, level, seed=seed, budget=budget, time_limit=time_limit)
    out = []
    for action, score, why in bot.rank(view, k):
        out.append({"action": str(action), "score": float(score), "reason": str(why),
                    "template": getattr(why, "template", str(why)),
                    "params": dict(getattr(why, "params", {}))})
    return out


class BotWorker:
    """One background worker shared by all bot seats of a table."""

    def __init__(self, use_process: bool = True) -> None:
        self._pool = None
        if use_process:
            try:
                self._pool = ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"))
                self._pool.submit(int, 0).result(timeout=30)  # fail here, not mid-game
            except Exception:  # no process support here: think in a thread instead
                self._pool = None
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1)

    @property
    def in_process(self) -> bool:
        return isinstance(self._pool, ProcessPoolExecutor)

    def ask(self, game: str, level: str, seed: int, view: dict, budget: int | None = None,
            time_limit: float | None = None) -> "Future[str]":
        return self._pool.submit(decide, game, level, seed, view, budget, time_limit)

    def hint(self, game: str, seed: int, view: dict, k: int = 3, level: str = "hard",
             budget: int | None = None, time_limit: float | None = None
             ) -> "Future[list[dict]]":
        return self._pool.submit(rank, game, level, seed, view, k, budget, time_limit)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
