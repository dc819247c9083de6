"""Following a Line-it game at the table (issue 16 items 4, 5, 9, 10), driven through the real
scene loop headless with synthetic events."""
from __future__ import annotations

import pygame

from game.shell import i18n
from game.lineit_table import texts, tips
from game.lineit_table.results import ResultsScene
from game.lineit_table.geometry import MIN_PX
from test_table_lineit import (card_at, click, config, drag, frames, home, mouse, open_game, settle,  # noqa: F401
                               start, until, zone_center)


def key(k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def test_number_keys_address_market_places_not_remaining_cards(home):
    app = start()
    sc = open_game(app, config("human", "bot"))
    until(app, sc.my_turn)
    places = {s.zone[1]: s for s in sc.board.sprites_in(("market",))}
    drag(app, places[0].rect().center, zone_center(sc, "hand"))     # place 1 is now empty
    settle(app)
    key(pygame.K_1)
    frames(app)
    assert sc.selected is None                                       # nothing in place 1
    key(pygame.K_3)
    frames(app)
    assert sc.selected is places[2]                                  # still the third place's card
    key(pygame.K_3)
    frames(app)
    assert sc.selected is None


def test_u_key_undoes(home):
    app = start()
    sc = open_game(app, config("human", "bot"))
    until(app, sc.my_turn)
    card = sc.board.sprites_in(("market",))[0].card
    drag(app, card_at(sc, card, "market"), zone_center(sc, "hand"))
    settle(app)
    assert len(sc.ctrl.state.history) == 1
    key(pygame.K_u)
    frames(app)
    assert len(sc.ctrl.state.history) == 0
    # the log says it about the seat, not to the player ("Ada takes back: take 9 into your hand")
    for lang, own in (("en", " your "), ("de", " dein"), ("fr", " votre ")):
        i18n.set_language(lang)
        line = sc.log[-1].text()
        assert texts.card_label(card) in line and own not in f" {line} ", line
    i18n.set_language("en")
    assert sc.log[-1].text() == f"{sc.ctrl.name(0)} takes back: {texts.card_label(card)} into the hand."


def test_every_seat_keeps_its_last_move_marked(home):
    app = start()
    sc = open_game(app, config("human", "bot", "bot"))
    until(app, sc.my_turn)
    card = next(s.card for s in sc.board.sprites_in(("market",)) if not s.card.startswith("B"))
    drag(app, card_at(sc, card, "market"), zone_center(sc, "line"))
    assert sc.last_moves[0] == (card, ("line", 0))
    click(app, sc.b_end.rect.center)
    until(app, lambda: sc.my_turn() or sc.ctrl.state.is_over)
    settle(app)
    from game.lineit_table.draw import _glow, seat_color
    glow = _glow(sc)
    for seat in (1, 2):                       # both bots moved since: each has its own mark
        mark_card, zone = sc.last_moves[seat]
        marked = [s for s in sc.board.sprites.values() if s.card == mark_card and s.zone and s.zone[0] == zone]
        assert marked and glow[marked[0].key] == seat_color(seat)


def test_your_turn_waits_for_the_deal_to_land(home):
    app = start(anim_speed="normal")
    sc = open_game(app, config("human", "bot"))
    for _ in range(4000):
        if sc.ctrl.state.is_over:
            break
        until(app, lambda: sc.my_turn() or sc.ctrl.state.is_over)
        if sc.ctrl.state.is_over:
            break
        # a new round was dealt to the human: the turn opens only once the cards are down
        legal = sorted(str(a) for a in sc.ctrl.state.legal_actions())
        take = next((a for a in legal if a.startswith("take")), None)
        if take is None:
            click(app, sc.b_end.rect.center)
            continue
        n = len(sc.ctrl.state.history)
        _t, card, to = take.split()
        drag(app, card_at(sc, card, "market"), zone_center(sc, to))
        click(app, sc.b_end.rect.center)
        until(app, lambda n=n: len(sc.ctrl.state.history) > n + 1 or sc.ctrl.state.is_over)
        rounds = sc.ctrl.spectator()["round"]
        if sc.ctrl.current == 0 and sc.board.animating and sc.deal_until > sc.board.clock:
            from game.lineit_table.draw import status_text
            assert not sc.my_turn() and "Your turn" not in status_text(sc)[0]
            until(app, sc.my_turn)
            assert sc.board.clock >= sc.deal_until and "Your turn" in status_text(sc)[0]
            assert rounds >= 2
            return
    raise AssertionError("no deal to the human was seen")


def test_log_scrolls_by_wheel_drag_and_keys_and_lights_its_cards(home):
    app = start()
    sc = open_game(app, config("human", "bot"))
    # play until the log is longer than its panel
    from test_table_lineit import human_move
    while len(sc.log) < 30 and not sc.ctrl.state.is_over:
        until(app, lambda: sc.my_turn() or sc.ctrl.state.is_over)
        if sc.ctrl.state.is_over:
            break
        settle(app)
        human_move(app, sc)
        frames(app, 2)
    until(app, lambda: sc.my_turn() or sc.ctrl.state.is_over)     # no bot adds to the log meanwhile
    settle(app)
    from game.lineit_table.draw import log_entries
    shown = len(log_entries(sc))
    assert shown < len(sc.log)
    log = sc.geo.log
    mouse(pygame.MOUSEMOTION, log.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))
    frames(app)
    assert sc.log_scroll == 2
    assert log_entries(sc)[0][0] is sc.log[-3]                 # the newest shown is two back
    key(pygame.K_END)
    frames(app)
    assert sc.log_scroll == 0
    key(pygame.K_PAGEUP)
    frames(app)
    assert sc.log_scroll == 3
    key(pygame.K_HOME)
    frames(app)
    # Home: the oldest entry shows at the top, the panel full (it scrolls no further)
    assert log_entries(sc)[-1][0] is sc.log[0] and sc.log_scroll > 3
    top = sc.log_scroll
    key(pygame.K_PAGEUP)
    frames(app)
    assert sc.log_scroll == top
    key(pygame.K_END)
    frames(app)
    # drag downwards: older entries come into view
    lh = sc.log_line_px()
    mouse(pygame.MOUSEMOTION, (log.centerx, log.centery))
    mouse(pygame.MOUSEBUTTONDOWN, (log.centerx, log.centery))
    frames(app)
    mouse(pygame.MOUSEMOTION, (log.centerx, log.centery + 4 * lh))
    frames(app)
    mouse(pygame.MOUSEBUTTONUP, (log.centerx, log.centery + 4 * lh))
    frames(app)
    assert sc.log_scroll == 4
    key(pygame.K_END)
    frames(app)
    # hover: the entry under the mouse lights its cards on the table
    for entry, _lines, y in log_entries(sc):
        on_table = [s for s in sc.board.sprites.values() if s.card in entry.cards]
        if on_table:
            mouse(pygame.MOUSEMOTION, (log.centerx, y + 2))
            frames(app)
            assert sc.log_hover is entry
            from game.lineit_table.draw import GLOW_LOG, _glow
            glow = _glow(sc)
            assert any(glow.get(s.key) is not None for s in on_table)
            assert GLOW_LOG in glow.values() or any(s.key in glow for s in on_table)
            return
    raise AssertionError("no log entry names a card on the table")


