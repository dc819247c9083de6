"""The Achievements screen, the results' achievement line and Challenge button, and a challenge
played from its code: headless, through the real scene loop, at 800×600 and 1920×1080 in
English, German and French."""
from __future__ import annotations

import pygame
import pytest

import shell_walk as W
from engine.bots.worker import BotWorker
from engine.core import Rng
from engine.games import game as game_info
from game import challenge as ch
from game.files import stats
from game.shell import tables
from game.achievements import store
from game.challenge.ghost import GhostReplay
from game.challenge.scenes import ChallengeEnter, ChallengeOffer
from game.scenes.achievements import AchievementsScene
from game.scenes.load import LoadScene
from game.scenes.stats_scene import StatsScene
from game.table import bots as bots_mod
from game.table.spec import TableSpec
from game.ui import text as T
from test_shell_layout import MIN_PX, _measure

DT = 1 / 60
ADA = {"name": "Ada", "kind": "human", "level": None}


@pytest.fixture(autouse=True)
def threads(monkeypatch):
    monkeypatch.setattr(bots_mod, "WORKER_FACTORY", lambda: BotWorker(use_process=False))


def until(app, cond, frames=1200):
    for _ in range(frames):
        if cond():
            return
        app.step(DT)
    assert cond(), "the condition never held"


def click(app, pos):
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=1, pos=pos))
    app.step(DT)


def readable(app, monkeypatch, what):
    """What `test_shell_layout` asks of every shell scene, of the top scene."""
    window = app.screen.get_rect()
    order, owned = _measure(app, monkeypatch)
    texts = [item for kind, item in order if kind == "text"] + [t for _w, ts in owned.values() for t in ts]
    assert texts
    assert not [(t, px) for t, px, _r in texts if px < MIN_PX], what
    for t, _px, r in texts:
        assert window.contains(r), f"{what}: {t!r} at {r} leaves the window"
    widgets = [w for w, _ts in owned.values()]
    for w, ts in owned.values():
        assert window.contains(w.rect), (what, w.rect)
        for text, _px, r in ts:
            assert w.rect.inflate(2, 2).contains(r), f"{what}: {text!r} runs out of its widget"
    for i, a in enumerate(widgets):
        for b in widgets[i + 1:]:
            assert not a.rect.colliderect(b.rect), (what, a.rect, b.rect)
    return [t for t, _px, _r in texts]


def fill_statistics():
    data = stats.load()
    section = data["achievements"]
    section["earned"]["lineit.jackpot6"] = {"date": "2026-03-01", "game": "g1", "history": None}
    section["progress"].update({"lineit.two_jackpots": 1, "linyo.perfect3": 7, "any.hard_bots3": 2})
    section["daily_days"] = ["2026-03-01", "2026-03-02", "2026-03-03"]
    data["bests"] = {"lineit/4p": {"games": 5, "best": 38, "best_game": None, "date": "2026-03-01"},
                     "linyo/1p/A/d3": {"games": 2, "best": 4}, "linyo/2p/random/d2": {"games": 1, "best": 20}}
    stats.save(data)


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_achievements_screen_from_statistics(headless_home, monkeypatch, size, lang):
    fill_statistics()
    app = W.start(size, lang)
    app.push(StatsScene(app))
    app.run(frames=3, dt=DT)
    click(app, app.top.b_achievements.rect.center)
    until(app, lambda: isinstance(app.top, AchievementsScene))
    scene = app.top
    app.run(frames=3, dt=DT)
    seen = []
    for page in range(scene.pages):
        seen += readable(app, monkeypatch, f"{lang} {size} page {page}")
        for i in range(len(scene.shown())):
            assert scene.list_rect.contains(pygame.Rect(scene.list_rect.x, scene.list_rect.y + scene.app.lay.px(
                12 + (i + 1) * 118) - 1, 1, 1)), "a row runs out of the list"
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
        app.step(DT)
    text = " ".join(seen)
    assert "★" in text and "2026-03-01" in text
    assert len([r for r in store.progress(stats.load())]) == len(store.declared())
    assert scene.page == 0, "the pages go round"
    rows = sum(1 for _ in store.declared())
    assert scene.per_page * scene.pages >= rows
    scene.view.set_options(scene.view.options, "bests")
    scene.refresh()
    app.run(frames=2, dt=DT)
    bests = " ".join(readable(app, monkeypatch, f"{lang} {size} bests"))
    assert "38" in bests and "Line-it" in bests and "Linyo" in bests
    assert app.errors == 0


def finished(game, players, seed, winner=0):
    """A finished seeded game whose seat `winner` is among the winners."""
    info = game_info(game)
    for s in range(seed, seed + 400):
        state = info.new_game(players=players, seed=s)
        rng = Rng(s)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        if winner in state.winners():
            return state, s
    raise AssertionError("no such game")


def open_finished(app, game, state, config):
    """The table one action before the end of `state`, then that action through the table's own
    path: the game ends there as it does in play (history, statistics, then the results)."""
    actions = state.to_json()["actions"]
    assert tables.open_table(app, TableSpec(game, config, state=state.rewind(len(actions) - 1, any=True)))
    app.top.apply_action(actions[-1])
    until(app, lambda: type(app.top).__name__ == "ResultsScene")
    assert app.top.table.history_id is not None
    return app.top


