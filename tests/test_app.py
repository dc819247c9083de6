"""The app shell driven headless through its real scene loop with synthetic events."""
from __future__ import annotations

import json
import types

import pygame
import pytest

from game.shell import sound
from game.files import storage
from game.shell.app import App
from game.scenes.dialogs import ConfirmScene, MessageScene
from game.scenes.menu import MenuScene
from game.scenes.rules import RulesScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.stats_scene import StatsScene
from game.ui import text as T
from game.ui.widgets import Button, label_text

from appkit import menu_app  # noqa: E402

DT = 1 / 60


@pytest.fixture
def home(headless_home, monkeypatch):
    yield headless_home


def start(size=(1280, 720)) -> App:
    return menu_app(size)


def key(app: App, k: int, mod: int = 0, frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    app.run(frames=frames, dt=DT)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run(frames=1, dt=DT)


def menu_button(app: App, msgid: str) -> Button:
    menu = app.stack[0]
    return next(w for w in menu.widgets if isinstance(w, Button) and w.label == msgid)


def test_menu_by_keyboard(home):
    app = start()
    menu = app.top
    assert isinstance(menu, MenuScene)
    assert not menu.b_continue.visible          # no unfinished game yet
    assert menu.focus.label == "Play Line-it"
    key(app, pygame.K_DOWN)
    assert menu.focus.label == "Play Linyo"
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert menu.focus.label == "Play Line-it"
    key(app, pygame.K_UP)                        # wraps round to Quit
    assert menu.focus.label == "Quit"
    key(app, pygame.K_UP)                        # Settings
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    key(app, pygame.K_ESCAPE)                    # Esc on the menu asks before quitting
    assert isinstance(app.top, ConfirmScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is menu and app.running


def test_menu_by_mouse(home):
    app = start()
    click(app, menu_button(app, "Statistics").rect.center)
    assert isinstance(app.top, StatsScene)
    click(app, app.top.done.rect.center)
    assert isinstance(app.top, MenuScene)
    click(app, menu_button(app, "Rules").rect.center)
    assert isinstance(app.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    click(app, menu_button(app, "Quit").rect.center)        # asks first, as Esc does
    assert isinstance(app.top, ConfirmScene) and app.running
    click(app, app.top.buttons[0].rect.center)
    assert not app.running


def test_language_switch_changes_the_menu_at_once(home):
    app = start()
    settings_btn = menu_button(app, "Settings")
    assert label_text(settings_btn.label) == "Settings"
    click(app, settings_btn.rect.center)
    scene = app.top
    assert scene.focus is scene.language
    key(app, pygame.K_RIGHT)                     # English -> Deutsch
    assert app.settings.language == "de"
    assert label_text(scene.done.label) == "Fertig"
    key(app, pygame.K_ESCAPE, frames=30)
    assert label_text(settings_btn.label) == "Einstellungen"
    # the drawn frame used the German text
    assert any(k[0] == "Einstellungen" for k in T._cache)
    assert json.loads((home / "settings.json").read_text())["language"] == "de"


def test_setting_survives_a_restart(home):
    app = start()
    click(app, menu_button(app, "Settings").rect.center)
    scene = app.top
    scene.set_focus(scene.volume)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    scene.set_focus(scene.anim)
    key(app, pygame.K_LEFT)                      # normal -> slow
    assert app.settings.volume == pytest.approx(0.7)
    pygame.display.quit()
    stored = json.loads((home / "settings.json").read_text())
    assert stored["version"] == 1 and stored["volume"] == pytest.approx(0.7)
    app2 = start()
    assert app2.settings.volume == pytest.approx(0.7)
    assert app2.settings.anim_speed == "slow"
    click(app2, menu_button(app2, "Settings").rect.center)
    assert app2.top.volume.value == pytest.approx(0.7)


def test_system_locale_on_first_start(home, monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    app = start()
    assert app.settings.language == "fr"
    assert label_text(menu_button(app, "Settings").label) == "Réglages"


def test_corrupt_settings_and_autosave_are_set_aside(home):
    (home / "settings.json").write_text('{"version": 1, "volume": 0.3,')       # truncated
    (home / "autosave-lineit.json").write_bytes(b"\x00\xffnot json at all")
    app = start()
    assert isinstance(app.top, MessageScene)
    text = app.top.text
    assert "settings" in text and "autosave" in text and ".bad" in text
    assert (home / "settings.json.bad").exists()
    assert (home / "autosave-lineit.json.bad").exists()
    assert app.settings.volume == 0.8                                          # defaults
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, MenuScene) and not app.top.b_continue.visible
    app.run(frames=3, dt=DT)
    assert not isinstance(app.top, MessageScene)                               # shown once


def test_future_version_and_hostile_content(home):
    (home / "settings.json").write_text(json.dumps({"version": 99}))
    (home / "statistics.json").write_text("[" * 100000)
    app = start()
    assert (home / "settings.json.bad").exists()
    assert isinstance(app.top, MessageScene) and "newer Linebox" in app.top.text
    key(app, pygame.K_RETURN)
    click(app, menu_button(app, "Statistics").rect.center)
    assert (home / "statistics.json.bad").exists()
    assert isinstance(app.top, MessageScene) and "statistics" in app.top.text
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, StatsScene) and not app.top.has_games()


@pytest.mark.parametrize("size", [(800, 600), (3840, 2160)])
def test_resize_keeps_every_screen_inside_the_window(home, size):
    app = start()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.run(frames=2, dt=DT)
    assert app.screen.get_size() == size
    assert (app.lay.width, app.lay.height) == size
    window = pygame.Rect((0, 0), size)
    scenes = [lambda: app.stack[0], lambda: SetupScene(app, "lineit"), lambda: SetupScene(app, "linyo"),
              lambda: SettingsScene(app), lambda: StatsScene(app), lambda: RulesScene(app)]
    for make in scenes:
        scene = make()
        if scene is not app.top:
            app.push(scene)
        if isinstance(scene, SetupScene):
            scene.set_players(6)
        app.run(frames=2, dt=DT)
        shown = [w for w in scene.widgets if w.visible]
        for w in shown:
            assert window.contains(w.rect), (scene.name, w.rect)
            assert w.rect.h >= 12
        for i, a in enumerate(shown):
            for b in shown[i + 1:]:
                assert not a.rect.colliderect(b.rect), (scene.name, a.rect, b.rect)
        if scene is not app.stack[0]:
            app.pop()
    assert app.settings.window == list(size)
    # crisp: fonts are opened at the real pixel size, not scaled afterwards
    assert app.lay.font_px(30) == round(30 * app.lay.scale) or app.lay.font_px(30) == 9


def fake_table(monkeypatch, game, make_game, make_table):
    """The table seam (`game.shell.tables.build_table`) reaches a stand-in front end for `game`."""
    import dataclasses

    from game.shell import frontends
    # the game's own front end (its setup options, statistics...) with the table's two hooks stood in
    ui = dataclasses.replace(frontends.frontend(game), package="tests.fake",
                             make_game=make_game, make_table=make_table)
    monkeypatch.setitem(frontends._UIS, game, ui)


def test_setup_hands_a_config_to_the_table_seam(home, monkeypatch):
    made = {}

    class FakeTable(MenuScene):
        name = "fake table"

    def make_game(config, state=None, save=None):
        made["config"], made["save"] = config, save
        return types.SimpleNamespace(config=config)

    fake_table(monkeypatch, "lineit", make_game, lambda app, tg, seating, options: FakeTable(app))
    app = start()
    key(app, pygame.K_RETURN)                    # Play Line-it
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.focus is setup.start
    name_box = setup.seat_rows[0][0]
    setup.set_focus(name_box)
    key(app, pygame.K_END)
    for _ in range(len(name_box.text)):
        key(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text="ア", start=0, length=1))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoé ♥"))
    app.run(frames=1, dt=DT)
    assert name_box.text == "Zoé ♥"
    setup.set_focus(setup.option_widgets[0])
    key(app, pygame.K_RIGHT)                     # 3 -> 4 players
    setup.set_focus(setup.seed_input)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="12ab34"))
    app.run(frames=1, dt=DT)
    setup.set_focus(setup.start)
    key(app, pygame.K_RETURN)
    cfg = made["config"]
    assert made["save"] is None and isinstance(app.top, FakeTable)
    assert cfg["game"] == "lineit" and cfg["seed"] == 1234 and cfg["final_plays"] == 1
    assert cfg["first_seat"] is None and len(cfg["seats"]) == 4
    assert cfg["seats"][0] == {"name": "Zoé ♥", "kind": "human", "level": None}
    assert all(s["kind"] == "bot" and s["level"] == "normal" for s in cfg["seats"][1:])
    json.dumps(cfg)                              # plain data
    # the setup is remembered
    app.to_menu()
    app.run(frames=1, dt=DT)
    key(app, pygame.K_RETURN)
    again = app.top
    assert len(again.seats) == 4 and again.seats[0]["name"] == "Zoé ♥" and again.seed() == 1234


