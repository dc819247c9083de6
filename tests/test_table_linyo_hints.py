"""Linyo hints at the table: reasons that teach, "use hint", and answers kept per position."""
from __future__ import annotations

import time

import pygame
import pytest

from engine import linyo
from engine.bots.worker import BotWorker
from game.shell import i18n
from game.linyo_table import hints
from game.table import bots as bots_mod
from game.ui.widgets import label_text

from test_table_linyo_keys import DT, key, start, to_move


@pytest.fixture
def home(headless_home, monkeypatch):
    monkeypatch.setattr(bots_mod, "WORKER_FACTORY", lambda: BotWorker(use_process=False))
    yield headless_home


def wait_for(app, cond, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < deadline, "the condition never came"
        app.step(DT)


def test_a_hint_gives_reasons_and_use_hint_draws_it_for_the_player_to_confirm(home):
    app, scene = start(seed=21)
    to_move(app, scene)
    st, seat = scene.decide_state, scene.decide_seat
    before = len(scene.state.log)
    key(app, pygame.K_h)
    wait_for(app, lambda: scene.hint is not None)
    a = linyo.parse_action(scene.hint["action"])
    why = scene.hint_why
    assert why, "a hint without reasons"
    facts = next(f["params"] for f in scene.hint["facts"] if f["key"] == "reach_after")
    if isinstance(a, linyo.Move):
        n = a.length
        assert why[0] == (f"It fills {n} field now." if n == 1 else f"It fills {n} fields now.")
    assert any(str(facts["reach"]) in w and "still reach" in w for w in why)
    assert any(w.startswith("Room left per open line:") for w in why)
    # the hint's words are on screen, in the panel
    shown = " ".join(op[0] for op in scene._info_ops(scene.table_lay))
    assert "Room left" in shown
    assert label_text(scene.b_hint.label) == "Use hint"
    key(app, pygame.K_h)                      # again: use it
    assert len(scene.state.log) == before, "using a hint must not play it"
    assert scene.pending_actions() == [str(a)]
    assert scene.can_confirm()
    key(app, pygame.K_RETURN)                 # the player confirms it
    if scene.state.log[before:before + 1] != [str(a)]:     # a "this closes a line" question: yes
        key(app, pygame.K_RETURN)
    assert scene.state.log[before] == str(a)
    assert st is scene.decide_state or seat is not None


def test_a_known_hint_is_on_screen_at_once_and_the_next_is_asked_ahead(home):
    app, scene = start(seed=21)
    to_move(app, scene)
    key(app, pygame.K_h)
    wait_for(app, lambda: scene.hint is not None)
    first = scene.hint
    key(app, pygame.K_h)                      # use it ...
    key(app, pygame.K_RETURN)                 # ... and play it
    # the next decision's hint is asked without a click
    wait_for(app, lambda: scene.decide_seat is not None
             and scene.hints.get(scene.decide_state, scene.decide_seat) is not None)
    asked = []
    real = scene.bots.ask_hint
    scene.bots.ask_hint = lambda *a, **k: (asked.append(a), real(*a, **k))
    key(app, pygame.K_h)                      # one frame: there
    assert scene.hint is not None and not asked
    assert scene.hint == scene.hints.get(scene.decide_state, scene.decide_seat) != first


@pytest.mark.parametrize("lang, fills, reach", [
    ("en", "It fills 1 field now.", "Afterwards your lines can still reach 1 free field."),
    ("de", "Er füllt jetzt 1 Feld.", "Danach erreichen deine Linien noch 1 freies Feld."),
    ("fr", "Il remplit 1 case maintenant.", "Ensuite, vos lignes peuvent encore atteindre 1 case libre."),
])
def test_reasons_say_one_field_in_the_singular(lang, fills, reach):
    s = linyo.new_game(players=1, seed=7, sheet="A", rolls=["bbog", "boog"])
    for t in ["start a1", "start b1", "start e1", "start k1"]:
        s.apply(t)
    hint = {"action": "move 1 a2", "facts": [{"key": "reach_after", "params": {"reach": 1, "newly": 1,
                                                                               "cut_fields": ["c7"]}}]}
    i18n.set_language(lang)
    try:
        why = hints.reasons(hint, s, 0)
    finally:
        i18n.set_language("en")
    assert why[0] == fills and why[1] == reach
    assert "c7" in why[2] and "1" in why[2]
    # one step is shorter than difficulty 2: line 1 is aborted, the three others keep their room
    assert why[3].count("·") == 2 and "1:" not in why[3]


def test_cut_fields_are_read_from_the_facts():
    hint = {"action": "move 1 a2", "facts": [{"key": "reach_after", "params": {"cut_fields": ["a1", "k7", "zz"]}}]}
    assert hints.cut_fields(hint) == [0, 76]
    assert hints.cut_fields({"action": "abort 1"}) == []


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_use_hint_label_fits_its_button_at_800x600(home, lang):
    from game.ui import text as T
    from test_table_linyo_keys import start as start_at
    i18n.set_language(lang)
    try:
        app, scene = start_at(seed=21, size=(800, 600))
        to_move(app, scene)
        scene.hint = {"action": str(next(iter(linyo.moves_by_line(scene.state).values()))[0])}
        app.step(DT)
        b, lay = scene.b_hint, app.lay
        label = label_text(b.label)
        assert label == i18n._("Use hint")
        assert T.width(label, b.text_px(lay), True) <= b.rect.w - lay.px(30), "the label wraps"
    finally:
        i18n.set_language("en")


def test_start_hints_follow_the_starts_picked_so_far(home):
    """Hint, use it, hint again: each start's hint is asked with the starts already picked in place,
    so four hints used in a row pick four different starts and Enter confirms them (the hint used
    to ignore the picks: it named the same field again and again)."""
    app, scene = start(seed=21)
    assert scene.state.phase == "start" and scene.starts is not None
    before = len(scene.state.log)
    for n in range(1, 5):
        key(app, pygame.K_h)
        wait_for(app, lambda: scene.hint is not None)
        field = linyo.parse_action(scene.hint["action"]).field
        assert field not in scene.starts.picks
        key(app, pygame.K_h)                  # use it
        assert len(scene.starts.picks) == n and scene.starts.picks[-1] == field
    assert scene.can_confirm()
    key(app, pygame.K_RETURN)
    assert len(scene.state.log) == before + 4


def test_a_hint_clicked_while_its_search_runs_comes_without_waiting_out_the_budget(home, monkeypatch):
    """The hint's search asked ahead has a budget far beyond any wait and a slow evaluation (the
    worker is busy with it); the click tells the worker, which answers once the best move is settled
    or at its deadline: the search's own report says so (no wall time is asserted).

    The evaluation waits for the click before its first answer: on a loaded machine a merely slow
    one could finish every candidate before the click arrives, and the search then rightly says
    "budget" (it did, now and then)."""
    import threading

    from engine.bots import linyo_bots, linyo_eval, worker

    real = linyo_eval.Evaluator.expect
    real_hurry = BotWorker.hurry
    clicked = threading.Event()

    def hurry(self, future):
        real_hurry(self, future)                  # the worker is told first, then the search goes on
        clicked.set()

    def slow(self, *args, **kwargs):
        clicked.wait(120)
        time.sleep(0.1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(BotWorker, "hurry", hurry)
    monkeypatch.setattr(linyo_eval.Evaluator, "expect", slow)
    monkeypatch.setattr(linyo_bots, "DEFAULT_BUDGET", 10 ** 6)
    monkeypatch.setattr(worker, "_ANSWERS", type(worker._ANSWERS)())
    app, scene = start(seed=21)
    to_move(app, scene)
    scene.bots.start()                        # as after a first hint: the worker is there, and
    scene.hints.ahead = True                  # the hint is asked as the decision opens
    wait_for(app, lambda: bool(scene.bots._flights))
    flight = next(iter(scene.bots._flights.values()))
    app.step(DT)
    assert not flight.done()
    key(app, pygame.K_h)
    wait_for(app, lambda: scene.hint is not None)
    search = scene.hint["search"]
    assert search["stopped"] in ("settled", "deadline"), search
    assert search["elapsed"] > search["waited"]        # it ran ahead before the click
    assert 15 <= search["iterations"]
