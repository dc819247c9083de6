"""Achievements: each one with its game, what earns it, and the date it was earned or the
progress so far; the daily streak; and the personal bests per game, seat count, sheet and
difficulty (`game.files.stats` "bests"). Reached from the Statistics screen.

Earned or not is said in words and a mark (★ / ○), never by colour alone.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.files import stats
from ..achievements import store
from game.shell.frontends import frontend
from game.shell.i18n import N_, _, ngettext
from game.shell.scene import WidgetScene
from game.shell.tables import GAME_NAMES
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout
from ..ui.widgets import Button, Choice, panel
from .common import header, hint

if TYPE_CHECKING:
    from game.shell.app import App

ROW = 118            # logical height of a row (a title line and two of description)
TOP = 290            # where the list starts


def progress_text(row: store.Progress) -> str:
    """The right-hand words of a row: earned when, or how far."""
    a = row.achievement
    if row.earned is not None:
        return _("Earned {date}").format(date=row.earned)
    if row.best is None or not a.counted:
        return _("Not yet")
    if a.lower:
        return _("Best so far: {best} (goal: {goal})").format(best=f"{row.best:g}", goal=f"{a.goal:g}")
    return _("{best} of {goal} so far").format(best=f"{row.best:g}", goal=f"{a.goal:g}")


def best_lines(key: str, row: dict[str, Any]) -> tuple[str, str]:
    """A personal best (its statistics key "game/Np[/sheet][/dD]") in two lines of words."""
    game, seats, *rest = key.split("/")
    if game not in GAME_NAMES:
        return key, ""
    n = int(seats.rstrip("p")) if seats.rstrip("p").isdigit() else 0
    where = [GAME_NAMES[game], _("solo") if n == 1 else ngettext("{n} player", "{n} players", n).format(n=n)]
    ui = frontend(game)
    for part in rest:
        if part.startswith("d") and part[1:].isdigit():
            where.append(_("difficulty {d}").format(d=part[1:]))
        else:
            where.append(ui.variant_text({"sheet": part}) or part)
    best = row.get("best")
    shown = "–" if best is None else f"{best:g}"
    text = ui.best_text(int(best), shown) if best is not None and ui.best_text is not None else shown
    games = ngettext("{n} game", "{n} games", row["games"]).format(n=row["games"])
    first = " · ".join(where)
    second = f"{text} · {games}" + (f" · {row['date']}" if row.get("date") else "")
    return first, second


class AchievementsScene(WidgetScene):
    """Achievements or personal bests, a page at a time."""

    name = "achievements"

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.data = stats.load()
        self.view = Choice(N_("Show"), [("achievements", N_("Achievements")), ("bests", N_("Personal bests"))],
                           "achievements", lambda _v: self.refresh(), label_width=0.3)
        self.b_prev = Button(N_("Previous page"), partial(self.turn, -1), font_size=26)
        self.b_next = Button(N_("Next page"), partial(self.turn, 1), font_size=26)
        self.done = Button(N_("Back"), self.back, "primary")
        self.widgets = [self.view, self.b_prev, self.b_next, self.done]
        self.page = 0
        self.per_page = 1
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.rows: list[Any] = []
        self.refresh()

    def enter(self) -> None:
        super().enter()
        self.app.show_problems()

    # ------------------------------------------------------------ content
    def refresh(self) -> None:
        if self.view.value == "achievements":
            self.rows = store.progress(self.data)
        else:
            self.rows = sorted(self.data.get("bests", {}).items())
        self.page = 0
        if getattr(self.app, "lay", None) is not None:
            self.layout(self.app.lay)

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.rows) // self.per_page))

    def shown(self) -> list[Any]:
        return self.rows[self.page * self.per_page:(self.page + 1) * self.per_page]

    def turn(self, by: int) -> None:
        self.page = (self.page + by) % self.pages

    def subtitle(self) -> str:
        rows = store.progress(self.data)
        earned = sum(1 for r in rows if r.earned is not None)
        now, best = store.daily_streak(self.data)
        return _("{earned} of {total} earned · daily streak: {now} (best {best})").format(
            earned=earned, total=len(rows), now=ngettext("{n} day", "{n} days", now).format(n=now), best=best)

    # ------------------------------------------------------------ layout/draw
    def layout(self, lay: Layout) -> None:
        w = min(1500.0, lay.logical_w - 140)
        x = (lay.logical_w - w) / 2
        self.view.rect = lay.rect(lay.logical_w / 2 - 380, 190, 760, 76)
        bottom = lay.logical_h - 140
        self.per_page = max(1, int((bottom - TOP - 24) // ROW))
        self.page = min(self.page, self.pages - 1)
        self.list_rect = lay.rect(x, TOP, w, self.per_page * ROW + 24)
        paged = self.pages > 1
        self.b_prev.visible = self.b_next.visible = paged
        y = bottom + 18
        if paged:
            self.b_prev.rect = lay.rect(lay.logical_w / 2 - 640, y, 400, 80)
            self.done.rect = lay.rect(lay.logical_w / 2 - 200, y, 400, 80)
            self.b_next.rect = lay.rect(lay.logical_w / 2 + 240, y, 400, 80)
        else:
            self.done.rect = lay.rect(lay.logical_w / 2 - 200, y, 400, 80)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.turn(1 if event.key == pygame.K_PAGEDOWN else -1)
            return True
        if event.type == pygame.MOUSEWHEEL and self.pages > 1:
            self.turn(-1 if event.y > 0 else 1)
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        self.app.background(surface)
        header(surface, lay, _("Achievements"), self.subtitle())
        rect = self.list_rect
        panel(surface, rect, lay, C.PANEL, C.PANEL_EDGE)
        if not self.rows:
            T.blit_text(surface, _("None yet."), lay.font_px(28), C.TEXT_DIM, rect.center, "center")
        for i, row in enumerate(self.shown()):
            box = pygame.Rect(rect.x + lay.px(12), rect.y + lay.px(12 + i * ROW), rect.w - lay.px(24), lay.px(ROW - 8))
            if i % 2 == 0:          # banded rows carry the eye across, no colour needed
                pygame.draw.rect(surface, C.mix(C.PANEL, C.PANEL_EDGE, 0.35), box, border_radius=lay.px(12))
            if isinstance(row, store.Progress):
                self._draw_achievement(surface, lay, box, row)
            else:
                self._draw_best(surface, lay, box, *row)
        self.draw_widgets(surface)
        if self.pages > 1:
            T.blit_text(surface, _("Page {n} of {total}").format(n=self.page + 1, total=self.pages), lay.font_px(24),
                        C.TEXT_DIM, (rect.centerx, rect.bottom + lay.px(4)), "midtop")
        hint(surface, lay, _("←/→ show · PgUp PgDn pages · Esc back"))

    def _draw_achievement(self, surface: pygame.Surface, lay: Layout, box: pygame.Rect, row: store.Progress) -> None:
        a = row.achievement
        pad = lay.px(20)
        big, small = lay.font_px(30), lay.font_px(23)
        earned = row.earned is not None
        status = progress_text(row)
        status_w = T.width(status, small, True)
        mark = "★" if earned else "○"
        T.blit_text(surface, mark, big, C.ACCENT if earned else C.TEXT_DIM, (box.x + pad, box.y + lay.px(8)), bold=True)
        left = box.x + pad + lay.px(48)
        title = T.cut(_(a.title), big, box.right - pad - status_w - pad - left, True)
        T.blit_text(surface, title, big, C.TEXT if earned else C.TEXT_DIM, (left, box.y + lay.px(8)), bold=True)
        T.blit_text(surface, status, small, C.ACCENT if earned else C.TEXT, (box.right - pad, box.y + lay.px(14)),
                    "topright", bold=True)
        where = GAME_NAMES.get(a.game, "") if a.game else _("Any game")
        lines = T.wrap(f"{where} · {_(a.description)}", small, box.right - pad - left)
        if len(lines) > 2:
            lines = [lines[0], T.cut(" ".join(lines[1:]), small, box.right - pad - left)]
        y = box.y + lay.px(8) + int(big * 1.25)
        for line in lines:
            T.blit_text(surface, line, small, C.TEXT_DIM, (left, y))
            y += int(small * 1.2)

    def _draw_best(self, surface: pygame.Surface, lay: Layout, box: pygame.Rect, key: str, row: dict) -> None:
        pad = lay.px(20)
        big, small = lay.font_px(28), lay.font_px(24)
        first, second = best_lines(key, row)
        room = box.w - 2 * pad
        T.blit_text(surface, T.cut(first, big, room, True), big, C.TEXT, (box.x + pad, box.y + lay.px(12)), bold=True)
        T.blit_text(surface, T.cut(second, small, room), small, C.ACCENT, (box.x + pad, box.y + lay.px(12) + int(big * 1.4)))
