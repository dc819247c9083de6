"""Screens are reached by name through the App (`game.scenes.SCENES`, `App.open/start/make`)."""
from __future__ import annotations

import inspect

import pytest

from game.shell.scene import Scene
from game.scenes import SCENES, factory
from game.ui.widgets import Button, label_text

from appkit import DT, menu_app


@pytest.fixture
def app(headless_home):
    return menu_app()


def test_every_name_leads_to_a_scene_maker():
    for name in SCENES:
        made = factory(name)
        assert callable(made), name
        if inspect.isclass(made):
            assert issubclass(made, Scene), name
        else:       # a function: (app, ...) -> Scene | None
            assert list(inspect.signature(made).parameters)[0] == "app", name


def test_an_unknown_name_is_a_key_error(app):
    with pytest.raises(KeyError, match="no scene called 'credits'"):
        app.open("credits")


def test_the_menu_buttons_open_their_screens_by_name(app):
    """Each of the menu's buttons pushes the screen it names, over the menu."""
    menu = app.top
    wanted = {"Play Line-it": "setup", "Play Linyo": "setup", "Play online": "online",
              "Learn by playing": "learn_choice", "Load game": "load", "Statistics": "stats",
              "History": "history", "Rules": "rules", "Settings": "settings"}
    buttons = {label_text(w.label): w for w in menu.widgets if isinstance(w, Button) and w.visible}
    for label, name in wanted.items():
        buttons[label].click()
        app.run(frames=2, dt=DT)
        assert len(app.stack) == 2 and app.top.name == name, (label, [s.name for s in app.stack])
        if label == "Play Linyo":
            assert app.top.game == "linyo"
        app.to_menu()
        app.run(frames=2, dt=DT)
        assert app.stack == [app.top] and app.top.name == "menu"


def test_start_clears_the_stack_and_make_only_builds(app):
    app.open("settings")
    built = app.make("rules", "linyo")
    assert built is not None and built.name == "rules" and app.top.name == "settings"
    app.start("load")
    assert [s.name for s in app.stack] == ["load"]


def test_a_screen_that_cannot_open_says_why_and_the_stack_stays(app, tmp_path):
    """A factory may decline (None): nothing is pushed but the message telling why."""
    notes = tmp_path / "notes.txt"
    notes.write_text("not a game", encoding="utf-8")
    assert app.open("dropped_file", str(notes)) is None
    assert [s.name for s in app.stack] == ["menu", "message"] and "notes.txt" in app.top.text
    app.pop()
    bad = tmp_path / "broken.linebox"
    bad.write_text("{", encoding="utf-8")
    assert not app.open_dropped(str(bad))
    assert [s.name for s in app.stack] == ["menu", "message"] and "cannot be opened" in app.top.text
    app.pop()
    assert app.open("replay", "no-such-game") is None and app.top.name == "message"


def test_f1_opens_one_rules_reader(app):
    app.open_rules("linyo")
    app.open_rules("lineit")
    assert [s.name for s in app.stack] == ["menu", "rules"]


def test_the_online_session_starts_once_the_first_frame_is_drawn(headless_home, monkeypatch):
    """The token file is read after the menu's first frame (the online code is no part of it),
    once, not every frame; signed out, the button says "Play online"."""
    from game.shell.app import App
    from game.online import account
    calls: list[int] = []
    real = account.load
    monkeypatch.setattr(account, "load", lambda: calls.append(1) or real())
    app = App(size=(1280, 720))
    app.to_menu()
    app.step(DT)
    assert calls == []
    app.run(frames=60, dt=DT)
    assert calls == [1] and app.errors == 0
    button = next(w for w in app.top.widgets if isinstance(w, Button) and w.on_click == app.top.open_online)
    assert label_text(button.label) == "Play online"
