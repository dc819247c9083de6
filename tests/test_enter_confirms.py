"""Enter confirms the move the player drew, whatever a mouse click left focused (issue 35).

A new player clicked Hint with the mouse, drew their own move on the sheet with the mouse and
pressed Enter, as the key line says: the Hint button still had the focus, and Enter played the
hint's path instead of theirs. Only a focus the keyboard gave (Tab) makes Enter click a button.
Line-it is checked the same way: Enter ends the turn after a click on Hint. Real scene loop,
headless.
"""
from __future__ import annotations

import pygame

from engine import linyo
from game.scenes.dialogs import ConfirmScene

from test_table_linyo_hints import wait_for
from test_table_linyo_keys import DT, home, key, start, to_move  # noqa: F401


def click(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)


def test_linyo_enter_after_a_click_on_hint_confirms_the_move_drawn_with_the_mouse(home):
    app, scene = start(seed=21)
    to_move(app, scene)
    st, seat = scene.state, scene.state.current_seat
    click(app, scene.b_hint.rect.center)
    wait_for(app, lambda: scene.hint is not None)
    x, y = scene.b_hint.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 2, y), rel=(2, 0), buttons=(0, 0, 0)))
    app.step(DT)                                   # the pointer, still on Hint, moves: Hint has the focus
    assert scene.focus is scene.b_hint, "the pointer left the focus on Hint (the case to check)"
    hinted = str(scene.hint["action"])
    mine = next(m for ms in linyo.moves_by_line(st, seat).values() for m in ms if str(m) != hinted)
    for f in [st.lines[seat][mine.line - 1][-1], *mine.fields, *([mine.star] if mine.star is not None else [])]:
        click(app, scene.geom.cell_rect(f).center)
    assert scene.pending_actions() == [str(mine)]
    before = len(st.log)
    key(app, pygame.K_RETURN)
    if isinstance(app.top, ConfirmScene):          # "this closes a line": Enter says yes
        key(app, pygame.K_RETURN)
    assert scene.state.log[before:before + 1] == [str(mine)], "Enter played something else than the drawn move"
    assert app.errors == 0


def test_linyo_enter_clicks_a_button_the_keyboard_focused(home):
    app, scene = start(seed=21)
    to_move(app, scene)
    assert not scene.hint_wanted
    while scene.focus is not scene.b_hint:
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert scene.hint_wanted or scene.hint is not None, "Enter on a Tab-focused Hint asks for the hint"
    assert app.errors == 0


def test_lineit_enter_after_a_click_on_hint_ends_the_turn_and_plays_no_hint(home):
    from engine import lineit
    from test_table_lineit import click as lineit_click
    from test_table_lineit import config, open_game, until
    from test_table_lineit import start as lineit_start

    app = lineit_start()
    sc = open_game(app, config("human", "bot", seed=11))
    until(app, lambda: sc.my_turn() and not sc.board.animating, 6000)
    take = next(str(a) for a in sc.ctrl.state.legal_actions() if a.kind == "take_line")
    sc.try_action(lineit.parse_action(take))
    lineit_click(app, sc.b_hint.rect.center)
    until(app, lambda: sc.hint is not None, 6000)
    hinted = str(sc.hint["action"])
    done = len(sc.ctrl.state.history)
    key(app, pygame.K_RETURN)
    until(app, lambda: len(sc.ctrl.state.history) > done, 6000)
    did = str(sc.ctrl.state.history[done])
    assert did == "end", f"Enter did {did}, the hint was {hinted}"
    assert app.errors == 0
