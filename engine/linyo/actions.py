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
from typing import Iterable, Optional, Union


from .dice import Roll, parse_roll, roll_text
from .refusals import REFUSALS
from .sheets import FIELDS, field_name, parse_field

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

# Actions are immutable values, so `legal_actions` hands out these shared ones
# instead of making dozens of equal objects per decision.
STARTS = tuple(Start(f) for f in range(FIELDS))   # STARTS[f] == Start(f)
ABORTS = tuple(Abort(li + 1) for li in range(LINES))  # ABORTS[li] == Abort(li + 1)


def moves_of(paths: Iterable[tuple[int, tuple[int, ...], int]]) -> list[Move]:
    """`Move` values of fast-path tuples ``(line index 0-3, dice-step fields, star or -1)``.

    `legal_actions` makes dozens of moves per decision, so they are filled in
    directly rather than through the frozen ``__init__`` (one call per field):
    the values are the same, twice as fast to make.

    >>> moves_of([(1, (46, 57), -1), (0, (2,), 13)]) == [Move(2, (46, 57)), Move(1, (2,), 13)]
    True
    """
    new = object.__new__
    out = []
    for li, fields, star in paths:
        m = new(Move)
        d = m.__dict__
        d["line"] = li + 1
        d["fields"] = fields
        d["star"] = None if star < 0 else star
        out.append(m)
    return out


def _line_number(text: str) -> int:
    if text not in ("1", "2", "3", "4"):
        raise REFUSALS.refuse("action.bad_line", text=text)
    return int(text)


def _field(text: str) -> int:
    try:
        return parse_field(text)
    except ValueError:
        raise REFUSALS.refuse("action.bad_field", text=text) from None


def parse_action(text: Union[str, Action]) -> Action:
    """Read an action text (case and extra spaces do not matter).

    An action value is returned as it is. Raises a coded IllegalAction
    ("action.*", see refusals.py) when the text is not an action.
    """
    if isinstance(text, (SetDice, Start, Move, Abort)):
        return text
    if not isinstance(text, str):
        raise REFUSALS.refuse("action.not_text", value=repr(text))
    words = text.strip().lower().split()
    if not words:
        raise REFUSALS.refuse("action.empty")
    verb, rest = words[0], words[1:]
    if verb == "set":
        if len(rest) != 1:
            raise REFUSALS.refuse("action.set_form")
        try:
            return SetDice(parse_roll(rest[0]))
        except ValueError:
            raise REFUSALS.refuse("action.bad_roll", text=rest[0]) from None
    if verb == "start":
        if len(rest) != 1:
            raise REFUSALS.refuse("action.start_form")
        return Start(_field(rest[0]))
    if verb == "abort":
        if len(rest) != 1:
            raise REFUSALS.refuse("action.abort_form")
        return Abort(_line_number(rest[0]))
    if verb == "move":
        if len(rest) < 2:
            raise REFUSALS.refuse("action.move_form")
        line = _line_number(rest[0])
        steps = rest[1:]
        star = None
        if steps[-1].startswith("+"):
            star = _field(steps[-1][1:])
            steps = steps[:-1]
        if any(s.startswith("+") for s in steps):
            raise REFUSALS.refuse("action.star_not_last")
        if not steps:
            raise REFUSALS.refuse("action.star_only")
        if len(steps) > MAX_DICE_STEPS:
            raise REFUSALS.refuse("move.too_many_dice", most=MAX_DICE_STEPS)
        return Move(line, tuple(_field(s) for s in steps), star)
    raise REFUSALS.refuse("action.unknown", verb=verb)
