"""`linebox --demo GAME`: bots only, through the real table, with frame figures.

The game and its bots are built by `engine.bots.arena.seat_game` (game 0 of an
arena run with the same seed, every seat a normal bot) and each bot is asked
through the worker with the seed the arena gives it, so

    linebox --demo lineit --players 4 --seed 7 --speed 20 --exit-at-end
    python -m engine arena lineit --players 4 --bots normal --games 1 --seed 7 --list --jobs 1

end with the same scores (the same for linyo, sheet A, difficulty 2). Before
the game the demo times bare fill + flip frames; when the game is over it
prints one JSON line with the scores and the frame figures
(`game/demo_figures.py`), then quits with `--exit-at-end`.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pygame

from engine.bots.arena import seat_game

from ..demo_figures import FrameFigures

if TYPE_CHECKING:
    from game.app import App


def demo_game(game: str, players: int, seed: int | None, options: dict, names: tuple[str, ...],
              **seat_extra: Any) -> tuple[Any, dict]:
    """The arena's game 0 for `seed` and the setup config that seats its normal bots."""
    seed = 1 if seed is None else int(seed)
    state, seated, bots = seat_game(game, ["normal"] * players, 0, seed, options)
    config = {"game": game, "seed": seed, "first_seat": None,
              "seats": [{"name": names[p % len(names)], "kind": "bot", "level": seated[p], **seat_extra}
                        for p in range(players)],
              "bot_seeds": [b.seed for b in bots]}
    return state, config


def _proc_hwm_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return 0.0


class DemoMixin:
    """Mixed in before a table scene: measures it and prints the figures once at the end."""

    app: "App"
    speed: float
    tg: Any
    bots: Any

    def init_demo(self, exit_at_end: bool) -> None:
        self.exit_at_end = exit_at_end
        self.figs = FrameFigures()
        self.printed = False

    def enter(self) -> None:
        super().enter()  # type: ignore[misc]
        self.settle_for_figures()
        self.figs.start(self.app)

    def settle_for_figures(self) -> None:
        """Wait for work the table started in the background (a game may override it), so the
        bare fill + flip frames are timed alone."""

    def update(self, dt: float) -> None:
        self.figs.update_begin()
        super().update(dt)  # type: ignore[misc]
        self.figs.update_end()

    def draw(self, surface: pygame.Surface) -> None:
        self.figs.draw_begin()
        super().draw(surface)  # type: ignore[misc]
        self.figs.draw_end()

    def extra_figures(self) -> dict:
        """What this game adds to the JSON line."""
        return {}

    def figures(self) -> dict:
        st = self.tg.state
        worker = self.bots.worker
        rss = 0.0
        pool = getattr(worker, "_pool", None)
        for proc in (getattr(pool, "_processes", None) or {}).values():
            rss = max(rss, _proc_hwm_mb(proc.pid))
        return {"game": self.tg.config["game"], "players": st.players, "seed": self.tg.config["seed"],
                "scores": st.scores(), "winners": st.winners(), "speed": self.speed,
                "size": list(self.app.screen.get_size()),
                "bot_worker": "process" if self.bots.in_process else "thread",
                **self.extra_figures(), **self.figs.figures(self.app), "bot_worker_rss_mb": round(rss, 1)}

    def finish_demo(self) -> bool:
        """The game is over: print the figures (once); True when the app quits now."""
        if not self.printed:
            self.printed = True
            print(json.dumps(self.figures()), flush=True)
            self.figs.stop(self.app)
        if self.exit_at_end:
            self.app.quit()
            return True
        return False
