"""Retained pictures copy the plain way: their pitch is never a multiple of 16 (see game/ui/surfaces.py)."""
from __future__ import annotations

import pygame
import pytest

from game.ui.layer import Item, RetainedLayer
from game.ui.surfaces import retained, retained_copy


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080), (1270, 834), (137, 89), (1, 1), (3, 2)])
def test_a_retained_surface_has_its_size_and_a_pitch_off_16(size):
    s = retained(size)
    assert s.get_size() == size
    assert s.get_pitch() % 16
    assert s.get_rect() == pygame.Rect((0, 0), size)


def test_a_retained_copy_has_the_same_pixels_and_format():
    src = pygame.Surface((64, 40))
    src.fill((10, 20, 30))
    pygame.draw.line(src, (200, 100, 50), (0, 0), (63, 39), 3)
    out = retained_copy(src)
    assert out.get_size() == src.get_size() and out.get_bitsize() == src.get_bitsize()
    assert pygame.image.tobytes(out, "RGB") == pygame.image.tobytes(src, "RGB")
    out.fill((0, 0, 0), (60, 0, 4, 40))        # drawing at its right edge stays inside it
    assert out.get_at((63, 0)) == (0, 0, 0, 255) and src.get_at((63, 5)) != (0, 0, 0, 255)


def test_the_layer_draws_into_a_retained_surface_and_matches_a_whole_redraw():
    base = pygame.Surface((1280, 720))
    base.fill((30, 60, 40))
    layer = RetainedLayer()
    items = [Item("a", 0, pygame.Rect(1276, 10, 4, 30), 1, lambda s: s.fill((250, 0, 0), (1276, 10, 4, 30))),
             Item("b", 1, pygame.Rect(4, 8, 120, 60), 1, lambda s: s.fill((0, 0, 250), (4, 8, 120, 60)))]
    layer.update(base, 0, items)
    assert layer.surface.get_pitch() % 16
    items[1] = items[1]._replace(rect=pygame.Rect(20, 8, 120, 60), desc=2,
                                 draw=lambda s: s.fill((0, 0, 250), (20, 8, 120, 60)))
    layer.update(base, 0, items)
    whole = base.copy()
    for it in items:
        it.draw(whole)
    assert pygame.image.tobytes(layer.surface, "RGB") == pygame.image.tobytes(whole, "RGB")
