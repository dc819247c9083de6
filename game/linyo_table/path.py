"""The stroke a player is drawing, checked against the engine at every step.

Nothing here knows a rule: the fields that light up are read from the
engine's legal actions (`moves_by_line`, `legal_actions`), and the preview of
what the round end will do comes from the events of the action applied to a clone.

>>> from engine import linyo
>>> s = linyo.new_game(players=1, seed=7, rolls=["bbog", "boog"])
>>> for t in ["start a1", "start b1", "start e1", "start k1"]:
...     _ = s.apply(t)
>>> p = MovePath(s, s.current_seat)
>>> p.begin(1)
True
>>> sorted(linyo.field_name(f) for f in p.next_fields())
['a2']
>>> p.extend(linyo.parse_field("a2")), str(p.action())
(True, 'move 1 a2')
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine import linyo
from engine.core import Refusal
from engine.linyo.events import LineAborted
from engine.linyo.reach import reach


class MovePath:
    """A move being drawn by `seat` (the current seat) on one of its lines."""

    def __init__(self, state: linyo.State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.by_line = linyo.moves_by_line(state, seat) if state.phase == "move" else {}
        self.line: int | None = None     # 1-4
        self.steps: list[int] = []       # dice steps
        self.star: int | None = None     # the star step, if taken
        self._fast: list | None = None   # the engine's move list, fetched for the first reach asked
        self._reach: tuple[tuple, dict[int, int]] = ((), {})

    # ------------------------------------------------------------------ state
    def lines_with_moves(self) -> list[int]:
        return sorted(self.by_line)

    def end_of(self, line: int) -> int:
        return self.state.lines[self.seat][line - 1][-1]

    def fields(self) -> list[int]:
        """The new fields of the path, star step included."""
        return self.steps + ([self.star] if self.star is not None else [])

    def tip(self) -> int | None:
        if self.line is None:
            return None
        f = self.fields()
        return f[-1] if f else self.end_of(self.line)

    def _moves(self) -> list[linyo.Move]:
        return self.by_line.get(self.line, []) if self.line is not None else []

    # ------------------------------------------------------------------ asking the engine
    def next_fields(self) -> set[int]:
        """Fields a dice step may enter next."""
        if self.star is not None:
            return set()
        n = len(self.steps)
        prefix = tuple(self.steps)
        return {m.fields[n] for m in self._moves() if len(m.fields) > n and m.fields[:n] == prefix}

    def star_fields(self) -> set[int]:
        """Fields the star step may enter now (empty unless the dice steps end on a star)."""
        if self.star is not None or not self.steps:
            return set()
        prefix = tuple(self.steps)
        return {m.star for m in self._moves() if m.fields == prefix and m.star is not None}

    def version(self) -> tuple:
        """What the drawing is now: (line, dice steps, star step); equal versions reach equally."""
        return (self.line, tuple(self.steps), self.star)

    def reach(self) -> dict[int, int]:
        """{field: steps from the tip} the move drawn so far can still add with the dice left; with no
        line begun, from every line end that can move (the fewest steps of any). Asked of the engine
        (`engine.linyo.reach`) once per version of the drawing."""
        key = self.version()
        if self._reach[0] == key:
            return self._reach[1]
        if self._fast is None:
            self._fast = self.state.fast_moves(self.seat) if self.by_line else []
        if self.line is not None:
            got = reach(self.state, self.seat, self.line, self.steps, self.star, moves=self._fast)
        else:
            got = {}
            for line in self.by_line:
                for f, n in reach(self.state, self.seat, line, moves=self._fast).items():
                    if got.get(f, 99) > n:
                        got[f] = n
        self._reach = (key, got)
        return got

    def action(self) -> linyo.Move | None:
        """The move drawn so far, if it is a legal move."""
        if self.line is None or not self.steps:
            return None
        m = linyo.Move(self.line, tuple(self.steps), self.star)
        return m if m in self._moves() else None

    def why_not(self, f: int) -> Refusal | None:
        """The engine's reason why `f` cannot come next (a coded refusal; texts.py words it)."""
        if self.line is None:
            return None
        return self.state.why_not_step(self.line, self.steps, self.star, f)

    # ------------------------------------------------------------------ editing
    def begin(self, line: int) -> bool:
        if line not in self.by_line:
            return False
        self.line, self.steps, self.star = line, [], None
        return True

    def clear(self) -> None:
        self.line, self.steps, self.star = None, [], None

    def extend(self, f: int) -> bool:
        """Append `f` as a dice step, else as the star step; False if neither is legal."""
        if f in self.next_fields():
            self.steps.append(f)
            return True
        if f in self.star_fields():
            self.star = f
            return True
        return False

    def draw(self, move: linyo.Move) -> bool:
        """Draw `move` whole (a hint used): its dice steps as dice steps and its star step as the
        star step, even where a field could be either; False (nothing drawn) if it is not legal."""
        if move not in self.by_line.get(move.line, []):
            return False
        self.line, self.steps, self.star = move.line, list(move.fields), move.star
        return True

    def back_to(self, f: int) -> bool:
        """Backtrack so that `f` (a field of the path, or the line end) is the tip."""
        if self.line is None:
            return False
        if f == self.end_of(self.line):
            self.steps, self.star = [], None
            return True
        if self.star == f:
            return False
        if f in self.steps:
            del self.steps[self.steps.index(f) + 1:]
            self.star = None
            return True
        return False

    def undo(self) -> bool:
        """Take back the last step; False when there was none."""
        if self.star is not None:
            self.star = None
            return True
        if self.steps:
            self.steps.pop()
            return True
        if self.line is not None:
            self.line = None
            return True
        return False

    def used_dice(self) -> list[str]:
        """Colour letters of the dice the dice steps use, in order."""
        colours = self.state.sheet.colours
        return [linyo.COLOURS[colours[f]] for f in self.steps]