def test_continue_goes_through_the_seam_with_the_save(home, monkeypatch):
    storage.write_autosave("linyo", {"record": {"actions": ["x"]}})
    got = {}
    def make_game(config, state=None, save=None):
        got["save"] = save
        return types.SimpleNamespace(config={"seats": []})

    fake_table(monkeypatch, "linyo", make_game, lambda app, tg, seating, options: StatsScene(app))
    app = start()
    menu = app.top
    assert menu.b_continue.visible and menu.focus is menu.b_continue
    assert label_text(menu.b_continue.label) == "Continue Linyo"
    key(app, pygame.K_RETURN)
    assert got["save"] == {"record": {"actions": ["x"]}}
    assert isinstance(app.top, StatsScene)


def test_an_exception_in_a_scene_goes_back_to_the_menu(home):
    app = start()

    class Broken(StatsScene):
        def update(self, dt):
            raise RuntimeError("boom in update")

    app.push(Broken(app))
    app.run(frames=2, dt=DT)
    assert isinstance(app.stack[0], MenuScene) and isinstance(app.top, MessageScene)
    assert "went back to the menu" in app.top.text
    assert "boom in update" in (home / "logs" / "linebox.log").read_text()


def test_f1_opens_rules_and_f11_toggles_fullscreen(home):
    app = start()
    key(app, pygame.K_F1)
    assert isinstance(app.top, RulesScene)
    key(app, pygame.K_F1)
    assert sum(isinstance(s, RulesScene) for s in app.stack) == 1
    key(app, pygame.K_F11)
    assert app.settings.fullscreen is True
    key(app, pygame.K_F11)
    assert app.settings.fullscreen is False


