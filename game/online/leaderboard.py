"""The daily leaderboards on Matrix: one public room per game and day, every entry checked here.

The day's room of a game is the alias ``#linebox-daily-<game>-<YYYY-MM-DD>:<server>``
on the player's homeserver (`alias`); the first player of the day creates it
(public, anybody may join and post), everybody else joins it (`ensure_room`).
A finished counted daily is posted there as one `game.daily.entry.EVENT`
event holding its record (`post_pending` empties the outbox of
`game.daily.attempts`; a homeserver that is down leaves it queued on disk, and
it goes out when the homeserver answers again).

`Board` reads the room (its whole history, then each new event as the
homeserver has it: a long poll, `watch`) and lists only what it verified itself: every entry is replayed
through the rules from the day's start (`game.daily.entry.verify`), each once
(by event id); a refused entry is logged in one line and never listed. A
friends-only board (a league) is any other room the player is in: `Board(...,
room_id=...)` reads and checks it the same way.

No pygame here; nothing waits on the frame loop: requests are futures of the
`MatrixClient`, and `Board.update` verifies a few entries per call.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
import time
from typing import Any

from nio import AsyncClient, MessageDirection, RoomPreset, RoomVisibility
from nio.responses import RoomResolveAliasError

from game.daily import attempts
from game.daily.day import Daily, parse_date
from game.daily.entry import EVENT, Row, Verdict, Verifier

from .client import MatrixClient, MatrixError, _check

log = logging.getLogger("linebox.daily")

WAIT_MS = 10_000           # an open board's long poll for new entries
RETRY_S = 1.0              # the pause after a failed read
PAGE = 1000


def server_of(user_id: str) -> str:
    """The homeserver's name in a user id ("@ada:example.org" -> "example.org")."""
    return user_id.partition(":")[2]


def alias_name(daily: Daily) -> str:
    return f"linebox-daily-{daily.game}-{daily.date}"


def alias(daily: Daily, user_id: str) -> str:
    """The day's room of the game on the player's homeserver."""
    return f"#{alias_name(daily)}:{server_of(user_id)}"


def _run(client: MatrixClient, make: Any) -> concurrent.futures.Future:
    """A request on the client's own connection and thread (the client's one way to run one)."""
    return client._submit(make)          # noqa: SLF001 - the leaderboard's requests are the client's own kind


def ensure_room(client: MatrixClient, daily: Daily) -> concurrent.futures.Future:
    """Join the day's room (made first when nobody has yet); future: its room id."""
    where = alias(daily, client.user_id)

    async def go(c: AsyncClient) -> str:
        problem: Exception = RuntimeError(f"cannot make or join {where}")
        for attempt in range(8):
            if attempt:
                # another player is making the room: its alias answers a moment before the room
                # lets anybody in (Synapse names it before it writes the join rule)
                await asyncio.sleep(0.1 * attempt)
            found = await c.room_resolve_alias(where)
            if isinstance(found, RoomResolveAliasError):
                made = await c.room_create(visibility=RoomVisibility.public, alias=alias_name(daily),
                                           name=f"Linebox daily {daily.game} {daily.date}",
                                           topic="Linebox daily challenge: every entry is checked by replaying it.",
                                           preset=RoomPreset.public_chat, federate=True)
                try:
                    return str(_check(made).room_id)
                except MatrixError as exc:       # another player made it a moment ago: join theirs
                    problem = exc
                    continue
            try:
                return str(_check(await c.join(found.room_id)).room_id)
            except MatrixError as exc:
                problem = exc
        raise problem
    return _run(client, go)


async def _messages(c: AsyncClient, room_id: str, token: str) -> tuple[list[dict], str]:
    events: list[dict] = []
    start = token
    while True:
        resp = _check(await c.room_messages(room_id, start=start, direction=MessageDirection.front, limit=PAGE))
        events.extend(e.source for e in resp.chunk)
        if not resp.chunk or not resp.end or resp.end == start:
            return events, start
        start = resp.end


def read_since(client: MatrixClient, room_id: str, token: str) -> concurrent.futures.Future:
    """The room's events after `token` ("" = from its start), oldest first; future: (events, token)."""
    async def go(c: AsyncClient) -> tuple[list[dict], str]:
        return await _messages(c, room_id, token)
    return _run(client, go)


def _only(room_id: str) -> dict:
    """A sync filter for the one room's timeline (nothing else comes back)."""
    none = {"not_types": ["*"]}
    return {"room": {"rooms": [room_id], "timeline": {"limit": 50}, "state": {"types": []}, "ephemeral": none,
                     "account_data": none}, "presence": none, "account_data": none}


