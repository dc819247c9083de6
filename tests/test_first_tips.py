"""Tips for the first real games (issue 18): each tip fires once on a hand-built or seeded
situation, not twice (remembered across tables), not for a bot, not with the setting off, and its
text exists in three languages and fits its bubble at 800x600. A tutorial game is neither kept in
the history nor counted."""
from __future__ import annotations

import pytest

from engine import lineit
from game.files import history, stats
from game.shell import i18n
from game.shell.app import App
from game.lineit_table.model import TableGame as LineitGame
from game.lineit_table.scene import TableScene
from game.linyo_table.model import TableGame
from game.linyo_table.scene import TableScene as LinyoTable
from game.lineit_table.tutorial import script as lineit_script
from game.linyo_table.tutorial import script as linyo_script
from game.tutorial import tips
from game.tutorial.steps import state_at
from game.ui import text as T

from appkit import menu_app  # noqa: E402

DT = 1 / 60
ALL_KEYS = ("lineit.jackpot", "lineit.bet_lost", "lineit.hand_full", "lineit.forced",
            "linyo.dead_end", "linyo.four", "linyo.star")


@pytest.fixture
def home(headless_home):
    yield headless_home


def start(size=(1280, 720)) -> App:
    return menu_app(size, anim_speed="reduced", bot_pace="slow")


def bet_lost_state() -> lineit.LineitState:
    """A seeded game (seed 5) played by a plain rule, seat 0 taking a late Bet card: at the end
    its B4 still needs four Number cards and the draw pile is empty."""
    s = lineit.new_game(2, seed=5, first_seat=0)
    while True:
        v = s.view(0)
        if s.current_seat == 0 and not v["turn"]["taken"] and any(c.startswith("B") for c in v["seats"][0]["line"]) \
                and v["draw_pile"] == 0:
            return s
        legal = [str(a) for a in s.legal_actions()]
        bets = [a for a in legal if a.startswith("take B") and a.endswith("line")]
        turn = [bets[0], "end"] if bets and s.current_seat == 0 and v["draw_pile"] < 20 \
            else lineit_script.plain_move(s)
        for a in turn:
            s.apply(a)


def played(seed: int, n: int) -> lineit.LineitState:
    """A seeded game after `n` actions of the tutorial's plain rule."""
    s = lineit.new_game(2, seed=seed, first_seat=0)
    while len(s.history) < n:
        for a in lineit_script.plain_move(s):
            s.apply(a)
    return s


def lineit_at(step: int, then: tuple[str, ...] = ()) -> lineit.LineitState:
    s = state_at(lineit_script.script(), step)
    for a in then:
        s.apply(a)
    return s


# key -> (game, a state where it is the human seat 0's turn, an action to apply at the table or None)
SITUATIONS = {
    "lineit.jackpot": ("lineit", lambda: lineit_at(8), None),                 # the 55 would be the third green
    "lineit.bet_lost": ("lineit", bet_lost_state, None),
    "lineit.hand_full": ("lineit", lambda: lineit_at(6), "take 9 hand"),      # the second hand card
    "lineit.forced": ("lineit", lambda: played(1, 22), None),                 # nothing fits line or full hand
    "linyo.four": ("linyo", lambda: state_at(linyo_script.script(), 4), None),
    "linyo.star": ("linyo", lambda: state_at(linyo_script.script(), 3), None),
    "linyo.dead_end": ("linyo", lambda: state_at(linyo_script.script(), 8), None),   # a3 has one free neighbour
}


def open_table(app: App, game: str, state, seat0: str = "human"):
    if game == "lineit":
        cfg = {"game": "lineit", "seed": 0, "first_seat": 0, "final_plays": 1,
               "seats": [{"name": "Ada", "kind": seat0, "level": None if seat0 == "human" else "easy"},
                         {"name": "Robin", "kind": "bot", "level": "easy"}]}
        sc = TableScene(app, LineitGame(cfg, state, bot_levels=[None if seat0 == "human" else "easy", "easy"]))
    else:
        cfg = {"game": "linyo", "seed": 0, "sheet": "A",
               "seats": [{"name": "Ada", "kind": seat0, "level": None if seat0 == "human" else "easy",
                          "difficulty": 2}]}
        sc = LinyoTable(app, TableGame(cfg, state))
    app.reset(sc)
    app.run(frames=4, dt=DT)
    return sc


