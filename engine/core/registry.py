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
>>> info.defaults()
{'speed': 1}
>>> info.new_game_kwargs(2, {"speed": 2})
{'speed': 2}
>>> info.new_game_kwargs(2, {"speed": 3})
Traceback (most recent call last):
...
ValueError: Demo's speed is 1 or 2, not 3
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Iterator, Mapping, Sequence

from .errors import Refusals
from .events import EventKinds


@dataclasses.dataclass(frozen=True)
class Option:
    """A setup option of a game: its key, default and allowed values."""

    key: str
    default: Any
    allowed: tuple[Any, ...]
    # Set for an option chosen per seat (Linyo's difficulty): `new_game` then
    # takes one value per seat under this keyword ("difficulties").
    per_seat_keyword: str | None = None


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
    event_kinds: EventKinds | None = None   # the game's event classes, for reading events back
    refusals: Refusals | None = None        # every refusal code the game can raise
    #: facts of the rules the front end and the conformance suite rely on (never re-derived there):
    #: cards in other seats' hands are hidden from a seat's view (Line-it)
    hidden_hands: bool = False
    #: every seat decides on the same chance outcome, in any order (Linyo: all move on one roll)
    same_roll_decisions: bool = False
    #: (lowest, highest) score a seat can have at any moment of any game, whatever the number of
    #: players; derived from the rules in the game's package (the conformance suite checks
    #: every step of many seeded games against it). None: the game declares no bounds.
    score_bounds: tuple[int, int] | None = None

    @property
    def seats(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def option(self, key: str) -> Option:
        for o in self.options:
            if o.key == key:
                return o
        raise KeyError(key)

    def defaults(self) -> dict[str, Any]:
        """Every option at its default value."""
        return {o.key: o.default for o in self.options}

    def new_game_kwargs(self, players: int, values: Mapping[str, Any],
                        seats: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
        """The keywords `new_game` takes for these option values (defaults for the rest).

        A per-seat option gives each seat its own value from `seats` (one mapping per seat,
        keyed like `values`), else every seat the value in `values`. ValueError for a
        value the option does not allow; keys that are not options are ignored (callers
        pass their whole settings or setup config).

        >>> from engine.games import game
        >>> game("linyo").new_game_kwargs(2, {"sheet": "B"}, [{"difficulty": 4}, {}])
        {'sheet': 'B', 'difficulties': [4, 2]}
        """
        out: dict[str, Any] = {}
        for o in self.options:
            value = values.get(o.key, o.default)
            if o.per_seat_keyword:
                each = [value] * players if seats is None else [s.get(o.key, value) for s in seats]
                out[o.per_seat_keyword] = [self._allowed(o, v) for v in each]
            else:
                out[o.key] = self._allowed(o, value)
        return out

    def _allowed(self, option: Option, value: Any) -> Any:
        if value not in option.allowed:
            allowed = " or ".join(map(str, option.allowed))
            raise ValueError(f"{self.title}'s {option.key} is {allowed}, not {value}")
        return value


_GAMES: dict[str, GameInfo] = {}
# Games declared by name, whose description (and so their rules) is loaded the first time
# one is asked for: a program that only lists the games' names imports no rules.
_DECLARED: dict[str, Callable[[], GameInfo]] = {}
_ORDER: dict[str, None] = {}        # every name, registered or declared, in that order


def register(info: GameInfo) -> GameInfo:
    """Add a game (done once per game by `engine.games`); a second, different
    description under the same name is a ValueError."""
    known = _GAMES.setdefault(info.name, info)
    if known is not info:
        raise ValueError(f"the game {info.name!r} is registered twice")
    _ORDER.setdefault(info.name)
    return info


def declare(name: str, load: Callable[[], GameInfo]) -> None:
    """Promise the game `name`: `load()` returns its description, and is called (its result
    registered) the first time the game is asked for. Declaring a name twice is a ValueError."""
    if name in _ORDER:
        raise ValueError(f"the game {name!r} is declared twice")
    _DECLARED[name] = load
    _ORDER.setdefault(name)


def _loaded(name: str) -> GameInfo:
    info = _GAMES.get(name)
    if info is None:
        info = _DECLARED[name]()            # KeyError for an unknown game
        if info.name != name:
            raise ValueError(f"the game declared as {name!r} describes {info.name!r}")
        register(info)
    return info


def names() -> tuple[str, ...]:
    """Every game's name, in the order declared or registered; loads no game."""
    return tuple(_ORDER)


def games() -> Iterator[GameInfo]:
    """Every game, in the order declared or registered (loading those not loaded yet)."""
    return iter(tuple(_loaded(name) for name in names()))


def game(name: str) -> GameInfo:
    """The game called `name` (loaded now if it was only declared); KeyError for an unknown one."""
    return _loaded(name)
