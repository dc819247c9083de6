"""Caches of surfaces are bounded by their pixels' bytes, the least recently used dropped first; the
text cache holds no more than its bound however long and large the lines are (the monkey's
1000-character lines at a large UI scale once made its 1,200 entries 29 MB)."""
from __future__ import annotations

import pygame

from game.ui import text as T
from game.ui.surface_cache import MB, SurfaceCache, surface_bytes


def square(side: int) -> pygame.Surface:
    return pygame.Surface((side, side), pygame.SRCALPHA)


def test_the_least_recently_used_go_first_once_the_bytes_pass_the_bound():
    one = surface_bytes(square(100))
    cache = SurfaceCache(3 * one)
    for key in "abc":
        cache.put(key, square(100))
    assert cache.get("a") is not None            # used: now the most recent
    cache.put("d", square(100))
    assert list(cache) == ["c", "a", "d"] and cache.bytes == 3 * one
    assert cache.get("b") is None


def test_a_surface_larger_than_the_bound_is_kept_alone_and_a_count_bound_holds_too():
    cache = SurfaceCache(surface_bytes(square(100)), max_items=2)
    cache.put("small", square(10))
    big = cache.put("big", square(400))
    assert list(cache) == ["big"] and cache.get("big") is big       # the frame that drew it finds it
    tiny = SurfaceCache(10 * MB, max_items=2)
    for key in "xyz":
        tiny.put(key, square(4))
    assert list(tiny) == ["y", "z"]
    tiny.put("z", square(8))                      # put again: counted once, at its new size
    assert tiny.bytes == surface_bytes(square(4)) + surface_bytes(square(8))
    tiny.clear()
    assert len(tiny) == 0 and tiny.bytes == 0


def test_rendered_text_stays_within_its_bound_in_bytes():
    pygame.font.init()
    T.clear_cache()
    try:
        for n in range(120):
            T.render(f"{n} " + "W" * 1000, 40, (255, 255, 255))
        assert T._cache.bytes <= T._cache.max_bytes
        assert T._cache.bytes == sum(surface_bytes(T._cache.get(k)) for k in T._cache)
        assert len(T._cache) < 120                # the oldest of these wide lines were dropped
        last = T.render("119 " + "W" * 1000, 40, (255, 255, 255))
        assert T._cache.get(("119 " + "W" * 1000, 40, False, (255, 255, 255), False)) is last
    finally:
        T.clear_cache()
