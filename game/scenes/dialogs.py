"""Overlays: a message box and a yes/no question."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.shell.i18n import N_, _
from game.shell.scene import WidgetScene
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout
from ..ui.widgets import Button, panel

if TYPE_CHECKING:
    from game.shell.app import App

BOX_W = 1040


class MessageScene(WidgetScene):
    """A plain message with an OK button (Enter, Esc or a click closes it)."""

    opaque = False
    name = "message"

    def __init__(self, app: "App", text: str, title: str | None = None) -> None:
        super().__init__(app)
        self.text = text
        self.title = title
        self.box = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = [Button(N_("OK"), self.back, "primary")]
        self.widgets = list(self.buttons)

    def _lines(self, lay: Layout) -> list[str]:
        return T.wrap(self.text, lay.font_px(30), lay.px(BOX_W - 100))

    def layout(self, lay: Layout) -> None:
        lines = self._lines(lay)
        line_h = int(lay.font_px(30) * 1.35)
        title_h = lay.px(80) if self.title else lay.px(20)
        h = title_h + len(lines) * line_h + lay.px(170)
        w = lay.px(BOX_W)
        self.box = pygame.Rect(0, 0, w, min(h, lay.height - lay.px(20)))
        self.box.center = (lay.width // 2, lay.height // 2)
        n = len(self.buttons)
        bw, gap = lay.px(300), lay.px(30)
        x = self.box.centerx - (n * bw + (n - 1) * gap) // 2
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(x + i * (bw + gap), self.box.bottom - lay.px(110), bw, lay.px(76))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_focus(1 if event.key == pygame.K_RIGHT else -1)
            return True
        super().handle(event)
        return True   # a modal box takes every event

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        panel(surface, self.box, lay, C.PANEL, C.ACCENT, radius=24)
        y = self.box.y + lay.px(36)
        if self.title:
            r = T.blit_text(surface, self.title, lay.font_px(40), C.ACCENT, (self.box.centerx, y), "midtop", bold=True)
            y = r.bottom + lay.px(24)
        size = lay.font_px(30)
        line_h = int(size * 1.35)
        for line in self._lines(lay):
            T.blit_text(surface, line, size, C.TEXT, (self.box.x + lay.px(50), y), "topleft")
            y += line_h
        self.draw_widgets(surface)


class ConfirmScene(MessageScene):
    """A yes/no question; `on_yes` runs after the box closed."""

    name = "confirm"

    def __init__(self, app: "App", text: str, on_yes: Callable[[], None], yes: str | None = None) -> None:
        super().__init__(app, text, None)
        self.on_yes = on_yes
        self.buttons = [Button(lambda: yes or _("Yes"), self._yes, "primary"), Button(N_("Cancel"), self.back)]
        self.widgets = list(self.buttons)

    def _yes(self) -> None:
        self.app.pop()
        self.on_yes()
