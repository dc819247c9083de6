"""Command line of the engine: `python -m engine bench|simulate|arena ...`.

Each game keeps its own figures in `engine/<game>/cli.py` (functions
`bench(args)` and `simulate(args)`); the arena lives with the bots. This file
only dispatches, so adding a game never touches another game's code; the
games it offers are the registry's (`engine.games`).
"""
from __future__ import annotations

import argparse
import importlib
import sys
from types import ModuleType

from engine.games import game as game_info, games


def _game_cli(game: str) -> ModuleType:
    return importlib.import_module(f"engine.{game}.cli")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine")
    sub = parser.add_subparsers(dest="command", required=True)
    names = [info.name for info in games()]

    bench = sub.add_parser("bench", help="print throughput figures of every game")
    bench.add_argument("--games", choices=names, nargs="*", default=names)
    bench.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    bench.add_argument("--no-bots", action="store_true",
                       help="skip the bots' figures (hint latency, post-game review)")
    bench.add_argument("--contract", action="store_true",
                       help="only the contract path (random games through legal_actions + apply)")

    simulate = sub.add_parser("simulate", help="play random games and print a summary")
    simulate.add_argument("game", choices=names)
    simulate.add_argument("--players", type=int, default=4)
    simulate.add_argument("--games", type=int, default=1000)
    simulate.add_argument("--seed", type=int, default=1)

    sub.add_parser("arena", help="bots against bots (see `arena --help`)", add_help=False)

    if argv is None:
        argv = sys.argv[1:]
    if argv and argv[0] == "arena":
        from engine.bots import arena  # the arena parses its own options

        return arena.main(argv[1:]) or 0
    args = parser.parse_args(argv)
    if args.command == "bench":
        for game in args.games:
            try:
                cli = _game_cli(game)
            except ModuleNotFoundError:
                print(f"{game}: not built yet")
                continue
            cli.bench(args)
            if not args.no_bots and not args.contract:
                from engine.bots import bench as bots_bench

                bots_bench.bench(game)
        return 0
    if args.command == "simulate":
        seats = game_info(args.game).seats
        if args.players not in seats:
            parser.error(f"{args.game} is for {seats.start} to {seats.stop - 1} players, not {args.players}")
        return _game_cli(args.game).simulate(args) or 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
