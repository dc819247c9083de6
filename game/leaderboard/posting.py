"""Posting the daily results that wait in the outbox, when the player is signed in.

The outbox is `game.daily.attempts`'; the rooms are the signed-in session's
(`game.online.leaderboard.MatrixRooms`, reached only here and only when there is
one: an install without matrix-nio keeps its results queued). `POSTER` posts in
a thread of its own, trying again with a growing pause (the homeserver may be
down for a while); what fails stays queued on disk for the next try.
"""
from __future__ import annotations

import logging
import threading

from game.daily import attempts
from game.daily.day import Daily, parse_date
from game.daily.entry import EVENT

from .rooms import Rooms, room_name, room_title

log = logging.getLogger("linebox.daily")


def post_pending(rooms: Rooms, timeout: float = 30.0, stop: threading.Event | None = None) -> int:
    """Post every queued daily entry to its day's room (blocking: call it off the frame loop);
    how many went out. One that fails stays queued for the next call."""
    sent = 0
    joined: dict[tuple[str, str], str] = {}
    for item in attempts.queued():
        if stop is not None and stop.is_set():
            break
        day = parse_date(item["date"])
        if day is None:
            continue
        daily = Daily(item["game"], day)
        try:
            key = (daily.game, daily.date)
            if key not in joined:
                joined[key] = rooms.ensure(room_name(daily), room_title(daily)).result(timeout)
            rooms.send(joined[key], EVENT, item["content"]).result(timeout)
        except Exception as exc:  # noqa: BLE001 - offline, or refused: it stays queued
            log.info("daily %s %s not posted yet: %s", daily.game, daily.date, exc)
            continue
        attempts.posted(daily.game, daily.date)
        sent += 1
    return sent


class Poster:
    """Posts the outbox in a background thread while it is not empty and the rooms are there,
    trying again with a growing pause (the homeserver may be down for a while)."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self.rooms: Rooms | None = None

    def kick(self, rooms: Rooms | None) -> None:
        """Post what waits, now (a thread of its own, started once at a time)."""
        if rooms is None:
            return
        self.rooms = rooms
        if self._thread is not None and self._thread.is_alive():
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="daily poster", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        pause = 2.0
        while not self._stop.is_set() and self.rooms is not None and attempts.queued():
            post_pending(self.rooms, stop=self._stop)
            if not attempts.queued():
                return
            self._stop.wait(pause)
            pause = min(pause * 2, 120.0)

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)


POSTER = Poster()


def post_waiting() -> bool:
    """Start posting what waits (in the background: `POSTER`) when the player is signed in;
    False when nothing waits or nobody is signed in."""
    if not attempts.queued():
        return False
    try:
        from game.online import session
        from game.online.leaderboard import MatrixRooms
        s = session.current()
    except Exception as exc:  # noqa: BLE001 - no matrix-nio in this install: the entry waits
        log.info("daily results cannot be posted here: %s", exc)
        return False
    if s is None:
        return False
    POSTER.kick(MatrixRooms(s.client))
    return True
