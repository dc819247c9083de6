"""The app survives what broke it once: stored full screen, every UI scale at every size,
hostile text, odd seed digits, refused saves, replaced autosaves, oversized windows (issue 14)."""
from __future__ import annotations

import json

import pygame
import pytest

from engine.bots.worker import BotWorker
from game.files import storage
from game.shell import tables
from game.shell.app import App, fit_window
from game.table import bots as table_bots
from game.scenes.dialogs import ConfirmScene, MessageScene
from game.scenes.load import LoadScene
from game.scenes.menu import MenuScene
from game.scenes.setup import SetupScene
from game.files.settings import UI_SCALES
from game.ui import text as T
from game.ui.layout import Layout
from game.ui.widgets import TextInput

from appkit import menu_app  # noqa: E402

DT = 1 / 60


@pytest.fixture
def home(headless_home, monkeypatch):
    monkeypatch.setattr(table_bots, "WORKER_FACTORY", lambda: BotWorker(use_process=False))
    yield headless_home


def start(size=(1280, 720)) -> App:
    return menu_app(size)


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


# ------------------------------------------------------------------ items 5, 6: no text takes the process down

def test_hostile_text_renders_safely(home):
    start()
    for text in ("a\x00b", "\x00" * 50, "x" * 1_000_000, "\ud800 lone surrogate", "\u202egnp.exe", "🙂" * 400,
                 "\x1b[31m red"):
        surf = T.render(text, 30, (255, 255, 255))
        assert surf.get_width() < 16_000
        assert T.width(text, 30) < 16_000
    assert T.render("a\x00b", 30, (0, 0, 0)).get_width() == T.render("ab", 30, (0, 0, 0)).get_width()


def test_a_word_longer_than_the_line_is_broken(home):
    start()
    lines = T.wrap("short " + "W" * 400 + " end", 30, 300)
    assert len(lines) > 3
    assert all(T.width(line, 30) <= 300 for line in lines)
    assert "".join(lines).replace(" ", "") == "short" + "W" * 400 + "end"
    assert len(T.wrap("y" * 10_000_000, 20, 500)) < 2_000     # a 10 MB word is cut, then wrapped


def test_stored_names_with_nul_and_huge_lengths_open_the_setup(home):
    huge = "N" * 200_000
    write_settings(home, last_setup={"linyo": {"seats": [{"name": "A\x00da" + huge, "kind": "human"}],
                                               "seed": 10 ** 40}})
    app = start()
    app.push(SetupScene(app, "linyo"))
    app.run(frames=3, dt=DT)
    scene = app.top
    assert isinstance(scene, SetupScene) and app.errors == 0
    # storage refuses the whole file at load (schema: no NUL, names capped), so the setup
    # starts from its defaults and the broken file is kept aside
    assert scene.seats[0]["name"] == "Player" and scene.cfg["seed"] is None
    assert list(home.glob("settings.json*.bad"))


def test_text_input_ignores_nul_and_caps_its_length(home):
    app = start()
    box = TextInput("", lambda t: None, max_len=20)
    box.rect = pygame.Rect(10, 10, 300, 60)
    box.set_focus(True)
    box.handle(pygame.event.Event(pygame.TEXTINPUT, text="\x00"))
    box.handle(pygame.event.Event(pygame.TEXTINPUT, text="ab\x00c" + "z" * 1000))
    assert box.text == "abc" + "z" * 17
    box.handle(pygame.event.Event(pygame.TEXTEDITING, text="comp\x00osing" * 1000, start=0, length=0))
    box.draw(app.screen, app.lay)            # used to raise: embedded null character
    assert "\x00" not in box.composition and len(box.composition) <= 80


def test_a_suggested_text_starts_selected_and_typing_replaces_it(home):
    """The save dialog suggests a name: typing a name of one's own replaces it (it was appended:
    "Linyo, round 0Mein Spiel"); Backspace clears it; an arrow key keeps it to edit."""
    app = start()
    seen: list[str] = []
    box = TextInput("Linyo, round 3", seen.append, max_len=40, selected=True)
    box.rect = pygame.Rect(10, 10, 400, 60)
    box.set_focus(True)
    box.draw(app.screen, app.lay)
    box.handle(pygame.event.Event(pygame.TEXTINPUT, text="M"))
    box.handle(pygame.event.Event(pygame.TEXTINPUT, text="y game"))
    assert box.text == "My game" and seen[-1] == "My game" and not box.selected
    box = TextInput("Linyo, round 3", seen.append, max_len=40, selected=True)
    box.set_focus(True)
    box.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b"))
    assert box.text == "" and seen[-1] == ""
    box = TextInput("Linyo, round 3", seen.append, max_len=40, selected=True)
    box.set_focus(True)
    box.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
    box.handle(pygame.event.Event(pygame.TEXTINPUT, text="!"))
    assert box.text == "Linyo, round 3!"
    assert TextInput("", seen.append, selected=True).selected is False


