"""What every bot shares: the interface, and randomness tied to the view.

A bot decides from `view` alone (exactly `state.view(seat)`), so it can
never see what its seat may not. Its random choices come from a generator
seeded by the bot's seed *and a digest of the view*: the same bot with the
same seed, shown the same view, always makes the same choice — whatever came
before, and whatever the hidden parts of the real game hold.
"""
from __future__ import annotations

import hashlib
import json
import time
from typing import Any, Callable, Mapping, Protocol

from engine.core import Rng

LEVELS = ("easy", "normal", "hard")


class Bot(Protocol):
    game: str
    level: str

    def choose(self, view: Mapping[str, Any]) -> Any:
        """The action this bot plays in `view` (a legal one, always)."""

    def rank(self, view: Mapping[str, Any], k: int = 3) -> list[tuple[Any, float, str]]:
        """The top `k` choices, best first: (action, score, reason for a player)."""


def view_digest(view: Mapping[str, Any]) -> int:
    """A 64-bit fingerprint of a view, the same on every platform."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def decision_rng(seed: int, view: Mapping[str, Any]) -> Rng:
    """The generator for one decision: a function of the bot's seed and the view."""
    return Rng((seed * 0x9E3779B97F4A7C15) ^ view_digest(view))


#: seconds a hint's search may go on once the player waits for it (`Watch`): with the worker's
#: round trip, the teaching facts and a frame, the hint is on screen within a second of the click
#: (0.6 measured p95 843-1,007 ms on this 2-core machine at load 10-14: docs/BOTS.md)
ANSWER_WITHIN = 0.5


class Watch:
    """Tells a running search that someone waits for its answer (a hint's search; never a bot's
    own decision, which keeps its whole budget).

    Until then the search runs its budget. Once `waiting()` says so (the player clicked Hint), the
    search stops as soon as its own test says the best move is settled (`stop(settled)`), and at
    the latest `within` seconds after it first noticed; once `superseded()` (a newer question is
    asked: the position has moved on), it stops at once. `report` says what it did.

        watch = Watch(waiting=lambda: clicked, superseded=lambda: False)
        bot.watch = watch; bot.rank(view, 1); watch.report   # {"iterations", "elapsed", "stopped"}
    """

    def __init__(self, waiting: Callable[[], bool], superseded: Callable[[], bool] = lambda: False,
                 within: float = ANSWER_WITHIN, clock: Callable[[], float] = time.perf_counter) -> None:
        self._waiting = waiting
        self._superseded = superseded
        self.within = within
        self.clock = clock
        self.started = clock()
        self.deadline: float | None = None    # set when the wait is first noticed
        self.stopped = "budget"               # "budget", "settled", "deadline" or "superseded"
        self.iterations = 0
        self.elapsed = 0.0
        self.waited = 0.0                     # seconds from the wait noticed to the answer

    def hurried(self) -> bool:
        """Someone waits for the answer (or no longer wants it): the search may stop early."""
        if self.deadline is not None:
            return True
        if self._waiting() or self._superseded():
            self.deadline = self.clock() + self.within
            return True
        return False

    def stop(self, settled: Callable[[], bool]) -> bool:
        """Whether the search stops now: never before someone waits; then once `settled()` (asked
        only then: it may cost), or the deadline passed, or the question is superseded."""
        if not self.hurried():
            return False
        if self._superseded():
            self.stopped = "superseded"
        elif self.deadline is not None and self.clock() >= self.deadline:
            self.stopped = "deadline"
        elif settled():
            self.stopped = "settled"
        else:
            return False
        return True

    def done(self, iterations: int) -> None:
        """The search ended after `iterations` (simulations): fill in `report`."""
        now = self.clock()
        self.iterations = iterations
        self.elapsed = now - self.started
        if self.deadline is not None:
            self.waited = max(0.0, now - (self.deadline - self.within))

    @property
    def report(self) -> dict[str, Any]:
        return {"iterations": self.iterations, "elapsed": round(self.elapsed, 4), "waited": round(self.waited, 4),
                "stopped": self.stopped}


def superseded(hints: list[Any]) -> bool:
    """Whether hints (`worker.rank`'s answer) come from a search cut short by a newer question: not
    worth keeping, the position is asked again if it comes back."""
    return any(isinstance(h, dict) and (h.get("search") or {}).get("stopped") == "superseded" for h in hints)
