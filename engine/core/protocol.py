"""The state contract every game satisfies, as a typed `Protocol`.

A game's state is driven only through these members (the tables, the bots'
arena, the conformance suite and mypy all hold it to them):

- whose turn: ``current_seat`` (None once over, or while chance is pending),
  ``players``, ``is_over``;
- moves: ``legal_actions()`` (never a chance outcome), ``why_illegal(action)``
  (a coded `Refusal` or None), ``apply(action)`` (the `Event`s it caused;
  a refused action raises a coded `IllegalAction` and changes nothing);
- results: ``scores()``, ``places()`` (the game's ranking with its
  tie-break, 1 = best), ``winners()`` (the seats in first place, once over);
- what a seat sees: ``view(seat)`` (JSON-able; each game types it with a
  `TypedDict` in ``engine/<game>/view_types.py``);
- history: ``events`` (every event so far), ``to_json()`` (a record of format
  `engine.core.FORMAT`), ``clone()``;
- chance from outside: ``chance_needed`` and ``resolve_chance(outcome)``;
- undo by replay: ``undo_points()`` and ``rewind(n)``.

The protocol is generic in the game's action type, so mypy checks that
``lineit.LineitState`` is a ``GameState[lineit.Action]``. It is
`runtime_checkable`: ``isinstance(state, GameState)`` tests that the members
exist (not their types; the conformance suite tests behaviour).

>>> class Nothing: ...
>>> isinstance(Nothing(), GameState)
False
"""
from __future__ import annotations

from typing import Any, Mapping, Protocol, Sequence, TypeVar, runtime_checkable

from .chance import ChanceNeed
from .errors import Refusal
from .events import Event

ActionT = TypeVar("ActionT")
StateT = TypeVar("StateT", bound="GameState[Any]")


@runtime_checkable
class GameState(Protocol[ActionT]):
    """What both games' states offer (see the module docstring)."""

    @property
    def current_seat(self) -> int | None:
        """The seat to act; None once the game is over or while chance is pending."""

    @property
    def players(self) -> int:
        """How many seats play."""

    @property
    def is_over(self) -> bool:
        """True once the game has ended (then `legal_actions()` is empty)."""

    @property
    def events(self) -> Sequence[Event]:
        """Every event so far, setup events first."""

    @property
    def chance_needed(self) -> ChanceNeed | None:
        """The outcome this state waits for (only with external chance), else None."""

    def legal_actions(self) -> list[ActionT]:
        """Every action the current seat may take now, without duplicates."""

    def why_illegal(self, action: ActionT | str) -> Refusal | None:
        """Why `action` is refused now (a coded `Refusal`), or None if it is legal."""

    def apply(self, action: ActionT | str) -> list[Event]:
        """Play `action` (a value or its text); the events it caused, in order."""

    def resolve_chance(self, outcome: Sequence[str]) -> list[Event]:
        """Take the outcome `chance_needed` asks for; the events it caused."""

    def scores(self) -> list[int]:
        """Score per seat (so far, until the game is over)."""

    def places(self) -> list[int]:
        """Each seat's place by the game's ranking and tie-break (1 = best, ties share
        a place); the standing so far until the game is over."""

    def winners(self) -> list[int]:
        """The winning seats (several on a tie): those in first place once over; [] before the end."""

    def view(self, seat: int) -> Mapping[str, Any]:
        """What `seat` may see, JSON-able; ValueError for a seat not at the table."""

    def to_json(self) -> dict[str, Any]:
        """The game as a record (`engine.core.record`)."""

    def clone(self: StateT) -> StateT:
        """An independent copy."""

    def undo_points(self) -> list[int]:
        """Action counts the current seat may rewind to, ascending (never before chance)."""

    def rewind(self: StateT, n: int, any: bool = False) -> StateT:
        """A new state rebuilt from the record up to `n` actions.

        ValueError unless `n` is in `undo_points()`, or `any` is true (replays:
        any n from 0 to the number of actions).
        """
