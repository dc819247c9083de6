"""What a game gives the tutorial and the first-game tips: typed, so no module is found by its file name.

Each game's package declares these in its `GameUI` (`game.shell.frontends.Tutorial`,
`GameUI.first_tips`), loaded the first time they are used; its modules are the
implementations (`game/<game>_table/tutorial/targets.py` and `tips.py`): mypy checks
each module against the protocol it is returned as. The table each function gets is
that game's own table (its `table_view` protocol), which a protocol shared by every
game cannot name, so it is `Any` here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol

if TYPE_CHECKING:
    import pygame

    from .guide import Guide
    from .steps import Script

#: a claim's check: (engine state, the claim's words after its name…) -> it holds
Claim = Callable[..., bool]
#: every claim a game's tutorial may make, by name (`game.tutorial.claims.holds`)
Claims = Mapping[str, Claim]


@dataclass(frozen=True)
class Found:
    """A tip a game detector found: `key` (remembered once shown), its text, the thing it is about."""

    key: str
    text: Callable[[], str]
    near: tuple[int, int, int, int]        # x, y, w, h in window pixels (`box(rect)`)
    seat: int                              # the person it is for


class TutorialTable(Protocol):
    """A game's tutorial on its table: its script and where a step's words point."""

    def script(self) -> "Script": ...

    def targets(self, table: Any, guide: "Guide") -> list["pygame.Rect"]: ...

    def ghost(self, table: Any, guide: "Guide") -> list[tuple[float, float]]: ...

    def keep_clear(self, table: Any, guide: "Guide") -> list["pygame.Rect"]: ...

    def rather_clear(self, table: Any) -> list["pygame.Rect"]: ...

    def texts(self, table: Any) -> list["pygame.Rect"]: ...

    def busy(self, table: Any) -> bool: ...

    def overlay(self, table: Any, surface: "pygame.Surface") -> None: ...


class FirstTipsFinder(Protocol):
    """What is worth a first-game tip at a game's table (`game.tutorial.tips.FirstTips` shows them)."""

    def position(self, table: Any) -> Any: ...

    def on_turn(self, table: Any) -> list[Found]: ...

    def still(self, table: Any, key: str) -> bool: ...

    def after_applied(self, table: Any, action: str, events: list[Any]) -> list[Found]: ...
