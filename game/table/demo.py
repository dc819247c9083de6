"""`linebox --demo GAME`: bots only, through the real table, with frame figures.

The game and its bots are built by `engine.bots.arena.seat_game` (game 0 of an
arena run with the same seed, every seat a normal bot) and each bot is asked
through the worker with the seed the arena gives it, so

    linebox --demo lineit --players 4 --seed 7 --speed 20 --exit-at-end
    python -m engine arena lineit --players 4 --bots normal --games 1 --seed 7 --list --jobs 1

end with the same scores (the same for linyo, sheet A, difficulty 2). Before
the game the demo times bare fill + flip frames; when the game is over it
prints one JSON line with the scores and the frame figures
(`game/table/demo_figures.py`), then quits with `--exit-at-end`.

The demo is no kind of table: it is the game's ordinary table, every seat a
bot (`drivers.local`), opened with `TableOptions(figures=True)`; the table
then keeps a `DemoMeter`. Each game says how its demo game is set up (its
`demo_game` hook: names, options).
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any


from engine.bots.arena import seat_game

from .demo_figures import FrameFigures

if TYPE_CHECKING:
    from game.shell.app import App


def demo_game(game: str, players: int, seed: int | None, options: dict, names: tuple[str, ...],
              **seat_extra: Any) -> tuple[Any, dict]:
    """The arena's game 0 for `seed` and the setup config that seats its normal bots."""
    seed = 1 if seed is None else int(seed)
    state, seated, bots = seat_game(game, ["normal"] * players, 0, seed, options)
    config = {"game": game, "seed": seed, "first_seat": None,
              "seats": [{"name": names[p % len(names)], "kind": "bot", "level": seated[p], **seat_extra}
                        for p in range(players)],
              # every arena bot keeps its seed (the engine's Bot protocol does not name it)
              "bot_seeds": [int(b.seed) for b in bots]}  # type: ignore[attr-defined]
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


class DemoMeter:
    """The frame figures of a table opened with the `figures` option (`linebox --demo`): the
    table times its update and draw through it, and it prints the figures once at the end."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.app: "App" = table.app
        self.figs = FrameFigures()
        self.printed = False
        table.settle()              # work the table started in the background would share the bare frames' CPU
        self.figs.start(self.app)

    def update_begin(self) -> None:
        self.figs.update_begin()

    def update_end(self) -> None:
        self.figs.update_end()

    def draw_begin(self) -> None:
        self.figs.draw_begin()

    def draw_end(self) -> None:
        self.figs.draw_end()

    def figures(self) -> dict:
        t = self.table
        st = t.tg.state
        worker = t.bots.worker
        rss = 0.0
        pool = getattr(worker, "_pool", None)
        for proc in (getattr(pool, "_processes", None) or {}).values():
            rss = max(rss, _proc_hwm_mb(proc.pid))
        return {"game": t.tg.config["game"], "players": st.players, "seed": t.tg.config["seed"],
                "scores": st.scores(), "winners": st.winners(), "speed": t.options.speed,
                "size": list(self.app.screen.get_size()),
                "bot_worker": "process" if t.bots.in_process else "thread",
                **t.extra_figures(), **self.figs.figures(self.app), "bot_worker_rss_mb": round(rss, 1)}

    def finish(self) -> bool:
        """The game is over: print the figures (once); True when the app quits now."""
        if not self.printed:
            self.printed = True
            print(json.dumps(self.figures()), flush=True)
            self.figs.stop(self.app)
        if self.table.options.exit_at_end:
            self.app.quit()
            return True
        return False
