"""Every shell scene, opened the way a player reaches it (the layout test and screenshots share it)."""
from __future__ import annotations

from typing import Callable

from game.files import storage
from game.shell import tables
from game.shell.app import App
from game.scenes.dialogs import ConfirmScene, MessageScene
from game.scenes.history import HistoryScene
from game.scenes.load import LoadScene
from game.scenes.menu import MenuScene
from game.scenes.rules import RulesScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.stats_scene import StatsScene
from game.table.overlays import PassScene, PauseScene, SaveScene

DT = 1 / 60


def human_game(app: App, game: str) -> object:
    """A fresh table with a human and a bot (autosaved: the menu then offers to resume it)."""
    seats = [{"name": "Ada", "kind": "human", "level": None}, {"name": "Bruno", "kind": "bot", "level": "easy"}]
    cfg = {"game": game, "seed": 5, "seats": seats}
    if game == "lineit":
        cfg.update(first_seat=0, final_plays=1)
    assert tables.open_table(app, cfg)
    app.run(frames=3, dt=DT)
    return app.top


def _menu_with_resume(app: App) -> None:
    human_game(app, "lineit")
    app.to_menu()


def _saved_then_load(app: App) -> None:
    table = human_game(app, "linyo")
    storage.write_save("linyo", "Tuesday evening with a rather long name", table.tg.payload())
    app.to_menu()
    app.push(LoadScene(app))


def _history_with_a_branch(app: App) -> None:
    """A finished game and a game played on from its sixth move (listed as its branch)."""
    from game.files import history
    from game.replay.__main__ import finished_game
    seats = [{"name": "Ada", "kind": "human", "level": None}, {"name": "Bruno", "kind": "bot", "level": "hard"}]
    parent = history.record_game("linyo", finished_game("linyo", 2, 7).to_json(), seats)
    history.record_game("linyo", finished_game("linyo", 2, 8).to_json(), seats, abandoned=True,
                        branch={"of": parent.id, "at": 6})
    app.push(HistoryScene(app))


def _statistics_played(app: App) -> None:
    """Statistics after a few games: the table, the bests with their links, the chart (Linyo last)."""
    from game.files import stats
    for i in range(3):
        stats.record_result("lineit", {"seats": [{"name": "Ada", "kind": "human", "level": None, "score": 20 + i},
                                                 {"name": "Bruno", "kind": "bot", "level": "hard", "score": 25}],
                                       "winners": [1]})
    for free in (9, 7, 8):
        stats.record_result("linyo", {"seats": [{"name": "Ada", "kind": "human", "level": None, "score": free}],
                                      "winners": [0], "sheet": "A", "difficulties": [2]})
    app.push(StatsScene(app))


def _overlay(kind: type) -> Callable[[App], None]:
    def open_it(app: App) -> None:
        table = human_game(app, "lineit")
        app.push(kind(app, table, 1) if kind is PassScene else kind(app, table))
    return open_it


SCENES: dict[str, Callable[[App], None]] = {
    "menu": lambda app: None,
    "menu_resume": _menu_with_resume,
    "setup_lineit": lambda app: app.push(SetupScene(app, "lineit")),
    "setup_linyo": lambda app: app.push(SetupScene(app, "linyo")),
    "settings": lambda app: app.push(SettingsScene(app)),
    "rules": lambda app: app.push(RulesScene(app)),
    "rules_linyo": lambda app: app.push(RulesScene(app, "linyo")),
    "statistics": lambda app: app.push(StatsScene(app)),
    "statistics_played": _statistics_played,
    "load": lambda app: app.push(LoadScene(app)),
    "load_saved": _saved_then_load,
    "history": lambda app: app.push(HistoryScene(app)),
    "history_branch": _history_with_a_branch,
    "message": lambda app: app.push(MessageScene(app, "The game could not be saved: the disk is full. "
                                                 "Nothing else was changed.", "Sorry")),
    "confirm": lambda app: app.push(ConfirmScene(app, "Quit Linebox?", app.quit)),
    "pause": _overlay(PauseScene),
    "save": _overlay(SaveScene),
    "pass": _overlay(PassScene),
}


def start(size: tuple[int, int], lang: str) -> App:
    """An app at `size` in `lang` with animations off (a scene is at rest after a few frames)."""
    from game.files.settings import Settings
    settings = Settings.load()
    settings.language, settings.anim_speed = lang, "reduced"
    settings.save()
    app = App(size=size)
    app.reset(MenuScene(app))
    return app


def open_scene(app: App, name: str) -> None:
    SCENES[name](app)
    app.run(frames=5, dt=DT)
