"""The results screen of a Line-it game: every seat's tally and the winners.

Play again, look at the table and back to the menu are the base's (`game.table.results`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

import pygame

from game.challenge.results import ResultsExtras
from game.shell.i18n import N_, _, ngettext
from game.table.results import TableResults
from game.ui import text as T
from game.ui import theme as C
from game.ui.layout import Layout
from game.ui.widgets import panel

from .draw import fit_size
from .geometry import MIN_PX, font_px
from .tally import tally

if TYPE_CHECKING:
    from game.shell.app import App
    from game.table.base import TableBase

    from .table_view import LineitTableView

COLUMNS = (
    ("score", N_("Points")),
    ("banked", N_("Banked")),
    ("tokens", N_("Bonus / penalty")),
    ("jackpots", N_("Jackpots")),
    ("lines", N_("Lines closed")),
    ("bets", N_("Bets won / lost")),
    ("dirs", N_("Lines ↑ / ↓")),
)


NBSP = "\u00a0"     # joins words the wrap must not part (`T.wrap` breaks at plain spaces only)


def keep_symbols_together(label: str) -> str:
    """`label` with its symbols joined to their neighbours, so that a wrap never leaves one alone on a
    line: a run of symbol-only words stays one piece ("Lines ↑ / ↓" -> "Lines", "↑ / ↓"), a single
    symbol goes with the word before it ("Bonus / penalty" -> "Bonus /", "penalty").

    >>> keep_symbols_together("Lines ↑ / ↓").split(" ")
    ['Lines', '↑\xa0/\xa0↓']
    >>> keep_symbols_together("Bonus / penalty").split(" ")
    ['Bonus\xa0/', 'penalty']
    """
    pieces: list[str] = []
    run: list[str] = []          # symbol-only words waiting for their place
    for word in label.split(" ") + [""]:
        if word and not any(ch.isalnum() for ch in word):
            run.append(word)
            continue
        if run:
            if len(run) == 1 and pieces:
                pieces[-1] += NBSP + run[0]
            else:
                pieces.append(NBSP.join(run))
            run = []
        if word:
            pieces.append(word)
    return " ".join(pieces)


def header_layout(labels: list[str], size: int, room: int, pad: int, cells: list[list[str]] | None = None,
                  cell_px: int = MIN_PX) -> tuple[int, list[int]]:
    """One header size and a width per column, so that no header word is cut: each column is as wide
    as its longest word needs (a header's at the header size, a cell's at `cell_px`, the smallest a
    cell is drawn), and what is left is shared out evenly (smaller headers first, down to 11 px, when
    the words do not fit at all)."""
    cells = cells or [[] for _ in labels]
    least = [max((T.width(w, cell_px) for text in column for w in text.split(" ")), default=0) + pad
             for column in cells]

    def needs(sz: int) -> list[int]:
        return [max(max(T.width(w, sz, True) for w in label.split(" ")) + pad, low)
                for label, low in zip(labels, least)]
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


@dataclass(frozen=True)
class Grid:
    """Where the results table goes: its header lines and its rows (best first), as text ops
    (text, px, colour, pos, anchor, bold) for `T.blit_text`. Computed from the scene, never stored."""

    heads: tuple[tuple, ...]
    rows: tuple[tuple[int, pygame.Rect, tuple[tuple, ...]], ...]     # (seat, row, its cells' ops)


class ResultsScene(TableResults):
    """Over the finished table: who won and how."""

    opaque = False
    name = "lineit_results"
    game = "lineit"

    def __init__(self, app: "App", table: "TableBase") -> None:
        super().__init__(app, table, font_size=30)
        view = cast("LineitTableView", table)     # a Line-it table (the base does not know which game)
        self.view = view
        ctrl = view.ctrl
        self.rows = tally(ctrl.state)
        self.winners = ctrl.state.winners()
        self.names = [ctrl.name(p) for p in range(ctrl.players)]
        # an online table's other players are "bot" seats to the table (the room plays them), but people
        self.kinds = [("human" if ctrl.seats[p].get("remote") else ctrl.seats[p].get("kind")) for p in range(ctrl.players)]
        # the player's own row: the seat at the bottom of the table, when a person plays it alone
        self.mine = view.viewer if ctrl.is_human(view.viewer) and not view.hotseat else None
        self.box = pygame.Rect(0, 0, 0, 0)
        self.extras = ResultsExtras(self)          # achievements earned, the challenge and its comparison

    def layout(self, lay: Layout) -> None:
        w = min(lay.width - lay.px(40), lay.px(1640))
        h = lay.px(270) + len(self.rows) * (max(lay.px(56), int(MIN_PX * 2.7)) + lay.px(8)) + lay.px(200)
        h += lay.px(44) * len(self.extras.lines())
        if self.stats_shown or self.extras.compare_shown:     # the statistics take the whole height the window has
            h = lay.height
        self.box = pygame.Rect(0, 0, w, min(h, lay.height - lay.px(20)))
        self.box.center = (lay.width // 2, lay.height // 2)
        self.place_buttons(self.box.bottom - lay.px(170), lay.px(400), lay.px(76), lay.px(30), self.box.w - lay.px(40))

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
        if key == "tokens":     # "0" rather than "+0" or "−0"
            return " / ".join(f"{sign}{v}" if v else "0" for sign, v in (("+", r["bonus"]), ("\u2212", r["penalty"])))
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
        T.blit_text(surface, self.headline(), font_px(lay, 54), C.ACCENT, (box.centerx, y + lay.px(46)), "midtop", bold=True)
        y = self.body_top(lay)
        lines = self.extras.lines()
        if lines:
            self.extras.draw_lines(surface, lay, box.centerx, self.b_again.rect.top - lay.px(18 + 44 * len(lines)),
                                   box.w - lay.px(80), font_px(lay, 26))
        if self.extras.compare_shown:
            top = min(b.rect.top for b in self.shown_buttons()) if self.shown_buttons() else box.bottom
            self.extras.draw_compare(surface, pygame.Rect(box.x + lay.px(40), y, box.w - lay.px(80),
                                                          top - y - lay.px(24 + 44 * len(lines))), font_px(lay, 26))
            self.draw_widgets(surface)
            return
        if self.stats_shown:
            top = min(b.rect.top for b in self.shown_buttons()) if self.shown_buttons() else box.bottom
            self.draw_stats(surface, pygame.Rect(box.x + lay.px(40), y, box.w - lay.px(80), top - y - lay.px(24)),
                            font_px(lay, 24))
            self.draw_widgets(surface)
            return
        grid = self.grid(lay)
        for text, px, colour, pos, anchor, bold in grid.heads:
            T.blit_text(surface, text, px, colour, pos, anchor, bold=bold)
        size = font_px(lay, 28)
        name_w = self.name_width(lay)
        ranks = self.ranks()
        for p, row, cells in grid.rows:
            win = p in self.winners
            pygame.draw.rect(surface, C.mix(C.PANEL, C.ACCENT_DARK, 0.35) if win else C.PANEL_HI, row,
                             border_radius=lay.px(12))
            if p == self.mine:
                pygame.draw.rect(surface, C.ACCENT, row, max(2, lay.px(3)), border_radius=lay.px(12))
            T.blit_text(surface, f"{ranks[p]}.", font_px(lay, 30), C.ACCENT if win else C.TEXT_DIM,
                        (row.x + lay.px(14), row.centery), "midleft", bold=True)
            if win:
                crown = self.view.board.images.get("first-player", lay.px(36))
                surface.blit(crown, crown.get_rect(midleft=(row.x + lay.px(56), row.centery)))
            tag = _("you") if p == self.mine else (_("bot") if self.kinds[p] != "human" else "")
            label = self.names[p] + ("  ·  " + tag if tag else "")
            T.blit_text(surface, label, fit_size(label, size, name_w - lay.px(110), win or p == self.mine), C.TEXT,
                        (row.x + lay.px(100), row.centery), "midleft", bold=win or p == self.mine)
            for text, px, colour, pos, anchor, bold in cells:
                T.blit_text(surface, text, px, colour, pos, anchor, bold=bold)
        self.draw_widgets(surface)

    def name_width(self, lay: Layout) -> int:
        return min(lay.px(400), self.box.w * 22 // 100)

    def body_top(self, lay: Layout) -> int:
        """Where the table (or the statistics) starts: under the headline."""
        return self.box.y + lay.px(30 + 46) + T.font(font_px(lay, 54), True).get_height() + lay.px(34)

    def grid(self, lay: Layout) -> Grid:
        """The header under the headline and the rows under it. A column is wide enough for its longest word
        (header or cell), a header wraps only between words and never leaves a symbol alone, and the
        rows start under the tallest header; a cell is made smaller, then wrapped, to stay in its row."""
        box = self.box
        top = self.body_top(lay)
        x0 = box.x + lay.px(30)
        name_w = self.name_width(lay)
        labels = [keep_symbols_together(_(label)) for _key, label in COLUMNS]
        cells = [[self.cell(p, key) for p in range(len(self.rows))] for key, _label in COLUMNS]
        pad = lay.px(20)
        hs, widths = header_layout(labels, font_px(lay, 22), box.w - lay.px(60) - name_w, pad, cells)
        lefts = [x0 + name_w + sum(widths[:i]) for i in range(len(widths))]
        head_step = int(hs * 1.2)
        heads = []
        wrapped = [T.wrap(label, hs, widths[i] - pad, True) for i, label in enumerate(labels)]
        for i, lines in enumerate(wrapped):
            for j, line in enumerate(lines):
                heads.append((line, hs, C.TEXT_DIM, (lefts[i] + widths[i] // 2, top + j * head_step), "midtop", True))
        y = top + max(len(h) for h in wrapped) * head_step + lay.px(14)
        row_h = max(lay.px(56), int(MIN_PX * 2.7))
        rows = []
        for p in sorted(range(len(self.rows)), key=lambda p: (-self.rows[p]["score"], p)):
            row = pygame.Rect(x0, y, box.w - lay.px(60), row_h)
            ops = []
            for i, (key, _label) in enumerate(COLUMNS):
                big = key == "score"
                text = cells[i][p]
                fs, lines, _whole = T.fit_lines(text, font_px(lay, 34 if big else 28), widths[i] - pad,
                                                row_h - lay.px(4), big, 1.15, MIN_PX)
                lh = int(fs * 1.15)
                for j, line in enumerate(lines):
                    ops.append((line, fs, C.ACCENT if big else C.TEXT,
                                (lefts[i] + widths[i] // 2, row.centery + (2 * j - len(lines) + 1) * lh // 2),
                                "center", big))
            rows.append((p, row, tuple(ops)))
            y += row_h + lay.px(8)
        return Grid(tuple(heads), tuple(rows))

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        return True
