"""Where the Line-it tutorial's bubble goes (issue 26): off your name and line where a step asks
for them in view, never over the results that end the tutorial, and its buttons each read on one
line at a readable size. Real scene loop, headless, three languages, 800x600 and 1920x1080."""
from __future__ import annotations

import pygame
import pytest

from game.lineit_table.draw import name_rects
from game.table.results import TableResults
from game.tutorial import open_tutorial
from game.lineit_table.tutorial.script import script
from game.ui import text as T
from game.ui.widgets import label_text
from test_tutorial import DT, advance, home, perform, settle, start, tutorial  # noqa: F401
from tutorial_player import panel

LANGS = ["en", "de", "fr"]
SIZES = [(800, 600), (1920, 1080)]
HAND_STEP = 6          # "Take the 9 into your hand too": step 10 of 28 on screen


def at_step(size, lang, index):
    app = start(size)
    app.change_settings(language=lang)
    open_tutorial(app, "lineit", index)
    app.run(frames=3, dt=DT)
    sc = tutorial(app)
    settle(app, sc)
    app.run(frames=3, dt=DT)
    return app, sc


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_hand_step_s_bubble_leaves_your_name_and_line_in_view(home, size, lang):
    app, sc = at_step(size, lang, HAND_STEP)
    p = panel(sc)
    assert p.guide.index == HAND_STEP and p.guide.expected() == "take 9 hand"
    box = p.box
    assert box.w > 0
    for r in name_rects(sc, sc.viewer):
        assert not box.colliderect(r), f"the bubble covers your name or score ({lang}, {size})"
    line_cards = [s.rect() for s in sc.board.sprites.values() if s.zone and s.zone[0] == ("line", sc.viewer)]
    assert line_cards
    for r in line_cards:
        assert not box.colliderect(r), f"the bubble covers a card of your line ({lang}, {size})"
    assert app.errors == 0


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_bubble_s_buttons_read_each_on_one_line(home, size, lang):
    app, sc = at_step(size, lang, 0)
    lay = app.lay
    for b in panel(sc).buttons:
        if not b.visible:
            continue
        px = b.text_px(lay)
        assert px >= 11, (lang, size, b.label, px)
        assert T.width(label_text(b.label), px, True) <= b.rect.w - lay.px(30), \
            f"{label_text(b.label)!r} wraps ({lang}, {size})"
        assert panel(sc).box.contains(b.rect)
    assert app.errors == 0


@pytest.mark.parametrize("lang", LANGS)
def test_the_results_that_end_the_tutorial_show_no_bubble_over_or_around_them(home, lang):
    app, sc = at_step((800, 600), lang, len(script().steps) - 1)
    p = panel(sc)
    for _ in range(3000):
        if p.guide.last and p.guide.ready() and sc.tg.state.is_over:
            break
        settle(app, sc)
        advance(app, sc)
    perform(app, ("click", p.b_next.rect.center))         # Finish: the results
    app.run(frames=30, dt=DT)
    assert isinstance(app.top, TableResults)
    blank = pygame.Surface(app.screen.get_size())
    blank.fill((1, 2, 3))
    p.draw(blank)
    mask = pygame.mask.from_threshold(blank, (1, 2, 3), (1, 1, 1, 255))
    assert mask.count() == blank.get_width() * blank.get_height(), "the bubble is drawn under the results"
    # looked at again, the table shows the bubble with Finish
    sc.look_at_table()
    app.run(frames=3, dt=DT)
    p.draw(blank)
    assert mask.count() > pygame.mask.from_threshold(blank, (1, 2, 3), (1, 1, 1, 255)).count()
    assert app.errors == 0
