"""The table's resting picture, repainted only where something changed.

Shared by both tables. Each frame a table lists what rests on screen
(cards and piles; the sheet, texts, buttons, dice at rest, thumbnails) as items `(key, z, rect, desc, draw)`. The layer
compares every item's `desc` with the one drawn last time and repaints only
the rectangles that changed (plus any rectangles the caller names, such as
the part of a sheet where a line was just settled): the backdrop is copied
back there and every item touching them is drawn again in z order, clipped.

What moves every frame (a stroke being drawn, glows, rolling dice) is drawn on
the window over this picture; the next frame copies those places back from
the layer first (see each table's drawing module).
"""
from __future__ import annotations

from typing import Callable, Iterable, NamedTuple

import pygame

from .surfaces import retained_copy


class Item(NamedTuple):
    key: object
    z: float
    rect: pygame.Rect
    desc: object
    draw: Callable[[pygame.Surface], object]     # paints the item (what it returns is not used)
    opaque: bool = False     # covers its whole rect: nothing under it needs painting


class RetainedLayer:
    """The resting part of the table on top of a backdrop (`base`)."""

    FULL_AFTER = 120         # more changed rectangles than this: repaint everything

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.base_key: object = None
        self.items: dict[object, tuple[object, pygame.Rect]] = {}
        self.repaints = 0        # rectangles repainted (tests, figures)
        self.full = 0            # full repaints
        self.changed: list[pygame.Rect] = []   # repainted since `take_changed()`

    def update(self, base: pygame.Surface, base_key: object, items: list[Item],
               dirty: Iterable[pygame.Rect] = ()) -> None:
        size = base.get_size()
        if self.surface is None or self.surface.get_size() != size or base_key != self.base_key:
            if self.surface is None or self.surface.get_size() != size:
                self.surface = retained_copy(base)
            self._full(self.surface, base, items)
            self.base_key = base_key
            return
        todo: list[pygame.Rect] = [pygame.Rect(r) for r in dirty]
        old = self.items
        new: dict[object, Item] = {}
        for it in items:
            new[it.key] = it
            was = old.get(it.key)
            if was is None:
                todo.append(it.rect)
            elif was[0] != it.desc or was[1] != it.rect:
                todo.append(it.rect)
                todo.append(was[1])
        for key, was in old.items():
            if key not in new:
                todo.append(was[1])
        self.items = {k: (it.desc, pygame.Rect(it.rect)) for k, it in new.items()}
        if not todo:
            return
        if len(todo) > self.FULL_AFTER:
            self._full(self.surface, base, items)
            return
        ordered = sorted(items, key=lambda it: it.z)
        ordered_rects = [it.rect for it in ordered]
        surf = self.surface
        bounds = surf.get_rect()
        for r in merge_rects(todo):
            r = r.clip(bounds)
            if not r.w or not r.h:
                continue
            surf.set_clip(r)
            # the collision tests run in C (`collidelistall` keeps the list's order: z order)
            touching = [ordered[i] for i in r.collidelistall(ordered_rects)]
            first = 0
            for i, it in enumerate(touching):
                if it.opaque and it.rect.contains(r):
                    first = i
            if not (touching and touching[first].opaque and touching[first].rect.contains(r)):
                surf.blit(base, r, r)
            for it in touching[first:]:
                it.draw(surf)
            self.changed.append(r)
            self.repaints += 1
        surf.set_clip(None)

    @property
    def picture(self) -> pygame.Surface:
        """The layer's picture; there is none before the first `update`."""
        if self.surface is None:
            raise RuntimeError("the retained layer is drawn before its first update")
        return self.surface

    def take_changed(self) -> list[pygame.Rect]:
        """The rectangles repainted since the last call (the window needs them again)."""
        out, self.changed = self.changed, []
        return out

    def _full(self, surf: pygame.Surface, base: pygame.Surface, items: list[Item]) -> None:
        surf.set_clip(None)
        surf.blit(base, (0, 0))
        for it in sorted(items, key=lambda it: it.z):
            it.draw(surf)
        self.items = {it.key: (it.desc, pygame.Rect(it.rect)) for it in items}
        self.changed = [surf.get_rect()]
        self.full += 1


def merge_rects(rects: Iterable[pygame.Rect]) -> list[pygame.Rect]:
    """Join rectangles where that costs no more pixels than painting them apart.

    Two overlapping rects whose union is much bigger than both (an L-shaped pair)
    stay apart: painting their overlap twice is cheaper than the empty corner.
    """
    out: list[pygame.Rect] = []
    for r in rects:
        r = pygame.Rect(r)
        if r.w <= 0 or r.h <= 0:
            continue
        merged = True
        while merged:
            merged = False
            # only rects that overlap `r` can contain it or join it: `collidelistall` finds them in C,
            # in list order (a frame of a drawn line brings a hundred rects; the Python loop over
            # every pair cost up to 2 ms)
            for i in r.collidelistall(out):
                o = out[i]
                if o.contains(r):
                    r = out.pop(i)
                    merged = True
                    break
                u = o.union(r)
                if u.w * u.h <= o.w * o.h + r.w * r.h:
                    r = out.pop(i).union(r)
                    merged = True
                    break
        out.append(r)
    return out
