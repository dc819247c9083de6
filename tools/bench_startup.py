"""Start-up, side by side: Linebox's first menu frame against a bare pygame-ce window.

    python tools/bench_startup.py                  # 9 rounds under a private Xvfb
    python tools/bench_startup.py --pairs 15 --display :99   # on a display already running
    python tools/bench_startup.py --before /tmp/old          # also an older checkout, in the same rotation

Each is timed as a whole process, from launch to exit: `python -m game --frames 1`
(open the window, draw the menu once, quit) and `python tools/bare_window.py`
(open a window, flip once, quit). They take turns, and which goes first rotates
every round, so a machine that slows down or speeds up meanwhile weighs on all
alike. Prints each round, the medians, the ratio (the goal: at most 1.2) and
each one's CPU time and peak memory.

The bare window is made as the app makes its window (X11's native framebuffer,
which also opens faster). The same window with pygame-ce's defaults ("plain":
SDL's renderer-backed framebuffer, the floor issue 23 was measured against) is
timed in the same rotation, and its ratio printed too. `--before DIR` times an
older checkout's app as well (with `--frames 0`: before issue 23 the flag
counted the frames after the first).

Settings go to a throwaway LINEBOX_HOME; one untimed run of each first writes
the bytecode (an installed app has it: PYTHONDONTWRITEBYTECODE is dropped) and
the settings file. `python -X importtime -m game --frames 1` says where the
app's part goes.
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


def run(cmd: list[str], env: dict[str, str], cwd: Path = ROOT) -> tuple[float, float, float]:
    """(seconds from launch to exit, CPU seconds, peak resident MiB) of one process; it must exit 0."""
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
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024      # Linux reports KiB


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
    """Print the rounds and the figures; returns the medians (app, bare) in seconds."""
    with tempfile.TemporaryDirectory() as home:
        # PYTHONDONTWRITEBYTECODE would compile every module at every start: an installed app has
        # its bytecode, so the untimed first runs below write it
        env = {k: v for k, v in os.environ.items()
               if not k.startswith("SDL_") and k != "PYTHONDONTWRITEBYTECODE"}
        env.update(DISPLAY=display, LINEBOX_HOME=home, PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1",
                   SDL_AUDIODRIVER="dummy")
        runs: dict[str, tuple[list[str], dict[str, str], Path]] = {
            "menu": (APP, env, ROOT), "bare": (BARE, env, ROOT), "plain": (BARE + ["--plain"], env, ROOT)}
        if before is not None:
            runs["before"] = ([sys.executable, "-m", "game", "--frames", "0"], {**env, "PYTHONPATH": str(before)},
                              before)
        for spec in runs.values():      # untimed: bytecode compiled, settings written
            run(*spec)
        times: dict[str, list[float]] = {name: [] for name in runs}
        cpus: dict[str, list[float]] = {name: [] for name in runs}
        peaks: dict[str, list[float]] = {name: [] for name in runs}
        names = list(runs)
        for i in range(pairs):
            for name in names[i % len(names):] + names[:i % len(names)]:   # each goes first in turn
                seconds, cpu, mib = run(*runs[name])
                times[name].append(seconds)
                cpus[name].append(cpu)
                peaks[name].append(mib)
            print(f"round {i + 1:2}: " + "   ".join(f"{name} {times[name][-1]:.3f} s" for name in names))
    med = {name: statistics.median(times[name]) for name in names}
    app, bare = med["menu"], med["bare"]
    print(f"first menu frame {app:.3f} s, bare window {bare:.3f} s (medians of {pairs} rounds, "
          f"alternated, display {display}): ratio {app / bare:.2f}")
    print(f"plain pygame-ce window (SDL's default framebuffer) {med['plain']:.3f} s: "
          f"menu / plain {app / med['plain']:.2f}")
    if before is not None:
        print(f"before ({before}): {med['before']:.3f} s, before / bare {med['before'] / bare:.2f}, "
              f"before / plain {med['before'] / med['plain']:.2f}")
    cpu = {name: statistics.median(cpus[name]) for name in names}
    # CPU time (user + system) moves less than wall time on a busy machine: a second view
    print("CPU time: " + ", ".join(f"{name} {cpu[name]:.3f} s" for name in names)
          + f" (menu / bare {cpu['menu'] / cpu['bare']:.2f}, menu / plain {cpu['menu'] / cpu['plain']:.2f})")
    print("peak memory: " + ", ".join(f"{name} {statistics.median(peaks[name]):.0f} MiB" for name in names))
    return app, bare


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--pairs", type=int, default=9, help="rounds, each process once per round (at least 7)")
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
