"""A bot worker that is closed ends: its process, its watchdog thread, and one that arrives after
its table was left. The suite's guard (`conftest.no_worker_left`) fails any test that leaves a worker
process behind; these say why none is left."""
from __future__ import annotations

import multiprocessing
import threading
import time

from engine import lineit
from engine.bots import worker as worker_module
from engine.bots.worker import BotWorker
from game.table import bots as bots_mod

DEADLINE = 60.0       # seconds a closing process or thread may take on a busy machine


def until(cond, what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not cond():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def alive(pid: int | None) -> bool:
    return pid in {p.pid for p in multiprocessing.active_children()}


def test_a_closed_worker_ends_its_process_and_its_watchdog():
    state = lineit.new_game(players=2, seed=8)
    worker = BotWorker(use_process=True)
    future = worker.ask("lineit", "easy", seed=1, view=state.view(state.current_seat))
    until(future.done, "the worker never answered")
    pid, watchdog = worker.pid, worker._watchdog
    assert pid is not None and watchdog is not None and watchdog.is_alive()   # a question starts it
    worker.close()
    until(lambda: not alive(pid), "the closed worker's process kept running")
    until(lambda: not watchdog.is_alive(), "the closed worker's watchdog kept running (and held it)")


def test_close_all_closes_what_an_app_dropped_with_its_table_open():
    """What the end of the app's process does to its workers, for a process that outlives its apps."""
    dropped = BotWorker(use_process=True)
    until(lambda: dropped.pid is not None, "the worker process never started")
    pid = dropped.pid
    assert worker_module.close_all() >= 1
    until(lambda: not alive(pid), "close_all left the worker process running")
    assert worker_module.close_all() == 0           # closed once: it is no longer open


def test_a_worker_arriving_after_its_table_was_left_is_closed(monkeypatch):
    """The worker starts in a thread (the first frame never waits for it): a table left meanwhile
    (closed before the worker was there) still ends it, rather than leaving it to nobody."""
    gate, pids = threading.Event(), []

    def slow_worker() -> BotWorker:
        gate.wait(DEADLINE)
        made = BotWorker(use_process=True)
        pids.append(made.pid)                       # its process starts with it
        return made

    monkeypatch.setattr(bots_mod, "WORKER_FACTORY", slow_worker)
    table = bots_mod.TableBots("lineit", levels=["easy", "easy"], seeds=[1, 2])
    table.start()
    table.close()                   # the player left before the worker was there
    gate.set()
    until(lambda: bool(pids), "the worker was never made")
    assert pids[0] is not None
    until(lambda: not alive(pids[0]), "the late worker's process kept running")
    assert table.worker is None
