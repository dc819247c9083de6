"""Every game kept: the history files, its index, import/export and the History screen."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pygame
import pytest

from engine import lineit, linyo
from engine.core import Rng
from game.files import history
from game.dev import history_bench
from game.shell.app import App
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
    from game.shell import i18n
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


# ---------------------------------------------------------------- files under attack (issue 24)

def hand_copied(name: str, data: dict | bytes | str) -> Path:
    """A file put into history/ by hand (not through Linebox)."""
    path = history.folder() / f"{name}.linebox"
    path.write_bytes(data if isinstance(data, bytes) else
                     (data if isinstance(data, str) else json.dumps(data)).encode("utf-8"))
    return path


def raw_index() -> dict:
    return json.loads(history.index_path().read_text(encoding="utf-8"))


@pytest.mark.parametrize("number", ["1e400", "Infinity", "-Infinity", "NaN"])
def test_a_game_file_with_a_number_past_floats_is_set_aside_and_the_rest_listed(home, number):
    kept = history.record_game("lineit", played("lineit", 3, 1), SEATS3)
    text = json.dumps(history.game_file(kept.id))
    text = text.replace('"scores": [', f'"scores": [{number}, ', 1)
    hand_copied("20250101-120000-lineit-aaaaaa", text)
    from game.files import storage
    storage.problems.clear()
    index = history.load()
    assert index.ids() == {kept.id} and index.entry(0).id == kept.id
    assert (history.folder() / "20250101-120000-lineit-aaaaaa.linebox.bad").exists()
    msgs = storage.take_problems()
    assert len(msgs) == 1 and "20250101-120000-lineit-aaaaaa.linebox.bad" in msgs[0]
    # later games are kept as before, and the folder is read no more
    again = history.record_game("linyo", played("linyo", 2, 2), SEATS3[:2])
    assert again is not None and history.load().ids() == {kept.id, again.id}


def test_a_game_ends_well_beside_a_broken_history_file(home):
    """The game end: kept, counted, autosave cleared -- with a file of scores 1e400 in history/."""
    import test_table_linyo as YT
    from game.files import stats, storage
    kept = history.record_game("lineit", played("lineit", 3, 1), SEATS3)
    hand_copied("20250101-120000-lineit-bbbbbb",
                json.dumps(history.game_file(kept.id)).replace('"scores": [', '"scores": [1e400, ', 1))
    app = YT.start_app()
    scene = YT.open_game(app, YT.config([YT.HUMAN], seed=11))
    assert storage.latest_autosave() is not None
    YT.play_out(app, scene)
    app.run(frames=3, dt=DT)
    assert storage.latest_autosave() is None
    assert stats.load()["games"]["linyo"]["games"] == 1
    assert len(history.load()) == 2 and app.errors == 0
    app.push(HistoryScene(app))
    app.run(frames=3, dt=DT)
    assert isinstance(app.top, HistoryScene) and app.errors == 0


@pytest.mark.parametrize("detail", [
    '[[["Ada","human",null]],[Infinity],[0],true,false,{},1]',
    '[[["Ada","human",null]],[1e400],[0],true,false,{},1]',
    '[[["Ada","human",null]],[NaN],[0],true,false,{},1]',
    "[" * 5000 + "]" * 5000,
    '[[["Ada","human",null]],[1],[0],true,false,' + '{"a":' * 500 + "1" + "}" * 500 + ",1]",
    '[[["' + "x" * 3000 + '","human",null]],[1],[0],true,false,{},1]',
    '[[["Ada\\u0000","human",null]],[1],[0],true,false,{},1]',
    '[[["Ada","human",null]],["12"],[0],true,false,{},1]',
    '[[["Ada","alien",null]],[1],[0],true,false,{},1]',
    '[[["Ada","human",null]],[1],[9],true,false,{},1]',
])
def test_a_damaged_index_row_is_repaired_from_its_file(home, detail):
    a = history.record_game("lineit", played("lineit", 3, 1), SEATS3)
    b = history.record_game("linyo", played("linyo", 2, 2), SEATS3[:2])
    data = raw_index()
    for row in data["rows"]:
        if row[0] == a.id:
            row[4] = detail
    history.index_path().write_text(json.dumps(data), encoding="utf-8")
    app = start((1280, 720))
    scene = HistoryScene(app)
    app.push(scene)
    app.run(frames=3, dt=DT)
    assert app.top is scene and app.errors == 0
    index = history.load()
    shown = {index.entry(i).id: index.entry(i) for i in range(len(index))}
    assert shown[a.id].scores == a.scores and shown[a.id].seats == a.seats and shown[b.id] == b
    # the row was written again, whole: the next start unpacks it as it is
    rows = {r[0]: r for r in raw_index()["rows"]}
    assert history._entry_from_row(rows[a.id]) == a


@pytest.mark.parametrize("row", [
    ["x", "lineit", "2025-01-01T10:00:00", False, "[" * 100],     # a file that is not there
    ["../../etc/passwd", "lineit", "2025-01-01T10:00:00", False, "[]"],
    [1e308, "lineit", "2025", False, "[]"],
    ["y", "chess", "2025", False, "[]"],
    ["z", "lineit", "2" * 10_000, False, "[]"],
    "not a row",
])
def test_a_bad_row_is_dropped_not_carried_forward(home, row):
    a = history.record_game("lineit", played("lineit", 3, 1), SEATS3)
    data = raw_index()
    data["rows"].append(row)
    history.index_path().write_text(json.dumps(data), encoding="utf-8")
    assert history.load().ids() == {a.id}
    assert [r[0] for r in raw_index()["rows"]] == [a.id]


def _in_time(fn, seconds: float = 10.0):
    """fn() run in a thread; fails (instead of hanging the suite) if it does not end in time."""
    import threading
    out: list = []
    t = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    t.start()
    t.join(seconds)
    assert out, f"still running after {seconds} s"
    return out[0]


@pytest.mark.parametrize("kind", ["fifo", "devzero", "dir", "dangling", "64 MB + 1"])
def test_an_index_that_is_no_regular_file_is_replaced_without_hanging(home, kind):
    import os
    a = history.record_game("lineit", played("lineit", 3, 1), SEATS3)
    path = history.index_path()
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "devzero":
        path.symlink_to("/dev/zero")
    elif kind == "dir":
        path.mkdir()
    elif kind == "dangling":
        path.symlink_to(path.parent / "nowhere.json")
    else:
        with open(path, "wb") as fh:
            fh.truncate(history.MAX_INDEX_BYTES + 1)
    for _ in range(2):        # History open, then the game end's read: both answer
        index = _in_time(history.load)
        assert index.ids() == {a.id}
    assert path.is_file() and not path.is_symlink() and raw_index()["rows"][0][0] == a.id


def test_the_ellipsis_cut_is_fast_for_a_long_name(home):
    from game.ui import text as T
    T.start_fonts()
    for n in (300, 20_000, 1_000_000):
        name = "W" * n
        t0 = time.perf_counter()
        got = T.cut(name, 24, 180)
        assert time.perf_counter() - t0 < 0.5, n
        assert got.endswith("…") and T.width(got, 24) <= 180
        assert T.width(got[:-1] + "W…", 24) > 180           # the longest that fits
    assert T.cut("Ada", 24, 180) == "Ada"


def test_a_hand_copied_file_gets_trimmed_clean_names_and_opens_history_fast(home):
    kept = history.record_game("lineit", played("lineit", 3, 1), SEATS3)
    data = history.game_file(kept.id)
    data["seats"][0]["name"] = "Bartholomäus " * 20_000
    data["seats"][1]["name"] = "Eve\x00\x07\n\tBot\ud800"
    hand_copied("20250101-120000-lineit-cccccc", json.dumps(data))
    index = history.load()
    entry = next(index.entry(i) for i in range(len(index)) if index.entry(i).id.endswith("cccccc"))
    assert len(entry.seats[0].name) <= history.MAX_NAME and entry.seats[0].name.startswith("Bartholomäus")
    assert entry.seats[1].name == "Eve  Bot"
    app = start((800, 600))
    t0 = time.perf_counter()
    app.push(HistoryScene(app))
    app.run(frames=3, dt=DT)
    assert time.perf_counter() - t0 < 5 and app.errors == 0


def test_forged_results_are_never_listed(home):
    kept = history.record_game("lineit", played("lineit", 3, 1), SEATS3)
    data = history.game_file(kept.id)
    data["result"] = {"scores": [999, 998, 997], "winners": [0, 1, 2]}
    data["finished"], data["abandoned"] = False, True
    for when, name in (("before", "20250101-120000-lineit-dddddd"), ("index lost", None)):
        if name:
            hand_copied(name, json.dumps(data))
        else:
            history.index_path().unlink()
        index = history.load()
        for i in range(len(index)):
            entry = index.entry(i)
            assert entry.scores == kept.scores and entry.winners == kept.winners, when
            assert entry.finished and not entry.abandoned, when
    assert len(history.load()) == 2


def test_a_file_with_a_byte_order_mark_opens(home, tmp_path):
    from game.replay.files import load_file
    kept = history.record_game("linyo", played("linyo", 2, 2), SEATS3[:2])
    path = tmp_path / "bom.linebox"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(history.game_file(kept.id)).encode("utf-8"))
    assert load_file(path)["result"]["scores"] == list(kept.scores)
    again = history.import_game(path)
    assert again.scores == kept.scores


def _count_reads(monkeypatch) -> list:
    seen: list = []
    real = history.read_file

    def counting(path):
        seen.append(path)
        return real(path)
    monkeypatch.setattr(history, "read_file", counting)
    return seen


def test_one_unusable_file_costs_one_read_not_a_rebuild_at_every_load(home, monkeypatch):
    history_bench.fill(200, samples=4)
    hand_copied("20250101-120000-lineit-eeeeee", b"{ not json")
    reads = _count_reads(monkeypatch)
    assert len(history.load()) == 200 and len(reads) == 1            # the new file only
    assert not (history.folder() / "20250101-120000-lineit-eeeeee.linebox").exists()   # set aside
    reads.clear()
    assert len(history.load()) == 200 and reads == []


def test_an_unusable_file_that_cannot_be_moved_is_remembered_as_skipped(home, monkeypatch):
    import os
    from game.files import storage
    history_bench.fill(200, samples=4)
    bad = hand_copied("20250101-120000-lineit-ffffff", b"{ not json")
    real_replace = os.replace

    def stuck(src, dst, *a, **k):
        if os.fspath(src) == os.fspath(bad):
            raise PermissionError(13, "Permission denied", os.fspath(src))
        return real_replace(src, dst, *a, **k)
    monkeypatch.setattr(os, "replace", stuck)
    reads = _count_reads(monkeypatch)
    assert len(history.load()) == 200 and len(reads) == 1
    assert bad.exists() and raw_index()["skipped"][0][0] == bad.stem
    storage.take_problems()
    reads.clear()
    for _ in range(3):
        assert len(history.load()) == 200
    assert reads == [] and storage.take_problems() == []
    # fixed by hand (a good game in its place): read again and listed
    monkeypatch.setattr(os, "replace", real_replace)
    storage._kept.clear()
    good = history.game_file(history.load().entry(0).id)
    bad.write_text(json.dumps(good), encoding="utf-8")
    assert len(history.load()) == 201 and raw_index()["skipped"] == []


def test_the_same_game_is_kept_once_another_end_twice(home):
    rec = played("linyo", 1, 5)
    first = history.record_game("linyo", rec, SEATS3[:1], game_id="abc123")
    assert history.record_game("linyo", rec, SEATS3[:1], game_id="abc123") == first
    other = history.record_game("linyo", played("linyo", 1, 6), SEATS3[:1], game_id="abc123")
    assert other is not None and other.id != first.id
    assert history.record_game("linyo", rec, SEATS3[:1]).id not in (first.id, other.id)    # no id: no check
    assert len(history.load()) == 3
