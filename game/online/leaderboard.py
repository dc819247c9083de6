"""The leaderboard's rooms on Matrix: the `game.leaderboard.rooms.Rooms` port, filled by a signed-in client.

A day's room of a game is the alias ``#<room name>:<server>`` on the player's
homeserver (`alias`); the first player of the day creates it (public, anybody
may join and post), everybody else joins it (`ensure_room`). A board reads it
from its start, then each new event as the homeserver has it (a long poll,
`watch`). What is posted and how it is checked is the leaderboard's
(`game.leaderboard`): nothing here knows a daily challenge.

No pygame here; nothing waits on the frame loop: requests are futures of the
`MatrixClient`.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
from dataclasses import dataclass
from typing import Any

from nio import AsyncClient, MessageDirection, RoomPreset, RoomVisibility
from nio.responses import RoomResolveAliasError

from .client import MatrixClient, MatrixError, _check

PAGE = 1000


def server_of(user_id: str) -> str:
    """The homeserver's name in a user id ("@ada:example.org" -> "example.org")."""
    return user_id.partition(":")[2]


def alias(name: str, user_id: str) -> str:
    """The room called `name` on the player's homeserver."""
    return f"#{name}:{server_of(user_id)}"


def _run(client: MatrixClient, make: Any) -> concurrent.futures.Future:
    """A request on the client's own connection and thread (the client's one way to run one)."""
    return client._submit(make)          # noqa: SLF001 - the leaderboard's requests are the client's own kind


def ensure_room(client: MatrixClient, name: str, title: str) -> concurrent.futures.Future:
    """Join the public room called `name` (made first when nobody has yet); future: its room id."""
    where = alias(name, client.user_id)

    async def go(c: AsyncClient) -> str:
        problem: Exception = RuntimeError(f"cannot make or join {where}")
        for attempt in range(8):
            if attempt:
                # another player is making the room: its alias answers a moment before the room
                # lets anybody in (Synapse names it before it writes the join rule)
                await asyncio.sleep(0.1 * attempt)
            found = await c.room_resolve_alias(where)
            if isinstance(found, RoomResolveAliasError):
                made = await c.room_create(visibility=RoomVisibility.public, alias=name, name=title,
                                           topic="Linebox leaderboard: every entry is checked by replaying it.",
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


@dataclass(frozen=True)
class MatrixRooms:
    """The leaderboard's rooms of one signed-in client (equal for the same client)."""

    client: MatrixClient

    @property
    def user_id(self) -> str:
        return self.client.user_id

    def ensure(self, name: str, title: str) -> concurrent.futures.Future:
        return ensure_room(self.client, name, title)

    def watch(self, room_id: str, token: str, since: str | None, wait_ms: int) -> concurrent.futures.Future:
        return watch(self.client, room_id, token, since, wait_ms)

    def send(self, room_id: str, kind: str, content: dict[str, Any]) -> concurrent.futures.Future:
        return self.client.send(room_id, kind, content)
