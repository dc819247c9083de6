"""The History at scale: fill it with real games, and time loading it and opening its screen.

    python -m game.dev.history_bench [N]     # N games (10,000 by default), in a throwaway folder

`fill` is also how tests get many checked games quickly. Kept apart from
`game.files.history`, which the app loads, so the production module needs no window,
no App and no screen.
"""
from __future__ import annotations

import datetime as _dt
import json
import os
import sys
import time

from game.files.history import (GAMES, LEVELS, _entry, _game_module, _game_path, _new_id, _write_index, build_file,
                                folder, load, rebuild_index)

NAMES = ("Ada", "Bruno", "Chloé", "Dieter", "Émile", "Frieda")


def _sample_records(count: int) -> list[tuple[str, dict]]:
    """`count` real finished games (seeded, first legal action each turn varied by seed)."""
    from engine.core import Rng
    out = []
    for i in range(count):
        game = GAMES[i % 2]
        players = 2 + i % 3
        state = (_game_module(game).new_game(players=players, seed=1000 + i))
        rng = Rng(i)
        while not state.is_over:
            actions = state.legal_actions()
            state.apply(actions[rng.below(len(actions))])
        out.append((game, state.to_json()))
    return out


def fill(n: int, samples: int = 24) -> None:
    """Put `n` checked games into the history (for the bench and tests).

    Each sample game is replayed once; the copies differ in date and names.
    Files are written plainly (no fsync: a throwaway folder) and the index once.
    """
    folder().mkdir(parents=True, exist_ok=True)
    base = _dt.datetime(2024, 1, 1, 12, 0, 0)
    bots = [{"name": "Bot", "kind": "bot", "level": lv} for lv in LEVELS]
    files = []
    for game, rec in _sample_records(samples):
        players = rec["setup"]["players"]
        seats = [{"name": "Ada", "kind": "human", "level": None}] + [bots[j % 3] for j in range(players - 1)]
        files.append(build_file(game, rec, seats))
    rows = []
    for i in range(n):
        data = {**files[i % len(files)], "played_at": (base + _dt.timedelta(minutes=37 * i)).isoformat()}
        data["seats"] = [{**data["seats"][0], "name": NAMES[i % len(NAMES)]}] + data["seats"][1:]
        file_id = _new_id(data["game"], data["played_at"])
        _game_path(file_id).write_text(json.dumps(data), encoding="utf-8")
        rows.append(_entry(file_id, data).row())
    _write_index(rows)


def bench(n: int = 10_000) -> None:
    """Print the time to load the index and to open the History screen with `n` games."""
    import tempfile
    with tempfile.TemporaryDirectory() as home:
        os.environ["LINEBOX_HOME"] = home
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        t = time.perf_counter()
        fill(n)
        print(f"history bench: {n} games written in {time.perf_counter() - t:.1f} s")
        loads = []
        for _ in range(5):
            t = time.perf_counter()
            entries = load()
            loads.append((time.perf_counter() - t) * 1000)
        assert len(entries) == n
        print(f"  index load:          median {sorted(loads)[2]:6.1f} ms (5 runs)")
        from game.shell.app import App
        for size in ((1280, 720), (800, 600), (1920, 1080)):
            app = App(size=size)
            opens = []
            for _ in range(5):
                t = time.perf_counter()
                app.open("history")
                app.step(1 / 60)
                opens.append((time.perf_counter() - t) * 1000)
                app.pop()
                app.step(1 / 60)
            print(f"  History screen open: median {sorted(opens)[2]:6.1f} ms at {size[0]}x{size[1]} "
                  f"(new scene + index load + layout + first frame)")
        t = time.perf_counter()
        rebuild_index()
        print(f"  index rebuild from {n} files: {(time.perf_counter() - t) * 1000:.0f} ms (once, when it was lost)")


if __name__ == "__main__":
    try:
        count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    except ValueError:
        print("usage: python -m game.dev.history_bench [N]")
        sys.exit(2)
    bench(count)
