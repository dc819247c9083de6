"""The online screens and an online table in the real scene loop, against a real Synapse.

The app (headless, SDL dummy driver) signs in through the Play online
screen with a real password, is invited by a second headless client
(protocol level, `game.online`) that hosts the table, accepts, opens the
table in the game's own scene and plays; both sides must agree on the game.
"""
from __future__ import annotations

import time

import pygame
import pytest

from synapse_server import NAMES as _n

pytest.importorskip("nio", reason="matrix-nio is not installed (pip install -e '.[test]')")

from engine.bots import make_bot  # noqa: E402
from game.online import session  # noqa: E402
from game.online.bench import autoplay  # noqa: E402
from game.online.client import MatrixClient  # noqa: E402
from game.online.rules import has_external_chance  # noqa: E402
from game.online.tables import HostSecrets, OnlineTables  # noqa: E402
from game.shell.i18n import _ as tr  # noqa: E402
from game.lineit_table.draw import status_text  # noqa: E402
from game.scenes.online_table import OnlineStrip  # noqa: E402

pytestmark = pytest.mark.skipif(not has_external_chance(), reason="needs the engine's external chance")


def click(app, rect) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=rect.center))


def type_into(app, scene, field, text: str) -> None:
    click(app, field.rect)
    for _ in range(len(field.text)):
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
    app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text=text))
    assert field.text == text


def linyo_frame(app, other: OnlineTables, bot, host_bots: dict) -> None:
    """One frame of an online Linyo game: the app's seat decides with `bot` when it may (as a
    player would, once the strokes and dice have landed), the host plays its seats."""
    t = app.top
    if t.game == "linyo" and t.remote is not None:
        st = t.tg.state
        if t.human_turn() and not st.is_over and not t.reveal.busy() and not t.dice.rolling():
            assert t._decide(bot.choose(t.decide_state.view(t.decide_seat)))
    app.step(0.05)
    other.update()
    autoplay(other, host_bots)
    time.sleep(0.005)     # the network threads need the GIL: a spinning loop starves them


def run_until(app, other: OnlineTables, until, timeout: float, bots: dict | None = None) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.step(0.05)
        other.update()
        if bots is not None:
            autoplay(other, bots)
        if until():
            return True
        time.sleep(0.01)
    return False


@pytest.fixture
def online_app(headless_home, synapse):
    from game.shell.app import App
    from game.scenes.online import OnlineScene
    name = f"ui{next(_n)}"
    password = "pw-" + name
    synapse.register(name, password)
    app = App(size=(1280, 720))
    scene = OnlineScene(app)
    app.push(scene)
    app.step(0.05)
    # sign in as a player would: the three fields and the button
    type_into(app, scene, scene.server, synapse.url)
    type_into(app, scene, scene.user, name)
    type_into(app, scene, scene.password, "wrong")
    click(app, scene.b_sign_in.rect)
    # the waits end as soon as the homeserver answers; the bound only stops a hang (a loaded CI
    # machine once took over 20 s for this first answer)
    end = time.monotonic() + 90
    while scene.busy is not None and time.monotonic() < end:
        app.step(0.05)
        time.sleep(0.01)
    assert scene.busy is None, "no answer from the homeserver in 90 s"
    assert scene.error == "Wrong user name or password."
    assert scene.password.text == ""                      # never kept
    type_into(app, scene, scene.password, password)
    click(app, scene.b_sign_in.rect)
    end = time.monotonic() + 90
    while scene.s is None and time.monotonic() < end:
        app.step(0.05)
        time.sleep(0.01)
    assert scene.s is not None and scene.s.me.startswith(f"@{name}:")
    assert "password" not in (headless_home / "config" / "matrix_account.json").read_text() \
        if (headless_home / "config" / "matrix_account.json").exists() else True
    other_login = synapse.register(f"host{next(_n)}")
    other = OnlineTables(MatrixClient(synapse.url, other_login["user_id"], other_login["device_id"],
                                      other_login["access_token"]).start(), HostSecrets(headless_home / "host"))
    yield app, scene, other
    other.client.stop()
    session.end()


