"""Following the game: each seat's last move, and who set the dice after a four of a kind.

The table tells `Follow` about every applied action (`applied`); it keeps, per
seat, the fields that seat's last decision put on its sheet (the new strokes,
a start ●, the × of an abort) until that seat decides again — the four start
fields of one seat count as one decision — and the last setting of the dice
after a four of a kind, shown for the rest of that round.

>>> from engine import linyo
>>> s = linyo.new_game(players=2, seed=7, first_seat=0, rolls=["bbbb", "boog"])
>>> f = Follow(s)
>>> before = s.clone(); _ = s.apply("set bbog"); f.applied(before, linyo.parse_action("set bbog"), s)
>>> f.set_by.seat, f.set_by.rolled, f.set_by.dice, f.turned()
(0, 'bbbb', 'bbog', 2)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import linyo


@dataclass(frozen=True)
class DiceSetting:
    """`seat` turned the four of a kind `rolled` into `dice` in `round`."""

    seat: int
    round: int
    rolled: str
    dice: str


@dataclass(frozen=True)
class LastMove:
    """The fields `seat`'s last decision marked (`turn` tells decisions apart)."""

    turn: tuple[int, str]
    fields: frozenset[int]


class Follow:
    """Last moves per seat and the dice setting of the round."""

    def __init__(self, state: linyo.State) -> None:
        self.last: dict[int, LastMove] = {}
        self.set_by: DiceSetting | None = None

    def applied(self, before: linyo.State, action: Any, after: linyo.State, events: Any = None) -> None:
        """`action` took `before` to `after` (the seat that acted is `before.current_seat`)."""
        seat = before.current_seat
        if seat is None:
            return
        if isinstance(action, linyo.SetDice):
            self.set_by = DiceSetting(seat, before.round, linyo.roll_text(before.rolled),
                                      linyo.roll_text(action.dice))
            return
        if isinstance(action, linyo.Start):
            fields = {action.field}
        elif isinstance(action, linyo.Move):
            fields = set(action.fields) | ({action.star} if action.star is not None else set())
        elif isinstance(action, linyo.Abort):
            fields = {after.lines[seat][action.line - 1][-1]}
        else:
            return
        turn = (before.round, before.phase)
        was = self.last.get(seat)
        if was is not None and was.turn == turn:
            fields |= was.fields
        self.last[seat] = LastMove(turn, frozenset(fields))
        # lines aborted at the round's end (too short, dead end): the × joins that seat's last move
        for s in range(after.players):
            crossed = {line[-1] for li, line in enumerate(after.lines[s])
                       if li < len(before.open[s]) and before.open[s][li] and not after.open[s][li]}
            was = self.last.get(s)
            if crossed and was is not None:
                self.last[s] = LastMove(was.turn, was.fields | crossed)

    def marks(self, seat: int) -> frozenset[int]:
        """The fields of `seat`'s last decision."""
        was = self.last.get(seat)
        return was.fields if was is not None else frozenset()

    def setting(self, state: linyo.State) -> DiceSetting | None:
        """The dice setting of the round being played (None once a new roll came)."""
        s = self.set_by
        return s if s is not None and s.round == state.round and state.rolled is None else None

    def turned(self) -> int:
        """How many dice the last setting turned."""
        s = self.set_by
        if s is None:
            return 0
        left = list(s.rolled)
        for d in s.dice:
            if d in left:
                left.remove(d)
        return len(left)
