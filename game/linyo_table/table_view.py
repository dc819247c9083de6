"""What the Linyo table's painter, input, tips, results and all-sheets view read of the table.

The table scene (`scene.py`) is made of mixins: `TableInput` (input.py) and `TableDrawing`
(draw.py) use state the scene owns. They are typed against this interface rather than the
scene, so none of them imports the scene module and the scene can change how it is driven
(seat drivers, replay, tutorial) without them: whatever builds a Linyo table provides these.

`TableMixin` is how the type checker sees a mixin: a widget scene with this interface.
At run time it is `object`, so nothing of the protocol is in the scene's method order.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from engine import linyo
from game.table.flash import Flash

from .dice_view import DiceView
from .follow import Follow
from .geometry import SheetGeom
from .log import GameLog
from .model import TableGame
from .paint import Paint
from .path import MovePath, Preview, StartPicks
from .reveal import Reveal

if TYPE_CHECKING:
    from game.shell.app import App
    from ..table.present import FramePush
    from ..ui.layout import Layout
    from ..ui.widgets import Button


class LinyoTableView(Protocol):
    """The Linyo table as its painter and input see it (the scene sets all of it).

    Each `X | None` has the default None only for the type checker: a class that names the
    protocol as its base (the mixins, through `TableMixin`) would otherwise take the type of its
    own first assignment (`self.drag_pos = pos`) instead of the declared one."""

    app: App
    g: TableGame
    @property
    def demo(self) -> bool: ...
    @property
    def tutorial(self) -> bool: ...
    def others_turn_text(self, seat: int) -> str: ...
    # the decision being made at this screen: the state it is made in, and whose it is
    decide_state: linyo.State
    decide_seat: int | None = None
    sent: tuple[int, list[list[int]]] | None = None  # online: (seat, fields) posted, not applied yet
    hint: dict | None = None
    hint_wanted: bool
    hint_why: list[str]
    # what the person at the table is doing
    path: MovePath | None = None
    starts: StartPicks | None = None
    set_choice: list[str] | None = None
    abort_mode: bool
    abort_line: int | None = None
    dragging: bool
    drag_pos: tuple[int, int] | None = None
    last_pos: tuple[int, int] | None = None
    refused: Flash[int] | None = None
    notice: tuple[str, bool] | None = None  # (text, is_problem)
    preview: Preview | None = None
    hover_die: int | None = None
    hover_pos: tuple[int, int] | None = None
    hover_rest: float
    tip_focus: int | None = None
    cursor: int | None = None       # the keyboard's field on the sheet
    reach_shown: bool = True
    log_drag: tuple[int, int] | None = None
    # what is shown, and how far its animations are
    paint: Paint
    reveal: Reveal
    dice: DiceView
    follow: Follow
    log: GameLog
    clock: float
    focus_seat: int
    zoom_seat: int | None = None
    zoom_t: float
    zoom_from: pygame.Rect
    scoring_t: float | None = None
    _score_row: int
    finished: bool
    sheet_rows: tuple[str, ...]
    frame_push: FramePush
    # where things are (set by the scene's layout)
    geom: SheetGeom
    panel_rect: pygame.Rect
    header_rect: pygame.Rect
    log_rect: pygame.Rect
    keys_rect: pygame.Rect
    dice_label_rect: pygame.Rect
    die_rects: list[pygame.Rect]
    info_rect: pygame.Rect
    zoom_rect: pygame.Rect
    thumb_rects: dict[int, pygame.Rect]
    thumb_lines: int
    b_menu: Button

    @property
    def state(self) -> linyo.State: ...

    @property
    def table_lay(self) -> Any: ...

    def human_turn(self) -> bool: ...

    # the scene's own steps the input takes
    def _say(self, text: str, problem: bool = False) -> None: ...

    def _refresh_preview(self) -> None: ...

    def _set_action(self) -> linyo.SetDice: ...

    def confirm(self) -> None: ...

    def can_confirm(self) -> bool: ...

    def toggle_abort(self) -> None: ...

    def on_hint(self) -> None: ...

    def undo(self) -> None: ...

    def show_all_sheets(self) -> None: ...

    def since_words(self, seat: int) -> list[tuple[str, str]]: ...

    def _has_drawn(self) -> bool: ...

    first_tips: Any

    def handle_over(self, event: pygame.event.Event) -> bool: ...

    # the painter's answers the input and the tips use
    def log_rows(self, lay: Layout) -> list[tuple[pygame.Rect, int, tuple[str, ...]]]: ...

    def dice_faces(self) -> list[str] | None: ...

    def used_dice(self) -> list[bool]: ...


if TYPE_CHECKING:
    from game.shell.scene import WidgetScene

    class TableMixin(WidgetScene, LinyoTableView):
        """A part of the Linyo table scene, as the type checker sees it."""
else:
    TableMixin = object