def test_rules_scene_renders_blocks_and_scrolls(home, monkeypatch):
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Block:
        kind: str
        text: str = ""
        items: tuple = ()

    book = [Block("h1", "Line-it"), Block("para", "Take **one** card (see *Bets*). " * 40),
            Block("pictures", items=("card:17", "bet:B4", "back", "token:+4", "jackpot:red")),
            Block("bullet", "A bullet with **bold**."), Block("h1", "Linyo"), Block("h2", "Dice"),
            Block("pictures", items=("die:b", "field:o*", "start", "end")),
            Block("para", "Roll the dice. " * 80)]
    monkeypatch.setattr(RulesScene, "loader", staticmethod(lambda lang: book))
    app = start()
    app.open_rules("linyo")
    app.run(frames=2, dt=DT)
    rules = app.top
    assert rules.sections["linyo"] > 0 and rules.scroll == pytest.approx(rules._clamp(rules.sections["linyo"]))
    key(app, pygame.K_HOME, frames=60)            # the start of the game being read
    assert rules.scroll == pytest.approx(rules._clamp(rules.sections["linyo"]))
    key(app, pygame.K_LEFT, frames=60)
    key(app, pygame.K_HOME, frames=60)
    assert rules.scroll == 0
    key(app, pygame.K_PAGEDOWN, frames=60)
    assert rules.scroll > 0
    pics = [tok for item in rules.items for (_x, tok, _h) in item.pics]
    assert {"card:17", "field:o*", "end"} <= set(pics)
    from game.scenes.rules import BOLD, ITALIC
    styled = {(txt, style) for item in rules.items for (_x, txt, style, _s, _c) in item.runs}
    assert ("one", BOLD) in styled and ("Bets", ITALIC) in styled
    assert not any("*" in txt for item in rules.items for (_x, txt, *_r) in item.runs)


def test_real_rulebook_in_three_languages(home):
    app = start()
    for lang in ("en", "de", "fr"):
        app.change_settings(language=lang)
        app.open_rules()
        app.run(frames=2, dt=DT)
        rules = app.top
        assert not rules.error and len(rules.items) > 50 and set(rules.sections) == {"lineit", "linyo"}
        app.pop()


def test_statistics_scene_shows_recorded_results(home):
    from game.files import stats
    app = start()
    click(app, menu_button(app, "Statistics").rect.center)
    assert not app.top.has_games() and app.top.bests == []
    app.pop()
    stats.record_result("linyo", {"seats": [{"name": "Ada", "kind": "human", "level": None, "score": 0}],
                                  "winners": [0], "sheet": "B", "difficulties": [3]})
    click(app, menu_button(app, "Statistics").rect.center)
    assert app.top.game == "linyo"               # the game last played
    (key, row), = app.top.table_rows()
    assert key == "all" and (row["games"], row["wins"], row["best"]) == (1, 1, 0)
    texts = [text() for text, _id in app.top.bests]
    assert texts == ["Fewest free fields: 0", "Solo, sheet B, difficulty 3: best 0 free (1 game)",
                     "1 perfect sheet ★"]


def test_silent_without_an_audio_device(home, monkeypatch):
    def no_audio(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_audio)
    app = start()
    assert sound.available is False and "audio" in sound.problem
    sound.play("place")                          # never raises
    click(app, menu_button(app, "Settings").rect.center)
    assert any(k[0].startswith("No sound device") for k in T._cache)
    monkeypatch.undo()
    sound.init()


def test_smoke_command(home):
    from game.__main__ import main
    assert main(["--smoke"]) == 0


def test_linyo_setup_offers_the_daily_sheet(home):
    """The daily sheet: today's random sheet and a seed from the date, for everybody."""
    import datetime

    from game.linyo_table.daily import daily_seed
    from game.scenes.setup import SetupScene

    app = start()
    scene = SetupScene(app, "linyo")
    app.push(scene)
    app.run(frames=2, dt=DT)
    scene.cfg["sheet"] = "daily"
    cfg = scene.config()
    today = datetime.date.today()
    assert cfg["sheet"] == "random" and cfg["daily"] == today.isoformat()
    assert cfg["seed"] == daily_seed(today)
    scene.seed_text = "123"  # a typed seed does not change the daily game
    assert scene.config()["seed"] == daily_seed(today)
    app.run(frames=2, dt=DT)  # draws the daily note
