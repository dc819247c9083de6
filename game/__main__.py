"""`linebox` / `python -m game`: start the app.

    linebox                      # the menu
    linebox --smoke              # open the window, render every top-level scene, exit 0
    linebox --demo lineit --players 4 --seed 7 --speed 4 --exit-at-end
    linebox --size 800x600       # a window size for this run only
    linebox GAME.linebox         # a game file in the replay viewer (--smoke: a few frames, exit 0)
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="linebox", description="Line-it and Linyo against bots or friends.")
    p.add_argument("file", nargs="?", help="a .linebox game file to watch in the replay viewer")
    p.add_argument("--smoke", action="store_true", help="render every top-level scene a few frames and exit 0")
    p.add_argument("--demo", choices=("lineit", "linyo"), help="watch bots play a game")
    p.add_argument("--players", type=int, default=4, help="seats in the demo")
    p.add_argument("--seed", type=int, default=None, help="seed of the demo")
    p.add_argument("--speed", type=float, default=1.0, help="demo pace factor (2 = twice as fast)")
    p.add_argument("--exit-at-end", action="store_true", help="quit when the demo game is over")
    p.add_argument("--tutorial", choices=("lineit", "linyo"), help="open the game's tutorial (learn by playing)")
    p.add_argument("--size", help="window size WxH for this run, e.g. 800x600")
    # quit after this many frames, the first menu frame included (tools/bench_startup.py: 1)
    p.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)
    # proofs of a built app (game/dev/selftest.py), run by .ci/run and the release workflow
    p.add_argument("--selftest-imports", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--selftest-signin", nargs=3, metavar=("URL", "USER", "PASSWORD"), help=argparse.SUPPRESS)
    return p.parse_args(argv)


def smoke(app) -> int:
    """Every top-level scene, a few frames each, through the real loop."""
    screens: list[tuple[str, tuple]] = [("setup", ("lineit",)), ("setup", ("linyo",)), ("settings", ()),
                                        ("rules", ()), ("stats", ()), ("load", ())]
    app.run(frames=5, dt=1 / 60)
    for name, args in screens:
        scene = app.open(name, *args)
        app.run(frames=5, dt=1 / 60)
        print(f"smoke: {scene.name if scene else name} ok")
        app.to_menu()
    app.run(frames=3, dt=1 / 60)
    if app.errors:
        print(f"smoke: {app.errors} error(s), see {app.log_path}", file=sys.stderr)
        return 1
    print("smoke: menu ok")
    return 0


def open_file(app, path: str, smoke_only: bool, frames: int | None) -> int:
    """`linebox PATH.linebox`: the replay viewer over the menu; with --smoke it plays a few frames and exits.

    A file that is not a usable game: the reason on stderr (and in a message box in the window), exit 2
    with --smoke."""
    from .files import history
    from .replay import viewer_for_file
    try:
        viewer = viewer_for_file(app, Path(path))
    except history.BadGameFile as exc:
        print(f"linebox: {path}: not opened: {exc}", file=sys.stderr)
        if smoke_only:
            return 2
        from .shell.i18n import _
        app.message(_("This game file cannot be opened: {reason}").format(reason=str(exc)))
        app.run(frames=frames)
        return 0
    app.push(viewer)
    if smoke_only:
        app.run(frames=5, dt=1 / 60)
        viewer.toggle_play()
        app.run(frames=60, dt=1 / 20)
        viewer.jump(viewer.rp.n)
        viewer.step_back()
        app.run(frames=5, dt=1 / 60)
        print(f"smoke: replay of {path} ok ({viewer.rp.n} actions)")
        return 1 if app.errors else 0
    app.run(frames=frames)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of `linebox`; returns the process exit code."""
    t0 = time.perf_counter()
    if getattr(sys, "frozen", False):   # frozen app: a spawned bot worker runs its task and exits here
        import multiprocessing          # (only then: it would cost every start ~10 ms)
        multiprocessing.freeze_support()
    args = parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.selftest_imports or args.selftest_signin:
        from .dev import selftest
        return selftest.imports() if args.selftest_imports else selftest.signin(*args.selftest_signin)
    size = None
    if args.size:
        try:
            w, h = (int(v) for v in args.size.lower().split("x"))
            size = (w, h)
        except ValueError:
            print("linebox: --size needs WxH, e.g. 1280x720", file=sys.stderr)
            return 2
    # only what the menu's first frame needs: the rules, the tables and every other screen load
    # when first opened (tools/bench_startup.py times this against a bare window)
    import pygame

    from .shell.app import App

    app = App(size=size)
    app.to_menu()
    try:
        if args.file:
            return open_file(app, args.file, args.smoke, args.frames)
        if args.smoke:
            return smoke(app)
        if args.demo:
            from .shell import tables
            return tables.run_demo(app, args.demo, args.players, args.seed, args.speed, args.exit_at_end)
        if args.tutorial:
            app.start("tutorial", args.tutorial)
        app.step()
        if os.environ.get("LINEBOX_TIMING"):
            print(f"first menu frame after {time.perf_counter() - t0:.3f} s")
        app.run(frames=None if args.frames is None else max(0, args.frames - 1))
        return 0
    finally:
        app._store_window()
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main())
