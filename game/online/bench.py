"""Online figures against a local homeserver: `python -m game.online.bench`.

Starts a throwaway Synapse (tests/synapse_server.py: SQLite, 127.0.0.1),
seats two headless clients (and ``--bots`` host bots) at a table of the first
registered game (``--game`` names another) and prints

* move latency: time from one client posting an action to the other client's
  table having applied it (p50 / p95 over every action of a game),
* the host's frame work (`OnlineTables.update`) while its bots play: they
  think in the bot worker, so it stays small,
* resume: time to read a finished game's whole room history and replay it
  through the rules (a fresh client, `OnlineTables.resume_all`), and
* sends and throttled sends (429): ``--default-limits`` runs Synapse at its
  default rate limits (rc_message 0.2/s, burst 10), as the README's recipe
  without the LAN settings; the longest wait a 429 asked for.

`autoplay` and `pump` are also what the online tests play with.
"""
from __future__ import annotations

import argparse
import functools
import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterable

from engine.games import games

from .tables import OnlineTables


def autoplay(tables: OnlineTables, bots: dict[Any, Any], level: str = "easy",
             think: float = 0.0) -> list[tuple[str, int]]:
    """Play every seat of ours that may decide now with a bot; the (room, seq) posted.

    `think`: seconds a seat waits before the first move of its turn, as a person would (a tenth of
    it between the moves of one turn); 0 plays at once.
    """
    from engine.bots import make_bot
    posted = []
    for room_id, t in list(tables.tables.items()):
        for seat in t.setup.seat_of(tables.me):
            slot = tables.slot(room_id, seat)
            if slot is None:
                continue
            if think > 0:
                ready = bots.setdefault(("ready", room_id, seat), time.monotonic() + (
                    think / 10 if t.posted.get(seat) or (t.last_move() or (None,))[0] == seat else think))
                if time.monotonic() < ready:
                    continue
                del bots[("ready", room_id, seat)]
            seq, position = slot
            bot = bots.get((room_id, seat))
            if bot is None:
                bot = bots[(room_id, seat)] = make_bot(t.setup.game, level, seed=seat + 11)
            if tables.play(room_id, seat, str(bot.choose(position.view(seat)))):
                posted.append((room_id, seq))
    return posted


def pump(everyone: Iterable[OnlineTables], until: Callable[[], bool], timeout: float,
         bots: dict | None = None, step: Callable[[], None] | None = None) -> bool:
    """Run the frame work of every client (and autoplay with `bots`) until `until()`; False on timeout."""
    everyone = list(everyone)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for tables in everyone:
            tables.update()
            if bots is not None:
                autoplay(tables, bots)
        if step:
            step()
        if until():
            return True
        time.sleep(0.002)
    return False


class NioThrottleCount(logging.Handler):
    """Counts the 429s matrix-nio reports (an older client slept them out inside nio)."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0
        self.longest_ms = 0

    def emit(self, record: logging.LogRecord) -> None:
        if "429" in record.getMessage():
            self.count += 1
            wait = record.args[0] if isinstance(record.args, tuple) and record.args else 0
            self.longest_ms = max(self.longest_ms, int(wait) if isinstance(wait, (int, float)) else 0)


def invited(t: Any, room: str) -> bool:
    """The room's invitation reached this client."""
    return room in t.invites


def joined_all(tables: list[Any], room: str) -> bool:
    """Every client has joined the room."""
    return all(room in t.tables for t in tables)


