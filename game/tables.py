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

from . import history, storage
from .i18n import _

if TYPE_CHECKING:
    from pathlib import Path

    from .app import App

log = logging.getLogger("linebox.tables")
GAMES = tuple(g.name for g in games())                    # the registry's games
GAME_NAMES = {g.name: g.title for g in games()}           # titles are never translated
REASON_CHARS = 300


def module_name(game: str) -> str:
    return f"game.{game}_table"


def _module(game: str) -> Any:
    return importlib.import_module(module_name(game))


def open_table(app: "App", config_or_save: dict, path: "Path | None" = None) -> bool:
    """Open the table for a setup config or a save envelope; False if it could not.

    A save envelope is what `storage.read_save` / `latest_autosave` return
    (`{"kind": "save", "game": ..., "payload": {...}}`); anything else is a
    setup config. When the save cannot be used, the player gets a plain
    message and stays where they are. A save the table refuses is set aside
    (its file is `path`, or the game's autosave), so it is not offered, and
    refused, again and again.
    """
    from engine.core import BadSave

    is_save = config_or_save.get("kind") == "save"
    game = config_or_save.get("game")
    if not is_save:     # a setup is never a game yet: a new game gets a new id, whatever was copied
        from .table.base import new_game_id
        config_or_save = {**config_or_save, "game_id": new_game_id()}
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
        refused(app, game, str(exc), is_save, path)
        return False
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        if not is_save:
            raise
        # a payload the table did not think of: still the file's fault, never the app's
        log.warning("save refused by the %s table", game, exc_info=True)
        refused(app, game, f"{type(exc).__name__}: {exc}", is_save, path)
        return False
    app.reset(scene)
    return True


def open_replacing_autosave(app: "App", config_or_save: dict, path: "Path | None" = None) -> None:
    """`open_table`, but first ask when this would replace the unfinished game of that game."""
    game = config_or_save.get("game")
    if game in GAMES and storage.autosave_path(game).exists() and path != storage.autosave_path(game):
        def replace() -> None:
            old = storage.read_save(storage.autosave_path(game))   # read before the new table autosaves
            if open_table(app, config_or_save, path) and old is not None:
                keep_abandoned(game, old)
        app.confirm(_("Your unfinished game of {game} will be replaced by this one. Go on?").format(
            game=GAME_NAMES[game]), replace, _("Replace it"))
        return
    open_table(app, config_or_save, path)


def keep_abandoned(game: str, envelope: dict) -> None:
    """Keep a replaced unfinished game in the history, marked abandoned (a broken one is only logged)."""
    payload = envelope.get("payload")
    payload = payload if isinstance(payload, dict) else {}
    config = payload.get("config")
    if not isinstance(config, dict) or not isinstance(payload.get("record"), dict):
        log.warning("the replaced %s game could not be kept: its save has no record", game)
        return
    history.record_game(game, payload["record"], config.get("seats", ()), abandoned=True)


def refused(app: "App", game: str, reason: str, is_save: bool, path: "Path | None") -> None:
    """Tell the player the table refused; a refused save file is set aside."""
    reason = reason[:REASON_CHARS]    # a refused action is quoted: from a file, any length
    text = _("This saved game cannot be loaded: {reason}").format(reason=reason)
    if is_save:
        bad = _set_aside(path or storage.autosave_path(game), reason)
        if bad is not None:
            text += "\n\n" + _("The file was set aside as {file}, so it is not offered again.").format(
                file=bad.name)
    app.message(text)


def _set_aside(path: "Path", reason: str) -> "Path | None":
    """Rename a save the table refused (the message is the caller's); None if it is gone."""
    if not path.exists():
        return None
    told = len(storage.problems)
    bad = storage.set_aside(path, reason, _("The saved game"))
    del storage.problems[told:]     # open_table tells the player itself, in one box
    return bad if bad != path else None


def run_demo(app: "App", game: str, players: int, seed: int | None, speed: float, exit_at_end: bool) -> int:
    """Start `linebox --demo`; returns an exit code (2 for a game that does not exist)."""
    if game not in GAMES:
        print(f"linebox: there is no game {game!r} (choose from {', '.join(GAMES)}).")
        return 2
    app.reset(_module(game).make_demo_scene(app, players=players, seed=seed, speed=speed, exit_at_end=exit_at_end))
    app.run()
    return 0
