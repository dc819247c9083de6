"""The main menu: play, continue, load, statistics, rules, settings, quit."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from engine.games import game as game_info

from game.files import storage
from game.shell.i18n import N_, _
from game.shell.scene import WidgetScene
from ..tutorial.offer import LEARN
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout
from ..ui.pictures import picture
from ..ui.widgets import Button, fit_row
from .common import hint
from .online_badge import online_label, start_session

if TYPE_CHECKING:
    from game.shell.app import App

FAN_LEFT = ("card:17", "card:42", "card:63", "bet:B4", "card:88")
FAN_RIGHT = ("die:b", "die:o", "die:g", "die:b")
# logical units: the title block, the key hint under the buttons, the button grid
HEAD_H = 400
HEAD_MIN = 330          # the title, its suits and the subtitle, with less air
FOOT_H = 90
MENU_W = 900
ROW_H = 84
ROW_MIN = 64            # a button row still reads at 11 px and up
GAP = 14


class MenuScene(WidgetScene):
    """The root scene."""

    name = "menu"

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.autosave: dict | None = None
        self.time = 0.0
        self.head: float = HEAD_H       # the title block's height (lower when every button is shown)
        self.b_continue = Button(self._continue_label, self.on_continue, "primary")
        buttons = [
            self.b_continue,
            Button(N_("Play Line-it"), lambda: self.app.open("setup", "lineit")),
            Button(N_("Play Linyo"), lambda: self.app.open("setup", "linyo")),
            Button(N_("Daily challenge"), lambda: self.app.open("daily")),
            Button(online_label, self.open_online),   # a badge when it is your turn (online_badge.py)
            Button(LEARN, lambda: self.app.open("learn_choice")),     # the tutorials (game/tutorial)
            Button(N_("Load game"), lambda: self.app.open("load")),
            Button(N_("Statistics"), lambda: self.app.open("stats")),
            Button(N_("History"), lambda: self.app.open("history")),
            Button(N_("Rules"), lambda: self.app.open_rules()),
            Button(N_("Settings"), lambda: self.app.open("settings")),
            Button(N_("Quit"), self.back, "quiet"),     # asks first, as Esc does
        ]
        fit_row(buttons)
        self.widgets = list(buttons)
        self.fan: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.updates = 0        # frames updated: at the second, the first frame has been drawn

    def _continue_label(self) -> str:
        """Names the game (its engine is imported then: only when an unfinished game exists)."""
        game = (self.autosave or {}).get("game", "")
        return _("Continue {game}").format(game=game_info(game).title if game in storage.GAMES else "")

    def refresh(self) -> None:
        """Show Continue only when an unfinished game exists."""
        self.autosave = storage.latest_autosave()
        self.b_continue.visible = self.autosave is not None
        if self.focus is not None and not self.focus.visible:
            self.set_focus(None)

    def start_online(self) -> None:
        """The saved account's session (it reads the token file: a bad one is set aside with a
        message, and the menu plays on signed out). Only once the menu has been drawn: the online
        code is not part of its first frame."""
        start_session()
        self.app.show_problems()

    def enter(self) -> None:
        self.refresh()
        super().enter()
        self.app.show_problems()

    def resume(self) -> None:
        self.refresh()
        if self.updates > 1:
            self.start_online()
        super().resume()
        if self.focus is None:
            WidgetScene.enter(self)

    def back(self) -> None:
        self.app.confirm(_("Quit Linebox?"), self.app.quit, _("Quit"))

    # ------------------------------------------------------------ actions
    def open_online(self) -> None:
        self.app.open("online")

    def on_continue(self) -> None:
        if self.autosave is not None:
            from game.shell import tables  # the tables (and the engine's rules) load when a game opens
            tables.open_table(self.app, self.autosave, storage.autosave_path(self.autosave["game"]))

    # ------------------------------------------------------------ layout/draw
    def layout(self, lay: Layout) -> None:
        """Continue across the top, the other eight in two columns of four: nine buttons in
        one column cut the subtitle and ran Quit into the key hint at 16:9."""
        self.refresh()
        rows = (len(self.widgets) - 1 + 1) // 2 + (1 if self.b_continue.visible else 0)
        # the title block (HEAD_H) and the buttons, centred above the key hint (FOOT_H)
        # with every button (Continue and the daily challenge make seven rows) the block may not fit
        # a 16:9 window: the title block gives up some of its air first, then the rows get lower
        room = lay.logical_h - FOOT_H - GAP
        row_h: float = ROW_H
        self.head = max(HEAD_MIN, min(HEAD_H, room - rows * ROW_H - (rows - 1) * GAP))
        if self.head + rows * ROW_H + (rows - 1) * GAP > room:
            row_h = max(ROW_MIN, (room - self.head - (rows - 1) * GAP) / rows)
        block = self.head + rows * row_h + (rows - 1) * GAP
        top = max(0.0, (lay.logical_h - FOOT_H - block) / 2) + self.head
        x = (lay.logical_w - MENU_W) / 2
        col_w = (MENU_W - GAP * 2) / 2
        row = 0
        if self.b_continue.visible:
            self.b_continue.rect = lay.rect(x, top, MENU_W, row_h)
            row = 1
        for i, w in enumerate(self.widgets[1:]):
            y = top + (row + i // 2) * (row_h + GAP)
            w.rect = lay.rect(x + (i % 2) * (col_w + GAP * 2), y, col_w, row_h)
        # decorative fans of the games' own pieces, left and right of the buttons
        self.fan = []
        side = (lay.logical_w - MENU_W) / 2
        if side > 330:
            h = lay.px(230)
            for i, tok in enumerate(FAN_LEFT):
                img = pygame.transform.rotozoom(picture(tok, h), 18 - i * 9, 1.0)
                cx = lay.px(side / 2 + (i - 2) * 58)
                cy = lay.px(top + 300 + abs(i - 2) * 20)
                self.fan.append((img, img.get_rect(center=(cx, cy))))
            dh = lay.px(120)
            for i, tok in enumerate(FAN_RIGHT):
                img = pygame.transform.rotozoom(picture(tok, dh), -12 + i * 11, 1.0)
                cx = lay.width - lay.px(side / 2 + (1.5 - i) * 112)
                cy = lay.px(top + 300 + (i % 2) * 60)
                self.fan.append((img, img.get_rect(center=(cx, cy))))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.time += dt * max(0.0, self.app.settings.anim_factor)
        self.updates += 1
        if self.updates == 2:   # the first frame is on the screen
            self.start_online()

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        self.app.background(surface)
        cx = surface.get_width() // 2
        top = min(w.rect.top for w in self.widgets if w.visible)
        bob = int(lay.px(6) * math.sin(self.time * 1.6))
        title_y = top - lay.px(self.head - 40)
        r = T.blit_text(surface, "Linebox", lay.font_px(132), C.SHADOW, (cx + lay.px(5), title_y + lay.px(7) + bob),
                        "midtop", bold=True)
        T.blit_text(surface, "Linebox", lay.font_px(132), C.TEXT, (cx, title_y + bob), "midtop", bold=True)
        sym_y = r.bottom + lay.px(10)
        for i, (col, sym) in enumerate(C.SUITS):
            T.blit_text(surface, sym, lay.font_px(40), col, (cx + lay.px((i - 1.5) * 60), sym_y), "midtop", bold=True)
        T.blit_text(surface, _("Line-it and Linyo, against bots or friends"), lay.font_px(28), C.TEXT_DIM,
                    (cx, sym_y + lay.px(62)), "midtop")
        for img, rect in self.fan:
            surface.blit(img, rect.move(0, bob if rect.centerx < cx else -bob))
        self.draw_widgets(surface)
        hint(surface, lay, _("↑ ↓ choose · Enter select · Esc back · F1 rules · F11 full screen"))
