"""Your online tables: create, invite, resume from the room's history, play, host.

`OnlineTables(client)` is polled once a frame (`update()`, never blocks):
it feeds the client's incoming events to each table's `TableReplica`, reads
a table's whole history when it is first seen (or after a gap) and replays
it through the rules to the exact position, and does the host's duties at
tables we host: the chance outcomes the game waits for and the bots' moves.
Posting is idempotent by sequence number: a send lost with the connection is
posted again, and a double is ignored by every replica.

The host's secret seed (the dealer's, see `rules`) is kept in the user data
folder, owner-only, by `HostSecrets`; never in the room.
"""
from __future__ import annotations

import concurrent.futures
import dataclasses
import json
import logging
import os
import queue
import secrets
from pathlib import Path
from typing import Any

from game import paths

from .client import Gap, Invited, MatrixClient, RoomEvent, Status
from .host import HostDuty
from .protocol import ACTION, BOT, CHANCE, TABLE, ActionMsg, ProtocolError, TableSetup
from .replica import TableReplica
from .rules import next_slot

log = logging.getLogger("linebox.online")


class HostSecrets:
    """room id -> dealer seed, in ``online_hosted.json`` (0600) in the user data folder."""

    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder or paths.data_dir()) / "online_hosted.json"

    def _read(self) -> dict[str, int]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, int)} \
            if isinstance(data, dict) else {}

    def get(self, room_id: str) -> int | None:
        return self._read().get(room_id)

    def put(self, room_id: str, seed: int) -> None:
        data = {**self._read(), room_id: seed}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, json.dumps(data).encode())
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, self.path)


@dataclasses.dataclass
class Table:
    room_id: str
    replica: TableReplica
    host: HostDuty | None = None
    seen: set[str] = dataclasses.field(default_factory=set)
    # per seat: seq -> action text we posted that the table has not applied yet
    posted: dict[int, dict[int, str]] = dataclasses.field(default_factory=dict)
    chance_posted: set[int] = dataclasses.field(default_factory=set)
    unread: int = 0
    chat: list[tuple[str, str]] = dataclasses.field(default_factory=list)
    # user -> their last membership in the room ("invite", "join", "leave", ...), from the room's events
    members: dict[str, str] = dataclasses.field(default_factory=dict)

    @property
    def setup(self) -> TableSetup:
        return self.replica.setup

    def waiting_for(self) -> list[int]:
        """Seats the game waits for now (Linyo: the seats that have not moved on this roll; a move
        that came early, or that we posted, waits only for the seat order)."""
        s = self.replica.state
        if s.is_over or getattr(s, "chance_needed", None) is not None:
            return []
        moved = self.replica.queued_seats() | {seat for seat, sent in self.posted.items() if sent}
        return [seat for seat in getattr(s, "to_move", [s.current_seat]) if seat not in moved]

    def not_joined(self) -> list[int]:
        """Seats whose player is not in the room (invited, or left): the game waits for them to join.
        The room's history is read whole, so every player's join is among its events."""
        return [seat for seat, user in enumerate(self.setup.seats)
                if user != BOT and self.members.get(user) != "join"]

    def last_move(self) -> tuple[int, tuple[Any, ...]] | None:
        """The seat of the last action applied and the events it caused (None before the first)."""
        return self.replica.last_move


@dataclasses.dataclass(frozen=True)
class TableSummary:
    room_id: str
    game: str
    my_turn: bool
    waiting_for: tuple[int, ...]
    not_joined: tuple[int, ...]
    # the last action's seat and the engine events it caused (the hub words it as the game log does)
    last_move: tuple[int, tuple[Any, ...]] | None
    unread: int
    over: bool


