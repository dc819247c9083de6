"""Pushing only the changed rectangles to the screen shows exactly the window's picture.

A mirror stands in for the screen: `flip` copies the whole window to it,
`update(rects)` only those rectangles, as a real screen would receive them.
After every frame of both tables' demos (bots moving, cards and strokes in
flight) the mirror must equal the window surface, and most frames must have
been pushed in parts, or not at all.
"""
from __future__ import annotations

import pygame
import pytest

from engine.bots.worker import BotWorker
from game.app import App
from game.table import bots as bots_mod
from game.scenes.menu import MenuScene

DT = 1 / 60


class ScreenMirror:
    def __init__(self, monkeypatch) -> None:
        self.shown: pygame.Surface | None = None
        real_flip, real_update = pygame.display.flip, pygame.display.update

        def flip() -> None:
            real_flip()
            self.shown = pygame.display.get_surface().copy()

        def update(rects=None) -> None:
            window = pygame.display.get_surface()
            if rects is None or self.shown is None:
                real_update()
                self.shown = window.copy()
                return
            real_update(rects)
            for r in ([rects] if isinstance(rects, pygame.Rect) else rects):
                self.shown.blit(window, r, r)

        monkeypatch.setattr(pygame.display, "flip", flip)
        monkeypatch.setattr(pygame.display, "update", update)

    def matches(self) -> bool:
        window = pygame.display.get_surface()
        return pygame.image.tobytes(self.shown, "RGB") == pygame.image.tobytes(window, "RGB")


@pytest.fixture
def app(headless_home, monkeypatch):
    monkeypatch.setattr(bots_mod, "WORKER_FACTORY", lambda: BotWorker(use_process=False))
    mirror = ScreenMirror(monkeypatch)
    app = App(size=(1280, 720))
    app.menu_factory = MenuScene
    app.reset(MenuScene(app))
    app.mirror = mirror
    return app


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_partial_pushes_show_the_window_exactly(app, game):
    from game import tables
    scene = tables._module(game).make_demo_scene(app, players=4, seed=7, speed=6, exit_at_end=False)
    app.reset(scene)
    before = dict(app.presented)
    for i in range(360):
        app.step(DT)
        assert app.mirror.matches(), f"{game}: the screen differs from the window after frame {i}"
    pushed = {k: app.presented[k] - before[k] for k in before}
    assert pushed["parts"] + pushed["none"] > pushed["whole"], pushed
    assert app.errors == 0


def test_window_events_and_toasts_push_the_whole_window(app):
    from game import tables
    app.reset(tables._module("lineit").make_demo_scene(app, players=2, seed=3, speed=4, exit_at_end=False))
    app.run(frames=40, dt=DT)
    whole = app.presented["whole"]
    pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    app.step(DT)
    assert app.presented["whole"] == whole + 1
    app.toast("hello")
    app.run(frames=3, dt=DT)
    assert app.presented["whole"] == whole + 4 and app.mirror.matches()


def _mirror_every_step(app) -> list[int]:
    """Check the mirror after every frame from now on; returns a list the frames are counted in."""
    real_step = app.step
    seen: list[int] = []

    def step(dt=None):
        alive = real_step(dt)
        seen.append(app.frames)
        assert app.mirror.matches(), f"the screen differs from the window after frame {app.frames} ({app.top.name})"
        return alive

    app.step = step
    return seen


def test_a_human_game_of_lineit_pushes_exactly_what_the_window_shows(app):
    """Drags, hover, the close confirmation, bots' turns and the results, pushed in parts."""
    import test_table_lineit as T
    app.change_settings(anim_speed="fast", bot_pace="instant", confirm_close_line=True)
    sc = T.open_game(app, T.config("human", "bot", seed=4))
    seen = _mirror_every_step(app)
    before = dict(app.presented)
    moves = 0
    while not sc.ctrl.state.is_over:
        T.until(app, lambda: sc.my_turn() or sc.ctrl.state.is_over)
        if sc.ctrl.state.is_over:
            break
        T.settle(app)
        n = len(sc.ctrl.state.history)
        T.human_move(app, sc)
        T.until(app, lambda: len(sc.ctrl.state.history) > n or sc.ctrl.state.is_over, 50)
        moves += 1
        assert moves < 400
    T.until(app, lambda: isinstance(app.top, T.ResultsScene))
    app.run(frames=5, dt=DT)
    pushed = {k: app.presented[k] - before[k] for k in before}
    assert len(seen) > 300 and pushed["parts"] + pushed["none"] > pushed["whole"], pushed
    assert app.errors == 0


def test_a_human_game_of_linyo_pushes_exactly_what_the_window_shows(app):
    """Starts clicked, moves dragged through the sheet, bots' strokes and the scoring, pushed in parts."""
    import test_table_linyo as T
    app.settings.bot_pace = "instant"
    scene = T.open_game(app, T.config([T.HUMAN, T.bot("Bruno")], seed=3))
    seen = _mirror_every_step(app)
    before = dict(app.presented)
    T.play_out(app, scene)
    app.run(frames=5, dt=DT)
    pushed = {k: app.presented[k] - before[k] for k in before}
    assert len(seen) > 300 and pushed["parts"] + pushed["none"] > pushed["whole"], pushed
    assert app.errors == 0
