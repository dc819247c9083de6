"""Frame figures for the tables' `--demo` runs (a bench, never a test).

Both tables time the same things the same way: first `bare_frames()` (the
window only filled and flipped, the floor any frame pays), then per frame
their own update+draw; `pct` turns the samples into percentiles.
"""
from __future__ import annotations

import time

import pygame

BARE_FRAMES = 120


def pct(values: list[float], q: float) -> float:
    """The q-quantile (nearest rank) of `values`; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bare_frames(n: int = BARE_FRAMES) -> list[float]:
    """Milliseconds of `n` frames that only fill and flip the window ([] without one)."""
    screen = pygame.display.get_surface()
    if screen is None:
        return []
    out = []
    for i in range(n):
        t0 = time.perf_counter()
        screen.fill((i % 7, 30, 35))
        pygame.display.flip()
        out.append((time.perf_counter() - t0) * 1000)
        pygame.event.pump()
    return out
