"""The hub's rows and a finished online table, in the real scene loop against a real Synapse.

What reviewers met: the "last:" part of a row read the raw action text, the
host's row said "waiting for the host" while the invitee had not joined, a
finished table had no way to its replay, and Linyo's online results offered
the daily sheet.
"""
from __future__ import annotations

import pytest

from test_online_ui import click, linyo_frame, online_app, run_until  # noqa: F401  (online_app: the fixture)

pytest.importorskip("nio", reason="matrix-nio is not installed (pip install -e '.[test]')")

from game.online.rules import has_external_chance  # noqa: E402
from game.ui.widgets import label_text  # noqa: E402

pytestmark = pytest.mark.skipif(not has_external_chance(), reason="needs the engine's external chance")


def row_of(scene, room) -> str:
    return label_text(next(b for b, r in scene.rows if r == room and b not in scene.side).label)


def test_host_row_names_who_has_not_joined_then_says_the_last_move(online_app):
    """Before the invitee joins, the host's row names them ("waiting for X to join"), in en/de/fr;
    once they play, its "last:" part words their move as the game log does, not as the action text."""
    from game.shell import i18n
    app, scene, other = online_app
    fut = scene.s.tables.create("lineit", 2, {"final_plays": 1, "first_seat": 1}, [scene.s.me, other.me])
    assert run_until(app, other, lambda: fut.done() and fut.result() in scene.s.tables.tables
                     and fut.result() in other.invites, 30)
    room = fut.result()
    name = other.me[1:].split(":")[0]
    app.step(0.05)
    summary = next(x for x in scene.s.tables.summaries() if x.room_id == room)
    assert f"waiting for {name} to join" in row_of(scene, room), row_of(scene, room)
    for lang, words in (("de", "beitr"), ("fr", "rejoign")):
        i18n.set_language(lang)
        turn = scene.describe_parts(summary)[2]
        assert name in turn and words in turn, (lang, turn)
    i18n.set_language("en")
    joined = other.accept(room)
    host_bots: dict = {}
    assert run_until(app, other, lambda: joined.done() and "your turn" in row_of(scene, room), 40, host_bots), \
        row_of(scene, room)
    assert "to join" not in row_of(scene, room)
    # what the row words is our own copy of the room (the invitee's copy may not have its own
    # "end" back from the homeserver yet)
    assert scene.s.tables.tables[room].replica.actions[-1] == "end"
    assert f"last: {name} ends the turn" in row_of(scene, room), row_of(scene, room)
    summary = next(x for x in scene.s.tables.summaries() if x.room_id == room)
    for lang, said in (("de", f"zuletzt: {name} beendet den Zug"), ("fr", f"dernier : {name} termine son tour")):
        i18n.set_language(lang)
        assert said in scene.describe_parts(summary)[3], (lang, scene.describe_parts(summary))
    i18n.set_language("en")


def test_last_move_of_linyo_reads_as_the_log():
    """A Linyo move on the hub reads as the table's log words it, in the player's language."""
    from engine import linyo
    from engine.bots.arena import seat_game
    from game.shell import i18n
    from game.online.protocol import TableSetup
    from game.scenes.online_table import move_text
    setup = TableSetup("linyo", 2, {"sheet": "A", "difficulties": [2, 2]}, ("@ann:x.org", "@bo:x.org"), "@ann:x.org")
    state, _seated, bots = seat_game("linyo", ["easy"] * 2, 0, 3, {})
    while True:
        seat = state.current_seat
        action = bots[seat].choose(state.view(seat))
        events = state.apply(action)
        if isinstance(action, linyo.Move):
            break
    fields = " ".join([linyo.field_name(f) for f in action.fields] + ([linyo.field_name(action.star)]
                                                                      if action.star is not None else []))
    who = ("ann", "bo")[seat]
    assert str(action) not in move_text("linyo", (seat, tuple(events)), setup)
    assert move_text("linyo", (seat, tuple(events)), setup) == f"{who}: line {action.line} through {fields}"
    i18n.set_language("de")
    try:
        assert move_text("linyo", (seat, tuple(events)), setup) == f"{who}: Linie {action.line} über {fields}"
    finally:
        i18n.set_language("en")


