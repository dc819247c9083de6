"""What a match tells its listeners: small frozen values, one per thing that happened.

A listener is any callable taking a `Fact`; the match calls its listeners in
the order they subscribed, on the thread that moved the match (the frame loop
at a table, the test's own thread below the window).

>>> a = Applied("take 27 hand", (), By.HINT, seat=0)
>>> a.by.helped, By.PERSON.helped, a.by.here
(True, False, True)
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Union

if TYPE_CHECKING:
    from .counts import Counts


class By(enum.Enum):
    """Who put an action into the game."""

    PERSON = "person"      # someone at this screen, by their own choice
    HINT = "hint"          # someone at this screen, by playing the hint shown to them
    BOT = "bot"            # a bot of this machine
    REMOTE = "remote"      # a seat played at another window (an online room)
    SCRIPT = "script"      # a tutorial's script
    RECORD = "record"      # a kept game's record (the replay viewer)

    @property
    def here(self) -> bool:
        """A person at this screen made the move (their own or the hint's)."""
        return self in (By.PERSON, By.HINT)

    @property
    def helped(self) -> bool:
        """The move was the hint's, not the player's own."""
        return self is By.HINT


@dataclass(frozen=True)
class Applied:
    """An action went into the game: the events the engine said it caused."""

    action: str
    events: tuple[Any, ...]
    by: By
    seat: int | None = None


@dataclass(frozen=True)
class Dealt:
    """A chance outcome from outside went into the game (an online room's deal or roll): its events."""

    events: tuple[Any, ...]


@dataclass(frozen=True)
class HintShown:
    """A hint was shown to the person playing `seat` (`action`: what it said to play, if known)."""

    seat: int
    action: str | None = None


@dataclass(frozen=True)
class Undone:
    """A person here took moves back: the game now has `actions` actions (it had `before`)."""

    seat: int | None
    actions: int
    before: int


@dataclass(frozen=True)
class Finished:
    """The engine says the game is over (told once per match)."""

    game: str
    game_id: str | None
    #: what statistics take (`TableGame.result()`): seats, scores, winners, the game's own fields
    result: dict[str, Any] = field(hash=False, compare=False)
    #: the engine's record of the finished game (`state.to_json()`)
    record: dict[str, Any] = field(hash=False, compare=False)
    #: the table's setup config as the game ended (seats, daily, branch, challenge, played_with)
    config: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    #: what the game is to the player's files (`game.match.counts`); None: kept, counted, saved
    counts: "Counts | None" = None


Fact = Union[Applied, Dealt, HintShown, Undone, Finished]
Listener = Callable[[Fact], None]
