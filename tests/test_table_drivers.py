"""Every table is one factory's, driven per seat: what it says follows from its drivers and the engine.

Each driver combination (a person and bots, hot seat, the demo, a replay, a
tutorial, a finished game, a table waiting for an online deal) is opened
through `game.shell.tables.build_table` for both games, and in English, German and
French the table must say only what is true: "thinking…" / "is playing…" only
while a bot decides, "your move is sent" only at an online table, "Game over."
only when the engine says so, "Save game" only for a game that can be saved.
(The online table's own words are checked against a real homeserver in
test_online_ui.py.)
"""
from __future__ import annotations

import pytest

from engine import lineit, linyo
from engine.bots.worker import BotWorker
from game.shell import i18n, tables
from game.shell.i18n import _
from game.table import bots as bots_mod
from game.table.drivers import Role, TableOptions, record
from game.table.overlays import PauseScene
from game.table.spec import TableSpec
from game.ui.widgets import label_text

from appkit import menu_app  # noqa: E402

DT = 1 / 60
LANGS = ("en", "de", "fr")
GAMES = ("lineit", "linyo")
#: said only while a bot or the room decides, or only online, or only at the end
BOT_WORDS = ("{name} is playing…", "{name} is playing.", "{name} is drawing…", "{name} marks start fields…",
             "{name} rolled four of a kind and turns dice…")
ONLINE_WORDS = ("Your move is sent; it is written once the seats before you have moved.",)


@pytest.fixture
def home(headless_home, monkeypatch):
    monkeypatch.setattr(bots_mod, "WORKER_FACTORY", lambda: BotWorker(use_process=False))
    yield headless_home
    i18n.set_language("en")


def seats(game: str, *kinds: str) -> list[dict]:
    names = ["Ada", "Bruno", "Cleo"]
    return [{"name": names[i], "kind": k, "level": None if k == "human" else "easy",
             **({"difficulty": 2} if game == "linyo" else {})} for i, k in enumerate(kinds)]


def setup(game: str, *kinds: str, first: int = 0) -> dict:
    extra = {"final_plays": 1} if game == "lineit" else {"sheet": "A"}
    return {"game": game, "seed": 11, "first_seat": first, "seats": seats(game, *kinds), **extra}


def status(table) -> str:
    """The line the table shows about whose turn it is."""
    if table.game == "lineit":
        from game.lineit_table.draw import status_text
        return status_text(table)[0]
    return table._status()


def words(msgids, name: str) -> list[str]:
    return [_(m).format(name=name) for m in msgids]


def opened(app, spec: TableSpec):
    table = tables.build_table(app, spec)
    app.reset(table)
    app.run(frames=2, dt=DT)
    return table


def pause_offers_save(app, table) -> bool:
    table.open_pause()
    app.run(frames=1, dt=DT)
    assert isinstance(app.top, PauseScene)
    offered = any(label_text(getattr(w, "label", "")) == _("Save game") for w in app.top.widgets)
    app.pop()
    return offered


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_bot_seat_says_it_plays_and_a_person_may_save(home, game, lang):
    app = menu_app((1280, 720), anim_speed="reduced", bot_pace="slow")
    i18n.set_language(lang)
    table = opened(app, TableSpec(game, setup(game, "human", "bot", first=1)))
    assert [table.seating.role(p) for p in (0, 1)] == [Role.PERSON, Role.BOT]
    cur = table.tg.state.current_seat
    assert cur == 1 and not table.acts_here(cur)        # the bot begins (slow pace: it is still deciding)
    assert table.thinking(cur) and not table.thinking(0)
    assert status(table) in words(BOT_WORDS, table.tg.name(cur))
    assert pause_offers_save(app, table)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_hot_seat_and_the_demo(home, game, lang):
    app = menu_app((1280, 720), anim_speed="reduced", bot_pace="slow")
    i18n.set_language(lang)
    table = opened(app, TableSpec(game, setup(game, "human", "human")))
    assert table.seating.hot_seat and not any(table.thinking(p) for p in (0, 1))
    assert pause_offers_save(app, table)
    demo = opened(app, tables.demo_spec(game, players=2, seed=3, speed=1, exit_at_end=False))
    cur = demo.tg.state.current_seat
    assert demo.demo and demo.meter is not None and demo.thinking(cur)
    assert not demo.seating.people() and not pause_offers_save(app, demo)
    if game == "lineit":     # the measured demo's status stays still: no dots
        assert status(demo) == _("{name} is playing.").format(name=demo.tg.name(cur))


