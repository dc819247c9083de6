"""The Matrix connection: matrix-nio in a background thread with its own asyncio loop.

The frame loop never waits on the network. It calls the methods of
`MatrixClient` (each returns a `concurrent.futures.Future` at once: look at
``.done()`` on a later frame) and drains `poll()` every frame for what came
in: `RoomEvent` (a raw timeline event of a joined room), `Invited` (a table
we are asked to), `Status` (online / offline with the reason; a lost
connection is retried with a growing pause and play goes on once it returns)
and `Gap` (the server skipped events of a room: read its history again).

Every request result is plain data (dicts, lists, strings); an error is a
`MatrixError` with the server's message, never an nio object.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import logging
import queue
import threading
from typing import Any, Awaitable, Callable

from nio import AsyncClient, AsyncClientConfig, MessageDirection, RoomPreset, RoomVisibility
from nio.responses import ErrorResponse

from . import nio_log, tls
from .protocol import TABLE

log = logging.getLogger("linebox.online")

SYNC_TIMEOUT_MS = 20_000
# Enough for a whole Line-it game (under 400 actions) in one sync: a longer
# gap is reported as `Gap` and the table re-reads the room.
TIMELINE_LIMIT = 500


class MatrixError(Exception):
    """A request the homeserver refused or could not answer; the message says why."""


class Throttled(MatrixError):
    """The homeserver limits our requests (429, M_LIMIT_EXCEEDED): try again after `retry_after_ms`."""

    def __init__(self, message: str, retry_after_ms: int) -> None:
        super().__init__(message)
        self.retry_after_ms = retry_after_ms


nio_log.quiet()


@dataclasses.dataclass(frozen=True)
class RoomEvent:
    room_id: str
    event: dict


@dataclasses.dataclass(frozen=True)
class Invited:
    room_id: str
    sender: str


@dataclasses.dataclass(frozen=True)
class Status:
    online: bool
    reason: str = ""


@dataclasses.dataclass(frozen=True)
class Gap:
    room_id: str


def _check(resp: Any) -> Any:
    if isinstance(resp, ErrorResponse) and resp.status_code == "M_LIMIT_EXCEEDED":
        wait = resp.retry_after_ms if isinstance(resp.retry_after_ms, int) else 5000
        raise Throttled(f"M_LIMIT_EXCEEDED {resp.message}", max(0, wait))
    if isinstance(resp, ErrorResponse):
        raise MatrixError(f"{resp.status_code or ''} {resp.message}".strip())
    return resp


#: a table room's power levels. The creator (host) holds the top level already: only it changes the
#: setup, and only it invites (a member inviting a stranger, who could then post, was possible);
#: only it redacts: a guest who redacted their own move while the host was away left a gap no one
#: who came later could fill, and the table stopped for good (rooms made before keep their levels:
#: there the move's sender puts it back, `replica.TableReplica.restores_by`)
TABLE_POWER: dict[str, Any] = {"events": {TABLE: 100, "m.room.redaction": 100}, "invite": 100}

class MatrixClient:
    """One signed-in account. `start()` launches the thread; `stop()` ends it."""

    def __init__(self, homeserver: str, user_id: str, device_id: str, access_token: str) -> None:
        self.homeserver = homeserver
        self.user_id = user_id
        self._login = (user_id, device_id, access_token)
        self._inbox: queue.Queue[Any] = queue.Queue()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name=f"matrix {user_id}", daemon=True)
        self._nio: AsyncClient | None = None
        self._running = False
        self._synced = threading.Event()
        self._send_lock: asyncio.Lock | None = None

    # --- life -------------------------------------------------------------------------
    def start(self) -> "MatrixClient":
        self._running = True
        self._thread.start()
        return self

    def stop(self, timeout: float = 10.0) -> None:
        if not self._running:
            return
        self._running = False
        fut = asyncio.run_coroutine_threadsafe(self._close(), self._loop)
        try:
            fut.result(timeout)
        except (concurrent.futures.TimeoutError, Exception) as exc:  # noqa: BLE001 - closing anyway
            log.info("closing %s: %s", self.user_id, exc)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout)

    async def _close(self) -> None:
        for task in asyncio.all_tasks(self._loop):
            if task is not asyncio.current_task():
                task.cancel()
        if self._nio is not None:
            await self._nio.close()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        config = AsyncClientConfig(max_timeouts=1, request_timeout=SYNC_TIMEOUT_MS / 1000 + 10,
                                   backoff_factor=0.1, max_timeout_retry_wait_time=1,
                                   # a 429 comes back to us at once (`Throttled`): the tables say
                                   # so and send what waits in one event, instead of nio sleeping
                                   max_limit_exceeded=0,
                                   store_sync_tokens=False, encryption_enabled=False)
        self._nio = AsyncClient(self.homeserver, self.user_id, config=config, ssl=tls.for_url(self.homeserver))
        user_id, device_id, token = self._login
        self._nio.user_id, self._nio.device_id, self._nio.access_token = user_id, device_id, token
        self._loop.create_task(self._sync_forever())
        self._loop.run_forever()

    # --- out: what came in -------------------------------------------------------------
    def poll(self) -> list[Any]:
        """Everything that came in since the last call (never blocks)."""
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def wait_synced(self, timeout: float) -> bool:
        """For tests and tools, never the frame loop: True once the first sync came back."""
        return self._synced.wait(timeout)

    async def _sync_forever(self) -> None:
        assert self._nio is not None
        since: str | None = None
        pause = 0.2
        online = None
        sync_filter = {"room": {"timeline": {"limit": TIMELINE_LIMIT}}, "presence": {"not_types": ["*"]},
                       "account_data": {"not_types": ["*"]}}
        while self._running:
            try:
                resp = await self._nio.sync(timeout=SYNC_TIMEOUT_MS if since else 0, since=since,
                                            sync_filter=sync_filter)
                _check(resp)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - any failure means: offline, try again
                if online is not False:
                    self._inbox.put(Status(False, str(exc) or type(exc).__name__))
                    online = False
                await asyncio.sleep(pause)
                pause = min(pause * 2, 2.0)
                continue
            pause = 0.2
            if online is not True:
                self._inbox.put(Status(True))
                online = True
            first = since is None
            since = resp.next_batch
            for room_id, room in resp.rooms.join.items():
                if room.timeline.limited and not first:
                    self._inbox.put(Gap(room_id))
                for ev in room.timeline.events:
                    self._inbox.put(RoomEvent(room_id, ev.source))
            for room_id, room in resp.rooms.invite.items():
                sender = next((getattr(e, "sender", "") for e in room.invite_state
                               if getattr(e, "state_key", None) == self.user_id), "")
                self._inbox.put(Invited(room_id, sender))
            self._synced.set()

    # --- in: commands ------------------------------------------------------------------
    def _submit(self, make: Callable[[AsyncClient], Awaitable[Any]]) -> concurrent.futures.Future:
        async def run() -> Any:
            assert self._nio is not None
            return await make(self._nio)
        return asyncio.run_coroutine_threadsafe(run(), self._loop)

    def send(self, room_id: str, event_type: str, content: dict) -> concurrent.futures.Future:
        """Post a timeline event; the future holds its event id.

        Sends go one at a time, in the order asked: two requests in flight
        could land the other way round, and a turn's second action would then
        arrive before its first.
        """
        async def go(c: AsyncClient) -> str:
            if self._send_lock is None:
                self._send_lock = asyncio.Lock()
            async with self._send_lock:
                return _check(await c.room_send(room_id, event_type, content,
                                                ignore_unverified_devices=True)).event_id
        return self._submit(go)

    def create_table(self, setup_content: dict, name: str, invite: list[str]) -> concurrent.futures.Future:
        """A private, invite-only room holding the setup; only the host may change it. Future: room id."""
        async def go(c: AsyncClient) -> str:
            power = {"events": dict(TABLE_POWER["events"]), "invite": TABLE_POWER["invite"]}
            resp = _check(await c.room_create(
                visibility=RoomVisibility.private, name=name, preset=RoomPreset.private_chat,
                federate=True, invite=invite, power_level_override=power,
                initial_state=[{"type": TABLE, "state_key": "", "content": setup_content}]))
            return resp.room_id
        return self._submit(go)

    def invite(self, room_id: str, user_id: str) -> concurrent.futures.Future:
        async def go(c: AsyncClient) -> None:
            _check(await c.room_invite(room_id, user_id))
        return self._submit(go)

    def join(self, room_id: str) -> concurrent.futures.Future:
        async def go(c: AsyncClient) -> str:
            return _check(await c.join(room_id)).room_id
        return self._submit(go)

    def leave(self, room_id: str) -> concurrent.futures.Future:
        """Leave a room (or decline its invitation)."""
        async def go(c: AsyncClient) -> None:
            _check(await c.room_leave(room_id))
        return self._submit(go)

    def archive(self, room_id: str) -> concurrent.futures.Future:
        """Leave a room and forget it: it leaves this account's list of rooms for good."""
        async def go(c: AsyncClient) -> None:
            _check(await c.room_leave(room_id))
            _check(await c.room_forget(room_id))
        return self._submit(go)

    def put_state(self, room_id: str, event_type: str, content: dict) -> concurrent.futures.Future:
        async def go(c: AsyncClient) -> str:
            return _check(await c.room_put_state(room_id, event_type, content, state_key="")).event_id
        return self._submit(go)

    def joined_rooms(self) -> concurrent.futures.Future:
        async def go(c: AsyncClient) -> list[str]:
            return list(_check(await c.joined_rooms()).rooms)
        return self._submit(go)

    def table_setup(self, room_id: str) -> concurrent.futures.Future:
        """The room's raw `org.linebox.table` content (MatrixError if it has none)."""
        async def go(c: AsyncClient) -> dict:
            return dict(_check(await c.room_get_state_event(room_id, TABLE, "")).content)
        return self._submit(go)

    def history(self, room_id: str, page: int = 1000) -> concurrent.futures.Future:
        """Every timeline event of the room, oldest first, read page by page."""
        async def go(c: AsyncClient) -> list[dict]:
            events: list[dict] = []
            start = ""
            while True:
                resp = _check(await c.room_messages(room_id, start=start, direction=MessageDirection.front,
                                                    limit=page))
                events.extend(e.source for e in resp.chunk)
                if not resp.chunk or not resp.end or resp.end == start:
                    return events
                start = resp.end
        return self._submit(go)

    def logout(self) -> concurrent.futures.Future:
        async def go(c: AsyncClient) -> None:
            _check(await c.logout())
        return self._submit(go)
