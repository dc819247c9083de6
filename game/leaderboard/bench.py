"""Daily leaderboard figures: `python -m game.leaderboard.bench [--entries 1000] [--posts 30] [--game G]`.

* verify and rank: a board of ``--entries`` entries (bot-played games of the day,
  each posted by another player) replayed through the rules and ranked, first
  with nothing cached (every replay), then read again (the cache by event id);
* post -> other board: a throwaway local Synapse (tests/synapse_server.py), two
  clients; one posts ``--posts`` entries to the day's room, the time until the
  other client's `Board` has each verified (p50 / p95), and the time the
  homeserver took to accept the post. ``--no-server`` skips it.

`played` (a finished daily game played by bots, as a `.linebox` file dict) is
also what the tests post.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from game.daily.day import Daily, challenge, games
from game.daily.entry import EVENT, Verifier, make_content


def played(daily: Daily, bot_seed: int = 1, level: str = "easy", name: str = "Ada") -> dict[str, Any]:
    """The day's game played to its end by `level` bots in every seat, as a `.linebox` file dict."""
    from engine.bots import make_bot

    from game.files import history
    state = daily.start.clone()
    bots = [make_bot(daily.game, level, seed=bot_seed * 7 + seat) for seat in range(daily.players)]
    while not state.is_over:
        seat = state.current_seat
        state.apply(bots[seat].choose(state.view(seat)))
    return history.build_file(daily.game, state.to_json(), daily.seats(name), daily=daily.date)


def event(daily: Daily, game_file: dict[str, Any], sender: str, event_id: str, ts: int | None = None,
          **changes: Any) -> dict[str, Any]:
    """A room event posting `game_file` (its content changed by `changes`), as the homeserver delivers it."""
    content = {**make_content(daily, game_file), **changes}
    return {"type": EVENT, "event_id": event_id, "sender": sender,
            "origin_server_ts": ts if ts is not None else int(time.time() * 1000), "content": content}


def bench_verify(daily: Daily, entries: int, distinct: int = 25) -> tuple[float, float, float, int]:
    """(seconds cold, CPU seconds cold, seconds cached, rows listed) for a board of `entries` entries."""
    files = [played(daily, bot_seed=i) for i in range(distinct)]
    events = [event(daily, files[i % distinct], f"@p{i}:bench", f"$e{i}") for i in range(entries)]
    verifier = Verifier(daily)
    began, cpu = time.perf_counter(), time.process_time()
    verifier.add(events)
    verifier.work()
    rows, _refused = verifier.board()
    cold, cold_cpu = time.perf_counter() - began, time.process_time() - cpu
    began = time.perf_counter()
    verifier.add(events)          # the room read again: every event known by its id
    verifier.work()
    rows, _refused = verifier.board()
    return cold, cold_cpu, time.perf_counter() - began, len(rows)


def bench_post(daily: Daily, posts: int) -> list[float]:
    """Seconds from one client posting an entry to the other client's board listing it."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))
    from synapse_server import SynapseServer, synapse_missing

    from game.online.client import MatrixClient
    from game.online.leaderboard import MatrixRooms

    from .board import Board
    from .rooms import room_name, room_title
    missing = synapse_missing()
    if missing:
        print(f"no post figures: {missing}")
        return []
    server = SynapseServer(Path(tempfile.mkdtemp(prefix="linebox-daily-bench-")) / "hs")
    print(f"Synapse start: {server.start():.2f} s")
    clients: list[MatrixClient] = []
    try:
        logins = [server.register(n) for n in ("watcher", "poster")]
        clients = [MatrixClient(server.url, x["user_id"], x["device_id"], x["access_token"]).start() for x in logins]
        board = Board(MatrixRooms(clients[0]), daily)
        room = MatrixRooms(clients[1]).ensure(room_name(daily), room_title(daily)).result(30)
        content = make_content(daily, played(daily))
        while not board.loaded:
            board.update(None)
            time.sleep(0.01)
        seen: list[float] = []
        accepted: list[float] = []
        for _i in range(posts):
            began = time.perf_counter()
            # the same player posts again and again: every post after the first is a repeat, refused
            # and never listed; the time counted is until the other board has it verified (a verdict)
            event_id = clients[1].send(room, EVENT, content).result(30)
            accepted.append(time.perf_counter() - began)
            while event_id not in board.verifier.verdicts and time.perf_counter() - began < 30:
                board.update(None)
                time.sleep(0.002)
            seen.append(time.perf_counter() - began)
        q = statistics.quantiles(accepted, n=20)
        print(f"post accepted by the homeserver: p50 {statistics.median(accepted) * 1000:.0f} ms  "
              f"p95 {q[18] * 1000:.0f} ms")
        return seen
    finally:
        for c in clients:
            c.stop()
        server.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--posts", type=int, default=30)
    parser.add_argument("--game", choices=games(), default=None, help="one game (default: each)")
    parser.add_argument("--no-server", action="store_true", help="skip the figures against a homeserver")
    args = parser.parse_args(argv)
    for game in [args.game] if args.game else games():
        daily = challenge(game)
        cold, cpu, warm, listed = bench_verify(daily, args.entries)
        print(f"{game} {daily.date}: verify and rank {args.entries} entries: {cold:.2f} s cold "
              f"(every replay; {cpu:.2f} s CPU), {warm * 1000:.1f} ms read again (cached by event id); "
              f"{listed} listed")
    if not args.no_server:
        daily = challenge(args.game or games()[0])
        seen = bench_post(daily, args.posts)
        if len(seen) >= 2:
            q = statistics.quantiles(seen, n=20)
            print(f"post -> the other client's board verified it ({daily.game}): n={len(seen)}  "
                  f"p50 {statistics.median(seen) * 1000:.0f} ms  p95 {q[18] * 1000:.0f} ms  "
                  f"max {max(seen) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
