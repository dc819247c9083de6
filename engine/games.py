"""Every game of the engine, registered: import this, then ask the registry.

    from engine.games import games, game
    [info.name for info in games()]        # ['lineit', 'linyo']
    game("linyo").seats                     # range(1, 7)

Each game declares its own `GameInfo` (``engine.<game>.INFO``); this module
registers them, so `engine.core` still names no game. Adding a game is one
`register(...)` below.

>>> [(info.name, info.seats) for info in games()]
[('lineit', range(2, 7)), ('linyo', range(1, 7))]
>>> game("linyo").new_game_kwargs(2, {"difficulty": 3})
{'sheet': 'A', 'difficulties': [3, 3]}
>>> s = game("lineit").new_game(players=3, seed=7, **game("lineit").defaults())
>>> game("lineit").from_json(s.to_json()).view(0) == s.view(0)
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine import lineit, linyo
from engine.core.registry import game, games, register

if TYPE_CHECKING:  # mypy proves each game's state satisfies the contract
    from engine.core import GameState

    _LINEIT_STATE: type[GameState[lineit.Action]] = lineit.LineitState
    _LINYO_STATE: type[GameState[linyo.Action]] = linyo.State

LINEIT = register(lineit.INFO)
LINYO = register(linyo.INFO)

__all__ = ["LINEIT", "LINYO", "game", "games"]
