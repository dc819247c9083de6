"""What opens a table: the game, where it starts, who drives each seat, and the options.

`game.shell.tables.open_table` / `build_table` take a `TableSpec`; the game's own
front end (`game.shell.frontends.GameUI` hooks `make_game`, `make_table`) builds the
table from it, so no caller names a game:

    TableSpec("linyo", config)                                  # a new game from the setup screen
    TableSpec(game, config, save=payload)                       # Continue / Load
    TableSpec(game, config, state=state, drivers=record,        # the replay viewer
              options=TableOptions(at_rest=True))
    TableSpec(game, config, state=state, drivers=online(room))  # an online table
    TableSpec(game, config, state=state, drivers=scripted(guide))   # a tutorial
    TableSpec(game, config, state=state, options=TableOptions(figures=True))   # the demo
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Protocol

import pygame

from .drivers import Plan, TableOptions, local

if TYPE_CHECKING:
    pass


class TableComponent(Protocol):
    """Something a table hosts on top of its own play (the online strip, the tutorial's guide):
    it sees input first, updates with the table, draws over it, hears of every applied action,
    and may refuse a person's action or an undo (`Hosted` gives the defaults)."""

    def handle(self, event: pygame.event.Event) -> bool: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]: ...

    def applied(self, action: Any, events: list[Any] | None) -> None: ...

    def vet(self, actions: list[str]) -> list[str] | None: ...

    def allows_rewind(self) -> bool: ...

    def hint(self) -> bool: ...


class Hosted:
    """The defaults of a `TableComponent`: it takes no input, draws nothing, lets every action be."""

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        """Nothing moves."""

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        return []

    def applied(self, action: Any, events: list[Any] | None) -> None:
        """An action went into the engine (None: a chance outcome)."""

    def vet(self, actions: list[str]) -> list[str] | None:
        """The person's actions as they go to the engine; None refuses them."""
        return actions

    def allows_rewind(self) -> bool:
        return True

    def hint(self) -> bool:
        """True when the component answers the Hint button itself."""
        return False


#: makes a component for the table once it is built
ComponentMaker = Callable[[Any], TableComponent]


@dataclass
class TableSpec:
    """One table to open (see the module text). At most one of `state` / `save` is given; with
    neither, a new game is set up from `config`."""

    game: str
    config: dict[str, Any]
    state: Any = None
    save: dict[str, Any] | None = None
    drivers: Plan = local
    options: TableOptions = field(default_factory=TableOptions)
    components: tuple[ComponentMaker, ...] = ()
