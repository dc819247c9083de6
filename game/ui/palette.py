"""The one colour palette of Linebox.

Both the art script (``tools/make_art.py``) and the app import this module,
so the table is drawn in exactly the colours the cards were rendered with.
Plain RGB tuples only: no pygame import, so the engine-free tools and tests
can use it too.

>>> suit_of(1), suit_of(2), suit_of(100)
('red', 'blue', 'yellow')
>>> SUIT_COLORS[suit_of(17)] == RED
True
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# --- Line-it suits -------------------------------------------------------
# Order matters: number n has suit SUITS[(n - 1) % 4] (RULES.md; part of the
# save format).
SUITS: tuple[str, ...] = ("red", "blue", "green", "yellow")

RED: RGB = (214, 55, 66)
BLUE: RGB = (36, 108, 204)
GREEN: RGB = (32, 146, 82)
YELLOW: RGB = (240, 178, 26)

SUIT_COLORS: dict[str, RGB] = {"red": RED, "blue": BLUE, "green": GREEN, "yellow": YELLOW}
# A darker shade of each suit, for numbers and text printed on the light card
# face (good contrast on white, still reads as the suit's colour).
SUIT_INK: dict[str, RGB] = {
    "red": (160, 28, 40),
    "blue": (20, 70, 150),
    "green": (16, 100, 52),
    "yellow": (150, 96, 0),
}
# A very light tint of each suit, for card faces and highlights.
SUIT_TINT: dict[str, RGB] = {
    "red": (253, 233, 233),
    "blue": (230, 239, 252),
    "green": (229, 245, 235),
    "yellow": (254, 245, 218),
}
# Text or symbol colour that reads on a solid suit-coloured fill.
SUIT_ON: dict[str, RGB] = {
    "red": (255, 255, 255),
    "blue": (255, 255, 255),
    "green": (255, 255, 255),
    "yellow": (60, 40, 0),
}
# The symbol that goes with each suit, so colour is never the only cue.
SUIT_SYMBOLS: dict[str, str] = {"red": "heart", "blue": "diamond", "green": "leaf", "yellow": "star"}
SUIT_GLYPHS: dict[str, str] = {"red": "\u2665", "blue": "\u2666", "green": "\u2663", "yellow": "\u2605"}


def suit_of(number: int) -> str:
    """Suit name of Number card *number* (1..100): red, blue, green, yellow, red, ..."""
    if not 1 <= number <= 100:
        raise ValueError(f"no Number card {number}")
    return SUITS[(number - 1) % 4]


# --- Cards, tokens ---------------------------------------------------------
CARD_FACE: RGB = (252, 250, 245)      # warm paper white
CARD_EDGE: RGB = (150, 146, 138)      # thin outline of every card
CARD_BACK: RGB = (34, 52, 96)         # deep navy back
CARD_BACK_LINE: RGB = (60, 84, 140)
BET_FACE: RGB = (44, 30, 76)          # Bet cards: dark violet with gold
BET_GOLD: RGB = (236, 190, 84)
BONUS: RGB = (236, 190, 84)           # +v token: gold
BONUS_INK: RGB = (92, 60, 0)
PENALTY: RGB = (150, 38, 48)          # -v token: deep red
PENALTY_INK: RGB = (255, 255, 255)
GOLD: RGB = (236, 190, 84)
GOLD_DARK: RGB = (170, 124, 30)
SHADOW: RGB = (0, 0, 0)               # draw with alpha ~70

# --- Linyo dice and sheet -------------------------------------------------
# Die faces and sheet fields: b = blue, o = orange, g = grey. Each also has
# its own mark (blue waves, orange triangle, grey square) for colour-blind
# players and greyscale screens.
DIE_FACES: tuple[str, ...] = ("b", "o", "g")
DIE_NAMES: dict[str, str] = {"b": "blue", "o": "orange", "g": "grey"}
DIE_MARKS: dict[str, str] = {"b": "waves", "o": "triangle", "g": "square"}
DIE_COLORS: dict[str, RGB] = {"b": (52, 118, 214), "o": (240, 128, 34), "g": (128, 134, 144)}
DIE_INK: dict[str, RGB] = {"b": (20, 66, 140), "o": (160, 70, 0), "g": (64, 68, 76)}
# Sheet fields are lighter than the dice so pen strokes read on top of them.
FIELD_COLORS: dict[str, RGB] = {"b": (132, 178, 236), "o": (248, 180, 112), "g": (186, 190, 198)}
FIELD_MARK: dict[str, RGB] = {"b": (96, 146, 216), "o": (230, 146, 70), "g": (150, 155, 165)}
SHEET_PAPER: RGB = (250, 248, 240)
SHEET_GRID: RGB = (120, 116, 108)
PEN: RGB = (30, 34, 48)               # line strokes, start dot, end cross
STAR: RGB = (255, 250, 228)
STAR_EDGE: RGB = (120, 90, 20)

# --- Table and UI -------------------------------------------------------------
FELT: RGB = (24, 78, 74)              # table background (deep teal felt)
FELT_LIGHT: RGB = (36, 100, 94)       # centre glow / drop zones at rest
FELT_DARK: RGB = (14, 52, 50)         # vignette, panels
PANEL: RGB = (20, 36, 44)             # dialogs, side panels
PANEL_EDGE: RGB = (70, 100, 110)
ACCENT: RGB = (255, 196, 72)          # focus, highlights, primary buttons
ACCENT_DARK: RGB = (200, 140, 30)
LEGAL: RGB = (120, 230, 150)          # legal drop zone glow
ILLEGAL: RGB = (240, 90, 90)          # refused drop flash
TEXT: RGB = (30, 32, 40)              # text on light surfaces
TEXT_DIM: RGB = (100, 104, 112)
TEXT_LIGHT: RGB = (242, 240, 232)     # text on felt and panels
TEXT_LIGHT_DIM: RGB = (170, 186, 186)
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)

__all__ = [name for name in dir() if name.isupper()] + ["suit_of"]
