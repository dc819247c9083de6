"""Every game of the engine, declared: import this, then ask the registry.

    from engine.games import games, game, names
    names()                                 # ('lineit', 'linyo'): imports no rules
    [info.name for info in games()]        # ['lineit', 'linyo']
    game("linyo").seats                     # range(1, 7)

Each game declares its own `GameInfo` (``engine.<game>.INFO``); this module
declares the games by the name of their package, so `engine.core` still names
no game, and a game's package (its rules) is imported the first time that game
is asked for: a program that only lists the names (the app's menu, the files'
paths) loads no rules. Adding a game is one name in `PACKAGES` below.

>>> names()
('lineit', 'linyo')
>>> [(info.name, info.seats) for info in games()]
[('lineit', range(2, 7)), ('linyo', range(1, 7))]
>>> game("linyo").new_game_kwargs(2, {"difficulty": 3})
{'sheet': 'A', 'difficulties': [3, 3]}
>>> s = game("lineit").new_game(players=3, seed=7, **game("lineit").defaults())
>>> game("lineit").from_json(s.to_json()).view(0) == s.view(0)
True
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Callable

from engine.core.registry import GameInfo, declare, game, games, names

if TYPE_CHECKING:  # mypy proves each game's state satisfies the contract
    from engine import lineit, linyo
    from engine.core import GameState

    _LINEIT_STATE: type[GameState[lineit.Action]] = lineit.LineitState
    _LINYO_STATE: type[GameState[linyo.Action]] = linyo.State

#: every game, by its package under `engine/` (which declares `INFO`), in this order everywhere
PACKAGES = ("lineit", "linyo")


def _info_of(package: str) -> Callable[[], GameInfo]:
    return lambda: importlib.import_module(f"engine.{package}").INFO


for _name in PACKAGES:
    declare(_name, _info_of(_name))


__all__ = ["PACKAGES", "game", "games", "names"]
