"""The seam between the shell and the game tables.

A table is the package `game/<game>_table/` (`lineit_table`, `linyo_table`),
built on the shared base `game/table/`, whose `__init__` provides

    def make_scene(app, config=None, save=None) -> Scene
        # exactly one of config / save is given
        # config: the plain dict a setup scene produced (below)
        # save:   the payload dict the table itself stored earlier through
        #         storage.write_autosave(game, payload) / write_save(...)
        # raise engine.core.BadSave if the payload cannot be used

    def make_demo_scene(app, players, seed, speed, exit_at_end) -> Scene
        # `linebox --demo GAME ...`: bots only, `speed` × normal pace;
        # with exit_at_end the scene calls app.quit() when the game is over

Setup config (both games):

    {"game": "lineit" | "linyo",
     "seats": [{"name": "Ada", "kind": "human" | "bot",
                "level": "easy" | "normal" | "hard" | None,   # None for humans
                # Linyo only:
                "difficulty": 2 | 3 | 4}, ...],
     "first_seat": None | int,        # None = random (from the seed)
     "seed": int,                     # always set; shown so games can be shared
     # Line-it only:
     "final_plays": 1 | 2,
     # Linyo only:
     "sheet": "A" | "B" | "random"}

The table pushes its own pause/result overlays, calls `app.open_rules(game)`
(F1 works anywhere), `stats.record_result(game, result)` when the game ends,
`storage.write_autosave` after each action and `storage.clear_autosave` at
the end, `sound.play(name)`, and reads `app.settings.anim_factor`,
`bot_pace_seconds` and `confirm_close_line`.
"""
from __future__ import annotations

import importlib
import logging
from typing import TYPE_CHECKING, Any

from engine.games import games

from .i18n import _

if TYPE_CHECKING:
    from .app import App

log = logging.getLogger("linebox.tables")
GAMES = tuple(g.name for g in games())                    # the registry's games
GAME_NAMES = {g.name: g.title for g in games()}           # titles are never translated


def module_name(game: str) -> str:
    return f"game.{game}_table"


def _module(game: str) -> Any:
    return importlib.import_module(module_name(game))


def open_table(app: "App", config_or_save: dict) -> bool:
    """Open the table for a setup config or a save envelope; False if it could not.

    A save envelope is what `storage.read_save` / `latest_autosave` return
    (`{"kind": "save", "game": ..., "payload": {...}}`); anything else is a
    setup config. When the save cannot be used,
    the player gets a plain message and stays where they are.
    """
    from engine.core import BadSave

    is_save = config_or_save.get("kind") == "save"
    game = config_or_save.get("game")
    if game not in GAMES:
        app.message(_("This is not a Linebox game."))
        return False
    module = _module(game)
    try:
        if is_save:
            scene = module.make_scene(app, save=config_or_save["payload"])
        else:
            scene = module.make_scene(app, config=config_or_save)
    except BadSave as exc:
        app.message(_("This saved game cannot be loaded: {reason}").format(reason=str(exc)))
        return False
    app.reset(scene)
    return True


def run_demo(app: "App", game: str, players: int, seed: int | None, speed: float, exit_at_end: bool) -> int:
    """Start `linebox --demo`; returns an exit code (2 for a game that does not exist)."""
    if game not in GAMES:
        print(f"linebox: there is no game {game!r} (choose from {', '.join(GAMES)}).")
        return 2
    app.reset(_module(game).make_demo_scene(app, players=players, seed=seed, speed=speed, exit_at_end=exit_at_end))
    app.run()
    return 0
