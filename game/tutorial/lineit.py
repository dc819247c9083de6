"""The Line-it tutorial table: the real `TableScene` with the tutorial mixin before it.

The player's actions all pass through `try_action` (drag, click, keys) and the
Close line button through `on_close`; both ask the guide first. Undo is the
tutorial's Back (the table's undo would leave the script).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.lineit_table.controller import Controller
from game.lineit_table.scene import TableScene

from . import player_name
from .lineit_script import script
from .steps import state_at
from .table import REFUSAL_SECONDS, TutorialTable

if TYPE_CHECKING:
    from game.app import App


def make(app: "App", index: int) -> "LineitTutorial":
    sc = script()
    index = max(0, min(index, len(sc.steps) - 1))
    ctrl = Controller(sc.config(player_name(app.settings, "lineit")), state_at(sc, index), bot_levels=["easy", "easy"])
    return LineitTutorial(app, ctrl, index)


class LineitTutorial(TutorialTable, TableScene):
    name = "lineit_tutorial"

    def __init__(self, app: "App", ctrl: Controller, index: int) -> None:
        super().__init__(app, ctrl)
        self.init_tutorial(script(), index)
        self.rebuild = make

    # ------------------------------------------------------------ the player's actions
    def try_action(self, action: Any, target: str | None = None) -> bool:
        if self.my_turn() and self.refuse(str(action)):     # the script names actions by their text
            return False
        return super().try_action(action, target)

    def on_close(self) -> None:
        if self.my_turn() and "close" in self._legal() and self.refuse("close"):
            return
        super().on_close()

    def on_end(self) -> None:
        if self.my_turn() and self.refuse("pass" if self._final() else "end"):
            return
        super().on_end()

    def take_back(self) -> bool:
        self.tut_refusal = (self.guide.text(self.guide.step.say), REFUSAL_SECONDS)
        return False

    def on_hint(self) -> None:
        self.tut_time = 0.0      # the pointer pulses from the start again: it is the hint

    # ------------------------------------------------------------ targets
    def _card(self, text: str) -> pygame.Rect | None:
        for s in self.board.sprites.values():
            if s.card == text and s.zone and s.zone[0] in (("market",), ("hand", self.viewer)):
                return s.rect()
        return None

    def named(self, name: str) -> list[pygame.Rect]:
        g = self.geo
        if name == "market":
            return [g.market]
        if name == "jackpots":
            rects = list(g.jackpots.values())
            return [rects[0].unionall(rects[1:])]
        if name == "line":
            return [g.me.line]
        if name == "hand":
            return [g.me.hand]
        return []

    def targets(self) -> list[pygame.Rect]:
        if self.geo is None:
            return []
        a = self.guide.expected()
        if a is None:
            out: list[pygame.Rect] = []
            for name in self.guide.step.point:
                out += self.named(name)
            return out
        words = a.split()
        if words[0] in ("take", "play"):
            card = self._card(words[1])
            where = self.named(words[2] if words[0] == "take" else "line")
            return ([card] if card is not None else []) + where
        if words[0] == "close":
            return [self.b_close.rect]
        return [self.b_end.rect]
