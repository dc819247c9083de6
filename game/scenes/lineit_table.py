"""The Line-it table, plugged into the shell through `game.tables`.

    make_scene(app, config=None, save=None)        # a new game or a saved one
    make_demo_scene(app, players, seed, speed, exit_at_end)   # linebox --demo lineit

The table itself lives in the package `game.lineit_table`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import BadSave

from game.lineit_table.controller import Controller
from game.lineit_table.scene import TableScene

if TYPE_CHECKING:
    from game.app import App
    from game.scene import Scene


def make_scene(app: "App", config: dict | None = None, save: dict | None = None) -> "Scene":
    """The table for a setup config, or for a payload the table saved earlier (BadSave if unusable)."""
    if save is not None:
        ctrl = Controller.from_payload(save)
    elif config is not None:
        try:
            ctrl = Controller.new(config)
        except (KeyError, TypeError) as exc:
            raise BadSave(f"the setup is incomplete ({exc})") from None
    else:
        raise BadSave("nothing to open")
    return TableScene(app, ctrl)


def make_demo_scene(app: "App", players: int, seed: int | None, speed: float, exit_at_end: bool) -> "Scene":
    """Bots only, built exactly like the arena's game 0 for `seed`; prints figures as JSON at the end."""
    from game.lineit_table.demo import DemoScene
    return DemoScene.build(app, players, seed, speed, exit_at_end)
