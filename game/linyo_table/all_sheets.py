"""Every seat's sheet side by side, full size as far as the window allows (the A key or the
All sheets button); a click or any key goes back to the table."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from engine import linyo
from game.ui import palette as P

from game.shell.i18n import _
from game.shell.scene import Scene
from ..ui import text as T
from ..ui import theme as C
from .geometry import COLS, ROWS, SheetGeom, font_px
from .sheet_draw import draw_counts, draw_marks, is_settled, settled_sheet

if TYPE_CHECKING:
    from game.shell.app import App
    from .table_view import LinyoTableView


def grid(n: int, w: int, h: int) -> tuple[int, int]:
    """Columns and rows for `n` sheets in a w x h area, the sheets as large as they can be.

    >>> grid(2, 1920, 1080), grid(4, 1920, 1080), grid(6, 800, 600)
    ((2, 1), (2, 2), (2, 3))
    """
    best = (1, n)
    best_cell = 0.0
    for cols in range(1, n + 1):
        rows = math.ceil(n / cols)
        cell = min(w / cols / (COLS + 3), h / rows / (ROWS + 3))
        if cell > best_cell:
            best, best_cell = (cols, rows), cell
    return best


class AllSheets(Scene):
    """Over the table: all sheets with their names, free counts and last moves."""

    name = "linyo_all_sheets"
    opaque = True

    def __init__(self, app: "App", table: "LinyoTableView") -> None:
        super().__init__(app)
        self.table = table

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.app.pop()
            return True
        return False

    def back(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        t = self.table
        surface.fill(P.FELT)
        T.blit_text(surface, _("All sheets — click or press a key to go back"), font_px(lay, 30), C.TEXT,
                    (lay.width // 2, lay.px(36)), "center", bold=True)
        n = t.g.players
        top = lay.px(70)
        w, h = lay.width - lay.px(40), lay.height - top - lay.px(20)
        cols, rows = grid(n, w, h)
        cw, ch = w // cols, h // rows
        for seat in range(n):
            r, c = divmod(seat, cols)
            cell = pygame.Rect(lay.px(20) + c * cw, top + r * ch, cw, ch)
            name_h = lay.px(34)
            geom = SheetGeom.fit(pygame.Rect(cell.x, cell.y + name_h, cell.w, cell.h - name_h).inflate(-lay.px(8), 0))
            ink = t.reveal.ink(seat)
            surface.blit(settled_sheet(geom, t.sheet_rows, ink, P.FELT, cache=all(is_settled(ln) for ln in ink)),
                         geom.paper)
            marks = t.follow.marks(seat)
            if marks:
                draw_marks(surface, geom, marks, "last")
            shown = t.reveal.shown_fields(seat)
            free_rows = linyo.free_rows(shown)
            draw_counts(surface, geom, free_rows, sum(free_rows), _("free"), _("Total"))
            info = t.g.seats[seat]
            colour = C.ACCENT if seat == t.state.current_seat else C.TEXT
            T.blit_text(surface, _("{name} · difficulty {d}").format(name=info.name, d=info.difficulty),
                        font_px(lay, 24), colour, (geom.paper.centerx, geom.paper.y - lay.px(6)), "midbottom",
                        bold=True)
