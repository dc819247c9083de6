"""What the view has caught up with: the engine changes at once, ink follows.

`Reveal.sync(state)` takes the engine's lines; `update(dt, pen_speed)`
draws them on (a seat's strokes one after another, then its ×s); `ink(seat)`
gives what to draw now. Sounds are returned as names, the scene plays them.

>>> from engine import linyo
>>> s = linyo.new_game(players=1, seed=7, rolls=["bbog", "boog"])
>>> r = Reveal(s)
>>> _ = s.apply("start a1"); r.sync(s); r.busy(0)
True
>>> _ = r.update(10.0, 6.0); r.busy(0), r.ink(0)[0].shown
(False, 1.0)
"""
from __future__ import annotations

from dataclasses import dataclass

from engine import linyo

from .sheet_draw import InkLine

CROSS_SECONDS = 0.4
START_SECONDS = 0.22


@dataclass
class _Line:
    fields: list[int]
    closed: bool
    shown: float = 0.0
    cross: float = 0.0


class Reveal:
    """Per seat, per line: how much of it is drawn on screen."""

    def __init__(self, state: linyo.State, shown: bool = False) -> None:
        self.lines: list[list[_Line]] = [[] for _ in range(state.players)]
        self.sync(state)
        if shown:
            self.finish()

    def sync(self, state: linyo.State) -> None:
        for seat in range(state.players):
            mine = self.lines[seat]
            for li, fields in enumerate(state.lines[seat]):
                closed = not state.open[seat][li]
                if li < len(mine):
                    ln = mine[li]
                    if fields[:len(ln.fields)] != ln.fields:   # a different game (should not happen)
                        ln.shown = 0.0
                        ln.cross = 0.0
                    ln.fields = list(fields)
                    ln.closed = closed
                else:
                    mine.append(_Line(list(fields), closed))

    def finish(self) -> None:
        """Jump to the end of every animation (reduced motion, restore)."""
        for mine in self.lines:
            for ln in mine:
                ln.shown = float(len(ln.fields))
                ln.cross = 1.0 if ln.closed else 0.0

    def _active(self, seat: int) -> tuple[_Line, str] | None:
        for ln in self.lines[seat]:
            if ln.shown < len(ln.fields):
                return ln, "stroke"
        for ln in self.lines[seat]:
            if ln.closed and ln.cross < 1.0:
                return ln, "cross"
        return None

    def busy(self, seat: int | None = None) -> bool:
        seats = range(len(self.lines)) if seat is None else [seat]
        return any(self._active(s) is not None for s in seats)

    def update(self, dt: float, pen_speed: float) -> list[tuple[str, int]]:
        """Advance the drawing by `dt`; `pen_speed` in fields per second (0 = jump).

        Returns sound events (name, seat) that started this frame.
        """
        events: list[tuple[str, int]] = []
        if pen_speed <= 0:
            if self.busy():
                self.finish()
            return events
        for seat in range(len(self.lines)):
            left = dt
            while left > 1e-9:
                act = self._active(seat)
                if act is None:
                    break
                ln, kind = act
                if kind == "stroke":
                    if ln.shown < 1.0:         # the ● pops in
                        rate = 1.0 / START_SECONDS * pen_speed / 6.0
                        if ln.shown == 0.0:
                            events.append(("place", seat))
                    else:
                        rate = pen_speed
                    target = float(len(ln.fields)) if ln.shown >= 1.0 else 1.0
                    need = (target - ln.shown) / rate
                    if need <= left:
                        ln.shown = target
                        left -= need
                        if target == len(ln.fields) and len(ln.fields) > 1:
                            events.append(("stroke_done", seat))
                    else:
                        ln.shown += rate * left
                        left = 0
                else:
                    if ln.cross == 0.0:
                        events.append(("close_line", seat))
                    rate = 1.0 / CROSS_SECONDS * pen_speed / 6.0
                    need = (1.0 - ln.cross) / rate
                    if need <= left:
                        ln.cross = 1.0
                        left -= need
                    else:
                        ln.cross += rate * left
                        left = 0
        return events

    def ink(self, seat: int) -> list[InkLine]:
        return [InkLine(ln.fields, ln.shown, ln.cross, i + 1) for i, ln in enumerate(self.lines[seat])]

    def shown_fields(self, seat: int) -> set[int]:
        """Fields the view shows as reached (for the counts that follow the ink)."""
        out: set[int] = set()
        for ln in self.lines[seat]:
            n = int(ln.shown + 1e-9)
            out.update(ln.fields[:n])
        return out

    def signature(self, seat: int) -> tuple:
        return tuple((len(ln.fields), round(ln.shown, 3), round(ln.cross, 3)) for ln in self.lines[seat])
