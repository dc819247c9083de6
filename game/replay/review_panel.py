"""The review beside the replay: a progress bar while the worker judges, then the one-line
summary and the few costliest decisions of the seat, each a card that jumps the replay there.

Keys while it is open: ↑/↓ choose a decision, Enter shows it on the table, Esc closes the
review (its job is cancelled when it was not finished). A click on a decision shows it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame

from game.shell.i18n import _, current_language
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout
from . import review
from .review import Item, ReviewRun

if TYPE_CHECKING:
    from .model import Replay

MIN_PX = 11                 # no text of the panel is smaller, at 800×600 too
LEADING = 1.25
BETTER = (150, 232, 172)     # the better move's words: the colour of its rings on the table, lighter


def panel_width(lay: Layout) -> int:
    """The panel's width: 480 logical px in a large window, so that the table beside it keeps the
    width for its texts (560 drew the Linyo sheet smaller than before the table got its own scale,
    see `scene.table_layout`); never under 380 px where the window has them to spare (the entries
    wrap into too many lines below that); a third of a small window, at least 240 px."""
    wide = max(lay.px(480), min(380, lay.width * 3 // 10))
    return max(min(lay.width * 34 // 100, wide), min(lay.width // 3, 240))


Line = tuple[str, int, tuple[int, int, int], bool]
"""A line of an entry: text, px, colour, bold."""


@dataclass(frozen=True)
class Block:
    """One entry as drawn: the item it shows (its place in the list), its rect and its lines."""

    index: int
    rect: pygame.Rect
    lines: tuple[Line, ...]


class ReviewPanel:
    """The review of `seat` in the replay `rp`; `show(item)` is the viewer's jump to a decision."""

    def __init__(self, rp: "Replay", seat: int, show: Callable[[Item], None]) -> None:
        self.rp = rp
        self.seat = seat
        self.show = show
        self.run: ReviewRun = review.start(rp.final.to_json(), seat)
        self.selected = 0
        self.shown: int | None = None       # the item last shown on the table
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.close_rect = pygame.Rect(0, 0, 0, 0)
        self.lay = Layout(800, 600)
        self.progress_rect = pygame.Rect(0, 0, 0, 0)
        self.over_table = False             # laid over the table (a small window), not beside it
        self.folded = False                 # over the table, folded away while a decision is shown
        self.first = 0                      # the first entry shown (the list scrolls where it does not fit)
        self._measured: tuple[tuple, tuple[int, list[tuple[Line, ...]]]] = ((), (MIN_PX, []))

    # ------------------------------------------------------------ state
    @property
    def items(self) -> list[Item]:
        return self.run.items if self.run.done else []

    def cancel(self) -> None:
        self.run.cancel()

    def choose(self, step: int) -> None:
        if self.items:
            self.selected = (self.selected + step) % len(self.items)
            self.scroll_to(self.selected)

    def scroll_to(self, i: int) -> None:
        """Scroll the list so that entry `i` is shown."""
        if i < self.first:
            self.first = i
        while self.first < i and i not in {b.index for b in self.blocks()}:
            self.first += 1

    def show_selected(self) -> None:
        items = self.items
        if items:
            self.selected = max(0, min(self.selected, len(items) - 1))
            self.shown = self.selected
            self.scroll_to(self.selected)
            self.show(items[self.selected])

    # ------------------------------------------------------------ input
    def key(self, event: pygame.event.Event) -> bool:
        """↑/↓ and Enter (True when used)."""
        if event.key == pygame.K_UP:
            self.choose(-1)
        elif event.key == pygame.K_DOWN:
            self.choose(1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.show_selected()
        else:
            return False
        return True

    def click(self, pos: tuple[int, int]) -> bool:
        """A click in the panel: on a decision, it is shown (True: the click was the panel's)."""
        if not self.rect.collidepoint(pos):
            return False
        for block in self.blocks():
            if block.rect.collidepoint(pos):
                self.selected = block.index
                self.show_selected()
                break
        return True

    def wheel(self, dy: int) -> None:
        """The mouse wheel moves the selection (and so the list)."""
        self.choose(-1 if dy > 0 else 1)

    # ------------------------------------------------------------ layout
    def layout(self, rect: pygame.Rect, lay: Layout) -> None:
        self.rect = rect
        self.lay = lay
        side = max(MIN_PX * 2, lay.px(44))
        self.close_rect = pygame.Rect(rect.right - side - lay.px(8), rect.y + lay.px(8), side, side)

    def pad(self) -> int:
        return max(6, self.lay.px(18))

    def heading(self) -> str:
        return _("Review: {name}").format(name=self.rp.seats[self.seat].name)

    def head_px(self) -> int:
        return max(MIN_PX, self.lay.font_px(28))

    def body_top(self) -> int:
        return self.close_rect.bottom + self.lay.px(6)

    def summary_lines(self, px: int) -> list[str]:
        result = self.run.result
        if result is None:
            return []
        return T.wrap(review.summary(self.rp.game, result), px, self.rect.w - 2 * self.pad(), True)

    def blocks(self) -> list[Block]:
        """The entries shown, under the summary, at the largest size (down to 11 px) at which all
        fit; where even 11 px is too big (800×600), those from `first` on that fit (the list
        scrolls with the selection)."""
        items = self.items
        if not items:
            return []
        key = (current_language(), tuple(self.rect), self.lay.ui_scale)
        if self._measured[0] != key:
            self._measured = (key, self._measure(items))
        px, texts = self._measured[1]
        pad = self.pad()
        y = self.list_top(px)
        out: list[Block] = []
        for i in range(self.first, len(texts)):
            h = len(texts[i]) * int(px * LEADING) + pad
            if out and y + h > self.list_bottom():
                break
            out.append(Block(i, pygame.Rect(self.rect.x + pad, y, self.rect.w - 2 * pad, h), texts[i]))
            y += h + pad // 2
        return out

    def list_top(self, px: int) -> int:
        return self.body_top() + len(self.summary_lines(px)) * int(px * LEADING) + self.pad()

    def list_bottom(self) -> int:
        return self.rect.bottom - self.footer_h() - self.pad()

    def _measure(self, items: list[Item]) -> tuple[int, list[tuple[Line, ...]]]:
        """The text size and each entry's lines: the largest size at which every entry fits."""
        pad = self.pad()
        inner = self.rect.w - 4 * pad
        texts: list[tuple[Line, ...]] = []
        for px in range(max(MIN_PX, self.lay.font_px(22)), MIN_PX - 1, -1):
            texts = []
            for item in items:
                cost, played, better = review.lines(self.rp.game, item)
                moment = _("Move {k} · round {r}").format(k=item.index, r=self.rp.rounds[item.index])
                lines = [(cost, px, C.ACCENT, True), (moment, px, C.TEXT_DIM, False)]
                lines += [(t, px, C.TEXT, False) for t in T.wrap(played, px, inner)]
                lines += [(t, px, BETTER, True) for t in T.wrap(better, px, inner, True)]
                texts.append(tuple(lines))
            height = sum(len(t) * int(px * LEADING) + pad + pad // 2 for t in texts)
            if self.list_top(px) + height <= self.list_bottom():
                break
        return px, texts

    def footer(self) -> str:
        return _("↑/↓ choose · Enter: show on the table · Esc: close")

    def footer_h(self) -> int:
        px = max(MIN_PX, self.lay.font_px(18))
        return len(T.wrap(self.footer(), px, self.rect.w - 2 * self.pad())) * int(px * LEADING)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        lay, r, pad = self.lay, self.rect, self.pad()
        pygame.draw.rect(surface, C.PANEL, r)
        pygame.draw.line(surface, C.PANEL_EDGE, r.topleft, r.bottomleft, max(1, lay.px(2)))
        hp = self.head_px()
        head = self.heading()
        while hp > MIN_PX and T.width(head, hp, True) > self.close_rect.x - r.x - pad:
            hp -= 1
        T.blit_text(surface, head, hp, C.TEXT, (r.x + pad, self.close_rect.centery), "midleft", bold=True)
        pygame.draw.rect(surface, C.BUTTON, self.close_rect, border_radius=lay.px(8))
        T.blit_text(surface, "×", max(MIN_PX, self.close_rect.h * 2 // 3), C.TEXT, self.close_rect.center, "center")
        px = max(MIN_PX, lay.font_px(22))
        y = self.body_top()
        if self.run.error:
            for line in T.wrap(_("The review could not be made: {reason}").format(reason=self.run.error), px,
                               r.w - 2 * pad):
                T.blit_text(surface, line, px, C.DANGER, (r.x + pad, y))
                y += int(px * LEADING)
        elif not self.run.done:
            self._draw_progress(surface, y, px)
        else:
            blocks = self.blocks()
            spx = blocks[0].lines[0][1] if blocks else px
            for line in self.summary_lines(spx):
                T.blit_text(surface, line, spx, C.TEXT, (r.x + pad, y), bold=True)
                y += int(spx * LEADING)
            for block in blocks:
                self._draw_block(surface, block, block.index == self.selected, block.index == self.shown)
            if blocks:
                self._draw_more(surface, blocks)
        fpx = max(MIN_PX, lay.font_px(18))
        fy = r.bottom - self.footer_h() - pad // 2
        for line in T.wrap(self.footer(), fpx, r.w - 2 * pad):
            T.blit_text(surface, line, fpx, C.TEXT_DIM, (r.x + pad, fy))
            fy += int(fpx * LEADING)

    def _draw_progress(self, surface: pygame.Surface, y: int, px: int) -> None:
        r, pad, lay = self.rect, self.pad(), self.lay
        done = self.run.progress
        text = _("The hard bot checks every decision… {pct} %").format(pct=int(done * 100))
        for line in T.wrap(text, px, r.w - 2 * pad):
            T.blit_text(surface, line, px, C.TEXT, (r.x + pad, y))
            y += int(px * LEADING)
        bar = pygame.Rect(r.x + pad, y + lay.px(8), r.w - 2 * pad, max(8, lay.px(20)))
        pygame.draw.rect(surface, C.PANEL_HI, bar, border_radius=bar.h // 2)
        fill = bar.copy()
        fill.w = max(bar.h, int(bar.w * done))
        pygame.draw.rect(surface, C.ACCENT, fill, border_radius=bar.h // 2)
        self.progress_rect = bar

    def _draw_more(self, surface: pygame.Surface, blocks: list[Block]) -> None:
        """▲ / ▼ where entries are scrolled out of sight (↑/↓ or the wheel bring them)."""
        px = max(MIN_PX, self.lay.font_px(20))
        x = self.rect.right - self.pad()
        if blocks[0].index > 0:
            T.blit_text(surface, "▲", px, C.ACCENT, (x, blocks[0].rect.top), "bottomright")
        if blocks[-1].index < len(self.items) - 1:
            T.blit_text(surface, "▼", px, C.ACCENT, (x, blocks[-1].rect.bottom), "topright")

    def _draw_block(self, surface: pygame.Surface, block: Block, selected: bool, shown: bool) -> None:
        lay, pad = self.lay, self.pad()
        pygame.draw.rect(surface, C.PANEL_HI, block.rect, border_radius=lay.px(12))
        if selected or shown:
            pygame.draw.rect(surface, C.ACCENT if selected else C.PANEL_EDGE, block.rect, max(2, lay.px(3)),
                             border_radius=lay.px(12))
        y = block.rect.y + pad // 2
        for text, px, colour, bold in block.lines:
            T.blit_text(surface, text, px, colour, (block.rect.x + pad, y), bold=bold)
            y += int(px * LEADING)
