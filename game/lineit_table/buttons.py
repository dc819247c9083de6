"""The table's row of buttons: one font size for the row, a label wraps rather than shrink below 11 px."""
from __future__ import annotations

import pygame

from game.ui import text as T
from game.ui import theme as C
from game.ui.fit_button import FitButton
from game.ui.layout import Layout
from game.ui.widgets import Button, label_text

from .geometry import MIN_PX


def label_lines(text: str, px: int, room: int) -> list[str]:
    """The label on one line, or on two when one is too wide."""
    return [text] if T.width(text, px, True) <= room else T.wrap(text, px, room, True)


def fits(text: str, px: int, room: int) -> bool:
    lines = label_lines(text, px, room)
    return len(lines) <= 2 and all(T.width(line, px, True) <= room for line in lines)


def row_font(buttons: list[Button], lay: Layout, start: float) -> float:
    """The largest logical size (<= `start`, never under MIN_PX) at which every label of the row fits
    on one or two lines."""
    texts = [(label_text(b.label), b.rect.w - lay.px(20)) for b in buttons]

    def readable(logical: float) -> bool:
        # the size itself, not lay.font_px: that one is floored at the minimum and would never say no
        return round(logical * lay.scale) >= MIN_PX

    size = start
    # first a little smaller on one line each, then two lines where needed
    while size > start * 0.8 and readable(size - 1) and \
            not all(T.width(t, lay.font_px(size), True) <= room for t, room in texts):
        size -= 1
    if all(T.width(t, lay.font_px(size), True) <= room for t, room in texts):
        return size
    size = start
    while size > 1 and readable(size - 1) and not all(fits(t, lay.font_px(size), room) for t, room in texts):
        size -= 1
    return size


class RowButton(FitButton):
    """A button of the row: its label wraps onto two lines when one line is too wide."""

    def draw(self, surface: pygame.Surface, lay: Layout) -> None:
        text = label_text(self.label)
        px = lay.font_px(self.font_size)
        lines = label_lines(text, px, self.rect.w - lay.px(20))
        if len(lines) == 1 or not self.visible:
            super().draw(surface, lay)
            return
        keep = self.label
        self.label = lambda: ""      # the panel only (a bare "" would be translated into the catalogue header)
        try:
            Button.draw(self, surface, lay)
        finally:
            self.label = keep
        if not self.enabled:
            fg = C.TEXT_DIM
        else:
            fg = C.TEXT_DARK if self.style == "primary" else C.TEXT
        rect = self.rect.move(0, int(lay.px(3) * self.pressed))
        lh = int(px * 1.1)
        top = rect.centery - lh * len(lines) // 2
        for i, line in enumerate(lines[:2]):
            T.blit_text(surface, line, px, fg, (rect.centerx, top + i * lh), "midtop", bold=True)
