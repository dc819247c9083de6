"""Where the tutorials are offered: the menu's chooser, the setup's first visit, the rules.

The setup offers "Learn by playing" beside Start the first time a game's setup
opens (unless that tutorial was finished); the menu and the rules screen
always have it.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.shell.i18n import N_, _
from game.shell.scene import WidgetScene
from game.ui import text as T
from game.ui import theme as C
from game.ui.widgets import Button, panel

from . import open_tutorial, progress

if TYPE_CHECKING:
    from game.shell.app import App

LEARN = N_("Learn by playing")
LEARN_LONG = N_("Learn by playing (about 5 minutes)")


def setup_offer(app: "App", game: str) -> Button | None:
    """The setup's offer, the first time this game's setup opens (and it is then marked offered)."""
    entry = progress.entry(game)
    if entry["offered"] or entry["finished"]:
        return None
    progress.update(game, offered=True)
    return Button(LEARN_LONG, lambda: open_tutorial(app, game), font_size=26)


def _learn_label(title: str, done: bool) -> str:
    return title + ("  \u2713" if done else "")


class LearnChoice(WidgetScene):
    """The menu's "Learn by playing": which game, with a mark for a finished tutorial."""

    opaque = False
    name = "learn_choice"

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        from game.shell.frontends import frontends
        learnable = [(ui.name, ui.title) for ui in frontends() if ui.tutorial is not None]
        done = {g: progress.entry(g)["finished"] for g, _t in learnable}
        self.buttons = [Button(partial(_learn_label, t, done[g]), partial(open_tutorial, app, g), "primary")
                        for g, t in learnable]
        self.buttons.append(Button(N_("Back"), self.back))
        self.widgets = list(self.buttons)
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self, lay) -> None:
        self.box = lay.rect(lay.logical_w / 2 - 380, lay.logical_h / 2 - 260, 760, 520)
        for i, b in enumerate(self.buttons):
            b.rect = lay.rect(lay.logical_w / 2 - 280, lay.logical_h / 2 - 120 + i * 110, 560, 84)

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        panel(surface, self.box, lay, C.PANEL, C.ACCENT, radius=24)
        T.blit_text(surface, _(LEARN), lay.font_px(44), C.ACCENT, (self.box.centerx, self.box.y + lay.px(40)),
                    "midtop", bold=True)
        self.draw_widgets(surface)
