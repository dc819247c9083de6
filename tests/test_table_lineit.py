"""The Line-it table driven headless through the real scene loop with synthetic mouse events."""
from __future__ import annotations

import json
import time

from concurrent import futures

import pygame
import pytest

from engine.bots.worker import BotWorker

from game.files import stats, storage
from game.shell import tables
from game.shell.app import App
from game.table import bots as bots_mod
from game.table.overlays import PassScene
from game.lineit_table.results import ResultsScene
from game.lineit_table.scene import TableScene
from game.lineit_table.texts import card_label
from game.scenes.dialogs import ConfirmScene

from appkit import menu_app  # noqa: E402

DT = 1 / 60


@pytest.fixture
def home(headless_home, monkeypatch):
    monkeypatch.setattr(bots_mod, "WORKER_FACTORY", lambda: BotWorker(use_process=False))   # bots think in a thread here
    yield headless_home


def start(size=(1280, 720), **settings) -> App:
    return menu_app(size, anim_speed=settings.get("anim_speed", "fast"),
                    bot_pace=settings.get("bot_pace", "instant"), confirm_close_line=True)


def config(*kinds: str, seed: int = 11, first: int | None = 0, level: str = "easy") -> dict:
    names = ["Ada", "Ben", "Cleo", "Dan"]
    return {"game": "lineit", "seed": seed, "first_seat": first, "final_plays": 1,
            "seats": [{"name": names[i], "kind": k, "level": None if k == "human" else level}
                      for i, k in enumerate(kinds)]}


def open_game(app: App, cfg: dict) -> TableScene:
    assert tables.open_table(app, cfg)
    app.run(frames=3, dt=DT)
    return table(app)


def table(app: App) -> TableScene:
    return next(s for s in app.stack if isinstance(s, TableScene))


def frames(app: App, n: int = 1) -> None:
    app.run(frames=n, dt=DT)


def until(app: App, cond, limit: int = 3000) -> None:
    """Step frames until `cond()`; a frame with a bot thinking first lets the bot finish.

    The bots think in a thread here, which competes with the frame loop for
    the interpreter: on a fast machine thousands of frames can pass before an
    answer, so the frame budget would measure the machine, not the table.
    """
    for _ in range(limit):
        if cond():
            return
        for scene in app.stack:
            bots = getattr(scene, "bots", None)
            pending = getattr(bots, "pending", None)
            if pending is not None:
                futures.wait([pending], timeout=60)
            elif bots is not None and getattr(bots, "_thread", None) is not None and bots.worker is None \
                    and bots.error is None:
                time.sleep(0.005)                 # the worker is still starting
        app.step(DT)
    raise AssertionError("condition not reached")


def settle(app: App) -> None:
    until(app, lambda: not table(app).board.animating, 600)


def mouse(kind: int, pos, **kw) -> None:
    if kind == pygame.MOUSEMOTION:
        pygame.event.post(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    else:
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))


