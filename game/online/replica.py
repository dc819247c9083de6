"""A table's game as one client sees it: the room's events, checked and applied in order.

`TableReplica(setup).receive(event)` takes a raw Matrix event (a dict with
``type``, ``sender``, ``content``, ``event_id``) in timeline order. Actions
and chance outcomes are kept in a small window by their numbers and applied
when their turn comes: an action when its seq is the next one *and* its seat
is the engine's current seat (a move is keyed by seq and seat, so a seat
cannot take another seat's number), a chance outcome when the game asks for
one. Anything else — out of sequence, from a user who does not hold that
seat (or, for chance, is not the host), refused by the rules, malformed or
too big — is ignored with a log line and listed in ``rejected``; nothing of
it reaches the game.

Line-it's window is one event: its turns follow each other. A game whose
seats all decide on the same roll (the registry's `same_roll_decisions`)
has a roll's worth: a later seat's move may arrive before an earlier
seat's, and waits until the engine's seat order reaches it.

**The record is tamper-evident.** Matrix lets a member redact their own
events; a redacted game event keeps its id and sender but loses its content.

* An event that arrives already redacted (a client reading the room later) is
  a *tombstone*: the replica knows something was there and not what. While
  a tombstone is open the table is `broken`: later events wait (the window
  widens), and `rules`/`tables` offer no new move, so nobody can take a
  number the lost event may hold.
* The host restores it (`org.linebox.restore`, the event's content as it was
  posted), and so does the event's own sender (its client had the event: a
  move redacted while the host was away is put back by whoever posted it); the
  replica checks the copy exactly as the original, with the original's sender,
  and the game goes on where it stopped. No third member may restore.
* A client that had applied the event before the redaction keeps it (the past
  never changes) and lists it in ``redacted_known``: the host (and the sender)
  post the copy (`restores_by`).
  A restore that differs from what a client saw is refused, and the table is
  marked ``tampered``.
* An event for a number already applied is ignored quietly when it is the
  same move (a send posted twice, a restore) and refused when it differs.
"""
from __future__ import annotations

import dataclasses
import logging
from typing import Any, Callable

from .protocol import (ACTION, BATCH, GAME_EVENTS, RESTORE, TABLE, ActionMsg, ChanceMsg, ProtocolError,
                       RestoreMsg, TableSetup, parse_action, parse_batch, parse_chance, parse_restore)
from .rules import public_game, same_roll

log = logging.getLogger("linebox.online")

# Events kept waiting while a tombstone is open: far above a game's length, a cap on memory.
BROKEN_WINDOW = 2000


@dataclasses.dataclass(frozen=True)
class Rejection:
    event_id: str
    sender: str
    reason: str
    seq: int | None = None      # the refused action's number and seat, when it had them
    seat: int | None = None


@dataclasses.dataclass(frozen=True)
class Tombstone:
    """A game event that reached us redacted: its id and sender survive, its content does not."""

    event_id: str
    sender: str


def _redacted(event: dict) -> bool:
    """The homeserver says so (an empty content alone is only a malformed event: it is refused)."""
    unsigned = event.get("unsigned")
    return isinstance(unsigned, dict) and "redacted_because" in unsigned


def _redacts(event: dict) -> str | None:
    """The event id an ``m.room.redaction`` removes (top level before room v11, in content after)."""
    target = event.get("redacts")
    content = event.get("content")
    if not isinstance(target, str) and isinstance(content, dict):
        target = content.get("redacts")
    return target if isinstance(target, str) else None


