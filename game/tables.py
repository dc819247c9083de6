"""The seam between the shell and the game tables.

A table is a module `game/scenes/<game>_table.py` (`lineit_table`,
`linyo_table`) that provides

    def make_scene(app, config=None, save=None) -> Scene
        # exactly one of config / save is given
        # config: the plain dict a setup scene produced (below)
        # save:   the payload dict the table itself stored earlier through
        #         storage.write_autosave(game, payload) / write_save(...)
        # raise engine.core.BadSave if the payload cannot be used

    def make_demo_scene(app, players, seed, speed, exit_at_end) -> Scene   # optional
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
import importlib.util
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
    return f"game.scenes.{game}_table"


def table_available(game: str) -> bool:
    """True once `game.scenes.<game>_table` exists."""
    if game not in GAMES:
        return False
    try:
        return importlib.util.find_spec(module_name(game)) is not None
    except (ImportError, ValueError):
        return False


def _module(game: str) -> Any | None:
    if not table_available(game):
        return None
    return importlib.import_module(module_name(game))


def open_table(app: "App", config_or_save: dict) -> bool:
    """Open the table for a setup config or a save envelope; False if it could not.

    A save envelope is what `storage.read_save` / `latest_autosave` return
    (`{"kind": "save", "game": ..., "payload": {...}}`); anything else is a
    setup config. When the table is not built yet or the save cannot be used,
    the player gets a plain message and stays where they are.
    """
    from engine.core import BadSave

    is_save = config_or_save.get("kind") == "save"
    game = config_or_save.get("game")
    if game not in GAMES:
        app.message(_("This is not a Linebox game."))
        return False
    module = _module(game)
    if module is None:
        app.message(_("The {game} table is not built yet, so this game cannot start. "
                      "Your setup has been kept.").format(game=GAME_NAMES[game]),
                    _("Not available yet"))
        return False
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
    """Start `linebox --demo`; returns an exit code (2 when the table is missing)."""
    module = _module(game)
    make = getattr(module, "make_demo_scene", None) if module else None
    if make is None:
        print(f"linebox: the {GAME_NAMES.get(game, game)} table has no demo yet "
              f"(game/scenes/{game}_table.py with make_demo_scene is not built).")
        return 2
    app.reset(make(app, players=players, seed=seed, speed=speed, exit_at_end=exit_at_end))
    app.run()
    return 0
