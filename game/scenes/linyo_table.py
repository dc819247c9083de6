"""The Linyo table, plugged into the shell's seam (`game.tables`).

The table itself lives in the package `game.linyo_table` (sheet drawing, dice,
stroke input, flow, results, demo); this module is the entry the shell imports.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game import storage
from game.linyo_table.model import TableGame
from game.linyo_table.table import LinyoTable

if TYPE_CHECKING:
    from game.app import App
    from game.scene import Scene


def make_scene(app: "App", config: dict | None = None, save: dict | None = None) -> "Scene":
    """A table for a setup config, or for the payload the table autosaved (BadSave if unusable)."""
    if save is not None:
        return LinyoTable(app, TableGame.from_payload(save), restored=True)
    if config is None:
        raise ValueError("make_scene needs a config or a save")
    g = TableGame.new(config)
    try:
        storage.write_autosave("linyo", g.payload())
    except OSError:
        pass
    return LinyoTable(app, g)


def make_demo_scene(app: "App", players: int, seed: int | None, speed: float, exit_at_end: bool) -> "Scene":
    """`linebox --demo linyo`: bots through the real table; prints scores and figures as JSON."""
    from game.linyo_table.demo import DemoTable
    return DemoTable(app, players, seed, speed, exit_at_end)
