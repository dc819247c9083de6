"""The seam between the shell and the game tables: one factory opens every table.

A table is the package `game/<game>_table/`, built on the shared base
`game/table/`. Its front end (`game.shell.frontends.GameUI`) declares the hooks

    make_game(config, state=None, save=None) -> the game at the table
        # exactly one way in: a save payload the table stored earlier, an engine
        # state to open at (a replay's moment, a room's replica, a tutorial's step,
        # the demo's arena game), or else a new game from the setup config below;
        # raise engine.core.BadSave if it cannot be used
    make_table(app, tg, seating, options) -> Scene
    show_chance(scene, events)      # an online host's deal or roll, shown as the game shows it
    demo_game(players, seed) -> (state, config)     # what `linebox --demo GAME` plays
    event_text(event, name) -> str  # the log's sentence of an event (the online hub's last move)
    branch_game(final, chance, seed) -> state       # "Play from here": the chance seen so far, then fresh
    setup_of(state) -> (options, seat options)      # the setup config's options of an engine state
    draw_suggestion(table, surface, action) -> rects  # the post-game review's better move on the table
    review_lines(item) -> (cost, played, better)     # a reviewed decision in words; review_summary(result)

and `build_table(app, TableSpec(...))` (`game.table.spec`) is the only place
a table is made: the setup screen, Continue and Load, "Play from here",
History's replays, the tutorials, online tables and the demo each choose the
seats' drivers and options (`game.table.drivers`) and nothing else.

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

import logging
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.games import games

from game.files import history, storage
from .frontends import frontend
from .i18n import _
from game.table.drivers import TableOptions
from game.table.spec import TableSpec

if TYPE_CHECKING:
    from pathlib import Path

    from .app import App
    from .scene import Scene

log = logging.getLogger("linebox.tables")
GAMES = tuple(g.name for g in games())                    # the registry's games
GAME_NAMES = {g.name: g.title for g in games()}           # titles are never translated
REASON_CHARS = 300


def build_table(app: "App", spec: TableSpec) -> "Scene":
    """The table for `spec`: the game at its start, seated by the spec's drivers, with its options
    and components (raises BadSave, or what the game's code raised for a save it did not think of)."""
    ui = frontend(spec.game)
    tg = ui.make_game(spec.config, state=spec.state, save=spec.save)
    seating = spec.drivers(spec.game, tg.config, len(tg.config["seats"]))
    options = spec.options
    if spec.save is not None and not options.at_rest:
        options = replace(options, at_rest=True)     # a loaded game shows what already happened at once
    table: Scene = ui.make_table(app, tg, seating, options)
    for make in spec.components:
        table.host(make(table))           # type: ignore[attr-defined]  # every table has TableBase.host
    return table


def spec_for(config_or_save: dict) -> TableSpec | None:
    """The spec of a setup config or a save envelope (`storage.read_save`); None for no known game.

    A setup is never a game yet: it gets a new game id, whatever was copied."""
    game = config_or_save.get("game")
    if game not in GAMES:
        return None
    if config_or_save.get("kind") == "save":
        payload = config_or_save.get("payload")
        config = payload.get("config") if isinstance(payload, dict) else None
        return TableSpec(str(game), config if isinstance(config, dict) else {}, save=payload if isinstance(
            payload, dict) else {})
    from game.table.base import new_game_id
    return TableSpec(str(game), {**config_or_save, "game_id": new_game_id()})


def open_table(app: "App", what: "dict | TableSpec", path: "Path | None" = None) -> bool:
    """Open a table in place of every scene; False if it could not.

    `what` is a `TableSpec`, a setup config, or a save envelope (what
    `storage.read_save` / `latest_autosave` return: `{"kind": "save", "game": ...,
    "payload": {...}}`). When a save cannot be used, the player gets a plain
    message and stays where they are. A save the table refuses is set aside
    (its file is `path`, or the game's autosave), so it is not offered, and
    refused, again and again.
    """
    from engine.core import BadSave

    spec = what if isinstance(what, TableSpec) else spec_for(what)
    if spec is None:
        app.message(_("This is not a Linebox game."))
        return False
    is_save = spec.save is not None
    game = spec.game
    try:
        scene = build_table(app, spec)
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
    history.record_game(game, payload["record"], config.get("seats", ()), abandoned=True,
                        branch=config.get("branch"), daily=config.get("daily"))


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


def demo_spec(game: str, players: int, seed: int | None, speed: float, exit_at_end: bool) -> TableSpec:
    """`linebox --demo GAME`: the game's arena game with every seat a bot, measured (`TableOptions.figures`)."""
    state, config = frontend(game).demo_game(players, seed)
    return TableSpec(game, config, state=state,
                     options=TableOptions(speed=max(0.05, speed), figures=True, exit_at_end=exit_at_end, sounds=False))


def run_demo(app: "App", game: str, players: int, seed: int | None, speed: float, exit_at_end: bool) -> int:
    """Start `linebox --demo`; returns an exit code (2 for a game that does not exist)."""
    if game not in GAMES:
        print(f"linebox: there is no game {game!r} (choose from {', '.join(GAMES)}).")
        return 2
    app.reset(build_table(app, demo_spec(game, players, seed, speed, exit_at_end)))
    app.run()
    return 0
