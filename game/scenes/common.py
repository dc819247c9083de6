"""Drawing helpers and names shared by the shell's scenes."""
from __future__ import annotations

import pygame

from game.shell.i18n import N_
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout

LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}    # the bots' levels


def header(surface: pygame.Surface, lay: Layout, title: str, subtitle: str = "") -> int:
    """The scene title at the top centre; returns the pixel y below it."""
    cx = surface.get_width() // 2
    r = T.blit_text(surface, title, lay.font_px(64), C.TEXT, (cx, lay.px(44)), "midtop", bold=True)
    bar = pygame.Rect(0, 0, lay.px(120), max(2, lay.px(6)))
    bar.midtop = (cx, r.bottom + lay.px(12))
    pygame.draw.rect(surface, C.ACCENT, bar, border_radius=bar.h // 2)
    y = bar.bottom + lay.px(14)
    if subtitle:
        r = T.blit_text(surface, subtitle, lay.font_px(28), C.TEXT_DIM, (cx, y), "midtop")
        y = r.bottom + lay.px(8)
    return y


HINT_SIZE = 22        # logical size of the key line's text


def foot_h(lay: Layout) -> float:
    """Logical height to keep free at the bottom of a screen for the key line (`hint`): more in a
    small window, where its text keeps the 11 px floor (a fixed margin let Back cover it at 800×600)."""
    return (T.font(lay.font_px(HINT_SIZE)).get_linesize() + lay.px(16)) / lay.scale + 14


def hint(surface: pygame.Surface, lay: Layout, text: str) -> None:
    """A quiet keyboard hint at the bottom centre."""
    T.blit_text(surface, text, lay.font_px(HINT_SIZE), C.TEXT_DIM,
                (surface.get_width() // 2, surface.get_height() - lay.px(16)), "midbottom")


def column(lay: Layout, width: float, top_px: int, count: int, row_h: float, gap: float) -> list[pygame.Rect]:
    """`count` rects `width` logical units wide, centred, from pixel y `top_px`."""
    x = (lay.logical_w - width) / 2
    y0 = top_px / lay.scale
    return [lay.rect(x, y0 + i * (row_h + gap), width, row_h) for i in range(count)]
