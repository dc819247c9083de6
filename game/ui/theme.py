"""Colours of the app shell (plain RGB tuples).

Where the art palette `game.ui.palette` defines a colour of the same role
(suit colours, card paper, ink), it is used, so tables, cards and menus match.
"""
from __future__ import annotations

from game.ui import palette as P

Color = tuple[int, int, int]

# The shell uses the art palette's table colours, so menus, cards and tables match.
BG_TOP: Color = P.FELT_LIGHT
BG_BOTTOM: Color = P.FELT_DARK
PANEL: Color = P.PANEL
PANEL_HI: Color = (30, 52, 62)
PANEL_EDGE: Color = P.PANEL_EDGE
BUTTON: Color = (30, 58, 66)
BUTTON_HOVER: Color = (44, 84, 92)
TEXT: Color = P.TEXT_LIGHT
TEXT_DIM: Color = P.TEXT_LIGHT_DIM
TEXT_DARK: Color = P.TEXT
ACCENT: Color = P.ACCENT
ACCENT_DARK: Color = P.ACCENT_DARK
DANGER: Color = P.ILLEGAL
GOOD: Color = (64, 168, 110)
SHADOW: Color = (4, 14, 16)

PAPER: Color = P.CARD_FACE
INK: Color = P.PEN
RED: Color = P.RED
BLUE: Color = P.BLUE
GREEN: Color = P.GREEN
YELLOW: Color = P.YELLOW

SUITS: tuple[tuple[Color, str], ...] = ((RED, "♥"), (BLUE, "♦"), (GREEN, "♣"), (YELLOW, "★"))


def mix(a: Color, b: Color, t: float) -> Color:
    """Colour between `a` (t=0) and `b` (t=1)."""
    t = 0.0 if t < 0 else 1.0 if t > 1 else t
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))
