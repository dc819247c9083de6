"""The retained layer's rectangle merging: fast, and the same answer as the plain pairwise loop."""
from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui.layer import merge_rects


def pairwise(rects):
    """The obvious O(n²) version merge_rects must agree with (it was this before it went to C)."""
    out = []
    for r in rects:
        r = pygame.Rect(r)
        if r.w <= 0 or r.h <= 0:
            continue
        merged = True
        while merged:
            merged = False
            for i, o in enumerate(out):
                if o.contains(r):
                    r = out.pop(i)
                    merged = True
                    break
                if o.colliderect(r):
                    u = o.union(r)
                    if u.w * u.h <= o.w * o.h + r.w * r.h:
                        r = out.pop(i).union(r)
                        merged = True
                        break
        out.append(r)
    return out


rect = st.builds(pygame.Rect, st.integers(-20, 300), st.integers(-20, 300), st.integers(-5, 120), st.integers(-5, 120))


@settings(max_examples=400, deadline=None)
@given(st.lists(rect, max_size=60))
def test_merge_rects_agrees_with_the_pairwise_loop(rects):
    got = merge_rects(rects)
    assert got == pairwise(rects)
    # and covers every pixel of every (non-empty) input
    for r in rects:
        if r.w > 0 and r.h > 0:
            for x, y in ((r.left, r.top), (r.right - 1, r.bottom - 1), r.center):
                assert any(o.collidepoint(x, y) for o in got)


def test_merge_rects_joins_overlaps_and_keeps_an_l_apart():
    row = [pygame.Rect(8 * i, 0, 10, 10) for i in range(5)]          # each overlaps the next by 2 px
    assert merge_rects(row) == [pygame.Rect(0, 0, 42, 10)]
    touching = [pygame.Rect(10 * i, 0, 10, 10) for i in range(3)]    # edges meet, no pixel shared
    assert merge_rects(touching) == touching
    a, b = pygame.Rect(0, 0, 100, 10), pygame.Rect(90, 0, 10, 100)     # an L: the corner is empty
    assert merge_rects([a, b]) == [a, b]
    assert merge_rects([pygame.Rect(0, 0, 50, 50), pygame.Rect(10, 10, 5, 5)]) == [pygame.Rect(0, 0, 50, 50)]
