"""Hint with the four starts picked and not yet confirmed, through the real scene loop (headless).

The hint is then asked of the position with the picks placed (`hint_state`): the hard bot answers
with the first move of a line the confirmed sheet does not have yet. Drawn against the decision's
own position it raised IndexError ("Something went wrong", back to the menu); it glows on the
sheet as asked.
"""
from __future__ import annotations

import pygame

from engine import linyo

from test_table_linyo_hints import home, wait_for  # noqa: F401  (home: the fixture)
from test_table_linyo_keys import go_to, key, start


def test_a_hint_asked_with_the_four_starts_picked_glows_and_the_table_stays(home):
    app, scene = start(seed=21)
    assert scene.state.phase == "start" and scene.starts is not None
    for _ in range(4):
        allowed = sorted(scene.starts.allowed())
        go_to(app, scene, allowed[len(allowed) // 3])
        key(app, pygame.K_RETURN)
    assert scene.starts.done() and scene.can_confirm() and not scene.state.log
    key(app, pygame.K_h)
    wait_for(app, lambda: scene.hint is not None or app.top is not scene)
    for _ in range(3):                            # drawn a few times, as the player sees it
        app.step(1 / 60)
    assert app.top is scene and app.errors == 0, "the hint broke the table"
    asked = scene.hint_state()
    assert len(asked.lines[scene.decide_seat]) == 4        # asked with the picks placed
    action = linyo.parse_action(scene.hint["action"])
    glowing = {f for f, how in scene._glows(scene.decide_seat).items() if how == "hint"}
    assert isinstance(action, linyo.Move), action           # the first move: of a line only the picks have
    assert asked.lines[scene.decide_seat][action.line - 1][-1] in glowing     # its line's end, a pick
    assert set(action.fields) <= glowing
    key(app, pygame.K_RETURN)                     # the starts are still the player's to confirm
    wait_for(app, lambda: len(scene.state.log) >= 4)
    assert app.top is scene and app.errors == 0
