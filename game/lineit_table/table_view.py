"""What the Line-it table's painter, input, tips and results read of the table.

The table scene (`scene.py`) calls the painter (`draw.py`), the tooltips (`tips.py`) and the
results (`results.py`) with itself, and takes its input from the mixin `TableInput` (input.py).
They are typed against this interface rather than the scene, so none of them imports the scene
module (Linyo's table does the same): whatever builds a Line-it table provides these.

`TableMixin` is how the type checker sees a mixin: a scene with this interface.
At run time it is `object`, so nothing of the protocol is in the scene's method order.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from engine.core import Event
from engine.lineit import Action

from .board import Board
from .buttons import RowButton
from .model import TableGame
from .geometry import TableGeometry
from .paint import Paint
from .sprites import CardSprite
from game.table.flash import Flash

from .log import LogEntry

if TYPE_CHECKING:
    from game.shell.app import App
    from ..table.present import FramePush
    from ..ui.fit_button import FitButton


class LineitTableView(Protocol):
    """The Line-it table as its painter, input, tips and results see it (the scene sets all of it).

    Each `X | None` has the default None only for the type checker: a class that names the
    protocol as its base (the mixin, through `TableMixin`) would otherwise take the type of its
    own first assignment instead of the declared one."""

    app: App
    ctrl: TableGame
    board: Board
    viewer: int                 # the seat shown at the bottom
    @property
    def demo(self) -> bool: ...
    hotseat: bool               # one screen passed between the people
    # what the person at the table is doing
    mouse: tuple[int, int]
    selected: CardSprite | None = None
    press: tuple | None = None             # (sprite, mouse pos) before a drag starts
    drag: CardSprite | None = None
    drag_off: tuple[int, int]
    hint: dict | None = None
    hint_wanted: bool
    tip: tuple[pygame.Rect, str] | None = None
    tip_focus: int | None = None
    zoom_seat: int | None = None
    # what is shown, and how far its animations are
    paint: Paint
    clock: float
    refused: Flash[str] | None = None
    notice: Flash[str] | None = None
    flash_zone: tuple[str, float] | None = None
    last_moves: dict[int, tuple[str, tuple]]
    last_said: dict[int, Event]
    last_from: dict[int, tuple[int, str]]
    log: list[LogEntry]
    log_scroll: int
    log_drag: tuple[int, int] | None = None
    log_hover: LogEntry | None = None
    frame_push: FramePush
    # where things are (set by the scene's layout)
    geo: TableGeometry | None = None
    buttons: list[FitButton]
    b_close: RowButton
    b_undo: RowButton
    b_hint: RowButton
    b_recap: FitButton
    b_menu: FitButton

    # what the scene knows of the game at this moment
    def my_turn(self) -> bool: ...

    def _legal(self) -> set[str]: ...

    def thinking(self, seat: int | None) -> bool: ...

    def seat_tag(self, seat: int, bot_tag: str) -> str: ...

    def others_turn_text(self) -> str: ...

    def close_preview(self) -> str: ...

    def anim_speed(self) -> float: ...

    def log_line_px(self) -> int: ...

    # a card moved by the person: what it would do and where it may go
    def action_for(self, s: CardSprite, target: str) -> Action | None: ...

    def legal_targets(self, s: CardSprite) -> set[str]: ...

    def draggable(self, s: CardSprite | None) -> bool: ...

    def zone_at(self, pos: tuple[int, int]) -> str | None: ...

    # the scene's own steps the input takes
    def try_action(self, action: Action | str, target: str | None = None) -> bool: ...

    def on_close(self) -> None: ...

    def on_end(self) -> None: ...

    def on_hint(self) -> None: ...

    def apply_hint(self) -> bool: ...

    def undo(self) -> None: ...

    def open_pause(self) -> None: ...

    def scroll_log(self, by: int) -> None: ...

    def step_tip(self, step: int) -> None: ...

    def open_recap(self) -> None: ...

    def handle_over(self, event: pygame.event.Event) -> bool: ...

    def tips_shown(self) -> bool: ...


if TYPE_CHECKING:
    from game.shell.scene import Scene

    class TableMixin(Scene, LineitTableView):
        """A part of the Line-it table scene, as the type checker sees it."""
else:
    TableMixin = object
