"""Flaws a new player met at the Line-it table (issue 26 item 6): tooltips under dialogs, toasts over
the names, the finished table's empty lines, words, and 800×600. Driven through the real scene loop
headless."""
from __future__ import annotations

import pygame
import pytest

from engine import lineit
from engine.lineit import events as E
from game.shell import i18n
from game.shell.i18n import _
from game.lineit_table import texts
from game.lineit_table.draw import text_items
from game.lineit_table.geometry import MIN_PX
from game.lineit_table.log import event_text
from game.lineit_table.present import final_lines
from game.lineit_table.results import ResultsScene
from game.scenes.dialogs import ConfirmScene
from game.table.spec import TableSpec
from game.ui import text as T
from game.ui.widgets import label_text
from test_table_drivers import opened, pause_offers_save, setup
from test_table_lineit import card_at, click, config, drag, frames, home, mouse, open_game, settle, start, \
    until, zone_center  # noqa: F401
from test_table_lineit_follow_bots import play_one_turn, six


def test_the_close_tooltip_hides_under_the_confirm_dialog(home, monkeypatch):
    app = start()
    sc = open_game(app, config("human", "bot"))
    until(app, sc.my_turn)
    card = next(s.card for s in sc.board.sprites_in(("market",)) if not s.card.startswith("B"))
    drag(app, card_at(sc, card, "market"), zone_center(sc, "line"))
    settle(app)
    mouse(pygame.MOUSEMOTION, sc.b_close.rect.center)
    frames(app, 2)
    assert sc.tip is not None                         # the tooltip says what closing would bank
    from game.lineit_table import draw
    drawn = []
    real = draw.draw_tip
    monkeypatch.setattr(draw, "draw_tip", lambda *a, **kw: drawn.append(1) or real(*a, **kw))
    click(app, sc.b_close.rect.center)
    assert isinstance(app.top, ConfirmScene)
    drawn.clear()
    frames(app, 3)
    assert not drawn                                  # nothing of the table's tooltip over the dialog


def test_toasts_go_under_the_other_seats_names_and_scores(home):
    app = start()
    sc = open_game(app, config("human", "bot", "bot"))
    until(app, sc.my_turn)
    app.toast("A note")
    surface = pygame.Surface(app.screen.get_size(), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    app._draw_toasts(surface)
    box = surface.get_bounding_rect()
    assert box.h > 0
    assert box.top >= max(g.panel.bottom for g in sc.geo.opponents)


def _one_move_from_the_end() -> tuple[lineit.LineitState, str]:
    """A seeded 2-seat game where seat 0 is to play and one of its actions ends the game."""
    for first in (0, 1):
        s = lineit.new_game(players=2, seed=1_987_654_321, first_seat=first)     # a seed as the setup makes them
        while not s.is_over:
            if s.current_seat == 0:
                for a in s.legal_actions():
                    t = s.clone()
                    t.apply(a)
                    if t.is_over:
                        return s, str(a)
            s.apply(_builder(s))
    raise AssertionError("no game ends on seat 0's move")


def _builder(s: lineit.LineitState) -> lineit.Action:
    """Builds lines: a take to the line, a play, else the first other action but a close."""
    legal = s.legal_actions()
    for kind in ("take_line", "play", "end", "pass", "take_hand"):
        got = [a for a in legal if a.kind == kind]
        if got:
            return got[0]
    return legal[0]


def test_look_at_the_table_shows_the_final_lines_and_offers_no_save(home):
    app = start()
    state, last = _one_move_from_the_end()
    sc = opened(app, TableSpec("lineit", setup("lineit", "human", "bot"), state=state))
    if last != "pass":                   # a pass with nothing to play the table makes by itself
        until(app, sc.my_turn)
        sc.try_action(lineit.parse_action(last))
    until(app, lambda: isinstance(app.top, ResultsScene))
    results = app.top
    for p in range(2):           # "0" for none, never "+0" or "−0"
        cell = results.cell(p, "tokens")
        assert "+0" not in cell and "\u22120" not in cell, cell
    click(app, results.b_look.rect.center)
    settle(app)
    assert app.top is sc
    lines = final_lines(sc.ctrl.state.events, 2)
    assert any(lines)
    for p in range(2):
        shown = [s.card for s in sc.board.sprites_in(("line", p))]
        assert shown == lines[p], (p, shown, lines[p])
    assert not pause_offers_save(app, sc)              # a finished game has nothing to save


def test_words_of_the_log_and_refusals():
    name = ["Ada", "Ben"].__getitem__
    # nothing moves to the jackpots: no "go to the jackpots: —."; a sentence starts with a capital
    e = E.RemainderDealt(cards=("B5",), to_jackpots=((), (), (), ()), bets_gone=("B5",))
    assert event_text(e, name) == "The draw pile cannot fill a market. Bet 5 leaves the game."
    e = E.RoundEnded(round=3, to_jackpots=((), (), (), ()), bets_gone=("B4",), token_to=1)
    assert event_text(e, name) == "End of round 3. Bet 4 leaves the game. Ben starts the next round."
    assert texts.refusal_text("chance.wrong_count", {"count": 1, "given": 2}) == "Cards needed: 1, not 2"


def test_other_seats_numbers_read_at_800x600(home):
    app = start((800, 600))
    sc = open_game(app, six())
    for _turn in range(40):
        until(app, lambda: sc.my_turn() or sc.ctrl.state.is_over)
        seats = sc.ctrl.spectator()["seats"]
        long = [g for g in sc.geo.opponents if len(seats[g.seat]["line"]) >= 5]
        if long:
            break
        play_one_turn(app, sc)
    assert long
    assert all(g.card_h >= 50 for g in sc.geo.opponents)       # the cards grew with the spare height
    items = {it.key: it for it in text_items(sc)}
    for g in long:
        text, size = items[("strip", g.seat)].desc[:2]
        line = seats[g.seat]["line"]
        assert size >= MIN_PX
        assert all(c in text for c in line if not c.startswith("B")) or text.startswith("\u2026")


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_results_buttons_keep_one_line_of_readable_text_at_800x600(home, lang):
    app = start((800, 600))
    i18n.set_language(lang)
    state, last = _one_move_from_the_end()
    sc = opened(app, TableSpec("lineit", setup("lineit", "human", "bot"), state=state))
    if last != "pass":                   # a pass with nothing to play the table makes by itself
        until(app, sc.my_turn)
        sc.try_action(lineit.parse_action(last))
    until(app, lambda: isinstance(app.top, ResultsScene))
    lay = app.lay
    for b in app.top.widgets:
        if not b.visible:
            continue
        label = label_text(b.label)
        px = max(MIN_PX, lay.font_px(b.font_size))
        assert T.width(label, px, True) <= b.rect.w - lay.px(30), (label, b.rect)    # one line (bold)
        assert b.rect.right <= lay.width and b.rect.x >= 0
    assert _("Look at the table")
