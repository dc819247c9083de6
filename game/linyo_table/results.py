"""The results: free fields, longest line, ranking and its tie-break, the solo
personal best per sheet and difficulty, and a celebration for a perfect sheet."""
from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

import pygame

from game.ui import palette as P

from game.shell import sound, tables
from game.challenge.results import ResultsExtras
from game.shell.i18n import N_, _
from ..table.results import TableResults
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import MIN_FONT_PX, Layout
from ..ui.fit_button import FitButton as Button
from ..ui.widgets import label_text, panel
from .all_sheets import grid
from .geometry import SheetGeom, font_px
from .model import TableGame
from .sheet_draw import InkLine, draw_ink, paper

if TYPE_CHECKING:
    from game.shell.app import App
    from ..table.base import TableBase


def tie_text(g: TableGame) -> str:
    """Why the winners won, in words (the tie-break explained)."""
    st = g.state
    winners = st.winners()                      # the engine's ranking and tie-break decided them
    if st.players == 1 or not winners:
        return ""
    scores = st.scores()
    best = scores[winners[0]]
    tied = [s for s in range(st.players) if scores[s] == best]     # who the tie-break had to part
    names = ", ".join(g.seats[s].name for s in winners)
    if len(tied) == 1:
        return _("{name} wins with the fewest free fields ({n}).").format(name=names, n=best)
    if len(winners) == 1:
        return _("{k} players tied on {n} free fields; {name} wins with the longest line ({m} fields).").format(
            k=len(tied), n=best, name=names, m=st.longest(winners[0]))
    return _("Tied on {n} free fields and on the longest line ({m} fields): a shared victory for {names}.").format(
        n=best, m=st.longest(winners[0]), names=names)


