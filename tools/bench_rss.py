"""A command's memory over its run: its resident size sampled every few seconds, printed as a curve.

    python tools/bench_rss.py -- python -m game.monkey --events 40000 --seed 41 --lang de
    python tools/bench_rss.py --every 10 --cwd /tmp/old -- python -m game.monkey --events 20000

Reads VmRSS (and VmHWM, the peak) of the command's process from /proc every `--every` seconds,
prints each sample as it comes (seconds, MB, a bar), then the peak, the last sample and the
command's exit code. The command's own output goes to `--out` (default: thrown away), so the
curve is all that is printed. Linux only (/proc).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

MB = 1024 * 1024


def status_kb(pid: int, field: str) -> int | None:
    """A `/proc/PID/status` field in kB (None once the process is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return None


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python tools/bench_rss.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--every", type=float, default=5.0, help="seconds between samples")
    p.add_argument("--cwd", default=None, help="folder to run the command in")
    p.add_argument("--out", default=None, help="file for the command's own output")
    p.add_argument("command", nargs=argparse.REMAINDER, help="the command, after --")
    args = p.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        p.error("no command to run (give it after --)")
    out = open(args.out, "w") if args.out else subprocess.DEVNULL
    t0 = time.monotonic()
    proc = subprocess.Popen(command, cwd=args.cwd, stdout=out, stderr=subprocess.STDOUT)
    peak = last = 0
    print(f"{'s':>6} {'MB':>6}")
    while proc.poll() is None:
        rss = status_kb(proc.pid, "VmRSS")
        hwm = status_kb(proc.pid, "VmHWM")
        if rss is not None:
            last, peak = rss, max(peak, hwm or rss)
            print(f"{time.monotonic() - t0:6.0f} {rss / 1024:6.0f} {'#' * int(rss / 1024 / 10)}", flush=True)
        try:
            proc.wait(timeout=args.every)
        except subprocess.TimeoutExpired:
            pass
    print(f"peak {peak / 1024:.0f} MB, last sample {last / 1024:.0f} MB, "
          f"{time.monotonic() - t0:.0f} s, exit code {proc.returncode}")
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