def drag(app: App, a, b) -> None:
    """Press on `a`, move in steps, release on `b` (a real drag, frame by frame)."""
    mouse(pygame.MOUSEMOTION, a)
    mouse(pygame.MOUSEBUTTONDOWN, a)
    frames(app)
    for k in range(1, 6):
        p = (a[0] + (b[0] - a[0]) * k // 5, a[1] + (b[1] - a[1]) * k // 5)
        mouse(pygame.MOUSEMOTION, p)
        frames(app)
    mouse(pygame.MOUSEBUTTONUP, b)
    frames(app)


def click(app: App, pos) -> None:
    mouse(pygame.MOUSEMOTION, pos)
    mouse(pygame.MOUSEBUTTONDOWN, pos)
    mouse(pygame.MOUSEBUTTONUP, pos)
    frames(app)


def card_at(sc: TableScene, card: str, zone: str) -> tuple[int, int]:
    s = next(s for s in sc.board.sprites.values() if s.card == card and s.zone and s.zone[0][0] == zone)
    return s.rect().center


def zone_center(sc: TableScene, zone: str) -> tuple[int, int]:
    return (sc.geo.me.line if zone == "line" else sc.geo.me.hand).center


def human_move(app: App, sc: TableScene) -> None:
    """One action of the human seat, made with the mouse: drag, or a button (and its confirmation)."""
    legal = [str(a) for a in sc.ctrl.state.legal_actions()]
    takes = [a for a in legal if a.startswith("take")]
    plays = [a for a in legal if a.startswith("play")]
    if takes:
        a = next((t for t in takes if t.endswith("line")), takes[0])
        _, card, to = a.split()
        drag(app, card_at(sc, card, "market"), zone_center(sc, to))
    view = sc.ctrl.state.view(None)
    taken = view["turn"]["taken"]
    if takes:
        pass
    elif plays and (view["phase"] == "final" or not taken):
        drag(app, card_at(sc, plays[0].split()[1], "hand"), zone_center(sc, "line"))
    elif "close" in legal and (not taken or len(view["seats"][sc.viewer]["line"]) >= 7):
        click(app, sc.b_close.rect.center)
        assert isinstance(app.top, ConfirmScene) and "bank" in app.top.text
        click(app, app.top.buttons[0].rect.center)
    else:
        click(app, sc.b_end.rect.center)


def test_a_whole_game_by_mouse_to_the_results(home):
    app = start()
    sc = open_game(app, config("human", "bot"))
    moves = 0
    while not sc.ctrl.state.is_over:
        until(app, lambda: sc.my_turn() or sc.ctrl.state.is_over or isinstance(app.top, ConfirmScene))
        if sc.ctrl.state.is_over:
            break
        settle(app)
        n = len(sc.ctrl.state.history)
        human_move(app, sc)
        until(app, lambda n=n: len(sc.ctrl.state.history) > n or sc.ctrl.state.is_over, 50)
        moves += 1
        assert moves < 400
    until(app, lambda: isinstance(app.top, ResultsScene))
    res = app.top
    assert res.winners == sc.ctrl.state.winners() and len(res.rows) == 2
    assert [r["score"] for r in res.rows] == sc.ctrl.state.scores()
    assert sum(r["lines"] for r in res.rows) >= 2
    frames(app, 3)
    # statistics counted, autosave gone
    data = stats.load()["games"]["lineit"]
    assert data["games"] == 1 and data["levels"]["easy"]["games"] == 1
    assert storage.latest_autosave() is None
    # the log told the story in sentences
    texts = [entry.text() for entry in sc.log]
    assert any("takes" in t for t in texts) and any("Game over" in t for t in texts)
    click(app, res.widgets[0].rect.center)          # Play again: the same seats, a new seed
    again = table(app)
    assert again is not sc and again.ctrl.config["seats"] == sc.ctrl.config["seats"]
    assert again.ctrl.state.history == [] or again.ctrl.current != 0


def test_refused_drop_snaps_back_and_leaves_the_engine_unchanged(home):
    app = start()
    sc = open_game(app, config("human", "bot"))
    until(app, sc.my_turn)
    market = [s.card for s in sc.board.sprites_in(("market",))]
    first = next(c for c in market if not c.startswith("B"))
    drag(app, card_at(sc, first, "market"), zone_center(sc, "line"))
    assert sc.ctrl.state.history[-1].text == f"take {first} line"
    settle(app)
    before = json.dumps(sc.ctrl.state.to_json())
    other = next(c for c in market if c != first)
    start_pos = card_at(sc, other, "market")
    # while dragging, no zone is lit: the engine says no take is legal any more
    mouse(pygame.MOUSEMOTION, start_pos)
    mouse(pygame.MOUSEBUTTONDOWN, start_pos)
    frames(app)
    mouse(pygame.MOUSEMOTION, zone_center(sc, "hand"))
    frames(app)
    assert sc.drag is not None and sc.legal_targets(sc.drag) == set()
    mouse(pygame.MOUSEBUTTONUP, zone_center(sc, "hand"))
    frames(app)
    assert json.dumps(sc.ctrl.state.to_json()) == before
    assert sc.refused and sc.refused.what == "You already took a market card this turn"
    settle(app)
    frames(app, 30)
    assert card_at(sc, other, "market") == start_pos          # snapped back to its place


def test_click_select_then_target_and_keys(home):
    app = start()
    sc = open_game(app, config("human", "bot"))
    until(app, sc.my_turn)
    card = sc.board.sprites_in(("market",))[0]
    click(app, card.rect().center)
    assert sc.selected is card
    assert "hand" in sc.legal_targets(card)
    click(app, zone_center(sc, "hand"))
    assert sc.ctrl.state.history[-1].text == f"take {card.card} hand"
    settle(app)
    # keyboard: Q picks the hand card, L plays it
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0))
    frames(app, 2)
    assert sc.ctrl.state.history[-1].text == f"play {card.card}"


