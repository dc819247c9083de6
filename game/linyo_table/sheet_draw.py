"""Drawing a Linyo sheet: paper, coloured fields with marks and stars, pen ink.

The paper with its fields is rendered once per size and kept; ink (lines,
● starts, × ends), glows and counts are drawn on top every frame from plain
data, so `draw` never changes anything.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui import palette as P

from ..ui import text as T
from ..ui.pictures import picture
from ..ui.surfaces import retained_copy
from .geometry import COLS, ROWS, SheetGeom, catmull_rom, partial

SAMPLES = 8           # curve points per field step
COLUMN_LETTERS = "abcdefghijk"

GLOW_COLOURS = {
    "next": P.LEGAL,          # a field the path may enter
    "star": P.GOLD,           # the star step
    "start": P.ACCENT,        # a start field may go here
    "pick": P.ACCENT,         # a start picked, not confirmed
    "end": P.WHITE,           # a line end you can draw from
    "refused": P.ILLEGAL,     # the field just refused
    "abort": P.ILLEGAL,       # a line you may abort
    "row": P.ACCENT,          # scoring: the row being counted
    "hint": (190, 60, 255),   # the hard bot's suggestion (violet: apart from every field colour)
    "cut": (70, 20, 30),      # a field the hinted move cuts off for good (dark: it will stay free)
    "last": (255, 232, 150),  # a seat's last move, until it moves again
    "log": (255, 150, 220),   # the fields of the log entry under the pointer
}

# Each of a seat's four lines has its own ink, dark enough to read on every field colour and
# apart from the others; its number sits next to its ● as well, so hue is never the only cue.
LINE_INKS: dict[int, tuple[int, int, int]] = {1: P.PEN, 2: (150, 24, 64), 3: (18, 104, 58), 4: (104, 46, 150)}


def line_ink(number: int) -> tuple[int, int, int]:
    """The ink of line `number` (1-4)."""
    return LINE_INKS.get(number, P.PEN)


@dataclass
class InkLine:
    """One line as the view shows it now."""

    fields: list[int]
    shown: float          # fields drawn so far (1 = only the ●; len(fields) = whole line)
    cross: float          # × drawn so far, 0..1 (0 while open)
    number: int           # 1-4
    ghost: bool = False   # a path being drawn (not confirmed yet)


def _tile(sheet_colour: str, star: bool, size: int) -> pygame.Surface:
    token = f"field:{sheet_colour}{'*' if star else ''}"
    return picture(token, size)


_base_cache: dict[tuple, pygame.Surface] = {}


def paper(geom: SheetGeom, rows: tuple[str, ...]) -> pygame.Surface:
    """The paper with its 77 fields, marks, stars and labels (cached per size)."""
    key = (geom.paper.size, geom.grid.topleft[0] - geom.paper.x, geom.cell, rows, geom.compact)
    surf = _base_cache.get(key)
    if surf is not None:
        return surf
    if len(_base_cache) > 24:
        _base_cache.clear()
    w, h = max(1, geom.paper.w), max(1, geom.paper.h)   # a squeezed layout must not crash the frame
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, int(geom.cell * (0.12 if geom.compact else 0.16)))
    pygame.draw.rect(surf, P.SHEET_PAPER, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, P.SHEET_GRID, surf.get_rect(), width=max(1, int(geom.cell * 0.02)),
                     border_radius=radius)
    ox, oy = geom.paper.topleft
    gap = max(1, int(geom.cell * 0.05))
    for f in range(ROWS * COLS):
        r, c = divmod(f, COLS)
        letter = rows[r][c]
        rect = geom.cell_rect(f).move(-ox, -oy).inflate(-gap, -gap)
        if rect.w < 2:
            continue
        tile = _tile(letter.lower(), letter.isupper(), rect.h)
        if tile.get_width() != rect.w:
            tile = pygame.transform.smoothscale(tile, rect.size)
        surf.blit(tile, rect)
    if not geom.compact:
        size = max(11, int(geom.cell * 0.3))
        for c in range(COLS):
            x = geom.grid.x - ox + (c + 0.5) * geom.cell
            T.blit_text(surf, COLUMN_LETTERS[c], size, P.TEXT_DIM,
                        (int(x), int(geom.grid.y - oy - geom.cell * 0.27)), "center")
        for r in range(ROWS):
            y = geom.grid.y - oy + (r + 0.5) * geom.cell
            T.blit_text(surf, str(r + 1), size, P.TEXT_DIM,
                        (int(geom.grid.x - ox - geom.cell * 0.28), int(y)), "center")
        # the column of free counts: a light box per row
        for r in range(ROWS):
            cx, cy = geom.row_count_pos(r)
            box = pygame.Rect(0, 0, int(geom.cell * 0.78), int(geom.cell * 0.78))
            box.center = (cx - ox, cy - oy)
            pygame.draw.rect(surf, (238, 234, 222), box, border_radius=max(2, int(geom.cell * 0.12)))
            pygame.draw.rect(surf, (200, 194, 180), box, width=1, border_radius=max(2, int(geom.cell * 0.12)))
    surf = surf.convert_alpha() if pygame.display.get_surface() is not None else surf
    _base_cache[key] = surf
    return surf


_ink_cache: dict[tuple, pygame.Surface] = {}


def is_settled(ln: InkLine) -> bool:
    """A line whose drawing (stroke and ×) is finished."""
    return ln.shown >= len(ln.fields) and ln.cross in (0.0, 1.0) and not ln.ghost


def settled_sheet(geom: SheetGeom, rows: tuple[str, ...], lines: list[InkLine], backdrop=P.FELT,
                  cache: bool = True) -> pygame.Surface:
    """Paper plus every settled line, as one opaque surface (cached by content unless `cache` is off).

    A frame then blits it once and draws only what is moving on top.
    """
    key = (geom.paper.size, geom.grid.x - geom.paper.x, geom.grid.y - geom.paper.y, geom.cell, rows,
           geom.compact, backdrop, tuple((tuple(ln.fields), ln.cross, ln.number) for ln in lines))
    surf = _ink_cache.get(key) if cache else None
    if surf is not None:
        return surf
    # keep the cache small in memory: about 32 MB of pixels (a full-size sheet is ~4 MB)
    while _ink_cache and sum(v.get_width() * v.get_height() * 4 for v in _ink_cache.values()) > 32_000_000:
        _ink_cache.pop(next(iter(_ink_cache)))
    base = paper(geom, rows)
    surf = pygame.Surface(base.get_size())
    surf.fill(backdrop)
    surf.blit(base, (0, 0))
    local = SheetGeom(geom.paper.move(-geom.paper.x, -geom.paper.y),
                      geom.grid.move(-geom.paper.x, -geom.paper.y), geom.cell, geom.compact)
    draw_ink(surf, local, lines)
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    if cache:
        _ink_cache[key] = surf
    return surf


def ink_bounds(geom: SheetGeom, ln: InkLine) -> pygame.Rect:
    """Where `ln` as shown now can put paint (halo, stroke, its ●, number and ×), with a margin."""
    if not ln.fields or ln.shown <= 0:
        return pygame.Rect(0, 0, 0, 0)
    rect = geom.cell_rect(ln.fields[0])
    if ln.cross > 0:
        rect.union_ip(geom.cell_rect(ln.fields[-1]))
    pts = line_points(geom, ln.fields, ln.shown)
    if len(pts) > 1:
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        width = max(1.5, geom.cell * (0.1 if not geom.compact else 0.14))
        pad = int((width + max(2.0, geom.cell * 0.07)) / 2) + 3
        x0, y0 = int(min(xs)) - pad, int(min(ys)) - pad
        rect.union_ip(pygame.Rect(x0, y0, int(max(xs)) + pad + 1 - x0, int(max(ys)) + pad + 1 - y0))
    return rect.inflate(4, 4)


class SheetCanvas:
    """One seat's sheet with its settled ink, kept between frames.

    `update(lines)` redraws only around the lines that changed since the last
    call (paper, then every line touching that place, clipped), so the picture
    is the one `settled_sheet` would make, at a fraction of the cost. The
    canvas does not depend on where the sheet is on screen (`key(geom)`), so a
    thumbnail that moves to another place keeps it.
    """

    @staticmethod
    def local_geom(geom: SheetGeom) -> SheetGeom:
        return SheetGeom(geom.paper.move(-geom.paper.x, -geom.paper.y),
                         geom.grid.move(-geom.paper.x, -geom.paper.y), geom.cell, geom.compact)

    @staticmethod
    def key(geom: SheetGeom) -> tuple:
        return (geom.paper.size, geom.grid.x - geom.paper.x, geom.grid.y - geom.paper.y, geom.grid.size,
                geom.cell, geom.compact)

    def __init__(self, geom: SheetGeom, rows: tuple[str, ...], backdrop=P.FELT) -> None:
        self.rows = rows
        self.backdrop = backdrop
        self.local = self.local_geom(geom)
        self.paper_key = (self.key(geom), rows, backdrop)   # canvases alike but for their ink
        self.surface: pygame.Surface | None = None
        self.drawn: dict[int, tuple[tuple, InkLine, pygame.Rect]] = {}   # by line number
        self.redraws = 0     # partial redraws (tests)
        self.version = 0     # counts the changes of the picture
        self._marked: tuple[tuple, pygame.Surface] | None = None   # ((version, marks), the picture marked)

    @property
    def picture(self) -> pygame.Surface:
        """The sheet with its settled ink; there is none before the first `update`."""
        if self.surface is None:
            raise RuntimeError("a sheet canvas is drawn before its first update")
        return self.surface

    def has_marked(self, marks: frozenset[int]) -> bool:
        """`marked(marks)` is ready (costs nothing)."""
        return self._marked is not None and self._marked[0] == (self.version, marks)

    def marked(self, marks: frozenset[int]) -> pygame.Surface:
        """The picture with a seat's last move marked: `marks` outlined, then the lines through them
        drawn again over the outlines (a thumbnail's cells are a few pixels). Made once per change of
        the ink or the marks and kept: drawing the strokes on every repaint of a thumbnail weighed
        ~0.4 ms, and a thumbnail is repainted whenever the thumbnails move, at every change of the
        seat in view. Drawn here, not at the thumbnail's place, so that a thumbnail that moves keeps it."""
        kept = self._marked
        if kept is None or kept[0] != (self.version, marks):
            surf = self.picture.copy()
            draw_marks(surf, self.local, marks, "last")
            draw_ink(surf, self.local, [ln for _n, (_d, ln, _b) in sorted(self.drawn.items())
                                        if marks.intersection(ln.fields)])
            kept = self._marked = ((self.version, marks), surf)
        return kept[1]

    def fields(self) -> set[int]:
        """The fields this canvas has ink on (its lines stay inside their fields' cells)."""
        out: set[int] = set()
        for _d, ln, _b in self.drawn.values():
            out.update(ln.fields)
        return out

    def cell_rects(self, fields: set[int], at: tuple[int, int] = (0, 0), margin: int = 0) -> list[pygame.Rect]:
        """`fields` as one rect per run of neighbours in a row, moved to `at`, grown by `margin`."""
        out = []
        g = self.local
        for r in range(ROWS):
            c = 0
            while c < COLS:
                if r * COLS + c not in fields:
                    c += 1
                    continue
                c0 = c
                while c < COLS and r * COLS + c in fields:
                    c += 1
                rect = g.cell_rect(r * COLS + c0).union(g.cell_rect(r * COLS + c - 1))
                out.append(rect.inflate(2 * margin, 2 * margin).move(at))
        return out

    def update(self, lines: list[InkLine], at: tuple[int, int] = (0, 0)) -> list[pygame.Rect]:
        """Bring the canvas to the settled ones of `lines`; the rects that changed, moved to `at`.

        A line being drawn (or its ×) is left off: its cells go back to bare paper, which
        is cheap, and the frame draws it whole on top, as before it settles.
        """
        want = {ln.number: ln for ln in lines if is_settled(ln)}
        if self.surface is None:
            self.surface = retained_copy(settled_sheet(self.local, self.rows, [], self.backdrop))
            if want:
                draw_ink(self.surface, self.local, list(want.values()))
            self.drawn = {n: ((tuple(ln.fields), ln.cross, ln.shown), _copy(ln), ink_bounds(self.local, ln))
                          for n, ln in want.items()}
            self.version += 1
            return [self.local.paper.move(at)]
        dirty: list[pygame.Rect] = []
        now: dict[int, tuple[tuple, InkLine, pygame.Rect]] = {}
        for n, ln in want.items():
            d = (tuple(ln.fields), ln.cross, ln.shown)
            was = self.drawn.get(n)
            if was is not None and was[0] == d:
                now[n] = was
                continue
            box = ink_bounds(self.local, ln)
            dirty.append(box)
            if was is not None:
                dirty.append(was[2])
            now[n] = (d, _copy(ln), box)
        for n, was in self.drawn.items():
            if n not in now:
                dirty.append(was[2])
        if not dirty:
            self.drawn = now
            return []
        blank = settled_sheet(self.local, self.rows, [], self.backdrop)   # paper on the backdrop, opaque
        surf = self.surface
        self.version += 1
        # A line paints only inside its own fields' cells and no two lines share a field, so a changed
        # line is redrawn alone over its cells put back to bare paper (tests check this equals a full draw).
        changed: set[int] = set()
        fresh: list[InkLine] = []
        for n, e in now.items():
            was = self.drawn.get(n)
            if was is None or was[0] != e[0]:
                changed.update(e[1].fields)
                fresh.append(e[1])
                if was is not None:
                    changed.update(was[1].fields)
        for n, was in self.drawn.items():
            if n not in now:
                changed.update(was[1].fields)
        others: set[int] = set()
        for e in now.values():
            if not any(e[1] is ln for ln in fresh):
                others.update(e[1].fields)
        self.drawn = now
        if not changed & others:
            out = self.cell_rects(changed)
            for r in out:
                surf.blit(blank, r, r)
            fresh.sort(key=lambda ln: ln.number)
            draw_ink(surf, self.local, fresh)
            self.redraws += 1
            return [r.move(at) for r in out]
        out = []
        ordered = [now[n] for n in sorted(now)]
        for r in _merge(dirty):
            r = r.clip(surf.get_rect())
            if not r.w or not r.h:
                continue
            surf.set_clip(r)
            surf.blit(blank, r, r)
            draw_ink(surf, self.local, [e[1] for e in ordered if e[2].colliderect(r)])
            out.append(r.move(at))
            self.redraws += 1
        surf.set_clip(None)
        return out


def _copy(ln: InkLine) -> InkLine:
    return InkLine(list(ln.fields), float(len(ln.fields)) if ln.shown >= len(ln.fields) else ln.shown, ln.cross,
                   ln.number, ln.ghost)


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    from ..ui.layer import merge_rects
    return merge_rects(rects)


def _offset(pts: list[tuple[float, float]], r: float) -> list[tuple[float, float]]:
    """`pts` moved by `r` along the curve's left normal (averaged at each vertex)."""
    out = []
    n = len(pts)
    for i in range(n):
        a = pts[i - 1] if i > 0 else pts[i]
        b = pts[i + 1] if i + 1 < n else pts[i]
        dx, dy = b[0] - a[0], b[1] - a[1]
        d = math.hypot(dx, dy) or 1.0
        out.append((pts[i][0] - dy / d * r, pts[i][1] + dx / d * r))
    return out


def stroke(surface: pygame.Surface, pts: list[tuple[float, float]], colour, width: float,
           rims: tuple[list, list] | None = None) -> None:
    """A smooth pen stroke through `pts`: round ends and joins, antialiased rims.

    `rims`: the two rim polylines (`_offset(pts, ±(r - 0.5))`) when the caller has them already."""
    if not pts:
        return
    r = max(0.75, width / 2)
    if len(pts) == 1 or width < 2:
        if len(pts) > 1:
            pygame.draw.aalines(surface, colour, False, pts)
        else:
            pygame.draw.circle(surface, colour, pts[0], r)
        return
    pygame.draw.lines(surface, colour, False, pts, int(round(width)))
    for p in pts[::2]:
        pygame.draw.circle(surface, colour, p, r)
    pygame.draw.circle(surface, colour, pts[-1], r)
    rim = r - 0.5
    left, right = rims if rims is not None else (_offset(pts, rim), _offset(pts, -rim))
    pygame.draw.aalines(surface, colour, False, left)
    pygame.draw.aalines(surface, colour, False, right)
    pygame.draw.aacircle(surface, colour, pts[0], r)
    pygame.draw.aacircle(surface, colour, pts[-1], r)


@lru_cache(maxsize=256)
def _curve(fields: tuple[int, ...], gx: int, gy: int, cell: float) -> tuple:
    pts = []
    for f in fields:
        r, c = divmod(f, COLS)
        pts.append((gx + (c + 0.5) * cell, gy + (r + 0.5) * cell))
    return tuple(catmull_rom(pts, SAMPLES))


@lru_cache(maxsize=512)
def _curve_normals(fields: tuple[int, ...], gx: int, gy: int, cell: float) -> tuple:
    """Per point of the line's curve: (dy/d, dx/d) of its neighbours, as `_offset` uses them."""
    pts = _curve(fields, gx, gy, cell)
    out = []
    n = len(pts)
    hypot = math.hypot
    for i in range(n):
        a = pts[i - 1] if i > 0 else pts[i]
        b = pts[i + 1] if i + 1 < n else pts[i]
        dx, dy = b[0] - a[0], b[1] - a[1]
        d = hypot(dx, dy) or 1.0
        out.append((dy / d, dx / d))
    return tuple(out)


@lru_cache(maxsize=512)
def _curve_rims(fields: tuple[int, ...], gx: int, gy: int, cell: float, rim: float) -> tuple[tuple, tuple]:
    curve = _curve(fields, gx, gy, cell)
    normals = _curve_normals(fields, gx, gy, cell)
    neg = -rim
    left = []
    right = []
    for (px, py), (qx, qy) in zip(curve, normals, strict=True):
        left.append((px - qx * rim, py + qy * rim))
        right.append((px - qx * neg, py + qy * neg))
    return tuple(left), tuple(right)


def line_rims(geom: SheetGeom, fields: list[int], pts: list[tuple[float, float]], width: float) -> tuple[list, list]:
    """`stroke`'s rims for `pts = line_points(geom, fields, shown)`, from the whole curve's (cached);
    only the last two points of a part-drawn line are computed (the same arithmetic as `_offset`)."""
    rim = max(0.75, width / 2) - 0.5
    left, right = _curve_rims(tuple(fields), geom.grid.x, geom.grid.y, geom.cell, rim)
    n = len(pts)
    if n == len(left) and pts[-1] == _curve(tuple(fields), geom.grid.x, geom.grid.y, geom.cell)[-1]:
        return list(left), list(right)
    if n < 3:
        return _offset(pts, rim), _offset(pts, -rim)
    tail = pts[n - 3:]
    return list(left[:n - 2]) + _offset(tail, rim)[1:], list(right[:n - 2]) + _offset(tail, -rim)[1:]


def line_points(geom: SheetGeom, fields: list[int], shown: float) -> list[tuple[float, float]]:
    """The visible part of a line's curve (`shown` fields, fractional while drawing)."""
    if not fields or shown <= 0:
        return []
    curve = list(_curve(tuple(fields), geom.grid.x, geom.grid.y, geom.cell))
    return partial(curve, SAMPLES, min(shown, len(fields)) - 1)


def draw_start(surface: pygame.Surface, geom: SheetGeom, f: int, number: int | None, pop: float = 1.0,
               colour=P.PEN) -> None:
    cx, cy = geom.center(f)
    r = geom.cell * 0.2 * (0.6 + 0.4 * pop)
    pygame.draw.circle(surface, P.SHEET_PAPER, (cx, cy), r + max(1.5, geom.cell * 0.05))
    pygame.draw.aacircle(surface, colour, (cx, cy), r)
    pygame.draw.circle(surface, colour, (cx, cy), r)
    if number is not None and not geom.compact:
        rect = geom.cell_rect(f)
        size = max(11, int(geom.cell * 0.22))
        pos = (rect.x + int(geom.cell * 0.17), rect.y + int(geom.cell * 0.17))
        pygame.draw.circle(surface, P.SHEET_PAPER, pos, size * 0.62)
        T.blit_text(surface, str(number), size, colour, pos, "center", bold=True)


def draw_cross(surface: pygame.Surface, geom: SheetGeom, f: int, t: float, colour=P.PEN,
               halo: bool = True) -> None:
    """The × on a line's last field, drawn as two pen strokes (t 0..1)."""
    if t <= 0:
        return
    cx, cy = geom.center(f)
    a = geom.cell * 0.27
    w = max(2.0, geom.cell * 0.085)
    first = min(1.0, t * 2)
    second = max(0.0, t * 2 - 1)
    parts = [((cx - a, cy - a), (cx - a + 2 * a * first, cy - a + 2 * a * first))]
    if second > 0:
        parts.append(((cx + a, cy - a), (cx + a - 2 * a * second, cy - a + 2 * a * second)))
    if halo:
        for p, q in parts:
            stroke(surface, [p, q], P.SHEET_PAPER, w + max(2, geom.cell * 0.06))
    for p, q in parts:
        stroke(surface, [p, q], colour, w)


def draw_ink(surface: pygame.Surface, geom: SheetGeom, lines: list[InkLine], pen=None) -> None:
    """Every line in its own ink (or all in `pen`): halo, stroke, its ● and number, and (when aborted) its ×."""
    width = max(1.5, geom.cell * (0.1 if not geom.compact else 0.14))
    halo = width + max(2.0, geom.cell * 0.07)
    points = [line_points(geom, ln.fields, ln.shown) for ln in lines]
    for ln, pts in zip(lines, points, strict=True):
        if len(pts) > 1:
            stroke(surface, pts, P.SHEET_PAPER if not ln.ghost else (255, 252, 236), halo,
                   line_rims(geom, ln.fields, pts, halo) if halo >= 2 else None)
    for ln, pts in zip(lines, points, strict=True):
        ink = pen if pen is not None else line_ink(ln.number)
        colour = ink if not ln.ghost else P.ACCENT_DARK
        if len(pts) > 1:
            stroke(surface, pts, colour, width, line_rims(geom, ln.fields, pts, width) if width >= 2 else None)
        # a line that is only its start: the × goes under the ● and its number, which stay readable
        alone = len(ln.fields) == 1
        if alone and ln.cross > 0:
            draw_cross(surface, geom, ln.fields[-1], ln.cross, ink)
        if ln.fields and ln.shown > 0 and not ln.ghost:
            draw_start(surface, geom, ln.fields[0], ln.number, min(1.0, ln.shown * 3), ink)
        if not alone and ln.cross > 0 and ln.fields:
            draw_cross(surface, geom, ln.fields[-1], ln.cross, ink)


_glow_cache: dict[tuple, pygame.Surface] = {}


def _glow_tile(style: str, w: int, h: int) -> pygame.Surface:
    key = (style, w, h)
    surf = _glow_cache.get(key)
    if surf is None:
        colour = GLOW_COLOURS.get(style, P.WHITE)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(2, int(min(w, h) * 0.16))
        fill = {"next": 80, "star": 90, "start": 28, "abort": 60, "refused": 90, "row": 60}.get(style, 40)
        pygame.draw.rect(surf, (*colour, fill), surf.get_rect(), border_radius=rad)
        edge = max(2, int(min(w, h) * 0.07))
        pygame.draw.rect(surf, (*colour, 235), surf.get_rect(), width=edge, border_radius=rad)
        if len(_glow_cache) > 200:
            _glow_cache.clear()
        _glow_cache[key] = surf
    return surf


def draw_glows(surface: pygame.Surface, geom: SheetGeom, glows: dict[int, str], pulse: float) -> list[pygame.Rect]:
    """Glowing outlines on fields; `pulse` 0..1 breathes the alpha. Returns the rects drawn."""
    alpha = int(150 + 105 * pulse)
    out = []
    for f, style in glows.items():
        rect = geom.cell_rect(f).inflate(-max(1, int(geom.cell * 0.03)), -max(1, int(geom.cell * 0.03)))
        tile = _glow_tile(style, rect.w, rect.h)
        tile.set_alpha(255 if style in ("refused", "pick") else alpha)
        surface.blit(tile, rect)
        out.append(rect)
    return out


def draw_marks(surface: pygame.Surface, geom: SheetGeom, fields: frozenset[int] | set[int], style: str) -> pygame.Rect:
    """Steady outlines on `fields` (a seat's last move): no pulse, so they rest in the layer."""
    out = pygame.Rect(0, 0, 0, 0)
    for f in sorted(fields):
        rect = geom.cell_rect(f).inflate(-max(1, int(geom.cell * 0.03)), -max(1, int(geom.cell * 0.03)))
        tile = _glow_tile(style, rect.w, rect.h)
        tile.set_alpha(255)
        drawn = surface.blit(tile, rect)
        out = drawn if not out.w else out.union(drawn)
    return out


def marks_rect(geom: SheetGeom, fields: frozenset[int] | set[int]) -> pygame.Rect:
    """Where `draw_marks` paints."""
    rects = [geom.cell_rect(f) for f in fields]
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)