def arrive(app: App, sc, action: str | None) -> None:
    """Play the situation's action (if any) and let the frame check run."""
    if action is not None:
        sc.do(action)          # Line-it's table applies the human's action like a drop would
    app.run(frames=4, dt=DT)


def others_seen(key: str) -> None:
    """Every other tip is already seen by Ada, so the one under test is the only one left."""
    for k in ALL_KEYS:
        if k != key:
            tips.mark_seen("Ada", k)


@pytest.mark.parametrize("key", list(SITUATIONS))
def test_each_tip_fires_once_for_the_player(home, key):
    game, make, action = SITUATIONS[key]
    others_seen(key)
    app = start()
    sc = open_table(app, game, make())
    arrive(app, sc, action)
    shown = sc.first_tips.shown
    assert shown is not None and shown.key == key
    assert key in tips.load_seen()["Ada"]
    # a click on the bubble closes it and changes nothing in the game
    before = sc.tg.state.to_json()
    box = sc.first_tips.box
    assert box.w > 0
    import pygame
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=box.center, button=1))
    app.run(frames=2, dt=DT)
    assert sc.first_tips.shown is None and sc.tg.state.to_json() == before
    # the same situation at a new table: seen once, not shown again
    sc = open_table(app, game, make())
    arrive(app, sc, action)
    assert sc.first_tips.shown is None
    assert app.errors == 0


@pytest.mark.parametrize("key", list(SITUATIONS))
def test_no_tip_with_the_setting_off_or_for_a_bot(home, key):
    game, make, action = SITUATIONS[key]
    others_seen(key)
    app = start()
    app.change_settings(first_game_tips=False)
    sc = open_table(app, game, make())
    arrive(app, sc, action)
    assert sc.first_tips.shown is None
    app.change_settings(first_game_tips=True)
    if action is None:                          # a bot in the seat: its turn gets no tip
        sc = open_table(app, game, make(), seat0="bot")
        assert sc.first_tips.shown is None
    assert key not in tips.load_seen().get("Ada", [])
    assert app.errors == 0


@pytest.mark.parametrize("key", list(SITUATIONS))
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_each_tip_text_is_translated_and_fits_at_800x600(home, key, lang):
    game, make, action = SITUATIONS[key]
    others_seen(key)
    app = start(size=(800, 600))
    app.change_settings(language=lang)
    sc = open_table(app, game, make())
    arrive(app, sc, action)
    assert sc.first_tips.shown is not None and sc.first_tips.shown.key == key
    text = sc.first_tips.text
    if lang != "en":
        i18n.set_language("en")
        assert sc.first_tips.shown.text() != text, (lang, text)
        i18n.set_language(lang)
    lay = app.lay
    lines = sc.first_tips.lines(lay)
    assert len(lines) <= tips.MAX_LINES, (lang, text)
    assert all(T.width(line, lay.font_px(tips.TEXT_SIZE)) <= tips.text_width(lay) for line in lines)
    assert app.screen.get_rect().contains(sc.first_tips.box)


def test_the_first_finished_game_ends_the_tips_unless_chosen(home):
    app = start()
    assert app.settings.first_game_tips
    sc = open_table(app, "linyo", state_at(linyo_script.script(), 8))
    sc._apply("move 2 b1 b2 a2")                   # the last move: the game is over
    app.run(frames=3, dt=DT)
    assert sc.tg.state.is_over and not app.settings.first_game_tips
    app.change_settings(first_game_tips=True, first_game_tips_settled=True)   # as the Settings switch does
    sc = open_table(app, "linyo", state_at(linyo_script.script(), 8))
    sc._apply("move 2 b1 b2 a2")
    app.run(frames=3, dt=DT)
    assert app.settings.first_game_tips


