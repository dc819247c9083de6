"""The app survives what broke it once: stored full screen, every UI scale at every size,
hostile text, odd seed digits, refused saves, replaced autosaves, oversized windows (issue 14)."""
from __future__ import annotations

import json

import pygame
import pytest

from engine.bots.worker import BotWorker
from game import storage, tables
from game.app import App, fit_window
from game.lineit_table import controller as lineit_controller
from game.linyo_table import table as linyo_table_mod
from game.scenes.dialogs import ConfirmScene, MessageScene
from game.scenes.load import LoadScene
from game.scenes.menu import MenuScene
from game.scenes.setup import SetupScene
from game.settings import UI_SCALES
from game.ui import text as T
from game.ui.layout import Layout
from game.ui.widgets import TextInput

DT = 1 / 60


@pytest.fixture
def home(headless_home, monkeypatch):
    monkeypatch.setattr(lineit_controller, "USE_PROCESS", False)
    monkeypatch.setattr(linyo_table_mod, "WORKER_FACTORY", lambda: BotWorker(use_process=False))
    yield headless_home


def start(size=(1280, 720)) -> App:
    app = App(size=size)
    app.menu_factory = MenuScene
    app.reset(MenuScene(app))
    app.run(frames=2, dt=DT)
    return app


def post(kind, **kw) -> None:
    pygame.event.post(pygame.event.Event(kind, **kw))


def key(app: App, k: int, unicode: str = "", mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0)
    app.step(DT)


def write_settings(home, **values) -> None:
    (home / "settings.json").write_text(json.dumps({"version": 1, **values}), encoding="utf-8")


# ------------------------------------------------------------------ item 1: stored full screen

def test_stored_fullscreen_starts_and_f11_twice_keeps_starting(home):
    write_settings(home, fullscreen=True)
    app = start()
    assert isinstance(app.top, MenuScene) and app.errors == 0
    key(app, pygame.K_F11)
    key(app, pygame.K_F11)
    app._store_window()
    pygame.display.quit()
    again = start()
    assert isinstance(again.top, MenuScene) and again.errors == 0


# ------------------------------------------------------------------ item 2: every scale, every size

SIZES = [(640, 480), (800, 600), (1024, 600), (1280, 720), (1920, 1080)]
SEATS = {"lineit": [{"name": "Ada", "kind": "human", "level": None},
                    {"name": "Ben", "kind": "bot", "level": "easy"},
                    {"name": "Cleo", "kind": "bot", "level": "easy"},
                    {"name": "Dan", "kind": "human", "level": None}],
         "linyo": [{"name": "Ada", "kind": "human", "level": None, "difficulty": 2},
                   {"name": "Ben", "kind": "bot", "level": "easy", "difficulty": 3},
                   {"name": "Cleo", "kind": "bot", "level": "easy", "difficulty": 4},
                   {"name": "Dan", "kind": "bot", "level": "easy", "difficulty": 2}]}


def game_config(game: str) -> dict:
    cfg = {"game": game, "seats": SEATS[game], "first_seat": 0, "seed": 3}
    cfg.update({"final_plays": 1} if game == "lineit" else {"sheet": "A"})
    return cfg


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_every_offered_scale_works_at_every_size(home, game):
    app = start()
    app.change_settings(anim_speed="fast", bot_pace="instant")
    assert tables.open_table(app, game_config(game))
    for scale in UI_SCALES + (2.0,):     # 2.0 is what a settings file may hold
        app.change_settings(ui_scale=scale)
        for size in SIZES:
            app.resize(*size)
            app.run(frames=3, dt=DT)
            assert app.errors == 0, (game, scale, size, app.log_path)
            assert app.lay.logical_h >= 1080 - 1e-6 and app.lay.logical_w >= 1440 - 1e-6
    assert any(getattr(s, "game", None) == game for s in app.stack)   # still at the table


def test_a_bigger_scale_still_grows_where_there_is_room():
    assert Layout(1920, 1440, 1.25).scale > Layout(1920, 1440, 1.0).scale
    assert Layout(1280, 720, 1.5).scale == Layout(1280, 720, 1.0).scale    # 16:9 has no room to spare
    assert Layout(1280, 720, 0.8).scale < Layout(1280, 720, 1.0).scale