def played(game: str, n: int):
    """A person and a bot, `n` actions into a seeded game (the engine's first legal action each time)."""
    state = lineit.new_game(players=2, seed=11, first_seat=0) if game == "lineit" else \
        linyo.new_game(players=2, seed=11, first_seat=0)
    for _i in range(n):
        if state.is_over:
            break
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_replay_says_only_whose_turn_it_is(home, game, lang):
    """The replay viewer's table: no one is thinking, playing or sending a move, at any moment."""
    from game.replay.model import Replay
    from game.replay.scene import ReplayScene
    app = menu_app((1280, 720), anim_speed="reduced", bot_pace="slow")
    i18n.set_language(lang)
    rp = Replay(game, played(game, 40), seats(game, "human", "bot"))
    viewer = ReplayScene(app, rp, seat=0)
    app.reset(viewer)
    app.run(frames=2, dt=DT)
    forbidden_msgids = BOT_WORDS + ONLINE_WORDS
    for k in range(0, rp.n, 3):
        viewer.jump(k)
        app.run(frames=1, dt=DT)
        t = viewer.table
        assert t.replay and t.seating.read_only and not t.seating.people()
        cur = t.tg.state.current_seat
        said = status(t)
        for p in range(2):
            assert not t.thinking(p)
            assert said not in words(forbidden_msgids, t.tg.name(p)), (k, said)
        if cur is not None and not t.tg.state.is_over:
            assert said == _("{name}'s turn.").format(name=t.tg.name(cur))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_offers_no_save_and_says_game_over(home, game, lang):
    app = menu_app((1280, 720), anim_speed="off", bot_pace="instant")
    i18n.set_language(lang)
    state = played(game, 10_000)
    assert state.is_over
    table = opened(app, TableSpec(game, setup(game, "human", "bot"), state=state,
                                  options=TableOptions(at_rest=True)))
    assert table.keeps_saves and not table.can_save
    assert not pause_offers_save(app, table)
    assert table.save_promise() == ""            # its autosave is gone: nothing is promised
    if game == "lineit":
        assert status(table) == _("Game over.")


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_waiting_for_a_deal_is_not_over(home, lang):
    """Line-it with external chance (an online guest's game between two deals): "Game over." only
    at the end."""
    app = menu_app((1280, 720), anim_speed="reduced", bot_pace="slow")
    i18n.set_language(lang)
    state = lineit.new_game(players=2, first_seat=0, external_chance=True)
    assert state.chance_needed is not None and not state.is_over
    table = opened(app, TableSpec("lineit", setup("lineit", "human", "bot"), state=state, drivers=record))
    assert status(table) != _("Game over.")
    assert status(table) == _("The next cards are being dealt…")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_tutorial_is_scripted_and_offers_no_save(home, game, lang):
    from game.tutorial import tutorial_scene
    app = menu_app((1280, 720), anim_speed="reduced", bot_pace="slow")
    i18n.set_language(lang)
    table = tutorial_scene(app, game, 0)
    app.reset(table)
    app.run(frames=2, dt=DT)
    assert table.tutorial and table.seating.scripted and not table.keeps_saves
    assert table.seating.people() == [0] and all(table.seating.role(p) is Role.SCRIPT for p in range(1, len(table.seating.drivers)))
    assert not pause_offers_save(app, table)
