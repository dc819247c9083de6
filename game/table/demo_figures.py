"""Frame figures for the tables' `--demo` runs (a bench, never a test).

Both tables time the same things the same way (`FrameFigures`):

- first `bare_frames()`: the window only filled and flipped, the floor a frame
  that pushes the whole window pays;
- then per frame the table's own update + draw ("work", wall and this thread's
  CPU time, the latter steadier when other jobs load the machine) and the whole
  frame from one clock tick's end to the next tick's start ("frame": events,
  work and pushing the picture to the screen, without the 60 fps wait);
- how frames reached the screen (`app.presented`: the whole window, only the
  changed rectangles, or nothing because nothing changed), the max RSS, the
  load average and the window's framebuffer mode.

`pct` turns the samples into percentiles.
"""
from __future__ import annotations

import os
import time

import pygame

from engine.memory import max_rss_mb

BARE_FRAMES = 120


def pct(values: list[float], q: float) -> float:
    """The q-quantile (nearest rank) of `values`; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bare_frames(n: int = BARE_FRAMES) -> list[float]:
    """Milliseconds of `n` frames that only fill and flip the window ([] without one)."""
    screen = pygame.display.get_surface()
    if screen is None:
        return []
    out = []
    for i in range(n):
        t0 = time.perf_counter()
        screen.fill((i % 7, 30, 35))
        pygame.display.flip()
        out.append((time.perf_counter() - t0) * 1000)
        pygame.event.pump()
    return out


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


def load_avg() -> float:
    try:
        return os.getloadavg()[0]
    except (OSError, AttributeError):       # Windows has no load average
        return -1.0


class FrameFigures:
    """One demo run's samples: call `start` once the window exists, wrap the scene's
    update and draw in `update_*` / `draw_*`, and `stop` before leaving."""

    def __init__(self) -> None:
        self.bare: list[float] = []
        self.work: list[float] = []
        self.work_cpu: list[float] = []
        self.timing: TimingClock | None = None
        self.started = time.perf_counter()
        self._t = self._c = 0.0
        self._t_update = self._c_update = 0.0

    def start(self, app) -> None:
        self.bare = bare_frames()
        if self.timing is None:
            self.timing = TimingClock(app.clock)
            app.clock = self.timing
        self.presented0 = dict(app.presented)

    def stop(self, app) -> None:
        if self.timing is not None and app.clock is self.timing:
            app.clock = self.timing.clock

    def update_begin(self) -> None:
        self._t, self._c = time.perf_counter(), time.thread_time()

    def update_end(self) -> None:
        self._t_update = time.perf_counter() - self._t
        self._c_update = time.thread_time() - self._c

    def draw_begin(self) -> None:
        self._t, self._c = time.perf_counter(), time.thread_time()

    def draw_end(self) -> None:
        self.work.append((self._t_update + time.perf_counter() - self._t) * 1000.0)
        self.work_cpu.append((self._c_update + time.thread_time() - self._c) * 1000.0)
        self._t_update = self._c_update = 0.0

    def figures(self, app) -> dict:
        """The shared part of a demo's JSON line (rounded milliseconds)."""
        frames = self.timing.frames if self.timing else []
        out: dict = {"frames": len(frames), "seconds": round(time.perf_counter() - self.started, 1)}
        for name, values in (("bare", self.bare), ("frame", frames), ("work", self.work),
                             ("work_cpu", self.work_cpu)):
            for q in (50, 95, 99):
                out[f"{name}_ms_p{q}"] = round(pct(values, q / 100), 2)
        base = getattr(self, "presented0", {})
        out["presented"] = {k: v - base.get(k, 0) for k, v in app.presented.items()}
        out["framebuffer"] = ("x11-shm" if os.environ.get("SDL_FRAMEBUFFER_ACCELERATION") == "0"
                              and pygame.display.get_driver() == "x11" else "sdl-default")
        out["max_rss_mb"] = round(max_rss_mb(), 1)
        out["load_avg_1m"] = round(load_avg(), 2)
        return out
