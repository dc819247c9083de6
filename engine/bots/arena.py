"""Bots against bots: `python -m engine arena GAME ...`.

    python -m engine arena lineit --players 2 --bots hard,normal --games 400 --seed 1
    python -m engine arena lineit --players 4 --bots hard,normal*3 --games 200
    python -m engine arena linyo --players 1 --bots hard --games 200 --sheet A --difficulty 2
    python -m engine arena lineit --players 2 --bots hard,ismcts@700 --games 100

A bot label is a level, optionally with its own budget after `@` (else
`--budget`, else the level's default).

Seats are rotated game by game so no bot keeps the first seat. Game i uses
the seed `seed * 1_000_003 + i` and bot seeds derived from it, so the same
command prints the same results (decision times aside) with any `--jobs`.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any, Mapping

from engine.core import GameState
from engine.games import game as game_info
from engine.games import games

from . import make_bot
from .base import Bot


@dataclass
class GameResult:
    labels: list[str]                 # bot label per seat
    scores: list[int]
    winners: list[int]
    times: dict[str, list[float]] = field(default_factory=dict)  # label -> seconds


def parse_bots(text: str, players: int) -> list[str]:
    """`hard,normal*3` → ['hard', 'normal', 'normal', 'normal']."""
    labels: list[str] = []
    for part in text.split(","):
        name, _, count = part.strip().partition("*")
        labels.extend([name] * (int(count) if count else 1))
    if len(labels) == 1:
        labels *= players
    if len(labels) != players:
        raise SystemExit(f"--bots names {len(labels)} bots for {players} seats")
    return labels


def new_game(game: str, players: int, seed: int, options: Mapping[str, Any]) -> GameState[Any]:
    """A seeded game with the registry's options taken from `options` (defaults for the rest)."""
    info = game_info(game)
    state: GameState[Any] = info.new_game(players=players, seed=seed, **info.new_game_kwargs(players, options))
    return state


def seat_game(game: str, labels: list[str], index: int, seed: int,
              options: Mapping[str, Any]) -> tuple[GameState[Any], list[str], list[Bot]]:
    """Game `index` of an arena run: (state, bot label per seat, bots).

    The table's demo mode builds its game here too, so `linebox --demo GAME
    --seed S` and `arena GAME --seed S --games 1 --list` play the same game.
    """
    players = len(labels)
    shift = index % players
    seated = labels[shift:] + labels[:shift]
    game_seed = seed * 1_000_003 + index
    bots = [_make(game, label, game_seed * 7 + seat, options.get("budget")) for seat, label in enumerate(seated)]
    return new_game(game, players, game_seed, options), seated, bots


def _make(game: str, label: str, seed: int, budget: int | None) -> Bot:
    """The bot of an arena label: `level` or `level@budget`."""
    level, _, own = label.partition("@")
    if own:
        try:
            budget = int(own)
        except ValueError:
            raise SystemExit(f"bot label {label!r}: the budget after @ must be a whole number") from None
    return make_bot(game, level, seed=seed, budget=budget)


def play_one(task: tuple) -> GameResult:
    game, labels, index, seed, options = task
    state, seated, bots = seat_game(game, labels, index, seed, options)
    times: dict[str, list[float]] = {}
    while not state.is_over:
        seat = state.current_seat
        assert seat is not None, "a seeded game never waits for chance"
        view = state.view(seat)
        start = time.perf_counter()
        action = bots[seat].choose(view)
        times.setdefault(seated[seat], []).append(time.perf_counter() - start)
        state.apply(action)
    return GameResult(seated, state.scores(), state.winners(), times)


def _ranks(scores: list[int], higher: bool) -> list[float]:
    sign = 1 if higher else -1
    return [1 + sum(1 for other in scores if sign * other > sign * mine) for mine in scores]


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _solo_summary(results: list[GameResult]) -> str:
    scores = [r.scores[0] for r in results]
    times = [t for r in results for ts in r.times.values() for t in ts]
    return "\n".join([
        f"{'bot':<8}{'games':>7}{'mean':>8}{'median':>8}{'min':>6}{'max':>6}{'perfect':>9}"
        f"{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}",
        f"{results[0].labels[0]:<8}{len(scores):>7}{statistics.mean(scores):>8.2f}"
        f"{statistics.median(scores):>8.1f}{min(scores):>6}{max(scores):>6}"
        f"{sum(1 for s in scores if s == 0):>9}"
        f"{_pct(times, .5) * 1e3:>9.1f}{_pct(times, .95) * 1e3:>9.1f}{max(times) * 1e3:>9.1f}",
    ])


