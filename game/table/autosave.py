"""The autosave of a table: written off the frame thread, atomically, failures reported once.

The payload is built on the frame thread (it must match the game at that
moment); the write (JSON, fsync, `os.replace` in `storage.write_json`) runs on
one shared writer thread, so writes land in order and a frame never waits for
the disk. A failed write (read-only or full disk) is reported once through
`report` (a toast), not after every action; the pause screen asks `failing`
so it never promises a save that did not happen. A later write that works
clears the failure.
"""
from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Callable

from game.files import storage

log = logging.getLogger("linebox.table")

#: one writer for every table, so a new table's first write lands after the old table's last
_writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-autosave")


class Autosaver:
    """The one autosave of `game` (`storage.autosave_path(game)`)."""

    def __init__(self, game: str, report: Callable[[str], None]) -> None:
        self.game = game
        self.report = report            # called on the frame thread with the reason, once per failure
        self.failing = False
        self.reason = ""
        self._jobs: list[Future] = []

    def write(self, payload: dict) -> None:
        """Queue `payload` as the autosave (returns at once)."""
        self._jobs.append(_writer.submit(storage.write_autosave, self.game, payload))
        self.poll()

    def poll(self) -> None:
        """Look at finished writes (frame thread): note and report a failure once."""
        done = [j for j in self._jobs if j.done()]
        self._jobs = [j for j in self._jobs if not j.done()]
        for job in done:
            self._settle(job.exception())

    def flush(self, timeout: float = 10.0) -> None:
        """Wait for every queued write (leaving the table, before clearing)."""
        jobs, self._jobs = self._jobs, []
        for job in jobs:
            try:
                self._settle(job.exception(timeout=timeout))
            except TimeoutError:
                self._settle(TimeoutError("the disk did not answer"))

    def clear(self) -> None:
        """The game is over: forget the autosave once every write has landed."""
        self.flush()
        try:
            storage.clear_autosave(self.game)
        except OSError as exc:
            log.warning("autosave not cleared: %s", exc)

    def _settle(self, exc: BaseException | None) -> None:
        if exc is None:
            self.failing = False
            return
        log.warning("autosave failed: %s", exc)
        reason = getattr(exc, "strerror", None) or str(exc)
        if not self.failing:
            self.failing = True
            self.reason = reason
            self.report(reason)
