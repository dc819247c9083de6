"""Statistics: what `game.files.stats.record_result` stored, one game at a time.

For the chosen game: a table of games, wins, win rate, best and average
score and streaks, for all games and per bot level met; the personal bests,
each with a link that opens the History screen at the game that set it; a
chart of your last 50 scores. Everything is text or marks, never colour alone.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.files import history, stats
from game.shell.i18n import N_, _, ngettext
from game.shell.scene import WidgetScene
from game.shell.frontends import frontend
from game.shell.tables import GAME_NAMES
from ..ui import chart
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout
from ..ui.widgets import Button, Choice, panel
from .common import LEVEL_NAMES, foot_h, header, hint

if TYPE_CHECKING:
    from game.shell.app import App

ROW_NAMES = {"all": N_("All games"), "easy": N_("Against easy bots"), "normal": N_("Against normal bots"),
             "hard": N_("Against hard bots")}
MAX_LINKS = 4            # personal bests listed with a link
TABLE_ROW = 58           # logical height of a table row
BEST_ROW = 66            # logical height of a personal best (two lines of text when it must wrap)
LINK_W = 300


def number(value: float | None, digits: int = 0) -> str:
    """A figure for the table; "–" when there is none yet."""
    if value is None:
        return "–"
    return f"{value:.{digits}f}" if digits else f"{value:g}"


def open_history_at(app: "App", entry_id: str | None) -> None:
    """The link of a personal best: the History screen with that game chosen (a plain message if it is gone)."""
    if entry_id is None or entry_id not in history.load().ids():
        app.message(_("This game is no longer in the history."))
        return
    app.open("history", keep_id=entry_id)       # Enter: its replay


def _level_best(level: str, best: float) -> str:
    return _("Best against {level} bots: {n}").format(level=_(LEVEL_NAMES[level]), n=number(best))


class StatsScene(WidgetScene):
    """Per game and per bot level: games, wins, win rate, best, average, streaks; personal bests; last 50 scores."""

    name = "stats"

    def __init__(self, app: "App", game: str | None = None) -> None:
        super().__init__(app)
        self.data = stats.load()
        game = game or stats.last_game(self.data)       # the game last played (it always opened on Line-it)
        self.chooser = Choice(N_("Game"), [(g, GAME_NAMES[g]) for g in stats.storage.GAMES], game,
                              lambda _v: self.refresh(), label_width=0.35)
        self.done = Button(N_("Back"), self.back, "primary")
        self.b_achievements = Button(N_("Achievements"), lambda: self.app.open("achievements"))
        self.links: list[Button] = []
        self.bests: list[tuple[Callable[[], str], str | None]] = []
        self.table_rect = self.bests_rect = self.chart_rect = pygame.Rect(0, 0, 0, 0)
        self.refresh()

    @property
    def game(self) -> str:
        return str(self.chooser.value)

    def enter(self) -> None:
        super().enter()
        self.app.show_problems()

    def has_games(self) -> bool:
        return any(self.data["games"][g]["games"] for g in self.data["games"])

    # ------------------------------------------------------------ content
    def table_rows(self) -> list[tuple[str, dict]]:
        """(row key, figures): all games, then each bot level met."""
        entry = self.data["games"][self.game]
        return [("all", entry)] + [(lv, entry["levels"][lv]) for lv in stats.LEVELS if entry["levels"][lv]["games"]]

    @staticmethod
    def columns() -> list[tuple[str, Callable[[dict], str]]]:
        def rate(row: dict) -> str:
            r = stats.win_rate(row)
            return "–" if r is None else f"{round(100 * r)} %"
        return [(_("Games"), lambda r: str(r["games"])),
                (_("Wins"), lambda r: str(r["wins"])),
                (_("Win rate"), rate),
                (_("Best"), lambda r: number(r["best"])),
                (_("Average"), lambda r: number(stats.average(r), 1)),
                (_("Streak now / best"), lambda r: f"{r['streak']} / {r['best_streak']}")]

    def _bests(self) -> list[tuple[Callable[[], str], str | None]]:
        """Personal bests of the chosen game: (text in the current language, history id or None)."""
        game, data = self.game, self.data
        entry = data["games"][game]
        out: list[tuple[Callable[[], str], Any]] = []
        ui = frontend(game)
        best_text = ui.best_text
        if entry["best"] is not None and best_text is not None:
            best = entry["best"]
            out.append((partial(best_text, int(best), number(best)), entry["best_game"]))
        for lv in stats.LEVELS:
            row = entry["levels"][lv]
            if row["best"] is not None and row["best_game"] and row["best_game"] != entry["best_game"]:
                out.append((partial(_level_best, lv, row["best"]), row["best_game"]))
        out.extend(ui.more_bests(data))          # the game's own bests (Linyo: solo per sheet, perfect sheets)
        return out

    def refresh(self) -> None:
        """Rebuild the lists for the chosen game (and the links' buttons)."""
        self.bests = self._bests()
        self.links = []
        for _text, entry_id in self.bests:
            if entry_id and len(self.links) < MAX_LINKS:
                self.links.append(Button(N_("Show game"), partial(open_history_at, self.app, entry_id),
                                         font_size=24))
        self.widgets = [self.chooser, *self.links, self.b_achievements, self.done]
        if getattr(self.app, "lay", None) is not None:
            self.layout(self.app.lay)

    # ------------------------------------------------------------ layout/draw
    def layout(self, lay: Layout) -> None:
        w = min(1700.0, lay.logical_w - 140)
        x = (lay.logical_w - w) / 2
        self.chooser.rect = lay.rect(lay.logical_w / 2 - 380, 190, 760, 76)
        rows = len(self.table_rows())
        top = 290.0
        table_h = TABLE_ROW * (rows + 1) + 62     # column titles take two lines when they must wrap
        self.table_rect = lay.rect(x, top, w, table_h)
        lower = top + table_h + 24
        bottom = float(int(lay.logical_h - foot_h(lay) - 98))     # Back (80) and its gaps above the key line
        half = (w - 40) / 2
        self.bests_rect = lay.rect(x, lower, half, bottom - lower)
        self.chart_rect = lay.rect(x + half + 40, lower, half, bottom - lower)
        self.b_achievements.rect = lay.rect(lay.logical_w / 2 - 420, bottom + 18, 400, 80)
        self.done.rect = lay.rect(lay.logical_w / 2 + 20, bottom + 18, 400, 80)
        line = float(BEST_ROW)
        y = lower + 66
        links = iter(self.links)
        for _text, entry_id in self.bests:
            if entry_id:
                b = next(links, None)
                if b is not None:     # a best whose row does not fit the panel is not drawn: nor is its link
                    b.rect = lay.rect(x + half - LINK_W - 20, y + 5, LINK_W, 56)
                    b.visible = y + line <= bottom
            y += line

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        self.app.background(surface)
        header(surface, lay, _("Statistics"), "" if self.has_games() else _("No games yet: play one and it shows up here."))
        self._draw_table(surface, lay)
        self._draw_bests(surface, lay)
        self._draw_chart(surface, lay)
        self.draw_widgets(surface)
        hint(surface, lay, _("←/→ game · Tab links · Esc back"))

    def _draw_table(self, surface: pygame.Surface, lay: Layout) -> None:
        rect = self.table_rect
        panel(surface, rect, lay, C.PANEL, C.PANEL_EDGE)
        size = lay.font_px(28)
        cols = self.columns()
        pad = lay.px(24)
        label_w = max(T.width(_(ROW_NAMES[k]), size) for k in ROW_NAMES)
        room = rect.w - 2 * pad - label_w
        col_w = room // len(cols)
        row_h = lay.px(TABLE_ROW)
        y = rect.y + lay.px(14)
        line_h = int(size * 1.2)
        for i, (title, _f) in enumerate(cols):
            right = rect.x + pad + label_w + (i + 1) * col_w
            lines = T.wrap(title, size, col_w - pad // 2, bold=True)
            if len(lines) > 2:
                lines = [lines[0], T.cut(" ".join(lines[1:]), size, col_w - pad // 2, True)]
            for k, text in enumerate(lines):     # one-line titles sit on the second line, above their column
                T.blit_text(surface, text, size, C.TEXT_DIM, (right, y + (k + 2 - len(lines)) * line_h), "topright",
                            bold=True)
        y += line_h
        for k, (key, row) in enumerate(self.table_rows()):
            y += row_h
            if k % 2 == 0:       # banded rows carry the eye across, no colour needed
                band = pygame.Rect(rect.x + pad // 2, y - row_h // 6, rect.w - pad, row_h)
                pygame.draw.rect(surface, C.mix(C.PANEL, C.PANEL_EDGE, 0.35), band, border_radius=max(1, row_h // 5))
            T.blit_text(surface, T.cut(_(ROW_NAMES[key]), size, label_w), size, C.TEXT, (rect.x + pad, y), "topleft")
            for i, (_title, value) in enumerate(cols):
                right = rect.x + pad + label_w + (i + 1) * col_w
                T.blit_text(surface, T.cut(value(row), size, col_w - pad // 2, True), size, C.TEXT, (right, y),
                            "topright", bold=True)

    def _draw_bests(self, surface: pygame.Surface, lay: Layout) -> None:
        rect = self.bests_rect
        panel(surface, rect, lay, C.PANEL, C.PANEL_EDGE)
        size = lay.font_px(28)
        pad = lay.px(24)
        T.blit_text(surface, _("Personal bests"), size, C.ACCENT, (rect.x + pad, rect.y + lay.px(16)), "topleft",
                    bold=True)
        if not self.bests:
            T.blit_text(surface, _("None yet."), size, C.TEXT_DIM, (rect.x + pad, rect.y + lay.px(74)), "topleft")
            return
        size = lay.font_px(26)
        y = rect.y + lay.px(66)
        row_h = lay.px(BEST_ROW)
        links = iter(self.links)
        for text, entry_id in self.bests:
            if y + row_h > rect.bottom:
                break
            link = next(links, None) if entry_id else None
            room = (link.rect.x if link is not None else rect.right - pad) - rect.x - pad * 2
            lines = T.wrap(text(), size, room)
            if len(lines) > 2:
                lines = [lines[0], T.cut(" ".join(lines[1:]), size, room)]
            top = y + (row_h - len(lines) * int(size * 1.2)) // 2
            for k, part in enumerate(lines):
                T.blit_text(surface, part, size, C.TEXT, (rect.x + pad, top + k * int(size * 1.2)), "topleft")
            y += row_h

    def _draw_chart(self, surface: pygame.Surface, lay: Layout) -> None:
        rect = self.chart_rect
        panel(surface, rect, lay, C.PANEL, C.PANEL_EDGE)
        size = lay.font_px(28)
        pad = lay.px(24)
        scores = stats.recent_scores(self.data, self.game)
        title = _(frontend(self.game).recent_title)
        r = T.blit_text(surface, title, size, C.ACCENT, (rect.x + pad, rect.y + lay.px(16)), "topleft", bold=True)
        if not scores:
            T.blit_text(surface, _("None yet."), size, C.TEXT_DIM, (rect.x + pad, rect.y + lay.px(74)), "topleft")
            return
        small = lay.font_px(22)
        shown = min(len(scores), chart.RECENT)
        count = ngettext("{n} game", "{n} games", shown).format(n=shown)
        top = lay.px(74)
        if r.right + small + T.width(count, small) <= rect.right - pad:      # beside the title
            T.blit_text(surface, count, small, C.TEXT_DIM, (rect.right - pad, rect.y + lay.px(20)), "topright")
        else:                         # under it: a long German title ran into "1 Partie"
            c = T.blit_text(surface, count, small, C.TEXT_DIM, (rect.x + pad, r.bottom + lay.px(4)), "topleft")
            top = max(top, c.bottom - rect.y + lay.px(10))
        plot = pygame.Rect(rect.x + pad, rect.y + top, rect.w - 2 * pad, rect.h - top - lay.px(16))
        chart.recent_scores(surface, plot, scores, small)

