"""The post-game review's screen (issue 26): from the results and from the replay, its progress,
the costliest decisions with the engine's figures, jumping to one with the better move drawn,
the cache, and the job cancelled on leaving."""
from __future__ import annotations

import multiprocessing
import time

import pygame
import pytest

from engine.bots.review import review
from engine.bots.worker import BotWorker
from game.files import history
from game.shell import i18n, tables
from game.shell.app import App
from game.replay import review as R
from game.replay.__main__ import finished_game
from game.replay.review_panel import MIN_PX
from game.replay.scene import ReplayScene
from game.scenes.menu import MenuScene
from game.table import bots
from game.ui.widgets import label_text
from appkit import drawn_by  # noqa: E402

DT = 1 / 60
SUGGEST = (96, 226, 140)        # the better move's colour on both tables (game/<game>_table/suggest.py)


@pytest.fixture(scope="module")
def games() -> dict:
    """Two seeded finished games and the engine's own review of seat 0 in each."""
    out = {}
    for game in ("lineit", "linyo"):
        st = finished_game(game, 2, 3, "easy")
        out[game] = (st, review(st.to_json(), 0, top=R.TOP).to_json())
    return out


@pytest.fixture
def thread_worker(monkeypatch):
    monkeypatch.setattr(bots, "WORKER_FACTORY", lambda: BotWorker(use_process=False))
    R._CACHE.clear()
    yield
    R._CACHE.clear()


def seats(game: str, n: int) -> list[dict]:
    out = [{"name": "Ada" if p == 0 else f"Bot {p}", "kind": "human" if p == 0 else "bot",
            "level": None if p == 0 else "easy"} for p in range(n)]
    if game == "linyo":
        for s in out:
            s["difficulty"] = 2
    return out


def start_app(size: tuple[int, int], lang: str = "en") -> App:
    a = App(size=size)
    a.change_settings(language=lang)
    a.reset(MenuScene(a))
    a.run(frames=2, dt=DT)
    return a


def until_done(a: App, sc: ReplayScene, seconds: float = 240.0) -> list[float]:
    """Frames run until the review is in (a generous deadline); the progress seen on the way."""
    seen = []
    deadline = time.monotonic() + seconds
    assert sc.review is not None
    while not sc.review.run.done:
        assert time.monotonic() < deadline, "the review never finished"
        seen.append(sc.review.run.progress)
        a.run(frames=1, dt=DT)
        time.sleep(0.01)
    a.run(frames=2, dt=DT)
    return seen


def suggestion_pixels(a: App, sc: ReplayScene) -> int:
    """Pixels of the better move's colour on the table (left of the panel, above the bar)."""
    picture = pygame.Surface(a.screen.get_size())
    sc.draw(picture)                  # the scene alone: no crossfade over it
    area = picture.subsurface(pygame.Rect(0, 0, sc.table_width(), sc.bar.y))
    mask = pygame.mask.from_threshold(area, SUGGEST, (3, 3, 3, 255))
    return mask.count()


