"""Overlays every table has: pause menu, named save, hot-seat hand-over.

They talk to the table through `game.table.view.TableView` (its game, its
autosave, `leave()`, `passed_to(seat)`, `toast_keep()`), never through one
game's internals (and never import the base, which opens them).

Where the app's toasts go is `game.ui.toast`; a table says what they must leave
in view with `toast_keep()`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.files import storage
from game.shell.i18n import N_, _, ngettext
from game.shell.scene import WidgetScene
from game.ui import text as T
from game.ui import theme as C
from game.ui.layout import Layout
from game.ui.widgets import TextInput, panel

from game.ui.fit_button import FitButton as Button

if TYPE_CHECKING:
    from game.shell.app import App

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
