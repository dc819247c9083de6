"""The Line-it log keeps its place (issue 26): while a hint's "After this move:" box shows at the
bottom of the log, the log's newest entries stay in sight above it; and the log's title keeps a
readable size beside the Recap and Menu buttons. Real scene loop, headless, three languages."""
from __future__ import annotations

import pygame
import pytest

from game.shell import i18n
from game.lineit_table.draw import draw_hint_facts, log_entries, log_title
from test_table_lineit import config, frames, home, open_game, start, until  # noqa: F401
from test_table_lineit_follow_bots import play_one_turn

LANGS = ["en", "de", "fr"]
SIZES = [(800, 600), (1920, 1080)]


def key(k: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0))


def my_turn_after(turns: int, size, lang: str):
    """An app at `size` in `lang` and its Line-it table (person against bot, seed 11) at the person's
    turn after `turns` of theirs, the cards at rest."""
    app = start(size)
    app.change_settings(language=lang)
    sc = open_game(app, config("human", "bot", seed=11))
    for _ in range(turns):
        until(app, lambda: sc.my_turn() and not sc.board.animating, 6000)
        play_one_turn(app, sc)
    until(app, lambda: sc.my_turn() and not sc.board.animating, 6000)
    return app, sc


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_hint_s_facts_leave_the_newest_log_entries_in_sight(home, size, lang):
    app, sc = my_turn_after(3, size, lang)   # a few turns in: the log is longer than its panel
    key(pygame.K_t, "t")
    until(app, lambda: sc.hint is not None, 6000)
    frames(app, 5)
    assert i18n.current_language() == lang
    box = draw_hint_facts(sc, pygame.Surface(app.screen.get_size()))
    assert box is not None, "the hint has facts to show"
    entries = log_entries(sc)
    assert entries and entries[0][0] is sc.log[-1], "the newest entry is shown"
    lh = sc.log_line_px()
    for entry, lines, y in entries:
        assert y + len(lines) * lh <= box.top, f"{entry.text()!r} lies under the hint's box"
    assert len(entries) >= 2                 # more than one entry: the log still reads as a log
    # the hint gone, the log takes its whole panel again
    sc.hint = None
    frames(app, 2)
    assert log_entries(sc)[0][2] + len(log_entries(sc)[0][1]) * lh > box.top
    assert app.errors == 0


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_log_title_keeps_its_size_beside_recap_and_menu(home, size, lang):
    app, sc = my_turn_after(1, size, lang)   # entries in the log
    frames(app, 3)
    assert sc.b_recap.visible and sc.b_menu.visible
    title, px = log_title(sc)
    assert title, "the log has its title"
    full = max(11, sc.geo.lay.font_px(26))
    assert px >= min(full, 16) if size == (1920, 1080) else px >= 11, (title, px)
    from game.lineit_table.draw import text_width
    lay = sc.geo.lay
    drawn = pygame.Rect(sc.geo.log.x + lay.px(16), sc.geo.log.y + lay.px(14), text_width(title, px, True), px)
    for b in (sc.b_recap, sc.b_menu):
        assert not drawn.colliderect(b.rect), f"the title runs under {b.label}"
    # the log's newest entries start below the buttons
    entries = log_entries(sc)
    assert entries and all(y >= max(sc.b_recap.rect.bottom, sc.b_menu.rect.bottom) for _e, _l, y in entries)
    assert app.errors == 0