def results_of(a: App, game: str, st) -> object:
    env = {"kind": "save", "game": game, "payload": {"config": {"game": game, "seed": st.seed,
                                                                "seats": seats(game, st.players)},
                                                     "record": st.to_json()}}
    assert tables.open_table(a, env)
    table = a.top
    table.game_over()
    table.show_results()
    a.run(frames=3, dt=DT)
    return a.top


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_review_from_the_results_lists_the_engine_s_costliest_decisions(headless_home, thread_worker, games, game):
    st, expected = games[game]
    a = start_app((800, 600))
    results = results_of(a, game, st)
    assert results.b_review.visible
    # Review sits beside the results' other buttons, on screen, covering none (800×600 is the tightest)
    buttons = [w for w in results.widgets if w.visible]
    assert a.screen.get_rect().contains(results.b_review.rect)
    assert not any(results.b_review.rect.colliderect(w.rect) for w in buttons if w is not results.b_review)
    results.b_review.click()
    a.run(frames=2, dt=DT)
    sc = a.top
    assert isinstance(sc, ReplayScene) and sc.review is not None and sc.review.seat == 0
    assert sc.review.rect.w > 0 and sc.review.over_table and sc.table_width() == 800    # 800×600: over the table
    seen = until_done(a, sc)
    assert seen == sorted(seen) and all(0.0 <= p <= 1.0 for p in seen)
    assert sc.review.run.error == "" and sc.review.run.progress == 1.0
    items = sc.review.items
    want = expected["findings"]
    assert want, "the seeded game has costly decisions"
    assert [(i.index, i.played, i.better) for i in items] == [(f["index"], f["played"], f["better"]) for f in want]
    assert [i.cost for i in items] == [f["cost"] for f in want]
    # the words carry the engine's figures: the cost, and both moves' values, rounded as a player reads them
    for item, f in zip(items, want):
        cost, played, better = R.lines(game, item)
        assert str(max(1, round(f["cost"]))) in cost
        p = f["reason"]["params"]
        played_v, better_v = ((p["played_value"], p["better_value"]) if game == "lineit"
                              else (p["played_free"], p["better_free"]))
        assert f"about {round(played_v)} " in played and f"about {round(better_v)} " in better
        assert played.startswith("You ") and better.startswith("Better: ")
    summary = R.summary(game, sc.review.run.result)
    assert f"{expected['decisions']} decisions checked" in summary and f"{expected['costly']} cost" in summary
    blocks = sc.review.blocks()
    assert blocks and blocks[0].index == 0       # from the costliest on (the rest by ↓ where 800×600 is short)
    for b in blocks:
        assert sc.review.rect.contains(b.rect), "an entry runs out of the panel"
        assert all(px >= MIN_PX for _t, px, _c, _b in b.lines)
    assert a.errors == 0


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_a_click_jumps_to_the_decision_and_draws_the_better_move(headless_home, thread_worker, games, game):
    st, expected = games[game]
    kept = history.record_game(game, st.to_json(), seats(game, st.players))
    a = start_app((1280, 720))
    sc = a.open("replay", kept.id, 1)      # watched from the other seat: the review is of the seat watched
    assert isinstance(sc, ReplayScene)
    a.run(frames=2, dt=DT)
    sc.next_seat(-1)
    assert sc.seat == 0
    sc.b_review.click()
    until_done(a, sc)
    assert not sc.review.over_table and sc.table_width() == sc.review.rect.x     # beside the table, at 1280
    assert suggestion_pixels(a, sc) == 0
    second = sc.review.blocks()[1]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=1, pos=second.rect.center))
    a.run(frames=3, dt=DT)
    f = expected["findings"][1]
    assert sc.k == f["index"] and sc.seat == 0 and sc.review.shown == 1
    assert sc.state().current_seat == 0 and f["better"] in {str(x) for x in sc.state().legal_actions()}
    assert sc.suggestion == (f["index"], f["better"])
    assert suggestion_pixels(a, sc) > 200, "the better move is not drawn on the table"
    # stepping away hides it; the keyboard brings the first decision back
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    a.run(frames=3, dt=DT)
    assert suggestion_pixels(a, sc) == 0
    for key in (pygame.K_UP, pygame.K_RETURN):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        a.run(frames=2, dt=DT)
    first = expected["findings"][0]
    assert sc.review.selected == 0 and sc.k == first["index"] and sc.suggestion == (first["index"], first["better"])
    assert suggestion_pixels(a, sc) > 200
    assert a.errors == 0


def test_a_review_is_made_once_per_record(headless_home, thread_worker, games):
    st, expected = games["lineit"]
    kept = history.record_game("lineit", st.to_json(), seats("lineit", st.players))
    a = start_app((1280, 720))
    sc = a.open("review", kept.id, 0)
    assert isinstance(sc, ReplayScene) and sc.review is not None and sc.review.run.job is not None
    until_done(a, sc)
    sc.back()
    a.run(frames=2, dt=DT)
    again = a.open("replay", kept.id, 0)
    assert isinstance(again, ReplayScene)
    again.b_review.click()
    assert again.review is not None and again.review.run.job is None and again.review.run.done   # no second run
    assert again.review.run.result["findings"] == expected["findings"]


