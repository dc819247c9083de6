"""How long a Linyo hint takes to reach the screen: `python -m game.linyo_table.hint_bench`.

Drives the real table scene headless (SDL's dummy drivers, a throw-away LINEBOX_HOME) with the
real bot worker (a process, as the app runs it), at the real frame pace (60 per second): solo
games of seeded sheets, and at each of the person's decisions, once the table is at rest, a
click on Hint; the time runs from the click to the end of the first frame that shows the hint.
The hinted action is then played and the next decision waits for its own click. The first hint
of the run starts the worker process: it is reported apart ("cold"), the figures are the rest.

    python -m game.linyo_table.hint_bench [--positions 30] [--seed 1] [--think 0.0]

`--think` waits that many seconds at each decision before clicking (a player looks first). It
also counts why each hint's search ended ("budget": done before the click, "settled" or
"deadline": the click hurried it, "known": answered before).
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from typing import Any


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench(positions: int, seed: int, think: float) -> dict[str, Any]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    home = tempfile.mkdtemp(prefix="linebox-linyo-hint-bench-")
    os.environ["LINEBOX_HOME"] = home
    import pygame

    from engine import linyo
    from game.shell import tables
    from game.shell.app import App
    from game.scenes.menu import MenuScene

    from .scene import TableScene

    app = App(size=(1280, 720))
    app.settings.anim_speed = "reduced"
    app.reset(MenuScene(app))
    app.run(frames=2)
    human = {"name": "Bench", "kind": "human", "level": None, "difficulty": 2}
    times: list[float] = []
    stopped: dict[str, int] = {}      # why each hint's search ended (`engine.bots.base.Watch`)
    cold: float | None = None
    game_seed = seed
    scene: TableScene | None = None
    while len(times) < positions:
        if scene is None or scene.state.is_over:
            if not tables.open_table(app, {"game": "linyo", "seats": [human], "first_seat": 0,
                                           "seed": game_seed, "sheet": "AB"[game_seed % 2]}):
                raise SystemExit("the table would not open")
            game_seed += 1
            app.run(frames=2)
            top = app.top
            assert isinstance(top, TableScene)
            scene = top
        deadline = time.perf_counter() + 30
        while not (scene.human_turn() and not scene.animating()) and not scene.state.is_over:
            app.step()
            if time.perf_counter() > deadline:
                raise SystemExit("the table never came to rest")
        if scene.state.is_over:
            continue
        rest_until = time.perf_counter() + think
        while time.perf_counter() < rest_until:
            app.step()
        pos = scene.b_hint.rect.center
        clicked = time.perf_counter()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        deadline = clicked + 60
        while scene.hint is None:
            app.step()                         # the frame draws the hint once it is there
            if time.perf_counter() > deadline:
                raise SystemExit(f"no hint within a minute (round {scene.state.round}, {scene.state.phase})")
        spent = time.perf_counter() - clicked
        if cold is None:
            cold = spent
        else:
            times.append(spent)
            why = str((scene.hint.get("search") or {}).get("stopped", "?"))
            stopped[why] = stopped.get(why, 0) + 1
        scene._decide(linyo.parse_action(scene.hint["action"]))
    pygame.quit()
    shutil.rmtree(home, ignore_errors=True)
    return {"n": len(times), "p50": _quantile(times, 0.5), "p95": _quantile(times, 0.95), "max": max(times),
            "cold": cold or 0.0, "stopped": stopped}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think", type=float, default=0.0)
    args = ap.parse_args(argv)
    import logging
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)     # a failed hint is said, not hidden
    got = bench(max(1, args.positions), args.seed, max(0.0, args.think))
    print(f"Linyo hint, click to screen, {got['n']} positions: p50 {got['p50'] * 1000:.0f} ms, "
          f"p95 {got['p95'] * 1000:.0f} ms, max {got['max'] * 1000:.0f} ms "
          f"(first hint, worker starting: {got['cold'] * 1000:.0f} ms); searches ended: "
          + ", ".join(f"{why} {n}" for why, n in sorted(got["stopped"].items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