def test_undo_steps_back_to_the_start_of_the_turn(home):
    app = start()
    sc = open_game(app, config("human", "bot"))
    until(app, sc.my_turn)
    start_record = json.dumps(sc.ctrl.state.to_json())
    assert not sc.b_undo.enabled
    cards = [s.card for s in sc.board.sprites_in(("market",))]
    drag(app, card_at(sc, cards[0], "market"), zone_center(sc, "hand"))
    settle(app)
    drag(app, card_at(sc, cards[0], "hand"), zone_center(sc, "line"))
    settle(app)
    assert len(sc.ctrl.state.history) == 2 and sc.b_undo.enabled
    # one action at a time, each step saying what it took back
    click(app, sc.b_undo.rect.center)
    settle(app)
    assert len(sc.ctrl.state.history) == 1 and f"play {cards[0]}" not in [a.text for a in sc.ctrl.state.history]
    assert sc.notice is not None and card_label(cards[0]) in sc.notice.what and "hand" in sc.notice.what
    assert card_at(sc, cards[0], "hand")
    click(app, sc.b_undo.rect.center)
    settle(app)
    assert json.dumps(sc.ctrl.state.to_json()) == start_record
    assert card_at(sc, cards[0], "market")                    # the card is back in the market
    assert not sc.b_undo.enabled


def test_autosave_and_continue_round_trip_mid_turn(home):
    app = start()
    sc = open_game(app, config("human", "bot", "bot", seed=5, first=0))
    until(app, sc.my_turn)
    card = sc.board.sprites_in(("market",))[1].card
    drag(app, card_at(sc, card, "market"), zone_center(sc, "line"))
    settle(app)
    record = sc.ctrl.state.to_json()
    sc.saver.flush()
    saved = storage.latest_autosave()
    assert saved["game"] == "lineit" and saved["payload"]["record"] == record
    assert "undo_from" not in saved["payload"]          # the engine knows what may be undone
    app.to_menu()                                              # as if the window closed
    frames(app, 2)
    menu = app.top
    assert menu.b_continue.visible
    click(app, menu.b_continue.rect.center)
    frames(app, 3)
    again = app.top
    assert isinstance(again, TableScene) and again is not sc
    assert again.ctrl.state.to_json() == record
    assert again.my_turn() and again.ctrl.can_undo()           # still mid-turn, undo still there
    assert any(card in entry.text() for entry in again.log)
    click(app, again.b_undo.rect.center)
    assert again.ctrl.state.history == []


def test_hot_seat_hides_the_other_hand(home):
    app = start()
    app.change_settings(confirm_close_line=False)
    open_game(app, config("human", "human", first=0))
    assert isinstance(app.top, PassScene) and app.top.seat == 0
    click(app, app.top.widgets[0].rect.center)
    sc = table(app)
    assert sc.viewer == 0 and sc.my_turn()
    card = sc.board.sprites_in(("market",))[0]
    drag(app, card.rect().center, zone_center(sc, "hand"))
    settle(app)
    assert card.zone[0] == ("hand", 0) and card.face               # Ada sees her own card
    click(app, sc.b_end.rect.center)
    until(app, lambda: isinstance(app.top, PassScene))
    assert app.top.seat == 1 and app.top.opaque                      # nothing of the table shows
    click(app, app.top.widgets[0].rect.center)
    settle(app)
    assert sc.viewer == 1
    assert card.zone[0] == ("hand", 0) and not card.face           # Ben sees only its back
    assert not card.target[3]


def test_close_line_confirmation_shows_what_it_banks(home):
    app = start()
    sc = open_game(app, config("human", "bot"))
    until(app, sc.my_turn)
    card = next(s.card for s in sc.board.sprites_in(("market",)) if not s.card.startswith("B"))
    drag(app, card_at(sc, card, "market"), zone_center(sc, "line"))
    settle(app)
    click(app, sc.b_close.rect.center)
    assert isinstance(app.top, ConfirmScene)
    assert "bank 0 cards and discard 1" in app.top.text
    click(app, app.top.buttons[1].rect.center)                    # Cancel
    assert sc.ctrl.state.history[-1].text != "close"


