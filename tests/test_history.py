"""Every game kept: the history files, its index, import/export and the History screen."""
from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from engine import lineit, linyo
from engine.core import Rng
from game import history, history_bench
from game.app import App
from game.scenes.dialogs import ConfirmScene, MessageScene
from game.scenes.history import HistoryScene

from appkit import menu_app  # noqa: E402

DT = 1 / 60
SEATS3 = [{"name": "Ada", "kind": "human", "level": None},
          {"name": "Bot", "kind": "bot", "level": "hard"},
          {"name": "Eve", "kind": "bot", "level": "easy"}]


@pytest.fixture
def home(headless_home):
    yield headless_home


def played(game: str, players: int, seed: int, stop_after: int | None = None) -> dict:
    """A seeded game of random legal actions (to its end, or `stop_after` actions)."""
    module = lineit if game == "lineit" else linyo
    state = module.new_game(players=players, seed=seed)
    rng = Rng(seed)
    n = 0
    while not state.is_over and (stop_after is None or n < stop_after):
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
        n += 1
    return state.to_json()


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


# ---------------------------------------------------------------- files and index

def test_add_list_pin_delete(home):
    a = history.record_game("lineit", played("lineit", 3, 1), SEATS3)
    b = history.record_game("linyo", played("linyo", 2, 2), SEATS3[:2])
    c = history.record_game("lineit", played("lineit", 3, 3, stop_after=10), SEATS3, abandoned=True)
    assert a and b and c
    index = history.load()
    assert len(index) == 3
    assert {index.entry(i).id for i in range(3)} == {a.id, b.id, c.id}
    assert a.finished and not a.abandoned and a.scores is not None and a.winners
    assert c.abandoned and not c.finished and c.scores is None
    assert b.variant == (("difficulties", (2, 2)), ("sheet", "A"))
    assert [s.level for s in a.seats] == [None, "hard", "easy"]
    assert index.select("linyo") == [i for i in range(3) if index.entry(i).id == b.id]
    # the scores are the replayed game's, not a claim
    assert list(a.scores) == lineit.from_json(history.game_file(a.id)["record"]).scores()

    history.set_pinned(b.id, True)
    index = history.load()
    assert [index.entry(i).id for i in index.select(pinned_only=True)] == [b.id]
    history.delete(a.id)
    index = history.load()
    assert index.ids() == {b.id, c.id}
    assert not (history.folder() / f"{a.id}.linebox").exists()


def test_newest_first(home):
    rec = played("linyo", 1, 5)
    for when in ("2024-03-01T10:00:00", "2025-01-01T09:00:00", "2024-12-31T23:59:59"):
        history._store(history.build_file("linyo", rec, SEATS3[:1], played_at=when))
    index = history.load()
    assert [index.entry(i).played_at for i in range(3)] == [
        "2025-01-01T09:00:00", "2024-12-31T23:59:59", "2024-03-01T10:00:00"]


@pytest.mark.parametrize("damage", ["delete", "corrupt", "truncate", "wrong_rows", "stale"])
def test_index_rebuilt(home, damage):
    a = history.record_game("lineit", played("lineit", 3, 1), SEATS3)
    b = history.record_game("linyo", played("linyo", 2, 2), SEATS3[:2])
    history.set_pinned(a.id, True)
    path = history.index_path()
    if damage == "delete":
        path.unlink()
    elif damage == "corrupt":
        path.write_bytes(b"\xff\x00 not json")
    elif damage == "truncate":
        path.write_bytes(path.read_bytes()[:40])
    elif damage == "wrong_rows":
        path.write_text(json.dumps({"version": 1, "rows": [[1, 2, 3]]}))
    else:   # a game file deleted by hand: the index names a game no longer there
        (history.folder() / f"{b.id}.linebox").unlink()
    index = history.load()
    expected = {a.id} if damage == "stale" else {a.id, b.id}
    assert index.ids() == expected
    assert index.entry(index.select(pinned_only=True)[0]).id == a.id    # the pin lives in the file
    assert history._read_index() is not None                             # and the index was written again


