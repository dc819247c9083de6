"""The tutorial's bubble and pointer over the real table (issue 27's screenshots at 800x600): at
every moment of both tutorials, played by mouse through the real scene loop, headless, in three
languages at 800x600 and 1920x1080,

- the bubble covers neither the log's heading (Line-it's "Game log"; over Linyo's log, the key
  help line that heads it) nor the thing the step points at, and
- the pointer's line crosses none of the words the table draws (the words of the Linyo sheet's
  own grid aside: a field is pointed at across its sheet).

The table's words are what it really draws: the table is painted afresh (new caches) with the
text recorder on (`appkit.drawn_by`), and the pointer's lines are what the bubble draws."""
from __future__ import annotations

import pygame
import pytest

from game.shell import i18n
from appkit import drawn_by
from test_tutorial import DT, advance, home, opened, perform, settle, start, tutorial  # noqa: F401
from tutorial_player import panel

LANGS = ["en", "de", "fr"]
SIZES = [(800, 600), (1920, 1080)]


def table_texts(app, sc) -> list[tuple[str, pygame.Rect]]:
    """Every line of text the table draws (without the tutorial on top), painted from scratch."""
    surface = pygame.Surface(app.screen.get_size())
    components, paint = sc.components, sc.paint
    sc.components, sc.paint = [], type(paint)()
    try:
        return [(text, pygame.Rect(r)) for text, _px, r in drawn_by(lambda: sc.draw(surface)) if r.w and r.h]
    finally:
        sc.components, sc.paint = components, paint


def pointer_lines(app, p) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The straight lines the bubble draws (its pointer), from a real draw of it."""
    lines = []
    draw_line = pygame.draw.line

    def record(surface, colour, a, b, width=1):
        lines.append((tuple(a), tuple(b)))
        return draw_line(surface, colour, a, b, width)

    pygame.draw.line = record
    try:
        p.draw(pygame.Surface(app.screen.get_size()))
    finally:
        pygame.draw.line = draw_line
    return lines


def log_heading(sc, texts) -> list[pygame.Rect]:
    if sc.game == "lineit":
        return [r for t, r in texts if t == i18n._("Game log")]
    return [r for _t, r in texts if sc.keys_rect.contains(r)]


def problems(app, sc) -> list[str]:
    p = panel(sc)
    texts = table_texts(app, sc)
    box = p.box
    out = []
    heading = log_heading(sc, texts)
    if sc.game == "lineit":
        assert heading, "the log's title is drawn"
    out += [f"covers the log's heading {r}" for r in heading if box.colliderect(r)]
    targets = [r for r in p.part.targets(sc, p.guide) if r.w > 0 and r.h > 0]
    out += [f"covers the step's target {tuple(r)}" for r in targets if box.colliderect(r)]
    words = [(t, r) for t, r in texts if not box.contains(r)
             and not (sc.game == "linyo" and sc.geom.paper.contains(r))]
    for a, b in pointer_lines(app, p):
        out += [f"the pointer {a}->{b} crosses {t!r} {tuple(r)}" for t, r in words if r.clipline(a, b)]
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_the_bubble_and_its_pointer_leave_the_table_readable(home, game, size, lang):
    app = opened(game, size, lang)
    seen: set = set()
    bad: list[str] = []
    for _ in range(800):
        sc = tutorial(app)
        settle(app, sc)
        app.run(frames=2, dt=DT)
        p = panel(sc)
        g = p.guide
        moment = (g.index, g.done, g.played, sc.game == "linyo" and sc.can_confirm(), g.say())
        if moment not in seen:
            seen.add(moment)
            found = problems(app, sc)
            bad += [f"step {g.index} ({g.done} done): {x}" for x in found]
        if g.last and g.ready() and sc.tg.state.is_over:
            break
        advance(app, sc)
    else:
        raise AssertionError("the tutorial did not end")
    assert not bad, f"{game} {lang} {size}:\n" + "\n".join(bad)
    assert app.errors == 0
