"""The tutorials teach only true rules and show what they talk about.

Each tutorial is played on the real table by its expected moves (the mouse gestures of
`tutorial_player`), at 800x600 and 1920x1080, in English, German and French. At every step:

- every claim of the words on screen holds on the engine's state at that moment
  (`game.tutorial.claims`): the task's when the step begins (and, for a step without an
  action, after the bots' moves too), the `after` text's once the step is done;
- the panel covers neither the other seats' panels nor what the step spotlights;
- each refusal text fits the panel, and the panel the window;
- every text shown has its own number ("Step n of N"), counted up once.

At the end the learner has won, and the results wait for Finish.
"""
from __future__ import annotations

import pygame
import pytest

from game.shell import i18n
from game.table.results import TableResults
from game.tutorial import claims, open_tutorial
from game.lineit_table.tutorial.script import script as lineit_script
from game.linyo_table.tutorial.script import script as linyo_script
from game.tutorial.steps import state_at
from game.tutorial.table import TEXT_SIZE, panel_text_width
from game.ui import text as T

from tutorial_player import panel
from test_tutorial import DT, advance, opened, perform, settle, start, tutorial

SCRIPTS = {"lineit": lineit_script, "linyo": linyo_script}
REFUSALS = ("Not this one: do what the step above says.", "Not now: read the note, then press Next.",
            "Undo is off in the tutorial: press Step back to go back a step.")


@pytest.fixture
def home(headless_home):
    yield headless_home


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_every_step_declares_the_claims_of_its_words(game):
    """A step's task and its `after` text each carry claims, and every claim names a known check."""
    sc = SCRIPTS[game]()
    for i, step in enumerate(sc.steps):
        assert step.claims, (game, i + 1, "a step with no claim")
        assert bool(step.after) == bool(step.after_claims), (game, i + 1, "an after text with no claim")
        for c in step.claims + step.after_claims:
            assert c.split()[0] in claims.of(game), (game, i + 1, c)


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_the_claims_hold_through_the_engine(game):
    """The same checks on the engine alone, step by step (quick, and the place to read them)."""
    sc = SCRIPTS[game]()
    for i, step in enumerate(sc.steps):
        params = dict(step.params)
        s = state_at(sc, i)
        for c in step.claims:
            assert claims.holds(game, s, c.format(**params)), (game, i + 1, c)
        for a in step.do + step.bots:
            s.apply(a)
        for c in (step.claims if not step.do else ()) + step.after_claims:
            assert claims.holds(game, s, c.format(**params)), (game, i + 1, "after", c)


def test_a_claim_that_is_false_fails():
    """The claims are real checks: the Line-it close step is no forced close, and says so."""
    sc = lineit_script()
    i = next(i for i, st in enumerate(sc.steps) if "take 80 line" in st.do)
    s = state_at(sc, i)
    assert claims.holds("lineit", s, "not_must_close") and not claims.holds("lineit", s, "must_close")
    assert not claims.holds("lineit", s, "direction up") and claims.holds("lineit", s, "direction down")
    with pytest.raises(KeyError):
        claims.holds("lineit", s, "no_such_claim")


def test_the_line_it_tutorial_is_won_by_its_moves():
    sc = lineit_script()
    end = state_at(sc, len(sc.steps))
    assert end.is_over and end.winners() == [0], end.scores()
    assert end.scores()[0] > end.scores()[1]


def _check_moment(game: str, sc, seen: dict, when: str) -> None:
    p = panel(sc)
    g = p.guide
    state = sc.tg.state
    params = dict(g.step.params)
    if when == "start":
        assert g.say() == g.text(g.step.say), (game, g.index + 1)
        checks = g.step.claims
    else:
        assert g.say() == g.text(g.step.after or g.step.say), (game, g.index + 1)
        checks = g.step.after_claims + (g.step.claims if not g.step.do else ())
    for c in checks:
        assert claims.holds(game, state, c.format(**params)), (game, g.index + 1, when, c)
    n, total = g.page()
    text = g.say()
    assert seen.setdefault(n, text) == text, (game, n, "one number, two texts")
    assert text not in [t for k, t in seen.items() if k != n], (game, n, "one text, two numbers")


