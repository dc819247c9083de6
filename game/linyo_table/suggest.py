"""A better move shown on the Linyo sheet, and the review's words about a decision.

    draw_suggestion(table, surface, "move 2 c5 c6")   # the path as a ghost line from the line's end, its fields ringed
    review_lines(item)                     # (its cost, what was played, what was better), translated
    review_summary(result)                 # one line for the whole game

The post-game review (`game.replay.review`) calls these through the front end's
fields `draw_suggestion`, `review_lines` and `review_summary`; the sentences
are built from the engine's typed facts (action texts, free fields, fields cut
off, the better move's own reason as {template, params}), never from its English text.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

import pygame

from engine import linyo
from game.shell.i18n import N_, _, ngettext
from game.ui import text as T
from game.ui import theme as C

from . import texts
from .geometry import MIN_TEXT_PX, SheetGeom, font_px
from .sheet_draw import InkLine, draw_cross, draw_ink

if TYPE_CHECKING:
    from game.replay.review import Item

    from .scene import TableScene as LinyoTable

SUGGEST = (96, 226, 140)         # the better move's rings: apart from the table's own glows


def free(n: float) -> str:
    k = int(round(n))
    return ngettext("{n} free field", "{n} free fields", k).format(n=k)


def cut(n: int) -> str:
    return ngettext("{n} field cut off", "{n} fields cut off", n).format(n=n)


#: an action as what the player did ("You marked a start on c3")
PLAYED = texts.ActionWords(
    N_("You set the dice to {dice}"), N_("You marked a start on {field}"), N_("You aborted line {n}"),
    N_("You extended line {n} through {fields}"),
    N_("You extended line {n} through {fields}, then the star step to {star}"))


def played_words(action: str) -> str:
    """An action as what the player did."""
    try:
        return texts.action_words(action, PLAYED)
    except ValueError:
        return action


def review_lines(item: "Item") -> tuple[str, str, str]:
    """(what the decision cost, the move played and its outcome, the better move and its outcome)."""
    p = item.params
    n = max(1, int(round(item.cost)))
    cost = ngettext("Cost about {n} free field", "Cost about {n} free fields", n).format(n=n)
    played = _("{move}: {cut}, about {free} at the end.").format(
        move=played_words(item.played), cut=cut(int(p.get("played_cut", 0))), free=free(float(p.get("played_free", 0))))
    why = p.get("better_why")
    reason = texts.bot_reason(dict(why)) if isinstance(why, Mapping) else ""
    try:
        move = texts.action_label(item.better)
    except ValueError:
        move = item.better
    better = (_("Better: {move}: it {why}; {cut}, about {free}.") if reason else
              _("Better: {move}: {cut}, about {free}.")).format(
        move=move, why=reason, cut=cut(int(p.get("better_cut", 0))), free=free(float(p.get("better_free", 0))))
    return cost, played, better


def review_summary(result: Mapping[str, Any]) -> str:
    """The review's one-line summary in Linyo's units: free fields."""
    from game.table.review_words import summary
    return summary(result, lambda n: ngettext("{n} cost free fields", "{n} cost free fields", n).format(n=n), free)


# ---------------------------------------------------------------- on the sheet

def path_of(table: "LinyoTable", action: str) -> tuple[list[int], int | None]:
    """The fields the better move draws through (from its line's end; a start: its field alone),
    and the line it ends (an abort: that line's last field, else None)."""
    a = linyo.parse_action(action)
    lines = table.g.state.lines[table.focus_seat]
    if isinstance(a, linyo.Start):
        return [a.field], None
    if isinstance(a, (linyo.Abort, linyo.Move)) and 1 <= a.line <= len(lines) and lines[a.line - 1]:
        end = lines[a.line - 1][-1]
        if isinstance(a, linyo.Abort):
            return [end], end
        return [end, *a.fields, *([a.star] if a.star is not None else [])], None
    return [], None


def draw_suggestion(table: "LinyoTable", surface: pygame.Surface, action: str) -> list[pygame.Rect]:
    """The better move on the large sheet: a ghost line along its path (as a path being drawn
    looks), its new fields ringed, and a label saying what it is. Returns the rects drawn."""
    try:
        fields, aborted = path_of(table, action)
        label = _("Better: {move}").format(move=texts.action_label(action))
    except ValueError:
        return []
    geom = table.geom
    lay = table.app.lay
    drawn: list[pygame.Rect] = []
    if len(fields) > 1:
        draw_ink(surface, geom, [InkLine(list(fields), float(len(fields)), 0.0, 1, ghost=True)])
    width = max(2, int(geom.cell * 0.08))
    for f in fields[1:] if len(fields) > 1 else fields:
        r = geom.cell_rect(f).inflate(-width, -width)
        pygame.draw.rect(surface, SUGGEST, r, width, border_radius=max(2, r.w // 5))
        drawn.append(r)
    if aborted is not None:
        draw_cross(surface, geom, aborted, 1.0, SUGGEST)
    anchor = drawn[-1] if drawn else geom.paper
    room = label_room(geom)
    size = font_px(lay, 24)
    box = T.render(label, size, C.SHADOW, True)
    while box.get_width() + lay.px(20) > room.w and size > MIN_TEXT_PX:
        size -= 1
        box = T.render(label, size, C.SHADOW, True)
    pill = box.get_rect().inflate(lay.px(20), lay.px(8))
    # in the paper's empty strip under the grid, left of the total: it covers no field and no label
    pill.center = (anchor.centerx, room.centery)
    pill.clamp_ip(room)
    pygame.draw.rect(surface, SUGGEST, pill, border_radius=pill.h // 2)
    surface.blit(box, box.get_rect(center=pill.center))
    drawn.append(pill)
    return drawn


def label_room(geom: SheetGeom) -> pygame.Rect:
    """The sheet's strip under the grid from the paper's left edge to the "Total" label: empty."""
    x, _y = geom.row_count_pos(0)
    total_left = int(x - geom.cell * 0.5) - T.width(_("Total"), max(11, int(geom.cell * 0.28)))
    gap = max(2, int(geom.cell * 0.1))
    return pygame.Rect(geom.paper.x + gap, geom.grid.bottom + 1,
                       max(1, total_left - gap - geom.paper.x - gap), max(1, geom.paper.bottom - geom.grid.bottom - 2))
