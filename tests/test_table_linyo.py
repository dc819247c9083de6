"""The Linyo table driven headless through the real scene loop: synthetic clicks and drags."""
from __future__ import annotations

import concurrent.futures

import pygame
import pytest

from engine import linyo
from engine.bots.worker import BotWorker
from game.files import storage
from game.shell import tables
from game.shell.app import App
from game.table import bots as bots_mod
from game.linyo_table.model import TableGame
from game.linyo_table.results import ResultsScene
from game.linyo_table.scene import TableScene as LinyoTable
from game.scenes.dialogs import ConfirmScene
from game.scenes.menu import MenuScene

DT = 1 / 60


@pytest.fixture
def home(headless_home, monkeypatch):
    monkeypatch.setattr(bots_mod, "WORKER_FACTORY", lambda: BotWorker(use_process=False))
    yield headless_home


def start_app(fast: bool = True) -> App:
    app = App(size=(1280, 720))
    if fast:
        app.settings.anim_speed = "reduced"
        app.settings.bot_pace = "instant"
    app.reset(MenuScene(app))
    app.run(frames=2, dt=DT)
    return app


def config(seats: list[dict], seed: int = 5, sheet: str = "A") -> dict:
    return {"game": "linyo", "seats": seats, "first_seat": 0, "seed": seed, "sheet": sheet}


HUMAN = {"name": "Ada", "kind": "human", "level": None, "difficulty": 2}


def bot(name: str) -> dict:
    return {"name": name, "kind": "bot", "level": "easy", "difficulty": 2}


def post(kind, **kw) -> None:
    pygame.event.post(pygame.event.Event(kind, **kw))


