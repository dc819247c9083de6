"""Figures of the bots for `python -m engine bench`: hint latency and the post-game review.

* hints: `BotWorker.hint` for the hard bot with no time limit, from the ask to
  the answer (wall time, the worker process as the table uses it), over many
  positions of seeded games: p50, p95 and max; then the worker's own CPU
  time for the same hints (what a quiet machine would show: on a loaded one
  the wall time waits for a core).
* review: one seat's decisions in a whole 6-seat game (seeded, played by
  normal bots, seat 0 an easy one) reviewed by `engine.bots.review`: wall and
  CPU seconds, in this process.
"""
from __future__ import annotations

import time
from typing import Any

from engine.games import game as game_info

from . import make_bot
from .review import review
from .worker import BotWorker, rank


def _game(name: str, players: int, seed: int, seat0: str = "normal") -> Any:
    info = game_info(name)
    s = info.new_game(players=players, seed=seed, **info.new_game_kwargs(players, info.defaults()))
    bots = [make_bot(name, seat0 if q == 0 else "normal", seed=seed * 10 + q) for q in range(players)]
    trail = []
    while not s.is_over:
        q = s.current_seat
        view = s.view(q)
        if q == 0 and len(s.legal_actions()) > 1:
            trail.append(view)
        s.apply(bots[q].choose(view))
    return s, trail


def hint_positions(name: str, count: int) -> list[dict]:
    """`count` views of seat 0 with a choice, spread over seeded 2- to 4-seat games."""
    views: list[dict] = []
    seed = 1
    while len(views) < count:
        _, trail = _game(name, 2 + seed % 3, seed)
        step = max(1, len(trail) // 8)
        views.extend(trail[::step])
        seed += 1
    return views[:count]


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def timed_rank(game: str, view: dict) -> float:
    """CPU seconds the worker spends on one hard hint (`worker.rank`, as `BotWorker.hint` runs it)."""
    start = time.process_time()
    rank(game, "hard", 0, view, 3, None, None)
    return time.process_time() - start


def hint_latency(name: str, count: int = 40) -> dict[str, float]:
    """Seconds from asking the worker for a hard hint to its answer (wall: p50, p95, max),
    and the worker's CPU seconds for each of those hints (what a quiet machine shows)."""
    views = hint_positions(name, count)
    worker = BotWorker()
    try:
        worker.hint(name, seed=0, view=views[-1], k=3).result(timeout=120)  # the process is up
        spent, cpu = [], []
        for view in views:
            start = time.perf_counter()
            future = worker._submit(timed_rank, name, view)  # BotWorker.hint's work, timed inside
            while not future.done():  # as the frame loop does: poll, never wait
                time.sleep(0.001)
            cpu.append(future.result())
            spent.append(time.perf_counter() - start)
    finally:
        worker.close()
    return {"p50": _quantile(spent, 0.5), "p95": _quantile(spent, 0.95), "max": max(spent), "n": len(spent),
            "cpu_p50": _quantile(cpu, 0.5), "cpu_p95": _quantile(cpu, 0.95), "cpu_max": max(cpu)}


def review_time(name: str, seed: int = 5) -> dict[str, float]:
    """A whole 6-seat game's review of seat 0: wall and CPU seconds, decisions, findings."""
    s, _ = _game(name, 6, seed, seat0="easy")
    record = s.to_json()
    wall, cpu = time.perf_counter(), time.process_time()
    r = review(record, 0)
    return {"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
            "decisions": r.decisions, "costly": r.costly, "actions": len(record["actions"])}


def bench(name: str) -> None:
    """Print the bots' figures of game `name`."""
    h = hint_latency(name)
    print(f"  {name} hint (hard, worker, no time limit, {h['n']:.0f} positions): "
          f"wall p50 {h['p50'] * 1000:.0f} ms, p95 {h['p95'] * 1000:.0f} ms, max {h['max'] * 1000:.0f} ms; "
          f"worker CPU p50 {h['cpu_p50'] * 1000:.0f} ms, p95 {h['cpu_p95'] * 1000:.0f} ms, "
          f"max {h['cpu_max'] * 1000:.0f} ms")
    r = review_time(name)
    print(f"  {name} review of one seat in a 6-seat game ({r['actions']:.0f} actions, "
          f"{r['decisions']:.0f} decisions, {r['costly']:.0f} costly): "
          f"{r['wall']:.1f} s wall, {r['cpu']:.1f} s CPU")
