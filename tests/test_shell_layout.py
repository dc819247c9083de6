"""At 800×600 and 1920×1080, in English, German and French, every shell scene is readable and
nothing covers a label.

Measured from what is drawn: `ui.text.drawn` records each line's pixel size and place. Every
line is at least 11 px; no line runs out of the window or its clip (`ui.text.overflow`); no
text of the app is cut with an ellipsis (`ui.text.cuts`; a player's own long text may be); a
widget's own text stays inside the widget; a scene's other text touches no widget; no two
widgets overlap; every widget lies inside the window.
"""
from __future__ import annotations

import pygame
import pytest

import shell_walk as W
from engine.bots.worker import BotWorker
from game.table import bots as bots_mod
from game.ui import text as T
from game.ui.widgets import label_text

LANGS = ["en", "de", "fr"]
SIZES = [(800, 600), (1920, 1080)]
MIN_PX = 11
# what a player typed may be longer than its box: cut with "…", never the app's own words
PLAYERS_TEXT = ("Tuesday evening with a rather long name",)


def _measure(app, monkeypatch) -> tuple[list, dict]:
    """The top scene drawn once: (what it drew in order: ("text", line) or ("widget", id),
    {widget id: (widget, the lines it drew)})."""
    scene = app.top
    widgets = [w for w in getattr(scene, "widgets", []) if w.visible]
    own: dict = {id(w): [] for w in widgets}
    order: list = []
    current: list = [None]
    for w in widgets:
        def draw(surface, lay, w=w, real=w.draw):
            order.append(("widget", id(w)))
            current.append(own[id(w)])
            try:
                real(surface, lay)
            finally:
                current.pop()
        monkeypatch.setattr(w, "draw", draw)

    class Sink(list):
        def append(self, item) -> None:
            (order.append(("text", item)) if current[-1] is None else current[-1].append(item))

    monkeypatch.setattr(T, "drawn", Sink())
    monkeypatch.setattr(T, "overflow", [])
    monkeypatch.setattr(T, "cuts", [])
    scene.draw(app.screen)
    _measure.overflow, _measure.cuts = T.overflow, T.cuts
    monkeypatch.setattr(T, "drawn", None)
    return order, {id(w): (w, own[id(w)]) for w in widgets}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", list(W.SCENES))
def test_shell_scene_is_readable_whole_and_uncovered(headless_home, monkeypatch, name, lang, size):
    monkeypatch.setattr(bots_mod, "WORKER_FACTORY", lambda: BotWorker(use_process=False))
    app = W.start(size, lang)
    W.open_scene(app, name)
    assert app.errors == 0
    window = app.screen.get_rect()
    order, owned = _measure(app, monkeypatch)
    loose = [item for kind, item in order if kind == "text"]
    texts = loose + [t for _w, ts in owned.values() for t in ts]
    assert texts, "nothing was measured"
    small = [(t, px) for t, px, _r in texts if px < MIN_PX]
    assert not small, f"{name}/{lang}: text below {MIN_PX} px: {small[:5]}"
    out = [(t, tuple(r), tuple(c)) for t, r, c in _measure.overflow]
    assert not out, f"{name}/{lang}: text runs out of its room (text, rect, room): {out[:3]}"
    cut = [t for t in _measure.cuts if not t.startswith(PLAYERS_TEXT)]
    assert not cut, f"{name}/{lang}: text cut with an ellipsis: {cut[:3]}"
    widgets = [w for w, _ts in owned.values()]
    for w, ts in owned.values():
        assert window.contains(w.rect), f"{name}/{lang}: {w.rect} lies outside the window"
        for text, _px, r in ts:
            assert w.rect.inflate(2, 2).contains(r), f"{name}/{lang}: {text!r} runs out of its widget {w.rect}: {r}"
        arrows = [r for text, _px, r in ts if text in ("◀", "▶")]
        for text, _px, r in ts:       # a choice's value stays between its arrows ("Mensch" ran into them)
            hit = text not in ("◀", "▶") and [a for a in arrows if a.inflate(4, 0).colliderect(r)]     # and 2 px apart
            assert not hit, f"{name}/{lang}: {text!r} at {r} runs into its choice's arrows {hit}"
    for i, a in enumerate(widgets):
        for b in widgets[i + 1:]:
            assert not a.rect.colliderect(b.rect), f"{name}/{lang}: widgets overlap: {a.rect} and {b.rect}"
    # the scene's own lines never overlap one another (a chart's title ran into its count)
    for i, (a, _pa, ra) in enumerate(loose):
        for b, _pb, rb in loose[i + 1:]:
            assert a == b or not ra.inflate(-2, -2).colliderect(rb), f"{name}/{lang}: {a!r} at {ra} overlaps {b!r} at {rb}"
    # a scene's own line is covered by a widget drawn after it, and covers the lines of one drawn before
    for k, (kind, item) in enumerate(order):
        if kind != "text":
            continue
        text, _px, r = item
        later = {wid for kind2, wid in order[k + 1:] if kind2 == "widget"}
        for wid, (w, ts) in owned.items():
            if wid in later:
                assert not w.rect.colliderect(r), f"{name}/{lang}: {text!r} at {r} is covered by a widget at {w.rect}"
            elif not (w.rect.contains(r) and not ts):
                # drawn over a widget's box (Settings' Done sat on the key line at 16:9); only an empty
                # box may carry the scene's word ("No games kept yet" in the empty list)
                assert not w.rect.colliderect(r), f"{name}/{lang}: {text!r} at {r} is drawn over a widget at {w.rect}"
    pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_menu_and_pause_name_going_on_with_one_word(headless_home, lang):
    """The pause box's button and the menu's "Continue Line-it" use the same word."""
    from game.shell import i18n
    from game.shell.app import App
    from game.table.overlays import PauseScene

    class Table:                      # what the pause box asks of a table
        keeps_saves, can_save, game = True, True, "lineit"

    i18n.set_language(lang)
    pause = PauseScene.__new__(PauseScene)
    PauseScene.__init__(pause, App.__new__(App), Table())
    pause_word = label_text(pause.widgets[0].label)
    menu_label = i18n._("Continue {game}").format(game="Line-it")
    assert pause_word.lower() in menu_label.lower(), (pause_word, menu_label)
