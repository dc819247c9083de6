"""Hints worth asking for at the Line-it table (issue 26 item 2): what the move teaches, in words with
plurals in three languages; asked ahead so that a click shows it at once; kept per position; and
played by the Play hint button or the A key. Driven through the real scene loop headless."""
from __future__ import annotations

import pygame
import pytest

from engine import lineit
from game.shell import i18n
from game.lineit_table import texts
from test_table_lineit import click, config, frames, home, open_game, start, until  # noqa: F401


def key(k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


FACTS = [
    {"key": "fit_left", "params": {"n": 1, "unseen": 30}},
    {"key": "fit_left", "params": {"n": 12, "unseen": 30}},
    {"key": "bet_progress", "params": {"v": 4, "after": 2, "need": 1, "fit": 1}},
    {"key": "bet_progress", "params": {"v": 5, "after": 1, "need": 4, "fit": 9}},
    {"key": "bet_progress", "params": {"v": 3, "after": 3, "need": 0, "fit": 9}},
    {"key": "bet_lost_cause", "params": {"v": 5, "after": 0, "need": 5, "fit": 1}},
    {"key": "jackpot_odds", "params": {"suit": "red", "n": 1, "fit": 1}},
    {"key": "jackpot_odds", "params": {"suit": "blue", "n": 4, "fit": 7}},
]


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_every_fact_reads_as_a_sentence_in_each_language(lang):
    i18n.set_language(lang)
    try:
        said = [texts.fact_text(f) for f in FACTS]
    finally:
        i18n.set_language("en")
    assert all(t and "{" not in t for t in said), said
    assert said[0] != said[1]
    assert len(set(said)) == len(said)
    for fact, text in zip(FACTS, said):
        for k in ("n", "fit", "need", "unseen"):
            if k in fact["params"] and fact["params"].get("need") != 0:
                assert str(fact["params"][k]) in text, (fact, text)


def test_english_facts_say_one_and_many_rightly():
    assert texts.fact_text(FACTS[0]) == "1 of the 30 numbers still to come fits your line."
    assert texts.fact_text(FACTS[1]) == "12 of the 30 numbers still to come fit your line."
    assert texts.fact_text(FACTS[2]) == ("Your bet 4 needs 1 more number after it to win; "
                                         "1 still to come fits your line.")
    assert "red ♥ jackpot (1 card);" in texts.fact_text(FACTS[6])
    assert texts.hint_facts({"facts": FACTS[:2] + [{"key": "unknown", "params": {}}]}) == \
        [texts.fact_text(FACTS[0]), texts.fact_text(FACTS[1])]


def test_the_hint_is_asked_ahead_and_shows_at_once(home):
    app = start()
    sc = open_game(app, config("human", "bot"))
    until(app, sc.my_turn)
    cur = sc.ctrl.current
    until(app, lambda: sc.bots._flights or sc.bots.hint_known(sc.ctrl.state, cur))   # asked while the person looks
    # the hint's search runs in a thread here: wait on it, not on a frame count (a frame loop running
    # flat out could spend its 6000 frames before a search sharing its interpreter was done)
    from concurrent import futures
    futures.wait(list(sc.bots._flights.values()), timeout=60)
    until(app, lambda: sc.bots.hint_known(sc.ctrl.state, cur), 6000)
    assert sc.hint is None
    key(pygame.K_t)
    frames(app)
    assert sc.hint is not None                          # the same frame: nothing to wait for
    from game.lineit_table.draw import status_text
    assert status_text(sc)[0].startswith("Hint: ")


def counting_questions(worker) -> list:
    """The views `worker` is asked hints for from now on (it still answers each): its `hint`
    wrapped on the instance, gone with it."""
    asked: list = []
    real = worker.hint

    def counted(*a, **kw):
        asked.append(kw.get("view"))
        return real(*a, **kw)
    worker.hint = counted
    return asked


def test_play_hint_plays_the_hinted_action_and_an_undo_finds_the_hint_again(home):
    app = start()
    app.change_settings(confirm_close_line=False)
    sc = open_game(app, config("human", "bot"))
    until(app, sc.my_turn)
    asked = counting_questions(sc.bots.worker)
    click(app, sc.b_hint.rect.center)
    until(app, lambda: sc.hint is not None, 6000)
    hinted = sc.hint["action"]
    assert sc.b_hint.label() == "Play hint"
    n = len(sc.ctrl.state.history)
    key(pygame.K_a)
    frames(app)
    assert len(sc.ctrl.state.history) == n + 1
    assert str(sc.ctrl.state.history[-1]) == str(lineit.parse_action(hinted))
    assert sc.hint is None and sc.b_hint.label() == "Hint"
    before = len(asked)
    key(pygame.K_u)
    frames(app)
    assert len(sc.ctrl.state.history) == n
    key(pygame.K_t)
    frames(app)
    assert sc.hint is not None and sc.hint["action"] == hinted     # kept for the position: not asked again
    assert len(asked) <= before + 1          # at most the position after the move, asked ahead meanwhile


def test_a_hint_asked_before_the_worker_is_there_still_comes(home, monkeypatch):
    app = start()
    sc = open_game(app, config("human", "bot"))
    until(app, sc.my_turn)
    worker = sc.bots.worker
    sc.bots.worker = None                     # as if the worker were still starting:
    sc.bots._flights.clear()                  # nothing asked ahead, nothing known yet
    sc.bots._answers.clear()
    sc.bots.cancel_hint()
    key(pygame.K_t)
    frames(app, 3)
    assert sc.hint_wanted and sc.hint is None
    sc.bots.worker = worker
    frames(app, 1)                            # the next frame asks again
    # the hint's search runs in a thread here: wait on it, not on a frame count (frames are fast)
    from concurrent import futures
    futures.wait(list(sc.bots._flights.values()), timeout=60)
    until(app, lambda: sc.hint is not None, 6000)


def test_a_hint_clicked_while_its_search_runs_comes_without_waiting_out_the_budget(home, monkeypatch):
    """The hint's search asked ahead has a budget far beyond any wait (the worker is busy with it);
    the click tells the worker, which answers with the best move so far once it is settled or at
    its deadline: the search's own report says so (no wall time is asserted: a loaded machine)."""
    import time

    from engine.bots import lineit_bots, worker
    from engine.bots.base import ANSWER_WITHIN
    monkeypatch.setattr(lineit_bots, "DEFAULT_BUDGET", {"hard": 10 ** 8})
    monkeypatch.setattr(lineit_bots.HardBot, "PER_PLAN", 10 ** 8)
    monkeypatch.setattr(worker, "_ANSWERS", type(worker._ANSWERS)())      # no answer known from before
    app = start()
    sc = open_game(app, config("human", "bot", seed=23))
    until(app, sc.my_turn)
    deadline = time.monotonic() + 60
    while not sc.bots._flights:                       # asked ahead: the worker now searches
        assert time.monotonic() < deadline
        frames(app)
    flight = next(iter(sc.bots._flights.values()))
    frames(app, 3)
    assert not flight.done()
    key(pygame.K_t)
    while sc.hint is None:
        assert time.monotonic() < deadline, "the hint never came"
        frames(app)
    search = sc.hint["search"]
    assert search["stopped"] in ("settled", "deadline"), search
    assert 0 < search["iterations"] < 10 ** 8
    assert search["elapsed"] > search["waited"]        # it ran ahead before the click
    assert search["waited"] < ANSWER_WITHIN + 30       # counted from the click, not from the turn
