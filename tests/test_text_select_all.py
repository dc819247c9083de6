"""Ctrl+A in a text field selects its text (issue 26: it did nothing): typing then replaces it,
Backspace clears it, Ctrl+V pastes over it, Ctrl+C copies it; through the real scene loop."""
from __future__ import annotations

import pygame
import pytest

from game.scenes.setup import SetupScene
from game.ui.widgets import TextInput

from appkit import menu_app  # noqa: E402

DT = 1 / 60


@pytest.fixture
def home(headless_home):
    yield headless_home


def key(app, k: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0))
    app.step(DT)


def typed(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step(DT)


def name_field(app) -> tuple[SetupScene, TextInput]:
    scene = SetupScene(app, "lineit")
    app.push(scene)
    app.run(frames=2, dt=DT)
    box = scene.seat_rows[0][0]
    assert isinstance(box, TextInput)
    scene.set_focus(box)
    app.step(DT)
    return scene, box


@pytest.mark.parametrize("mod", [pygame.KMOD_LCTRL, pygame.KMOD_LMETA], ids=["ctrl", "cmd"])
def test_ctrl_a_selects_the_name_and_typing_replaces_it(home, mod):
    app = menu_app((1280, 720))
    scene, box = name_field(app)
    typed(app, "Ada Lovelace")
    assert scene.seats[0]["name"].endswith("Ada Lovelace")
    key(app, pygame.K_a, mod, "\x01")
    assert box.selected
    typed(app, "Grace")
    assert box.text == "Grace" and scene.seats[0]["name"] == "Grace" and not box.selected
    assert app.top is scene and app.errors == 0


def test_ctrl_a_then_backspace_clears_the_field(home):
    app = menu_app((1280, 720))
    scene, box = name_field(app)
    typed(app, "Robin")
    key(app, pygame.K_a, pygame.KMOD_LCTRL, "\x01")
    key(app, pygame.K_BACKSPACE, 0, "\b")
    assert box.text == "" and scene.seats[0]["name"] == ""
    key(app, pygame.K_a, pygame.KMOD_LCTRL, "\x01")       # an empty field: nothing to select
    assert not box.selected
    typed(app, "X")
    assert box.text == "X"
    assert app.errors == 0


def test_ctrl_c_copies_the_selection_and_ctrl_v_pastes_over_it(home, monkeypatch):
    clipboard = {"text": ""}
    monkeypatch.setattr(pygame.scrap, "put_text", lambda t: clipboard.__setitem__("text", t), raising=False)
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: clipboard["text"], raising=False)
    app = menu_app((1280, 720))
    scene, box = name_field(app)
    typed(app, "Ada")
    key(app, pygame.K_c, pygame.KMOD_LCTRL, "\x03")       # nothing selected: nothing copied
    assert clipboard["text"] == ""
    key(app, pygame.K_a, pygame.KMOD_LCTRL, "\x01")
    key(app, pygame.K_c, pygame.KMOD_LCTRL, "\x03")
    assert clipboard["text"] == box.text and box.selected      # copying keeps the selection
    clipboard["text"] = "Grace Hopper"
    key(app, pygame.K_v, pygame.KMOD_LCTRL, "\x16")
    assert box.text == "Grace Hopper" and scene.seats[0]["name"] == "Grace Hopper"
    assert app.errors == 0
