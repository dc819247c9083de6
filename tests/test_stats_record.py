"""Every finished game is kept (history) and counted once (statistics), through the real tables headless."""
from __future__ import annotations

import pygame
import pytest

from game.files import history, stats, storage
from game.shell import tables
from game.scenes.dialogs import ConfirmScene

import test_table_lineit as LT
import test_table_linyo as YT
from test_table_linyo import DT, HUMAN, bot, home  # noqa: F401


def _key(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.run(frames=2, dt=DT)


def test_a_bots_only_lineit_game_through_the_table_is_in_the_history(home):
    app = LT.start()
    sc = LT.open_game(app, LT.config("bot", "bot", seed=4))
    LT.until(app, lambda: sc.ctrl.state.is_over, 20000)
    kept = history.load()
    assert len(kept) == 1
    entry = kept.entry(0)
    assert entry.game == "lineit" and entry.finished and not entry.abandoned
    assert list(entry.scores) == sc.ctrl.state.scores() and list(entry.winners) == sc.ctrl.state.winners()
    assert [s.kind for s in entry.seats] == ["bot", "bot"] and entry.seed == 4
    assert stats.load()["games"]["lineit"]["games"] == 0       # no person at the table: not counted
    app.run(frames=5, dt=DT)
    assert len(history.load()) == 1 and app.errors == 0        # game over runs once


def test_a_bots_only_linyo_game_through_the_table_is_in_the_history(home):
    app = YT.start_app()
    scene = YT.open_game(app, YT.config([bot("Bruno"), bot("Chloé")], seed=8))
    YT.play_out(app, scene)
    (entry,) = [history.load().entry(0)]
    assert entry.game == "linyo" and entry.finished
    assert list(entry.scores) == scene.state.scores()
    assert dict(entry.variant)["sheet"] == "A"


def test_the_demo_game_is_kept_too(home):
    from game.shell import tables
    app = YT.start_app()
    scene = tables.build_table(app, tables.demo_spec("linyo", players=2, seed=3, speed=50, exit_at_end=False))
    app.reset(scene)
    YT.play_out(app, scene)
    entry = history.load().entry(0)
    assert entry.finished and list(entry.scores) == scene.state.scores()


def test_a_save_finished_twice_the_same_way_counts_once_and_is_kept_once(home):
    """Move for move the same game (its id and record): one count, one history entry -- as after a
    kill between the history write and the autosave clear (history.record_game, issue 24).
    A save played on to another end is kept as another game (test_history)."""
    app = YT.start_app()
    scene = YT.open_game(app, YT.config([HUMAN], seed=11))
    game_id = scene.tg.config["game_id"]
    for _ in range(3):
        YT.human_turn(app, scene)
    path = storage.write_save("linyo", "half way", scene.tg.payload())
    YT.play_out(app, scene)
    data = stats.load()["games"]["linyo"]
    # the engine puts the one seat first, the History says "Won by": a win here too (issue 26)
    assert (data["games"], data["wins"], data["solo"]) == (1, 1, 1)
    assert history.load().entry(0).winners == (0,)
    first = history.load().entry(0)
    assert data["best"] == scene.state.scores()[0] and data["best_game"] == first.id
    assert stats.load()["ids"] == [game_id]

    assert tables.open_table(app, storage.read_save(path), path)       # the same game again, from its save
    app.run(frames=2, dt=DT)
    again = app.top
    assert again.tg.config["game_id"] == game_id
    YT.play_out(app, again)
    assert stats.load()["games"]["linyo"]["games"] == 1
    assert history.load().ids() == {first.id}


def test_a_new_game_gets_a_new_id_even_from_an_old_config(home):
    app = YT.start_app()
    cfg = YT.config([HUMAN], seed=2)
    one = YT.open_game(app, cfg).tg.config["game_id"]
    two = YT.open_game(app, {**cfg, "game_id": one}).tg.config["game_id"]    # "play again" copies the config
    assert one != two and len(one) == 16


def test_a_replaced_unfinished_game_is_kept_as_abandoned(home):
    app = YT.start_app()
    scene = YT.open_game(app, YT.config([HUMAN, bot("Bruno")], seed=5))
    YT.human_turn(app, scene)
    scene.saver.flush()
    app.to_menu()
    app.run(frames=3, dt=DT)
    tables.open_replacing_autosave(app, YT.config([HUMAN], seed=6))
    app.run(frames=2, dt=DT)
    assert isinstance(app.top, ConfirmScene) and len(history.load()) == 0
    _key(app, pygame.K_RETURN)
    entry = history.load().entry(0)
    assert entry.abandoned and not entry.finished and entry.scores is None
    assert [s.name for s in entry.seats] == ["Ada", "Bruno"]


def test_cancelling_the_replacement_keeps_nothing(home):
    app = YT.start_app()
    YT.open_game(app, YT.config([HUMAN], seed=5))
    app.to_menu()
    app.run(frames=3, dt=DT)
    tables.open_replacing_autosave(app, YT.config([HUMAN], seed=6))
    app.run(frames=2, dt=DT)
    _key(app, pygame.K_ESCAPE)
    assert len(history.load()) == 0 and storage.autosave_path("linyo").exists()


# ---------------------------------------------------------------- record_result itself

def _result(score, winners=(0,), game_id=None, levels=("hard",), history_id=None):
    seats = [{"name": "Ada", "kind": "human", "level": None, "score": score}]
    seats += [{"name": "Bot", "kind": "bot", "level": lv, "score": 20} for lv in levels]
    out = {"seats": seats, "winners": list(winners), "history": history_id}
    if game_id:
        out["id"] = game_id
    return out


def test_an_id_counts_once(headless_home):
    assert stats.record_result("lineit", _result(30, game_id="g1"))
    assert not stats.record_result("lineit", _result(40, game_id="g1"))
    assert stats.record_result("lineit", _result(25, game_id="g2"))
    assert stats.record_result("lineit", _result(25))                  # no id: counted
    data = stats.load()
    assert data["games"]["lineit"]["games"] == 3 and data["ids"] == ["g1", "g2"]
    assert data["games"]["lineit"]["best"] == 30


def test_the_ids_kept_are_capped(headless_home):
    # a full list is written at once (500 recorded games one by one took ~20 s); it must load as it
    # is, and the games recorded after it push the oldest ids out
    assert stats.record_result("lineit", _result(1, game_id="g0"))
    full = stats.load()
    full["ids"] = [f"g{i}" for i in range(stats.RECENT_IDS)]
    stats.save(full)
    assert stats.load()["ids"] == full["ids"]
    for i in range(stats.RECENT_IDS, stats.RECENT_IDS + 5):
        assert stats.record_result("lineit", _result(1, game_id=f"g{i}"))
    ids = stats.load()["ids"]
    assert len(ids) == stats.RECENT_IDS and ids[-1] == f"g{stats.RECENT_IDS + 4}" and "g4" not in ids


def test_streaks_averages_and_best_links_per_level(headless_home):
    plays = [(30, (0,), ("hard",)), (35, (0,), ("easy",)), (10, (1,), ("hard",)),
             (40, (0,), ("hard", "easy")), (41, (0,), ("hard",)), (20, (1,), ("easy",))]
    for i, (score, winners, levels) in enumerate(plays):
        stats.record_result("lineit", _result(score, winners, levels=levels, history_id=f"h{i}"))
    g = stats.load()["games"]["lineit"]
    assert (g["games"], g["wins"], g["streak"], g["best_streak"]) == (6, 4, 0, 2)
    assert (g["best"], g["best_game"]) == (41, "h4")
    assert stats.average(g) == pytest.approx(176 / 6) and stats.win_rate(g) == pytest.approx(4 / 6)
    hard = g["levels"]["hard"]
    assert (hard["games"], hard["wins"], hard["streak"], hard["best_streak"]) == (4, 3, 2, 2)
    easy = g["levels"]["easy"]
    assert (easy["games"], easy["best"], easy["best_game"], easy["streak"]) == (3, 40, "h3", 0)
    assert stats.recent_scores(stats.load(), "lineit") == [30, 35, 10, 40, 41, 20]
    assert stats.win_rate(g["levels"]["normal"]) is None and stats.average(g["levels"]["normal"]) is None


def test_linyo_lower_is_better_and_a_solo_win_is_the_engines(headless_home):
    solo = {"seats": [{"name": "Ada", "kind": "human", "level": None, "score": 9}], "winners": [0],
            "sheet": "B", "difficulties": [3], "history": "s1"}
    assert stats.record_result("linyo", solo)
    assert stats.record_result("linyo", {**solo, "seats": [{**solo["seats"][0], "score": 4}], "history": "s2"})
    assert stats.record_result("linyo", {**solo, "seats": [{**solo["seats"][0], "score": 7}], "history": "s3"})
    data = stats.load()
    g = data["games"]["linyo"]
    assert (g["games"], g["wins"], g["solo"], g["streak"], g["best"], g["best_game"]) == (3, 3, 3, 3, 4, "s2")
    assert stats.win_rate(g) == 1.0
    lost = {**solo, "winners": [], "history": "s4"}          # a game with no winner is no win
    assert stats.record_result("linyo", lost)
    g = stats.load()["games"]["linyo"]
    assert (g["games"], g["wins"], g["streak"], g["best_streak"]) == (4, 3, 0, 3)
    assert data["linyo_solo"]["B/3"] == {"games": 3, "best": 4, "best_game": "s2"}


def test_an_old_statistics_file_loads_with_the_new_fields(headless_home):
    old = stats.empty()
    for entry in old["games"].values():
        for row in [entry, *entry["levels"].values()]:
            for key in stats.ROW_EXTRAS:
                if key != "best":
                    row.pop(key)
            if row is not entry:
                row.pop("best")
    del old["ids"]
    old["games"]["lineit"].update(games=4, wins=2, best=33)
    storage.write_json(storage.stats_path(), old)
    data = stats.load()
    assert storage.take_problems() == []
    g = data["games"]["lineit"]
    assert (g["games"], g["best"], g["streak"], g["scored"], g["best_game"]) == (4, 33, 0, 0, None)
    assert stats.average(g) is None and data["ids"] == []
    assert stats.record_result("lineit", _result(50, history_id="x"))
    g = stats.load()["games"]["lineit"]
    assert (g["games"], g["best"], g["best_game"], stats.average(g)) == (5, 50, "x", 50)


@pytest.mark.parametrize("bad_id", ["x" * 41, "a\x00b", 17])
def test_a_bad_id_is_refused(headless_home, bad_id):
    with pytest.raises(ValueError):
        stats.record_result("lineit", {**_result(1), "id": bad_id})
