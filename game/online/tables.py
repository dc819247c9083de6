"""Your online tables: create, invite, resume from the room's history, play, host.

`OnlineTables(client)` is polled once a frame (`update()`, never blocks):
it feeds the client's incoming events to each table's `TableReplica`, reads
a table's whole history when it is first seen (or after a gap) and replays
it through the rules to the exact position, and does the host's duties at
tables we host: the chance outcomes the game waits for, the bots' moves (asked
of the bot worker, never decided on the frame loop) and restores of redacted
events. Posting is idempotent by sequence number: a send lost with the
connection is posted again, and a double is ignored by every replica.

What we post waits in a per-room outbox and goes one send at a time: all that
queued up meanwhile goes in one `org.linebox.batch` event. A homeserver limits
sends per user (Synapse's default: a burst of 10, then one every 5 s); when it
answers 429 the outbox waits the time it names (`throttled_for`, shown on
screen) and then sends everything in one event.

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
import threading
import time
from pathlib import Path
from typing import Any

from game.files import paths

from .client import Gap, Invited, MatrixClient, RoomEvent, Status, Throttled
from .host import HostDuty
from .protocol import (ACTION, BATCH, BOT, CHANCE, RESTORE, TABLE, ActionMsg, ChanceMsg, ProtocolError, TableSetup,
                       batches)
from .replica import TableReplica
from .rules import next_slot, same_roll

log = logging.getLogger("linebox.online")

# Once a homeserver has throttled us (it keeps Synapse's default limits), a turn's moves go together:
# a move of ours waits up to LINGER_S for the next one while our seat is still to move; STRICT_S is
# how long we remember that it throttles. A homeserver that never throttles never sees a delay.
LINGER_S = 2.0
NOT_FOUND_TRIES = 5     # a new room's setup not found yet: asked again after 0.5, 1, 2, 4, 8 s
STRICT_S = 600.0


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


@dataclasses.dataclass(frozen=True)
class Problem:
    """Something the screen tells the player, as a kind and plain data (the scene words it in
    the player's language): "setup" (a table's setup is broken), "refused" (our move was
    refused: `reason`), "broken" (a game event was redacted and is not restored), "tampered"
    (a restore or move rewrote the past)."""

    kind: str
    room_id: str
    detail: str = ""


@dataclasses.dataclass
class Table:
    room_id: str
    replica: TableReplica
    host: HostDuty | None = None
    seen: set[str | None] = dataclasses.field(default_factory=set)  # None: an event without an id
    # per seat: seq -> action text we posted that the table has not applied yet
    posted: dict[int, dict[int, str]] = dataclasses.field(default_factory=dict)
    chance_posted: dict[int, ChanceMsg] = dataclasses.field(default_factory=dict)
    restores_posted: set[str] = dataclasses.field(default_factory=set)
    # the host's questions to the bot worker, by (seq, seat)
    asking: dict[tuple[int, int], concurrent.futures.Future] = dataclasses.field(default_factory=dict)
    unread: int = 0
    chat: list[tuple[str, str]] = dataclasses.field(default_factory=list)
    # user -> their last membership in the room ("invite", "join", "leave", ...), from the room's events
    members: dict[str, str] = dataclasses.field(default_factory=dict)
    rejected_seen: int = 0
    duty_mark: Any = None      # what the host's duties last looked at (`_host_duties` skips a frame without news)

    @property
    def setup(self) -> TableSetup:
        return self.replica.setup

    def waiting_for(self) -> list[int]:
        """Seats the game waits for now (Linyo: the seats that have not moved on this roll; a move
        that came early, or that we posted, waits only for the seat order)."""
        s = self.replica.state
        if s.is_over or getattr(s, "chance_needed", None) is not None or self.replica.broken:
            return []
        moved = self.replica.queued_seats() | {seat for seat, sent in self.posted.items() if sent}
        return [seat for seat in getattr(s, "to_move", [s.current_seat]) if seat not in moved]

    def not_joined(self) -> list[int]:
        """Seats whose player is not in the room (invited, or left): the game waits for them to join.
        The room's history is read whole, so every player's join is among its events."""
        return [seat for seat, user in enumerate(self.setup.seats)
                if user != BOT and self.members.get(user) != "join"]

    def strangers(self) -> list[str]:
        """Members of the room who hold no seat (the host's invitation only; shown, and ignored)."""
        return sorted(u for u, m in self.members.items() if m in ("join", "invite") and u not in self.setup.seats)

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
    broken: bool = False
    strangers: tuple[str, ...] = ()


def _worker() -> Any:
    """The host's bot worker: a background process (it falls back to a thread by itself)."""
    from engine.bots.worker import BotWorker
    return BotWorker()


#: tests may replace it (`lambda: BotWorker(use_process=False)`)
WORKER_FACTORY = _worker


class OnlineTables:
    def __init__(self, client: MatrixClient, host_secrets: HostSecrets | None = None) -> None:
        self.client = client
        self.me = client.user_id
        self.secrets = host_secrets or HostSecrets()
        self.tables: dict[str, Table] = {}
        self.invites: dict[str, str] = {}
        self.online = False
        self.problems: list[Problem] = []  # for the screen (a broken table, a refused move)
        self._loading: dict[str, tuple[concurrent.futures.Future, concurrent.futures.Future]] = {}
        # room -> (loads that found no table yet, when to ask again): a room just made can answer
        # "M_NOT_FOUND" for its setup for a moment; a room that never has one is let go
        self._not_found: dict[str, tuple[int, float]] = {}
        self._early: dict[str, list[dict]] = {}
        self._outbox: dict[str, list[tuple[str, dict]]] = {}
        self._queued_at: dict[str, float] = {}     # room -> when its oldest waiting item was queued
        self._in_flight: dict[str, tuple[concurrent.futures.Future, list[tuple[str, dict]]]] = {}
        self._created: queue.Queue[str] = queue.Queue()
        self._archived_q: queue.Queue[str] = queue.Queue()
        self._archived: set[str] = set()
        self._worker: Any = None
        self._worker_thread: threading.Thread | None = None
        # the homeserver's rate limit: nothing is sent before this (time.monotonic()); how often it said so
        self.throttled_until = 0.0
        self.throttled_at = -STRICT_S
        self.throttled_sends = 0
        self.longest_throttle_ms = 0
        self.sends = 0

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

    def archive(self, room_id: str) -> concurrent.futures.Future:
        """A finished table leaves the list: we leave the room and the homeserver forgets it for us."""
        fut = self.client.archive(room_id)
        fut.add_done_callback(lambda f: self._archived_q.put(room_id) if f.exception() is None else None)
        return fut

    # --- play -------------------------------------------------------------------------
    def my_seats(self, room_id: str) -> list[int]:
        return self.tables[room_id].setup.seat_of(self.me)

    def slot(self, room_id: str, seat: int) -> tuple[int, Any] | None:
        """(seq, position to decide in) when `seat` may decide now, else None (also while the table's
        record misses an event: a number it may hold is nobody's to take)."""
        t = self.tables[room_id]
        if t.replica.broken:
            return None
        mine = [text for seq, text in sorted(t.posted.get(seat, {}).items())]
        return next_slot(t.replica.state, seat, t.replica.next_seq, mine, same_roll(t.setup))

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
        self._queue(t.room_id, ACTION, msg.to_content())

    def _queue(self, room_id: str, kind: str, content: dict) -> None:
        """To the room's outbox: sent with whatever else waits, in order, one send at a time per room."""
        if not self._outbox.get(room_id):
            self._queued_at[room_id] = time.monotonic()
        self._outbox.setdefault(room_id, []).append((kind, content))

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
                                    tuple(t.not_joined()), t.last_move(), t.unread, t.replica.state.is_over,
                                    t.replica.broken, tuple(t.strangers())))
        return out

    def throttled_for(self) -> float:
        """Seconds until the homeserver lets us send again (0 when it does not hold us back)."""
        return max(0.0, self.throttled_until - time.monotonic())

    def waiting_sends(self, room_id: str) -> int:
        """Game events of ours for the room not yet accepted by the homeserver."""
        flight = self._in_flight.get(room_id)
        return len(self._outbox.get(room_id, [])) + (len(flight[1]) if flight else 0)

    # --- the frame's work ---------------------------------------------------------------
    def update(self) -> None:
        for item in self.client.poll():
            if isinstance(item, RoomEvent):
                self._incoming(item.room_id, item.event)
            elif isinstance(item, Invited):
                if item.room_id not in self.tables:
                    self.invites[item.room_id] = item.sender
            elif isinstance(item, Status):
                self.online = item.online
            elif isinstance(item, Gap):
                self.resume(item.room_id)
        while not self._created.empty():
            room_id = self._created.get()
            self.resume(room_id)  # it may have loaded before its seed was stored
        while not self._archived_q.empty():
            room_id = self._archived_q.get()
            self._archived.add(room_id)
            for held in (self.tables, self._outbox, self._early, self._loading, self._not_found):
                held.pop(room_id, None)
        now = time.monotonic()
        for room_id, (_tries, due) in list(self._not_found.items()):
            if due <= now and room_id not in self._loading:
                self._not_found[room_id] = (_tries, float("inf"))      # asked again: wait for its answer
                self.resume(room_id)
        self._finish_loads()
        self._check_sends()
        for t in self.tables.values():
            try:
                self._host_duties(t)
            except (RuntimeError, ValueError) as exc:  # a dealer out of step: this table waits, the app goes on
                if t.duty_mark != "failed":
                    log.error("host duties at %s: %s", t.room_id, exc)
                    self.problems.append(Problem("host", t.room_id, str(exc)))
                t.duty_mark = "failed"
        self._flush()

    def _incoming(self, room_id: str, event: dict) -> None:
        if room_id in self._early:
            self._early[room_id].append(event)
        elif room_id in self.tables:
            self._feed(self.tables[room_id], event)
        elif event.get("type") == TABLE and room_id not in self._archived:
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
        broken = t.replica.broken
        tampered = len(t.replica.tampered)
        t.replica.receive(event)
        if event.get("sender") != self.me and t.replica.next_seq > before:
            t.unread += t.replica.next_seq - before
        for seat in list(t.posted):
            t.posted[seat] = {q: a for q, a in t.posted[seat].items() if q >= t.replica.next_seq}
        t.chance_posted = {k: m for k, m in t.chance_posted.items() if k >= t.replica.chance_count}
        self._refused_own(t)
        if t.replica.broken and not broken:
            self.problems.append(Problem("broken", t.room_id))
        for reason in t.replica.tampered[tampered:]:
            self.problems.append(Problem("tampered", t.room_id, reason))

    def _refused_own(self, t: Table) -> None:
        """A move of ours the table refused: it is no longer posted, so our seat decides again (a
        bot of ours at once; a person is told why)."""
        new = t.replica.rejected[t.rejected_seen:]
        t.rejected_seen = len(t.replica.rejected)
        for r in new:
            if r.seq is None or r.seat is None or t.posted.get(r.seat, {}).get(r.seq) is None:
                continue
            if r.sender != self.me:
                continue
            del t.posted[r.seat][r.seq]
            for later in [q for q in t.posted[r.seat] if q > r.seq]:
                del t.posted[r.seat][later]   # they were decided after the refused one
            if t.setup.seats[r.seat] != BOT:
                self.problems.append(Problem("refused", t.room_id, r.reason))
            log.warning("our move at %s (seat %s) was refused: %s", r.seq, r.seat, r.reason)

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
                self.problems.append(Problem("setup", room_id, str(exc)))
                continue
            except Exception as exc:  # noqa: BLE001 - not a table, or no connection: keep trying later
                log.info("cannot load %s: %s", room_id, exc)
                if "M_FORBIDDEN" in str(exc):
                    continue
                if "M_NOT_FOUND" in str(exc) or "404" in str(exc):
                    tries = self._not_found.get(room_id, (0, 0.0))[0]
                    if tries < NOT_FOUND_TRIES:
                        self._not_found[room_id] = (tries + 1, time.monotonic() + 0.5 * 2 ** tries)
                    else:
                        self._not_found.pop(room_id, None)
                    continue
                self.resume(room_id)
                continue
            self._not_found.pop(room_id, None)
            old = self.tables.get(room_id)
            t = Table(room_id, TableReplica(setup))
            if old is not None:
                t.posted, t.chance_posted, t.restores_posted = old.posted, old.chance_posted, old.restores_posted
            seed = self.secrets.get(room_id) if setup.host == self.me else None
            if seed is not None:
                t.host = HostDuty(setup, seed)
            self.tables[room_id] = t
            for event in history + early:
                self._feed(t, event)
            t.unread = 0

    # --- sending ------------------------------------------------------------------------
    def _still_wanted(self, room_id: str, kind: str, content: dict) -> bool:
        """A failed send goes again unless the room has moved past it (a double is ignored anyway)."""
        t = self.tables.get(room_id)
        if t is None:
            return False
        if kind == ACTION:
            seat, seq = content.get("seat"), content.get("seq")  # ints: the content is our own ActionMsg's
            posted = t.posted.get(seat, {}).get(seq) if isinstance(seat, int) and isinstance(seq, int) else None
            return posted == content.get("action")
        if kind == CHANCE:
            return content.get("seq", -1) >= t.replica.chance_count
        return True

    def _check_sends(self) -> None:
        for room_id, (fut, items) in list(self._in_flight.items()):
            if not fut.done():
                continue
            del self._in_flight[room_id]
            exc = fut.exception()
            if exc is None:
                continue
            if isinstance(exc, Throttled):
                self.throttled_sends += 1
                self.longest_throttle_ms = max(self.longest_throttle_ms, exc.retry_after_ms)
                self.throttled_until = max(self.throttled_until, time.monotonic() + exc.retry_after_ms / 1000)
                self.throttled_at = time.monotonic()
                log.info("the homeserver throttles us for %d ms", exc.retry_after_ms)
            else:
                log.info("send to %s failed (%s): will post again", room_id, exc)
            again = [(k, c) for k, c in items if self._still_wanted(room_id, k, c)]
            self._outbox[room_id] = again + self._outbox.get(room_id, [])
            self._queued_at[room_id] = time.monotonic() - LINGER_S   # it waited already: no lingering

    def _flush(self) -> None:
        """Each room's waiting events in as few sends as the size caps allow, one send in flight per
        room, none while offline or while the homeserver asked us to wait."""
        if not self.online or self.throttled_for() > 0:
            return
        for room_id, items in list(self._outbox.items()):
            if not items or room_id in self._in_flight or self._linger(room_id, items):
                continue
            groups = batches(items)
            kind, content = groups[0]
            taken = len(content["items"]) if kind == BATCH else 1
            self._outbox[room_id] = items[taken:]
            self._queued_at[room_id] = time.monotonic()
            self.sends += 1
            self._in_flight[room_id] = (self.client.send(room_id, kind, content), items[:taken])

    def _linger(self, room_id: str, items: list[tuple[str, dict]]) -> bool:
        """Hold the room's outbox a moment: the homeserver throttles, nothing has waited LINGER_S yet,
        and more is coming: a bot of ours is thinking, or the last item is a move of a person's seat of
        ours that is still to move (the rest of the turn)."""
        now = time.monotonic()
        if now - self.throttled_at > STRICT_S or now - self._queued_at.get(room_id, now) > LINGER_S:
            return False
        kind, content = items[-1]
        t = self.tables.get(room_id)
        if t is not None and any(not f.done() for f in t.asking.values()):
            return True   # a bot of ours is thinking: its move (and the deal after it) go along
        if kind != ACTION or t is None or t.setup.seats[content["seat"]] == BOT:
            return False
        return self.slot(room_id, content["seat"]) is not None

    # --- the host's duties ----------------------------------------------------------------
    def _bot_worker(self) -> Any:
        """The worker, started in a thread the first time a bot must think (no frame waits for a
        process to spawn); None until it is there."""
        if self._worker is None and self._worker_thread is None:
            def make() -> None:
                try:
                    self._worker = WORKER_FACTORY()
                except Exception as exc:  # noqa: BLE001 - no process here: think in a thread
                    log.warning("bot worker: %s; bots think in a thread", exc)
                    from engine.bots.worker import BotWorker
                    self._worker = BotWorker(use_process=False)
            self._worker_thread = threading.Thread(target=make, name="online-bot-worker", daemon=True)
            self._worker_thread.start()
        return self._worker

    def _host_duties(self, t: Table) -> None:
        """Chance outcomes, the bots' moves and restores, as far ahead as the host can see, so what
        follows one another goes out together. Bots think in the worker: this never waits."""
        if t.host is None:
            return
        for msg in t.host.restores(t.replica):
            if msg.of not in t.restores_posted:
                t.restores_posted.add(msg.of)
                self._queue(t.room_id, RESTORE, msg.to_content())
        if t.replica.broken:
            return  # the record misses an event we never saw: nothing new goes on top of it
        # nothing changed since the last frame (no event applied, nothing posted, no answer in): no work
        mark = (t.replica.next_seq, t.replica.chance_count, sum(map(len, t.posted.values())), len(t.chance_posted),
                tuple(sorted(t.asking)), sum(f.done() for f in t.asking.values()), t.setup.seats,
                self._worker is not None)
        if mark == t.duty_mark or t.duty_mark == "failed":
            return
        t.duty_mark = mark
        for _step in range(64):
            ahead = t.host.project(t.replica, t.posted, t.chance_posted)
            if ahead.state.is_over:
                return
            chance = t.host.chance(ahead)
            if chance is not None:
                if chance.seq in t.chance_posted:
                    return
                t.chance_posted[chance.seq] = chance
                self._queue(t.room_id, CHANCE, chance.to_content())
                continue
            if not self._bot_answers(t, ahead):
                return

    def _bot_answers(self, t: Table, ahead: Any) -> bool:
        """Ask the worker for each bot seat that can decide; post what it answered. True when
        something was posted (the host looks ahead again)."""
        assert t.host is not None
        questions = t.host.bot_questions(ahead, t.posted)
        live = {(q.seq, q.seat) for q in questions}
        for key in [k for k in t.asking if k not in live]:
            del t.asking[key]   # the table moved on (a seat re-seated, a refusal): that answer is moot
        posted = False
        for q in questions:
            fut = t.asking.get((q.seq, q.seat))
            if fut is None:
                worker = self._bot_worker()
                if worker is None:
                    continue
                game, level, seed, view = q.ask()
                t.asking[(q.seq, q.seat)] = worker.ask(game, level, seed=seed, view=view)
                continue
            if not fut.done():
                continue
            del t.asking[(q.seq, q.seat)]
            try:
                text = str(fut.result())
            except Exception as exc:  # noqa: BLE001 - a bot that failed must not stop the table
                log.error("bot failed at %s: %s", t.room_id, exc)
                text = ""
            self._post(t, ActionMsg(q.seq, q.seat, text or _first_legal(t, q.seat, ahead)))
            posted = True
        return posted

    def close(self) -> None:
        if self._worker is not None:
            self._worker.close()


def _first_legal(t: Table, seat: int, ahead: Any) -> str:
    slot = next_slot(ahead.state, seat, ahead.seq, [], same_roll(t.setup))
    return str(slot[1].legal_actions()[0]) if slot is not None else "?"
