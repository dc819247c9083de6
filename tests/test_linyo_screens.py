"""The Linyo screens as the screenshot tool found them (issue 26), headless through the real scene
loop in English, German and French at 800×600 and 1920×1080:

- the other seats' thumbnails say a last move whole (two lines where narrow, never cut with "…",
  never under 11 px), one form of the free count on all of them, a margin to the panel's edge;
- Confirm, clicked last turn and disabled at the start of this one, keeps no focus ring;
- the log's ▲ marker has its own room beside the right column; the key help takes two lines
  at most and leaves a gap above the log;
- a toast after the game ("Click the table…") covers neither the title nor the sheet, buttons,
  other seats;
- the results' sheets fill the room down to the buttons;
- the tutorial's four-of-a-kind step keeps its panel off the sheet the colours are chosen for.
"""
from __future__ import annotations

import pygame
import pytest

from game.shell import i18n
from game.shell.app import App
from game.linyo_table import texts
from game.linyo_table.draw import _ops_rect
from game.linyo_table.geometry import MIN_TEXT_PX, font_px
from game.scenes.menu import MenuScene
from game.tutorial import open_tutorial
from game.ui import text as T

from test_review_ui import games, results_of, thread_worker  # noqa: F401
from test_table_linyo import DT, click, home  # noqa: F401
from test_table_linyo_follow_bots import second_move
from test_tutorial import advance, settle, tutorial
from tutorial_player import panel

LANGS = ["en", "de", "fr"]
SIZES = [(800, 600), (1920, 1080)]


def start_app(size: tuple[int, int], lang: str) -> App:
    app = App(size=size)
    app.change_settings(language=lang, anim_speed="reduced", first_game_tips=False)
    app.reset(MenuScene(app))
    app.run(frames=2, dt=DT)
    assert i18n.current_language() == lang
    return app


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_six_seats_thumbnails_log_keys_and_confirm(home, lang, size):
    app = start_app(size, lang)
    scene = second_move(app, 6)
    app.run(frames=5, dt=DT)
    lay = app.lay
    assert scene.human_turn() and scene.state.phase == "move"

    # the thumbnails: the last move's words whole and readable, one form of count, a margin
    size_px = font_px(lay, 22)
    assert size_px >= MIN_TEXT_PX
    labels = []
    for seat, rect in scene.thumb_rects.items():
        desc = scene._make_thumb_item(seat, rect, lay, frozenset()).desc
        label, words = desc[2], desc[-1]
        labels.append(label)
        said = texts.last_move_words(scene.follow.last_move(seat).events)
        assert " ".join(words) == said and "…" not in "".join(words), (seat, words, said)
        for line in words:
            assert T.width(line, size_px) <= rect.w - lay.px(8), (line, rect)
        geom = scene._thumb_geom(rect, lay)
        words_bottom = rect.y + lay.px(2) + (len(words) + 1) * int(size_px * 1.15)
        assert words_bottom <= geom.paper.y + 2, (words, rect, geom.paper)
        assert rect.right <= scene.panel_rect.right - lay.px(8), (rect, scene.panel_rect)
        assert rect.bottom <= min(b.rect.top for b in (scene.b_hint, scene.b_rules, scene.b_menu))
    assert len({label.isdigit() for label in labels}) == 1, labels

    # Confirm was clicked last turn: disabled now, and no focus ring on it
    assert not scene.b_confirm.enabled
    assert not scene.b_confirm.focused and scene.focus is not scene.b_confirm

    # the log: the ▲ marker beside the right column's text, never over it
    rows = scene.log_rows(lay)
    r = scene.log_rect
    assert rows and rows[-1][1] > 0                  # older entries above: the marker shows
    size = font_px(lay, 20)
    marker = T.render("▲", size, (255, 255, 255)).get_rect(topright=(r.right - lay.px(6), r.y + lay.px(2)))
    step = int(size * 1.25)
    for rect, _i, lines in rows:
        for k, line in enumerate(lines):
            text = pygame.Rect(rect.x + lay.px(8), rect.y + lay.px(2) + k * step, T.width(line, size), size)
            assert not text.colliderect(marker), (line, text, marker)

    # the key help: two lines at most, a gap above the log
    ops = scene._keys_ops(lay)
    assert 1 <= len(ops) <= 2, [op[0] for op in ops]
    assert _ops_rect(ops).bottom + 3 <= scene.log_rect.top, (_ops_rect(ops), scene.log_rect)
    assert app.errors == 0


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_results_sheets_fill_the_room_and_the_toast_leaves_the_title(headless_home, thread_worker, games,
                                                                     lang, size):
    st, _review = games["linyo"]
    app = start_app(size, lang)
    results = results_of(app, "linyo", st)
    app.run(frames=3, dt=DT)
    lay = app.lay
    assert len(results.cards) == 2
    look = results.b_look.rect
    for card, paper in results.cards:
        assert card.contains(paper)
        assert card.bottom + lay.px(16) <= look.top                       # the buttons kept clear
        assert paper.w >= card.w - lay.px(40), (paper, card)              # the sheet as wide as its card
    band = look.top - max(card.bottom for card, _p in results.cards)
    assert band <= app.screen.get_height() // 5, band             # no large empty band under them (a third)

    click(app, look.center)                          # "Look at the table": a toast says how to come back
    app.run(frames=3, dt=DT)
    table = app.top
    assert app.toasts and table.state.is_over
    title = _ops_rect(table._header_ops(table.table_lay))
    app.draw(pygame.Surface(app.screen.get_size()))      # the toast is placed when first drawn
    (box,) = [b.rect for b in app._toast_place[1]]
    assert not box.colliderect(title), (box, title)
    keep = [table.geom.paper, *table.thumb_rects.values(), *(w.rect for w in table.widgets if w.visible)]
    assert not any(box.colliderect(r) for r in keep), (box, keep)      # the sheet, the other seats, buttons
    # the other seat's thumbnail says its last move whole (the game's last: a line drawn, another aborted)
    for seat, rect in table.thumb_rects.items():
        words = table._make_thumb_item(seat, rect, lay, frozenset()).desc[-1]
        said = texts.last_move_words(table.follow.last_move(seat).events)
        assert " ".join(words) == said and "…" not in "".join(words), (words, said)
    assert app.errors == 0


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_four_of_a_kind_step_keeps_its_panel_off_the_sheet(home, lang, size):
    app = start_app(size, lang)
    open_tutorial(app, "linyo", 0)
    app.run(frames=3, dt=DT)
    for _ in range(600):
        sc = tutorial(app)
        settle(app, sc)
        g = panel(sc).guide
        if g.expected() == "set ooog":
            break
        advance(app, sc)
    else:
        raise AssertionError("the four of a kind's step never came")
    app.run(frames=5, dt=DT)
    box = panel(sc).box
    assert app.screen.get_rect().contains(box)
    assert not box.colliderect(sc.geom.paper), (box, sc.geom.paper)      # its free counts included
    assert not any(box.colliderect(r) for r in sc.die_rects)
    assert app.errors == 0
