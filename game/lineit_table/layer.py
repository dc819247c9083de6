"""A retained layer: what rests on the table, redrawn only where it changed.

Each frame the table lists what is at rest (cards, piles, tokens) as items
`(key, z, rect, desc, draw)`. The layer compares each item's `desc` with the
one it drew last time and repaints only the rectangles that changed: the
backdrop (`base`) is copied back there and every item touching them is drawn
again in z order, clipped to the rectangle. A card that starts to move thus
costs one small repaint, not a full redraw of the table.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

import pygame


class Item(NamedTuple):
    key: object
    z: float
    rect: pygame.Rect
    desc: tuple
    draw: Callable[[pygame.Surface], None]


class RetainedLayer:
    """The resting part of the table on top of a base image."""

    FULL_AFTER = 40          # more changed rectangles than this: repaint everything

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.base_key: object = None
        self.items: dict[object, tuple[tuple, pygame.Rect]] = {}
        self.repaints = 0        # rectangles repainted (for tests and figures)
        self.full = 0            # full repaints
        self.changed: list[pygame.Rect] = []   # repainted since `take_changed()`

    def update(self, base: pygame.Surface, base_key: object, items: list[Item]) -> None:
        size = base.get_size()
        if self.surface is None or self.surface.get_size() != size or base_key != self.base_key:
            if self.surface is None or self.surface.get_size() != size:
                self.surface = base.copy()
            self._full(base, items)
            self.base_key = base_key
            return
        new = {it.key: it for it in items}
        dirty: list[pygame.Rect] = []
        old = self.items
        for key, it in new.items():
            was = old.get(key)
            if was is None:
                dirty.append(it.rect)
            elif was[0] != it.desc:
                dirty.append(it.rect)
                dirty.append(was[1])
        for key, was in old.items():
            if key not in new:
                dirty.append(was[1])
        if not dirty:
            return
        if len(dirty) > self.FULL_AFTER:
            self._full(base, items)
            return
        dirty = _merge(dirty)
        ordered = sorted(items, key=lambda it: it.z)
        surf = self.surface
        bounds = surf.get_rect()
        for r in dirty:
            r = r.clip(bounds)
            if not r.w or not r.h:
                continue
            surf.set_clip(r)
            surf.blit(base, r, r)
            self.changed.append(r)
            for it in ordered:
                if it.rect.colliderect(r):
                    it.draw(surf)
            self.repaints += 1
        surf.set_clip(None)
        self.items = {k: (it.desc, it.rect) for k, it in new.items()}

    def take_changed(self) -> list[pygame.Rect]:
        """The rectangles repainted since the last call (the screen needs them again)."""
        out, self.changed = self.changed, []
        return out

    def _full(self, base: pygame.Surface, items: list[Item]) -> None:
        surf = self.surface
        surf.set_clip(None)
        surf.blit(base, (0, 0))
        for it in sorted(items, key=lambda it: it.z):
            it.draw(surf)
        self.items = {it.key: (it.desc, it.rect) for it in items}
        self.full += 1


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Join overlapping rectangles (so nothing is repainted twice)."""
    out: list[pygame.Rect] = []
    for r in rects:
        r = pygame.Rect(r)
        merged = True
        while merged:
            merged = False
            for i, o in enumerate(out):
                if o.colliderect(r):
                    r = r.union(out.pop(i))
                    merged = True
                    break
        out.append(r)
    return out
