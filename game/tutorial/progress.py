"""What the player did with the tutorials, kept in `tutorial.json` next to the settings.

    {"version": 1, "lineit": {"step": 4, "finished": false, "offered": true}, "linyo": {...}}

`step` is where to resume; `finished` is remembered for good; `offered` is set
once the setup screen has offered the tutorial (it is offered once, then only
the menu and the rules screen show it).
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from game.files import storage
from game.shell.i18n import _
from game.files.paths import config_dir

log = logging.getLogger("linebox.tutorial")
VERSION = 1
GAMES = storage.GAMES            # the registry's games (each has an entry, tutorial or not)


def path() -> Path:
    return config_dir() / "tutorial.json"


def _check(data: dict) -> None:
    for game in GAMES:
        entry = data.get(game, {})
        if not isinstance(entry, dict):
            raise TypeError(game)


def load() -> dict[str, dict[str, Any]]:
    data = storage.read_json(path(), VERSION, _("Your tutorial progress"), _check) or {}
    out = {}
    for game in GAMES:
        entry = data.get(game, {})
        step = entry.get("step", 0)
        out[game] = {"step": step if isinstance(step, int) and not isinstance(step, bool) and step >= 0 else 0,
                     "finished": entry.get("finished") is True, "offered": entry.get("offered") is True}
    return out


def update(game: str, **values: Any) -> None:
    """Change `game`'s entry and write the file (a failed write is logged: the tutorial goes on)."""
    data = load()
    data[game].update(values)
    try:
        storage.write_json(path(), {"version": VERSION, **data})
    except OSError as exc:
        log.warning("tutorial progress not saved: %s", exc)


def entry(game: str) -> dict[str, Any]:
    return load()[game]
