"""Who supplies each seat's next action: the seat drivers of a table.

A table does not know "modes". Each seat has a driver, and what the table does
and says follows from them:

- `Person`  someone at this screen (the table's input decides for the seat);
- `Bot`     a bot, asked in the worker (`game.table.bots`), never on the frame loop;
- `Remote`  a seat played in a Matrix room (`game.table.remote.RemoteTable`);
- `Script`  the tutorial's script (`game.tutorial.guide.Guide`) plays it;
- `Record`  a kept game's record: the replay viewer steps the table itself.

Every driver answers the same three questions without waiting:

    driver.ask(state, seat)        # start deciding (a bot thinks while the table animates)
    driver.poll(state, seat)       # the action text once decided, else None
    driver.deciding(state, seat)   # someone is deciding this seat's move now ("thinking…")

`Seating` holds a table's drivers, one per seat, and the bot worker (bot seats
and hints share it). It is built by one of the plans below from the setup
config the table opens with, so a demo, a replay, a tutorial or an online
table is a choice of plan plus `TableOptions`, never a subclass.

>>> s = local("lineit", {"seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}], "seed": 3}, 2)
>>> [s.role(p).value for p in range(2)], s.people(), s.online, s.read_only
(['person', 'bot'], [0], False, False)
>>> r = record("lineit", {"seats": [{"kind": "human"}, {"kind": "bot"}]}, 2)
>>> r.read_only, r.people(), r.deciding(None, 0)
(True, [], False)

Whether a game so seated is saved, kept and counted is `game.match.counts`.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Protocol

from game.table.bots import TableBots, bot_seeds

if TYPE_CHECKING:
    from game.tutorial.guide import Guide
    from game.ui.layout import Layout

    from game.table.remote import RemoteTable


class Role(enum.Enum):
    """What kind of driver sits at a seat (the table's words and buttons ask this)."""

    PERSON = "person"
    BOT = "bot"
    REMOTE = "remote"
    SCRIPT = "script"
    RECORD = "record"


class Driver(Protocol):
    """One seat's source of actions (see the module text)."""

    @property
    def role(self) -> Role: ...

    def ask(self, state: Any, seat: int) -> None: ...

    def poll(self, state: Any, seat: int) -> str | None: ...

    def answered(self) -> bool: ...

    def deciding(self, state: Any, seat: int) -> bool: ...


class _Silent:
    """A seat whose actions never come from a poll: nothing to ask, never a wait."""

    def ask(self, state: Any, seat: int) -> None:
        """No question."""

    def poll(self, state: Any, seat: int) -> str | None:
        return None

    def answered(self) -> bool:
        return True

    def deciding(self, state: Any, seat: int) -> bool:
        return False


class Person(_Silent):
    """Someone at this screen: the table's own input decides (a person's turn is not a wait)."""

    role = Role.PERSON


class Bot:
    """A bot seat: asked in the table's worker once per position, polled each frame."""

    role = Role.BOT

    def __init__(self, worker: TableBots) -> None:
        self.worker = worker

    def ask(self, state: Any, seat: int) -> None:
        self.worker.ask(state, seat)

    def poll(self, state: Any, seat: int) -> str | None:
        return self.worker.poll(state, seat)

    def answered(self) -> bool:
        return self.worker.answered()

    def deciding(self, state: Any, seat: int) -> bool:
        return not state.is_over and state.current_seat == seat


class Remote:
    """A seat played at a Matrix room (another player's, or the host's bot)."""

    role = Role.REMOTE

    def __init__(self, room: "RemoteTable") -> None:
        self.room = room

    def ask(self, state: Any, seat: int) -> None:
        """Nothing to ask: the room answers."""

    def poll(self, state: Any, seat: int) -> str | None:
        return self.room.next_remote(state)

    def answered(self) -> bool:
        return True

    def deciding(self, state: Any, seat: int) -> bool:
        """The room waits for this seat (not for a deal, a roll, or a move already made)."""
        return not state.is_over and seat in self.room.waiting_for()


class Script:
    """A tutorial's bot seat: it plays the script's next action once the player's part is done."""

    role = Role.SCRIPT

    def __init__(self, guide: "Guide") -> None:
        self.guide = guide

    def ask(self, state: Any, seat: int) -> None:
        """The script needs no question."""

    def poll(self, state: Any, seat: int) -> str | None:
        return self.guide.bot_action()

    def answered(self) -> bool:
        return True

    def deciding(self, state: Any, seat: int) -> bool:
        return not state.is_over and state.current_seat == seat and self.guide.bot_action() is not None


class Record(_Silent):
    """A kept game's seat: the replay viewer applies the record's actions; no one decides here."""

    role = Role.RECORD


#: the roles whose actions the table polls each frame (a person's come from the input, a record's
#: from the replay viewer)
POLLED = frozenset({Role.BOT, Role.REMOTE, Role.SCRIPT})


@dataclass
class Seating:
    """A table's drivers, one per seat, and the worker its bot seats and hints share."""

    drivers: list[Driver]
    worker: TableBots
    #: an online table's room (its seats that are not ours are `Remote`)
    room: "RemoteTable | None" = None
    #: a tutorial's script (its other seats, if any, are `Script`; a solo tutorial has none)
    guide: "Guide | None" = None

    def __post_init__(self) -> None:
        # the drivers never change at a table: what the frame asks about them is kept
        self._roles = frozenset(d.role for d in self.drivers)
        self._people = [p for p, d in enumerate(self.drivers) if d.role is Role.PERSON]
        self._read_only = self._roles == {Role.RECORD}

    def role(self, seat: int) -> Role:
        return self.drivers[seat].role

    def driver(self, seat: int) -> Driver:
        return self.drivers[seat]

    def here(self, seat: int | None) -> bool:
        """A person at this screen plays `seat`."""
        return seat is not None and seat in self._people

    def people(self) -> list[int]:
        """The seats played at this screen (two or more take turns: hot seat)."""
        return list(self._people)

    def polled(self, seat: int | None) -> bool:
        """`seat`'s actions are polled from its driver (a bot, the room, the script)."""
        return seat is not None and self.role(seat) in POLLED

    def deciding(self, state: Any, seat: int | None) -> bool:
        """Someone other than a person here is deciding `seat`'s move now."""
        return seat is not None and self.drivers[seat].deciding(state, seat)

    @property
    def roles(self) -> frozenset[Role]:
        return self._roles

    @property
    def runs_bots(self) -> bool:
        """A bot seat is at the table: the worker starts with it."""
        return Role.BOT in self.roles

    @property
    def read_only(self) -> bool:
        """A record plays every seat: the table only shows a game."""
        return self._read_only

    @property
    def scripted(self) -> bool:
        """A tutorial: the script leads the game (and plays the other seats)."""
        return self.guide is not None

    @property
    def online(self) -> bool:
        return self.room is not None

    @property
    def hot_seat(self) -> bool:
        return len(self.people()) >= 2


# ---------------------------------------------------------------- plans: config → seating
#: how a table's seats are driven, from the game, its setup config and the number of seats
Plan = Callable[[str, dict[str, Any], int], Seating]


def worker_for(game: str, config: dict[str, Any], players: int) -> TableBots:
    """The table's bot worker (started only when a bot seat or a hint needs it)."""
    seats = config.get("seats") or []
    levels = [str((seats[p].get("level") if p < len(seats) else None) or "normal") for p in range(players)]
    return TableBots(game, levels, bot_seeds(config, players))


def _kind(config: dict[str, Any], seat: int) -> str:
    seats = config.get("seats") or []
    return str(seats[seat].get("kind", "human")) if seat < len(seats) else "bot"


def local(game: str, config: dict[str, Any], players: int) -> Seating:
    """A game of this machine: people where the setup says "human", bots elsewhere."""
    worker = worker_for(game, config, players)
    drivers: list[Driver] = [Person() if _kind(config, p) == "human" else Bot(worker) for p in range(players)]
    return Seating(drivers, worker)


def record(game: str, config: dict[str, Any], players: int) -> Seating:
    """The replay viewer's table: the record plays every seat."""
    return Seating([Record() for _ in range(players)], worker_for(game, config, players))


def online(room: "RemoteTable") -> Plan:
    """An online table: our seats are people here, every other seat is the room's."""
    def plan(game: str, config: dict[str, Any], players: int) -> Seating:
        drivers: list[Driver] = [Person() if _kind(config, p) == "human" else Remote(room) for p in range(players)]
        return Seating(drivers, worker_for(game, config, players), room)
    return plan


def scripted(guide: "Guide") -> Plan:
    """A tutorial: the player's seat is a person here, the script plays the others."""
    def plan(game: str, config: dict[str, Any], players: int) -> Seating:
        drivers: list[Driver] = [Person() if _kind(config, p) == "human" else Script(guide) for p in range(players)]
        return Seating(drivers, worker_for(game, config, players), guide=guide)
    return plan


@dataclass(frozen=True)
class TableOptions:
    """What a table is asked to do besides seating its drivers."""

    #: × the normal pace of animations and bot moves
    speed: float = 1.0
    #: measure the frames and print the figures as JSON when the game is over (`linebox --demo`)
    figures: bool = False
    #: quit the app once the game is over (with `figures`: after printing them)
    exit_at_end: bool = False
    #: the table opens at rest: what already happened is shown, not animated (a save, a replay, a room)
    at_rest: bool = False
    #: sounds play (a measured demo is silent)
    sounds: bool = True
    #: where the table is laid out (the replay viewer keeps its bar below); None: the whole window
    lay: "Layout | None" = None

    @property
    def cuts_bot_time(self) -> bool:
        """A hard bot's thinking is cut to the table's limit (a measured demo lets it think as in
        the arena, so its scores are the arena's)."""
        return not self.figures