def test_tooltips_by_mouse_and_by_the_i_key(home):
    app = start()
    sc = open_game(app, config("human", "bot"))
    until(app, sc.my_turn)
    mouse(pygame.MOUSEMOTION, sc.geo.deck.center)
    frames(app)
    assert sc.tip is not None and "Draw pile" in sc.tip[1] and str(sc.ctrl.spectator()["draw_pile"]) in sc.tip[1]
    mouse(pygame.MOUSEMOTION, sc.geo.jackpots["blue"].center)
    frames(app)
    assert sc.tip is not None and "jackpot" in sc.tip[1]
    # the keyboard steps through every target
    seen = []
    targets = tips.targets(sc)
    for _ in range(len(targets)):
        key(pygame.K_i)
        frames(app)
        seen.append(sc.tip[1])
    assert len(set(seen)) >= len(targets) - 1
    assert any("First-player token" in t for t in seen) and any("banked pile" in t for t in seen)
    key(pygame.K_ESCAPE)
    frames(app)
    assert sc.tip_focus is None


def test_bet_progress_and_close_preview_tooltips(home):
    from engine.lineit import BetProgress
    assert "2 of 4 cards after it" in tips.bet_text(BetProgress(4, 2, False))
    assert "wins +4" in tips.bet_text(BetProgress(4, 4, True))
    app = start()
    sc = open_game(app, config("human", "bot"))
    until(app, sc.my_turn)
    card = next(s.card for s in sc.board.sprites_in(("market",)) if not s.card.startswith("B"))
    drag(app, card_at(sc, card, "market"), zone_center(sc, "line"))
    settle(app)
    mouse(pygame.MOUSEMOTION, sc.b_close.rect.center)
    frames(app)
    assert sc.tip is not None and "bank" in sc.tip[1]