@dataclass
class Preview:
    """What confirming an action will do at the round end."""

    closed_short: list[int] = field(default_factory=list)   # line numbers aborted: too short
    closed_dead: list[int] = field(default_factory=list)    # aborted: dead end
    closed_choice: list[int] = field(default_factory=list)  # aborted by the player's choice
    ends_game: bool = False
    free_after: int = 0


def preview(state: linyo.State, seat: int, action: linyo.Action) -> Preview:
    """Apply `action` to a clone and report, from the engine's events, which of the seat's lines
    it aborts and why (the engine runs the round-end checks at once for the seat that acted)."""
    after = state.clone()
    events = after.apply(action)
    out = Preview(free_after=after.scores()[seat])
    lists = {"chosen": out.closed_choice, "too_short": out.closed_short, "dead_end": out.closed_dead}
    for e in events:
        if isinstance(e, LineAborted) and e.seat == seat:
            lists.get(e.why, out.closed_dead).append(e.line)
    out.ends_game = not any(after.open[seat])
    return out


class StartPicks:
    """The four start fields a seat picks before confirming them."""

    def __init__(self, state: linyo.State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.picks: list[int] = []
        self._trial = state.clone()

    def _recompute(self) -> None:
        self._trial = self.state.clone()
        for f in self.picks:
            self._trial.apply(linyo.Start(f))

    def trial(self) -> linyo.State:
        """The decision's state with the picked starts placed (what the next pick is made in)."""
        return self._trial

    def allowed(self) -> set[int]:
        """Fields the next start may take (asked from the engine)."""
        t = self._trial
        if t.phase != "start" or t.current_seat != self.seat:
            return set()
        return {a.field for a in t.legal_actions() if isinstance(a, linyo.Start)}

    def done(self) -> bool:
        return len(self.picks) == 4 or not self.allowed()

    def pick(self, f: int) -> bool:
        if f in self.picks:
            self.picks.remove(f)
            self._recompute()
            return True
        if f not in self.allowed():
            return False
        self.picks.append(f)
        self._trial.apply(linyo.Start(f))
        return True

    def undo(self) -> bool:
        if not self.picks:
            return False
        self.picks.pop()
        self._recompute()
        return True

    def why_not(self, f: int) -> Refusal | None:
        """The engine's reason why `f` cannot be the next start field."""
        return self._trial.why_illegal(linyo.Start(f))

    def actions(self) -> list[linyo.Start]:
        return [linyo.Start(f) for f in self.picks]