def play_linyo_to_the_end(app, other, room) -> None:
    """The app's seat and the host's bot seat play the table's whole game through the scene."""
    import time

    from engine.bots import make_bot
    bot = make_bot("linyo", "easy", seed=5)
    host_bots: dict = {}
    end = time.monotonic() + 180
    while time.monotonic() < end and not (other.tables[room].replica.state.is_over
                                          and app.top.name == "linyo_results"):
        linyo_frame(app, other, bot, host_bots)
    assert other.tables[room].replica.state.is_over and app.top.name == "linyo_results", app.top.name


def test_finished_linyo_table_offers_its_replay_not_the_daily_sheet(online_app):
    """At a finished online Linyo table the results offer no offline game (neither Play again nor
    the daily sheet); the game is in the history, and the hub's finished row has "Watch replay",
    which opens that game in the replay viewer from our seat."""
    from game.files import history
    from game.replay.scene import ReplayScene
    from test_online_ui import open_invited_table
    app, scene, other = online_app
    room, table = open_invited_table(app, scene, other, "linyo", {"sheet": "A", "difficulties": [2, 2]})
    play_linyo_to_the_end(app, other, room)
    results = app.top
    assert not results.b_again.visible and not results.b_daily.visible
    assert results.b_replay.visible                      # the table kept the game in the history
    kept = table.history_id
    assert kept in history.load().ids()
    app.to_menu()
    app.push(hub := type(scene)(app))
    app.step(0.05)
    replay = next(b for b, r in hub.rows if r == room and b in hub.side)
    assert label_text(replay.label) == "Watch replay"
    assert "finished" in row_of(hub, room)
    click(app, replay.rect)
    app.step(0.05)
    viewer = app.top
    assert isinstance(viewer, ReplayScene) and viewer.rp.file_id == kept
    assert viewer.rp.actions == other.tables[room].replica.actions
    assert viewer.seat == 1                              # our seat (the host sat at 0)
    # a game that ended while we were not at the table is not in the history: the room's record plays
    app.pop()
    history.delete(kept)
    click(app, replay.rect)
    app.step(0.05)
    viewer = app.top
    assert isinstance(viewer, ReplayScene) and viewer.rp.file_id is None and viewer.seat == 1
    assert viewer.rp.actions == other.tables[room].replica.actions and viewer.rp.finished
    viewer.jump(viewer.rp.n)
    assert viewer.state().scores() == other.tables[room].replica.state.scores()
    app.pop()
    # the finished row and its button fit at 800x600, in every language
    from game.shell import i18n
    from game.ui import text as T
    app.resize(800, 600)
    for lang in ("en", "de", "fr"):
        i18n.set_language(lang)
        app.step(0.05)
        for button, _room in hub.rows:
            text = label_text(button.label)
            assert T.width(text, app.lay.font_px(button.font_size), bold=True) <= button.rect.w or \
                button in hub.side, (lang, text)
            assert app.screen.get_rect().contains(button.rect), (lang, text)
        assert not replay.rect.colliderect(next(b for b, r in hub.rows if r == room and b not in hub.side).rect)
    i18n.set_language("en")
    # issue 24 item 15: a finished table can be archived from the hub (we leave and forget its room)
    app.resize(1280, 720)
    app.step(0.05)
    archive = next(b for b, r in hub.rows if r == room and b in hub.side and label_text(b.label) == "Archive")
    click(app, archive.rect)
    app.step(0.05)
    click(app, app.top.buttons[0].rect)                  # the confirm's "Archive"
    assert run_until(app, other, lambda: room not in hub.s.tables.tables and all(r != room for _b, r in hub.rows), 30)

