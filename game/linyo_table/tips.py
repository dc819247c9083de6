"""What things on the Linyo table are: tooltips for what a new player cannot name at once.

`targets(table)` lists every such thing with its rectangle and a text made when
shown: the free count of each row and the total, each line's start (its
number, length and state), the stars, the four dice, the difficulty and the
other seats' sheets. The mouse shows the one under it; the I key steps
through all of them in this order (keyboard players), Shift+I backwards.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Callable

import pygame

from engine import linyo

from game.shell.i18n import _
from ..table.tip import Tip
from . import texts
from .geometry import COLS, ROWS

if TYPE_CHECKING:
    from .table_view import LinyoTableView



def line_text(state: linyo.State, seat: int, li: int) -> str:
    """Line `li` (0-3) of `seat` in words: its number, length, and open or aborted."""
    fields = state.lines[seat][li]
    end = linyo.field_name(fields[-1])
    if state.open[seat][li] and len(fields) == 1:       # only its start: "from b2 to b2" said nothing
        return _("Line {n}: only its start so far, on {end}; it grows from there.").format(n=li + 1, end=end)
    if state.open[seat][li]:
        return _("Line {n}: length {k} so far, from {start} to {end}; it grows from {end}.").format(
            n=li + 1, k=len(fields), start=linyo.field_name(fields[0]), end=end)
    return _("Line {n}: length {k}, closed with a × on {end}: it grows no more.").format(
        n=li + 1, k=len(fields), end=end)


def targets(t: "LinyoTableView") -> list[Tip]:
    """Every thing with a tooltip, in the order the I key steps through them."""
    st = t.state
    seat = t.focus_seat
    geom = t.geom
    out: list[Tip] = []
    shown = t.reveal.shown_fields(seat)
    for r in range(ROWS):
        x, y = geom.row_count_pos(r)
        rect = pygame.Rect(0, 0, int(geom.cell * 0.8), int(geom.cell * 0.8))
        rect.center = (int(x), int(y))
        free = COLS - sum(1 for f in shown if f // COLS == r)
        out.append(Tip(rect, partial(_row_text, r, free)))
    x, _y = geom.row_count_pos(0)
    total = pygame.Rect(0, 0, int(geom.cell * 1.6), int(geom.cell * 0.8))
    total.midright = (int(x + geom.cell * 0.5), int(geom.grid.bottom + geom.cell * 0.45))
    out.append(Tip(total, lambda: _("Free fields in all: {n}. The fewest free fields wins.").format(
        n=linyo.FIELDS - len(shown))))
    for li in range(len(st.lines[seat])):
        out.append(Tip(geom.cell_rect(st.lines[seat][li][0]), partial(line_text, st, seat, li)))
    for f in st.sheet.stars:
        out.append(Tip(geom.cell_rect(f), lambda: _(
            "Star: a move that ends here may take one more step onto any free neighbour, whatever its colour.")))
    used = t.used_dice()
    for i, rect in enumerate(t.die_rects):
        faces = t.dice_faces() or t.dice.faces
        if i < len(faces):
            out.append(Tip(rect, die_text(faces[i], i < len(used) and used[i])))
    d = t.g.seats[seat].difficulty
    out.append(Tip(t.header_rect, lambda: _(
        "Difficulty {d}: a move that grows its line by fewer than {d} fields aborts that line (×).").format(d=d)))
    for other, rect in t.thumb_rects.items():
        out.append(Tip(rect, partial(_sheet_text, t.g.seats[other].name, linyo.FIELDS - len(t.reveal.shown_fields(other)))))
    return out


def _row_text(r: int, free: int) -> str:
    return _("Row {r}: free fields left: {n}. At the end, every free field counts against you.").format(
        r=r + 1, n=free)


def _sheet_text(name: str, free: int) -> str:
    return _("{name}'s sheet — free fields: {n}. Click to look closer.").format(name=name, n=free)


def at(tips: list[Tip], pos: tuple[int, int]) -> Tip | None:
    """The smallest tip under `pos` (a star or a start lies on a sheet)."""
    found = None
    for tip in tips:
        if tip.rect.collidepoint(pos) and (found is None or tip.rect.w * tip.rect.h < found.rect.w * found.rect.h):
            found = tip
    return found


def die_text(colour: str, used: bool) -> Callable[[], str]:
    """A die's tooltip, asked when shown (the language may change meanwhile)."""
    def text() -> str:
        if used:
            return _("Die: {colour}. It pays for one step onto a field of that colour. "
                     "Your stroke uses it already.").format(colour=texts.colour(colour))
        return _("Die: {colour}. It pays for one step onto a field of that colour.").format(
            colour=texts.colour(colour))
    return text
