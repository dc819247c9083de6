"""The results screen of a Line-it game: every seat's tally and the winners.

Play again, look at the table and back to the menu are the base's (`game.table.results`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.table.results import TableResults
from game.ui import text as T
from game.ui import theme as C
from game.ui.layout import Layout
from game.ui.widgets import panel

from .draw import fit_size
from .geometry import font_px
from .tally import tally

if TYPE_CHECKING:
    from game.app import App

    from .scene import TableScene

COLUMNS = (
    ("score", N_("Points")),
    ("banked", N_("Banked")),
    ("tokens", N_("Bonus / penalty")),
    ("jackpots", N_("Jackpots")),
    ("lines", N_("Lines closed")),
    ("bets", N_("Bets won / lost")),
    ("dirs", N_("Lines ↑ / ↓")),
)


class ResultsScene(TableResults):
    """Over the finished table: who won and how."""

    opaque = False
    name = "lineit_results"
    game = "lineit"

    def __init__(self, app: "App", table: "TableScene") -> None:
        super().__init__(app, table, font_size=30)
        ctrl = table.ctrl
        self.rows = tally(ctrl.state)
        self.winners = ctrl.state.winners()
        self.names = [ctrl.name(p) for p in range(ctrl.players)]
        self.kinds = [ctrl.seats[p].get("kind") for p in range(ctrl.players)]
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self, lay: Layout) -> None:
        w = min(lay.width - lay.px(40), lay.px(1640))
        h = lay.px(314) + len(self.rows) * lay.px(64) + lay.px(130)
        self.box = pygame.Rect(0, 0, w, min(h, lay.height - lay.px(20)))
        self.box.center = (lay.width // 2, lay.height // 2)
        self.place_buttons(self.box.bottom - lay.px(110), lay.px(400), lay.px(76), lay.px(30))

    def headline(self) -> str:
        names = [self.names[p] for p in self.winners]
        if len(names) > 1:
            return _("Shared victory: {names}").format(names=", ".join(names))
        if names:
            return _("{name} wins!").format(name=names[0])
        return _("Game over")

    def cell(self, p: int, key: str) -> str:
        r = self.rows[p]
        if key == "tokens":
            return f"+{r['bonus']} / \u2212{r['penalty']}"
        if key == "jackpots":
            return _("{n} ({cards} cards)").format(n=r["jackpots"], cards=r["jackpot_cards"]) if r["jackpots"] else "0"
        if key == "lines":
            return _("{n} ({forced} forced)").format(n=r["lines"], forced=r["forced"]) if r["forced"] else str(r["lines"])
        if key == "bets":
            return f"{r['bets_won']} / {r['bets_lost']}"
        if key == "dirs":
            return f"{r['up']} / {r['down']}"
        return str(r[key])

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        box = self.box
        panel(surface, box, lay, C.PANEL, C.ACCENT, radius=26)
        y = box.y + lay.px(30)
        T.blit_text(surface, _("Results"), font_px(lay, 34), C.TEXT_DIM, (box.centerx, y), "midtop", bold=True)
        r = T.blit_text(surface, self.headline(), font_px(lay, 54), C.ACCENT, (box.centerx, y + lay.px(46)), "midtop", bold=True)
        y = r.bottom + lay.px(34)
        name_w = lay.px(300)
        col_w = (box.w - lay.px(60) - name_w) // len(COLUMNS)
        x0 = box.x + lay.px(30)
        hs = font_px(lay, 22)
        for i, (_key, label) in enumerate(COLUMNS):
            cx = x0 + name_w + i * col_w + col_w // 2
            for j, line in enumerate(T.wrap(_(label), hs, col_w - lay.px(40))[:3]):
                T.blit_text(surface, line, hs, C.TEXT_DIM, (cx, y + j * int(hs * 1.2)), "midtop", bold=True)
        y += lay.px(78)
        size = font_px(lay, 28)
        order = sorted(range(len(self.rows)), key=lambda p: (-self.rows[p]["score"], p))
        for p in order:
            row = pygame.Rect(x0, y, box.w - lay.px(60), lay.px(56))
            win = p in self.winners
            pygame.draw.rect(surface, C.mix(C.PANEL, C.ACCENT_DARK, 0.35) if win else C.PANEL_HI, row,
                             border_radius=lay.px(12))
            if win:
                crown = self.table.board.images.get("first-player", lay.px(40))
                surface.blit(crown, crown.get_rect(midleft=(row.x + lay.px(10), row.centery)))
            label = self.names[p] + ("" if self.kinds[p] == "human" else "  ·  " + _("bot"))
            T.blit_text(surface, label, fit_size(label, size, name_w - lay.px(70), win), C.TEXT,
                        (row.x + lay.px(60), row.centery), "midleft", bold=win)
            for i, (key, _label) in enumerate(COLUMNS):
                cx = x0 + name_w + i * col_w + col_w // 2
                text = self.cell(p, key)
                big = key == "score"
                fs = fit_size(text, font_px(lay, 34) if big else size, col_w - lay.px(14), big)
                T.blit_text(surface, text, fs, C.ACCENT if big else C.TEXT, (cx, row.centery), "center", bold=big)
            y += lay.px(64)
        self.draw_widgets(surface)

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        return True