def test_window_sizes_and_languages_keep_the_table_drawn(home):
    app = start(size=(800, 600), anim_speed="reduced")
    sc = open_game(app, config("human", "bot", "bot", "bot", seed=3))
    for lang in ("de", "fr", "en"):
        app.change_settings(language=lang)
        frames(app, 5)
    until(app, sc.my_turn)
    card = sc.board.sprites_in(("market",))[0]
    drag(app, card.rect().center, zone_center(sc, "hand"))
    assert card.zone[0] == ("hand", 0) and not card.moving        # reduced motion: no tween at all
    app.resize(1600, 900)
    frames(app, 2)
    assert (int(card.x), int(card.y)) == sc.geo.me.hand_pos(0, 1)   # the card moved with the new layout
    g = sc.geo
    assert g.me.line.right <= g.log.x and g.market.bottom < g.me.panel.y
    assert all(o.panel.bottom < g.market.y for o in g.opponents)
    assert app.errors == 0


def _places(board) -> list[tuple]:
    """Every card sprite's card as shown, place and look (two Bet cards alike are alike here)."""
    return sorted((s.card if s.face else "back", s.zone, s.target, s.face) for s in board.sprites.values())


def test_the_staged_events_end_where_a_fresh_layout_puts_every_card():
    """The presenter moves cards by the engine's events only; once the moves end, every card lies
    where a layout made from the engine's state (the viewer's view, other hands by count) puts it."""
    from engine import lineit
    from game.lineit_table.board import Board
    from game.lineit_table.geometry import TableGeometry
    from game.lineit_table.present import Picture, stage
    from game.ui.layout import Layout
    for seed, players in ((21, 4), (5, 6), (9, 2)):
        s = lineit.new_game(players=players, seed=seed)
        geo = TableGeometry(Layout(1600, 900), players, 0)
        live = Board(players)
        live.geo = geo
        live.lay_out(Picture.of(s, 0))
        k = 0
        while not s.is_over:
            legal = s.legal_actions()
            events = s.apply(legal[(k * 7) % len(legal)])
            k += 1
            stage(live, events, s.view(None))
            live.finish()
            fresh = Board(players)
            fresh.geo = geo
            fresh.lay_out(Picture.of(s, 0))
            assert _places(live) == _places(fresh), (seed, k)
            assert live.token_values == fresh.token_values
            assert live.first.target == fresh.first.target
        view = s.view(0)
        assert [c.card for c in live.sprites_in(("hand", 0))] == view["seats"][0]["hand"]
        for p in range(1, players):     # the others' hands: as many cards as they hold, face down
            assert [c.face for c in live.sprites_in(("hand", p))] == [False] * view["seats"][p]["hand_count"]


def _same_as_full_redraw(app: App, sc: TableScene) -> bool:
    """The incrementally drawn window equals a full redraw of the same moment (no trails)."""
    shown = pygame.image.tobytes(app.screen, "RGB")
    ref = app.screen.copy()
    sc.draw(ref)                              # not the window: the whole layer goes onto `ref`
    return shown == pygame.image.tobytes(ref, "RGB")


def test_partial_redraw_leaves_no_trails(home):
    from game.shell import tables
    app = start()
    sc = tables.build_table(app, tables.demo_spec("lineit", players=4, seed=7, speed=4, exit_at_end=False))
    app.reset(sc)
    for i in range(400):
        app.step(DT)
        if i % 10 == 9 and not app.in_transition:
            assert _same_as_full_redraw(app, sc), f"frame {i}"
    # and with a human dragging a card around
    app2 = app
    sc2 = open_game(app2, config("human", "bot"))
    until(app2, sc2.my_turn)
    settle(app2)
    until(app2, lambda: not app2.in_transition)       # the crossfade into the table is over
    card = sc2.board.sprites_in(("market",))[0]
    a = card.rect().center
    mouse(pygame.MOUSEMOTION, a)
    mouse(pygame.MOUSEBUTTONDOWN, a)
    frames(app2)
    for k in range(1, 12):
        mouse(pygame.MOUSEMOTION, (a[0] + 17 * k, a[1] + 23 * k))
        frames(app2)
        assert _same_as_full_redraw(app2, sc2)
    mouse(pygame.MOUSEBUTTONUP, (a[0] + 17 * 11, a[1] + 23 * 11))
    for _ in range(40):
        frames(app2)
        assert _same_as_full_redraw(app2, sc2)


