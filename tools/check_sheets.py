"""Check that Linyo's sheets keep the design limits and play to a near-complete sheet.

    .venv/bin/python tools/check_sheets.py [--games 200] [--difficulty 2] [--random-seeds 500]

For side A, side B and seeded random sheets it prints the design problems
(none expected) and what the greedy one-step solo player
(`engine.linyo.greedy`) reaches: mean / min / median / max free fields.
Exits 1 when a side breaks its limits or its mean stays above --max-mean.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import Rng  # noqa: E402
from engine.linyo import SHEETS, design_problems, new_game, playout, random_sheet  # noqa: E402
from engine.linyo.greedy import greedy_policy, spread_start  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--difficulty", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--random-seeds", type=int, default=500, help="random sheets checked for limits")
    parser.add_argument("--max-mean", type=float, default=20.0, help="highest acceptable mean of free fields")
    args = parser.parse_args(argv)

    ok = True
    for name, sheet in SHEETS.items():
        problems = design_problems(sheet)
        print(f"side {name}: colours b/o/g {sheet.counts()}, {len(sheet.stars)} stars, problems: {problems or 'none'}")
        print(sheet.drawing())
        ok &= not problems
    bad = [s for s in range(args.random_seeds) if design_problems(random_sheet(s))]
    print(f"random sheets: {args.random_seeds} seeds, {len(bad)} break the limits {bad[:10]}")
    ok &= not bad

    for sheet in ("A", "B", "random"):
        free = []
        for g in range(args.games):
            s = new_game(players=1, seed=g, sheet=sheet, difficulties=[args.difficulty])
            free.append(playout(s, Rng(g), greedy_policy, spread_start)[0])
        free.sort()
        mean = sum(free) / len(free)
        print(
            f"side {sheet:6} difficulty {args.difficulty}, {args.games} greedy solo games: free fields "
            f"mean {mean:.2f} min {free[0]} median {free[len(free) // 2]} max {free[-1]}"
        )
        ok &= mean <= args.max_mean
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
