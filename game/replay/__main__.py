"""`python -m game.replay bench`: how long a replay jump takes (the viewer rebuilds the state at any moment).

Prints the time of a jump to the last moment of a 6-seat Line-it game (bots
play it first; the target is 50 ms): the engine's rewind alone, and the
viewer's whole jump (rewind, the table scene rebuilt and laid out, one frame
drawn, headless at 1280x720), best of 20; the same for Linyo.
"""
from __future__ import annotations

import sys
import time


def finished_game(game: str, players: int, seed: int, level: str = "normal"):
    """A game played to the end by bots (the arena's game 0 for `seed`)."""
    from engine.bots.arena import seat_game
    state, _seated, bots = seat_game(game, [level] * players, 0, seed, {})
    while not state.is_over:
        seat = state.current_seat
        assert seat is not None, "a seeded game never waits for chance"     # as the arena's games
        state.apply(bots[seat].choose(state.view(seat)))
    return state


def bench() -> None:
    from .model import Replay
    for game, players in (("lineit", 6), ("linyo", 6)):
        state = finished_game(game, players, 7)
        seats = [{"name": f"P{p + 1}", "kind": "bot", "level": "normal"} for p in range(players)]
        t0 = time.perf_counter()
        rp = Replay(game, state, seats)
        load = time.perf_counter() - t0
        for label, k in (("last", rp.n), ("middle", rp.n // 2)):
            best = min(_timed(rp, k) for _ in range(20))
            print(f"{game} {players} seats, {rp.n} actions: jump to the {label} moment {best * 1000:.1f} ms")
        print(f"{game} {players} seats: replay opened (rounds and events per moment) in {load * 1000:.1f} ms")
        viewer = _viewer(rp)
        times = []
        for _ in range(20):
            viewer.jump(0)
            t0 = time.perf_counter()
            viewer.jump(rp.n)
            viewer.app.step(1 / 60)
            times.append(time.perf_counter() - t0)
        print(f"{game} {players} seats: viewer jump to the last moment (rebuild + one frame) {min(times) * 1000:.1f} ms"
              f" (median {sorted(times)[len(times) // 2] * 1000:.1f} ms)")


_APP = None


def _viewer(rp):
    """The replay viewer on a headless 1280x720 app."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    global _APP
    from game.shell.app import App
    from .scene import ReplayScene
    if _APP is None:
        _APP = App(size=(1280, 720))
    _APP.to_menu()
    viewer = ReplayScene(_APP, rp)
    _APP.push(viewer)
    _APP.run(frames=30, dt=1 / 60)
    return viewer


def _timed(rp, k: int) -> float:
    t0 = time.perf_counter()
    rp.state_at(k)
    return time.perf_counter() - t0


if __name__ == "__main__":
    if sys.argv[1:] != ["bench"]:
        print("usage: python -m game.replay bench", file=sys.stderr)
        sys.exit(2)
    bench()