def test_results_rank_mark_you_and_copy_the_seed(home):
    app = start()
    sc = open_game(app, config("human", "bot"))
    from test_table_lineit import human_move
    while not sc.ctrl.state.is_over:
        until(app, lambda: sc.my_turn() or sc.ctrl.state.is_over)
        if sc.ctrl.state.is_over:
            break
        settle(app)
        human_move(app, sc)
        frames(app, 2)
    until(app, lambda: isinstance(app.top, ResultsScene))
    res = app.top
    assert res.mine == 0
    scores = sc.ctrl.state.scores()
    ranks = res.ranks()
    for p in range(2):
        assert ranks[p] == 1 + sum(s > scores[p] for s in scores)
    assert res.b_seed.visible and "11" in res.b_seed.label()
    toasts = len(app.toasts)
    key(pygame.K_c, pygame.KMOD_CTRL)
    frames(app)
    assert len(app.toasts) == toasts + 1 and "11" in app.toasts[-1][0]
    # the final table can be looked at, and the results come back
    click(app, res.b_look.rect.center)
    frames(app, 2)
    assert not isinstance(app.top, ResultsScene)
    key(pygame.K_RETURN)
    frames(app, 2)
    assert isinstance(app.top, ResultsScene)


def test_no_text_under_11_px_and_one_button_size_at_800x600(home):
    for lang in ("en", "de", "fr"):
        app = start(size=(800, 600))
        app.change_settings(language=lang)
        sc = open_game(app, config("human", "bot", "bot", "bot"))
        until(app, sc.my_turn)
        frames(app, 2)
        sizes = {b.font_size for b in sc.buttons[:4]}
        assert len(sizes) == 1
        assert app.lay.font_px(sizes.pop()) >= MIN_PX
        from game.ui import text as T
        drawn: list[tuple[int, str]] = []
        real = T.render

        def spy(text, size, *a, drawn=drawn, real=real, **kw):
            if text.strip():
                drawn.append((int(size), text))
            return real(text, size, *a, **kw)
        T.render = spy
        try:
            sc.paint.layer = type(sc.paint.layer)()       # everything drawn again
            sc.paint.base = None
            sc.paint.text_cache = None
            sc.paint.seat_texts = None
            frames(app, 2)
        finally:
            T.render = real
        assert drawn and min(drawn)[0] >= MIN_PX, (lang, min(drawn))
        i18n.set_language("en")
        pygame.display.quit()


def test_a_quiet_frame_scales_the_market_cards_to_where_they_may_land(home):
    """A card landing at a height it was never drawn at was scaled in its landing frame (0.3-0.5 ms
    of smoothscale, most of Line-it's slowest frames); quiet frames make those sizes first."""
    from game.lineit_table.sprites import drawn_height, token_of
    app = start()
    sc = open_game(app, config("human", "bot", "bot"))
    until(app, sc.my_turn)
    settle(app)
    board, geo = sc.board, sc.geo
    heights = {drawn_height(h) for h in [geo.seat(p).card_h for p in range(3)] + [geo.seat(0).hand_h, geo.jack_h]}
    board.images.wait_loaded(30.0)
    board.images.preload(200)                  # the loader's sources, taken in
    market = [token_of(s.card) for s in board.sprites_in(("market",))]
    assert market
    for _ in range(200):
        if not board.warm():
            break
    assert not board.warm()
    for token in market:
        for h in heights:
            assert board.images.ready(token, h), (token, h)
    frames(app, 30)                    # the frames themselves keep it so
    assert app.errors == 0
