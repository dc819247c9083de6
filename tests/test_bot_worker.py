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
    state = lineit.new_game(players=2, seed=8)
    worker = BotWorker(use_process=True)
    pids: list[int] = []
    try:
        if not worker.in_process:
            pytest.skip("no process support on this machine")
        # the first answer with the usual patience: a loaded machine may take over a second to start
        # the process, which is no hang (with 1 s patience from the start the test measured the load)
        _wait(worker.ask("lineit", "easy", seed=1, view=state.view(state.current_seat)))
        assert worker.in_process
        monkeypatch.setattr(worker_module, "HUNG_SECONDS", 1.0)
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


def test_a_hint_asked_again_is_answered_at_once_and_a_decision_is_reused(monkeypatch):
    """A known answer is never searched for again: the same hint comes back already
    done, and in the worker a bot's decision for a position answers the hint for it."""
    from engine.bots import worker as worker_module

    state = lineit.new_game(players=3, seed=5)
    view = state.view(state.current_seat)
    worker = BotWorker(use_process=False)  # a thread: this process's bots are counted
    made = []
    real = worker_module.make_bot
    monkeypatch.setattr(worker_module, "make_bot", lambda *a, **kw: made.append(a) or real(*a, **kw))
    monkeypatch.setattr(worker_module, "_ANSWERS", worker_module.OrderedDict())
    try:
        text = _wait(worker.ask("lineit", "normal", seed=4, view=view))
        hint = _wait(worker.hint("lineit", seed=4, view=view, k=1, level="normal"))
        assert hint[0]["action"] == text and len(made) == 1  # the decision's search answered the hint
        again = worker.hint("lineit", seed=4, view=view, k=1, level="normal")
        assert again.done() and again.result() == hint and len(made) == 1
        _wait(worker.hint("lineit", seed=4, view=view, k=2, level="normal"))
        assert len(made) == 2  # more choices than known: a new search
        _wait(worker.hint("lineit", seed=4, view=view, k=1, level="normal", time_limit=0.5))
        assert len(made) == 2  # found without a limit: good for any limit
    finally:
        worker.close()


def test_a_known_answer_found_in_less_time_is_not_reused(monkeypatch):
    from engine.bots import worker as worker_module

    state = lineit.new_game(players=2, seed=3)
    view = state.view(state.current_seat)
    monkeypatch.setattr(worker_module, "_ANSWERS", worker_module.OrderedDict())
    made = []
    real = worker_module.make_bot
    monkeypatch.setattr(worker_module, "make_bot", lambda *a, **kw: made.append(kw) or real(*a, **kw))
    worker_module.decide("lineit", "hard", 1, view, None, 1.0)
    worker_module.decide("lineit", "hard", 1, view, None, 0.5)  # less time: the answer stands
    assert len(made) == 1
    worker_module.decide("lineit", "hard", 1, view, None, None)  # no limit: it may search further
    assert len(made) == 2


def test_a_linyo_hint_with_one_candidate_needs_no_search(monkeypatch):
    """The answer is certain when only one move (or abort) is left: no lookahead."""
    from engine import linyo
    from engine.bots import linyo_bots, make_bot

    bot = make_bot("linyo", "hard", seed=0)
    for seed in range(40):
        s = linyo.new_game(players=1, seed=seed)
        while not s.is_over:
            seat = s.current_seat
            legal = s.legal_actions()
            if s.phase is linyo.Phase.MOVE and len(legal) == 1:
                def no_search(*args):
                    raise AssertionError("searched a certain answer")
                monkeypatch.setattr(linyo_bots.LinyoBot, "_lookahead", no_search)
                assert [r[0] for r in bot.rank(s.view(seat), 3)] == legal
                return
            s.apply(legal[0])
    pytest.skip("no position with a single legal move in these games")


def test_a_hint_search_gives_way_to_a_newer_question_and_is_asked_again(monkeypatch):
    """A hint searched ahead for a position the game has left (a newer question came: a bot's move)
    stops at once, its answer marked "superseded" and not kept; asked again, it is searched again.
    Hurried, a hint's search answers before its budget is spent."""
    from engine.bots import lineit_bots, worker as worker_module
    monkeypatch.setattr(lineit_bots, "DEFAULT_BUDGET", {"hard": 10 ** 8})
    monkeypatch.setattr(lineit_bots.HardBot, "PER_PLAN", 10 ** 8)
    monkeypatch.setattr(worker_module, "_ANSWERS", type(worker_module._ANSWERS)())
    state = lineit.new_game(players=3, seed=12)
    view = state.view(state.current_seat)
    worker = BotWorker(use_process=False)
    try:
        ahead = worker.hint("lineit", seed=3, view=view, k=1)
        move = worker.ask("lineit", "easy", seed=1, view=view)
        assert _wait(ahead)[0]["search"]["stopped"] == "superseded"
        assert _wait(move) in {str(a) for a in state.legal_actions()}
        again = worker.hint("lineit", seed=3, view=view, k=1)
        assert again is not ahead and not again.done()
        worker.hurry(again)
        search = _wait(again)[0]["search"]
        assert search["stopped"] in ("settled", "deadline") and search["iterations"] < 10 ** 8
    finally:
        worker.close()
