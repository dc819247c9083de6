"""The Linyo tutorial table: the real `LinyoTable` with the tutorial mixin before it.

The player draws, picks and turns dice with the table's own input; nothing
reaches the engine before Confirm, so `confirm` is where the guide checks the
action(s) the press would send. Start fields picked in another order than the
script's are sent in the script's order (the lines are numbered by it).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine import linyo
from engine.linyo.sheets import parse_field
from game.linyo_table.model import TableGame
from game.linyo_table.scene import LinyoTable

from . import player_name
from .linyo_script import script
from .steps import state_at
from .table import TutorialTable

if TYPE_CHECKING:
    from game.app import App


def make(app: "App", index: int) -> "LinyoTutorial":
    sc = script()
    index = max(0, min(index, len(sc.steps) - 1))
    return LinyoTutorial(app, TableGame(state_at(sc, index), sc.config(player_name(app.settings, "linyo"))), index)


def fields_of(action: str) -> list[int]:
    """The fields an action text names (start / move), in order; '+' marks the star step."""
    return [parse_field(w.lstrip("+")) for w in action.split()[1:] if w.lstrip("+")[:1].isalpha()]


class LinyoTutorial(TutorialTable, LinyoTable):
    name = "linyo_tutorial"

    def __init__(self, app: "App", tgame: TableGame, index: int) -> None:
        super().__init__(app, tgame)
        self.init_tutorial(script(), index)
        self.rebuild = make

    # ------------------------------------------------------------ the player's actions
    def pending_actions(self) -> list[str]:
        """What Confirm would send to the engine now."""
        if self.set_choice is not None:
            return [str(self._set_action())]
        if self.starts is not None:
            return [str(a) for a in self.starts.actions()]
        if self.abort_mode:
            return [str(linyo.Abort(self.abort_line))] if self.abort_line is not None else []
        if self.path is not None and self.path.action() is not None:
            return [str(self.path.action())]
        return []

    def confirm(self) -> None:
        if self.human_turn() and self.can_confirm():
            sent = self.pending_actions()
            want = list(self.guide.step.do[self.guide.done:self.guide.done + len(sent)])
            if self.starts is not None and sorted(sent) == sorted(want):
                self.starts.picks = [parse_field(a.split()[1]) for a in want]
                sent = want
            if sent and self.refuse(*sent):
                return
        super().confirm()

    # ------------------------------------------------------------ targets
    def named(self, name: str) -> list[pygame.Rect]:
        if name == "sheet":
            return [self.geom.paper]
        if name == "dice":
            return [self.die_rects[0].unionall(self.die_rects[1:])]
        return []

    def _line_end(self, line: int) -> int:
        return self.state.lines[0][line - 1][-1]

    def targets(self) -> list[pygame.Rect]:
        a = self.guide.expected()
        if a is None:
            out: list[pygame.Rect] = []
            for name in self.guide.step.point:
                out += self.named(name)
            return out
        done = self.can_confirm()
        confirm = [self.b_confirm.rect] if done else []
        kind = a.split()[0]
        if kind == "start":
            picks = set(self.starts.picks) if self.starts is not None else set()
            rest = [parse_field(x.split()[1]) for x in self.guide.step.do[self.guide.done:]]
            return confirm + [self.geom.cell_rect(f) for f in rest if f not in picks]
        if kind == "set":
            return confirm + self.named("dice")
        if kind == "abort":
            line = int(a.split()[1])
            return confirm + ([self.geom.cell_rect(self._line_end(line))] if self.abort_mode
                              else [self.b_nothing.rect])
        fields = [self._line_end(int(a.split()[1]))] + fields_of(a)
        return confirm + [self.geom.cell_rect(fields[0]).unionall([self.geom.cell_rect(f) for f in fields[1:]])]

    def ghost(self) -> list[tuple[float, float]]:
        a = self.guide.expected()
        if a is None or not a.startswith("move") or self.can_confirm():
            return []
        return [self.geom.center(f) for f in [self._line_end(int(a.split()[1]))] + fields_of(a)]
