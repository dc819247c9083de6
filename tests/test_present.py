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
from game.shell.app import App
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
    app.reset(MenuScene(app))
    app.mirror = mirror
    return app


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_partial_pushes_show_the_window_exactly(app, game):
    from game.shell import tables
    scene = tables.build_table(app, tables.demo_spec(game, players=4, seed=7, speed=6, exit_at_end=False))
    app.reset(scene)
    before = dict(app.presented)
    for i in range(360):
        app.step(DT)
        assert app.mirror.matches(), f"{game}: the screen differs from the window after frame {i}"
    pushed = {k: app.presented[k] - before[k] for k in before}
    assert pushed["parts"] + pushed["none"] > pushed["whole"], pushed
    assert app.errors == 0


def test_window_events_and_toasts_push_the_whole_window(app):
    from game.shell import tables
    app.reset(tables.build_table(app, tables.demo_spec("lineit", players=2, seed=3, speed=4, exit_at_end=False)))
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
        T.until(app, lambda n=n: len(sc.ctrl.state.history) > n or sc.ctrl.state.is_over, 50)
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
    # a first-game tip's bubble pushes whole frames while it shows (FirstTips.draw); the clicks here
    # closed it by chance while it lay over the fields to click, which it no longer does
    app.settings.first_game_tips = False
    scene = T.open_game(app, T.config([T.HUMAN, T.bot("Bruno")], seed=3))
    seen = _mirror_every_step(app)
    before = dict(app.presented)
    T.play_out(app, scene)
    app.run(frames=5, dt=DT)
    pushed = {k: app.presented[k] - before[k] for k in before}
    assert len(seen) > 300 and pushed["parts"] + pushed["none"] > pushed["whole"], pushed
    assert app.errors == 0


# ---------------------------------------------------------------- equal to a full redraw
# A window event may hand the app a new, blank framebuffer (X11 does on F11): the model
# blanks the window whenever the app lays out again, so a table that patched only what
# moved would leave the rest black, as was seen.
SIZES = [(800, 600), (1280, 720), (1920, 1080)]


@pytest.fixture
def screen_app(headless_home, monkeypatch):
    monkeypatch.setattr(bots_mod, "WORKER_FACTORY", lambda: BotWorker(use_process=False))
    real_relayout = App.relayout

    def relayout(self) -> None:
        surface = pygame.display.get_surface()
        if surface is not None:
            surface.fill((0, 0, 0))
        real_relayout(self)

    monkeypatch.setattr(App, "relayout", relayout)
    mirror = ScreenMirror(monkeypatch)
    made: list[App] = []

    def make(size: tuple[int, int]) -> App:
        app = App(size=size)
        app.reset(MenuScene(app))
        app.mirror = mirror
        made.append(app)
        return app

    return make


def _whole_redraw(app: App) -> pygame.Surface:
    """The picture the stack gives when everything is drawn from scratch."""
    fresh = pygame.Surface(app.screen.get_size()).convert(app.screen)
    app.draw(fresh)
    return fresh


def _check(app: App, what: str, frames: int = 1, dt: float = DT) -> None:
    """Run `frames` frames; after each, the screen shows the window and the window a whole redraw."""
    for i in range(frames):
        app.step(dt)
        window = app.screen
        assert app.mirror.matches(), f"{what}: the screen differs from the window after frame {i}"
        whole = _whole_redraw(app)
        assert pygame.image.tobytes(window, "RGB") == pygame.image.tobytes(whole, "RGB"), \
            f"{what}: the window differs from a whole redraw after frame {i} ({app.top.name}, {window.get_size()})"


def _settled(app: App) -> None:
    """Until the crossfade ended and the table draws in parts again."""
    for _ in range(120):
        if not app.in_transition and not app.toasts:
            break
        _check(app, "settling")
    _check(app, "settled", 3)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "%dx%d" % s)
@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_window_events_crossfades_toasts_and_overlays_leave_a_whole_redraw(screen_app, game, size):
    from game.shell import tables
    from game.table.overlays import PauseScene
    app = screen_app(size)
    _check(app, "menu", 3)
    # a crossfade from the menu into a table
    table = tables.build_table(app, tables.demo_spec(game, players=3, seed=5, speed=6, exit_at_end=False))
    app.reset(table)
    _check(app, "crossfade into the table", 22)
    _settled(app)
    before = dict(app.presented)
    _check(app, "the table alone", 10)
    assert app.presented["parts"] + app.presented["none"] > before["parts"] + before["none"], \
        "the table never pushed in parts: the test would not see a stale window"
    # toasts fading over the table, at the frame rate and in slow frames (a big window)
    app.toast("Saved as “Tuesday”", seconds=0.3)
    _check(app, "a toast over the table", 22)
    app.toast("Saved as “Wednesday”", seconds=0.5)
    app.toast("a second toast", seconds=0.35)
    _check(app, "toasts in slow frames", 8, dt=0.09)
    _settled(app)
    # an overlay opened and cancelled, with a crossfade and with reduced motion
    for anim in ("normal", "reduced"):
        app.settings.anim_speed = anim
        app.push(PauseScene(app, table))
        _check(app, f"pause opened ({anim})", 4)
        app.top.back()
        _check(app, f"pause cancelled ({anim})", 22)
        _settled(app)
    app.settings.anim_speed = "normal"
    # F11 on and off, and a resize by hand and back
    for what in ("F11 on", "F11 off"):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
        _check(app, what, 5)
    for w, h in ((size[0] + 120, size[1] + 80), size):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
        _check(app, f"resized to {w}x{h}", 5)
    for kind in ("WINDOWEXPOSED", "WINDOWRESTORED", "WINDOWSIZECHANGED"):
        pygame.event.post(pygame.event.Event(getattr(pygame, kind), x=size[0], y=size[1]))
        _check(app, kind, 3)
    assert app.errors == 0


def test_watching_another_seat_leaves_a_whole_redraw(screen_app):
    """A thumbnail's zoom opened and closed, and watching another seat (the replay viewer's seat
    switch: the big sheet, its counts and which log entries are bright change with no new entry),
    leave the window equal to a whole redraw."""
    import test_table_linyo as T
    app = screen_app((1280, 720))
    app.settings.bot_pace = "instant"
    scene = T.open_game(app, T.config([T.HUMAN, T.bot("Bruno"), T.bot("Cleo")], seed=3))
    for _ in range(400):                      # until the bots have written in the log
        app.step(DT)
        if len(scene.log.entries) >= 4 and not scene.reveal.busy():
            break
    _settled(app)
    for seat in sorted(scene.thumb_rects):
        T.click(app, scene.thumb_rects[seat].center)
        _check(app, f"zoomed on seat {seat}", 6)
        T.click(app, scene.thumb_rects[seat].center)
        _check(app, f"zoom closed on seat {seat}", 6)
    for seat in (1, 2, 0):
        scene.watch_from(seat)
        _check(app, f"watching seat {seat}", 3)
    assert app.errors == 0
