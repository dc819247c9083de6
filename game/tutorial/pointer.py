"""The tutorial's pointer: the line from the step panel to the thing the step points at.

A straight line that crosses no words of the table (`route`): of the lines from
points along the panel's sides that face the target to points of the target
(its centre, the middles of its sides), the shortest that reaches the
spotlight's frame clear of every text; else one that stops just before a text
lying right at the frame (Line-it's key help sits over its buttons: the arrow
ends over it, pointing down at the lit button). At 800x600 the Linyo panel's
pointer to the dice ran through the instruction under them.

The panel's placement asks `route` for each place it tries (`grade`), so the
panel goes where its pointer can be drawn clear.
"""
from __future__ import annotations

import math
from typing import Any, NamedTuple

import pygame

FRAME = 28          # logical px: the spotlight's pulsing frame around a target, at its widest
SHORTEST = 30       # logical px: a pointer shorter than this is not drawn (the panel is beside it)
NEAR = 160          # logical px: a pointer may stop this far before the frame, at texts in front of it
CLEAR = 6           # logical px each side of a text the line keeps off (the line's width, the arrowhead)
ALONG = 5           # points tried along each side of the panel that faces the target


class Route(NamedTuple):
    start: tuple[float, float]      # on the panel's edge
    tip: tuple[float, float]        # where the arrowhead's point is, at rest
    clean: bool                     # reaches the frame (False: stops at a text in front of it)


def frame(target: pygame.Rect, lay: Any) -> pygame.Rect:
    return target.inflate(2 * lay.px(FRAME), 2 * lay.px(FRAME))


def _starts(box: pygame.Rect, aim: tuple[float, float], lay: Any) -> list[tuple[float, float]]:
    """Points along the sides of `box` that face `aim` (inside the rounded corners)."""
    inset = lay.px(30)
    xs = [box.left + inset + (box.w - 2 * inset) * i / (ALONG - 1) for i in range(ALONG)]
    ys = [box.top + inset + (box.h - 2 * inset) * i / (ALONG - 1) for i in range(ALONG)]
    out: list[tuple[float, float]] = []
    if aim[1] < box.top:
        out += [(x, box.top) for x in xs]
    if aim[1] > box.bottom:
        out += [(x, box.bottom) for x in xs]
    if aim[0] < box.left:
        out += [(box.left, y) for y in ys]
    if aim[0] > box.right:
        out += [(box.right, y) for y in ys]
    return out


def _entry(rect: pygame.Rect, a: tuple[float, float], b: tuple[float, float]) -> float | None:
    """How far along a→b (0..1) the segment first enters `rect`; None if it misses it."""
    hit = rect.clipline(a, b)
    if not hit:
        return None
    (x, y), _end = hit
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    return math.hypot(x - a[0], y - a[1]) / length


def route(box: pygame.Rect, target: pygame.Rect, texts: list[pygame.Rect], lay: Any) -> Route | None:
    """The best pointer from the panel `box` to `target` past the table's `texts`; None when no
    line of at least SHORTEST reaches it or a text right in front of it (or the panel is beside it)."""
    ring = frame(target, lay)
    if box.colliderect(ring.inflate(2 * lay.px(SHORTEST), 2 * lay.px(SHORTEST))):
        return None
    pad = 2 * lay.px(CLEAR)
    reach = box.union(ring)
    walls = [r.inflate(pad, pad) for r in texts if not box.contains(r) and reach.colliderect(r.inflate(pad, pad))]
    aims = [target.center, target.midtop, target.midbottom, target.midleft, target.midright]
    best: tuple[tuple[int, float], Route] | None = None
    for aim in aims:
        for start in _starts(box, aim, lay):
            at = _entry(ring, start, aim)
            if at is None or at <= 0:
                continue
            dx, dy = aim[0] - start[0], aim[1] - start[1]
            to_ring = at * math.hypot(dx, dy)
            span = pygame.Rect(min(start[0], aim[0]), min(start[1], aim[1]),
                               abs(aim[0] - start[0]) + 1, abs(aim[1] - start[1]) + 1)
            near = [walls[i] for i in span.collidelistall(walls)]        # only these can be crossed
            hits = [t for t in (_entry(w, start, aim) for w in near) if t is not None and t < at]
            stop = min(hits, default=at)
            length = stop * math.hypot(dx, dy) - (lay.px(8) if hits else 0)
            if length < lay.px(SHORTEST) or to_ring - length > lay.px(NEAR):
                continue
            clean = not hits
            tip = (start[0] + dx * length / math.hypot(dx, dy), start[1] + dy * length / math.hypot(dx, dy))
            rank = (0 if clean else 1, length)
            if best is None or rank < best[0]:
                best = (rank, Route(start, tip, clean))
    return best[1] if best else None


def grade(box: pygame.Rect, target: pygame.Rect | None, texts: list[pygame.Rect], lay: Any) -> int:
    """How well a panel at `box` can point at `target`: 0 clear (or nothing to point at, or the
    panel right beside it), 1 stopping at a text in front of it, 2 not at all."""
    if target is None:
        return 0
    if box.colliderect(frame(target, lay).inflate(2 * lay.px(SHORTEST), 2 * lay.px(SHORTEST))):
        return 0
    r = route(box, target, texts, lay)
    return 2 if r is None else 0 if r.clean else 1
