"""Charts: draw at every size, a different mark per series, series apart in greyscale."""
from __future__ import annotations

import pygame
import pytest

from game.ui import chart
from game.ui import theme as C


@pytest.fixture(autouse=True)
def fonts(headless_home):
    pygame.font.init()
    yield


SERIES = [chart.Series(name, tuple((i * (k + 2)) % 17 - k for i in range(12)))
          for k, name in enumerate(("Ada", "Bot", "Eve", "Kim", "Lou", "Max"))]


@pytest.mark.parametrize("size", [(120, 70), (320, 200), (800, 600), (1920, 1080)])
def test_draws_at_every_size(size):
    surf = pygame.Surface(size)
    surf.fill(C.PANEL)
    plot = chart.line_chart(surf, surf.get_rect().inflate(-8, -8), SERIES, font_px=max(9, size[1] // 30), x_label="Round")
    assert surf.get_rect().contains(plot) or plot.w < 8
    chart.recent_scores(surf, surf.get_rect(), list(range(80)), font_px=12)
    chart.line_chart(surf, surf.get_rect(), [], font_px=12)                     # nothing to draw
    chart.line_chart(surf, surf.get_rect(), [chart.Series("one", (5,))], 12)    # one point


def test_marks_differ_per_series():
    assert len(set(chart.MARKS)) == len(chart.MARKS) >= 6
    shapes = []
    for kind in chart.MARKS:
        s = pygame.Surface((21, 21))
        s.fill((0, 0, 0))
        chart.mark(s, kind, (10, 10), 8, (255, 255, 255))
        shapes.append(bytes(pygame.image.tobytes(s, "RGB")))
    assert len(set(shapes)) == len(shapes)
    assert len(set(chart.DASHES)) == len(chart.DASHES)


def _grey(c: tuple[int, int, int]) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def test_series_apart_in_greyscale():
    """Each series drawn alone at the same place, in its own style: apart in greyscale and in shape."""
    values = (1.0, 5.0, 3.0, 4.0)
    greys, masks = [], []
    for k in range(len(chart.MARKS)):
        surf = pygame.Surface((400, 240))
        surf.fill((0, 0, 0))
        # only series k has values, so it gets the k-th style at the same positions as the others
        series = [chart.Series("", values if j == k else ()) for j in range(len(chart.MARKS))]
        chart.line_chart(surf, surf.get_rect(), series, 16, legend=False)
        grey = pygame.transform.grayscale(surf)
        greys.append(pygame.image.tobytes(grey, "RGB"))
        mask = pygame.mask.from_threshold(surf, (0, 0, 0), (1, 1, 1, 255))
        mask.invert()                       # the drawn pixels, whatever their colour
        masks.append(bytes(mask.get_at((x, y)) for y in range(240) for x in range(400)))
    assert len(set(greys)) == len(greys)
    assert len(set(masks)) == len(masks)    # the shapes differ, not only the shades
    lightness = [0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] for c in chart.COLOURS]
    assert all(abs(a - b) > 20 for a, b in zip(lightness, lightness[1:]))