def test_ten_thousand_games_load(home):
    history_bench.fill(10_000, samples=6)
    index = history.load()
    assert len(index) == 10_000
    first, last = index.entry(0), index.entry(9_999)
    assert first.played_at > last.played_at
    assert len(index.select("lineit")) == 5_000


def test_export_import_same_record_and_scores(home, tmp_path):
    for game, players in (("lineit", 3), ("linyo", 2)):
        kept = history.record_game(game, played(game, players, 11), SEATS3[:players])
        out = history.export_game(kept.id, tmp_path / "out" / f"my {game}")
        assert out.suffix == ".linebox" and out.exists()
        again = history.import_game(out)
        assert again.id != kept.id
        first, second = history.game_file(kept.id), history.game_file(again.id)
        assert second["record"] == first["record"]
        module = lineit if game == "lineit" else linyo
        assert module.from_json(second["record"]).scores() == module.from_json(first["record"]).scores()
        assert again.scores == kept.scores and again.winners == kept.winners


def _broken_files(folder: Path, good: dict) -> dict[str, Path]:
    """name -> path of a file that must be refused."""
    folder.mkdir(parents=True, exist_ok=True)
    out: dict[str, Path] = {}

    def put(name: str, content: bytes | str) -> None:
        p = folder / f"{name}.linebox"
        p.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        out[name] = p

    text = json.dumps(good)
    put("truncated", text[: len(text) // 2])
    put("wrong_version", json.dumps({**good, "version": 99}))
    put("no_version", json.dumps({k: v for k, v in good.items() if k != "version"}))
    put("not_a_game", json.dumps({"version": 1, "kind": "save"}))
    rec = good["record"]
    actions = list(rec["actions"])
    actions[2] = "play 999" if good["game"] == "lineit" else "abort 99"
    put("illegal_step_3", json.dumps({**good, "record": {**rec, "actions": actions}}))
    put("unknown_game", json.dumps({**good, "game": "chess", "record": {**rec, "game": "chess"}}))
    put("record_game_differs", json.dumps({**good, "game": "linyo"}))
    put("ten_mb_string", json.dumps({**good, "seats": [{"name": "x" * 10_000_000, "kind": "human"}]}))
    put("deep_nesting", "[" * 200_000 + "]" * 200_000)
    put("deep_nesting_small", '{"version": 1, "kind": "linebox-game", "record": ' + "[" * 50_000 + "]" * 50_000 + "}")
    put("binary", bytes(range(256)) * 10)
    put("seat_count", json.dumps({**good, "seats": good["seats"][:1]}))
    put("bad_seat", json.dumps({**good, "seats": [{"name": 3, "kind": "alien"}] * len(good["seats"])}))
    put("changed_seed", json.dumps({**good, "record": {**rec, "seed": rec["seed"] + 1}}))
    put("empty", "")
    folder_entry = folder / "a_folder.linebox"
    folder_entry.mkdir()
    out["not_a_regular_file"] = folder_entry
    out["missing"] = folder / "nothing-here.linebox"
    return out


def test_broken_files_refused_and_nothing_changes(home, tmp_path):
    kept = history.record_game("lineit", played("lineit", 3, 4), SEATS3)
    good = history.game_file(kept.id)
    corpus = _broken_files(tmp_path / "corpus", good)
    before = snapshot(home)
    for name, path in corpus.items():
        with pytest.raises(history.BadGameFile) as caught:
            history.import_game(path)
        reason = str(caught.value)
        assert reason and len(reason) < 200, name
        assert snapshot(home) == before, name
    assert history.load().ids() == {kept.id}


def test_illegal_action_reason_names_the_step(home, tmp_path):
    kept = history.record_game("lineit", played("lineit", 3, 4), SEATS3)
    path = _broken_files(tmp_path / "c", history.game_file(kept.id))["illegal_step_3"]
    with pytest.raises(history.BadGameFile, match="action 3"):
        history.import_game(path)


def test_record_game_never_raises(home):
    assert history.record_game("lineit", {"format": 2, "game": "lineit"}, SEATS3) is None
    assert history.record_game("chess", {}, SEATS3) is None
    assert not history.folder().exists() or not list(history.folder().glob("*.linebox"))


# ---------------------------------------------------------------- the screen

def start(size: tuple[int, int]) -> App:
    return menu_app(size)


def key(app: App, k: int, frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.run(frames=frames, dt=DT)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run(frames=1, dt=DT)


def inside(outer: pygame.Rect, inner: pygame.Rect) -> bool:
    return outer.contains(inner)


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_history_screen(home, size):
    history_bench.fill(40, samples=4)
    app = start(size)
    menu = app.top
    history_button = next(w for w in menu.widgets if getattr(w, "label", None) == "History")
    click(app, history_button.rect.center)
    scene = app.top
    assert isinstance(scene, HistoryScene)
    app.run(frames=20, dt=DT)
    screen = pygame.Rect((0, 0), size)
    for w in scene.widgets:
        assert inside(screen, w.rect), w
    assert scene.list.rect.bottom < scene.b_pin.rect.top
    assert len(scene.list.order) == 40 and scene.focus is scene.list

    # scroll: keys and wheel
    key(app, pygame.K_END)
    assert scene.list.selected == 39 and scene.list.top == 40 - scene.list.rows_in_view
    key(app, pygame.K_HOME)
    assert scene.list.selected == 0 and scene.list.top == 0
    key(app, pygame.K_PAGEDOWN)
    assert scene.list.selected == scene.list.rows_in_view
    key(app, pygame.K_HOME)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
    app.run(frames=1, dt=DT)
    assert scene.list.top == 3 and scene.list.selected == 0

    # pin the second game with P, then show pinned ones only
    key(app, pygame.K_DOWN)
    second = scene.list.chosen()
    assert not second.pinned
    key(app, pygame.K_p)
    assert scene.list.chosen().id == second.id and scene.list.chosen().pinned
    assert scene._pin_label() == "Unpin"
    scene.filter.step(1)                     # Line-it
    app.run(frames=1, dt=DT)
    assert {scene.index.entry(i).game for i in scene.list.order} == {"lineit"}
    assert len(scene.list.order) == 20
    scene.filter.step(2)                     # Pinned
    app.run(frames=1, dt=DT)
    assert [scene.index.entry(i).id for i in scene.list.order] == [second.id]

    # delete with confirm: Cancel keeps it, Yes removes it
    scene.set_focus(scene.list)
    key(app, pygame.K_DELETE)
    assert isinstance(app.top, ConfirmScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and second.id in history.load().ids()
    click(app, scene.b_delete.rect.center)
    assert isinstance(app.top, ConfirmScene)
    key(app, pygame.K_RETURN, frames=2)
    assert app.top is scene
    assert second.id not in history.load().ids()
    assert scene.list.order == [] and not scene.b_delete.enabled
    assert scene.focus is scene.filter       # not left on a disabled button
    app.run(frames=3, dt=DT)

    # a click on a row chooses it
    scene.filter.step(-2)                    # back to all games
    app.run(frames=1, dt=DT)
    key(app, pygame.K_TAB)
    assert scene.focus is scene.list
    key(app, pygame.K_END)
    top = scene.list.top
    assert top > 0
    row = scene.list.rect.y + scene.list.row_px * 2 + scene.list.row_px // 2
    click(app, (scene.list.rect.centerx, row))
    assert scene.list.selected == top + 2 and scene.list.top == top
    key(app, pygame.K_ESCAPE)
    assert app.top is menu


def test_history_screen_empty_and_languages(home):
    from game import i18n
    app = start((800, 600))
    scene = HistoryScene(app)
    app.push(scene)
    app.run(frames=3, dt=DT)
    assert scene.focus is scene.filter and not scene.b_pin.enabled
    for lang in ("de", "fr", "en"):
        i18n.set_language(lang)
        app.run(frames=2, dt=DT)


def test_pin_of_a_vanished_game_says_so(home):
    history_bench.fill(3, samples=2)
    app = start((1280, 720))
    scene = HistoryScene(app)
    app.push(scene)
    app.run(frames=2, dt=DT)
    gone = scene.list.chosen()
    (history.folder() / f"{gone.id}.linebox").unlink()
    key(app, pygame.K_p)
    assert isinstance(app.top, MessageScene)
    key(app, pygame.K_RETURN, frames=2)
    assert app.top is scene and len(scene.list.order) == 2
