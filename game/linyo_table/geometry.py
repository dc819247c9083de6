"""Where the fields of a sheet are on screen, and smooth pen curves through them.

>>> import pygame
>>> g = SheetGeom.fit(pygame.Rect(0, 0, 1270, 830))
>>> g.field_at(g.center(0)), g.field_at(g.center(76)), g.field_at((-5, -5))
(0, 76, None)
>>> len(catmull_rom([(0, 0), (10, 0), (10, 10)], 4))
9
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from engine.linyo.sheets import COLS, ROWS    # the sheet's shape is the rules' (re-exported for the table)

if TYPE_CHECKING:
    from ..ui.layout import Layout

# Margins around the grid, in field sizes: row numbers left, free counts right,
# column letters on top, the total below.
FULL_MARGINS = (0.55, 1.25, 0.55, 0.85)     # left, right, top, bottom
THUMB_MARGINS = (0.2, 0.2, 0.2, 0.2)


@dataclass(frozen=True)
class SheetGeom:
    """A sheet's paper rect and its grid of fields in window pixels."""

    paper: pygame.Rect
    grid: pygame.Rect
    cell: float          # field size in pixels (float, so rows never drift)
    compact: bool = False

    @classmethod
    def fit(cls, area: pygame.Rect, compact: bool = False) -> "SheetGeom":
        """The largest sheet that fits `area`, centred in it."""
        ml, mr, mt, mb = THUMB_MARGINS if compact else FULL_MARGINS
        cell = min(area.w / (COLS + ml + mr), area.h / (ROWS + mt + mb))
        w, h = cell * (COLS + ml + mr), cell * (ROWS + mt + mb)
        paper = pygame.Rect(0, 0, int(w), int(h))
        paper.center = area.center
        grid = pygame.Rect(int(paper.x + ml * cell), int(paper.y + mt * cell),
                           int(COLS * cell), int(ROWS * cell))
        return cls(paper, grid, cell, compact)

    @staticmethod
    def width_for(height: float) -> float:
        """The width of an area whose sheet (`fit`) is as large as `height` allows: narrower, it shrinks."""
        ml, mr, mt, mb = FULL_MARGINS
        return height * (COLS + ml + mr) / (ROWS + mt + mb)

    def cell_rect(self, f: int) -> pygame.Rect:
        r, c = divmod(f, COLS)
        x0 = self.grid.x + round(c * self.cell)
        y0 = self.grid.y + round(r * self.cell)
        x1 = self.grid.x + round((c + 1) * self.cell)
        y1 = self.grid.y + round((r + 1) * self.cell)
        return pygame.Rect(x0, y0, x1 - x0, y1 - y0)

    def center(self, f: int) -> tuple[float, float]:
        r, c = divmod(f, COLS)
        return (self.grid.x + (c + 0.5) * self.cell, self.grid.y + (r + 0.5) * self.cell)

    def field_at(self, pos: tuple[float, float]) -> int | None:
        x, y = pos
        c = math.floor((x - self.grid.x) / self.cell)
        r = math.floor((y - self.grid.y) / self.cell)
        if 0 <= c < COLS and 0 <= r < ROWS:
            return r * COLS + c
        return None

    def fields_along(self, a: tuple[float, float], b: tuple[float, float]) -> list[int]:
        """Fields crossed going from `a` to `b` in order (a fast drag skips none)."""
        dist = math.hypot(b[0] - a[0], b[1] - a[1])
        n = max(1, int(dist / max(1.0, self.cell / 5)))
        out: list[int] = []
        for i in range(1, n + 1):
            t = i / n
            f = self.field_at((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            if f is not None and (not out or out[-1] != f):
                out.append(f)
        return out

    def row_count_pos(self, row: int) -> tuple[int, int]:
        return (int(self.grid.right + self.cell * 0.62), int(self.grid.y + (row + 0.5) * self.cell))


def catmull_rom(points: list[tuple[float, float]], samples: int = 8) -> list[tuple[float, float]]:
    """A smooth curve through every point (centripetal feel, no overshoot past a field).

    Returns (len(points) - 1) * samples + 1 points; point i*samples is points[i].
    """
    if len(points) < 2:
        return list(points)
    out: list[tuple[float, float]] = []
    append = out.append
    n = len(points)
    # the Hermite weights per sample (the same arithmetic as per point, done once)
    hs = []
    for s in range(samples):
        t = s / samples
        t2, t3 = t * t, t * t * t
        hs.append((2 * t3 - 3 * t2 + 1, t3 - 2 * t2 + t, -2 * t3 + 3 * t2, t3 - t2))
    # tension 0.5 (the classic spline), scaled down a little to keep corners tight
    k = 0.38
    for i in range(n - 1):
        p0 = points[i - 1] if i > 0 else points[i]
        p1, p2 = points[i], points[i + 1]
        p3 = points[i + 2] if i + 2 < n else points[i + 1]
        m1x, m1y = (p2[0] - p0[0]) * k, (p2[1] - p0[1]) * k
        m2x, m2y = (p3[0] - p1[0]) * k, (p3[1] - p1[1]) * k
        p1x, p1y = p1
        p2x, p2y = p2
        for h00, h10, h01, h11 in hs:
            append((h00 * p1x + h10 * m1x + h01 * p2x + h11 * m2x,
                    h00 * p1y + h10 * m1y + h01 * p2y + h11 * m2y))
    out.append(points[-1])
    return out


def partial(curve: list[tuple[float, float]], samples: int, progress: float) -> list[tuple[float, float]]:
    """The part of `curve` up to `progress` segments (1.5 = one and a half fields)."""
    if progress <= 0 or len(curve) < 2:
        return curve[:1]
    pos = progress * samples
    last = len(curve) - 1
    if pos >= last:
        return curve
    i = int(pos)
    frac = pos - i
    a, b = curve[i], curve[i + 1]
    return curve[:i + 1] + [(a[0] + (b[0] - a[0]) * frac, a[1] + (b[1] - a[1]) * frac)]


MIN_TEXT_PX = 11          # no text of the table is smaller, whatever the window (800x600 included)
# The strip over the dice (who rolled; after a four of a kind, who turned which dice) holds this many
# lines of the smallest text: the longest banner, a name as long as the setup allows (20 characters)
# with three dice turned, wraps into four lines at 11 px in German at 800×600.
BANNER_LINES = 4
BANNER_LEADING = 1.2     # a banner line's height, in font sizes


def font_px(lay: "Layout", size: float) -> int:
    """`lay.font_px(size)`, never below MIN_TEXT_PX."""
    return max(MIN_TEXT_PX, lay.font_px(size))