# ------------------------------------------------------------------ item 7: ² in the seed field

def test_superscript_digits_are_not_a_seed(home):
    app = start()
    scene = SetupScene(app, "lineit")
    app.push(scene)
    app.run(frames=2, dt=DT)
    scene.set_focus(scene.seed_input)
    for text in ("4", "²", "³", "¹", "٣", "2"):
        post(pygame.TEXTINPUT, text=text)
    app.run(frames=2, dt=DT)
    assert scene.seed_text == "42"
    scene.seed_text = "4²"      # e.g. an old run of this version typed it
    assert scene.seed() == scene.random_seed and scene.config()["seed"] == scene.random_seed
    scene.remember()
    assert app.settings.last_setup["lineit"]["seed"] is None
    assert app.errors == 0


# ------------------------------------------------------------------ item 12: a refused autosave is set aside

def test_an_autosave_the_engine_refuses_is_set_aside_once(home):
    payload = {"nonsense": True}
    storage.write_autosave("linyo", payload)
    app = start()
    menu = app.top
    assert menu.b_continue.visible
    menu.on_continue()
    app.run(frames=2, dt=DT)
    assert isinstance(app.top, MessageScene) and "cannot be loaded" in app.top.text
    assert not storage.autosave_path("linyo").exists()
    assert (home / "autosave-linyo.json.bad").exists()
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, MenuScene) and not app.top.b_continue.visible    # not offered again
    assert app.errors == 0


# ------------------------------------------------------------------ item 13: ask before replacing an autosave

def test_a_new_game_asks_before_replacing_the_unfinished_one(home, monkeypatch):
    opened = []
    monkeypatch.setattr(tables, "open_table", lambda app, cfg, path=None: opened.append(cfg) or True)
    app = start()
    setup = SetupScene(app, "lineit")
    app.push(setup)
    setup.on_start()                     # no unfinished Line-it game: no question
    assert len(opened) == 1 and not isinstance(app.top, ConfirmScene)
    storage.write_autosave("lineit", {"x": 1})
    setup.on_start()
    app.run(frames=2, dt=DT)
    assert isinstance(app.top, ConfirmScene) and "unfinished" in app.top.text and len(opened) == 1
    key(app, pygame.K_ESCAPE)            # cancel keeps the unfinished game
    assert len(opened) == 1 and app.top is setup
    setup.on_start()
    app.run(frames=2, dt=DT)
    app.top._yes()
    assert len(opened) == 2


def test_loading_a_save_asks_before_replacing_the_unfinished_one(home, monkeypatch):
    opened = []
    monkeypatch.setattr(tables, "open_table", lambda app, env, path=None: opened.append(path) or True)
    path = storage.write_save("linyo", "Friday", {"x": 1})
    storage.write_autosave("linyo", {"x": 2})
    app = start()
    scene = LoadScene(app)
    app.push(scene)
    app.run(frames=2, dt=DT)
    scene.load(scene.saves[0])
    app.run(frames=2, dt=DT)
    assert isinstance(app.top, ConfirmScene) and not opened
    app.top._yes()
    assert opened == [path]


# ------------------------------------------------------------------ item 14: sizes

def test_window_sizes_are_clamped_and_size_for_this_run_is_not_stored(home):
    write_settings(home, window=[16000, 12000])
    app = start(size=None)
    w, h = app.screen.get_size()
    assert (w, h) == fit_window((16000, 12000)) and w <= 3840 and h <= 2160
    app.quit()
    pygame.display.quit()
    app = start(size=(900, 700))
    assert app.screen.get_size() == (900, 700)
    app.quit()
    assert json.loads((home / "settings.json").read_text())["window"] == [w, h]   # not 900×700
    pygame.display.quit()
    app = start(size=(10, 10))
    assert app.screen.get_size() == (640, 480)
    app.resize(1, 1)
    assert app.screen.get_size() == (640, 480)


# ------------------------------------------------------------------ items 8, 15: messages at start

def test_an_unopenable_autosave_is_told_once(home):
    storage.autosave_path("lineit").mkdir(parents=True)     # reading a directory: "could not be opened"
    app = start()
    assert isinstance(app.top, MessageScene)
    assert app.top.text.count("could not be read") == 1


def test_an_unwritable_folder_is_told_at_start(home, monkeypatch):
    import tempfile
    real = tempfile.mkstemp

    def refuse(*args, **kw):
        if str(kw.get("dir", "")).startswith(str(home)):
            raise PermissionError(13, "Permission denied")
        return real(*args, **kw)
    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    app = start()
    assert isinstance(app.top, MessageScene) and "Permission denied" in app.top.text
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, MenuScene)
