"""The Statistics screen with a filled statistics file, headless, at two sizes and in three languages."""
from __future__ import annotations

import pygame
import pytest

from game.files import history, stats
from game.dev import history_bench
from game.shell.app import App
from game.scenes.dialogs import MessageScene
from game.scenes.history import HistoryScene
from game.scenes.menu import MenuScene
from game.scenes.stats_scene import StatsScene

DT = 1 / 60


@pytest.fixture
def filled(headless_home):
    history_bench.fill(6, samples=6)
    ids = [history.load().entry(i).id for i in range(6)]
    for i in range(12):          # Line-it last: the screen opens on the game last played
        stats.record_result("linyo", {"seats": [{"name": "Ada", "kind": "human", "level": None, "score": 30 - 2 * i}],
                                      "winners": [0], "sheet": "A", "difficulties": [2 + i % 2], "history": ids[i % 6]})
    for i in range(60):
        level = ("easy", "normal", "hard")[i % 3]
        stats.record_result("lineit", {"seats": [{"name": "Ada", "kind": "human", "level": None, "score": 20 + i % 17},
                                                 {"name": "Bot", "kind": "bot", "level": level, "score": 25}],
                                       "winners": [0] if i % 17 > 5 else [1], "id": f"l{i}", "history": ids[i % 6]})
    return ids


def start(size) -> App:
    app = App(size=size)
    app.reset(MenuScene(app))
    app.push(StatsScene(app))
    app.run(frames=3, dt=DT)
    return app


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_drawn_inside_the_window_for_both_games(filled, size, lang):
    app = start(size)
    app.change_settings(language=lang)
    scene = app.top
    for game in ("lineit", "linyo"):
        scene.chooser.set_options(scene.chooser.options, game)
        scene.refresh()
        app.run(frames=2, dt=DT)
        window = pygame.Rect((0, 0), size)
        for rect in (scene.table_rect, scene.bests_rect, scene.chart_rect, scene.chooser.rect, scene.done.rect):
            assert window.contains(rect), (game, rect)
        assert not scene.bests_rect.colliderect(scene.chart_rect) and not scene.table_rect.colliderect(scene.bests_rect)
        assert scene.done.rect.top >= scene.chart_rect.bottom
        for link in scene.links:
            assert scene.bests_rect.contains(link.rect) or not link.visible     # a best that does not fit is not drawn
        assert sum(link.visible for link in scene.links) >= 1
    assert app.errors == 0


def test_figures_per_level_and_the_recent_chart(filled):
    app = start((1280, 720))
    scene = app.top
    rows = dict(scene.table_rows())
    assert rows["all"]["games"] == 60 and {k for k in rows} == {"all", "easy", "normal", "hard"}
    assert sum(rows[lv]["games"] for lv in ("easy", "normal", "hard")) == 60
    cols = dict(scene.columns())
    assert cols["Best"](rows["all"]) == "36" and cols["Win rate"](rows["all"]).endswith("%")
    assert len(stats.recent_scores(scene.data, "lineit")) == 60 - (72 - stats.HISTORY if 72 > stats.HISTORY else 0)
    scene.chooser.step(1)
    app.run(frames=1, dt=DT)
    assert scene.game == "linyo" and [lv for lv, _r in scene.table_rows()] == ["all"]
    texts = [t() for t, _id in scene.bests]
    assert texts[0] == "Fewest free fields: 8" and any(t.startswith("Solo, sheet A, difficulty 2") for t in texts)
    # the solo games the engine put first in are wins (as the History says "Won by")
    assert dict(scene.columns())["Win rate"](scene.table_rows()[0][1]).endswith("%")


def test_a_best_links_to_its_game_in_the_history(filled):
    app = start((1280, 720))
    scene = app.top
    best_id = scene.data["games"]["lineit"]["best_game"]
    link = scene.links[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=link.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=link.rect.center, button=1))
    app.run(frames=3, dt=DT)
    assert isinstance(app.top, HistoryScene) and app.top.list.chosen().id == best_id
    app.pop()
    app.run(frames=2, dt=DT)
    history.delete(best_id)
    scene.links[0].click()
    app.run(frames=2, dt=DT)
    assert isinstance(app.top, MessageScene)
    assert app.errors == 0


def test_empty_statistics_say_so(headless_home):
    app = start((800, 600))
    assert app.top.bests == [] and app.top.links == []
    assert stats.recent_scores(app.top.data, "lineit") == [] and not app.top.has_games()
    app.run(frames=2, dt=DT)
    assert app.errors == 0


def test_statistics_open_on_the_game_last_played(headless_home):
    """Issue 26: the screen always opened on Line-it, even right after a Linyo game."""
    from game.scenes.stats_scene import StatsScene
    solo = {"seats": [{"name": "Ada", "kind": "human", "level": None, "score": 9}], "winners": [0],
            "sheet": "B", "difficulties": [3]}
    app = start((1280, 720))
    assert app.top.game == "lineit"                        # nothing played yet: the first game
    stats.record_result("linyo", solo)
    assert StatsScene(app).game == "linyo"
    duel = {"seats": [{"name": "Ada", "kind": "human", "level": None, "score": 30},
                      {"name": "Bo", "kind": "bot", "level": "easy", "score": 20}], "winners": [0]}
    stats.record_result("lineit", duel)
    assert StatsScene(app).game == "lineit"
