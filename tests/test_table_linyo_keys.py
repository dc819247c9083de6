"""The Linyo table by keyboard alone, and its reach preview, through the real scene loop (headless).

A whole solo game is played with key events only: arrows move the sheet's cursor, Enter adds
the field under it (a start, a line begun, a step) and confirms once nothing more is added.
"""
from __future__ import annotations

import pygame
import pytest

from engine import linyo
from engine.bots.worker import BotWorker
from engine.linyo.reach import reach
from game.shell import i18n, tables
from game.shell.app import App
from game.linyo_table.geometry import COLS, MIN_TEXT_PX
from game.linyo_table.results import ResultsScene
from game.linyo_table.scene import TableScene as LinyoTable
from game.scenes.dialogs import ConfirmScene
from game.table import bots as bots_mod
from game.ui import text as T

from appkit import menu_app

DT = 1 / 60
HUMAN = {"name": "Ada", "kind": "human", "level": None, "difficulty": 2}


@pytest.fixture
def home(headless_home, monkeypatch):
    monkeypatch.setattr(bots_mod, "WORKER_FACTORY", lambda: BotWorker(use_process=False))
    yield headless_home


def start(seed: int, size=(1280, 720)) -> tuple[App, LinyoTable]:
    app = menu_app(size, anim_speed="reduced", bot_pace="instant")
    assert tables.open_table(app, {"game": "linyo", "seats": [HUMAN], "first_seat": 0, "seed": seed,
                                   "sheet": "A"})
    app.run(frames=2, dt=DT)
    scene = app.top
    assert isinstance(scene, LinyoTable)
    return app, scene


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    app.step(DT)


def go_to(app: App, scene: LinyoTable, f: int) -> None:
    """Arrows until the cursor is on `f`."""
    if scene.cursor is None:
        key(app, pygame.K_RIGHT)          # the first arrow only shows the cursor
    for _ in range(40):
        if scene.cursor == f:
            return
        r, c = divmod(scene.cursor, COLS)
        tr, tc = divmod(f, COLS)
        key(app, pygame.K_DOWN if tr > r else pygame.K_UP if tr < r else pygame.K_RIGHT if tc > c else pygame.K_LEFT)
    raise AssertionError(f"the cursor never reached {f}")


