"""`linebox --demo linyo`: bots play through the real table, then one JSON line.

The game and its bots come from `engine.bots.arena.seat_game` (index 0, all
"normal", sheet A, difficulty 2), so the scores equal
`python -m engine arena linyo --players N --bots normal --games 1 --seed S --list`.

Figures (a bench, not a test): first 120 bare `fill` + `flip` frames of the
same window, then per frame the table's own update+draw time ("work") and
the whole frame without the clock's wait ("frame"), plus the max RSS.
"work_cpu" is the same update+draw in this thread's CPU time (steadier than
wall time when other jobs load the machine; `load_avg_1m` says how loaded).
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
from .model import TableGame
from .results import ResultsScene
from .table import LinyoTable

if TYPE_CHECKING:
    from ..app import App

NAMES = ("Ada", "Bruno", "Chloé", "Dario", "Emma", "Félix")


class TimingClock:
    """Wraps the app's clock: measures each frame from one tick's end to the next
    tick's start, i.e. the whole frame without the 60 fps wait."""

    def __init__(self, clock: pygame.time.Clock) -> None:
        self.clock = clock
        self.after: float | None = None
        self.frames: list[float] = []

    def tick(self, fps: int = 0) -> int:
        now = time.perf_counter()
        if self.after is not None:
            self.frames.append((now - self.after) * 1000.0)
        ms = self.clock.tick(fps)
        self.after = time.perf_counter()
        return ms

    def __getattr__(self, name: str):
        return getattr(self.clock, name)


def _proc_hwm_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return 0.0


def _load_avg() -> float:
    try:
        return os.getloadavg()[0]
    except (OSError, AttributeError):
        return -1.0


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
        self.work: list[float] = []
        self.work_cpu: list[float] = []
        self.bare: list[float] = []
        self.timing: TimingClock | None = None
        self._t_update = 0.0
        self._c_update = 0.0
        self.printed = False

    def enter(self) -> None:
        super().enter()
        self._measure_bare()
        self.timing = TimingClock(self.app.clock)
        self.app.clock = self.timing

    def exit(self) -> None:
        super().exit()

    def _measure_bare(self) -> None:
        self.bare = bare_frames()

    def update(self, dt: float) -> None:
        t, c = time.perf_counter(), time.thread_time()
        super().update(dt)
        self._t_update = time.perf_counter() - t
        self._c_update = time.thread_time() - c

    def draw(self, surface: pygame.Surface) -> None:
        t, c = time.perf_counter(), time.thread_time()
        super().draw(surface)
        self.work.append((self._t_update + time.perf_counter() - t) * 1000.0)
        self.work_cpu.append((self._c_update + time.thread_time() - c) * 1000.0)

    def figures(self) -> dict:
        st = self.state
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
        if sys.platform == "darwin":
            rss /= 1024.0
        worker_rss = 0.0
        pool = getattr(self.worker, "_pool", None)
        for proc in (getattr(pool, "_processes", None) or {}).values():
            worker_rss = max(worker_rss, _proc_hwm_mb(proc.pid))
        frames = self.timing.frames if self.timing else []
        w, h = pygame.display.get_surface().get_size() if pygame.display.get_surface() else (0, 0)
        return {"game": "linyo", "players": st.players, "seed": self.arena_seed, "speed": self.speed,
                "scores": st.scores(), "winners": st.winners(), "rounds": st.round,
                "window": [w, h], "frames": len(frames),
                "bare_ms_p50": round(pct(self.bare, .5), 2), "bare_ms_p95": round(pct(self.bare, .95), 2),
                "bare_ms_p99": round(pct(self.bare, .99), 2),
                "frame_ms_p50": round(pct(frames, .5), 2), "frame_ms_p95": round(pct(frames, .95), 2),
                "frame_ms_p99": round(pct(frames, .99), 2),
                "work_ms_p50": round(pct(self.work, .5), 2), "work_ms_p95": round(pct(self.work, .95), 2),
                "work_ms_p99": round(pct(self.work, .99), 2),
                "work_cpu_ms_p50": round(pct(self.work_cpu, .5), 2),
                "work_cpu_ms_p95": round(pct(self.work_cpu, .95), 2),
                "work_cpu_ms_p99": round(pct(self.work_cpu, .99), 2),
                "load_avg_1m": round(_load_avg(), 2),
                "max_rss_mb": round(rss, 1), "bot_worker_rss_mb": round(worker_rss, 1)}

    def on_finished(self) -> None:
        if not self.printed:
            print(json.dumps(self.figures()), flush=True)
            self.printed = True
        if self.timing is not None:
            self.app.clock = self.timing.clock
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
