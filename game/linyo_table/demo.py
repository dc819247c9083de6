"""`linebox --demo linyo`: bots play through the real table, then one JSON line.

The game and its bots come from `engine.bots.arena.seat_game` (index 0, all
"normal", sheet A, difficulty 2), so the scores equal
`python -m engine arena linyo --players N --bots normal --games 1 --seed S --list`.

Figures (a bench, not a test): see game/demo_figures.py; this table adds the
bot worker's peak memory.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pygame

from engine.bots.arena import seat_game

from ..demo_figures import FrameFigures
from .model import TableGame
from .results import ResultsScene
from .table import LinyoTable

if TYPE_CHECKING:
    from ..app import App

NAMES = ("Ada", "Bruno", "Chloé", "Dario", "Emma", "Félix")


def _proc_hwm_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return 0.0


class DemoTable(LinyoTable):
    """Bots only, `speed` × normal pace; prints the figures when the game is over."""

    name = "linyo_demo"

    def __init__(self, app: "App", players: int, seed: int | None, speed: float, exit_at_end: bool) -> None:
        seed = 1 if seed is None else int(seed)
        players = max(1, min(6, int(players)))
        labels = ["normal"] * players
        state, seated, bots = seat_game("linyo", labels, 0, seed, {"sheet": "A", "difficulty": 2})
        config = {"game": "linyo", "seed": state.seed, "sheet": "A", "first_seat": state.first_seat,
                  "seats": [{"name": NAMES[i], "kind": "bot", "level": seated[i], "difficulty": 2}
                            for i in range(players)],
                  "bot_seeds": [b.seed for b in bots]}
        super().__init__(app, TableGame(state, config), speed=speed, demo=True)
        self.arena_seed = seed
        self.exit_at_end = exit_at_end
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
        st = self.state
        worker_rss = 0.0
        pool = getattr(self.worker, "_pool", None)
        for proc in (getattr(pool, "_processes", None) or {}).values():
            worker_rss = max(worker_rss, _proc_hwm_mb(proc.pid))
        w, h = pygame.display.get_surface().get_size() if pygame.display.get_surface() else (0, 0)
        return {"game": "linyo", "players": st.players, "seed": self.arena_seed, "speed": self.speed,
                "scores": st.scores(), "winners": st.winners(), "rounds": st.round,
                "window": [w, h], **self.figs.figures(self.app), "bot_worker_rss_mb": round(worker_rss, 1)}

    def on_finished(self) -> None:
        if not self.printed:
            print(json.dumps(self.figures()), flush=True)
            self.printed = True
        self.figs.stop(self.app)
        self.app.replace(DemoResults(self.app, self.g, self.exit_at_end, self.speed))


class DemoResults(ResultsScene):
    """The demo's results, shown a moment before `--exit-at-end` quits."""

    def __init__(self, app: "App", g: TableGame, exit_at_end: bool, speed: float) -> None:
        super().__init__(app, g, demo=True)
        self.exit_at_end = exit_at_end
        self.left = max(0.4, 2.0 / max(1.0, speed))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.left -= dt
        if self.exit_at_end and self.left <= 0:
            self.app.quit()
