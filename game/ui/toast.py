"""Where the app's toasts go, and how one is drawn.

A toast (`App.toast`: a short note that fades by itself) is laid out by
`toast_layout`: where it covers nothing the scene on top keeps in view (a table
says what in `toast_keep()`), wrapped to more lines in a narrower box and made
smaller (down to the UI's smallest font) until such a place is found, the
nearest to the top middle. Where nothing is free it covers only what the scene
can spare for a few seconds (a table's log, its key help), and only where even
that is full what it keeps, the least of it. A German "could not be saved" toast
at 800x600 ran off both sides of the window.

Drawn by the app over every scene, so it knows no scene (game.ui: no import of
the app or the tables).
"""
from __future__ import annotations

import math
from typing import NamedTuple

import pygame

from game.ui import text as T
from game.ui import theme as C
from game.ui.layout import Layout

TOAST_SIZES = (28, 24, 20)  # logical px tried (`font_px` keeps them at 11 px or more, the UI's smallest)
NARROWER = 0.85             # each narrower box tried is this much of the one before
NARROWEST = 300             # logical px: no box narrower than this


class ToastBox(NamedTuple):
    rect: pygame.Rect
    lines: list[str]
    size: int               # pixel size of the words


def toast_boxes(lay: Layout, texts: list[str], width: int, size: int, at: tuple[int, int]) -> list[ToastBox]:
    """The toasts `texts` as a column of boxes `width` px wide at most, from `at` (top-left),
    each one's words wrapped to its box at `size` px."""
    pad_x, pad_y, gap = lay.px(24), lay.px(12), lay.px(10)
    line_h = T.render("Ág", size, C.TEXT).get_height()
    wrapped = [T.wrap(text, size, width - 2 * pad_x) for text in texts]
    w = min(width, max(T.width(line, size) for lines in wrapped for line in lines) + 2 * pad_x)
    out, y = [], at[1]
    for lines in wrapped:
        r = pygame.Rect(at[0], y, w, len(lines) * line_h + 2 * pad_y)
        out.append(ToastBox(r, lines, size))
        y = r.bottom + gap
    return out


def toast_layout(lay: Layout, screen: pygame.Rect, texts: list[str], keep: list[pygame.Rect],
                 spare: list[pygame.Rect]) -> list[ToastBox]:
    """Where the toasts `texts` go (see the module text): covering none of `keep` and none of
    `spare` if any size and width has such a place, else the least of `spare`, else the least
    of `keep`; of equals, the biggest words in the widest box, then the nearest to the top middle."""
    margin = lay.px(16)
    inner = screen.inflate(-2 * margin, -2 * margin)
    sizes = sorted({lay.font_px(s) for s in TOAST_SIZES}, reverse=True)     # 12 and 11 px at 800x600
    widest = min(inner.w, max(T.width(t, sizes[0]) for t in texts) + 2 * lay.px(24))
    widths = [widest]
    while widths[-1] * NARROWER >= min(lay.px(NARROWEST), widest):
        widths.append(int(widths[-1] * NARROWER))
    aim = (screen.centerx, screen.top + lay.px(24))
    step_x, step_y = max(4, lay.px(48)), max(4, lay.px(16))

    def area(r: pygame.Rect, rects: list[pygame.Rect]) -> int:
        return sum(r.clip(rects[i]).w * r.clip(rects[i]).h for i in r.collidelistall(rects))

    formats = []
    for size, width in ((s, w) for s in sizes for w in widths):
        column = toast_boxes(lay, texts, width, size, (0, 0))
        block = column[0].rect.unionall([b.rect for b in column[1:]])
        if block.w <= inner.w and block.h <= inner.h:
            formats.append((column, block))

    def places(block: pygame.Rect, sx: int, sy: int) -> list[pygame.Rect]:
        """Where `block` may go, every `sx` / `sy` px, the middle column first."""
        xs = sorted({*range(inner.left, inner.right - block.w + 1, sx), inner.right - block.w,
                     aim[0] - block.w // 2}, key=lambda x: abs(x + block.w // 2 - aim[0]))
        return [pygame.Rect(x, y, block.w, block.h) for y in range(inner.top, inner.bottom - block.h + 1, sy)
                for x in xs]

    def nearest(rects: list[pygame.Rect]) -> pygame.Rect:
        return min(rects, key=lambda r: math.hypot(r.centerx - aim[0], r.top - aim[1]))

    def at(column: list[ToastBox], r: pygame.Rect) -> list[ToastBox]:
        return [b._replace(rect=b.rect.move(r.topleft)) for b in column]

    # a place covering nothing, with the biggest words in the widest box that has one ...
    for column, block in formats:
        free = clear_rows(inner, block, keep + spare, aim[0], step_y)
        if free:
            return at(column, nearest(free))
    # ... else over what the table can spare only, the biggest words again, hiding the least of it
    for column, block in formats:
        kept = clear_rows(inner, block, keep, aim[0], step_y)
        if kept:
            least = min(area(r, spare) for r in kept)
            return at(column, nearest([r for r in kept if area(r, spare) == least]))
    # ... else (rare: a window full of what it keeps) the place hiding the least of that
    best: tuple[tuple, list[ToastBox]] | None = None
    for rank, (column, block) in enumerate(formats):
        for r in places(block, 2 * step_x, 2 * step_y):
            cost = (area(r, keep), rank, area(r, spare), math.hypot(r.centerx - aim[0], r.top - aim[1]))
            if best is None or cost < best[0]:
                best = (cost, at(column, r))
    if best is None:                     # a window too small for any: the narrowest, smallest, at the top
        return toast_boxes(lay, texts, inner.w, sizes[-1], inner.topleft)
    return best[1]


def clear_rows(inner: pygame.Rect, block: pygame.Rect, rects: list[pygame.Rect], middle: int,
               step: int) -> list[pygame.Rect]:
    """In each row of `inner` (every `step` px), the place for `block` nearest to `middle` where it
    covers none of `rects`: the gaps between them, worked out row by row, not tried place by place."""
    out = []
    want = middle - block.w // 2
    for y in range(inner.top, inner.bottom - block.h + 1, step):
        row = pygame.Rect(inner.left, y, inner.w, block.h)
        shut = sorted((rects[i].left - block.w + 1, rects[i].right) for i in row.collidelistall(rects))
        gaps, x0, hi = [], inner.left, inner.right - block.w        # x0..hi: where a box may start
        for a, b in shut:
            if a > x0:
                gaps.append((x0, min(a - 1, hi)))
            x0 = max(x0, b)
        gaps.append((x0, hi))
        xs = [min(max(want, g0), g1) for g0, g1 in gaps if g0 <= g1]
        if xs:
            out.append(pygame.Rect(min(xs, key=lambda x: abs(x - want)), y, block.w, block.h))
    return out


def draw_toast(surface: pygame.Surface, lay: Layout, box: ToastBox, alpha: float) -> None:
    """One toast: its box, faded by `alpha` (0..1), and its lines."""
    shade = pygame.Surface(box.rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (*C.PANEL_HI, int(235 * alpha)), shade.get_rect(), border_radius=lay.px(14))
    surface.blit(shade, box.rect)
    line_h = T.render("Ág", box.size, C.TEXT).get_height()
    y = box.rect.y + (box.rect.h - len(box.lines) * line_h) // 2
    for line in box.lines:
        words = T.render(line, box.size, C.TEXT).copy()
        words.set_alpha(int(255 * alpha))
        surface.blit(words, words.get_rect(midtop=(box.rect.centerx, y)))
        y += line_h