def open_invited_table(app, scene, other, game: str, options: dict):
    fut = other.create(game, 2, options, [other.me, scene.s.me], bot_level="easy")
    assert run_until(app, other, lambda: fut.done() and fut.result() in scene.s.tables.invites, 30)
    room = fut.result()
    accept = next(b for b, r in scene.rows if r == room)
    click(app, accept.rect)                              # "Invitation from …: accept"
    assert run_until(app, other, lambda: room in scene.s.tables.tables and not scene.s.tables.loading(), 30)
    app.step(0.05)
    row = next(b for b, r in scene.rows if r == room)
    assert "Line-it" in row.label() or "Linyo" in row.label()
    click(app, row.rect)                                 # opens the table scene
    app.step(0.05)
    table = app.top
    assert table.game == game and table.remote is not None and table.seating.online
    return room, table


def settle_and_compare(app, other, room, table) -> None:
    def agree() -> bool:
        mine = app.top.tg.state.to_json()
        theirs = other.tables[room].replica.state.to_json()
        return mine == theirs and scene_room(app).replica.state.to_json() == theirs
    assert run_until(app, other, agree, 30)


def strip(table) -> OnlineStrip:
    """The online strip (waiting line, chat) the table hosts."""
    return next(c for c in table.components if isinstance(c, OnlineStrip))


def scene_room(app):
    return app.top.remote.session.tables.tables[app.top.remote.room_id]


def test_lineit_online_table_plays_through_the_scene(online_app):
    app, scene, other = online_app
    app.settings.anim_speed = "off" if hasattr(app.settings, "anim_speed") else None
    room, table = open_invited_table(app, scene, other, "lineit", {"final_plays": 1})
    bot = make_bot("lineit", "easy", seed=5)
    host_bots: dict = {}
    target = 24
    end = time.monotonic() + 120
    said: set[str] = set()
    while time.monotonic() < end and len(other.tables[room].replica.actions) < target:
        t = app.top
        st = t.tg.state
        if t.my_turn() and not t.board.animating:
            assert t.try_action(str(bot.choose(st.view(st.current_seat))))
        app.step(0.05)
        # the table's words follow its drivers: "Game over." only at the end, never while it
        # waits for the host's next deal; the host's bot "is playing" only while the room waits for it
        words = status_text(app.top)[0]
        said.add(words)
        assert words != tr("Game over.") or app.top.tg.state.is_over, words
        other.update()
        autoplay(other, host_bots)
        time.sleep(0.005)     # the network threads need the GIL: a spinning loop starves them
    assert len(other.tables[room].replica.actions) >= target
    assert tr("{name} is playing…").format(name=app.top.tg.name(0)) in said or \
        tr("{name} is playing…").format(name=app.top.tg.name(1)) in said
    settle_and_compare(app, other, room, table)
    assert not other.tables[room].replica.rejected
    app.step(0.05)
    assert scene_room(app).unread == 0        # seen at the table: the hub will not call them new
    # the strip (chat, whose move) covers no seat's panel, the market or the jackpots: over the
    # top-left panel it hid that seat's name and score
    geo, s = app.top.geo, strip(app.top)
    app.top.draw(pygame.display.get_surface())
    covered = [g.panel for g in geo.opponents] + [geo.me.panel, geo.market, geo.deck]
    assert not any(s.toggle_rect.colliderect(r) for r in covered), (s.toggle_rect, covered)
    assert s.toggle_rect.right + s.text_room <= geo.jack_label[0]


def test_linyo_online_table_plays_through_the_scene(online_app):
    app, scene, other = online_app
    room, table = open_invited_table(app, scene, other, "linyo", {"sheet": "A", "difficulties": [2, 2]})
    bot = make_bot("linyo", "easy", seed=5)
    host_bots: dict = {}
    target = 16
    end = time.monotonic() + 120
    while time.monotonic() < end and len(other.tables[room].replica.actions) < target:
        linyo_frame(app, other, bot, host_bots)
    assert len(other.tables[room].replica.actions) >= target
    settle_and_compare(app, other, room, table)
    assert not other.tables[room].replica.rejected
    # the strip (chat, whose move) sits right of the heading "Linyo · Round n", not over it
    title, size, _c, (x, y), _a, bold = app.top._header_ops(app.lay)[0]
    from game.ui import text as T
    heading = pygame.Rect(x, y, T.width(title, size, bold=bold), size)
    assert not strip(app.top).toggle_rect.colliderect(heading)
    assert strip(app.top).toggle_rect.right < app.top.geom.paper.right


def press_drag(app, points) -> None:
    """A stroke with the mouse: down on the first point, through the others, up on the last."""
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=points[0]))
    for p in points[1:]:
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=points[-1]))