def loaded(t: Any, room: str) -> bool:
    """The client has read the whole room."""
    return room in t.tables and not t.loading()

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="Line-it games to time (2 players, plus --bots)")
    parser.add_argument("--default-limits", action="store_true",
                        help="Synapse's default rate limits (rc_message 0.2/s, burst 10) instead of raised ones")
    parser.add_argument("--seconds", type=float, default=600, help="stop a game that takes longer than this")
    parser.add_argument("--bots", type=int, default=0, help="bot seats the host runs (its frame work is timed)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds each player waits before a turn's first move (a tenth between its moves)")
    parser.add_argument("--game", choices=[g.name for g in games()], default=next(games()).name)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))
    from synapse_server import SynapseServer, synapse_missing

    from .client import MatrixClient
    from .tables import HostSecrets

    missing = synapse_missing()
    if missing:
        print(f"cannot bench: {missing}")
        return 1
    nio_429 = NioThrottleCount()
    logging.getLogger("nio").addHandler(nio_429)
    folder = Path(tempfile.mkdtemp(prefix="linebox-bench-"))
    server = SynapseServer(folder / "hs", fast=not args.default_limits)
    print(f"{args.game}, {args.bots} bot(s), think {args.think:g} s; rate limits: "
          f"{'Synapse defaults' if args.default_limits else 'raised'}")
    print(f"Synapse start: {server.start():.2f} s")
    try:
        logins = [server.register(n) for n in ("ann", "bo")]
        clients = [MatrixClient(server.url, x["user_id"], x["device_id"], x["access_token"]).start() for x in logins]
        tables = [OnlineTables(c, HostSecrets(folder / n)) for c, n in zip(clients, ("ann", "bo"))]
        latencies: list[float] = []
        host_frames: list[float] = []   # the host's `update()`: its share of a frame
        resumes: list[tuple[float, int]] = []
        for g in range(args.games):
            seats = [logins[0]["user_id"]] + ["bot"] * args.bots + [logins[1]["user_id"]]
            fut = tables[0].create(args.game, len(seats), {}, seats, bot_level="normal")
            pump(tables, fut.done, 60)
            room = fut.result()
            pump(tables, functools.partial(invited, tables[1], room), 60)
            tables[1].accept(room)
            pump(tables, functools.partial(joined_all, tables, room), 60)
            bots: dict = {}
            sent: dict[int, tuple[int, float]] = {}  # seq -> (receiving client, posted at)

            # this game's room, seqs and bots are bound as defaults: the closures belong to this pass
            def watch(room: str = room, sent: dict[int, tuple[int, float]] = sent) -> None:
                for i, t in enumerate(tables):
                    for seq in list(sent):
                        who, at = sent[seq]
                        if who == i and t.tables[room].replica.next_seq > seq:
                            latencies.append(time.perf_counter() - at)
                            del sent[seq]

            def play_one(sent: dict[int, tuple[int, float]] = sent, bots: dict = bots) -> None:
                for i, t in enumerate(tables):
                    began_update = time.perf_counter()
                    t.update()
                    if i == 0:
                        host_frames.append(time.perf_counter() - began_update)
                    for _, seq in autoplay(t, bots, think=args.think):
                        sent[seq] = (1 - i, time.perf_counter())
                watch()
            began = time.monotonic()
            end = began + args.seconds
            while not all(t.tables[room].replica.state.is_over for t in tables) and time.monotonic() < end:
                play_one()
                time.sleep(0.001)
            over = all(t.tables[room].replica.state.is_over for t in tables)
            print(f"game {g + 1}: {len(tables[0].tables[room].replica.actions)} actions in "
                  f"{time.monotonic() - began:.1f} s{'' if over else ' (stopped unfinished)'}")
            if not over:
                continue
            # resume: a fresh client reads the finished game
            fresh = OnlineTables(MatrixClient(server.url, logins[1]["user_id"], logins[1]["device_id"],
                                              logins[1]["access_token"]).start(), tables[1].secrets)
            began_resume = time.perf_counter()
            fresh.resume(room)
            pump([fresh], functools.partial(loaded, fresh, room), 60)
            took = time.perf_counter() - began_resume
            assert fresh.tables[room].replica.state.to_json() == tables[1].tables[room].replica.state.to_json()
            resumes.append((took, len(fresh.tables[room].replica.actions)))
            fresh.client.stop()
        q = statistics.quantiles(latencies, n=20)
        print(f"move -> other client applied: n={len(latencies)}  p50 {statistics.median(latencies) * 1000:.1f} ms"
              f"  p95 {q[18] * 1000:.1f} ms  max {max(latencies) * 1000:.0f} ms")
        h = statistics.quantiles(host_frames, n=100)
        print(f"host update() per frame{' while its bots play' if args.bots else ''}: n={len(host_frames)}"
              f"  p95 {h[94] * 1000:.2f} ms  p99 {h[98] * 1000:.2f} ms  max {max(host_frames) * 1000:.1f} ms")
        throttled = sum(getattr(t, "throttled_sends", 0) for t in tables) + nio_429.count
        sends = sum(getattr(t, "sends", 0) for t in tables)
        print(f"sends: {sends or '?'}  throttled (429): {throttled}"
              f"  longest wait a 429 asked for: {max(nio_429.longest_ms, _longest(tables)):.0f} ms")
        for took, n in resumes:
            print(f"resume a finished game from history ({n} actions): {took * 1000:.0f} ms")
        for c in clients:
            c.stop()
        for t in tables:
            getattr(t, "close", lambda: None)()
    finally:
        server.stop()
    return 0


def _longest(tables: list[OnlineTables]) -> float:
    return max((getattr(t, "longest_throttle_ms", 0) for t in tables), default=0)


if __name__ == "__main__":
    raise SystemExit(main())
