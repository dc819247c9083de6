"""Opaque pictures that are copied from again and again (a table's resting layer, a sheet canvas).

SDL copies an opaque surface onto one of the same format with SSE streaming
stores whenever both pixel starts and both pitches are 16-byte aligned
(`SDL_BlitCopy`). Those stores bypass the cache: on a rectangle whose rows
start 16 or 32 or 48 bytes into a cache line they write partial lines and run
about twenty times slower than a plain copy. A 110×110 copy between two
1920-wide surfaces took 45 µs at x = 4, 8 or 12 (mod 16) and 2 µs at any other
x (`tools/bench_blit.py`). A window is 800, 1280 or 1920 pixels wide, so every
table surface had a pitch that is a multiple of 16, and every copy at three x
positions in sixteen went the slow way.

A surface made here has a pitch that is not a multiple of 16 (it is a view into
one a pixel or two wider), so no copy to or from it takes that path.
"""
from __future__ import annotations

import pygame


def _pad(width: int) -> int:
    """Extra pixels per row that make the pitch (4 bytes a pixel) not a multiple of 16."""
    if width % 4:
        return 0
    return 1


def retained(size: tuple[int, int], like: pygame.Surface | None = None) -> pygame.Surface:
    """A new opaque surface of `size` (in `like`'s pixel format) whose pitch copies fast."""
    w, h = size
    wide = pygame.Surface((w + _pad(w), h), 0, like) if like is not None else pygame.Surface((w + _pad(w), h))
    return wide.subsurface((0, 0, w, h)) if wide.get_width() != w else wide


def retained_copy(surface: pygame.Surface) -> pygame.Surface:
    """A copy of the opaque `surface` whose pitch copies fast."""
    out = retained(surface.get_size(), surface)
    out.blit(surface, (0, 0))
    return out