class OnlineTables:
    def __init__(self, client: MatrixClient, host_secrets: HostSecrets | None = None) -> None:
        self.client = client
        self.me = client.user_id
        self.secrets = host_secrets or HostSecrets()
        self.tables: dict[str, Table] = {}
        self.invites: dict[str, str] = {}
        self.online = False
        self.problems: list[str] = []  # plain messages for the screen (a broken table, a failed send)
        self._loading: dict[str, tuple[concurrent.futures.Future, concurrent.futures.Future]] = {}
        self._early: dict[str, list[dict]] = {}
        self._sends: list[tuple[concurrent.futures.Future, str, Any]] = []
        self._retry: list[tuple[str, ActionMsg]] = []
        self._created: queue.Queue[str] = queue.Queue()

    # --- tables -----------------------------------------------------------------------
    def create(self, game: str, players: int, options: dict, seats: list[str], bot_level: str = "normal",
               name: str = "Linebox") -> concurrent.futures.Future:
        """A new table we host; future: its room id. The first seat is drawn here (it is public)."""
        seed = secrets.randbits(62)
        options = {**options}
        options.setdefault("first_seat", secrets.randbelow(players))
        if options.get("sheet") == "random":
            options.setdefault("sheet_seed", secrets.randbits(31))
        setup = TableSetup(game, players, options, tuple(seats), self.me, bot_level)
        TableSetup.from_content(setup.to_content())  # a bad setup fails here, before any room exists
        invite = sorted({s for s in seats if s not in (BOT, self.me)})
        made = self.client.create_table(setup.to_content(), name, invite)
        out: concurrent.futures.Future = concurrent.futures.Future()

        def created(f: concurrent.futures.Future) -> None:
            if f.exception() is not None:
                out.set_exception(f.exception())
                return
            self.secrets.put(f.result(), seed)
            self._created.put(f.result())  # the frame loop gives the table its host duties
            out.set_result(f.result())
        made.add_done_callback(created)
        return out

    def accept(self, room_id: str) -> concurrent.futures.Future:
        self.invites.pop(room_id, None)
        return self.client.join(room_id)

    def resume(self, room_id: str) -> None:
        """Read the table's setup and whole history again and replay it (also after a gap)."""
        if room_id not in self._loading:
            self._loading[room_id] = (self.client.table_setup(room_id), self.client.history(room_id))
            self._early.setdefault(room_id, [])

    def resume_all(self) -> concurrent.futures.Future:
        """Find every table we are at and load each; future: the room ids."""
        rooms = self.client.joined_rooms()

        def load_each(done: concurrent.futures.Future) -> None:
            if not done.exception():
                for room_id in done.result():
                    self.resume(room_id)
        rooms.add_done_callback(load_each)
        return rooms

    def loading(self) -> bool:
        return bool(self._loading)

    # --- play -------------------------------------------------------------------------
    def my_seats(self, room_id: str) -> list[int]:
        return self.tables[room_id].setup.seat_of(self.me)

    def slot(self, room_id: str, seat: int) -> tuple[int, Any] | None:
        """(seq, position to decide in) when `seat` may decide now, else None."""
        t = self.tables[room_id]
        mine = [text for seq, text in sorted(t.posted.get(seat, {}).items())]
        return next_slot(t.replica.state, seat, t.replica.next_seq, mine)

    def play(self, room_id: str, seat: int, action: str) -> bool:
        """Post `action` for `seat` if the rules take it there; False (nothing sent) otherwise."""
        slot = self.slot(room_id, seat)
        if slot is None:
            return False
        seq, position = slot
        if position.why_illegal(action) is not None:
            return False
        self._post(self.tables[room_id], ActionMsg(seq, seat, str(action)))
        return True

    def _post(self, t: Table, msg: ActionMsg) -> None:
        t.posted.setdefault(msg.seat, {})[msg.seq] = msg.action
        self._send(t.room_id, ACTION, msg)

    def _send(self, room_id: str, kind: str, msg: Any) -> None:
        self._sends.append((self.client.send(room_id, kind, msg.to_content()), room_id, msg))

    def chat_send(self, room_id: str, text: str) -> concurrent.futures.Future:
        return self.client.send(room_id, "m.room.message", {"msgtype": "m.text", "body": text[:2000]})

    def seat_bot(self, room_id: str, seat: int) -> concurrent.futures.Future:
        """Host only: a bot takes over `seat` (a player who left)."""
        t = self.tables[room_id]
        seats = list(t.setup.seats)
        seats[seat] = BOT
        new = dataclasses.replace(t.setup, seats=tuple(seats))
        return self.client.put_state(room_id, TABLE, new.to_content())

    def summaries(self) -> list[TableSummary]:
        out = []
        for t in self.tables.values():
            waiting = tuple(t.waiting_for())
            mine = set(t.setup.seat_of(self.me))
            out.append(TableSummary(t.room_id, t.setup.game, bool(mine & set(waiting)), waiting,
                                    tuple(t.not_joined()), t.last_move(), t.unread, t.replica.state.is_over))
        return out

    # --- the frame's work ---------------------------------------------------------------
    def update(self) -> None:
        for item in self.client.poll():
            if isinstance(item, RoomEvent):
                self._incoming(item.room_id, item.event)
            elif isinstance(item, Invited):
                self.invites[item.room_id] = item.sender
            elif isinstance(item, Status):
                self.online = item.online
            elif isinstance(item, Gap):
                self.resume(item.room_id)
        while not self._created.empty():
            self.resume(self._created.get())  # it may have loaded before its seed was stored
        self._finish_loads()
        self._check_sends()
        for t in self.tables.values():
            self._host_duties(t)

    def _incoming(self, room_id: str, event: dict) -> None:
        if room_id in self._early:
            self._early[room_id].append(event)
        elif room_id in self.tables:
            self._feed(self.tables[room_id], event)
        elif event.get("type") == TABLE:
            self.resume(room_id)  # a table we just joined or made

    def _feed(self, t: Table, event: dict) -> None:
        event_id = event.get("event_id")
        if event_id in t.seen:
            return
        t.seen.add(event_id)
        if event.get("type") == "m.room.member" and isinstance(event.get("state_key"), str):
            content = event.get("content")
            membership = content.get("membership") if isinstance(content, dict) else None
            if isinstance(membership, str):
                t.members[event["state_key"]] = membership[:20]
            return
        if event.get("type") == "m.room.message":
            body = event.get("content", {}).get("body")
            if isinstance(body, str):
                t.chat.append((str(event.get("sender")), body[:2000]))
            return
        before = t.replica.next_seq
        t.replica.receive(event)
        if event.get("sender") != self.me and t.replica.next_seq > before:
            t.unread += t.replica.next_seq - before
        for seat in list(t.posted):
            t.posted[seat] = {q: a for q, a in t.posted[seat].items() if q >= t.replica.next_seq}

    def _finish_loads(self) -> None:
        for room_id, (setup_f, history_f) in list(self._loading.items()):
            if not (setup_f.done() and history_f.done()):
                continue
            del self._loading[room_id]
            early = self._early.pop(room_id, [])
            try:
                setup = TableSetup.from_content(setup_f.result())
                history = history_f.result()
            except ProtocolError as exc:
                self.problems.append(f"{room_id}: this table's setup is broken ({exc})")
                continue
            except Exception as exc:  # noqa: BLE001 - not a table, or no connection: keep trying later
                log.info("cannot load %s: %s", room_id, exc)
                if "M_NOT_FOUND" not in str(exc) and "404" not in str(exc):
                    self.resume(room_id)
                continue
            old = self.tables.get(room_id)
            t = Table(room_id, TableReplica(setup))
            if old is not None:
                t.posted, t.chance_posted, t.chat = old.posted, old.chance_posted, []
            seed = self.secrets.get(room_id) if setup.host == self.me else None
            if seed is not None:
                t.host = HostDuty(setup, seed)
            self.tables[room_id] = t
            for event in history + early:
                self._feed(t, event)
            t.unread = 0

    def _check_sends(self) -> None:
        keep = []
        retry: list[tuple[str, ActionMsg]] = []
        for fut, room_id, msg in self._sends:
            if not fut.done():
                keep.append((fut, room_id, msg))
                continue
            if fut.exception() is None:
                continue
            log.info("send to %s failed (%s): will post again", room_id, fut.exception())
            t = self.tables.get(room_id)
            if t is None:
                continue
            if isinstance(msg, ActionMsg):
                if t.posted.get(msg.seat, {}).get(msg.seq) == msg.action:  # still wanted: nothing is lost
                    retry.append((room_id, msg))
            else:
                t.chance_posted.discard(msg.seq)  # the host works it out again
        self._sends = keep
        self._retry.extend(retry)
        if self.online:  # offline, a send would only fail again
            for room_id, msg in self._retry:
                self._send(room_id, ACTION, msg)
            self._retry = []

    def _host_duties(self, t: Table) -> None:
        if t.host is None or not self.online:
            return
        chance = t.host.chance(t.replica)
        if chance is not None and chance.seq not in t.chance_posted:
            t.chance_posted.add(chance.seq)
            self._send(t.room_id, CHANCE, chance)
        for msg in t.host.bot_moves(t.replica, {s: [a for _, a in sorted(p.items())] for s, p in t.posted.items()}):
            self._post(t, msg)
