"""A table's game as one client sees it: the room's events, checked and applied in order.

`TableReplica(setup).receive(event)` takes a raw Matrix event (a dict with
``type``, ``sender``, ``content``, ``event_id``) in timeline order. Actions
and chance outcomes are kept in a small window by their sequence numbers and
applied when their turn comes: an action when its seq is the next one and
its seat is the engine's current seat, a chance outcome when the game asks
for one. Anything else — out of sequence, from a user who does not hold that
seat (or, for chance, is not the host), refused by the rules, malformed or
too big — is ignored with a log line and listed in ``rejected``; nothing of
it reaches the game.

Line-it's window is one event: its turns follow each other. Linyo's is a
roll's worth: every seat decides on the same roll, so a later seat's move
may arrive before an earlier seat's, and waits until the engine's seat order
reaches it.
"""
from __future__ import annotations

import dataclasses
import logging
from typing import Any, Callable

from .protocol import ACTION, CHANCE, TABLE, ActionMsg, ChanceMsg, ProtocolError, TableSetup, parse_action, parse_chance
from .rules import public_game

log = logging.getLogger("linebox.online")


@dataclasses.dataclass(frozen=True)
class Rejection:
    event_id: str
    sender: str
    reason: str


class TableReplica:
    def __init__(self, setup: TableSetup, make_game: Callable[[TableSetup], Any] = public_game) -> None:
        self.setup = setup
        self.state = make_game(setup)
        self.actions: list[str] = []
        self.chance_count = 0
        self.rejected: list[Rejection] = []
        # the last action applied: its seat and the events it caused (the hub says it as the log does)
        self.last_move: tuple[int, tuple[Any, ...]] | None = None
        self._actions: dict[int, tuple[ActionMsg, str]] = {}
        self._chance: dict[int, tuple[ChanceMsg, str]] = {}
        self.window = 1 if setup.game == "lineit" else setup.players * 4 + 1

    @property
    def next_seq(self) -> int:
        return len(self.actions)

    def queued_seats(self) -> set[int]:
        """Seats whose move came early and waits for the engine's seat order (Linyo)."""
        return {msg.seat for msg, _event_id in self._actions.values()}

    # --- intake -------------------------------------------------------------------------
    def receive(self, event: Any) -> list[Any]:
        """Take one timeline event; the game events it caused (possibly none)."""
        if not isinstance(event, dict):
            return []
        kind = event.get("type")
        if kind not in (ACTION, CHANCE, TABLE):
            return []  # chat, membership and the like are not the game's business
        event_id = str(event.get("event_id", "?"))[:80]
        sender = event.get("sender")
        if not isinstance(sender, str):
            return self._reject(event_id, "?", "no sender")
        try:
            if kind == TABLE:
                self._take_setup(TableSetup.from_content(event.get("content")), sender)
                return []
            if kind == ACTION:
                self._take_action(parse_action(event.get("content")), sender, event_id)
            else:
                self._take_chance(parse_chance(event.get("content")), sender, event_id)
        except ProtocolError as exc:
            return self._reject(event_id, sender, str(exc))
        return self._drain()

    def _reject(self, event_id: str, sender: str, reason: str) -> list[Any]:
        log.info("table ignores event %s from %s: %s", event_id, sender, reason)
        self.rejected.append(Rejection(event_id, sender, reason))
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
        if not self.next_seq <= msg.seq < self.next_seq + self.window:
            raise ProtocolError(f"seq {msg.seq} is out of sequence (next is {self.next_seq})")
        if msg.seq in self._actions:
            raise ProtocolError(f"seq {msg.seq} is already taken")
        self._actions[msg.seq] = (msg, event_id)

    def _take_chance(self, msg: ChanceMsg, sender: str, event_id: str) -> None:
        if sender != self.setup.host:
            raise ProtocolError("only the host posts chance outcomes")
        if not self.chance_count <= msg.seq < self.chance_count + self.window + 1:
            raise ProtocolError(f"chance seq {msg.seq} is out of sequence (next is {self.chance_count})")
        if msg.seq in self._chance:
            raise ProtocolError(f"chance seq {msg.seq} is already taken")
        self._chance[msg.seq] = (msg, event_id)

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
                item = self._actions.pop(self.next_seq, None)
                if item is None:
                    return caused
                act, event_id = item
                if act.seat != self.state.current_seat:
                    self._reject(event_id, self.setup.seats[act.seat],
                                 f"seat {act.seat} is not the seat to act (seat {self.state.current_seat})")
                    continue
                try:
                    got = self.state.apply(act.action)
                except ValueError as exc:  # IllegalAction (and unparseable text)
                    self._reject(event_id, self.setup.seats[act.seat], f"refused: {exc}")
                    continue
                self.actions.append(act.action)
                self.last_move = (act.seat, tuple(got or ()))
            caused.extend(got or [])
