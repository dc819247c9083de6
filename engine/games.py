"""Every game of the engine, registered: import this, then ask the registry.

    from engine.games import games, game
    [info.name for info in games()]        # ['lineit', 'linyo']
    game("linyo").seats                     # range(1, 7)

The descriptions are built here from each game's public functions, so the
rules packages need not know the registry exists, and `engine.core` still
names no game. Adding a game is one `register(...)` below.

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
from engine.core.registry import GameInfo, Option, game, games, register

if TYPE_CHECKING:  # mypy proves each game's state satisfies the contract
    from engine.core import GameState

    _LINEIT_STATE: type[GameState[lineit.Action]] = lineit.LineitState
    _LINYO_STATE: type[GameState[linyo.Action]] = linyo.State

LINEIT = register(GameInfo(
    name="lineit", title="Line-it", min_players=2, max_players=6,
    options=(Option("final_plays", 1, (1, 2)),),
    lower_is_better=False,
    new_game=lineit.new_game, from_json=lineit.from_json, parse_action=lineit.parse_action,
))

LINYO = register(GameInfo(
    name="linyo", title="Linyo", min_players=1, max_players=6,
    options=(Option("sheet", "A", ("A", "B", "random")),
             Option("difficulty", 2, (2, 3, 4), per_seat_keyword="difficulties")),
    lower_is_better=True,  # Linyo counts the fields left free
    new_game=linyo.new_game, from_json=linyo.from_json, parse_action=linyo.parse_action,
))

__all__ = ["LINEIT", "LINYO", "game", "games"]