def test_a_tutorial_game_is_neither_kept_nor_counted(home):
    from game.tutorial import open_tutorial
    app = start()
    open_tutorial(app, "linyo", 8)
    app.run(frames=3, dt=DT)
    sc = app.top
    sc._apply("move 2 b1 b2 a2")
    app.run(frames=60, dt=DT)
    assert sc.tg.state.is_over
    assert not history.folder().exists() or not any(history.folder().iterdir())
    assert not stats.load().get("linyo_solo")
    assert app.settings.first_game_tips           # a tutorial is not the first finished game
    assert not tips.path().exists()               # and it shows no tips


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: "%dx%d" % s)
@pytest.mark.parametrize("key", list(SITUATIONS))
def test_a_bubble_leaves_its_thing_and_buttons_free_and_goes_without_a_trace(home, key, size):
    """The bubble lies beside what it is about, not on it nor on the table's buttons (it lay on
    Confirm); and once clicked away the window is a whole redraw again (a patched frame left it
    on screen where nothing else moved)."""
    import pygame
    from test_present import _whole_redraw
    game, make, action = SITUATIONS[key]
    others_seen(key)
    app = start(size)
    sc = open_table(app, game, make())
    arrive(app, sc, action)
    shown = sc.first_tips.shown
    assert shown is not None and shown.key == key
    box = sc.first_tips.box
    assert not box.colliderect(pygame.Rect(shown.near)), (box, shown.near)
    buttons = [b for b in (getattr(sc, "buttons", None) or sc.widgets) if b.visible]
    assert not [b.rect for b in buttons if box.colliderect(b.rect)]
    # nor on what the table keeps in view (Line-it: the player's line and the instruction)
    assert not [r for r in sc.tip_keep_clear() if box.colliderect(r)], (box, sc.tip_keep_clear())
    app.run(frames=30, dt=DT)                    # the table patches frames in parts meanwhile
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.center, button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=box.center, button=3))
    for i in range(4):
        app.step(DT)
        assert sc.first_tips.shown is None
        assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(_whole_redraw(app), "RGB"), \
            f"the bubble stayed in the window {i + 1} frame(s) after it went"
    assert app.errors == 0


def seat_heads(sc) -> list:
    """Where the person's name and score (and the other seats' panels) are drawn, measured from
    what the table draws, not from what it asks the tips to keep clear."""
    import pygame
    if isinstance(sc, TableScene):
        from game.lineit_table.draw import text_items
        me = sc.geo.me.seat
        mine = [item.rect for item in text_items(sc) if item.key in (("name", me), ("score", me))]
        assert len(mine) == 2
        return mine + [g.panel for g in sc.geo.opponents]
    heads = [pygame.Rect(pos, (T.width(text, size, bold=bold), size))
             for text, size, _c, pos, _a, bold in sc._header_ops(sc.table_lay)]
    assert "Ada" in sc._header_ops(sc.table_lay)[1][0]
    return heads + list(sc.thumb_rects.values())


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: "%dx%d" % s)
@pytest.mark.parametrize("key", list(SITUATIONS))
def test_a_bubble_never_covers_a_name_or_score(home, key, size):
    """Issue 26: at 800×600 the hand-full tip at the Line-it table lay over the player's own name
    and score, the Linyo star tip over "Ada · difficulty 2"."""
    game, make, action = SITUATIONS[key]
    others_seen(key)
    app = start(size)
    sc = open_table(app, game, make())
    arrive(app, sc, action)
    assert sc.first_tips.shown is not None and sc.first_tips.shown.key == key
    box = sc.first_tips.box
    assert box.w > 0
    assert not [r for r in seat_heads(sc) if box.colliderect(r)], (box, seat_heads(sc))
    assert app.errors == 0


# key -> what the person then does, after which the tip no longer holds
PASSED = {
    "lineit.hand_full": "play 45",          # a card played from the hand: it is no longer full
    "lineit.jackpot": "take 7 hand",        # the take is done: no market card can go to the line now
    "lineit.forced": "close",               # closed: the take that follows is free
    "linyo.four": "set gggg",               # the dice are set: the move follows
}