@pytest.mark.parametrize("game", ["lineit", "linyo"])
@pytest.mark.parametrize("size, lang", [((800, 600), "de"), ((1920, 1080), "fr"), ((1280, 720), "en")])
def test_results_say_what_was_earned_and_offer_a_challenge(headless_home, monkeypatch, game, size, lang):
    state, seed = finished(game, 4, 11)
    seats = [ADA] + [{"name": f"Bot {i}", "kind": "bot", "level": "hard"} for i in range(3)]
    if game == "linyo":
        seats = [{**s, "difficulty": 2} for s in seats]
    config = {"game": game, "seats": seats, "seed": seed, "first_seat": None, "game_id": f"win-{game}"}
    app = W.start(size, lang)
    res = open_finished(app, game, state, config)
    assert [a.id for a in res.extras.earned] == ["any.hard_bots3"]
    assert "any.hard_bots3" in stats.load()["achievements"]["earned"]
    from game.shell.i18n import _
    drawn = " ".join(readable(app, monkeypatch, f"{game} results"))
    assert _("Giant slayer") in drawn
    assert res.extras.b_challenge.visible
    click(app, res.extras.b_challenge.rect.center)
    until(app, lambda: isinstance(app.top, ChallengeOffer))
    offer = app.top
    app.run(frames=2, dt=DT)
    assert offer.code in " ".join(readable(app, monkeypatch, "offer"))
    assert ch.decode(offer.code).seed == seed
    click(app, offer.buttons[0].rect.center)          # copy: copied, or said where it could not be
    assert app.errors == 0


def test_a_code_typed_at_load_opens_the_same_game(headless_home, monkeypatch):
    state, seed = finished("lineit", 3, 40)
    config = {"game": "lineit", "seats": [ADA, {"name": "B", "kind": "bot", "level": "hard"},
                                          {"name": "C", "kind": "bot", "level": "easy"}],
              "seed": seed, "first_seat": None, "final_plays": 2}
    code = ch.of_game("lineit", config, state).code()
    app = W.start((800, 600), "en")
    app.push(LoadScene(app))
    app.run(frames=2, dt=DT)
    click(app, app.top.b_challenge.rect.center)
    until(app, lambda: isinstance(app.top, ChallengeEnter))
    enter = app.top
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="not-a-code"))
    app.step(DT)
    assert enter.problem and enter.opened is None
    readable(app, monkeypatch, "enter, refused")
    enter.input.text = ""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=code.lower()))
    app.step(DT)
    assert enter.opened is not None and not enter.problem
    readable(app, monkeypatch, "enter, understood")
    click(app, enter.b_play.rect.center)
    until(app, lambda: type(app.top).__name__ == "TableScene")
    table = app.top
    assert table.tg.state.seed == seed and table.tg.config["final_plays"] == 2
    assert [s["level"] for s in table.tg.config["seats"]] == [None, "hard", "easy"]
    first = [e for e in table.tg.state.events if e.kind == "lineit.market_dealt"][0]
    assert first == [e for e in state.events if e.kind == "lineit.market_dealt"][0]
    assert app.errors == 0


def test_a_challenge_file_compares_both_games_at_the_end(headless_home, monkeypatch, tmp_path):
    theirs, seed = finished("linyo", 1, 3)
    config = {"game": "linyo", "seats": [{**ADA, "difficulty": 2}], "seed": seed, "first_seat": None, "sheet": "A"}
    made = ch.of_game("linyo", config, theirs)
    path = ch.write_file(made, theirs.to_json(), config["seats"], tmp_path)
    dropper = W.start((800, 600), "de")
    dropper.open("dropped_file", str(path))           # a challenge file dropped on the window
    dropper.run(frames=2, dt=DT)
    assert isinstance(dropper.top, ChallengeEnter) and dropper.top.opened is not None
    assert "Ada" in " ".join(readable(dropper, monkeypatch, "dropped challenge"))
    friend = ch.config_for(ch.read(str(path)), "Bea")
    mine = theirs.rewind(0, any=True)                 # the friend plays the same sheet and dice
    rng = Rng(99)
    while not mine.is_over:
        legal = mine.legal_actions()
        mine.apply(legal[rng.below(len(legal))])
    app = W.start((800, 600), "fr")
    res = open_finished(app, "linyo", mine, {**friend, "game_id": "friend-1"})
    assert res.extras.playing is not None and res.extras.b_compare.visible
    lines = res.extras.lines()
    assert any(str(int(made.score)) in line for line in lines)
    click(app, res.extras.b_compare.rect.center)
    assert res.extras.compare_shown
    drawn = " ".join(readable(app, monkeypatch, "compare"))
    assert "Ada" in drawn and "Bea" in drawn
    assert res.extras.b_ghost.visible and not res.extras.b_challenge.visible
    click(app, res.extras.b_ghost.rect.center)
    until(app, lambda: isinstance(app.top, GhostReplay))
    ghost = app.top
    ghost.jump(ghost.rp.n // 2)
    app.run(frames=3, dt=DT)
    head, said = ghost.ghost_lines()
    assert "Ada" in head and "Ada" in said
    assert ghost.table.table_lay.height <= ghost.ghost_rect.y
    monkeypatch.setattr(T, "drawn", [])
    ghost.draw(app.screen)
    strip = [(t, px, r) for t, px, r in T.drawn if ghost.ghost_rect.colliderect(r)]
    monkeypatch.setattr(T, "drawn", None)
    assert len(strip) == 2 and all(px >= MIN_PX and ghost.ghost_rect.contains(r) for _t, px, r in strip), strip
    assert app.errors == 0
