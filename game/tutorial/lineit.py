"""The Line-it half of the tutorial: where a step's targets are on the Line-it table.

The table is the ordinary one (`game.tutorial.table.tutorial_table`); the
player's actions all pass the guide first (`TableBase.vet`, asked by the
table's drag, click, keys and buttons), and undo is refused (it would leave
the script: the panel's Step back goes back instead).
"""
from __future__ import annotations

from typing import Any

import pygame

from .guide import Guide
from .lineit_script import script

__all__ = ["ghost", "script", "targets"]


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
