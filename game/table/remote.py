"""Remote seats: a table whose other players (and bots) sit at a Matrix room.

An online table is an ordinary table whose seats are driven this way
(`game.table.drivers.online`):

- every seat that is not ours has a `drivers.Remote` driver: the table polls
  it as it polls a bot, and gets the room's next agreed action (the host runs
  the real bots and posts theirs);
- `RemoteTable` is polled by the base each frame (`TableBase.update_table`):
  it polls the session, gives the local game the chance outcomes the host
  posted (the game waits, animating, until they come; each game shows them
  through its own front end's `show_chance` hook), and posts our own actions
  (`TableBase.on_applied`).

Our own actions are applied at once and reconciled: the room's replica
(`game.online.replica`) is the truth; if what the table applied ever differs
from it (our post was refused, a forged or lost event), the table is opened
again from the replica, at the exact position.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Callable

from game.shell.frontends import frontend

if TYPE_CHECKING:
    from game.online.session import Session

log = logging.getLogger("linebox.online")


class RemoteTable:
    """One open online table: the local game kept in step with the room's replica."""

    def __init__(self, session: "Session", room_id: str, reopen: Callable[[], None]) -> None:
        self.session = session
        self.room_id = room_id
        self.reopen = reopen               # opens the table again from the replica
        t = session.tables.tables[room_id]
        self.done: list[str] = list(t.replica.actions)  # what the local game applied, in order
        self.checked = len(self.done)   # done[:checked] agrees with the replica
        self.rejected_seen = len(t.replica.rejected)
        self.fed: str | None = None        # the room's action just handed to the scene
        self.stale = False                 # the local game left the room's: reopen

    @property
    def replica(self) -> Any:
        t = self.session.tables.tables.get(self.room_id)
        return t.replica if t is not None else None

    def waiting_for(self) -> list[int]:
        t = self.session.tables.tables.get(self.room_id)
        return t.waiting_for() if t is not None else []

    def chance_pending(self, state: Any) -> bool:
        return getattr(state, "chance_needed", None) is not None

    # ------------------------------------------------------------ the seats that are not ours
    def next_remote(self, state: Any) -> str | None:
        """The room's next action when the local game is at it, else None (still waiting)."""
        rep = self.replica
        if rep is None or self.stale or self.chance_pending(state):
            return None
        n = len(self.done)
        if n < len(rep.actions):
            self.fed = rep.actions[n]
            return self.fed
        return None

    # ------------------------------------------------------------ our seats deciding (Linyo: early)
    def decision(self, state: Any) -> tuple[Any, int, int] | None:
        """(position, seat, seq) where one of our seats decides now, or None.

        Linyo: every seat moves on the same roll, so our seat may decide before the
        local game reaches it: `position` is then a what-if copy (`rules.next_slot`)
        in which the seats before ours moved; our seat's options there are the
        ones the engine will give it (a seat's moves depend on the dice and its
        own sheet only). Offered only on the roll the local game shows. `seq`
        names the decision: it stays the same while the others' moves arrive.
        """
        rep = self.replica
        if rep is None or self.stale or state.is_over or self.chance_pending(state):
            return None
        if len(rep.state.chance) != len(state.chance):
            return None                    # the room rolled again: the local game catches up first
        tables = self.session.tables
        for seat in tables.my_seats(self.room_id):
            slot = tables.slot(self.room_id, seat)
            if slot is not None:
                seq, position = slot
                return position.clone(), seat, seq
        return None

    def post(self, seat: int, action: Any) -> bool:
        """Our decision to the room; the local game applies it when the room's order reaches it."""
        return self.session.tables.play(self.room_id, seat, str(action))

    # ------------------------------------------------------------ hooks the base calls
    def applied(self, action: Any) -> None:
        """An action went into the local game: the room's (fed), or ours (posted now)."""
        if action is None:                 # a chance outcome shown: nothing to post
            return
        text = str(action)
        fed, self.fed = self.fed, None
        self.done.append(text)
        if fed is not None and text == fed:
            return
        tables = self.session.tables
        if not any(tables.play(self.room_id, seat, text) for seat in tables.my_seats(self.room_id)):
            log.warning("the room would not take our %r: the table is opened again", text)
            self.stale = True

    def update(self, scene: Any) -> None:
        """Once a frame: the network, the room's agreement, the host's chance outcomes."""
        self.session.poll()
        t = self.session.tables.tables.get(self.room_id)
        if t is None:
            return
        t.unread = 0                       # the player is looking at this table: nothing here is unread
        rep = t.replica
        if self.stale or self._diverged(rep):
            self.stale = False
            self.reopen()
            return
        state = scene.tg.state
        if not self.chance_pending(state):
            return
        k = len(state.chance)
        if k < len(rep.state.chance) and rep.state.chance[k].at == len(self.done):
            events = state.resolve_chance(list(rep.state.chance[k].outcome))
            frontend(scene.game).show_chance(scene, events or [])

    def _diverged(self, rep: Any) -> bool:
        n = min(len(self.done), len(rep.actions))
        if self.done[self.checked:n] != rep.actions[self.checked:n]:
            return True
        self.checked = max(self.checked, n)
        me = self.session.me
        new = rep.rejected[self.rejected_seen:]
        self.rejected_seen = len(rep.rejected)
        # one of ours refused by the room: only the replica's game is the table's
        return any(r.sender == me for r in new) and len(self.done) > len(rep.actions)