class ResultsScene(TableResults):
    """After the count: who won and why, your records."""

    name = "linyo_results"
    game = "linyo"

    def __init__(self, app: "App", table: "TableBase", best_before: int | None = None) -> None:
        super().__init__(app, table, font_size=28)
        g: TableGame = table.tg           # a Linyo table's game (the base does not know which game)
        self.g = g
        self.demo = table.demo
        self.best_before = best_before
        self.t = 0.0
        scores = g.state.scores()
        self.solo = g.players == 1
        self.perfect = [s for s in range(g.players) if scores[s] == 0 and not g.seats[s].is_bot]
        self.new_best = self.solo and not g.seats[0].is_bot and not table.tutorial and (
            best_before is None or scores[0] < best_before)
        rng = random.Random(7)
        self.confetti = [(rng.random(), rng.random() * 0.6, rng.uniform(0.6, 1.4), rng.choice(
            [P.DIE_COLORS["b"], P.DIE_COLORS["o"], P.GOLD, P.LEGAL, P.WHITE]), rng.uniform(0, 6.28))
            for _ in range(140)] if self.perfect else []
        self.b_daily = Button(N_("Today's daily sheet"), self.play_daily, font_size=28)
        self.b_daily.visible = self.offers_offline_game
        self.widgets.insert(1, self.b_daily)
        self.cards: list[tuple[pygame.Rect, pygame.Rect]] = []     # (card, its sheet) as last drawn
        self.extras = ResultsExtras(self)          # achievements earned, the challenge and its comparison
        if self.perfect:
            sound.play("jackpot")
        elif self.new_best or any(w in g.humans for w in g.state.winners()):
            sound.play("bet_won")

    def shown_buttons(self) -> list:
        """The main row, with Review before "Back to menu": the top corners leave the title its room."""
        main = super().shown_buttons()
        if self.b_review.visible:
            main.insert(len(main) - 1 if self.b_menu in main else len(main), self.b_review)
        return main

    def play_daily(self) -> None:
        from .daily import daily_config
        human = next((s for s in self.g.seats if not s.is_bot), None)
        cfg = daily_config(name=human.name if human else _("Player"),
                           difficulty=human.difficulty if human else 2)
        tables.open_table(self.app, cfg)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.t += dt

    def layout(self, lay: Layout) -> None:
        shown = max(1, len(self.shown_buttons()))        # a challenge's buttons join the row: narrower then
        self.place_buttons(lay.px(lay.logical_h - 120), lay.px(min(360, (lay.logical_w - 80) // shown - 24)),
                           lay.px(76), lay.px(24))
        self._place_corners(lay)

    def _place_corners(self, lay: Layout) -> None:
        """Statistics and Watch replay top left, the seed top right: each as wide as its label needs
        on one line (at 800×600 "Wiederholung ansehen" and "Startwert 3000009 · kopieren" wrapped
        into two lines of small text), narrower only where the title's room begins."""
        edge, gap, h = lay.px(20), lay.px(16), lay.px(56)
        half = T.width(self.title(), font_px(lay, 64), True) // 2 + gap
        left = [b for b in (self.b_stats, self.b_replay) if b.visible]
        widths = [max(lay.px(300), self._label_w(b, lay)) for b in left]
        room = lay.width // 2 - half - edge - gap * max(0, len(left) - 1)
        if sum(widths) > room:
            widths = [max(lay.px(120), w * room // sum(widths)) for w in widths]
        x = edge
        for b, w in zip(left, widths):
            b.rect = pygame.Rect(x, lay.px(16), w, h)
            x += w + gap
        w = min(max(lay.px(380), self._label_w(self.b_seed, lay)), max(lay.px(200), lay.width // 2 - half - edge))
        self.b_seed.rect = pygame.Rect(lay.width - edge - w, lay.px(16), w, h)

    @staticmethod
    def _label_w(b: Button, lay: Layout) -> int:
        """`b`'s label on one line, bold at its size, with the button's padding."""
        return T.width(label_text(b.label), max(MIN_FONT_PX, lay.font_px(b.font_size)), True) + lay.px(40)

    def title(self) -> str:
        return _("Perfect sheet!") if getattr(self, "perfect", None) else _("Game over")

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        surface.fill(P.FELT)
        W = lay.logical_w
        g = self.g
        st = g.state
        scores = st.scores()
        T.blit_text(surface, self.title(), font_px(lay, 64), C.ACCENT if self.perfect else C.TEXT,
                    (lay.px(W / 2), lay.px(60)), "center", bold=True)
        sub = tie_text(g)
        if self.solo:
            sub = self._solo_text(scores[0])
        y = lay.px(120)
        for line in T.wrap(sub, font_px(lay, 30), lay.px(W - 300)):
            T.blit_text(surface, line, font_px(lay, 30), C.TEXT, (lay.px(W / 2), y), "center")
            y += int(font_px(lay, 30) * 1.35)
        y = self.extras.draw_lines(surface, lay, lay.px(W / 2), y, lay.px(W - 300), font_px(lay, 26))
        if self.extras.compare_shown:
            box = pygame.Rect(lay.px(60), y + lay.px(20), lay.px(W - 120), self.b_look.rect.top - y - lay.px(44))
            self.extras.draw_compare(surface, box, font_px(lay, 28))
        elif self.stats_shown:
            box = pygame.Rect(lay.px(60), y + lay.px(20), lay.px(W - 120), self.b_look.rect.top - y - lay.px(44))
            panel(surface, box, lay, C.PANEL, C.PANEL_EDGE, radius=18)
            self.draw_stats(surface, box.inflate(-lay.px(48), -lay.px(40)), font_px(lay, 24))
        else:
            self._draw_table(surface, lay, y + lay.px(20))
        self.draw_widgets(surface)
        if self.confetti:
            self._draw_confetti(surface, lay)

    def _solo_text(self, free: int) -> str:
        d = self.g.seats[0].difficulty
        sheet = {"A": _("sheet A"), "B": _("sheet B"), "random": _("random sheet")}.get(self.g.sheet_name, "")
        if self.g.config.get("daily"):
            sheet = _("daily sheet {date}").format(date=self.g.config["daily"])
        text = _("{n} free fields on {sheet}, difficulty {d}.").format(n=free, sheet=sheet, d=d)
        if self.g.seats[0].is_bot or self.table.tutorial:
            return text              # a tutorial's game is no personal best
        if self.best_before is None:
            return text + " " + _("Your first game on this sheet and difficulty: that is your personal best.")
        if free < self.best_before:
            return text + " " + _("New personal best! Your best was {b}.").format(b=self.best_before)
        if free == self.best_before:
            return text + " " + _("You equalled your personal best ({b}).").format(b=self.best_before)
        return text + " " + _("Your personal best here: {b}.").format(b=self.best_before)

    def _draw_table(self, surface: pygame.Surface, lay: Layout, top: int) -> None:
        g = self.g
        st = g.state
        scores = st.scores()
        ranking = g.ranking()
        winners = set(st.winners())
        self.cards = []
        for (place, seat), card in zip(ranking, self._card_rects(lay, top)):
            win = seat in winners
            panel(surface, card, lay, C.PANEL_HI if win else C.PANEL, C.ACCENT if win else C.PANEL_EDGE, radius=18)
            info = g.seats[seat]
            mine = len(g.humans) == 1 and seat in g.humans
            head = f"{place}. {info.name}"
            if mine:
                head = _("{place}. {name} (you)").format(place=place, name=info.name)
                pygame.draw.rect(surface, C.TEXT, card.inflate(lay.px(8), lay.px(8)), max(2, lay.px(3)),
                                 border_radius=lay.px(22))
            T.blit_text(surface, head, font_px(lay, 30), C.ACCENT if win else C.TEXT,
                        (card.x + lay.px(20), card.y + lay.px(12)), bold=True)
            facts = _("{n} free · longest line {m} · difficulty {d}").format(
                n=scores[seat], m=st.longest(seat), d=info.difficulty)
            per_row = _("Free per row: {rows}").format(rows=" · ".join(str(n) for n in self.free_rows(seat)))
            y = card.y + lay.px(52)
            for text in (facts, per_row):
                for line in T.wrap(text, font_px(lay, 22), card.w - lay.px(40)):
                    T.blit_text(surface, line, font_px(lay, 22), C.TEXT_DIM, (card.x + lay.px(20), y))
                    y += lay.px(28)
            area = pygame.Rect(card.x + lay.px(12), y + lay.px(4), card.w - lay.px(24), card.bottom - y - lay.px(16))
            geom = SheetGeom.fit(area, compact=True)
            self.cards.append((card, geom.paper))
            surface.blit(paper(geom, st.sheet.rows), geom.paper)
            ink = [InkLine(list(line), float(len(line)), 0.0 if st.open[seat][li] else 1.0, li + 1)
                   for li, line in enumerate(st.lines[seat])]
            draw_ink(surface, geom, ink)

    def _card_rects(self, lay: Layout, top: int) -> list[pygame.Rect]:
        """The sheets' cards in ranking order: as large as the room between the words and the buttons
        allows, each only as tall as its sheet needs (at 800×600 a cap on their height left a
        third of the window empty under them), the block centred in that room."""
        n = self.g.players
        W = lay.logical_w
        y0 = top / lay.scale
        avail_h = self.b_look.rect.top / lay.scale - 40 - y0         # the buttons kept clear
        cols, rows = grid(n, int(W - 60), int(avail_h - 130 * math.ceil(n / 3)))   # the sheets as large as they fit
        cw = min(900.0, (W - 60) / cols)
        # the words over a sheet (a name, two lines of facts) and the sheet at the card's full width
        words = 52 + 2 * 28 + 4 + 16
        sheet_h = SheetGeom.fit(pygame.Rect(0, 0, int(cw - 48), 100000), compact=True).paper.h
        ch = min(avail_h / rows, words + sheet_h + 16)
        x0 = W / 2 - cols * cw / 2
        y0 += max(0.0, (avail_h - rows * ch) / 2)
        out = []
        for i in range(n):
            r, c = divmod(i, cols)
            out.append(lay.rect(x0 + c * cw + 12, y0 + r * ch, cw - 24, ch - 16))
        return out

    def free_rows(self, seat: int) -> list[int]:
        """Free fields per row of `seat`'s sheet, top row first (the engine's count)."""
        return self.g.state.free_rows(seat)

    def _draw_confetti(self, surface: pygame.Surface, lay: Layout) -> None:
        w, h = surface.get_size()
        for x, y0, speed, colour, phase in self.confetti:
            y = ((y0 + self.t * speed * 0.25) % 1.2 - 0.1) * h
            xx = (x * w + math.sin(self.t * 2 + phase) * lay.px(30))
            size = lay.px(10)
            rect = pygame.Rect(0, 0, size, max(2, int(size * abs(math.cos(self.t * 3 + phase)))))
            rect.center = (int(xx), int(y))
            pygame.draw.rect(surface, colour, rect)
