"""The end-of-game statistics of a results screen: a table per player and a round-by-round chart.

A results screen builds the panel once from the finished game (its events,
through `game.game_stats`) and draws it into any rectangle:

    panel = GameStatsPanel("lineit", state, [names...])
    panel.draw(surface, rect, font_px)

The table has one column per player and one row per figure; the chart shows
each seat's score after every round; the rows and the chart's label are the
game's own (its `GameUI`). Both fit
the rectangle: when it is short the text shrinks to the readable floor, and
then the chart goes before any row of the table does. `draw` changes nothing.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from .. import game_stats as G
from ..frontends import frontend
from ..i18n import _, ngettext
from . import chart
from . import text as T
from . import theme as C

MIN_PX = 11              # the app's floor for any text
CHART_MIN_ROWS = 6       # the chart needs at least this many text lines of height to be worth drawing

Row = tuple[str, Callable[[Any], str]]


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
        size = max(MIN_PX, font_px)
        # the table wants (rows + title + names) lines; shrink the text until it fits (not below the floor)
        while size > MIN_PX and (len(rows) + 2) * int(size * 1.45) > rect.h:
            size -= 1
        line_h = int(size * 1.45)
        table_h = (len(rows) + 2) * line_h
        room = rect.h - table_h
        chart_beside = rect.w > 2.2 * self._table_width(rows, size) and rect.h >= CHART_MIN_ROWS * line_h
        if chart_beside:
            table_w = self._table_width(rows, size)
            self._draw_table(surface, pygame.Rect(rect.x, rect.y, table_w, rect.h), rows, size, line_h)
            self._draw_chart(surface, pygame.Rect(rect.x + table_w + size * 2, rect.y,
                                                  rect.w - table_w - size * 2, rect.h), size)
            return
        self._draw_table(surface, rect, rows, size, line_h)
        if room >= CHART_MIN_ROWS * line_h:
            self._draw_chart(surface, pygame.Rect(rect.x, rect.y + table_h + line_h // 2, rect.w,
                                                  room - line_h // 2), size)

    def _columns(self, rows: list[Row], size: int) -> tuple[int, list[int]]:
        label_w = max(T.width(label, size) for label, _f in rows)
        widths = [max([T.width(name, size, True)] + [T.width(f(s), size, True) for _l, f in rows])
                  for name, s in zip(self.names, self.stats.seats, strict=True)]
        return label_w, widths

    def _table_width(self, rows: list[Row], size: int) -> int:
        label_w, widths = self._columns(rows, size)
        return label_w + sum(widths) + size * (len(widths) + 1)

    def _draw_table(self, surface: pygame.Surface, rect: pygame.Rect, rows: list[Row], size: int, line_h: int) -> None:
        T.blit_text(surface, self.title(), size, C.ACCENT, (rect.x, rect.y), "topleft", bold=True)
        label_w, widths = self._columns(rows, size)
        gap = size
        spare = rect.w - (label_w + sum(widths) + gap * (len(widths) + 1))
        if spare < 0:        # too narrow: names and values are cut to share what room there is
            per = max(size * 2, (rect.w - label_w - gap * (len(widths) + 1)) // max(1, len(widths)))
            widths = [min(w, per) for w in widths]
            spare = 0
        gap += min(size * 3, spare // (len(widths) + 2))   # few players: a little air, not the whole width
        x = rect.x + label_w + gap
        y = rect.y + line_h
        xs = []
        for name, w in zip(self.names, widths, strict=True):
            xs.append(x + w)
            T.blit_text(surface, T.cut(name, size, w, True), size, C.TEXT, (x + w, y), "topright", bold=True)
            x += w + gap
        for i, (label, value) in enumerate(rows):
            y = rect.y + (i + 2) * line_h
            if y + line_h > rect.bottom + line_h // 3:
                break
            if i % 2 == 0:       # banded rows: the eye keeps its line across the columns without colour
                band = pygame.Rect(rect.x - size // 3, y - line_h // 8, xs[-1] - rect.x + size * 2 // 3 if xs else rect.w,
                                   line_h)
                pygame.draw.rect(surface, C.mix(C.PANEL, C.PANEL_EDGE, 0.35), band, border_radius=max(1, size // 4))
            T.blit_text(surface, T.cut(label, size, label_w), size, C.TEXT_DIM, (rect.x, y), "topleft")
            for right, w, seat in zip(xs, widths, self.stats.seats, strict=True):
                T.blit_text(surface, T.cut(value(seat), size, w, True), size, C.TEXT, (right, y), "topright", bold=True)

    def _draw_chart(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        series = [chart.Series(name, tuple(float(v) for v in values))
                  for name, values in zip(self.names, self.stats.series, strict=True)]
        if not any(s.values for s in series):
            return
        chart.line_chart(surface, rect, series, size, x_label=self.chart_label(), first_x=self.stats.first_round)


