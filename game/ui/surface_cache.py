"""Surfaces kept by key, bounded by their pixels' bytes: the least recently used go first.

    cache = SurfaceCache(16 * MB)
    surf = cache.get(key)
    if surf is None:
        surf = cache.put(key, make())

A cache bounded by its number of entries holds a very different amount of memory at each window
size (a text line, a sheet or a panel at 2560×1440 is many times one at 800×600), and a run that
changes sizes often (the monkey; a player resizing) filled such caches with surfaces of every
size. Each owner says its bound where it makes its cache: what one frame at the largest window
draws from it, so a frame never makes again what it drew the frame before.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Hashable, Iterator

import pygame

MB = 1024 * 1024


def surface_bytes(surf: pygame.Surface) -> int:
    """The memory of a surface's pixels (rows with their padding)."""
    return surf.get_pitch() * surf.get_height()


class SurfaceCache:
    """Surfaces by key, at most `max_bytes` of pixels (and `max_items` entries, if given): putting
    one past the bound drops the least recently used. One surface larger than the bound alone is
    still kept, alone, so the frame that draws it does not make it again."""

    def __init__(self, max_bytes: int, max_items: int | None = None) -> None:
        self.max_bytes = max_bytes
        self.max_items = max_items
        self.bytes = 0
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def __iter__(self) -> Iterator[Hashable]:
        return iter(list(self._items))

    def get(self, key: Hashable) -> pygame.Surface | None:
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
        return surf

    def put(self, key: Hashable, surf: pygame.Surface) -> pygame.Surface:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self._items[key] = surf
        self.bytes += surface_bytes(surf)
        while len(self._items) > 1 and (self.bytes > self.max_bytes
                                        or (self.max_items is not None and len(self._items) > self.max_items)):
            _key, dropped = self._items.popitem(last=False)
            self.bytes -= surface_bytes(dropped)
        return surf

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0
