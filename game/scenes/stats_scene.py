"""Statistics: what `game.stats.record_result` stored."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import stats
from ..i18n import N_, _
from ..scene import WidgetScene
from ..tables import GAME_NAMES
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout
from ..ui.widgets import Button, panel
from .common import header, hint

if TYPE_CHECKING:
    from ..app import App

LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}


class StatsScene(WidgetScene):
    """Per game: games, wins, best score, results per bot level; Linyo solo bests."""

    name = "stats"

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.data = stats.load()
        self.done = Button(N_("Back"), self.back, "primary")
        self.widgets = [self.done]
        self.cards: list[pygame.Rect] = []

    def enter(self) -> None:
        super().enter()
        self.app.show_problems()

    def has_games(self) -> bool:
        return any(self.data["games"][g]["games"] for g in self.data["games"])

    def layout(self, lay: Layout) -> None:
        w = min(820.0, (lay.logical_w - 180) / 2)
        x = (lay.logical_w - 2 * w - 60) / 2
        h = min(560.0, lay.logical_h - 200 - 150)
        self.cards = [lay.rect(x, 200, w, h), lay.rect(x + w + 60, 200, w, h)]
        self.done.rect = lay.rect(lay.logical_w / 2 - 200, 200 + h + 40, 400, 84)

    def _lines(self, game: str) -> list[tuple[str, str]]:
        entry = self.data["games"][game]
        out: list[tuple[str, str]] = []
        if not entry["games"]:
            return [(_("No games yet."), "")]
        out.append((_("Games played"), str(entry["games"])))
        out.append((_("Games won"), f"{entry['wins']} ({100 * entry['wins'] // entry['games']} %)"))
        best = entry["best"]
        if best is not None:
            label = _("Best score") if game == "lineit" else _("Fewest free fields")
            out.append((label, str(best)))
        for lv in stats.LEVELS:
            row = entry["levels"][lv]
            if row["games"]:
                out.append((_("Against {level} bots").format(level=_(LEVEL_NAMES[lv])),
                            _("{wins} of {games} won").format(wins=row["wins"], games=row["games"])))
        if game == "linyo":
            for key in sorted(self.data["linyo_solo"]):
                solo = self.data["linyo_solo"][key]
                sheet, _sep, diff = key.partition("/")
                out.append((_("Solo, sheet {sheet}, difficulty {d}").format(sheet=sheet, d=diff),
                            _("best {best} free").format(best=solo["best"])))
            perfect = len(self.data["perfect"])
            if perfect:
                out.append((_("Perfect sheets ★"), str(perfect)))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        self.app.background(surface)
        header(surface, lay, _("Statistics"), "" if self.has_games() else _("No games yet: play one and it shows up here."))
        for rect, game in zip(self.cards, ("lineit", "linyo")):
            panel(surface, rect, lay, C.PANEL, C.PANEL_EDGE)
            T.blit_text(surface, GAME_NAMES[game], lay.font_px(44), C.ACCENT,
                        (rect.x + lay.px(36), rect.y + lay.px(28)), "topleft", bold=True)
            y = rect.y + lay.px(110)
            size = lay.font_px(28)
            for label, value in self._lines(game):
                T.blit_text(surface, label, size, C.TEXT_DIM if value else C.TEXT, (rect.x + lay.px(36), y), "topleft")
                if value:
                    T.blit_text(surface, value, size, C.TEXT, (rect.right - lay.px(36), y), "topright", bold=True)
                y += int(size * 1.7)
                if y > rect.bottom - size * 2:
                    break
        self.draw_widgets(surface)
        hint(surface, lay, _("Esc back"))
