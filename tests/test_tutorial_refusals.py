"""A tutorial refusal says which rule a move breaks (issue 35): a move the engine refuses is
refused with the table's own words for the engine's refusal code, then the step's task; a legal
move the step does not ask for still gets only the task. Real tutorial tables, headless."""
from __future__ import annotations

import pytest

from game import i18n
from game.lineit_table import texts as lineit_texts
from game.linyo_table import texts as linyo_texts
from game.tutorial import open_tutorial
from game.tutorial.lineit_script import script as lineit_script
from game.tutorial.linyo_script import script as linyo_script

from test_tutorial import DT, settle, start, tutorial
from tutorial_player import panel

TASK = "Not this one: do what the step above says."


@pytest.fixture
def home(headless_home):
    yield headless_home


def _opened(game: str, first: str, lang: str):
    """The tutorial of `game` in `lang` at the step whose first action is `first`."""
    script = {"lineit": lineit_script, "linyo": linyo_script}[game]()
    index = next(i for i, step in enumerate(script.steps) if step.do[:1] == (first,))
    app = start()
    app.change_settings(language=lang)
    open_tutorial(app, game, index)
    app.run(frames=3, dt=DT)
    sc = tutorial(app)
    settle(app, sc)
    return app, sc


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_line_it_move_that_breaks_a_rule_is_refused_with_the_rule(home, lang):
    app, sc = _opened("lineit", "play 45", lang)   # the 7 in the market fits neither hand nor line
    p = panel(sc)
    assert p.guide.expected() == "play 45"
    why = sc.ctrl.state.why_illegal("take 7 line")
    assert why is not None
    assert sc.vet(["take 7 line"]) is None
    rule = lineit_texts.refusal(why)
    assert p.refusal is not None and p.refusal[0].startswith(rule) and rule
    assert p.refusal[0] != i18n._(TASK)
    other = next(str(a) for a in sc.ctrl.state.legal_actions() if str(a) != "play 45")
    assert sc.vet([other]) is None
    assert p.refusal[0] == i18n._(TASK)             # a legal move off the script: the task alone
    assert app.errors == 0


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_linyo_move_that_breaks_a_rule_is_refused_with_the_rule(home, lang):
    app, sc = _opened("linyo", "move 1 e5 d5 c5 c6", lang)
    p = panel(sc)
    assert p.guide.expected() == "move 1 e5 d5 c5 c6"
    why = sc.decide_state.why_illegal("move 1 d5")  # not next to the line's end
    assert why is not None
    assert sc.vet(["move 1 d5"]) is None
    rule = linyo_texts.refusal(why.code, dict(why.params))
    assert p.refusal is not None and p.refusal[0].startswith(rule) and rule
    assert p.refusal[0] != i18n._(TASK)
    assert app.errors == 0
