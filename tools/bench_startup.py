"""Start-up, side by side: Linebox's first menu frame against a bare pygame-ce window.

    python tools/bench_startup.py                  # 9 pairs under a private Xvfb
    python tools/bench_startup.py --pairs 15 --display :99   # on a display already running
    python tools/bench_startup.py --before /tmp/old          # also an older checkout, in the same rotation

Both are timed as whole processes, from launch to exit: `python -m game --frames 1`
(open the window, draw the menu once, quit) and `python tools/bare_window.py` (open
a window, flip once, quit). The two alternate, and which goes first swaps every
pair, so a machine that slows down or speeds up meanwhile weighs on both alike.
Prints each pair, the medians, their ratio (the goal: at most 1.2) and each one's
peak memory. Settings go to a throwaway LINEBOX_HOME; one untimed run of each
first compiles the bytecode and writes the settings file. `--before DIR` times
another checkout's app in the same rotation (with `--frames 0`: before issue 23
the flag counted the frames after the first).

`python -X importtime -m game --frames 1` says where the app's part goes.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = [sys.executable, "-m", "game", "--frames", "1"]
BARE = [sys.executable, str(ROOT / "tools" / "bare_window.py")]


def run(cmd: list[str], env: dict[str, str], cwd: Path = ROOT) -> tuple[float, float]:
    """(seconds from launch to exit, peak resident MiB) of one process; it must exit 0."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {proc.returncode}:\n{err}")
    return seconds, usage.ru_maxrss / 1024      # Linux reports KiB


def start_xvfb() -> tuple[subprocess.Popen, str]:
    """A private Xvfb on the first free display number from :91."""
    if shutil.which("Xvfb") is None:
        raise SystemExit("Xvfb is not installed (apt-get install -y xvfb), or pass --display")
    for n in range(91, 120):
        if Path(f"/tmp/.X11-unix/X{n}").exists() or Path(f"/tmp/.X{n}-lock").exists():
            continue
        proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and proc.poll() is None:
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                return proc, f":{n}"
            time.sleep(0.05)
        proc.kill()
        proc.wait()
    raise SystemExit("no Xvfb display could be started")


def bench(pairs: int, display: str, before: Path | None = None) -> tuple[float, float]:
    """Print the pairs and the figures; returns the medians (app, bare) in seconds."""
    with tempfile.TemporaryDirectory() as home:
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.update(DISPLAY=display, LINEBOX_HOME=home, PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1",
                   SDL_AUDIODRIVER="dummy")
        runs: dict[str, tuple[list[str], dict[str, str], Path]] = {"menu": (APP, env, ROOT), "bare": (BARE, env, ROOT)}
        if before is not None:
            runs["before"] = ([sys.executable, "-m", "game", "--frames", "0"], {**env, "PYTHONPATH": str(before)},
                              before)
        for spec in runs.values():      # untimed: bytecode compiled, settings written
            run(*spec)
        times: dict[str, list[float]] = {name: [] for name in runs}
        peaks: dict[str, list[float]] = {name: [] for name in runs}
        names = list(runs)
        for i in range(pairs):
            for name in names[i % len(names):] + names[:i % len(names)]:   # each goes first in turn
                seconds, mib = run(*runs[name])
                times[name].append(seconds)
                peaks[name].append(mib)
            print(f"pair {i + 1:2}: " + "   ".join(f"{name} {times[name][-1]:.3f} s" for name in names))
    med = {name: statistics.median(times[name]) for name in names}
    app, bare = med["menu"], med["bare"]
    print(f"first menu frame {app:.3f} s, bare window {bare:.3f} s (medians of {pairs} pairs, "
          f"alternated, display {display}): ratio {app / bare:.2f}")
    if before is not None:
        print(f"before ({before}): {med['before']:.3f} s, ratio {med['before'] / bare:.2f}")
    print("peak memory: " + ", ".join(f"{name} {statistics.median(peaks[name]):.0f} MiB" for name in names))
    return app, bare


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--pairs", type=int, default=9, help="alternated pairs (at least 7)")
    p.add_argument("--display", help="an X display already running (default: start a private Xvfb)")
    p.add_argument("--max-ratio", type=float, default=None, help="exit 1 when the ratio is above this")
    p.add_argument("--before", type=Path, help="also time the app of this (older) checkout")
    args = p.parse_args(argv)
    if args.pairs < 7:
        p.error("--pairs must be at least 7")
    xvfb = None
    display = args.display
    if display is None:
        xvfb, display = start_xvfb()
    try:
        app, bare = bench(args.pairs, display, args.before)
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait()
    return 1 if args.max_ratio is not None and app / bare > args.max_ratio else 0


if __name__ == "__main__":
    sys.exit(main())