def watch(client: MatrixClient, room_id: str, token: str, since: str | None, wait_ms: int) -> concurrent.futures.Future:
    """The room's next events; future: (events, messages token, sync token).

    The first call (`since` None) takes a sync token first and then reads the
    room's whole history (`token` ""), so nothing falls between the two; every
    later call waits up to `wait_ms` for the room's new events (a long poll: a new
    entry arrives as soon as the homeserver has it). When the homeserver skipped
    some (a long absence) the room is read on from `token`. Events may come twice:
    the board knows them by id.
    """
    async def go(c: AsyncClient) -> tuple[list[dict], str, str]:
        if since is None:
            first = _check(await c.sync(timeout=0, sync_filter=_only(room_id)))
            events, read = await _messages(c, room_id, token)
            return events, read, str(first.next_batch)
        resp = _check(await c.sync(timeout=wait_ms, sync_filter=_only(room_id), since=since))
        room = resp.rooms.join.get(room_id)
        events = [e.source for e in room.timeline.events] if room is not None else []
        read = token
        if room is not None and room.timeline.limited:
            events, read = await _messages(c, room_id, token)
        return events, read, str(resp.next_batch)
    return _run(client, go)


class Board:
    """One day's leaderboard of one game, as this client verified it."""

    def __init__(self, client: MatrixClient, daily: Daily, room_id: str | None = None) -> None:
        self.client = client
        self.daily = daily
        self.verifier = Verifier(daily)
        self.room_id = room_id
        self.problem = ""                # the last request's failure ("" while things work)
        self.loaded = False              # the room's history was read once
        self._token = ""                 # where the room's history was read to
        self._since: str | None = None   # the room's sync token (None: not read yet)
        self._joining: concurrent.futures.Future | None = None if room_id else ensure_room(client, daily)
        self._reading: concurrent.futures.Future | None = None
        self._next_read = 0.0
        self._told: set[str] = set()     # repeats already logged

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
            self._reading = watch(self.client, self.room_id, self._token, self._since, WAIT_MS)
        self.verifier.work(budget, seconds)

    def _joining_later(self) -> None:
        timer = threading.Timer(2.0, self._join_again)
        timer.daemon = True
        timer.start()

    def _join_again(self) -> None:
        if self.room_id is None and self._joining is None:
            self._joining = ensure_room(self.client, self.daily)

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


def board_for(client: MatrixClient, daily: Daily, room_id: str | None = None) -> Board:
    """The board of the day's game for this account, kept while the app runs: a board shown again
    replays nothing it verified before (its verdicts are kept by event id)."""
    key = (client.user_id, daily.game, daily.date, room_id)
    board = _BOARDS.get(key)
    if board is None or board.client is not client:
        board = _BOARDS[key] = Board(client, daily, room_id)
    return board


def post_pending(client: MatrixClient, timeout: float = 30.0, stop: threading.Event | None = None) -> int:
    """Post every queued daily entry to its day's room (blocking: call it off the frame loop);
    how many went out. One that fails stays queued for the next call."""
    sent = 0
    rooms: dict[tuple[str, str], str] = {}
    for item in attempts.queued():
        if stop is not None and stop.is_set():
            break
        day = parse_date(item["date"])
        if day is None:
            continue
        daily = Daily(item["game"], day)
        try:
            key = (daily.game, daily.date)
            if key not in rooms:
                rooms[key] = ensure_room(client, daily).result(timeout)
            client.send(rooms[key], EVENT, item["content"]).result(timeout)
        except Exception as exc:  # noqa: BLE001 - offline, or refused: it stays queued
            log.info("daily %s %s not posted yet: %s", daily.game, daily.date, exc)
            continue
        attempts.posted(daily.game, daily.date)
        sent += 1
    return sent


class Poster:
    """Posts the outbox in a background thread while it is not empty and the client is there,
    trying again with a growing pause (the homeserver may be down for a while)."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self.client: MatrixClient | None = None

    def kick(self, client: MatrixClient | None) -> None:
        """Post what waits, now (a thread of its own, started once at a time)."""
        if client is None:
            return
        self.client = client
        if self._thread is not None and self._thread.is_alive():
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="daily poster", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        pause = 2.0
        while not self._stop.is_set() and self.client is not None and attempts.queued():
            post_pending(self.client, stop=self._stop)
            if not attempts.queued():
                return
            self._stop.wait(pause)
            pause = min(pause * 2, 120.0)

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)


POSTER = Poster()
