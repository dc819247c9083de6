"""Issue 16 item 10, the last layout nits seen in real windows: the Linyo four-of-a-kind banner, the
Line-it results grid and the Line-it middle labels fit their places in English, German and French at
800×600, 1280×720 and 1920×1080 (headless, the real scenes, measured from what they draw)."""
from __future__ import annotations

import random

import pygame
import pytest

from engine import lineit, linyo
from engine.bots.worker import BotWorker
from game.app import App
from game.lineit_table.controller import Controller
from game.lineit_table.results import ResultsScene
from game.lineit_table.scene import TableScene
from game.linyo_table import texts
from game.linyo_table.model import TableGame
from game.linyo_table.scene import LinyoTable
from game.scenes.menu import MenuScene
from game.table import bots as bots_mod
from game.ui import text as T

LANGS = ["en", "de", "fr"]
SIZES = [(800, 600), (1280, 720), (1920, 1080)]
MIN_PX = 11
DT = 1 / 60
LONG_NAME = "Bartholomäus-Johanna"     # as long as the setup lets a name be (20 characters)


@pytest.fixture
def home(headless_home, monkeypatch):
    monkeypatch.setattr(bots_mod, "WORKER_FACTORY", lambda: BotWorker(use_process=False))
    yield headless_home


def start(size: tuple[int, int], lang: str) -> App:
    app = App(size=size)
    app.menu_factory = MenuScene
    app.change_settings(language=lang, anim_speed="reduced", bot_pace="instant")
    app.reset(MenuScene(app))
    app.run(frames=2, dt=DT)
    return app


def drawn_by(draw) -> list[tuple[str, int, pygame.Rect]]:
    """Every line `draw()` blits: (text, pixel size, rect)."""
    T.drawn = []
    try:
        draw()
        return list(T.drawn)
    finally:
        T.drawn = None


# ------------------------------------------------------------------ Linyo: the four-of-a-kind banner
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("dice", ["ooog", "gggg"])       # three dice turned; all four kept
def test_four_of_a_kind_banner_fits_the_panel_above_the_dice(home, lang, size, dice):
    app = start(size, lang)
    state = linyo.new_game(players=1, seed=1, rolls=["gggg"], first_seat=0)
    state.apply(f"set {dice}")
    seat = {"name": LONG_NAME, "kind": "human", "level": None, "difficulty": 2}
    scene = LinyoTable(app, TableGame(state, {"game": "linyo", "seats": [seat], "first_seat": 0, "seed": 1,
                                             "sheet": "A"}))
    app.reset(scene)
    app.run(frames=3, dt=DT)
    ops = scene._dice_label_ops(app.lay)
    # what is shown is the whole sentence: no line left out
    assert " ".join(op[0] for op in ops) == texts.dice_set_banner(LONG_NAME, "gggg", dice)
    dice_top = min(r.top for r in scene.die_rects)
    inside = scene.panel_rect.inflate(-app.lay.px(8), 0)
    for text, px, colour, pos, anchor, bold in ops:
        r = T.render(text, px, colour, bold).get_rect(**{anchor: pos})
        assert px >= MIN_PX, (text, px)
        assert inside.contains(r), f"{lang} {size}: {text!r} at {r} leaves the panel {inside}"
        assert r.bottom <= dice_top, f"{lang} {size}: {text!r} at {r} runs into the dice (top {dice_top})"
    pygame.display.quit()
