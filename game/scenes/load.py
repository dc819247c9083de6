"""Load game: the named saves, newest first; Enter loads, Delete removes."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.files import storage
from game.shell import tables
from game.shell.i18n import N_, _
from game.shell.scene import WidgetScene
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout
from ..ui.widgets import Button, panel
from .common import header, hint

if TYPE_CHECKING:
    from game.shell.app import App

PER_PAGE = 7


class LoadScene(WidgetScene):
    """Lists `storage.list_saves()`; each row is a button."""

    name = "load"

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.saves: list[storage.SaveInfo] = []
        self.rows: list[Button] = []
        self.page = 0
        self.done = Button(N_("Back"), self.back)
        self.b_challenge = Button(N_("Challenge code or file"), lambda: self.app.open("challenge_enter"))
        self.refresh()

    def refresh(self) -> None:
        self.saves = storage.list_saves()
        self.page = min(self.page, max(0, (len(self.saves) - 1) // PER_PAGE))
        shown = self.saves[self.page * PER_PAGE:(self.page + 1) * PER_PAGE]
        self.rows = [Button(partial(self._row_text, s), partial(self.load, s), "normal", 28) for s in shown]
        self.widgets = [*self.rows, self.b_challenge, self.done]
        self.focus = None

    def _row_text(self, s: storage.SaveInfo) -> str:
        when = s.saved_at.replace("T", " ")[:16]
        return f"{s.name}  ·  {tables.GAME_NAMES.get(s.game, s.game)}  ·  {when}"

    def enter(self) -> None:
        super().enter()
        self.app.show_problems()

    def resume(self) -> None:
        self.refresh()
        self.layout(self.app.lay)
        WidgetScene.enter(self)

    def load(self, save: storage.SaveInfo) -> None:
        env = storage.read_save(save.path)
        if env is None:
            self.app.show_problems()
            self.refresh()
            self.layout(self.app.lay)
            return
        tables.open_replacing_autosave(self.app, env, save.path)

    def _delete_focused(self) -> None:
        if self.focus in self.rows:
            save = self.saves[self.page * PER_PAGE + self.rows.index(self.focus)]

            def really() -> None:
                storage.delete_save(save.path)
                self.refresh()
                self.layout(self.app.lay)
            self.app.confirm(_("Delete the saved game “{name}”?").format(name=save.name), really, _("Delete"))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_DELETE:
                self._delete_focused()
                return True
            pages = max(1, (len(self.saves) + PER_PAGE - 1) // PER_PAGE)
            if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) and pages > 1:
                self.page = (self.page + (1 if event.key == pygame.K_PAGEDOWN else -1)) % pages
                self.refresh()
                self.layout(self.app.lay)
                WidgetScene.enter(self)
                return True
        return super().handle(event)

    def layout(self, lay: Layout) -> None:
        w = min(1200.0, lay.logical_w - 160)
        x = (lay.logical_w - w) / 2
        self.box = lay.rect(x - 30, 180, w + 60, PER_PAGE * 92 + 50)
        for i, b in enumerate(self.rows):
            b.rect = lay.rect(x, 205 + i * 92, w, 76)
        self.b_challenge.rect = lay.rect(lay.logical_w / 2 - 520, 180 + PER_PAGE * 92 + 90, 500, 84)
        self.done.rect = lay.rect(lay.logical_w / 2 + 20, 180 + PER_PAGE * 92 + 90, 400, 84)

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        self.app.background(surface)
        header(surface, lay, _("Load game"))
        panel(surface, self.box, lay, C.PANEL, C.PANEL_EDGE)
        if not self.saves:
            T.blit_text(surface, _("No saved games yet. Save a game from its pause menu."), lay.font_px(30),
                        C.TEXT_DIM, self.box.center, "center")
        self.draw_widgets(surface)
        pages = (len(self.saves) + PER_PAGE - 1) // PER_PAGE
        if pages > 1:
            T.blit_text(surface, _("Page {n} of {total}").format(n=self.page + 1, total=pages), lay.font_px(24),
                        C.TEXT_DIM, (self.box.centerx, self.box.bottom + lay.px(6)), "midtop")
        hint(surface, lay, _("Enter load · Delete remove · PgUp PgDn pages · Esc back"))
