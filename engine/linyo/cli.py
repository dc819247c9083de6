"""Linyo figures for `python -m engine bench` and `python -m engine simulate linyo`."""
from __future__ import annotations

import argparse
import time
from typing import Optional

from engine.core import Rng

from .greedy import greedy_policy, spread_start
from .playout import Policy, StartPolicy, playout
from .state import new_game


def _random_public_games(seconds: float) -> tuple[int, float, list[int]]:
    """Random solo games through legal_actions()/apply(); returns games, time, moves per decision."""
    rng = Rng(1)
    counts: list[int] = []
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = new_game(players=1, seed=games, sheet="A")
        while not s.is_over:
            legal = s.legal_actions()
            if s.phase == "move":
                counts.append(len(legal))
            s.apply(legal[rng.below(len(legal))])
        games += 1
    return games, time.perf_counter() - start, counts


def _fast_games(seconds: float, policy: Optional[Policy] = None,
                start_policy: Optional[StartPolicy] = None) -> tuple[int, float]:
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        playout(new_game(players=1, seed=games, sheet="A"), Rng(games), policy, start_policy)
        games += 1
    return games, time.perf_counter() - start


def bench(args: argparse.Namespace) -> None:
    """Print solo games per second (public contract and fast path) and legal moves per decision."""
    seconds = float(getattr(args, "seconds", 3.0))
    games, spent, counts = _random_public_games(seconds)
    print(f"linyo: {games / spent:8.1f} random solo games/s, contract path: legal_actions()/apply() (side A)")
    if getattr(args, "contract", False):
        return
    print(f"linyo: legal actions per move decision: mean {sum(counts) / len(counts):.1f}, max {max(counts)}")
    games, spent = _fast_games(seconds)
    print(f"linyo: {games / spent:8.1f} solo playouts/s via playout() (longest-move policy)")
    games, spent = _fast_games(seconds, greedy_policy, spread_start)
    print(f"linyo: {games / spent:8.1f} solo playouts/s via playout() (greedy one-step policy)")


def simulate(args: argparse.Namespace) -> int:
    """Play `args.games` games of `args.players` seats on A, B and random; print a summary per side."""
    players = int(args.players)
    n = int(args.games)
    base = int(args.seed)
    if not 1 <= players <= 6 or n < 1:
        print("linyo simulate: players 1-6 and at least one game")
        return 2
    print(f"linyo: {n} games x {players} player(s), difficulty 2, seeds {base}..{base + n - 1}")
    runs: tuple[tuple[str, Optional[Policy], Optional[StartPolicy]], ...] = (
        ("greedy", greedy_policy, spread_start),
        ("longest-move", None, None),
    )
    for label, policy, start_policy in runs:
        for sheet in ("A", "B", "random"):
            free: list[int] = []
            rounds: list[int] = []
            perfect = 0
            start = time.perf_counter()
            for g in range(n):
                s = new_game(players=players, seed=base + g, sheet=sheet)
                scores = playout(s, Rng(base + g), policy, start_policy)
                free.extend(scores)
                rounds.append(s.round)
                perfect += scores.count(0)
            spent = time.perf_counter() - start
            free.sort()
            print(
                f"  {label:12} side {sheet:6}: free fields mean {sum(free) / len(free):5.2f}"
                f"  min {free[0]:2d}  median {free[len(free) // 2]:2d}  max {free[-1]:2d}"
                f"  perfect {perfect}  rounds mean {sum(rounds) / len(rounds):4.1f}"
                f"  ({n / spent:.0f} games/s)"
            )
    return 0
