"""What the table's overlays (pause, save, pass screens) and its first-game tips read of a table.

`game.table.base.TableBase` owns them and gives them itself; they are typed against this
interface rather than the base, so neither imports `base.py` (which imports them): whatever
builds a table provides these (every `TableBase` does).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from game.shell.app import App


class TableView(Protocol):
    """A table as its overlays and tips see it."""

    app: App
    game: str           # "lineit" or "linyo"
    tg: Any             # the table's game (see `game.table.base`: state, humans, config, name, payload)

    @property
    def demo(self) -> bool: ...

    @property
    def tutorial(self) -> bool: ...

    @property
    def can_save(self) -> bool: ...

    def save_name(self) -> str: ...

    def save_promise(self) -> str: ...

    def pass_label(self, name: str) -> str: ...

    def passed_to(self, seat: int) -> None: ...

    def since_last_turn(self, seat: int) -> list[tuple[int | None, str]]: ...

    def seat_colour(self, seat: int | None) -> tuple[int, int, int] | None: ...

    def show_since(self, seat: int) -> bool: ...

    def leave(self) -> None: ...

    def tip_keep_clear(self) -> list[pygame.Rect]: ...

    def tip_never_cover(self) -> list[pygame.Rect]: ...
