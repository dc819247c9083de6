"""Linyo's results at 800×600: the top corners' buttons (Statistics, Watch replay, the seed) keep
their labels on one readable line in every language and leave the title its room (German
"Wiederholung ansehen" and "Startwert … · kopieren" wrapped into two lines of small text)."""
from __future__ import annotations

import pygame
import pytest

from game.shell import i18n
from game.linyo_table.geometry import font_px
from game.ui import text as T
from game.ui.layout import MIN_FONT_PX
from game.ui.widgets import label_text

from test_review_ui import games, results_of, start_app, thread_worker  # noqa: F401


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_top_corners_keep_one_line_beside_the_title(headless_home, thread_worker, games, lang):
    st, _review = games["linyo"]
    a = start_app((800, 600), lang)
    results = results_of(a, "linyo", st)
    assert i18n.current_language() == lang
    lay = a.lay
    corners = [b for b in (results.b_stats, results.b_replay, results.b_seed) if b.visible]
    assert results.b_stats in corners and results.b_seed in corners
    size = font_px(lay, 64)
    w = T.width(results.title(), size, True)
    title = pygame.Rect(0, 0, w, size)
    title.center = (lay.px(lay.logical_w / 2), lay.px(60))
    for b in corners:
        label = label_text(b.label)
        px = max(MIN_FONT_PX, b.text_px(lay))
        assert px >= MIN_FONT_PX
        assert T.width(label, px, True) <= b.rect.w - lay.px(30), (label, b.rect)      # one line
        assert a.screen.get_rect().contains(b.rect)
        assert not b.rect.colliderect(title), (label, b.rect, title)
    for i, b in enumerate(corners):
        assert not any(b.rect.colliderect(o.rect) for o in corners[i + 1:])
    assert a.errors == 0
