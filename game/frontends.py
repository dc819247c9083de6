"""Each game's front end, declared once: what the shell may ask of a game without naming it.

The engine's registry (`engine.games`) says what a game *is* (seats, options,
rules); this one says how the app *shows* it. Each game's package
(`game/<name>_table/`) declares one `GameUI` in its `__init__` and registers
it; the shell reaches it by the engine's game name and never imports a game
package itself:

    from game.frontends import frontend
    ui = frontend("linyo")        # imports game.linyo_table once, on first use
    ui.name, ui.package           # ('linyo', 'game.linyo_table')

A game package is imported only when its front end is first asked for, so the
menu's first frame loads no table. Adding a third game is one package that
calls `register(GameUI(...))` plus its `GameInfo` in `engine.games`.

>>> frontend("lineit").name
'lineit'
>>> sorted(ui.name for ui in frontends())
['lineit', 'linyo']
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from engine.core.registry import GameInfo
from engine.games import game as game_info, games


@dataclass(frozen=True)
class GameUI:
    """One game's front end. Fields are hooks the shell calls; a game fills them in its package."""

    name: str                                   # the engine's game name ("lineit")
    package: str                                # the package that declared it ("game.lineit_table")
    #: gettext domain of the game's own texts (its table, log and refusals)
    text_domain: str = ""
    #: hooks by role; each game package fills the ones it has (see the package's __init__)
    hooks: dict[str, Callable[..., Any]] = field(default_factory=dict)

    @property
    def info(self) -> GameInfo:
        """The engine's description of the same game (seats, options, rules traits)."""
        return game_info(self.name)

    @property
    def title(self) -> str:
        """The game's name as players read it (never translated)."""
        return self.info.title


_UIS: dict[str, GameUI] = {}


def register(ui: GameUI) -> GameUI:
    """Called once by each game package; a second, different front end for a name is a ValueError."""
    known = _UIS.setdefault(ui.name, ui)
    if known is not ui:
        raise ValueError(f"the front end of {ui.name!r} is registered twice")
    return ui


def package_of(name: str) -> str:
    """The package that declares the front end of the engine's game `name`."""
    return f"game.{name}_table"


def frontend(name: str) -> GameUI:
    """The front end of game `name` (KeyError for a game the engine does not know)."""
    if name not in _UIS:
        game_info(name)                         # KeyError for a game that does not exist
        importlib.import_module(package_of(name))
    return _UIS[name]


def frontends() -> list[GameUI]:
    """Every game's front end, in the engine's registry order."""
    return [frontend(info.name) for info in games()]