def play(sc, action: str) -> None:
    if isinstance(sc, TableScene):
        sc.do(action)
    else:
        sc._apply(action)


@pytest.mark.parametrize("key", list(PASSED))
def test_a_tip_goes_once_it_no_longer_holds(home, key):
    """Issue 26: "your hand is full" stayed up after a card was played from the hand, until
    clicked or its 14 s ran out."""
    game, make, action = SITUATIONS[key]
    others_seen(key)
    app = start()
    sc = open_table(app, game, make())
    arrive(app, sc, action)
    assert sc.first_tips.shown is not None and sc.first_tips.shown.key == key
    play(sc, PASSED[key])
    for _frame in range(60):                 # a second at most (the move's animation may run)
        app.step(DT)
        if sc.first_tips.shown is None:
            break
    assert sc.first_tips.shown is None, key
    assert sc.first_tips.left > tips.SECONDS - 3       # it went because it was past, not by time
    assert app.errors == 0


def test_the_hand_full_tip_goes_when_the_turn_moves_on(home):
    others_seen("lineit.hand_full")
    app = start()
    sc = open_table(app, "lineit", lineit_at(6))
    arrive(app, sc, "take 9 hand")
    assert sc.first_tips.shown is not None
    sc.do("end")
    for _frame in range(60):
        app.step(DT)
        if sc.first_tips.shown is None:
            break
    assert sc.first_tips.shown is None
    assert app.errors == 0


@pytest.mark.parametrize("key", ["linyo.star", "linyo.dead_end", "lineit.bet_lost"])
def test_a_tip_still_shown_after_a_move_still_holds(home, key):
    """A tip stays only while its detector still finds it at the position on the table."""
    game, make, action = SITUATIONS[key]
    others_seen(key)
    app = start()
    sc = open_table(app, game, make())
    arrive(app, sc, action)
    assert sc.first_tips.shown is not None
    legal = [str(a) for a in sc.tg.state.legal_actions()]
    play(sc, legal[0])
    for _frame in range(60):
        app.step(DT)
    det = sc.first_tips.detectors()
    if sc.first_tips.shown is not None:
        assert key in [f.key for f in det.on_turn(sc)]
    else:
        assert sc.tg.state.is_over or not det.still(sc, key)
    assert app.errors == 0


def six_seats_hand_about_full() -> tuple[lineit.LineitState, str]:
    """A 6-seat game at seat 0's second turn, one card in its hand; and a take that fills it."""
    s = lineit.new_game(6, seed=3, first_seat=0)
    first = next(str(a) for a in s.legal_actions() if str(a).startswith("take") and str(a).endswith(" hand"))
    for a in (first, "end"):
        s.apply(a)
    while s.current_seat != 0:
        for a in lineit_script.plain_move(s):
            s.apply(a)
    take = next(str(a) for a in s.legal_actions() if str(a).startswith("take") and str(a).endswith(" hand"))
    return s, take


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: "%dx%d" % s)
def test_at_six_seats_a_bubble_leaves_every_panel_and_the_own_name_free(home, size):
    others_seen("lineit.hand_full")
    app = start(size)
    state, take = six_seats_hand_about_full()
    cfg = {"game": "lineit", "seed": 3, "first_seat": 0, "final_plays": 1,
           "seats": [{"name": "Ada", "kind": "human", "level": None}]
           + [{"name": f"Bot {i}", "kind": "bot", "level": "easy"} for i in range(1, 6)]}
    sc = TableScene(app, LineitGame(cfg, state, bot_levels=[None] + ["easy"] * 5))
    app.reset(sc)
    app.run(frames=30, dt=DT)
    arrive(app, sc, take)
    assert sc.first_tips.shown is not None and sc.first_tips.shown.key == "lineit.hand_full"
    box = sc.first_tips.box
    heads = seat_heads(sc)
    assert len(heads) == 2 + 5
    assert not [r for r in heads if box.colliderect(r)], (box, heads)
    assert not box.colliderect(sc.first_tips.shown.near)
    assert app.errors == 0