def summarise(game: str, results: list[GameResult]) -> str:
    if len(results[0].labels) == 1:
        return _solo_summary(results)
    higher = not game_info(game).lower_is_better
    first = results[0].labels
    labels = sorted({label for r in results for label in r.labels},
                    key=lambda name: first.index(name) if name in first else 99)
    rows = []
    w = max(8, 1 + max(len(label) for label in labels))   # 'ismcts@1000' is wider than a level
    rows.append(f"{'bot':<{w}}{'seats':>6}{'win share':>11}{'mean score':>12}{'mean rank':>11}"
                f"{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}")
    for label in labels:
        wins = 0.0
        scores: list[int] = []
        ranks: list[float] = []
        times: list[float] = []
        for r in results:
            rank = _ranks(r.scores, higher)
            for seat, seated in enumerate(r.labels):
                if seated != label:
                    continue
                if seat in r.winners:
                    wins += 1 / len(r.winners)
                scores.append(r.scores[seat])
                ranks.append(rank[seat])
            times.extend(r.times.get(label, []))
        per_game_seats = len(scores) / len(results)
        rows.append(
            f"{label:<{w}}{per_game_seats:>6.0f}{wins / len(results):>11.3f}"
            f"{statistics.mean(scores):>12.2f}{statistics.mean(ranks):>11.2f}"
            f"{_pct(times, .5) * 1e3:>9.1f}{_pct(times, .95) * 1e3:>9.1f}"
            f"{(max(times) if times else 0) * 1e3:>9.1f}")
    return "\n".join(rows)


def _progress(done: int, total: int, started: float) -> None:
    width = 30
    filled = width * done // total
    elapsed = time.perf_counter() - started
    eta = elapsed / done * (total - done) if done else 0
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"
                     f"  {elapsed:5.0f}s elapsed, ~{eta:4.0f}s left ")
    sys.stderr.flush()


def run(game: str, labels: list[str], count: int, seed: int, options: Mapping[str, Any],
        jobs: int = 1, progress: bool = False) -> list[GameResult]:
    """`count` games of `game` (see the module docstring for seats and seeds)."""
    tasks = [(game, labels, i, seed, options) for i in range(count)]
    results: list[GameResult] = []
    started = time.perf_counter()
    if jobs <= 1:
        for task in tasks:
            results.append(play_one(task))
            if progress:
                _progress(len(results), count, started)
    else:
        with get_context("spawn" if sys.platform == "win32" else "fork").Pool(jobs) as pool:
            for result in pool.imap(play_one, tasks, chunksize=max(1, count // (jobs * 20))):
                results.append(result)
                if progress:
                    _progress(len(results), count, started)
    if progress:
        sys.stderr.write("\n")
    return results


def _option_flags(parser: argparse.ArgumentParser) -> list[str]:
    """One flag per registered game option (`--final-plays`, `--sheet`, ...);
    unset flags take the option's default. The keys of the options, in order."""
    keys: list[str] = []
    for info in games():
        for o in info.options:
            if o.key in keys:
                continue
            keys.append(o.key)
            owners = [i.title for i in games() if o.key in {x.key for x in i.options}]
            parser.add_argument("--" + o.key.replace("_", "-"), dest=o.key, type=type(o.default),
                                choices=o.allowed, default=None,
                                help=f"{', '.join(owners)}: default {o.default}")
    return keys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine arena")
    parser.add_argument("game", choices=[info.name for info in games()])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="normal", help="e.g. hard,normal or hard,normal*3")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--budget", type=int, default=None, help="simulations per decision")
    keys = _option_flags(parser)
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--list", action="store_true", help="also print every game's scores")
    args = parser.parse_args(argv)
    info = game_info(args.game)
    if args.players not in info.seats:
        parser.error(f"{info.title} is for {info.seats.start} to {info.seats.stop - 1} players, not {args.players}")
    chosen = {key: getattr(args, key) for key in keys if getattr(args, key) is not None}
    ignored = sorted(set(chosen) - set(info.defaults()))
    if ignored:
        parser.error(f"{info.title} has no option {', '.join(ignored)}")
    values = {**info.defaults(), **chosen}
    labels = parse_bots(args.bots, args.players)
    options = {"budget": args.budget, **values}
    started = time.perf_counter()
    results = run(args.game, labels, args.games, args.seed, options, jobs=args.jobs,
                  progress=not args.quiet and args.games >= 20)
    extra = "".join(f", {key.replace('_', ' ')} {value}" for key, value in values.items())
    print(f"arena {args.game}: {args.players} players, {args.games} games, seed {args.seed}"
          f"{extra}, seats rotated, {time.perf_counter() - started:.1f}s on {args.jobs} jobs")
    print(summarise(args.game, results))
    if args.list:
        for i, r in enumerate(results):
            print(f"game {i}: bots {','.join(r.labels)} scores {r.scores} winners {r.winners}")
    return 0
