"""Overlays every table has: pause menu, named save, hot-seat hand-over, and where the app's
toasts go.

They talk to the table through `game.table.view.TableView` (its game, its
autosave, `leave()`, `passed_to(seat)`, `toast_keep()`), never through one
game's internals (and never import the base, which opens them).

A toast (`App.toast`: a short note that fades by itself) is laid out by
`toast_layout`: where it covers nothing the scene on top keeps in view, wrapped
to more lines in a narrower box and made smaller (down to the UI's smallest
font) until such a place is found, the nearest to the top middle. Where nothing
is free it covers only what the table can spare for a few seconds (its log, its
key help), and only where even that is full what it keeps, the least of it. A
German "could not be saved" toast at 800x600 ran off both sides of the window.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game import storage
from game.i18n import N_, _, ngettext
from game.scene import WidgetScene
from game.ui import text as T
from game.ui import theme as C
from game.ui.layout import Layout
from game.ui.widgets import TextInput, panel

from game.ui.fit_button import FitButton as Button

if TYPE_CHECKING:
    from game.app import App

    from .view import TableView


class _Box(WidgetScene):
    """A centred panel with a title, some text and a column of buttons."""

    opaque = False
    width = 760

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.box = pygame.Rect(0, 0, 0, 0)

    def title(self) -> str:
        return ""

    def body(self) -> str:
        return ""

    def layout(self, lay: Layout) -> None:
        n = len(self.widgets)
        body_lines = len(T.wrap(self.body(), lay.font_px(28), lay.px(self.width - 100))) if self.body() else 0
        h = lay.px(120) + body_lines * int(lay.font_px(28) * 1.35) + n * lay.px(92) + lay.px(30)
        self.box = pygame.Rect(0, 0, lay.px(self.width), h)
        self.box.center = (lay.width // 2, lay.height // 2)
        y = self.box.bottom - n * lay.px(92) - lay.px(20)
        for i, w in enumerate(self.widgets):
            w.rect = pygame.Rect(self.box.x + lay.px(80), y + i * lay.px(92), self.box.w - lay.px(160), lay.px(76))

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        panel(surface, self.box, lay, C.PANEL, C.ACCENT, radius=24)
        y = self.box.y + lay.px(34)
        r = T.blit_text(surface, self.title(), lay.font_px(44), C.ACCENT, (self.box.centerx, y), "midtop", bold=True)
        y = r.bottom + lay.px(20)
        size = lay.font_px(28)
        for line in T.wrap(self.body(), size, lay.px(self.width - 100)) if self.body() else []:
            T.blit_text(surface, line, size, C.TEXT, (self.box.centerx, y), "midtop")
            y += int(size * 1.35)
        self.draw_widgets(surface)

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        return True


class PauseScene(_Box):
    """Esc at the table: resume, save, rules, back to the menu (the autosave keeps the game)."""

    name = "table_pause"

    def __init__(self, app: "App", table: "TableView") -> None:
        super().__init__(app)
        self.table = table
        self.widgets = [Button(N_("Continue"), self.back, "primary"),
                        Button(N_("Save game"), self.save),
                        Button(N_("Rules"), lambda: self.app.open_rules(table.game)),
                        Button(N_("Back to menu"), self.to_menu, "quiet")]
        if not table.can_save:      # finished, a replay, online, a tutorial, a demo: nothing to save
            self.widgets = [self.widgets[0], self.widgets[2], self.widgets[3]]

    def title(self) -> str:
        return _("Game paused")

    def body(self) -> str:
        return self.table.save_promise()

    def save(self) -> None:
        self.app.replace(SaveScene(self.app, self.table))

    def to_menu(self) -> None:
        self.table.leave()


class SaveScene(_Box):
    """Store the game under a name (the Load screen lists it)."""

    name = "table_save"

    def __init__(self, app: "App", table: "TableView") -> None:
        super().__init__(app)
        self.table = table
        self.text = table.save_name()
        self.input = TextInput(self.text, self._set, N_("Name of the save"), max_len=40, selected=True)
        self.widgets = [self.input, Button(N_("Save"), self.save, "primary"), Button(N_("Cancel"), self.back)]

    def _set(self, text: str) -> None:
        self.text = text

    def title(self) -> str:
        return _("Save game")

    def save(self) -> None:
        name = self.text.strip() or self.table.save_name()
        try:
            storage.write_save(self.table.game, name, self.table.tg.payload())
        except OSError as exc:
            self.app.pop()
            self.app.message(_("The game could not be saved: {reason}").format(reason=exc.strerror or str(exc)))
            return
        self.app.pop()
        self.app.toast(_("Saved as “{name}”").format(name=name))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus is self.input:
            self.save()
            return True
        return super().handle(event)


class PassScene(_Box):
    """Hot-seat: the table is hidden until the next player says they have the screen."""

    name = "table_pass"
    opaque = True

    def __init__(self, app: "App", table: "TableView", seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        who = table.tg.name(seat)
        self.widgets = [Button(lambda: table.pass_label(who), self.ready, "primary"),
                        Button(N_("Menu"), self.menu, "quiet")]

    def title(self) -> str:
        return _("Pass to {name}").format(name=self.table.tg.name(self.seat))

    def body(self) -> str:
        return _("The other players look away now: the next screen is for {name} only.").format(
            name=self.table.tg.name(self.seat))

    def draw(self, surface: pygame.Surface) -> None:
        self.app.background(surface)
        super().draw(surface)

    def ready(self) -> None:
        self.app.pop()
        self.table.passed_to(self.seat)
        # then what the others did since this person's last turn (the bots' moves too)
        self.table.show_since(self.seat)

    def menu(self) -> None:
        self.table.leave()

    def back(self) -> None:
        self.menu()


class SinceScene(_Box):
    """What happened since a seat's last turn, as the game's log says it: after the hot-seat pass
    screen, and whenever the player asks (the table's Recap). The newest lines that fit are shown,
    with a note of how many earlier ones are left out."""

    name = "table_since"
    width = 1100

    def __init__(self, app: "App", table: "TableView", seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.lines = table.since_last_turn(seat)
        self.widgets = [Button(N_("Continue"), self.back, "primary")]
        self.shown: list[tuple[int | None, list[str]]] = []
        self.left_out = 0

    def title(self) -> str:
        people = [p for p, s in enumerate(self.table.tg.config.get("seats", ())) if s.get("kind") == "human"]
        if len(people) > 1:
            return _("Since the last turn of {name}").format(name=self.table.tg.name(self.seat))
        return _("Since your last turn")

    def layout(self, lay: Layout) -> None:
        size = max(11, lay.font_px(26))
        lh = int(size * 1.3)
        width = lay.px(self.width - 140)
        room = lay.height - lay.px(40) - lay.px(120) - lay.px(92) - lay.px(50) - lh   # title, button, note
        wrapped = [(seat, T.wrap(text, size, width)) for seat, text in self.lines]
        shown: list[tuple[int | None, list[str]]] = []
        used = 0
        for seat, lines in reversed(wrapped):          # the newest first: they matter most
            h = len(lines) * lh + lay.px(6)
            if used + h > room and shown:
                break
            shown.insert(0, (seat, lines))
            used += h
        self.shown, self.left_out = shown, len(wrapped) - len(shown)
        h = lay.px(120) + used + (lh if self.left_out else 0) + lay.px(92) + lay.px(40)
        self.box = pygame.Rect(0, 0, min(lay.px(self.width), lay.width - lay.px(20)), min(h, lay.height - lay.px(20)))
        self.box.center = (lay.width // 2, lay.height // 2)
        b = self.widgets[0]
        b.rect = pygame.Rect(0, 0, min(lay.px(420), self.box.w - lay.px(40)), lay.px(76))
        b.rect.midbottom = (self.box.centerx, self.box.bottom - lay.px(20))

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        panel(surface, self.box, lay, C.PANEL, C.ACCENT, radius=24)
        y = self.box.y + lay.px(30)
        r = T.blit_text(surface, self.title(), max(11, lay.font_px(40)), C.ACCENT, (self.box.centerx, y), "midtop",
                        bold=True)
        y = r.bottom + lay.px(20)
        size = max(11, lay.font_px(26))
        lh = int(size * 1.3)
        x = self.box.x + lay.px(70)
        if self.left_out:
            T.blit_text(surface, ngettext("… {n} earlier line", "… {n} earlier lines", self.left_out).format(
                n=self.left_out), size, C.TEXT_DIM, (x, y), "topleft")
            y += lh
        for seat, lines in self.shown:
            colour = self.table.seat_colour(seat) or C.TEXT_DIM
            pygame.draw.circle(surface, colour, (x - lay.px(24), y + lh // 2), max(3, lay.px(7)))
            for line in lines:
                T.blit_text(surface, line, size, C.TEXT, (x, y), "topleft")
                y += lh
            y += lay.px(6)
        self.draw_widgets(surface)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
                                                          pygame.K_r):
            self.back()
            return True
        return super().handle(event)


# ------------------------------------------------------------------ toasts
TOAST_SIZES = (28, 24, 20)  # logical px tried (`font_px` keeps them at 11 px or more, the UI's smallest)
NARROWER = 0.85             # each narrower box tried is this much of the one before
NARROWEST = 300             # logical px: no box narrower than this


class ToastBox(NamedTuple):
    rect: pygame.Rect
    lines: list[str]
    size: int               # pixel size of the words


def toast_boxes(lay: Layout, texts: list[str], width: int, size: int, at: tuple[int, int]) -> list[ToastBox]:
    """The toasts `texts` as a column of boxes `width` px wide at most, from `at` (top-left),
    each one's words wrapped to its box at `size` px."""
    pad_x, pad_y, gap = lay.px(24), lay.px(12), lay.px(10)
    line_h = T.render("Ág", size, C.TEXT).get_height()
    wrapped = [T.wrap(text, size, width - 2 * pad_x) for text in texts]
    w = min(width, max(T.width(line, size) for lines in wrapped for line in lines) + 2 * pad_x)
    out, y = [], at[1]
    for lines in wrapped:
        r = pygame.Rect(at[0], y, w, len(lines) * line_h + 2 * pad_y)
        out.append(ToastBox(r, lines, size))
        y = r.bottom + gap
    return out


def toast_layout(lay: Layout, screen: pygame.Rect, texts: list[str], keep: list[pygame.Rect],
                 spare: list[pygame.Rect]) -> list[ToastBox]:
    """Where the toasts `texts` go (see the module text): covering none of `keep` and none of
    `spare` if any size and width has such a place, else the least of `spare`, else the least
    of `keep`; of equals, the biggest words in the widest box, then the nearest to the top middle."""
    margin = lay.px(16)
    inner = screen.inflate(-2 * margin, -2 * margin)
    sizes = sorted({lay.font_px(s) for s in TOAST_SIZES}, reverse=True)     # 12 and 11 px at 800x600
    widest = min(inner.w, max(T.width(t, sizes[0]) for t in texts) + 2 * lay.px(24))
    widths = [widest]
    while widths[-1] * NARROWER >= min(lay.px(NARROWEST), widest):
        widths.append(int(widths[-1] * NARROWER))
    aim = (screen.centerx, screen.top + lay.px(24))
    step_x, step_y = max(4, lay.px(48)), max(4, lay.px(16))

    def area(r: pygame.Rect, rects: list[pygame.Rect]) -> int:
        return sum(r.clip(rects[i]).w * r.clip(rects[i]).h for i in r.collidelistall(rects))

    formats = []
    for size, width in ((s, w) for s in sizes for w in widths):
        column = toast_boxes(lay, texts, width, size, (0, 0))
        block = column[0].rect.unionall([b.rect for b in column[1:]])
        if block.w <= inner.w and block.h <= inner.h:
            formats.append((column, block))

    def places(block: pygame.Rect, sx: int, sy: int) -> list[pygame.Rect]:
        """Where `block` may go, every `sx` / `sy` px, the middle column first."""
        xs = sorted({*range(inner.left, inner.right - block.w + 1, sx), inner.right - block.w,
                     aim[0] - block.w // 2}, key=lambda x: abs(x + block.w // 2 - aim[0]))
        return [pygame.Rect(x, y, block.w, block.h) for y in range(inner.top, inner.bottom - block.h + 1, sy)
                for x in xs]

    def nearest(rects: list[pygame.Rect]) -> pygame.Rect:
        return min(rects, key=lambda r: math.hypot(r.centerx - aim[0], r.top - aim[1]))

    def at(column: list[ToastBox], r: pygame.Rect) -> list[ToastBox]:
        return [b._replace(rect=b.rect.move(r.topleft)) for b in column]

    # a place covering nothing, with the biggest words in the widest box that has one ...
    for column, block in formats:
        free = clear_rows(inner, block, keep + spare, aim[0], step_y)
        if free:
            return at(column, nearest(free))
    # ... else over what the table can spare only, the biggest words again, hiding the least of it
    for column, block in formats:
        kept = clear_rows(inner, block, keep, aim[0], step_y)
        if kept:
            least = min(area(r, spare) for r in kept)
            return at(column, nearest([r for r in kept if area(r, spare) == least]))
    # ... else (rare: a window full of what it keeps) the place hiding the least of that
    best: tuple[tuple, list[ToastBox]] | None = None
    for rank, (column, block) in enumerate(formats):
        for r in places(block, 2 * step_x, 2 * step_y):
            cost = (area(r, keep), rank, area(r, spare), math.hypot(r.centerx - aim[0], r.top - aim[1]))
            if best is None or cost < best[0]:
                best = (cost, at(column, r))
    if best is None:                     # a window too small for any: the narrowest, smallest, at the top
        return toast_boxes(lay, texts, inner.w, sizes[-1], inner.topleft)
    return best[1]


def clear_rows(inner: pygame.Rect, block: pygame.Rect, rects: list[pygame.Rect], middle: int,
               step: int) -> list[pygame.Rect]:
    """In each row of `inner` (every `step` px), the place for `block` nearest to `middle` where it
    covers none of `rects`: the gaps between them, worked out row by row, not tried place by place."""
    out = []
    want = middle - block.w // 2
    for y in range(inner.top, inner.bottom - block.h + 1, step):
        row = pygame.Rect(inner.left, y, inner.w, block.h)
        shut = sorted((rects[i].left - block.w + 1, rects[i].right) for i in row.collidelistall(rects))
        gaps, x0, hi = [], inner.left, inner.right - block.w        # x0..hi: where a box may start
        for a, b in shut:
            if a > x0:
                gaps.append((x0, min(a - 1, hi)))
            x0 = max(x0, b)
        gaps.append((x0, hi))
        xs = [min(max(want, g0), g1) for g0, g1 in gaps if g0 <= g1]
        if xs:
            out.append(pygame.Rect(min(xs, key=lambda x: abs(x - want)), y, block.w, block.h))
    return out


def draw_toast(surface: pygame.Surface, lay: Layout, box: ToastBox, alpha: float) -> None:
    """One toast: its box, faded by `alpha` (0..1), and its lines."""
    shade = pygame.Surface(box.rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (*C.PANEL_HI, int(235 * alpha)), shade.get_rect(), border_radius=lay.px(14))
    surface.blit(shade, box.rect)
    line_h = T.render("Ág", box.size, C.TEXT).get_height()
    y = box.rect.y + (box.rect.h - len(box.lines) * line_h) // 2
    for line in box.lines:
        words = T.render(line, box.size, C.TEXT).copy()
        words.set_alpha(int(255 * alpha))
        surface.blit(words, words.get_rect(midtop=(box.rect.centerx, y)))
        y += line_h
