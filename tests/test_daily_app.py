"""The daily challenge in the app, headless: the menu's entry, today's game opened through the one
table factory, one counted game then practice, the result in the statistics and the outbox, the
leaderboard screen signed out, and a posted game opened in the replay viewer."""
from __future__ import annotations

import pytest

from game.files import history, stats, storage
from game.shell import tables
from game.daily import attempts
from game.leaderboard.bench import played
from game.daily.day import challenge
from game.shell.i18n import set_language
from game.replay.scene import ReplayScene
from game.ui.widgets import label_text
from test_table_linyo import DT, click, home, play_out, start_app  # noqa: F401  (home: the fixture)


def test_the_menu_opens_the_daily_challenge(home):
    app = start_app()
    button = next(w for w in app.top.widgets if label_text(w.label) == "Daily challenge")
    click(app, button.rect.center)
    app.run(frames=30, dt=DT)
    scene = app.top
    assert scene.name == "daily" and scene.games == ["lineit", "linyo"]
    assert [label_text(b.label) for b in scene.plays] == ["Play (counts)"] * 2
    assert scene.lines["linyo"][1].startswith("Not played yet")
    assert "against 3 bots (Hard)" in scene.lines["lineit"][0] and "solo" in scene.lines["linyo"][0]
    for lang in ("de", "fr"):
        set_language(lang)
        app.run(frames=2, dt=DT)
        scene.refresh()
        assert not scene.lines["linyo"][1].startswith("Not played yet")


def test_a_linyo_daily_counts_once_then_practice_and_waits_to_be_posted(home):
    from game.scenes.daily import open_daily
    app = start_app()
    daily = challenge("linyo")
    assert open_daily(app, "linyo")
    app.run(frames=5, dt=DT)
    table = app.top
    config = table.tg.config
    assert config["challenge"] == "counted" and config["seed"] == daily.seed and config["daily"] == daily.date
    assert table.tg.state.to_json()["setup"] == daily.setup           # the day's sheet, rolls and difficulty
    assert attempts.plan(daily) == attempts.CONTINUE                   # unfinished: Continue, not a new one
    play_out(app, table)
    day = stats.load()["daily"]["linyo"][daily.date]
    assert day["score"] == table.tg.state.scores()[0] and day["history"] == table.history_id
    row = next(r for r in stats.load()["history"] if r.get("id") == config["game_id"])
    assert row["daily"] == "counted"
    # the kept game says which day's daily it was (the viewer reads that, not the seed)
    said = {"date": daily.date, "game": "linyo"}
    assert history.game_file(table.history_id)["daily"] == said
    queued = attempts.queued()                                        # signed out: it waits on disk
    assert [(q["game"], q["date"], q["content"]["score"]) for q in queued] == [("linyo", daily.date, day["score"])]
    assert queued[0]["content"]["file"]["daily"] == said
    # the next game of the day is practice, and says so
    app.to_menu()
    app.run(frames=5, dt=DT)
    app.open("daily")
    app.run(frames=30, dt=DT)
    scene = app.top
    assert label_text(scene.plays[1].label) == "Practice"
    assert "Your counted game" in scene.lines["linyo"][1]
    assert "1 result waits" in _drawn_note(scene)
    click(app, scene.plays[1].rect.center)
    app.run(frames=5, dt=DT)
    assert app.top.tg.config["challenge"] == "practice"
    assert any("does not count" in text for text, _seconds in app.toasts)
    assert stats.load()["daily"]["linyo"][daily.date]["practice"] == 1
    assert len(attempts.queued()) == 1                               # practice is never posted


def _drawn_note(scene) -> str:
    from game.shell.i18n import ngettext
    return ngettext("{n} result waits to be posted to its leaderboard (sign in, or the homeserver is away).",
                    "{n} results wait to be posted to their leaderboards (sign in, or the homeserver is away).",
                    scene.waiting).format(n=scene.waiting)


def test_the_lineit_daily_seats_three_hard_bots_after_the_player(home):
    from game.scenes.daily import open_daily
    app = start_app()
    assert open_daily(app, "lineit")
    app.run(frames=3, dt=DT)
    table = app.top
    seats = table.tg.config["seats"]
    assert [(s["kind"], s["level"]) for s in seats] == [("human", None), ("bot", "hard"), ("bot", "hard"),
                                                         ("bot", "hard")]
    assert table.tg.state.to_json()["setup"] == challenge("lineit").setup
    assert table.tg.state.current_seat == 0
    # its autosave keeps the day in its config: replaced by another game, it is kept as that day's
    table.saver.flush()
    tables.keep_abandoned("lineit", storage.read_save(storage.autosave_path("lineit")))
    (row,) = history.load().rows
    assert history.game_file(row[0])["daily"] == {"date": challenge("lineit").date, "game": "lineit"}


def test_the_leaderboard_signed_out_says_how_to_sign_in(home):
    app = start_app()
    app.open("leaderboard", "linyo")
    app.run(frames=3, dt=DT)
    scene = app.top
    assert scene.name == "leaderboard" and scene.board is None and scene.b_online.visible
    assert "Sign in" in scene.status()
    click(app, scene.b_game.rect.center)
    assert scene.game == "lineit"


def test_a_leaderboard_entry_opens_in_the_replay_viewer(home):
    app = start_app()
    file = played(challenge("linyo"), bot_seed=2)
    app.open("daily_replay", file)
    app.run(frames=3, dt=DT)
    viewer = app.top
    assert isinstance(viewer, ReplayScene) and viewer.rp.actions == file["record"]["actions"]
    # another account's game: its person is "player" at the table, never "you"
    assert [s.remote for s in viewer.rp.seats if s.kind == "human"] == [True]
    app.pop()
    app.open("daily_replay", file, True)               # this account's own entry: "you"
    app.run(frames=3, dt=DT)
    assert [s.remote for s in app.top.rp.seats if s.kind == "human"] == [False]
    app.pop()
    broken = {**file, "record": {**file["record"], "actions": ["fly"]}}
    assert app.open("daily_replay", broken) is None
    app.run(frames=3, dt=DT)
    assert app.top.name == "message"


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_daily_screens_speak_german_and_french(home, lang):
    app = start_app()
    set_language(lang)
    app.open("daily")
    app.run(frames=3, dt=DT)
    english = ("Play (counts)", "Leaderboard")
    assert all(label_text(b.label) not in english for b in app.top.plays + app.top.boards)
    app.open("leaderboard")
    app.run(frames=3, dt=DT)
    assert "Sign in" not in app.top.status()


def test_the_counted_daily_left_unfinished_is_continued_not_started_again(home):
    from game.scenes.daily import DailyWatch, open_daily
    app = start_app()
    daily = challenge("linyo")
    assert open_daily(app, "linyo")
    app.run(frames=5, dt=DT)
    first = app.top
    game_id = first.tg.config["game_id"]
    first.leave()
    app.run(frames=5, dt=DT)
    app.open("daily")
    app.run(frames=5, dt=DT)
    assert label_text(app.top.plays[1].label) == "Continue"
    assert open_daily(app, "linyo")
    app.run(frames=5, dt=DT)
    table = app.top
    assert table.tg.config["game_id"] == game_id and table.tg.config["challenge"] == "counted"
    assert any(isinstance(c, DailyWatch) for c in table.components)
    assert stats.load()["daily"]["linyo"][daily.date].get("practice", 0) == 0
