"""A Line-it hint remembers the turn's plan it showed (issue 27): the player who follows it is hinted
the plan's next step at once, with no new search; a player who leaves the plan, or undoes a step
and does something else, gets a fresh search. First through `TableBots` with a real worker (in a
thread) on a seeded game, then through the real table headless (Play hint, Hint, Undo keys)."""
from __future__ import annotations

import time
from collections import OrderedDict
from concurrent import futures

import pygame
import pytest

from engine import lineit
from engine.bots import lineit_bots, worker as worker_mod
from engine.bots.worker import BotWorker
from game.table.bots import TableBots, bot_seed
from test_table_lineit import config, frames, home, open_game, start, until  # noqa: F401
from test_table_lineit_hints import counting_questions

SEED = 9            # a seeded 2-player game whose first hint plans a take, a close and the end


@pytest.fixture
def quick(monkeypatch):
    """Hard searches short enough for a test, and no answer known from an earlier test."""
    monkeypatch.setattr(lineit_bots, "DEFAULT_BUDGET", {"hard": 300})
    monkeypatch.setattr(worker_mod, "_ANSWERS", OrderedDict())


@pytest.fixture
def bots(quick):
    """The table's bots with a worker in a thread; `bots.asked` lists the views each search was
    asked for (every question to the worker is a search: none is known before)."""
    b = TableBots("lineit", levels=[None, "hard"], seeds=[bot_seed(SEED, p) for p in range(2)])
    b.worker = BotWorker(use_process=False)
    b.asked = counting_questions(b.worker)
    yield b
    b.close()


def searched(bots: TableBots, state: lineit.LineitState, seat: int) -> dict:
    """The hint for this position, asked ahead and waited on (its search runs its whole budget: the
    same answer on any machine)."""
    bots.prefetch_hint(state, seat)
    futures.wait(list(bots._flights.values()), timeout=60)
    deadline = time.monotonic() + 60
    while (hint := bots.poll_hint(state, seat)) is None:
        assert time.monotonic() < deadline, "the hint never came"
        time.sleep(0.01)
    return hint


def at_once(bots: TableBots, state: lineit.LineitState, seat: int) -> dict | None:
    """The hint for a new position as the table gets it: asked ahead, then clicked, with no wait."""
    bots.cancel_hint()                 # the table forgets the position on every move
    bots.prefetch_hint(state, seat)
    bots.ask_hint(state, seat, wanted=True)
    return bots.poll_hint(state, seat)


def game() -> tuple[lineit.LineitState, int]:
    state = lineit.new_game(2, seed=SEED, first_seat=0)
    return state, state.current_seat


def plan_of(hint: dict) -> list[str]:
    return [hint["action"]] + [step["action"] for step in hint.get("plan", [])]


def other_take(state: lineit.LineitState, not_this: str) -> str:
    """A legal take of another market card than the plan's (leaving the plan)."""
    return next(str(a) for a in state.legal_actions() if a.kind.startswith("take") and str(a) != not_this
                and lineit.parse_action(not_this).card != a.card)


def test_the_hint_carries_its_turns_plan_each_step_said_and_legal(quick):
    from engine.bots.worker import rank

    state, seat = game()
    hint = rank("lineit", "hard", bot_seed(SEED, seat), state.view(seat), 1, None, None)[0]
    plan = plan_of(hint)
    assert len(plan) >= 3 and plan[-1] == "end", plan
    t = state.clone()
    for step, words in zip(plan, [hint] + hint["plan"]):
        assert t.is_legal(step), (step, plan)
        assert words["reason"] and words["template"] and isinstance(words["facts"], list)
        t.apply(step)
    assert t.current_seat != seat                     # the plan is the whole turn


def test_following_the_plan_hints_each_next_step_from_it_without_a_search(bots):
    state, seat = game()
    first = searched(bots, state, seat)
    plan = plan_of(first)
    assert len(plan) >= 3, plan
    assert len(bots.asked) == 1
    hint = first
    for step in plan[1:]:
        state.apply(hint["action"])                   # the player does exactly the hinted action
        hint = at_once(bots, state, seat)
        assert hint is not None, "the next step was not known at once"
        assert hint["search"]["stopped"] == "plan" and hint["search"]["iterations"] == 0, hint["search"]
        assert hint["action"] == step and state.is_legal(step)
        assert hint["reason"] and "facts" in hint
    assert len(bots.asked) == 1, "a step of the plan was searched again"


def test_leaving_the_plan_starts_a_fresh_search(bots):
    state, seat = game()
    first = searched(bots, state, seat)
    assert first.get("plan"), first
    state.apply(other_take(state, first["action"]))   # a different legal action than the hinted one
    at_once(bots, state, seat)
    assert len(bots.asked) == 2 and bots.asked[-1] == state.view(seat)
    hint = searched(bots, state, seat)
    assert hint["search"]["stopped"] != "plan" and hint["search"]["iterations"] > 0
    assert state.is_legal(hint["action"])


def test_an_undo_after_a_followed_step_does_not_reuse_the_plan(bots):
    state, seat = game()
    first = searched(bots, state, seat)
    plan = plan_of(first)
    n = len(state.history)
    state.apply(first["action"])
    second = at_once(bots, state, seat)
    assert second is not None and second["search"]["stopped"] == "plan" and second["action"] == plan[1]
    state = state.rewind(n)                            # undo: back before the first step
    back = at_once(bots, state, seat)
    assert back is not None and back["action"] == first["action"]    # the position's own hint
    assert back["search"]["stopped"] != "plan" and back.get("plan") == first["plan"]
    state.apply(other_take(state, first["action"]))   # then something else: searched afresh
    at_once(bots, state, seat)
    assert len(bots.asked) == 2 and bots.asked[-1] == state.view(seat)
    hint = searched(bots, state, seat)
    assert hint["search"]["stopped"] != "plan" and state.is_legal(hint["action"])


def test_the_player_follows_the_plan_at_the_real_table(home, quick):
    """Play hint (A) and Hint (T) through the scene loop: the next step shows the same frame it is
    asked, with no question to the worker; Undo (U) shows the position's own hint again."""
    app = start()
    app.change_settings(confirm_close_line=False)
    sc = open_game(app, config("human", "bot", seed=SEED))
    until(app, sc.my_turn)
    asked = counting_questions(sc.bots.worker)
    key(pygame.K_t)
    frames(app)
    futures.wait(list(sc.bots._flights.values()), timeout=60)   # a search in a thread: waited on, not framed
    until(app, lambda: sc.hint is not None, 6000)
    first = sc.hint
    plan = plan_of(first)
    assert len(plan) >= 2, plan
    before = len(asked)
    n = len(sc.ctrl.state.history)
    key(pygame.K_a)                                   # play the hint
    frames(app)
    assert [str(a) for a in sc.ctrl.state.history[n:]] == plan[:1]
    assert sc.hint is None
    frames(app, 5)                                    # the table asks ahead as it would
    key(pygame.K_t)
    frames(app)
    assert sc.hint is not None, "the plan's next step did not show at once"
    assert sc.hint["action"] == plan[1] and sc.hint["search"]["stopped"] == "plan"
    assert sc.ctrl.state.is_legal(plan[1])
    assert len(asked) == before, "the next step was searched again"
    key(pygame.K_u)                                   # undo the step
    frames(app)
    assert len(sc.ctrl.state.history) == n
    key(pygame.K_t)
    frames(app)
    assert sc.hint is not None and sc.hint["action"] == first["action"]
    assert sc.hint["search"]["stopped"] != "plan"


def key(k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
