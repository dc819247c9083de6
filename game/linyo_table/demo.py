"""`linebox --demo linyo`: bots through the real table, measured (see `game.table.demo`).

Sheet A, difficulty 2, every seat a normal bot: the scores equal
`python -m engine arena linyo --players N --bots normal --games 1 --seed S --list`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.table.demo import DemoMixin, demo_game

from .model import TableGame
from .scene import LinyoTable

if TYPE_CHECKING:
    from ..app import App

NAMES = ("Ada", "Bruno", "Chloé", "Dario", "Emma", "Félix")


class DemoTable(DemoMixin, LinyoTable):
    """Bots only, `speed` × normal pace; prints the figures when the game is over."""

    name = "linyo_demo"

    def __init__(self, app: "App", players: int, seed: int | None, speed: float, exit_at_end: bool) -> None:
        players = max(1, min(6, int(players)))
        state, config = demo_game("linyo", players, seed, {"sheet": "A", "difficulty": 2}, NAMES, difficulty=2)
        config["sheet"] = "A"
        super().__init__(app, TableGame(state, config), speed=speed, demo=True)
        self.init_demo(exit_at_end)

    def extra_figures(self) -> dict:
        return {"rounds": self.state.round}

    def show_results(self) -> None:
        if not self.finish_demo():
            super().show_results()