def _check_panel(app, sc, game: str) -> None:
    """The panel clear of the other seats and the spotlight; every refusal fits it and the window."""
    p = panel(sc)
    lay = app.lay
    screen = pygame.display.get_surface().get_rect()
    for text in REFUSALS:
        p.refusal = (i18n._(text), 5.0)
        app.step(DT)
        box = p.box
        assert screen.contains(box), (game, p.guide.index + 1, text)
        spots = [r for r in p.part.targets(sc, p.guide) if r.w > 0 and r.h > 0]
        for r in p.part.keep_clear(sc, p.guide) + spots:
            assert not box.colliderect(r), (game, p.guide.index + 1, "the panel covers", r)
        size = lay.font_px(TEXT_SIZE)
        line_h = int(size * 1.25)
        lines = p.panel_lines(lay, p.box_w) + p.refusal_lines(lay, p.box_w)
        limit = panel_text_width(lay, p.box_w)
        assert all(T.width(line, size) <= limit for line in lines), (game, p.guide.index + 1)
        if p.inline(lay, p.box_w):                  # the buttons in the title's row, the text below
            top = box.y + lay.px(90)
            assert max(b.rect.bottom for b in p.buttons) <= top, (game, p.guide.index + 1)
            assert top + line_h * len(lines) <= box.bottom, (game, p.guide.index + 1, "text out of the panel")
        else:
            text_bottom = box.y + lay.px(24) + line_h + lay.px(10) + line_h * len(lines)
            assert text_bottom <= min(b.rect.top for b in p.buttons), (game, p.guide.index + 1, "text under the buttons")
        assert all(box.contains(b.rect) for b in p.buttons), (game, p.guide.index + 1)
    p.refusal = None
    app.step(DT)


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_each_tutorial_played_by_its_moves_says_only_what_is_true(home, game, size, lang):
    app = opened(game, size, lang)
    seen: dict[int, str] = {}
    checked: set[tuple[int, str]] = set()
    for _ in range(600):
        sc = tutorial(app)
        settle(app, sc)
        g = panel(sc).guide
        if (g.index, "start") not in checked and (g.acting() and g.done == 0 or not g.step.do):
            checked.add((g.index, "start"))
            _check_moment(game, sc, seen, "start")
            _check_panel(app, sc, game)
        g = panel(tutorial(app)).guide
        if g.ready() and (g.index, "after") not in checked:
            checked.add((g.index, "after"))
            _check_moment(game, tutorial(app), seen, "after")
            _check_panel(app, tutorial(app), game)
            continue                              # the step may have moved on meanwhile: look again
        if g.last and g.ready() and sc.tg.state.is_over:
            break
        advance(app, sc)
    else:
        raise AssertionError("the tutorial did not end")
    total = sum(s.pages for s in SCRIPTS[game]().steps)
    assert sorted(seen) == list(range(1, total + 1)), (game, sorted(seen))
    assert app.errors == 0
    sc = tutorial(app)
    if game == "lineit":
        assert sc.tg.state.winners() == [0], sc.tg.state.scores()
    app.run(frames=90, dt=DT)                    # the last explanation stays up until Finish
    assert not isinstance(app.top, TableResults)
    perform(app, ("click", panel(sc).b_next.rect.center))
    for _ in range(300):
        if isinstance(app.top, TableResults):
            break
        app.step(DT)
    else:
        raise AssertionError("Finish did not bring up the results")


def test_a_resting_tooltip_is_drawn_over_the_spotlight(home):
    """The tutorial's shade must not dim the table's tooltip: the tooltip's pixels are the same
    with and without the guide on top."""
    app = start((1280, 720))
    open_tutorial(app, "lineit", 1)
    app.run(frames=3, dt=DT)
    sc = tutorial(app)
    settle(app, sc)
    from game.lineit_table import draw as D
    target = sc.geo.deck
    sc.tip = (target, "The draw pile")
    alone = pygame.Surface(app.screen.get_size())
    D.draw_table(sc, alone)
    tip = D.draw_tip(sc, alone, target, "The draw pile")
    assert not tip.colliderect(panel(sc).box)
    full = pygame.Surface(app.screen.get_size())
    sc.draw(full)
    # the tooltip hangs under the pile: its text as bright as the table alone draws it (the
    # shade over it took its brightest pixels down to about 60%)
    lay = app.lay
    inner = pygame.Rect(0, 0, lay.px(60), lay.px(12))
    inner.midtop = (target.centerx, target.bottom + lay.px(14))
    bright = [max(pygame.image.tobytes(s.subsurface(inner), "RGB")) for s in (full, alone)]
    assert bright[0] >= 0.9 * bright[1], ("the shade dims the tooltip", bright)
