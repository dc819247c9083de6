"""`linebox --demo lineit`: bots only, through the real table, with frame figures.

The game and its bots are built by `engine.bots.arena.seat_game` (game 0 of
an arena run with the same seed, every seat a normal bot), and each bot is
asked through the `BotWorker` with the seed the arena gives it, so

    linebox --demo lineit --players 4 --seed 7 --speed 20 --exit-at-end
    python -m engine arena lineit --players 4 --bots normal --games 1 --seed 7 --list --jobs 1

end with the same scores. Before the game the demo times 120 bare
fill + flip frames of the window; at the end it prints one JSON line with the
scores and the frame figures (per frame: `work` = the table's update + draw,
`frame` = the whole frame without the frame-rate cap, from the clock's raw time).
"""
from __future__ import annotations

import json
import os
import resource
import sys
import time
from typing import TYPE_CHECKING

import pygame

from engine.bots.arena import seat_game

from ..demo_figures import bare_frames, pct
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
        scene.bare = bare_frames()
        return scene

    def __init__(self, app: "App", ctrl: Controller, speed: float = 1.0, demo: bool = True) -> None:
        super().__init__(app, ctrl, speed=speed, demo=True)
        self.exit_at_end = False
        self.bare: list[float] = []
        self.work: list[float] = []
        self.work_cpu: list[float] = []
        self._cpu_update = 0.0
        self.frames: list[float] = []
        self._t_update = 0.0
        self._update_ms = 0.0
        self.started = time.perf_counter()
        self.printed = False

    def update(self, dt: float) -> None:
        raw = self.app.clock.get_rawtime()
        if raw and self.app.frames > 2:
            self.frames.append(float(raw))
        t0 = time.perf_counter()
        c0 = time.process_time()
        super().update(dt)
        self._update_ms = (time.perf_counter() - t0) * 1000
        self._cpu_update = (time.process_time() - c0) * 1000

    def draw(self, surface: pygame.Surface) -> None:
        t0 = time.perf_counter()
        c0 = time.process_time()
        super().draw(surface)
        # the figures are measurement, not game state
        self.work.append(self._update_ms + (time.perf_counter() - t0) * 1000)
        self.work_cpu.append(self._cpu_update + (time.process_time() - c0) * 1000)

    def figures(self) -> dict:
        s = self.ctrl.state
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        rss_mb = rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024
        return {
            "game": "lineit", "players": s.players, "seed": self.ctrl.config["seed"],
            "scores": s.scores(), "winners": s.winners(),
            "size": list(self.app.screen.get_size()), "speed": self.speed,
            "frames": len(self.work), "seconds": round(time.perf_counter() - self.started, 1),
            "bot_worker": "process" if self.ctrl.worker is not None and self.ctrl.worker.in_process else "thread",
            "bare_ms_p95": round(pct(self.bare, 0.95), 2), "bare_ms_p99": round(pct(self.bare, 0.99), 2),
            "frame_ms_p95": round(pct(self.frames, 0.95), 2), "frame_ms_p99": round(pct(self.frames, 0.99), 2),
            "work_ms_p95": round(pct(self.work, 0.95), 2), "work_ms_p99": round(pct(self.work, 0.99), 2),
            "work_cpu_ms_p95": round(pct(self.work_cpu, 0.95), 2),
            "max_rss_mb": round(rss_mb, 1),
            "load_avg_1m": round(os.getloadavg()[0], 2),
        }

    def show_results(self) -> None:
        if not self.printed:
            self.printed = True
            print(json.dumps(self.figures()), flush=True)
        if self.exit_at_end:
            self.app.quit()
            return
        super().show_results()
