"""The results screen of a Line-it game: every seat's tally and the winners.

Play again, look at the table and back to the menu are the base's (`game.table.results`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, ngettext
from game.table.results import TableResults
from game.ui import text as T
from game.ui import theme as C
from game.ui.layout import Layout
from game.ui.widgets import panel

from .draw import fit_size
from .geometry import MIN_PX, font_px
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


def header_layout(labels: list[str], size: int, room: int, pad: int) -> tuple[int, list[int]]:
    """One header size and a width per column, so that no header word is cut: each column is as wide
    as its longest word needs, and what is left is shared out evenly (smaller headers first, down to
    11 px, when the words do not fit at all)."""
    def needs(sz: int) -> list[int]:
        return [max(T.width(w, sz, True) for w in label.split()) + pad for label in labels]
    while size > MIN_PX and sum(needs(size)) > room:
        size -= 1
    want = needs(size)
    share = max(room // len(labels), 1)
    # columns that need less than an even share get it; the rest split what remains by their needs
    widths = [max(w, share) for w in want]
    over = sum(widths) - room
    if over > 0:
        wide = [i for i, w in enumerate(widths) if w > want[i] or want[i] > share]
        spare = sum(widths[i] - want[i] for i in wide)
        for i in wide:
            cut = (widths[i] - want[i]) * over // spare if spare else over // len(wide)
            widths[i] -= cut
    return size, widths


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
        # an online table's other players are "bot" seats to the table (the room plays them), but people
        self.kinds = [("human" if ctrl.seats[p].get("remote") else ctrl.seats[p].get("kind")) for p in range(ctrl.players)]
        # the player's own row: the seat at the bottom of the table, when a person plays it alone
        self.mine = table.viewer if ctrl.is_human(table.viewer) and not table.hotseat else None
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self, lay: Layout) -> None:
        w = min(lay.width - lay.px(40), lay.px(1640))
        h = lay.px(270) + len(self.rows) * (max(lay.px(56), int(MIN_PX * 2.7)) + lay.px(8)) + lay.px(200)
        if self.stats_shown:     # the statistics take the whole height the window has
            h = lay.height
        self.box = pygame.Rect(0, 0, w, min(h, lay.height - lay.px(20)))
        self.box.center = (lay.width // 2, lay.height // 2)
        self.place_buttons(self.box.bottom - lay.px(170), lay.px(400), lay.px(76), lay.px(30))

    def ranks(self) -> list[int]:
        """Each seat's place, 1 for the best; equal scores share a place (1, 1, 3)."""
        scores = [r["score"] for r in self.rows]
        return [1 + sum(1 for other in scores if other > mine) for mine in scores]

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
            return ngettext("{n} ({cards} card)", "{n} ({cards} cards)", r["jackpot_cards"]).format(
                n=r["jackpots"], cards=r["jackpot_cards"]) if r["jackpots"] else "0"
        if key == "lines":
            return ngettext("{n} ({forced} forced)", "{n} ({forced} forced)", r["forced"]).format(
                n=r["lines"], forced=r["forced"]) if r["forced"] else str(r["lines"])
        if key == "bets":
            return f"{r['bets_won']} / {r['bets_lost']}"
        if key == "dirs":
            return f"{r['up']} / {r['down']}"
        v = r[key]
        return f"\u2212{-v}" if isinstance(v, int) and v < 0 else str(v)

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        box = self.box
        panel(surface, box, lay, C.PANEL, C.ACCENT, radius=26)
        y = box.y + lay.px(30)
        T.blit_text(surface, _("Results"), font_px(lay, 34), C.TEXT_DIM, (box.centerx, y), "midtop", bold=True)
        r = T.blit_text(surface, self.headline(), font_px(lay, 54), C.ACCENT, (box.centerx, y + lay.px(46)), "midtop", bold=True)
        y = r.bottom + lay.px(34)
        if self.stats_shown:
            top = min(b.rect.top for b in self.shown_buttons()) if self.shown_buttons() else box.bottom
            self.draw_stats(surface, pygame.Rect(box.x + lay.px(40), y, box.w - lay.px(80), top - y - lay.px(24)),
                            font_px(lay, 24))
            self.draw_widgets(surface)
            return
        name_w = min(lay.px(400), box.w * 22 // 100)
        x0 = box.x + lay.px(30)
        hs, widths = header_layout([_(label) for _key, label in COLUMNS], font_px(lay, 22),
                                   box.w - lay.px(60) - name_w, lay.px(10))
        lefts = [x0 + name_w + sum(widths[:i]) for i in range(len(widths))]
        heads = [T.wrap(_(label), hs, widths[i] - lay.px(8), True)[:3] for i, (_key, label) in enumerate(COLUMNS)]
        for i, lines in enumerate(heads):
            cx = lefts[i] + widths[i] // 2
            for j, line in enumerate(lines):
                T.blit_text(surface, line, hs, C.TEXT_DIM, (cx, y + j * int(hs * 1.2)), "midtop", bold=True)
        # the rows start under the tallest header, however many lines it wrapped into
        y += max(len(h) for h in heads) * int(hs * 1.2) + lay.px(14)
        size = font_px(lay, 28)
        order = sorted(range(len(self.rows)), key=lambda p: (-self.rows[p]["score"], p))
        ranks = self.ranks()
        row_h = max(lay.px(56), int(MIN_PX * 2.7))
        for p in order:
            row = pygame.Rect(x0, y, box.w - lay.px(60), row_h)
            win = p in self.winners
            pygame.draw.rect(surface, C.mix(C.PANEL, C.ACCENT_DARK, 0.35) if win else C.PANEL_HI, row,
                             border_radius=lay.px(12))
            if p == self.mine:
                pygame.draw.rect(surface, C.ACCENT, row, max(2, lay.px(3)), border_radius=lay.px(12))
            T.blit_text(surface, f"{ranks[p]}.", font_px(lay, 30), C.ACCENT if win else C.TEXT_DIM,
                        (row.x + lay.px(14), row.centery), "midleft", bold=True)
            if win:
                crown = self.table.board.images.get("first-player", lay.px(36))
                surface.blit(crown, crown.get_rect(midleft=(row.x + lay.px(56), row.centery)))
            tag = _("you") if p == self.mine else (_("bot") if self.kinds[p] != "human" else "")
            label = self.names[p] + ("  ·  " + tag if tag else "")
            T.blit_text(surface, label, fit_size(label, size, name_w - lay.px(110), win or p == self.mine), C.TEXT,
                        (row.x + lay.px(100), row.centery), "midleft", bold=win or p == self.mine)
            for i, (key, _label) in enumerate(COLUMNS):
                cx = lefts[i] + widths[i] // 2
                col_w = widths[i]
                text = self.cell(p, key)
                big = key == "score"
                fs = fit_size(text, font_px(lay, 34) if big else size, col_w - lay.px(20), big)
                lines = [text] if T.width(text, fs, big) <= col_w - lay.px(20) else T.wrap(text, fs, col_w - lay.px(20), big)
                lh = int(fs * 1.15)
                for j, line in enumerate(lines[:2]):
                    T.blit_text(surface, line, fs, C.ACCENT if big else C.TEXT,
                                (cx, row.centery + (2 * j - len(lines[:2]) + 1) * lh // 2), "center", bold=big)
            y += row_h + lay.px(8)
        self.draw_widgets(surface)

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        return True
