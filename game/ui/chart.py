"""Charts in the app's style, drawn at real pixel size and readable without colour.

Every series has its own mark (circle, square, triangle, diamond, cross, bar),
its own line pattern (solid, dashed, dotted ...) and its name written at the
end of its line, so a reader who cannot tell the colours apart (or a
greyscale print) still tells the series apart; the colours also differ in
lightness, not hue alone. Everything is drawn directly into the target rect in
pixels (font sizes in pixels too), never drawn small and scaled.

    line_chart(surface, rect, [Series("Ada", (3, 8, 12)), Series("Bot", (5, 6, 9))], font_px=14)
    recent_scores(surface, rect, last_scores, font_px=12)
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import pygame

from . import text as T
from .layout import MIN_FONT_PX
from . import theme as C

# Light to dark with hues apart, so lightness alone separates neighbours too.
COLOURS: tuple[C.Color, ...] = (C.PAPER, C.ACCENT, C.RED, (120, 190, 230), C.GREEN, (170, 120, 220))
MARKS = ("circle", "square", "triangle", "diamond", "cross", "bar")
DASHES: tuple[tuple[int, int], ...] = ((0, 0), (10, 5), (3, 4), (14, 4), (6, 6), (2, 7))   # (on, off) × line width
RECENT = 50


@dataclass(frozen=True)
class Series:
    label: str
    values: tuple[float, ...]


def mark(surface: pygame.Surface, kind: str, centre: tuple[int, int], r: int, colour: C.Color) -> None:
    """One data mark of shape `kind`, radius `r` pixels."""
    x, y = centre
    if kind == "circle":
        pygame.draw.circle(surface, colour, centre, r)
    elif kind == "square":
        pygame.draw.rect(surface, colour, (x - r + 1, y - r + 1, 2 * r - 1, 2 * r - 1))
    elif kind == "triangle":
        pygame.draw.polygon(surface, colour, [(x, y - r), (x + r, y + r), (x - r, y + r)])
    elif kind == "diamond":
        pygame.draw.polygon(surface, colour, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
    elif kind == "cross":
        w = max(2, r // 2)
        pygame.draw.line(surface, colour, (x - r, y - r), (x + r, y + r), w)
        pygame.draw.line(surface, colour, (x - r, y + r), (x + r, y - r), w)
    else:   # an upright bar: tall and thin, unlike every other mark
        pygame.draw.rect(surface, colour, (x - max(1, r // 3), y - r, max(2, 2 * (r // 3)), 2 * r + 1))


def _dashed(surface: pygame.Surface, colour: C.Color, a: tuple[float, float], b: tuple[float, float],
            width: int, dash: tuple[int, int], phase: float) -> float:
    """A segment in the pattern `dash`; returns the phase carried into the next segment."""
    on, off = dash[0] * width, dash[1] * width
    length = math.dist(a, b)
    if not on or not length:
        pygame.draw.line(surface, colour, a, b, width)
        return 0.0
    period = on + off
    t = -phase
    while t < length:
        s, e = max(0.0, t), min(length, t + on)
        if e > s:
            pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * s / length, a[1] + (b[1] - a[1]) * s / length),
                             (a[0] + (b[0] - a[0]) * e / length, a[1] + (b[1] - a[1]) * e / length), width)
        t += period
    return (phase + length) % period


def _nice_step(span: float, ticks: int) -> float:
    raw = max(span, 1e-9) / max(1, ticks)
    base = 10 ** math.floor(math.log10(raw))
    return next(m * base for m in (1, 2, 5, 10) if m * base >= raw)


def line_chart(surface: pygame.Surface, rect: pygame.Rect, series: Sequence[Series], font_px: int,
               x_label: str = "", first_x: int = 1, legend: bool = True) -> pygame.Rect:
    """Series over rounds (x = first_x, first_x + 1, ...) inside `rect` (pixels); returns the plot area."""
    size = max(MIN_FONT_PX, font_px)
    small = max(MIN_FONT_PX, size * 4 // 5)      # the ticks: never under the app's readable floor
    values = [v for s in series for v in s.values]
    lo, hi = (min(values), max(values)) if values else (0.0, 1.0)
    if hi - lo < 1:
        lo, hi = lo - 1, hi + 1
    step = _nice_step(hi - lo, max(2, rect.h // (size * 3)))
    lo, hi = math.floor(lo / step) * step, math.ceil(hi / step) * step
    ticks = [lo + k * step for k in range(int(round((hi - lo) / step)) + 1)]
    tick_w = max(T.width(f"{v:g}", small) for v in ticks)       # "7.5" is wider than "6" and "8"
    names_w = max((T.width(s.label, small, True) for s in series), default=0) if legend else 0
    plot = pygame.Rect(rect.x + tick_w + size // 2, rect.y + size // 2,
                       rect.w - tick_w - size // 2 - names_w - size, rect.h - size * 2 - (size if x_label else 0))
    if plot.w < 8 or plot.h < 8:
        return plot
    n = max((len(s.values) for s in series), default=0)

    def xy(i: int, v: float) -> tuple[int, int]:
        x = plot.x + (plot.w * i // max(1, n - 1) if n > 1 else plot.w // 2)
        return x, plot.bottom - int((v - lo) / (hi - lo) * plot.h)

    grid = C.mix(C.PANEL, C.PANEL_EDGE, 0.8)
    for v in ticks:
        y = xy(0, v)[1]
        pygame.draw.line(surface, grid, (plot.x, y), (plot.right, y), 1)
        T.blit_text(surface, f"{v:g}", small, C.TEXT_DIM, (plot.x - size // 3, y), "midright")
    every = max(1, math.ceil(n / max(1, plot.w // (small * 3))))
    for i in range(0, n, every):
        T.blit_text(surface, str(first_x + i), small, C.TEXT_DIM, (xy(i, lo)[0], plot.bottom + size // 4), "midtop")
    if x_label:
        T.blit_text(surface, x_label, small, C.TEXT_DIM, (plot.centerx, rect.bottom), "midbottom")
    width = max(2, size // 6)
    r = max(3, size // 3)
    ends: list[tuple[int, int, Series, int]] = []
    for k, s in enumerate(series):
        colour, kind, dash = COLOURS[k % len(COLOURS)], MARKS[k % len(MARKS)], DASHES[k % len(DASHES)]
        points = [xy(i, val) for i, val in enumerate(s.values)]
        phase = 0.0
        for a, b in zip(points, points[1:], strict=False):
            phase = _dashed(surface, colour, a, b, width, dash, phase)
        for p in points:
            mark(surface, kind, p, r, colour)
        if points:
            ends.append((points[-1][0], points[-1][1], s, k))
    if legend:
        _end_labels(surface, ends, plot, small, r)
    return plot


def _end_labels(surface: pygame.Surface, ends: list[tuple[int, int, Series, int]], plot: pygame.Rect,
                size: int, r: int) -> None:
    """Each series' mark and name right of its last point, pushed apart so none overlap."""
    line_h = int(size * 1.25)
    ends.sort(key=lambda e: e[1])
    ys: list[int] = []
    for _x, y, _s, _k in ends:
        y = max(y, ys[-1] + line_h) if ys else y
        ys.append(y)
    overflow = (ys[-1] + line_h // 2 - plot.bottom) if ys else 0
    if overflow > 0:
        ys = [max(plot.y + line_h // 2 + i * line_h, y - overflow) for i, y in enumerate(ys)]
    for (_x, _y, s, k), y in zip(ends, ys, strict=True):
        colour = COLOURS[k % len(COLOURS)]
        mark(surface, MARKS[k % len(MARKS)], (plot.right + r * 2, y), r, colour)
        T.blit_text(surface, s.label, size, colour, (plot.right + r * 4, y), "midleft", bold=True)


def recent_scores(surface: pygame.Surface, rect: pygame.Rect, scores: Sequence[float], font_px: int,
                  label: str = "") -> pygame.Rect:
    """A small chart of the last RECENT scores (oldest left), numbered as games."""
    last = tuple(scores[-RECENT:])
    return line_chart(surface, rect, [Series(label, last)], font_px, first_x=max(1, len(scores) - len(last) + 1),
                      legend=bool(label))