def test_named_save_loads_through_the_seam(home):
    app = start()
    sc = open_game(app, config("human", "bot", seed=8))
    until(app, sc.my_turn)
    card = sc.board.sprites_in(("market",))[0].card
    drag(app, card_at(sc, card, "market"), zone_center(sc, "hand"))
    record = sc.ctrl.state.to_json()
    path = storage.write_save("lineit", "Friday", sc.ctrl.payload())
    app.to_menu()
    frames(app, 2)
    assert tables.open_table(app, storage.read_save(path))
    frames(app, 2)
    again = table(app)
    assert again.ctrl.state.to_json() == record and again.my_turn()
    # a payload that is not ours is refused with a message, not a crash
    bad = {"kind": "save", "game": "lineit", "payload": {"config": {"seats": []}, "record": {"nonsense": 1}}}
    assert not tables.open_table(app, bad)
    assert app.errors == 0


def test_online_results_offer_no_offline_play_again_and_tag_no_person_a_bot(home):
    """At an online table (its `remote` set), Play again would start an offline game against bots
    named after the other players: it is not offered; a remote player's row is not tagged "bot"."""
    app = start()
    cfg = config("human", "bot")
    cfg["seats"][1]["remote"] = True
    sc = open_game(app, cfg)
    offline = ResultsScene(app, sc)
    assert offline.b_again.visible
    sc.seating.room = object()          # the seating of an online table (its room)
    online = ResultsScene(app, sc)
    assert not online.b_again.visible and online.b_look.visible and online.b_menu.visible
    assert online.kinds == ["human", "human"]


def test_input_makes_engine_actions_and_the_drop_applies_that_very_action(home):
    from engine import IllegalAction, lineit
    app = start()
    sc = open_game(app, config("human", "bot"))
    until(app, sc.my_turn)
    market = sc.board.sprites_in(("market",))
    card = next(s for s in market if not s.card.startswith("B"))
    for target in ("line", "hand"):
        a = sc.action_for(card, target)
        assert isinstance(a, lineit.Action) and a is lineit.take(card.card, target)
    assert sc.legal_targets(card) == {"line", "hand"}
    drag(app, card.rect().center, zone_center(sc, "hand"))
    assert sc.ctrl.state.history[-1] is lineit.take(card.card, "hand")
    settle(app)
    assert sc.action_for(card, "line") is lineit.play(card.card)
    assert sc.action_for(card, "hand") is None                   # a hand card goes only to the line
    other = sc.board.sprites_in(("market",))[0]
    assert sc.legal_targets(other) == set()                       # one take per turn: the engine says so
    sc.try_action(sc.action_for(other, "line"), "line")
    assert sc.refused is not None and sc.refused.what == "You already took a market card this turn"
    before = len(sc.ctrl.state.history)
    assert not sc.try_action("take 999 line")                      # a text from an edge that is no action
    assert sc.refused is not None and "999" in sc.refused.what and len(sc.ctrl.state.history) == before
    with pytest.raises(IllegalAction):
        lineit.take(card.card, "pocket")


def test_undo_glides_the_card_back_to_its_market_place_and_a_resize_mid_flight_lands_it_right(home):
    from game.lineit_table.board import Board
    app = start(anim_speed="normal")
    sc = open_game(app, config("human", "bot", "bot"))
    until(app, sc.my_turn)
    settle(app)
    card = sc.board.sprites_in(("market",))[2]
    place, home_pos = card.zone, card.target
    drag(app, card.rect().center, zone_center(sc, "hand"))
    settle(app)
    assert card.zone[0] == ("hand", 0)
    click(app, sc.b_undo.rect.center)
    assert card.moving and card.zone == place                    # on its way back, not jumped there
    app.resize(1500, 860)                                        # the window changes in mid-flight
    frames(app, 2)
    settle(app)
    fresh = Board(sc.ctrl.players)
    fresh.geo = sc.geo
    fresh.viewer = sc.viewer
    fresh.lay_out(sc.picture())
    assert _places(sc.board) == _places(fresh)                   # every card where the engine has it
    assert card.zone == place and card.target != home_pos        # its own place, in the new window
    assert app.errors == 0
