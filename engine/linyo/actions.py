"""Linyo actions: small frozen values whose text form parses back to itself.

>>> parse_action("move 2 c5 c6 d6 +d7")
Move(line=2, fields=(46, 57, 58), star=69)
>>> str(parse_action("MOVE 2  c5 c6 d6 +D7"))
'move 2 c5 c6 d6 +d7'
>>> str(SetDice((1, 1, 2))), str(Start(35)), str(Abort(3))
('set bogg', 'start c4', 'abort 3')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from engine.core import IllegalAction

from .dice import Roll, parse_roll, roll_text
from .sheets import field_name, parse_field

LINES = 4
MAX_DICE_STEPS = 4


@dataclass(frozen=True)
class SetDice:
    """``set bbog``: the roller's result after a four of a kind."""

    dice: Roll

    def __str__(self) -> str:
        return f"set {roll_text(self.dice)}"


@dataclass(frozen=True)
class Start:
    """``start c4``: one start field (●); a seat's lines are numbered 1-4 in start order."""

    field: int

    def __str__(self) -> str:
        return f"start {field_name(self.field)}"


@dataclass(frozen=True)
class Move:
    """``move 2 c5 c6 +d6``: extend line 2 by dice steps, then the optional star step.

    ``fields`` are the dice steps in order (1-4 of them); ``star`` is the
    field of the star step or None.
    """

    line: int
    fields: tuple[int, ...]
    star: Optional[int] = None

    def __str__(self) -> str:
        parts = ["move", str(self.line)] + [field_name(f) for f in self.fields]
        if self.star is not None:
            parts.append("+" + field_name(self.star))
        return " ".join(parts)

    @property
    def length(self) -> int:
        """Fields this move adds to its line (the star step counts)."""
        return len(self.fields) + (self.star is not None)


@dataclass(frozen=True)
class Abort:
    """``abort 3``: extend nothing this round and abort line 3."""

    line: int

    def __str__(self) -> str:
        return f"abort {self.line}"


Action = Union[SetDice, Start, Move, Abort]


def _line_number(text: str) -> int:
    if text not in ("1", "2", "3", "4"):
        raise IllegalAction(f"{text!r} is not a line number (1 to 4)")
    return int(text)


def _field(text: str) -> int:
    try:
        return parse_field(text)
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None


def parse_action(text: Union[str, Action]) -> Action:
    """Read an action text (case and extra spaces do not matter).

    An action value is returned as it is. Raises IllegalAction with a plain
    message when the text is not an action.
    """
    if isinstance(text, (SetDice, Start, Move, Abort)):
        return text
    if not isinstance(text, str):
        raise IllegalAction(f"{text!r} is not an action")
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction("an empty text is not an action")
    verb, rest = words[0], words[1:]
    if verb == "set":
        if len(rest) != 1:
            raise IllegalAction("write the dice after set, e.g. 'set bbog'")
        try:
            return SetDice(parse_roll(rest[0]))
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
    if verb == "start":
        if len(rest) != 1:
            raise IllegalAction("write one field after start, e.g. 'start c4'")
        return Start(_field(rest[0]))
    if verb == "abort":
        if len(rest) != 1:
            raise IllegalAction("write one line number after abort, e.g. 'abort 3'")
        return Abort(_line_number(rest[0]))
    if verb == "move":
        if len(rest) < 2:
            raise IllegalAction("write a line and its fields, e.g. 'move 2 c5 c6'")
        line = _line_number(rest[0])
        steps = rest[1:]
        star = None
        if steps[-1].startswith("+"):
            star = _field(steps[-1][1:])
            steps = steps[:-1]
        if any(s.startswith("+") for s in steps):
            raise IllegalAction("only the last field of a move can be the star step (+)")
        if not steps:
            raise IllegalAction("a move needs at least one dice step before the star step")
        if len(steps) > MAX_DICE_STEPS:
            raise IllegalAction("a move uses at most 4 dice")
        return Move(line, tuple(_field(s) for s in steps), star)
    raise IllegalAction(f"{verb!r} is not an action (set, start, move or abort)")