def count_ops(geom: SheetGeom, free_rows: list[int], total: int, label_free: str, label_total: str,
              rows_shown: int = ROWS, highlight: int | None = None, total_shown: bool = True) -> tuple:
    """The free counts as text ops `(text, size, colour, pos, anchor, bold)` and the total's rule
    `(colour, start, end, width)` (None while the total is hidden)."""
    size = max(11, int(geom.cell * 0.36))
    head = max(11, int(geom.cell * 0.2))
    x, _y = geom.row_count_pos(0)
    ops = [(label_free, head, P.TEXT_DIM, (x, int(geom.grid.y - geom.cell * 0.27)), "center", False)]
    for r in range(min(rows_shown, ROWS)):
        pos = geom.row_count_pos(r)
        colour = P.ACCENT_DARK if highlight == r else P.PEN
        ops.append((str(free_rows[r]), size, colour, pos, "center", True))
    rule = None
    if total_shown:
        y = int(geom.grid.bottom + geom.cell * 0.45)
        tsize = max(10, int(geom.cell * 0.42))
        ops.append((str(total), tsize, P.PEN, (x, y), "center", True))
        ops.append((label_total, max(11, int(geom.cell * 0.28)), P.TEXT_DIM, (int(x - geom.cell * 0.5), y),
                    "midright", False))
        rule = (P.SHEET_GRID, (x - geom.cell * 0.4, y - geom.cell * 0.28), (x + geom.cell * 0.4, y - geom.cell * 0.28),
                max(1, int(geom.cell * 0.03)))
    return tuple(ops), rule


