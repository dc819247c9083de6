"""One day's leaderboard of one game, as this client verified it: every entry replayed through the rules.

`Board` reads the day's room through a `Rooms` port (its whole history, then each
new event as the place keeps it: a long poll, `Rooms.watch`) and lists only what
it verified itself: every entry is replayed through the rules from the day's
start (`game.daily.entry.verify`), each once (by event id); a refused entry is
logged in one line and never listed. A friends-only board (a league) is any
other room the player is in: `Board(..., room_id=...)` reads and checks it the
same way.

No pygame here; nothing waits on the frame loop: requests are futures of the
port, and `Board.update` verifies a few entries per call.
"""
from __future__ import annotations

import concurrent.futures
import logging
import threading
import time
from typing import Any

from game.daily.day import Daily
from game.daily.entry import Row, Verdict, Verifier

from .rooms import Rooms, room_name, room_title

log = logging.getLogger("linebox.daily")
WAIT_MS = 10_000           # an open board's long poll for new entries
RETRY_S = 1.0              # the pause after a failed read


class Board:
    """One day's leaderboard of one game, as this client verified it."""

    def __init__(self, rooms: Rooms, daily: Daily, room_id: str | None = None) -> None:
        self.rooms = rooms
        self.daily = daily
        self.verifier = Verifier(daily)
        self.room_id = room_id
        self.problem = ""                # the last request's failure ("" while things work)
        self.loaded = False              # the room's history was read once
        self._token = ""                 # where the room's history was read to
        self._since: str | None = None   # the room's sync token (None: not read yet)
        self._joining: concurrent.futures.Future | None = None if room_id else self._join()
        self._reading: concurrent.futures.Future | None = None
        self._next_read = 0.0
        self._told: set[str] = set()     # repeats already logged

    def _join(self) -> concurrent.futures.Future:
        return self.rooms.ensure(room_name(self.daily), room_title(self.daily))

    def update(self, budget: int | None = None, seconds: float | None = None) -> None:
        """The frame's share: requests looked at, new ones asked for, up to `budget` entries verified
        in about `seconds` (None: no limit)."""
        if self._joining is not None and self._joining.done():
            fut, self._joining = self._joining, None
            try:
                self.room_id = fut.result()
                self.problem = ""
            except Exception as exc:  # noqa: BLE001 - offline: try again later
                self.problem = str(exc) or type(exc).__name__
                self._joining_later()
        if self.room_id is None:
            return
        if self._reading is not None and self._reading.done():
            fut, self._reading = self._reading, None
            try:
                events, self._token, self._since = fut.result()
                self.verifier.add(events)
                self.loaded = True
                self.problem = ""
            except Exception as exc:  # noqa: BLE001 - offline: the next read tries again, after a pause
                self.problem = str(exc) or type(exc).__name__
                self._next_read = time.monotonic() + RETRY_S
        if self._reading is None and time.monotonic() >= self._next_read:
            self._reading = self.rooms.watch(self.room_id, self._token, self._since, WAIT_MS)
        self.verifier.work(budget, seconds)

    def _joining_later(self) -> None:
        timer = threading.Timer(2.0, self._join_again)
        timer.daemon = True
        timer.start()

    def _join_again(self) -> None:
        if self.room_id is None and self._joining is None:
            self._joining = self._join()

    @property
    def verifying(self) -> int:
        """Entries read but not verified yet."""
        return len(self.verifier.pending)

    def rows(self) -> list[Row]:
        """The verified entries, ranked best first (one per player)."""
        rows, refused = self.verifier.board()
        for v in refused:
            if v.reason == "repeats a counted attempt" and v.event_id not in self._told:
                self._told.add(v.event_id)
                log.info("daily %s %s: entry %s by %s refused: %s", self.daily.game, self.daily.date,
                         v.event_id, v.sender, v.reason)
        return rows

    def refused(self) -> list[Verdict]:
        return self.verifier.board()[1]

    def file(self, event_id: str) -> dict[str, Any] | None:
        """The `.linebox` file of a listed entry (what the replay viewer opens)."""
        return self.verifier.files.get(event_id)

    def sender(self, event_id: str) -> str | None:
        """Who posted an entry (its Matrix user id), None for one not read."""
        v = self.verifier.verdicts.get(event_id)
        return v.sender if v is not None else None


_BOARDS: dict[tuple[str, str, str, str | None], Board] = {}


def board_for(rooms: Rooms, daily: Daily, room_id: str | None = None) -> Board:
    """The board of the day's game for this account, kept while the app runs: a board shown again
    replays nothing it verified before (its verdicts are kept by event id)."""
    key = (rooms.user_id, daily.game, daily.date, room_id)
    board = _BOARDS.get(key)
    if board is None or board.rooms != rooms:
        board = _BOARDS[key] = Board(rooms, daily, room_id)
    return board
