"""Figures of the Line-it engine: `python -m engine bench` and `simulate`.

bench: complete random games per second (2 and 4 players) through
(a) the public contract (`legal_actions()` + `apply()`, uniform choice)
and (b) `playout()` (random and greedy), plus peak memory; with
``--contract`` only (a). Figures only: no pass/fail here.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from functools import partial
from statistics import mean
from typing import Callable

from engine.core import Rng
from engine.memory import max_rss_mb

from .playout import playout
from .state import LineitState, new_game


def _public_game(players: int, seed: int, chooser: random.Random) -> LineitState:
    s = new_game(players, seed=seed)
    choice = chooser.choice
    while not s.is_over:
        s.apply(choice(s.legal_actions()))
    return s


def _playout_from(starts: list[LineitState], rng: Rng, policy: str | None, i: int) -> list[int]:
    """Game `i` of a rate: a playout from one of the 64 prepared starts."""
    return playout(starts[i & 63], rng, policy)


def _clone(state: LineitState, i: int) -> LineitState:
    """Step `i` of a rate: one copy of the same state."""
    return state.clone()


def _rate(run: Callable[[int], object], seconds: float) -> float:
    """Runs of run(i) per CPU second of this process, over about `seconds`.

    CPU time (time.process_time) rather than wall time, so the figure is
    one core's throughput even when other programs load the machine.
    """
    start = time.process_time()
    games = 0
    while True:
        run(games)
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return games / elapsed


def bench(args: argparse.Namespace) -> None:
    """Print games/s of both paths for 2 and 4 players, and peak memory."""
    seconds = getattr(args, "seconds", 3.0)
    print(f"lineit (per CPU second of one core, {sys.implementation.name} {sys.version.split()[0]}, "
          f"{seconds:g} s per figure)")
    contract_only = getattr(args, "contract", False)
    for players in (2, 4):
        chooser = random.Random(players)
        rate = _rate(partial(_public_game, players, chooser=chooser), seconds)
        print(f"  {players} players  (a) contract path: legal_actions+apply, uniform random: {rate:8.0f} games/s")
        if contract_only:
            continue
        starts = [new_game(players, seed=i) for i in range(64)]
        rng = Rng(players)
        rate = _rate(partial(_playout_from, starts, rng, None), seconds)
        print(f"  {players} players  (b) playout(), random policy:                           {rate:8.0f} games/s")
        rate = _rate(partial(_playout_from, starts, rng, "greedy"), seconds)
        print(f"  {players} players  (b) playout(), greedy policy:                           {rate:8.0f} games/s")
        s = new_game(players, seed=1)
        rate = _rate(partial(_clone, s), min(seconds, 1.0)) if seconds > 0 else 0.0
        print(f"  {players} players  clone() of a fresh game:                                {rate:8.0f} /s")
    if contract_only:
        return
    tracemalloc.start()
    _public_game(4, 1, random.Random(1))
    playout(new_game(4, seed=1), Rng(1))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"  peak memory: {peak / 1024:.0f} KiB traced for one 4-player game (both paths); "
          f"process max RSS {max_rss_mb():.1f} MiB")


def simulate(args: argparse.Namespace) -> int:
    """Play args.games random games (public contract, uniform choice) and
    print a summary: scores, jackpots and bets per game, rounds, length."""
    players = args.players
    games = args.games
    chooser = random.Random(args.seed)
    seeds = Rng(args.seed)
    scores: list[int] = []
    jackpots: list[int] = []
    jackpot_cards: list[int] = []
    bets_won: list[int] = []
    bets_lost: list[int] = []
    rounds: list[int] = []
    lengths: list[int] = []
    ties = 0
    wins = [0] * players
    start = time.perf_counter()
    for _ in range(games):
        s = new_game(players, seed=seeds.next64())
        won_j = cards_j = won_b = lost_b = 0
        while not s.is_over:
            action = chooser.choice(s.legal_actions())
            stacks = [len(st) for st in s.stacks]
            bonus = s.bonus[:]
            penalty = s.penalty[:]
            s.apply(action)
            if action.kind in ("take_line", "play"):  # only a jackpot grows a stack here
                p = s.hseats[-1]
                gained = len(s.stacks[p]) - stacks[p]
                if gained:
                    won_j += 1
                    cards_j += gained
            won_b += sum(a > b for a, b in zip(s.bonus, bonus))
            lost_b += sum(a > b for a, b in zip(s.penalty, penalty))
        scores.extend(s.scores())
        jackpots.append(won_j)
        jackpot_cards.append(cards_j)
        bets_won.append(won_b)
        bets_lost.append(lost_b)
        rounds.append(s.round)
        lengths.append(len(s.history))
        w = s.winners()
        ties += len(w) > 1
        for seat in w:
            wins[seat] += 1
    elapsed = time.perf_counter() - start
    print(f"lineit simulate: {games} random games, {players} players, seed {args.seed} ({elapsed:.1f} s)")
    print(f"  mean score per seat:          {mean(scores):7.2f}  (min {min(scores)}, max {max(scores)})")
    print(f"  jackpots won per game:        {mean(jackpots):7.2f}  ({mean(jackpot_cards):.2f} cards)")
    print(f"  bets won per game:            {mean(bets_won):7.2f}")
    print(f"  bets lost per game:           {mean(bets_lost):7.2f}")
    print(f"  rounds per game:              {mean(rounds):7.2f}")
    print(f"  actions per game:             {mean(lengths):7.2f}")
    print(f"  shared victories:             {ties} of {games}")
    print(f"  wins per seat:                {wins}")
    return 0