def draw_counts(surface: pygame.Surface, geom: SheetGeom, free_rows: list[int], total: int,
                label_free: str, label_total: str, rows_shown: int = ROWS, highlight: int | None = None,
                total_shown: bool = True) -> None:
    """The free count per row in the right column and the total below it."""
    ops, rule = count_ops(geom, free_rows, total, label_free, label_total, rows_shown, highlight, total_shown)
    for text, size, colour, pos, anchor, bold in ops:
        T.blit_text(surface, text, size, colour, pos, anchor, bold)
    if rule is not None:
        pygame.draw.line(surface, *rule)


# The reach preview: how many steps away each field is (1 = the next step). The shade gets lighter
# with every step and the number says it outright, so neither hue nor shade alone carries it
# (colour-blind players read the number; the shade groups the fields at a glance).
REACH_SHADE = {1: 120, 2: 88, 3: 62, 4: 42, 5: 28}


@lru_cache(maxsize=64)
def _reach_tile(n: int, w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(2, int(min(w, h) * 0.16))
    pygame.draw.rect(surf, (*P.PEN, REACH_SHADE.get(n, 24)), surf.get_rect(), border_radius=rad)
    size = max(11, int(min(w, h) * 0.3))
    badge = T.render(str(n), size, P.WHITE, True)
    room = pygame.Rect(0, 0, badge.get_width() + size // 2, badge.get_height())
    room.topleft = (max(1, w // 14), max(1, h // 14))
    pygame.draw.rect(surf, (*P.PEN, 230), room, border_radius=max(2, size // 3))
    surf.blit(badge, badge.get_rect(center=room.center))
    return surf


def draw_reach(surface: pygame.Surface, geom: SheetGeom, reach: dict[int, int]) -> None:
    """Shade every field in `reach` ({field: steps}) by its step count, with the count in a corner."""
    inset = max(1, int(geom.cell * 0.05))
    for f, n in reach.items():
        rect = geom.cell_rect(f).inflate(-2 * inset, -2 * inset)
        surface.blit(_reach_tile(n, rect.w, rect.h), rect)


def draw_cursor(surface: pygame.Surface, geom: SheetGeom, f: int) -> pygame.Rect:
    """The keyboard cursor: a thick ring, light inside a dark rim, readable on every field colour."""
    rect = geom.cell_rect(f).inflate(max(4, int(geom.cell * 0.12)), max(4, int(geom.cell * 0.12)))
    width = max(3, int(geom.cell * 0.09))
    rad = max(3, int(geom.cell * 0.2))
    pygame.draw.rect(surface, P.PEN, rect, width + 2, border_radius=rad)
    pygame.draw.rect(surface, P.ACCENT, rect.inflate(-2, -2), width, border_radius=rad)
    return rect