class TableReplica:
    def __init__(self, setup: TableSetup, make_game: Callable[[TableSetup], Any] = public_game) -> None:
        self.setup = setup
        self.state = make_game(setup)
        self.actions: list[str] = []
        self.seats: list[int] = []          # the seat of each applied action
        self.chance_count = 0
        self.rejected: list[Rejection] = []
        # the last action applied: its seat and the events it caused (the hub says it as the log does)
        self.last_move: tuple[int, tuple[Any, ...]] | None = None
        self._actions: dict[tuple[int, int], tuple[ActionMsg, str, str]] = {}   # (seq, seat) -> msg, id, sender
        self._chance: dict[int, tuple[ChanceMsg, str]] = {}
        self.window = setup.players * 4 + 1 if same_roll(setup) else 1
        # the record's integrity
        self.seen: dict[str, tuple[str, str, dict]] = {}   # event id -> (type, sender, content) of game events
        self.tombstones: dict[str, Tombstone] = {}         # open: their content is not known here
        self.redacted_known: list[str] = []                # redacted after we saw them: the host restores these
        self.restored: set[str] = set()                    # event ids a restore has covered
        self.tampered: list[str] = []                      # reasons: a restore or move that rewrote the past

    @property
    def next_seq(self) -> int:
        return len(self.actions)

    @property
    def broken(self) -> bool:
        """A game event of this room is lost here (redacted before we read it) and not restored yet."""
        return bool(self.tombstones)

    def queued_seats(self) -> set[int]:
        """Seats whose move came early and waits for the engine's seat order (Linyo)."""
        return {seat for (seq, seat) in self._actions if seq >= self.next_seq}

    def _window(self) -> int:
        return BROKEN_WINDOW if self.tombstones else self.window

    # --- intake -------------------------------------------------------------------------
    def receive(self, event: Any) -> list[Any]:
        """Take one timeline event; the game events it caused (possibly none)."""
        if not isinstance(event, dict):
            return []
        kind = event.get("type")
        event_id = str(event.get("event_id", "?"))[:255]
        sender = event.get("sender")
        if kind == "m.room.redaction":
            target = _redacts(event)
            if target is not None:
                self._redaction(target)
            return []
        if kind not in (*GAME_EVENTS, TABLE, RESTORE):
            return []  # chat, membership and the like are not the game's business
        if not isinstance(sender, str):
            return self._reject(event_id, "?", "no sender")
        if kind in GAME_EVENTS and _redacted(event):
            if sender == self.setup.host or self.setup.seat_of(sender):
                self.tombstones[event_id] = Tombstone(event_id, sender)
                log.warning("table %s: game event %s from %s was redacted", self.setup.game, event_id, sender)
            return []
        try:
            if kind == TABLE:
                self._take_setup(TableSetup.from_content(event.get("content")), sender)
                return []
            if kind == RESTORE:
                return self._take_restore(event_id, sender, event.get("content"))
            content = event.get("content")
            self.seen[event_id] = (str(kind), sender, content if isinstance(content, dict) else {})
            return self._take(str(kind), content, sender, event_id)
        except ProtocolError as exc:
            return self._reject(event_id, sender, str(exc))

    def _take(self, kind: str, content: Any, sender: str, event_id: str) -> list[Any]:
        """Take one game event (a batch item by item, each applied before the next is checked,
        as if they had come one by one); the game events caused."""
        if kind != BATCH:
            self._take_one(kind, content, sender, event_id)
            return self._drain()
        caused: list[Any] = []
        for i, (item_kind, item) in enumerate(parse_batch(content)):
            try:
                caused.extend(self._take(item_kind, item, sender, f"{event_id}#{i}"))
            except ProtocolError as exc:
                self._reject(f"{event_id}#{i}", sender, str(exc))
        return caused

    def _take_one(self, kind: str, content: Any, sender: str, event_id: str) -> None:
        if kind == ACTION:
            self._take_action(parse_action(content), sender, event_id)
        else:
            self._take_chance(parse_chance(content), sender, event_id)

    def _reject(self, event_id: str, sender: str, reason: str, msg: ActionMsg | None = None) -> list[Any]:
        log.info("table ignores event %s from %s: %s", event_id, sender, reason)
        self.rejected.append(Rejection(event_id, sender, reason, msg.seq if msg else None, msg.seat if msg else None))
        return []

    def _take_setup(self, new: TableSetup, sender: str) -> None:
        """The host may re-seat (a bot for a player who left); the game itself never changes."""
        old = self.setup
        if sender != old.host:
            raise ProtocolError("only the host changes the table")
        if (new.game, new.players, dict(new.options), new.host) != (old.game, old.players, dict(old.options), old.host):
            raise ProtocolError("a table's game, options and host never change")
        self.setup = new

    def _take_action(self, msg: ActionMsg, sender: str, event_id: str) -> None:
        if msg.seat >= self.setup.players:
            raise ProtocolError(f"seat {msg.seat} is not at this table")
        if not self.setup.may_play(sender, msg.seat):
            raise ProtocolError(f"{sender} does not hold seat {msg.seat}")
        if msg.seq < self.next_seq and self.actions[msg.seq] == msg.action and self.seats[msg.seq] == msg.seat:
            return  # the same move again (posted twice, or restored): nothing new
        if not self.next_seq <= msg.seq < self.next_seq + self._window():
            raise ProtocolError(f"seq {msg.seq} is out of sequence (next is {self.next_seq})")
        key = (msg.seq, msg.seat)
        if key in self._actions:
            if self._actions[key][0] == msg:
                return
            raise ProtocolError(f"seq {msg.seq} of seat {msg.seat} is already taken")
        self._actions[key] = (msg, event_id, sender)

    def _take_chance(self, msg: ChanceMsg, sender: str, event_id: str) -> None:
        if sender != self.setup.host:
            raise ProtocolError("only the host posts chance outcomes")
        if msg.seq < self.chance_count and self._applied_chance(msg):
            return
        if not self.chance_count <= msg.seq < self.chance_count + self._window() + 1:
            raise ProtocolError(f"chance seq {msg.seq} is out of sequence (next is {self.chance_count})")
        if msg.seq in self._chance:
            if self._chance[msg.seq][0] == msg:
                return
            raise ProtocolError(f"chance seq {msg.seq} is already taken")
        self._chance[msg.seq] = (msg, event_id)

    def _applied_chance(self, msg: ChanceMsg) -> bool:
        chance = getattr(self.state, "chance", [])
        if msg.seq >= len(chance):
            return False
        done = chance[msg.seq]
        return (done.at, done.kind, tuple(done.outcome)) == (msg.at, msg.kind, msg.outcome)

    # --- redactions and restores --------------------------------------------------------
    def _redaction(self, target: str) -> None:
        """A game event was redacted after it reached us."""
        if target not in self.seen or target in self.redacted_known:
            return
        kind, sender, _content = self.seen[target]
        pending = [k for k, (_m, eid, _s) in self._actions.items() if eid == target or eid.startswith(target + "#")]
        chance = [k for k, (_m, eid) in self._chance.items() if eid == target or eid.startswith(target + "#")]
        if pending or chance:
            # not applied yet: it now waits for the host's copy, as it does for a client that reads the
            # room later (applying it here and not there would fork the table)
            for k in pending:
                del self._actions[k]
            for c in chance:
                del self._chance[c]
            self.tombstones[target] = Tombstone(target, sender)
        self.redacted_known.append(target)
        log.warning("table %s: game event %s from %s was redacted; the host restores it",
                    self.setup.game, target, sender)

    def restores_by(self, user: str) -> list[RestoreMsg]:
        """Copies of game events redacted after we saw them, not restored yet, that `user` posts:
        the host restores every one; anyone else their own (their client had the event, so a move
        redacted while the host was away is put back by its sender and the table goes on)."""
        out = []
        for event_id in self.redacted_known:
            if event_id in self.restored or event_id not in self.seen:
                continue
            kind, sender, content = self.seen[event_id]
            if user == self.setup.host or user == sender:
                out.append(RestoreMsg(event_id, kind, content))
        return out

    def _take_restore(self, event_id: str, sender: str, content: Any) -> list[Any]:
        msg = parse_restore(content)
        stone = self.tombstones.get(msg.of)
        known = self.seen.get(msg.of)
        original = stone.sender if stone is not None else known[1] if known is not None else None
        # the host, or the event's own sender: a restore puts words in the original sender's mouth,
        # so no third member may post one (a copy that differs from what was seen is refused below)
        if sender != self.setup.host and sender != original:
            raise ProtocolError("only the host or the event's sender restores it")
        self.restored.add(msg.of)
        stone = self.tombstones.pop(msg.of, None)
        if stone is not None:
            self.seen[msg.of] = (msg.kind, stone.sender, dict(msg.content))
            return self._take(msg.kind, msg.content, stone.sender, msg.of)
        if known is None:
            raise ProtocolError(f"restores {msg.of[:40]}, an event this table never had")
        if (known[0], known[2]) != (msg.kind, dict(msg.content)):
            reason = f"the host's copy of {msg.of[:40]} differs from the event as it was posted"
            self.tampered.append(reason)
            raise ProtocolError(reason)
        # our copy went with the redaction if it had not been applied yet: the restored one takes its
        # place (what was applied is met again as the same move, and ignored)
        return self._take(msg.kind, msg.content, known[1], msg.of)

    # --- applying -----------------------------------------------------------------------
    def _drain(self) -> list[Any]:
        caused: list[Any] = []
        while True:
            need = getattr(self.state, "chance_needed", None)
            if need is not None:
                item = self._chance.pop(self.chance_count, None)
                if item is None:
                    return caused
                msg, event_id = item
                if msg.kind != need.kind or msg.at != self.next_seq:
                    self._reject(event_id, self.setup.host,
                                 f"chance {msg.kind} at {msg.at} when the game needs {need.kind} at {self.next_seq}")
                    continue
                try:
                    got = self.state.resolve_chance(list(msg.outcome))
                except ValueError as exc:  # IllegalAction: an impossible outcome changes nothing
                    self._reject(event_id, self.setup.host, f"impossible outcome: {exc}")
                    continue
                self.chance_count += 1
            else:
                self._forget_passed()
                seat = self.state.current_seat
                posted = self._actions.pop((self.next_seq, seat), None) if seat is not None else None
                if posted is None:
                    return caused
                act, event_id, sender = posted
                try:
                    got = self.state.apply(act.action)
                except ValueError as exc:  # IllegalAction (and unparseable text)
                    self._reject(event_id, sender, f"refused: {exc}", act)
                    continue
                self.actions.append(act.action)
                self.seats.append(act.seat)
                self.last_move = (act.seat, tuple(got or ()))
            caused.extend(got or [])

    def _forget_passed(self) -> None:
        """Moves for numbers the game has passed, or posted for a seat that is not the one to act at
        their number: they can never apply (a seat that took a later seat's number harms only itself)."""
        for key in [k for k in self._actions if k[0] < self.next_seq
                    or k[0] == self.next_seq and k[1] != self.state.current_seat]:
            act, event_id, sender = self._actions.pop(key)
            self._reject(event_id, sender,
                         f"seat {act.seat} is not the seat to act at {act.seq} (seat {self.state.current_seat})", act)
