"""The game registry: one declared description per game.

Everything that lists games, seat ranges or options (the setup screen,
statistics, storage, the tables, the CLI, the arena, the conformance suite)
reads `games()` / `game(name)`; nothing re-declares them. The core names no
game: each game package declares its `GameInfo` (``engine.<game>.INFO``) and
`engine.games` registers them.

>>> info = GameInfo(name="demo", title="Demo", min_players=1, max_players=2,
...                 options=(Option("speed", 1, (1, 2)),), lower_is_better=False,
...                 new_game=lambda **kw: None, from_json=lambda d: None,
...                 parse_action=str)
>>> info.seats
range(1, 3)
>>> info.option("speed").default
1
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Iterator


@dataclasses.dataclass(frozen=True)
class Option:
    """A setup option of a game: its key, default and allowed values."""

    key: str
    default: Any
    allowed: tuple[Any, ...]


@dataclasses.dataclass(frozen=True)
class GameInfo:
    """What the rest of the project may know about a game without importing its rules."""

    name: str                      # "lineit": the id in saves, records, statistics
    title: str                     # "Line-it": the game's name (never translated)
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    lower_is_better: bool          # Linyo counts free fields: fewer wins
    new_game: Callable[..., Any]
    from_json: Callable[[Any], Any]
    parse_action: Callable[[str], Any]
    event_kinds: Any = None        # engine.core.EventKinds of the game
    refusals: Any = None           # engine.core.Refusals of the game

    @property
    def seats(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def option(self, key: str) -> Option:
        for o in self.options:
            if o.key == key:
                return o
        raise KeyError(key)


_GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Add a game (done once per game by `engine.games`)."""
    _GAMES[info.name] = info
    return info


def games() -> Iterator[GameInfo]:
    """Every registered game, in the order registered."""
    return iter(tuple(_GAMES.values()))


def game(name: str) -> GameInfo:
    """The game called `name`; KeyError for an unknown one."""
    return _GAMES[name]
