"""A button whose label shrinks to fit (German and French labels are long at 800×600)."""
from __future__ import annotations

import pygame

from game.ui import text as T
from game.ui.layout import Layout
from game.ui.widgets import Button, label_text


class FitButton(Button):
    """`Button` that never lets its label run past its edges."""

    def draw(self, surface: pygame.Surface, lay: Layout) -> None:
        text = label_text(self.label)
        size = lay.font_px(self.font_size)
        room = self.rect.w - lay.px(30)
        fitted = size
        while fitted > 9 and T.width(text, fitted, True) > room:
            fitted -= 1
        if fitted == size:
            super().draw(surface, lay)
            return
        keep = self.font_size
        self.font_size = self.font_size * fitted / size
        try:
            super().draw(surface, lay)
        finally:
            self.font_size = keep