def test_linyo_second_seat_moves_before_the_first(online_app):
    """Linyo online: every seat moves on the same roll. The app's seat (second in the engine's
    order) draws and sends its starts and a move while the first seat has not moved; the room
    and the local game apply them in seat order once the first seat's moves arrive."""
    from engine import linyo
    app, scene, other = online_app
    app.settings.confirm_close_line = False
    room, table = open_invited_table(app, scene, other, "linyo",
                                     {"sheet": "A", "difficulties": [2, 2], "first_seat": 0})
    pos = lambda f: tuple(int(v) for v in app.top.geom.center(f))  # noqa: E731
    early = {"start": False, "move": False}
    host_bots: dict = {}
    bot = make_bot("linyo", "easy", seed=3)
    end = time.monotonic() + 120
    while time.monotonic() < end and not other.tables[room].replica.state.is_over:
        t = app.top
        st = t.tg.state
        if t.human_turn() and not t.reveal.busy() and not t.dice.rolling():
            ahead = st.current_seat == 0 and t.decide_seat == 1   # the engine is at the host's seat
            phase = t.decide_state.phase
            if ahead and phase in early and not early[phase]:
                # through the scene's own input: clicks on the sheet, a stroke, Confirm
                if phase == "start":
                    for _i in range(4):
                        click(app, pygame.Rect(pos(sorted(t.starts.allowed())[0]), (1, 1)))
                else:
                    a = next(m for m in t.decide_state.legal_actions() if isinstance(m, linyo.Move))
                    press_drag(app, [pos(t.path.end_of(a.line)), *(pos(f) for f in a.fields)])
                    if a.star is not None:
                        press_drag(app, [pos(a.fields[-1]), pos(a.star)])
                app.step(0.05)                              # the button sees the drawing
                assert t.can_confirm()
                click(app, t.b_confirm.rect)
                assert not t.human_turn() and t.tg.state.current_seat == 0   # sent, nothing applied here
                assert run_until(app, other, lambda: 1 in other.tables[room].replica.queued_seats(), 20)
                assert other.tables[room].waiting_for() == [0]    # the host sees only itself waited for
                assert strip(t).waiting_text() != "Your move."
                early[phase] = True
            else:
                assert t._decide(bot.choose(t.decide_state.view(t.decide_seat)))
        app.step(0.05)
        other.update()
        # the host holds back until the app has gone first; judged on the position the host would
        # decide in, which runs ahead of the table when the host pipelines (a four of a kind on the
        # start roll: the host sets the dice and posts its starts before the set comes back)
        slot = other.slot(room, 0)
        ahead_of_app = slot is not None and slot[1].to_move == [0, 1] and slot[1].phase in early \
            and not early[slot[1].phase]
        if not ahead_of_app:
            autoplay(other, host_bots)
        time.sleep(0.005)     # the network threads need the GIL: a spinning loop starves them
    assert early == {"start": True, "move": True}
    assert other.tables[room].replica.state.is_over
    settle_and_compare(app, other, room, table)
    app.step(0.05)
    from game.files import stats
    from game.scenes.online_table import online_game_id
    data = stats.load()                          # an online game counts once, under its room's id
    assert online_game_id(room) in data["ids"] and data["games"]["linyo"]["games"] == 1
    assert not other.tables[room].replica.rejected
    assert not scene_room(app).replica.rejected


