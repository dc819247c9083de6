"""The Line-it half of the tutorial: where a step's targets are on the Line-it table.

The table is the ordinary one (`game.tutorial.table.tutorial_table`); the
player's actions all pass the guide first (`TableBase.vet`, asked by the
table's drag, click, keys and buttons), and undo is refused (it would leave
the script: the panel's Step back goes back instead).
"""
from __future__ import annotations

from typing import Any

import pygame

from game.tutorial.guide import Guide
from .script import script

__all__ = ["busy", "ghost", "keep_clear", "log_title", "overlay", "rather_clear", "script", "targets", "texts"]


def _card(table: Any, text: str) -> pygame.Rect | None:
    for s in table.board.sprites.values():
        if s.card == text and s.zone and s.zone[0] in (("market",), ("hand", table.viewer)):
            return s.rect()
    return None


def named(table: Any, name: str) -> list[pygame.Rect]:
    g = table.geo
    if name == "market":
        return [g.market]
    if name == "jackpots":
        rects = list(g.jackpots.values())
        return [rects[0].unionall(rects[1:])]
    if name == "line":
        return [g.me.line]
    if name == "hand":
        return [g.me.hand]
    if name == "you":         # your name, score and line: the top of your seat
        return [pygame.Rect(g.me.panel.x, g.me.panel.y, g.me.panel.w, g.me.line.bottom - g.me.panel.y)]
    return []


def targets(table: Any, guide: Guide) -> list[pygame.Rect]:
    """What the spotlight shows: the step's card and where it goes, a button, or the named places."""
    if table.geo is None:
        return []
    a = guide.expected()
    if a is None:
        out: list[pygame.Rect] = []
        for name in guide.step.point:
            out += named(table, name)
        return out
    words = a.split()
    if words[0] in ("take", "play"):
        card = _card(table, words[1])
        where = named(table, words[2] if words[0] == "take" else "line")
        return ([card] if card is not None else []) + where
    if words[0] == "close":
        return [table.b_close.rect]
    return [table.b_end.rect]


def ghost(table: Any, guide: Guide) -> list[tuple[float, float]]:
    """Line-it draws no path to follow."""
    return []


def keep_clear(table: Any, guide: Guide) -> list[pygame.Rect]:
    """What the panel must leave in view besides the step's spotlight: the other seats' panels
    (their moves are what many steps talk about), and the places a step with an action names
    in `point` (the jackpot its card wins)."""
    if table.geo is None:
        return []
    named_too = [r for name in guide.step.point for r in named(table, name)] if guide.acting() else []
    return [g.panel for g in table.geo.opponents] + named_too


def rather_clear(table: Any) -> list[pygame.Rect]:
    """What the panel leaves in view where it can: the log's title (at 800x600 the panel lay over
    it, and the log read as nameless)."""
    return [] if table.geo is None else log_title(table)


def log_title(table: Any) -> list[pygame.Rect]:
    """Where the log's title is drawn (none where the table leaves it out for want of room)."""
    from game.lineit_table.draw import log_title as title_of
    from game.ui import text as T
    from game.ui import theme as C
    title, size = title_of(table)
    if not title:
        return []
    log, lay = table.geo.log, table.geo.lay
    return [T.render(title, size, C.TEXT_DIM, True).get_rect(topleft=(log.x + lay.px(16), log.y + lay.px(14)))]


def texts(table: Any) -> list[pygame.Rect]:
    """Where the table's words are, which the pointer must not cross: the seats' names, scores and
    notes, the labels of the middle row and of the hand, the market places the last cards were
    taken from (who took which), the log, the status line with its key help, and the buttons."""
    if table.geo is None:
        return []
    from game.lineit_table.draw import layer_items, middle_labels, text_items
    from game.ui import text as T
    from game.ui import theme as C
    geo = table.geo
    lay = geo.lay
    out = [item.rect for item in text_items(table) if item.key != "log"] + [geo.log]
    out += [item.rect for item in layer_items(table) if isinstance(item.key, tuple) and item.key[0] == "left"]
    for text, size, pos in middle_labels(geo):
        out.append(T.render(text, size, C.TEXT_DIM, True).get_rect(bottomleft=pos))
    label_h = T.render("Ág", max(11, lay.font_px(22)), C.TEXT_DIM).get_height()     # "Your hand"
    out.append(pygame.Rect(geo.me.hand.x, geo.me.hand.y - lay.px(4) - label_h, geo.me.hand.w, label_h))
    out.append(pygame.Rect(geo.status.x, geo.status.y, geo.status.w, max(0, geo.buttons.y - geo.status.y)))
    out += [b.rect for b in table.buttons if b.visible]
    return out


def busy(table: Any) -> bool:
    """Cards still fly: the next step waits for them to land."""
    return bool(table.board.animating)


def overlay(table: Any, surface: pygame.Surface) -> None:
    """The table's resting tooltip, again over the tutorial's shade, so it stays readable."""
    if table.tip is not None:
        from game.lineit_table.draw import draw_tip
        draw_tip(table, surface, *table.tip)