def test_leaving_cancels_the_review_and_ends_its_worker(headless_home, games, monkeypatch):
    monkeypatch.setattr(bots, "WORKER_FACTORY", lambda: BotWorker(use_process=True))
    R._CACHE.clear()
    st, _ = games["linyo"]
    kept = history.record_game("linyo", st.to_json(), seats("linyo", st.players))
    a = start_app((1280, 720))
    sc = a.open("review", kept.id, 0)
    assert isinstance(sc, ReplayScene) and sc.review is not None
    run = sc.review.run
    deadline = time.monotonic() + 120
    while run.worker.pid is None or run.progress <= 0.0:      # the worker process is at work
        assert time.monotonic() < deadline and not run.done, "the review never started"
        a.run(frames=1, dt=DT)
        time.sleep(0.02)
    pid = run.worker.pid
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    a.run(frames=2, dt=DT)
    assert sc.review is None and run.cancelled and not run.done
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    a.run(frames=2, dt=DT)
    assert not isinstance(a.top, ReplayScene)
    deadline = time.monotonic() + 30
    while pid in {p.pid for p in multiprocessing.active_children()}:
        assert time.monotonic() < deadline, "the review's worker process still runs"
        time.sleep(0.05)
    assert R._CACHE == {}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_the_results_review_button_fits(headless_home, games, game, lang, size):
    st, _ = games[game]
    a = start_app(size, lang)
    results = results_of(a, game, st)
    shown = [w for w in results.widgets if w.visible]
    assert results.b_review in shown
    for w in shown:
        assert a.screen.get_rect().contains(w.rect), w
        assert not any(w.rect.colliderect(o.rect) for o in shown if o is not w), w
    assert a.errors == 0


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_the_review_fits_in_every_language_and_size(headless_home, thread_worker, games, game, lang, size):
    st, expected = games[game]
    R._CACHE[(R.record_key(st.to_json()), 0)] = expected     # the engine's own answer: no worker needed
    kept = history.record_game(game, st.to_json(), seats(game, st.players))
    a = start_app(size, lang)
    sc = a.open("review", kept.id, 0)
    assert isinstance(sc, ReplayScene) and sc.review is not None and sc.review.run.done
    a.run(frames=2, dt=DT)
    panel = sc.review
    assert i18n.current_language() == lang
    assert R.lines(game, panel.items[0])[1].startswith("You ") == (lang == "en")
    # every entry is reached with ↓ and is then shown whole, inside the panel, above its key help
    reached = set()
    for _ in panel.items:
        blocks = panel.blocks()
        assert panel.selected in {b.index for b in blocks}
        for b in blocks:
            assert panel.rect.contains(b.rect) and b.rect.bottom <= panel.list_bottom()
            assert all(px >= MIN_PX for _t, px, _c, _b in b.lines)
        reached |= {b.index for b in blocks}
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
        a.run(frames=1, dt=DT)
    assert reached == set(range(len(expected["findings"])))
    for w in sc.widgets:
        assert a.screen.get_rect().contains(w.rect)
    assert a.errors == 0


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_in_a_small_window_the_review_lies_over_the_table_and_folds_to_show_a_decision(
        headless_home, thread_worker, games, game):
    st, expected = games[game]
    R._CACHE[(R.record_key(st.to_json()), 0)] = expected
    kept = history.record_game(game, st.to_json(), seats(game, st.players))
    a = start_app((800, 600))
    sc = a.open("review", kept.id, 0)
    assert isinstance(sc, ReplayScene) and sc.review is not None
    a.run(frames=2, dt=DT)
    assert sc.review.over_table and sc.table_width() == 800      # the table keeps the whole window
    assert sc.table_lay is not None and sc.table_lay.width == 800
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    a.run(frames=3, dt=DT)
    first = expected["findings"][0]
    assert sc.review.folded and sc.listing() is None and sc.k == first["index"]
    assert suggestion_pixels(a, sc) > 200
    # folded: ↓ shows the next decision at once; Review brings the list back
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    a.run(frames=3, dt=DT)
    second = expected["findings"][1]
    assert sc.review.folded and sc.k == second["index"] and sc.suggestion == (second["index"], second["better"])
    sc.b_review.click()
    a.run(frames=2, dt=DT)
    assert sc.listing() is sc.review and sc.review.selected == 1
    assert a.errors == 0


def test_enter_on_a_focused_button_of_the_bar_is_the_button_s(headless_home, thread_worker, games):
    st, expected = games["lineit"]
    R._CACHE[(R.record_key(st.to_json()), 0)] = expected
    kept = history.record_game("lineit", st.to_json(), seats("lineit", st.players))
    a = start_app((1280, 720))
    sc = a.open("review", kept.id, 0)
    assert isinstance(sc, ReplayScene) and sc.review is not None
    a.run(frames=2, dt=DT)
    sc.set_focus(sc.b_end)             # Tab brought the focus to the bar: Enter goes to the end, not to a decision
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    a.run(frames=2, dt=DT)
    assert sc.k == sc.rp.n and sc.review.shown is None and sc.suggestion is None


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_each_row_of_result_buttons_reads_in_one_size(headless_home, thread_worker, games, game, lang, size):
    """Linyo's Review and Challenge a friend joined the main row in a smaller font than Play again or
    Back to menu (seen at 1920×1080 in French)."""
    st, _expected = games[game]
    a = start_app(size, lang)
    results = results_of(a, game, st)
    drawn = drawn_by(lambda: results.draw(a.screen))
    main = results.shown_buttons()
    assert results.b_review.visible and len(main) >= 4
    sizes = {}
    for b in main:
        inside = {px for _t, px, r in drawn if b.rect.contains(r)}
        assert len(inside) == 1, f"{b.label!r}: its text in {sorted(inside)} px"
        sizes[label_text(b.label)] = inside.pop()
    assert len(set(sizes.values())) == 1, f"{game} {lang} {size}: the main row reads in {sizes}"
    pygame.display.quit()
