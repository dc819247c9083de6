"""`linebox --demo lineit`: the table with every seat a bot, measured (see `game.table.demo`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.table.demo import DemoMixin, demo_game

from .controller import Controller
from .scene import TableScene

if TYPE_CHECKING:
    from game.app import App

NAMES = ("Mia", "Noah", "Lena", "Hugo", "Zoe", "Omar")


class DemoScene(DemoMixin, TableScene):
    """The table with every seat a bot, measured."""

    name = "lineit_demo"

    def __init__(self, app: "App", players: int, seed: int | None, speed: float, exit_at_end: bool) -> None:
        state, config = demo_game("lineit", players, seed, {}, NAMES)
        config["final_plays"] = 1
        ctrl = Controller(config, state, bot_levels=[s["level"] for s in config["seats"]])
        super().__init__(app, ctrl, speed=max(0.05, speed), demo=True)
        self.init_demo(exit_at_end)

    def settle_for_figures(self) -> None:
        self.board.images.wait_loaded(30.0)      # the card art loader would share the bare frames' CPU

    def show_results(self) -> None:
        if not self.finish_demo():
            super().show_results()
