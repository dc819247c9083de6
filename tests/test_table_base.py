"""The table base (game/table): autosave failures are reported once and the pause screen tells the truth."""
from __future__ import annotations

import errno

import pytest

from engine.bots.worker import BotWorker
from game.files import storage
from game.table import bots as bots_mod
from game.table.bots import TableBots, bot_seed, bot_seeds, fallback
from game.table.overlays import PauseScene

from test_table_linyo import DT, HUMAN, config, home, human_turn, open_game, start_app  # noqa: F401


@pytest.fixture(autouse=True)
def thread_bots(monkeypatch):
    monkeypatch.setattr(bots_mod, "WORKER_FACTORY", lambda: BotWorker(use_process=False))


def test_a_full_disk_shows_one_toast_and_the_pause_screen_says_so(home, monkeypatch):
    app = start_app()
    scene = open_game(app, config([HUMAN], seed=11))
    assert not scene.saver.failing
    assert "saved after every move" in scene.save_promise()

    def full(game, payload):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(storage, "write_autosave", full)
    for _ in range(3):                       # three decisions, three failed writes
        human_turn(app, scene)
        scene.saver.flush()
        app.run(frames=2, dt=DT)
    toasts = [t for t in app.toasts if "could not be saved" in t[0]]
    assert len(toasts) == 1 and "No space left on device" in toasts[0][0]
    scene.open_pause()
    app.run(frames=1, dt=DT)
    assert isinstance(app.top, PauseScene)
    assert "could not be saved" in app.top.body() and "saved after every move" not in app.top.body()
    # the disk is back: the next write works and the promise is true again
    monkeypatch.undo()
    monkeypatch.setattr(bots_mod, "WORKER_FACTORY", lambda: BotWorker(use_process=False))
    app.pop()
    app.run(frames=2, dt=DT)
    human_turn(app, scene)
    scene.saver.flush()
    assert not scene.saver.failing and "saved after every move" in scene.save_promise()
    assert storage.latest_autosave() is not None


def test_one_bot_seed_formula_and_saved_seeds_win():
    assert bot_seed(7, 1) != bot_seed(7, 0) != bot_seed(8, 0)
    assert bot_seed("abc", 2) == bot_seed("abc", 2)
    assert bot_seeds({"seed": 7}, 3) == [bot_seed(7, p) for p in range(3)]
    assert bot_seeds({"seed": 7, "bot_seeds": [4, 5, 6]}, 3) == [4, 5, 6]
    assert bot_seeds({"seed": 7, "bot_seeds": [4, True, 6]}, 3) == [bot_seed(7, p) for p in range(3)]


def test_a_failing_bot_gets_the_fallback_move():
    from engine import lineit

    class Broken:
        in_process = False

        def ask(self, *a, **k):
            import concurrent.futures
            f = concurrent.futures.Future()
            f.set_exception(RuntimeError("bot crashed"))
            return f

    st = lineit.new_game(players=2, seed=3)
    bots = TableBots("lineit", ["normal", "normal"], [1, 2])
    bots.worker = Broken()
    assert bots.poll(st, st.current_seat) == fallback(st) == str(st.legal_actions()[0])
