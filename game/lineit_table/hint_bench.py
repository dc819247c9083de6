"""How long a Line-it hint takes, from the click on Hint to the hint on screen.

    python -m game.lineit_table.hint_bench [--positions 30] [--players 4] [--seed 3] [--look 0]

Drives the real table headless (the App, the scene loop, the bot worker in its
process): a person at seat 0 against hard bots. At each of the person's
decisions (a turn's start and after its take) it waits `--look` seconds (a
player looks at the table before asking), clicks Hint, steps frames until the
status line shows the hint, and notes the wall time; then it plays the hinted
move and goes on. It prints one JSON line: p50, p95, max in milliseconds (the
first hint, which may meet the worker still starting, is also given apart), and
why the hints' searches ended ("budget": done before the click, "settled" or
"deadline": the click hurried it, "known": answered before, "plan": the next step
of the plan a hint showed, no search); "searched" gives n, p50 and p95 of the
hints whose search ran (not "plan" or "known"): since a followed plan answers its
later steps at once, these are mostly the turns' first hints.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time


def _percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def run(positions: int, players: int, seed: int, look: float) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("LINEBOX_HOME", tempfile.mkdtemp(prefix="linebox-hint-bench-"))
    import pygame

    from engine import lineit
    from game.shell import tables
    from game.shell.app import App

    from .draw import status_text
    from .scene import TableScene

    app = App(size=(1280, 720))
    app.change_settings(anim_speed="fast", bot_pace="instant", confirm_close_line=False, first_game_tips=False)
    app.to_menu()
    app.run(frames=2, dt=1 / 60)
    names = ["Ada", "Ben", "Cleo", "Dan", "Eve", "Finn"]
    cfg = {"game": "lineit", "seed": seed, "first_seat": 0, "final_plays": 1,
           "seats": [{"name": names[p], "kind": "human" if p == 0 else "bot", "level": None if p == 0 else "hard"}
                     for p in range(players)]}
    tables.open_table(app, cfg)
    sc = next(s for s in app.stack if isinstance(s, TableScene))
    times: list[float] = []
    whys: list[str] = []              # why each hint's search ended (`engine.bots.base.Watch`)
    deadline = time.perf_counter() + 600

    def step() -> None:
        # frames paced by the app's own clock (60 per second), as the player's window runs and as the
        # Linyo bench steps: a loop of unpaced frames kept the interpreter from the thread that
        # carries the worker's answers back (quiet machine: p95 5.6-6.4 s for searches of 0.4 s)
        app.step()
        if time.perf_counter() > deadline:
            raise SystemExit("the bench took over 10 minutes")

    while len(times) < positions:
        while not (sc.my_turn() and not sc.board.animating and sc.bots.ready) and not sc.ctrl.state.is_over:
            step()
        if sc.ctrl.state.is_over:
            break
        until = time.perf_counter() + look
        while time.perf_counter() < until:
            step()
            time.sleep(1 / 120)
        if sc.ctrl.legal_texts() <= {"end", "pass"}:
            sc.do("end" if "end" in sc.ctrl.legal_texts() else "pass")
            continue
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t", scancode=0))
        t0 = time.perf_counter()
        while sc.hint is None or not status_text(sc)[0].startswith(_hint_word()):
            step()
        times.append(time.perf_counter() - t0)
        whys.append(str((sc.hint.get("search") or {}).get("stopped", "?")))
        action = lineit.parse_action(sc.hint["action"])
        sc.try_action(action)
    app.quit()
    ms = [t * 1000 for t in times]
    searched = [t for t, why in zip(ms, whys) if why not in ("plan", "known")] or [0.0]
    return {"positions": len(ms), "players": players, "look_s": look,
            "p50_ms": round(statistics.median(ms), 1), "p95_ms": round(_percentile(ms, 0.95), 1),
            "max_ms": round(max(ms), 1), "first_ms": round(ms[0], 1),
            "stopped": {why: whys.count(why) for why in sorted(set(whys))},
            "searched": {"n": len(searched), "p50_ms": round(statistics.median(searched), 1),
                         "p95_ms": round(_percentile(searched, 0.95), 1)}}


def _hint_word() -> str:
    from game.shell.i18n import _
    return _("Hint: {action} — {reason}").split("{")[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--look", type=float, default=0.0, help="seconds the player looks before clicking Hint")
    a = ap.parse_args()
    print(json.dumps(run(a.positions, a.players, a.seed, a.look)))


if __name__ == "__main__":
    main()
