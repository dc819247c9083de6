"""The Linyo half of the tutorial: where a step's targets are on the Linyo table.

The table is the ordinary one (`game.tutorial.table.tutorial_table`); the
player draws, picks and turns dice with the table's own input, and nothing
reaches the engine before Confirm, where the table asks the guide
(`TableBase.vet`) about the action(s) the press would send.
"""
from __future__ import annotations

from typing import Any

import pygame

from engine.linyo.sheets import parse_field

from game.tutorial.guide import Guide
from .script import script

__all__ = ["busy", "fields_of", "ghost", "keep_clear", "line_end", "overlay", "rather_clear", "script", "targets", "texts"]


def fields_of(action: str) -> list[int]:
    """The fields an action text names (start / move), in order; '+' marks the star step."""
    return [parse_field(w.lstrip("+")) for w in action.split()[1:] if w.lstrip("+")[:1].isalpha()]


def named(table: Any, name: str) -> list[pygame.Rect]:
    if name == "sheet":
        return [table.geom.paper]
    if name == "dice":
        return [table.die_rects[0].unionall(table.die_rects[1:])]
    return []


def line_end(table: Any, line: int) -> int:
    """The field where the player's line `line` ends now."""
    return int(table.state.lines[0][line - 1][-1])


def targets(table: Any, guide: Guide) -> list[pygame.Rect]:
    """What the spotlight shows: the fields to mark or draw through, the dice, a button."""
    a = guide.expected()
    if a is None:
        out: list[pygame.Rect] = []
        for name in guide.step.point:
            out += named(table, name)
        return out
    confirm = [table.b_confirm.rect] if table.can_confirm() else []
    kind = a.split()[0]
    geom = table.geom
    if kind == "start":
        picks = set(table.starts.picks) if table.starts is not None else set()
        rest = [parse_field(x.split()[1]) for x in guide.step.do[guide.done:]]
        return confirm + [geom.cell_rect(f) for f in rest if f not in picks]
    if kind == "set":
        return confirm + named(table, "dice")
    if kind == "abort":
        line = int(a.split()[1])
        return confirm + ([geom.cell_rect(line_end(table, line))] if table.abort_mode else [table.b_nothing.rect])
    fields = [line_end(table, int(a.split()[1]))] + fields_of(a)
    return confirm + [geom.cell_rect(fields[0]).unionall([geom.cell_rect(f) for f in fields[1:]])]


def ghost(table: Any, guide: Guide) -> list[tuple[float, float]]:
    """The move asked for, drawn faintly until the player has drawn it."""
    a = guide.expected()
    if a is None or not a.startswith("move") or table.can_confirm():
        return []
    return [table.geom.center(f) for f in [line_end(table, int(a.split()[1]))] + fields_of(a)]


def keep_clear(table: Any, guide: Guide) -> list[pygame.Rect]:
    """Linyo has no other seat in its tutorial: besides the spotlight, only the places a step with
    an action names in `point` (the sheet the four of a kind's colours are chosen for)."""
    return [r for name in guide.step.point for r in named(table, name)] if guide.acting() else []


def rather_clear(table: Any) -> list[pygame.Rect]:
    """What the panel leaves in view where it can: the line over the log (the key help, which heads
    it: at 800x600 the panel lay over it)."""
    return [pygame.Rect(table.keys_rect)]


def texts(table: Any) -> list[pygame.Rect]:
    """Where the table's words are outside the sheet, which the pointer must not cross: the
    heading, who rolled, the instruction beside the dice, the key help, the log, the buttons and
    the other seats' thumbnails."""
    from game.linyo_table.draw import _ops_rect
    lay = table.table_lay
    ops = (table._header_ops(lay), table._dice_label_ops(lay), table._info_ops(lay), table._keys_ops(lay))
    out = [_ops_rect(o) for o in ops if o] + [pygame.Rect(table.log_rect)]
    out += [pygame.Rect(w.rect) for w in table.widgets if w.visible]
    return out + [pygame.Rect(r) for r in table.thumb_rects.values()]


def busy(table: Any) -> bool:
    """A stroke is drawn or the dice roll: the next step waits for them."""
    return bool(table.reveal.busy() or table.dice.rolling())


def overlay(table: Any, surface: pygame.Surface) -> None:
    """The table's resting tooltip, again over the tutorial's shade, so it stays readable."""
    tip = table._tip_box(table.app.lay)
    if tip is not None:
        table._blit_tip(surface, table.app.lay, tip)