def click(app: App, pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(DT)


def drag(app: App, points) -> None:
    """Press on the first point, move through the others (in small steps), release."""
    pts = [(int(x), int(y)) for x, y in points]
    post(pygame.MOUSEMOTION, pos=pts[0], rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pts[0], button=1)
    app.step(DT)
    for a, b in zip(pts, pts[1:]):
        for i in range(1, 4):
            p = (a[0] + (b[0] - a[0]) * i // 3, a[1] + (b[1] - a[1]) * i // 3)
            post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            app.step(DT)
    post(pygame.MOUSEBUTTONUP, pos=pts[-1], button=1)
    app.step(DT)


def centre(scene: LinyoTable, f: int):
    return scene.geom.center(f)


def open_game(app: App, cfg: dict) -> LinyoTable:
    assert tables.open_table(app, cfg)
    app.run(frames=2, dt=DT)
    scene = app.top
    assert isinstance(scene, LinyoTable)
    scene.saver.flush()          # the autosave is written off the frame thread
    return scene


def human_turn(app: App, scene: LinyoTable) -> None:
    """One decision of the human seat, by mouse, as a player would make it."""
    st = scene.state
    seat = st.current_seat
    if st.phase == "set":
        click(app, scene.b_confirm.rect.center)          # keep the four of a kind
    elif st.phase == "start":
        for _ in range(4):
            allowed = sorted(scene.starts.allowed())
            click(app, centre(scene, allowed[len(allowed) // 2]))
        assert scene.b_confirm.enabled
        click(app, scene.b_confirm.rect.center)
    else:
        by_line = linyo.moves_by_line(st, seat)
        if not by_line:
            click(app, scene.b_nothing.rect.center)
            line = next(i + 1 for i, o in enumerate(st.open[seat]) if o)
            click(app, centre(scene, st.lines[seat][line - 1][-1]))
        else:
            move = max((m for ms in by_line.values() for m in ms), key=lambda m: (m.length, str(m)))
            fields = [st.lines[seat][move.line - 1][-1], *move.fields]
            if move.star is not None:
                fields.append(move.star)
            drag(app, [centre(scene, f) for f in fields])
            assert scene.path.action() == move
        assert scene.b_confirm.enabled
        click(app, scene.b_confirm.rect.center)
        if isinstance(app.top, ConfirmScene):       # "ask before closing a line": yes
            click(app, app.top.buttons[0].rect.center)


def play_out(app: App, scene: LinyoTable, limit: int = 4000) -> None:
    for _ in range(limit):
        if scene.state.is_over:
            break
        if scene.human_turn():
            before = len(scene.state.log)
            human_turn(app, scene)
            assert len(scene.state.log) > before
        else:
            if scene.pending is not None and not scene.pending.done():
                # frames are cheap: let the bot's thread answer instead of spending the frame budget
                concurrent.futures.wait([scene.pending], timeout=10)
            app.step(DT)
    assert scene.state.is_over
    for _ in range(600):
        if isinstance(app.top, ResultsScene):
            break
        app.step(DT)
    assert isinstance(app.top, ResultsScene)


def test_solo_game_by_mouse_records_a_personal_best(home):
    app = start_app()
    scene = open_game(app, config([HUMAN], seed=11))
    assert storage.latest_autosave() is not None
    play_out(app, scene)
    assert storage.latest_autosave() is None
    from game.files import stats
    data = stats.load()
    assert data["games"]["linyo"]["games"] == 1
    assert data["linyo_solo"]["A/2"]["best"] == scene.state.scores()[0]
    app.run(frames=3, dt=DT)
    assert app.errors == 0


def test_three_seats_with_bots_by_mouse(home):
    app = start_app()
    scene = open_game(app, config([HUMAN, bot("Bruno"), bot("Chloé")], seed=3))
    play_out(app, scene)
    assert len(scene.state.scores()) == 3
    # the ink, built from the engine's events alone, ends equal to the engine's sheets
    st = scene.state
    for seat in range(3):
        assert [ln.fields for ln in scene.reveal.lines[seat]] == [list(x) for x in st.lines[seat]]
        assert [ln.closed for ln in scene.reveal.lines[seat]] == [not o for o in st.open[seat]]
    assert sorted(scene.dice.faces, key="bog".index) == list(linyo.roll_text(st.dice))
    assert app.errors == 0


def _to_first_move(app: App, scene: LinyoTable) -> None:
    for _ in range(2000):
        if scene.state.phase == "move" and scene.human_turn():
            return
        if scene.human_turn():
            human_turn(app, scene)
        else:
            if scene.pending is not None and not scene.pending.done():
                concurrent.futures.wait([scene.pending], timeout=10)
            app.step(DT)
    raise AssertionError("never reached a move")


def test_a_path_through_an_illegal_field_is_refused_and_changes_nothing(home):
    app = start_app()
    state = linyo.new_game(players=1, seed=11, rolls=["bbog", "bbbo"], first_seat=0)
    scene = LinyoTable(app, TableGame(config([HUMAN], seed=11), state))
    app.reset(scene)
    app.run(frames=2, dt=DT)
    _to_first_move(app, scene)
    st = scene.state
    seat = st.current_seat
    record = st.to_json()
    p = scene.path
    mine = {f for fields in st.lines[seat] for f in fields}
    line = end = bad = None
    for ln in p.lines_with_moves():
        p.begin(ln)
        e = p.end_of(ln)
        options = [f for f in linyo.sheets.NEIGHBOURS[e] if f not in p.next_fields() and f not in mine]
        if options:
            line, end, bad = ln, e, options[0]
            break
    p.clear()
    assert bad is not None
    far = next((f for f in linyo.sheets.NEIGHBOURS[bad] if f != end and f not in mine), bad)
    drag(app, [centre(scene, end), centre(scene, bad), centre(scene, far)])
    assert scene.path.steps == []                  # the stroke stopped at the refused field
    assert scene.notice is not None and scene.notice[1]
    assert not scene.b_confirm.enabled
    click(app, scene.b_confirm.rect.center)
    assert st.to_json() == record                  # nothing changed in the game
    # clicking the refused field alone is refused as well
    click(app, centre(scene, bad))
    assert st.to_json() == record and scene.refused is not None and scene.refused.what == bad
    # backtracking: draw two steps, drag back onto the first, one step remains
    scene.path.clear()
    move = max(linyo.moves_by_line(st, seat)[line], key=lambda m: len(m.fields))
    if len(move.fields) >= 2:
        a, b = move.fields[0], move.fields[1]
        drag(app, [centre(scene, end), centre(scene, a), centre(scene, b), centre(scene, a)])
        assert scene.path.steps == [a]


def test_autosave_and_continue_restore_exactly(home):
    app = start_app()
    scene = open_game(app, config([HUMAN, bot("Bruno")], seed=9))
    _to_first_move(app, scene)
    human_turn(app, scene)
    log = list(scene.state.log)
    scene.saver.flush()
    env = storage.latest_autosave()
    assert env is not None and env["game"] == "linyo"
    app.to_menu()
    app.run(frames=2, dt=DT)
    menu = app.top
    assert menu.b_continue.visible
    click(app, menu.b_continue.rect.center)
    app.run(frames=2, dt=DT)
    again = app.top
    assert isinstance(again, LinyoTable)
    assert again.state.log[:len(log)] == log
    assert again.state.view(0) == linyo.from_json(env["payload"]["record"]).view(0)
    # a broken payload is refused with a message, not a crash
    from engine.core import BadSave
    from game.shell import tables
    with pytest.raises(BadSave):
        tables.build_table(app, tables.TableSpec("linyo", {"seats": []}, save={"record": {"game": "linyo"},
                                                                               "config": {"seats": []}}))


def test_four_of_a_kind_choice_by_clicking_dice(home):
    app = start_app()
    state = linyo.new_game(players=1, seed=1, rolls=["gggg"], first_seat=0)
    cfg = config([HUMAN], seed=1)
    scene = LinyoTable(app, TableGame(cfg, state))
    app.reset(scene)
    app.run(frames=2, dt=DT)
    assert state.phase == "set" and scene.set_choice == list("gggg")
    click(app, scene.die_rects[0].center)          # g -> b
    click(app, scene.die_rects[1].center)          # g -> b
    click(app, scene.die_rects[2].center)          # g -> b
    click(app, scene.die_rects[2].center)          # b -> o
    assert "".join(scene.set_choice) == "bbog"
    click(app, scene.die_rects[3].center)          # all four turned: the engine refuses
    assert scene.notice is not None and scene.notice[1]
    assert not scene.b_confirm.enabled
    click(app, scene.b_confirm.rect.center)
    assert state.phase == "set"
    click(app, scene.die_rects[3].center)          # b -> o
    click(app, scene.die_rects[3].center)          # o -> g: one die keeps grey again
    assert scene.b_confirm.enabled
    click(app, scene.b_confirm.rect.center)
    assert state.phase == "start" and linyo.roll_text(state.dice) == "bbog"
    assert state.log == ["set bbog"]
