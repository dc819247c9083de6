"""The other seats' thumbnails in the table's panel: their grid, and a last move's words on lines.

A thumbnail is a name line ("Bruno  64 free"), the seat's last move in words, then its sheet. The
words are never cut: they wrap between the things a move says ("line 4 +5 ★," / "line 3 ×"), inside
one only where it alone is wider than the thumbnail (its ★ or × kept with the number it follows).
Every thumbnail keeps the lines the longest usual move takes; a move that says more (a line too
short and another at a dead end) is drawn a little smaller there, or takes more lines from its own
sheet (`fit_words`).

The grid (`plan`) takes the columns that leave the sheets largest once the longest usual words
(`texts.LONGEST_MOVE`) have their lines, whole things on whole lines where a layout allows it.
Where the grid has more than one row and a free slot, the All-sheets button takes that slot and
the thumbnails the button's row: at 1920×1080 with six seats the two lines of words cost the
sheets that much height.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

import pygame

from game.shell.i18n import _
from ..ui import text as T
from ..ui.layout import Layout
from ..ui.widgets import Button, label_text
from . import texts
from .geometry import SheetGeom, font_px

LEADING = 1.15           # a line of words, in font sizes
NAME_H = 30              # the name line, logical
WORDS_SIZE = 22          # the name's and the words' font size, logical
MARGIN = 12              # logical: the panel's edge to a thumbnail, and between two of them
ROW_GAP = 10             # logical, between two rows
MAX_ROW_H = 280          # logical: a row no taller (one or two seats: the sheet is as wide as it may be)
BUTTON_H = 46            # the All-sheets button above the grid, and the gap under it, logical
BUTTON_GAP = 10
BUTTON_FONT = 24         # the All-sheets button's label, logical
SYMBOLS = ("★", "×")     # kept on the line of the number before them


def word_size(lay: Layout) -> int:
    """The pixel size of a thumbnail's name and words."""
    return font_px(lay, WORDS_SIZE)


def line_h(size: int) -> int:
    return int(size * LEADING)


def room(rect: pygame.Rect, lay: Layout) -> int:
    """The width a thumbnail's words may take (a margin on both sides)."""
    return rect.w - lay.px(8)


@lru_cache(maxsize=64)
def fit_thumb(rect: tuple[int, int, int, int], name_h: int) -> SheetGeom:
    """A thumbnail's sheet right under its words (the same rect always gives the same sheet)."""
    x, y, w, h = rect
    geom = SheetGeom.fit(pygame.Rect(x, y + name_h, w, h - name_h), compact=True)
    if geom.paper.h < h - name_h:        # a narrow thumbnail: no gap between the words and the sheet
        geom = SheetGeom.fit(pygame.Rect(x, y + name_h, w, geom.paper.h), compact=True)
    return geom


def _pieces(part: str) -> list[str]:
    """A thing a move says, in the pieces a line may break between ("line", "4", "+5 ★,")."""
    out: list[str] = []
    for word in part.split(" "):
        if out and word.rstrip(",") in SYMBOLS:
            out[-1] += " " + word
        else:
            out.append(word)
    return out


@lru_cache(maxsize=256)
def move_lines(parts: tuple[str, ...], size: int, width: int) -> tuple[str, ...]:
    """The things a move says (`texts.last_move_parts`) on lines at most `width` pixels wide: a
    line breaks between them, inside one only where it alone is wider; nothing is ever cut (a piece
    wider than a line is broken by `T.wrap`).

    >>> T.start_fonts()
    >>> move_lines(("line 4 +5 ★", "line 3 ×"), 22, 1000)
    ('line 4 +5 ★, line 3 ×',)
    >>> move_lines(("line 4 +5 ★", "line 3 ×"), 22, 160)
    ('line 4 +5 ★,', 'line 3 ×')
    >>> move_lines(("line 4 +5 ★", "line 3 ×"), 22, 100)
    ('line 4', '+5 ★,', 'line 3 ×')
    """
    def fits(s: str) -> bool:
        return T.width(s, size) <= width

    lines: list[str] = []
    line = ""
    for i, part in enumerate(parts):
        text = part + ("," if i < len(parts) - 1 else "")
        if not line or fits(line + " " + text):
            trial = text if not line else line + " " + text
            if fits(trial):
                line = trial
                continue
        elif fits(text):
            lines.append(line)
            line = text
            continue
        # wider than a line by itself: broken between its pieces, the first joining the line so far
        for piece in _pieces(text):
            trial = piece if not line else line + " " + piece
            if fits(trial) or not line:
                line = trial
            else:
                lines.append(line)
                line = piece
            if not fits(line):               # a single piece wider than the line: broken, never cut
                *whole, line = T.wrap(line, size, width)
                lines.extend(whole)
    if line:
        lines.append(line)
    return tuple(lines)


class Words(NamedTuple):
    """A thumbnail's words as drawn: their pixel size, lines, and the height they take above the sheet."""

    size: int
    lines: tuple[str, ...]
    band: int


MIN_CELL = 3.0           # px a field: a sheet no smaller while its words can be made to fit otherwise
SMALLER = 0.7            # the words may go down to this part of their size before their sheet shrinks