def keyboard_turn(app: App, scene: LinyoTable) -> None:
    st = scene.state
    seat = st.current_seat
    if st.phase == "set":
        key(app, pygame.K_RETURN)                    # keep the four of a kind
    elif st.phase == "start":
        for _ in range(4):
            allowed = sorted(scene.starts.allowed())
            go_to(app, scene, allowed[len(allowed) // 3])
            key(app, pygame.K_RETURN)
        assert scene.can_confirm()
        key(app, pygame.K_RETURN)                    # on a marked start: nothing to add, so confirm
    else:
        by_line = linyo.moves_by_line(st, seat)
        if not by_line:
            assert scene.abort_mode
            line = next(i + 1 for i, o in enumerate(st.open[seat]) if o)
            go_to(app, scene, st.lines[seat][line - 1][-1])
            key(app, pygame.K_RETURN)
            assert scene.abort_line == line
        else:
            move = max((m for ms in by_line.values() for m in ms), key=lambda m: (m.length, str(m)))
            go_to(app, scene, st.lines[seat][move.line - 1][-1])
            key(app, pygame.K_RETURN)
            assert scene.path.line == move.line
            for f in [*move.fields] + ([move.star] if move.star is not None else []):
                go_to(app, scene, f)
                key(app, pygame.K_RETURN)
            assert scene.path.action() == move
        key(app, pygame.K_RETURN)
        if isinstance(app.top, ConfirmScene):       # "this closes a line": Enter says yes
            key(app, pygame.K_RETURN)


def test_a_whole_solo_game_by_keyboard_alone(home):
    app, scene = start(seed=21)
    for _ in range(400):
        if scene.state.is_over:
            break
        if scene.human_turn():
            before = len(scene.state.log)
            keyboard_turn(app, scene)
            assert len(scene.state.log) > before, "the keys did not reach the engine"
        else:
            app.step(DT)
    assert scene.state.is_over
    for _ in range(900):
        if isinstance(app.top, ResultsScene):
            break
        key(app, pygame.K_RETURN) if scene.finished else app.step(DT)
    assert isinstance(app.top, ResultsScene)
    assert app.errors == 0


def to_move(app: App, scene: LinyoTable) -> None:
    for _ in range(50):
        if scene.state.phase == "move" and scene.path is not None and scene.path.lines_with_moves():
            return
        keyboard_turn(app, scene)
    raise AssertionError("never reached a move with a line that can grow")


def test_backspace_esc_numbers_and_n_by_keyboard(home):
    app, scene = start(seed=21)
    to_move(app, scene)
    p = scene.path
    line = p.lines_with_moves()[0]
    key(app, pygame.K_1 + line - 1)                   # a number begins that line
    assert p.line == line and scene.cursor == p.end_of(line)
    step = sorted(p.next_fields())[0]
    go_to(app, scene, step)
    key(app, pygame.K_SPACE)                          # Space adds too, and never confirms
    assert p.steps == [step]
    key(app, pygame.K_BACKSPACE)                      # the last step comes off
    assert p.steps == [] and p.line == line
    key(app, pygame.K_SPACE)
    key(app, pygame.K_ESCAPE)                         # Esc drops the path, the table stays
    assert p.line is None and app.top is scene
    key(app, pygame.K_n)                              # extend nothing ...
    assert scene.abort_mode
    key(app, pygame.K_2)                              # ... aborting line 2
    assert scene.abort_line == 2
    key(app, pygame.K_ESCAPE)
    assert scene.abort_line is None and scene.abort_mode
    key(app, pygame.K_n)                              # and back to drawing
    assert not scene.abort_mode
    key(app, pygame.K_ESCAPE)                         # nothing drawn: Esc opens the pause menu
    assert app.top is not scene


def test_the_reach_preview_follows_the_path_and_r_turns_it_off(home):
    app, scene = start(seed=21)
    to_move(app, scene)
    st, seat, p = scene.decide_state, scene.decide_seat, scene.path
    shown = scene.shown_reach()
    # with nothing drawn: every line that can move, each field at its fewest steps
    want: dict[int, int] = {}
    for line in p.lines_with_moves():
        for f, n in reach(st, seat, line).items():
            want[f] = min(want.get(f, 99), n)
    assert shown == want and min(shown.values()) == 1
    assert scene.shown_reach() is shown          # asked of the engine once per version of the path
    line = max(p.lines_with_moves(), key=lambda ln: max(reach(st, seat, ln).values()))
    key(app, pygame.K_1 + line - 1)
    step = min(p.next_fields(), key=lambda f: -max(reach(st, seat, line, [f]).values(), default=0))
    go_to(app, scene, step)
    key(app, pygame.K_RETURN)
    assert scene.shown_reach() == reach(st, seat, line, [step])     # measured from the new tip
    assert step not in scene.shown_reach()
    app.step(DT)
    assert "reach" in scene.paint.layer.items
    key(app, pygame.K_r)
    assert scene.shown_reach() == {}
    app.step(DT)
    assert "reach" not in scene.paint.layer.items
    key(app, pygame.K_r)
    assert scene.shown_reach()


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_key_help_fits_at_800x600_and_never_under_11px(home, lang):
    i18n.set_language(lang)
    try:
        app, scene = start(seed=21, size=(800, 600))
        for phase in ("start", "move"):
            while scene.state.phase != phase:
                keyboard_turn(app, scene)
            app.step(DT)
            ops = scene._keys_ops(scene.table_lay)
            assert ops and all(size >= MIN_TEXT_PX for _t, size, *_r in ops)
            said = " ".join(op[0] for op in ops)
            assert said.split() == scene.key_help().split(), "the key help was cut"
            r = scene.keys_rect
            for text, size, _c, (x, y), _a, _b in ops:
                assert x + T.width(text, size) <= r.right and y + size <= r.bottom + 2
            assert not r.colliderect(scene.log_rect) and not r.colliderect(scene.geom.paper)
    finally:
        i18n.set_language("en")
