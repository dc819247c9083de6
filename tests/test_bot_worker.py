"""The bots' background worker: answers off the caller's thread, survives a dead process."""
import os
import signal
import time

import pytest

from engine import lineit
from engine.bots.worker import BotWorker


def _wait(future, seconds=60):
    deadline = time.monotonic() + seconds
    while not future.done():
        assert time.monotonic() < deadline, "the worker never answered"
        time.sleep(0.01)
    return future.result()


@pytest.mark.parametrize("use_process", [True, False])
def test_worker_answers_with_a_legal_action_text(use_process):
    state = lineit.new_game(players=3, seed=5)
    worker = BotWorker(use_process=use_process)
    try:
        future = worker.ask("lineit", "normal", seed=1, view=state.view(state.current_seat))
        text = _wait(future)
        assert text in {str(a) for a in state.legal_actions()}
        hints = _wait(worker.hint("lineit", seed=1, view=state.view(state.current_seat), k=2,
                                  level="normal"))
        assert hints and {"action", "score", "reason", "template", "params"} <= set(hints[0])
        assert hints[0]["template"].format(**hints[0]["params"]) == hints[0]["reason"]
    finally:
        worker.close()


def test_a_dead_worker_process_falls_back_to_a_thread():
    state = lineit.new_game(players=2, seed=8)
    worker = BotWorker(use_process=True)
    try:
        if not worker.in_process:
            pytest.skip("no process support on this machine")
        _wait(worker.ask("lineit", "easy", seed=1, view=state.view(state.current_seat)))
        for pid in list(worker._pool._processes):  # kill the worker like a crash would
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.2)
        text = _wait(worker.ask("lineit", "easy", seed=1, view=state.view(state.current_seat)))
        assert text in {str(a) for a in state.legal_actions()}
        assert not worker.in_process
    finally:
        worker.close()


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs SIGSTOP to freeze a process")
def test_a_hung_worker_process_is_given_up_for_a_thread(monkeypatch):
    """A worker process that is alive but never answers (seen under Wine) must not stop the game:
    after HUNG_SECONDS the question is asked again in a thread, and later ones go there too."""
    from engine.bots import worker as worker_module
    monkeypatch.setattr(worker_module, "HUNG_SECONDS", 1.0)
    state = lineit.new_game(players=2, seed=8)
    worker = BotWorker(use_process=True)
    pids: list[int] = []
    try:
        if not worker.in_process:
            pytest.skip("no process support on this machine")
        _wait(worker.ask("lineit", "easy", seed=1, view=state.view(state.current_seat)))
        pids = list(worker._pool._processes)
        for pid in pids:              # alive, holding its task, never answering
            os.kill(pid, signal.SIGSTOP)
        text = _wait(worker.ask("lineit", "easy", seed=1, view=state.view(state.current_seat)))
        assert text in {str(a) for a in state.legal_actions()}
        assert not worker.in_process
        assert str(_wait(worker.ask("lineit", "easy", seed=2, view=state.view(state.current_seat)))) in {
            str(a) for a in state.legal_actions()}
    finally:
        worker.close()
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
