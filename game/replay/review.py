"""The post-game review of one seat: asked of the worker, cached per record, read as typed items.

    run = start(record, seat)        # a cached result at once, else a job in its own bot worker
    run.progress, run.done           # each frame: 0.0-1.0, then True
    run.items, run.result            # the costliest decisions (`Item`), the engine's whole answer
    run.cancel()                     # leaving: the worker stops (its process ends)

The engine (`engine.bots.review`, through `BotWorker.review`) judges each of
the seat's decisions; nothing here judges. A review runs in a worker of its
own, never on the frame loop and never delaying a table's bots, and is kept
by record and seat, so a review reopened (from the results, then from the
replay) is shown at once. Leaving cancels it: a worker process is ended; a
thread worker (where no process can start) cannot be stopped and finishes
unseen. The words a player reads are each game's (`GameUI` fields
"review_lines", "review_summary"; see `game/<game>_table/suggest.py`).
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import signal
from dataclasses import dataclass
from typing import Any, Callable, Mapping

import pygame

from game.shell.frontends import frontend
from ..table import bots

log = logging.getLogger("linebox.review")

TOP = 3
"""Decisions a review lists: the few that cost most."""

_CACHE: dict[tuple[str, int], dict[str, Any]] = {}
"""Finished reviews by (record digest, seat): a review is never run twice in one session."""


def record_key(record: Mapping[str, Any]) -> str:
    """A digest of a game record (the same game, however it was reached, has the same key)."""
    return hashlib.sha256(json.dumps(record, sort_keys=True, default=str).encode()).hexdigest()


@dataclass(frozen=True)
class Item:
    """One costly decision: at moment `index` (before it was played) the seat played `played`
    where `better` was worth more; `cost` in `unit` ("points" or "free_fields"), always >= 0.
    `params` are the engine reason's typed facts (values, the moves' own reasons, cut fields)."""

    index: int
    played: str
    better: str
    cost: float
    unit: str
    params: Mapping[str, Any]

    @classmethod
    def of(cls, finding: Mapping[str, Any]) -> "Item":
        reason = finding.get("reason") or {}
        return cls(int(finding["index"]), str(finding["played"]), str(finding["better"]),
                   float(finding.get("cost", 0.0)), str(finding.get("unit", "points")),
                   dict(reason.get("params") or {}))


class ReviewRun:
    """One review, finished (from the cache) or under way in its own worker."""

    def __init__(self, key: tuple[str, int], result: dict[str, Any] | None = None) -> None:
        self.key = key
        self.result = result
        self.error = ""
        self.worker: Any = None
        self.job: Any = None

    def begin(self, record: dict[str, Any], seat: int) -> None:
        self.worker = bots.WORKER_FACTORY()
        self.job = self.worker.review(record, seat, top=TOP)

    @property
    def done(self) -> bool:
        """The result (or the error) is here; polls the job without waiting."""
        if self.result is None and not self.error and self.job is not None and self.job.future.done() \
                and not self.job.future.cancelled():
            self._collect()
        return self.result is not None or bool(self.error)

    @property
    def progress(self) -> float:
        if self.result is not None:
            return 1.0
        return float(self.job.progress) if self.job is not None else 0.0

    def _collect(self) -> None:
        try:
            self.result = dict(self.job.future.result())
            _CACHE[self.key] = self.result
        except Exception as exc:  # the engine refused the record or the worker failed: say so, keep the replay
            log.warning("the review failed", exc_info=True)
            self.error = f"{type(exc).__name__}: {exc}"[:300]
        self._close(kill=False)

    @property
    def items(self) -> list[Item]:
        if self.result is None:
            return []
        return [Item.of(f) for f in self.result.get("findings", ())]

    def cancel(self) -> None:
        """Stop the job: its answer is dropped and a worker process ends now."""
        if self.job is not None and not self.job.future.done():
            self.job.future.cancel()
            self._close(kill=True)
        else:
            self._close(kill=False)

    def _close(self, kill: bool) -> None:
        """The worker ends: an idle one by itself, one still at work (`kill`) now."""
        worker, self.worker = self.worker, None
        if worker is None:
            return
        pid = worker.pid if worker.in_process else None
        worker.close()
        if kill and pid is not None and pid != os.getpid():
            try:      # a review is seconds of work: the process is not left to finish it unseen
                os.kill(pid, signal.SIGTERM)
            except (OSError, ProcessLookupError):
                pass

    @property
    def cancelled(self) -> bool:
        return self.job is not None and self.job.future.cancelled()


def start(record: dict[str, Any], seat: int) -> ReviewRun:
    """The review of `seat` in the game of `record`: cached, or started in a worker now."""
    key = (record_key(record), int(seat))
    cached = _CACHE.get(key)
    run = ReviewRun(key, cached)
    if cached is None:
        run.begin(record, seat)
    return run


#: a game's `draw_suggestion`: `action` drawn over `table` (laid out, at rest) on `surface` as the
#: better move; returns the rects it drew ([] for an action it cannot show)
SuggestionPainter = Callable[[Any, pygame.Surface, str], list[pygame.Rect]]


def painter(game: str) -> SuggestionPainter:
    """The game's painter of a better move (`game/<game>_table/suggest.py`)."""
    return frontend(game).draw_suggestion


def lines(game: str, item: Item) -> tuple[str, str, str]:
    """What an entry says in the current language: (its cost, the move played, the better one)."""
    return frontend(game).review_lines(item)


def summary(game: str, result: Mapping[str, Any]) -> str:
    """The one-line summary of a finished review, in the current language."""
    return frontend(game).review_summary(result)
