"""`linebox --demo lineit`: bots only, through the real table, with frame figures.

The game and its bots are built by `engine.bots.arena.seat_game` (game 0 of
an arena run with the same seed, every seat a normal bot), and each bot is
asked through the `BotWorker` with the seed the arena gives it, so

    linebox --demo lineit --players 4 --seed 7 --speed 20 --exit-at-end
    python -m engine arena lineit --players 4 --bots normal --games 1 --seed 7 --list --jobs 1

end with the same scores. Before the game the demo times 120 bare
fill + flip frames of the window; at the end it prints one JSON line with the
scores and the frame figures (see game/demo_figures.py).
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pygame

from engine.bots.arena import seat_game

from ..demo_figures import FrameFigures
from .controller import Controller
from .scene import TableScene

if TYPE_CHECKING:
    from game.app import App

NAMES = ("Mia", "Noah", "Lena", "Hugo", "Zoe", "Omar")


class DemoScene(TableScene):
    """The table with every seat a bot, measured."""

    name = "lineit_demo"

    @classmethod
    def build(cls, app: "App", players: int, seed: int | None, speed: float, exit_at_end: bool) -> "DemoScene":
        seed = 1 if seed is None else seed
        labels = ["normal"] * players
        state, seated, bots = seat_game("lineit", labels, 0, seed, {})
        config = {"game": "lineit", "seed": seed, "first_seat": None, "final_plays": 1,
                  "seats": [{"name": NAMES[p % len(NAMES)], "kind": "bot", "level": seated[p]} for p in range(players)]}
        ctrl = Controller(config, state, bot_seeds=[b.seed for b in bots], bot_levels=list(seated), time_limit=None)
        scene = cls(app, ctrl, speed=max(0.05, speed), demo=True)
        scene.exit_at_end = exit_at_end
        return scene

    def __init__(self, app: "App", ctrl: Controller, speed: float = 1.0, demo: bool = True) -> None:
        super().__init__(app, ctrl, speed=speed, demo=True)
        self.exit_at_end = False
        self.figs = FrameFigures()
        self.printed = False

    def enter(self) -> None:
        super().enter()
        self.figs.start(self.app)

    def update(self, dt: float) -> None:
        self.figs.update_begin()
        super().update(dt)
        self.figs.update_end()

    def draw(self, surface: pygame.Surface) -> None:
        self.figs.draw_begin()
        super().draw(surface)
        self.figs.draw_end()

    def figures(self) -> dict:
        s = self.ctrl.state
        return {
            "game": "lineit", "players": s.players, "seed": self.ctrl.config["seed"],
            "scores": s.scores(), "winners": s.winners(), "speed": self.speed,
            "size": list(self.app.screen.get_size()),
            "bot_worker": "process" if self.ctrl.worker is not None and self.ctrl.worker.in_process else "thread",
            **self.figs.figures(self.app),
        }

    def show_results(self) -> None:
        if not self.printed:
            self.printed = True
            print(json.dumps(self.figures()), flush=True)
            self.figs.stop(self.app)
        if self.exit_at_end:
            self.app.quit()
            return
        super().show_results()
