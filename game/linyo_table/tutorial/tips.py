"""Linyo's first-game tips: what is worth a word the first time it happens (see `tips`).

- `dead_end`  an open line's end has at most one free neighbour left: one more
              used field (or none at all) and the line is boxed in, which
              aborts it at the end of the round;
- `four`      your first four of a kind: you may turn up to three dice;
- `star`      a move this round can end on a star (one extra step, any colour).

`still` says whether a shown tip is still true (each is about the position the
person plays from, so it holds while the detector still finds it).
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from engine.linyo.sheets import NEIGHBOUR_MASKS

from game.shell.i18n import _

from game.tutorial.parts import Found
from game.tutorial.tips import box

if TYPE_CHECKING:
    from game.linyo_table.table_view import LinyoTableView


def position(sc: "LinyoTableView") -> Any:
    st = sc.state
    return (id(st), len(st.log), st.phase, st.current_seat, sc.focus_seat)


def free_neighbours(state: Any, seat: int, field: int) -> int:
    return bin(NEIGHBOUR_MASKS[field] & state.free_mask(seat)).count("1")


def tight_ends(state: Any, seat: int) -> list[tuple[int, int, int]]:
    """(line number, end field, free neighbours) of each open line with at most one free neighbour."""
    out = []
    for li, end in state.open_ends(seat):
        n = free_neighbours(state, seat, end)
        if n <= 1:
            out.append((li + 1, end, n))
    return out


def dead_end_text(line: int, free: int) -> str:
    if free == 0:
        return _("Line {n} is boxed in: no free field touches its end, so it is aborted at the end "
                 "of this round.").format(n=line)
    return _("Line {n} has only one free field left next to its end. If that field gets used, the "
             "line is boxed in and aborted at the end of the round.").format(n=line)


def on_turn(sc: "LinyoTableView") -> list[Found]:
    st = sc.state
    seat = st.current_seat
    if seat is None or seat not in sc.g.humans or seat != sc.focus_seat or sc.geom is None:
        return []
    out: list[Found] = []
    if st.phase == "set":
        dice = sc.die_rects[0].unionall(sc.die_rects[1:])
        out.append(Found("linyo.four", lambda: _(
            "Four of a kind! Before you move, you may turn up to three of the dice to other colours: "
            "click a die to turn it, then Confirm."), box(dice), seat))
    if st.phase != "move":
        return out
    for line, end, n in tight_ends(st, seat):
        out.append(Found("linyo.dead_end", partial(dead_end_text, line, n), box(sc.geom.cell_rect(end)), seat))
        break
    star = next((m for m in st.fast_moves(seat) if m[2] >= 0 and m[1]), None)
    if star is not None:
        out.append(Found("linyo.star", lambda: _(
            "A move this round can end on a star. A move that ends on a star earns one extra step in any "
            "colour."), box(sc.geom.cell_rect(star[1][-1])), seat))
    return out


def still(sc: "LinyoTableView", key: str) -> bool:
    """The shown tip `key` still holds: the four of a kind is still to be set, the line's end is
    still tight, a star is still in reach, for the person it was shown to."""
    return any(f.key == key for f in on_turn(sc))


def after_applied(sc: "LinyoTableView", action: str, events: list) -> list[Found]:
    return []          # every Linyo tip is about the position a person is to play from