@lru_cache(maxsize=256)
def fit_words(parts: tuple[str, ...], rect: tuple[int, int, int, int], name_h: int, reserved: int,
              size: int, width: int, floor: int) -> Words:
    """Where a thumbnail's words go: whole in the `reserved` pixels the grid keeps for them (the
    sheet as large as its neighbours), a little smaller if need be; else at their size on more lines,
    the sheet smaller but still readable; else smaller still. Where nothing of that fits (a move that
    closes all four lines at 800×600) the words take the lines they need and the sheet what is left:
    a word of a move is never cut."""
    def cell(band: int) -> float:
        return fit_thumb(rect, name_h + band).cell

    smaller = max(floor, int(size * SMALLER))
    for s in range(size, smaller - 1, -1):
        lines = move_lines(parts, s, width)
        if len(lines) * line_h(s) <= reserved:
            return Words(s, lines, reserved)
    for s in [size, *range(smaller - 1, floor - 1, -1)]:
        lines = move_lines(parts, s, width)
        band = max(reserved, len(lines) * line_h(s))
        if cell(band) >= MIN_CELL:
            return Words(s, lines, band)
    # more than any move says at this size: every word still, the sheet what is left (none if nothing)
    lines = move_lines(parts, floor, width)
    return Words(floor, lines, max(reserved, len(lines) * line_h(floor)))


def breaks_a_part(parts: tuple[str, ...], size: int, width: int) -> bool:
    """Whether one of the things said has to be broken over two lines at this width."""
    return any(T.width(p + ",", size) > width for p in parts)


class AllSheetsButton(Button):
    """The All-sheets button: in a free slot of the grid, narrow, its label on two lines at its size
    rather than on one much smaller than the buttons around it."""

    def text_px(self, lay: Layout) -> int:
        size = lay.font_px(self.font_size)
        lines = T.wrap(label_text(self.label), size, self.rect.w - lay.px(30), True)
        if len(lines) <= 2 and len(lines) * int(size * 1.1) <= self.rect.h - lay.px(10):
            return size
        return super().text_px(lay)


class Plan(NamedTuple):
    """Where the thumbnails go: their rects (in the order of the seats), the All-sheets button's rect,
    and the lines every thumbnail keeps for its words."""

    rects: list[pygame.Rect]
    button: pygame.Rect
    lines: int


def _grid(lay: Layout, n: int, cols: int, x: float, top: float, bottom: float, width: float) -> Plan:
    """`n` thumbnails in `cols` columns between `top` and `bottom` (logical), the button above or in
    the last row's free room."""
    rows = math.ceil(n / cols)
    in_slot = rows > 1 and n % cols != 0
    grid_top = top if in_slot else top + BUTTON_H + BUTTON_GAP
    cw = (width - 2 * MARGIN - MARGIN * (cols - 1)) / cols
    ch = min(float(MAX_ROW_H), (bottom - grid_top) / rows)
    rects = []
    for i in range(n):
        r, c = divmod(i, cols)
        rects.append(lay.rect(x + MARGIN + c * (cw + MARGIN), grid_top + r * ch, cw, ch - ROW_GAP))
    if in_slot:
        # the free room right of the last thumbnail: a button as tall as its label needs (two lines
        # where narrow), in the middle of the row
        c = n % cols
        bx = x + MARGIN + c * (cw + MARGIN)
        bw = x + width - MARGIN - bx
        label = _("All sheets")
        one_line = T.width(label, lay.font_px(BUTTON_FONT), True) <= lay.px(bw) - lay.px(30)
        bh = min(ch - ROW_GAP, BUTTON_H if one_line else 2 * BUTTON_H)
        button = lay.rect(bx, grid_top + (rows - 1) * ch + (ch - ROW_GAP - bh) / 2, bw, bh)
    else:
        button = lay.rect(x + MARGIN, top, width - 2 * MARGIN, BUTTON_H)
    size = word_size(lay)
    lines = len(move_lines(tuple(texts.last_move_parts(texts.LONGEST_MOVE)), size, room(rects[0], lay)))
    return Plan(rects, button, lines)


def _cell(lay: Layout, plan: Plan) -> float:
    rect = plan.rects[0]
    return fit_thumb(tuple(rect), lay.px(NAME_H) + plan.lines * line_h(word_size(lay))).cell


def plan(lay: Layout, n: int, x: float, top: float, bottom: float, width: float) -> Plan:
    """The grid for `n` thumbnails in the panel's room from `top` (where the All-sheets button goes
    above them) to `bottom`, `x` and `width` the panel's (logical): the columns that leave the sheets
    largest with the longest usual words on their lines; of two about as good (within a seventh),
    the one that keeps each thing a move says on one line."""
    if n == 0:
        return Plan([], lay.rect(x + MARGIN, top, width - 2 * MARGIN, BUTTON_H), 1)
    options = [_grid(lay, n, cols, x, top, bottom, width) for cols in ((2,) if n < 3 else (2, 3))]
    best = max(_cell(lay, p) for p in options)
    parts = tuple(texts.last_move_parts(texts.LONGEST_MOVE))
    size = word_size(lay)
    return max(options, key=lambda p: (_cell(lay, p) >= best * 6 / 7
                                       and not breaks_a_part(parts, size, room(p.rects[0], lay)),
                                       _cell(lay, p)))

