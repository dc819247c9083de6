"""What the leaderboard needs of the place its rooms are kept: the port `game.online.leaderboard` fills on Matrix.

A day's board of a game is one public room, named by `room_name` (each client
finds or makes it by that name, `ensure`); an entry is one event of `EVENT`'s
type posted to it (`send`); a board reads the room's events as they come
(`watch`). Nothing here knows Matrix, and the online package knows no daily:
`game.leaderboard` meets the two.
"""
from __future__ import annotations

import concurrent.futures
from typing import Any, Protocol

from game.daily.day import Daily


def room_name(daily: Daily) -> str:
    """The name every client gives the day's room of the game (on Matrix: its alias's local part).

    >>> import datetime
    >>> room_name(Daily("linyo", datetime.date(2026, 11, 27)))
    'linebox-daily-linyo-2026-11-27'
    """
    return f"linebox-daily-{daily.game}-{daily.date}"


def room_title(daily: Daily) -> str:
    """The room's title, as another Matrix client lists it (never shown in Linebox)."""
    return f"Linebox daily {daily.game} {daily.date}"


class Rooms(Protocol):
    """One signed-in account's rooms: requests run off the frame loop, each a future."""

    @property
    def user_id(self) -> str: ...

    def ensure(self, name: str, title: str) -> "concurrent.futures.Future[str]":
        """Join the public room called `name` (made first, titled `title`, when nobody has yet);
        future: its room id."""
        ...

    def watch(self, room_id: str, token: str, since: str | None,
              wait_ms: int) -> "concurrent.futures.Future[tuple[list[dict[str, Any]], str, str]]":
        """The room's next events; future: (events, read token, sync token). `since` None: its whole
        history from `token` ("" = its start); else the events after `since`, waiting up to `wait_ms`."""
        ...

    def send(self, room_id: str, kind: str, content: dict[str, Any]) -> "concurrent.futures.Future[Any]":
        """Post one event of type `kind` to the room."""
        ...