def test_hub_at_800x600_and_the_host_seats_a_bot(online_app):
    """The hub's rows (a table we host, with its "Bot for …" button, and an invitation) fit at
    800x600 in English, German and French; the host seats a bot for a player who left, after a
    confirm, and the other client's table takes the new seat."""
    from game.shell import i18n
    from game.online.protocol import BOT
    from game.ui import text as T
    from game.ui.widgets import label_text
    app, scene, other = online_app
    mine = scene.s.tables.create("linyo", 2, {"sheet": "A"}, [scene.s.me, other.me])
    theirs = other.create("lineit", 2, {"final_plays": 1}, [other.me, scene.s.me])
    assert run_until(app, other, lambda: mine.done() and mine.result() in other.invites, 30)
    room = mine.result()
    joined = other.accept(room)
    assert run_until(app, other, lambda: joined.done() and room in other.tables and theirs.done()
                     and theirs.result() in scene.s.tables.invites
                     and scene.s.tables.tables.get(room) is not None
                     and other.me in scene.s.tables.tables[room].setup.seats, 30)
    app.resize(800, 600)
    for lang in ("en", "de", "fr"):
        i18n.set_language(lang)
        app.step(0.05)
        labels = {}
        for button, _room in scene.rows:
            assert button.visible
            text = label_text(button.label)
            size = app.lay.font_px(button.font_size)
            assert T.width(text, size, bold=True) <= button.rect.w, (lang, text, button.rect)
            assert app.screen.get_rect().contains(button.rect), (lang, text, button.rect)
            labels[text] = button
        assert any(t.startswith(("Linyo",)) for t in labels), labels        # our table's row
        bot_button = next(b for t, b in labels.items() if "Bot" in t)       # Bot for … / Bot für … / Bot pour …
        assert any(("host" in t) and b is not bot_button for t, b in labels.items())   # the invitation
        for a, b in zip(scene.rows, scene.rows[1:]):
            assert not a[0].rect.colliderect(b[0].rect)
    i18n.set_language("en")
    app.step(0.05)
    click(app, bot_button.rect)
    app.step(0.05)
    confirm = app.top
    assert confirm is not scene and "bot" in confirm.text.lower()
    click(app, confirm.buttons[0].rect)                    # "Seat a bot"
    assert run_until(app, other, lambda: other.tables[room].setup.seats[1] == BOT
                     and scene.s.tables.tables[room].setup.seats[1] == BOT, 30)
    assert not any("Bot for" in label_text(b.label) for b, _r in scene.rows)


def test_hub_row_follows_the_turn(online_app):
    """A row on the hub says whose turn it is now, not when the rows were built: the host's moves
    arrive while the hub is open and the row turns to "your turn" (and back once we moved)."""
    from game.ui.widgets import label_text
    app, scene, other = online_app
    fut = other.create("lineit", 2, {"final_plays": 1, "first_seat": 0}, [other.me, scene.s.me])
    assert run_until(app, other, lambda: fut.done() and fut.result() in scene.s.tables.invites, 30)
    room = fut.result()
    click(app, next(b for b, r in scene.rows if r == room).rect)
    assert run_until(app, other, lambda: room in scene.s.tables.tables and not scene.s.tables.loading(), 30)

    def row() -> str:
        return label_text(next(b for b, r in scene.rows if r == room and b not in scene.side).label)
    host_bots: dict = {}
    assert run_until(app, other, lambda: "your turn" in row(), 40, host_bots), row()
    mine = scene.s.tables.slot(room, 1)
    assert mine is not None
    seq, position = mine
    assert scene.s.tables.play(room, 1, str(make_bot("lineit", "easy", seed=3).choose(position.view(1))))
    assert run_until(app, other, lambda: "your turn" not in row(), 30), row()


def test_esc_cancels_a_sign_in_and_the_next_goes_at_once(headless_home, synapse):
    """Issue 24 item 14: Back (Esc) cancels an attempt that hangs; the next is not queued behind it,
    and the cancelled one is never kept."""
    import socket

    from game.shell.app import App
    from game.scenes.online import OnlineScene
    hole = socket.socket()
    hole.bind(("127.0.0.1", 0))
    hole.listen(5)                    # accepts and never answers
    try:
        name = f"esc{next(_n)}"
        synapse.register(name, "pw-" + name)
        app = App(size=(1280, 720))
        scene = OnlineScene(app)
        app.push(scene)
        app.step(0.05)
        type_into(app, scene, scene.server, f"127.0.0.1:{hole.getsockname()[1]}")
        type_into(app, scene, scene.user, name)
        type_into(app, scene, scene.password, "pw-" + name)
        click(app, scene.b_sign_in.rect)
        app.step(0.05)
        assert scene.busy is not None
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        app.step(0.05)
        assert app.top is scene and scene.busy is None and scene.error == "Sign-in cancelled."
        type_into(app, scene, scene.server, synapse.url.removeprefix("http://"))
        type_into(app, scene, scene.password, "pw-" + name)
        click(app, scene.b_sign_in.rect)
        assert run_until_signed_in(app, scene, 15)
        assert scene.s.creds.homeserver == synapse.url
    finally:
        hole.close()
        session.end()


def run_until_signed_in(app, scene, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while scene.s is None and time.monotonic() < end:
        app.step(0.05)
        time.sleep(0.01)
    return scene.s is not None
