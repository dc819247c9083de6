"""engine/bots/worker.py's Wine remedy: the pool's manager thread woken until the pool is shut down.

Wine itself is in .ci/run (build/windows/test_setup.sh: 10 demos, each with bot_worker "process");
here the remedy's own behaviour, on a real process pool."""
from __future__ import annotations

import multiprocessing
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor

from engine.bots import worker


def test_only_wine_is_taken_for_wine():
    assert worker._under_wine() is False or sys.platform == "win32"


def test_the_manager_is_woken_until_the_pool_shuts_down(monkeypatch):
    monkeypatch.setattr(worker, "WINE_WAKE_S", 0.01)
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    woken = []
    real = pool._executor_manager_thread_wakeup.wakeup
    monkeypatch.setattr(pool._executor_manager_thread_wakeup, "wakeup", lambda: (woken.append(1), real()))
    worker._keep_waking(pool)
    assert pool.submit(int, "7").result(timeout=120) == 7          # answers go on being read
    deadline = time.monotonic() + 60
    while len(woken) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(woken) >= 3
    pool.shutdown(wait=True)
    deadline = time.monotonic() + 60
    while any(t.name == "bot-pool-wake" for t in threading.enumerate()) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not any(t.name == "bot-pool-wake" for t in threading.enumerate())
