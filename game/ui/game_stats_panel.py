"""The end-of-game statistics of a results screen: a table per player and a round-by-round chart.

A results screen builds the panel once from the finished game (its events,
through `game.files.game_stats`) and draws it into any rectangle:

    panel = GameStatsPanel("lineit", state, [names...])
    panel.draw(surface, rect, font_px)

The table has one column per player and one row per figure; the chart shows
each seat's score after every round; the rows and the chart's label are the
game's own (its `GameUI`). Both fit
the rectangle: when it is short or narrow the text shrinks to the readable
floor, then a figure too wide for its column wraps onto a second line (never
cut), and the chart goes before any row of the table does. `draw` changes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from game.files import game_stats as G
from game.shell.frontends import frontend
from game.shell.i18n import _, ngettext
from . import chart
from . import text as T
from . import theme as C

MIN_PX = 11              # the app's floor for any text
CHART_MIN_ROWS = 6       # the chart needs at least this many text lines of height to be worth drawing

Row = tuple[str, Callable[[Any], str]]


@dataclass(frozen=True)
class Table:
    """The table laid out for a width: text size, column widths, each cell's lines, its extent."""

    size: int
    line_h: int
    label_w: int
    widths: list[int]
    gap: int
    cells: list[list[list[str]]]     # per row: the label's lines, then each seat's
    heights: list[int]               # lines per row
    width: int
    height: int


def _share(wanted: list[int], room: int) -> list[int]:
    """Widths for columns that want `wanted` in `room` pixels: the narrow ones keep theirs, the
    rest get an equal share of what is left (water filling).

    >>> _share([50, 10, 200], 150)
    [50, 10, 90]
    """
    out = list(wanted)
    left, open_cols = room, sorted(range(len(wanted)), key=lambda i: wanted[i])
    while open_cols:
        share = left // len(open_cols)
        i = open_cols[0]
        if wanted[i] > share:
            for j in open_cols:
                out[j] = max(1, share)
            break
        out[i] = wanted[i]
        left -= wanted[i]
        open_cols.pop(0)
    return out


class GameStatsPanel:
    """Per-player statistics and the round chart of one game (see the module text)."""

    def __init__(self, game: str, state: Any, names: Sequence[str]) -> None:
        self.game = game
        self.stats = G.from_state(game, state)
        self.names = [str(n) for n in names]

    def rows(self) -> list[Row]:
        """(label, value of a seat) in the current language: the game's own (`GameUI.stats_rows`)."""
        rows = frontend(self.game).stats_rows
        return rows() if rows is not None else []

    def title(self) -> str:
        n = self.stats.rounds
        return ngettext("Statistics · {n} round", "Statistics · {n} rounds", n).format(n=n)

    def chart_label(self) -> str:
        return _(frontend(self.game).chart_label)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, font_px: int) -> None:
        rows = self.rows()
        table = self.fit(rows, rect, font_px)
        size, line_h = table.size, table.line_h
        room = rect.h - table.height
        chart_beside = rect.w > 2.2 * table.width and rect.h >= CHART_MIN_ROWS * line_h
        if chart_beside:
            self._draw_table(surface, pygame.Rect(rect.x, rect.y, table.width, rect.h), rows, table)
            self._draw_chart(surface, pygame.Rect(rect.x + table.width + size * 2, rect.y,
                                                  rect.w - table.width - size * 2, rect.h), size)
            return
        self._draw_table(surface, rect, rows, table)
        if room >= CHART_MIN_ROWS * line_h:
            self._draw_chart(surface, pygame.Rect(rect.x, rect.y + table.height + line_h // 2, rect.w,
                                                  room - line_h // 2), size)

    def fit(self, rows: list[Row], rect: pygame.Rect, font_px: int) -> "Table":
        """The table's size and cells for `rect`: the largest text at which it fits the width and the
        height; at the readable floor, a cell too wide for its column takes two lines ("3 (1 erzwungen)"
        was cut to "3 (1 erzwu…" at 800×600), and a name too long for its column is cut."""
        size = max(MIN_PX, font_px)
        while True:
            table = self._layout(rows, rect.w, size)
            if size <= MIN_PX or (table.width <= rect.w and table.height <= rect.h):
                return table
            size -= 1

    def _layout(self, rows: list[Row], room: int, size: int) -> "Table":
        line_h = int(size * 1.45)
        gap = size
        label_w = max([T.width(label, size) for label, _f in rows] or [0])
        widths = [max([T.width(name, size, True)] + [T.width(f(s), size, True) for _l, f in rows])
                  for name, s in zip(self.names, self.stats.seats, strict=True)]
        n = max(1, len(widths))
        if label_w + sum(widths) + gap * (n + 1) > room:
            # too wide: a column that fits keeps its width, the widest share what is left and wrap
            label_w, *widths = _share([label_w, *widths], max(size * 2 * (n + 1), room - gap * (n + 1)))
        spare = max(0, room - (label_w + sum(widths) + gap * (n + 1)))
        gap += min(size * 3, spare // (n + 2))     # few players: a little air, not the whole width
        cells = [[T.wrap(label, size, label_w)] +
                 [T.wrap(value(seat), size, w, True) for w, seat in zip(widths, self.stats.seats, strict=True)]
                 for label, value in rows]
        heights = [max(len(c) for c in row) for row in cells]
        width = label_w + sum(widths) + gap * (n + 1)
        return Table(size, line_h, label_w, widths, gap, cells, heights, width, (sum(heights) + 2) * line_h)

    def _draw_table(self, surface: pygame.Surface, rect: pygame.Rect, rows: list[Row], table: "Table") -> None:
        size, line_h, gap = table.size, table.line_h, table.gap
        T.blit_text(surface, self.title(), size, C.ACCENT, (rect.x, rect.y), "topleft", bold=True)
        x = rect.x + table.label_w + gap
        y = rect.y + line_h
        xs = []
        for name, w in zip(self.names, table.widths, strict=True):
            xs.append(x + w)
            T.blit_text(surface, T.cut(name, size, w, True), size, C.TEXT, (x + w, y), "topright", bold=True)
            x += w + gap
        y = rect.y + 2 * line_h
        for i, (cells, lines) in enumerate(zip(table.cells, table.heights, strict=True)):
            if y + lines * line_h > rect.bottom + line_h // 3:
                break
            if i % 2 == 0:       # banded rows: the eye keeps its line across the columns without colour
                band = pygame.Rect(rect.x - size // 3, y - line_h // 8, xs[-1] - rect.x + size * 2 // 3 if xs else rect.w,
                                   lines * line_h)
                pygame.draw.rect(surface, C.mix(C.PANEL, C.PANEL_EDGE, 0.35), band, border_radius=max(1, size // 4))
            for k, line in enumerate(cells[0]):
                T.blit_text(surface, line, size, C.TEXT_DIM, (rect.x, y + k * line_h), "topleft")
            for right, cell in zip(xs, cells[1:], strict=True):
                for k, line in enumerate(cell):
                    T.blit_text(surface, line, size, C.TEXT, (right, y + k * line_h), "topright", bold=True)
            y += lines * line_h

    def _draw_chart(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        series = [chart.Series(name, tuple(float(v) for v in values))
                  for name, values in zip(self.names, self.stats.series, strict=True)]
        if not any(s.values for s in series):
            return
        chart.line_chart(surface, rect, series, size, x_label=self.chart_label(), first_x=self.stats.first_round)


