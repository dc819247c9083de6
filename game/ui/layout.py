"""Layout in a logical 1920×1080 space, rendered at real pixel size.

Scenes place things in logical units and convert with `Layout.rect()` /
`Layout.px()`; fonts are opened at the real pixel size, so text and shapes
are crisp at any window size (nothing is drawn small and scaled up).

>>> lay = Layout(1280, 720); lay.scale
0.6666666666666666
>>> tuple(lay.rect(960, 540, 300, 150))
(640, 360, 200, 100)
>>> Layout(800, 600).logical_h    # a narrow window has more logical height
1440.0
>>> Layout(1280, 720, 1.5).scale == Layout(1280, 720).scale   # no room for a bigger interface
True
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

LOGICAL_W = 1920
LOGICAL_H = 1080
# The smallest logical room every scene is laid out for: a UI scale above 1 grows the
# interface only while this much room is left (the menu column and the tables' panels
# need the full 1080 height; the Linyo table's thumbnails got negative sizes below it).
MIN_LOGICAL_W = 1440
MIN_LOGICAL_H = 1080
# No text is drawn smaller: at 800×600 (scale 0.42) a 22-unit key hint came out at 9 px.
MIN_FONT_PX = 11


@dataclass(frozen=True)
class Layout:
    """Window size in pixels plus the scale from logical units to pixels."""

    width: int
    height: int
    ui_scale: float = 1.0

    @property
    def scale(self) -> float:
        fit = min(self.width / LOGICAL_W, self.height / LOGICAL_H)
        if self.ui_scale <= 1.0:
            return fit * self.ui_scale
        room = min(self.width / MIN_LOGICAL_W, self.height / MIN_LOGICAL_H)
        return max(fit, min(fit * self.ui_scale, room))

    @property
    def logical_w(self) -> float:
        """Window width in logical units (1920 at 16:9, more when wider)."""
        return self.width / self.scale

    @property
    def logical_h(self) -> float:
        return self.height / self.scale

    def px(self, v: float) -> int:
        """Logical length to whole pixels (at least 1 for a positive length)."""
        p = int(round(v * self.scale))
        return 1 if p == 0 and v > 0 else p

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """Logical rectangle to a pixel Rect."""
        s = self.scale
        left, top = int(round(x * s)), int(round(y * s))
        return pygame.Rect(left, top, int(round((x + w) * s)) - left, int(round((y + h) * s)) - top)

    def font_px(self, logical_size: float) -> int:
        """Pixel size of a font of `logical_size`, never below `MIN_FONT_PX` (readable at 800×600)."""
        return max(MIN_FONT_PX, int(round(logical_size * self.scale)))
