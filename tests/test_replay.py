"""The replay viewer, game files, "play from here", and the results' statistics panel (issue 17)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game import history, storage
from game.app import App
from game.replay.__main__ import finished_game
from game.replay.branch import branch_envelope, branch_state
from game.replay.files import export_to, open_game_file
from game.replay.model import Replay
from game.replay.scene import ReplayScene
from game.scenes.dialogs import MessageScene
from game.scenes.history import HistoryScene
from game.scenes.menu import MenuScene
from tests.test_history import _broken_files, snapshot

DT = 1 / 60
ROOT = Path(__file__).resolve().parents[1]


def seats(n: int) -> list[dict]:
    return [{"name": f"P{p}", "kind": "human" if p == 0 else "bot", "level": None if p == 0 else "easy"}
            for p in range(n)]


@pytest.fixture
def app(headless_home):
    a = App(size=(1280, 720))
    a.reset(MenuScene(a))
    yield a


@pytest.fixture(scope="module")
def games() -> dict:
    return {"lineit": finished_game("lineit", 4, 3, "easy"), "linyo": finished_game("linyo", 3, 3, "easy")}


def viewer(app: App, rp: Replay, seat: int = 0) -> ReplayScene:
    sc = ReplayScene(app, rp, seat=seat)
    app.push(sc)
    app.run(frames=2, dt=DT)
    return sc


# ---------------------------------------------------------------- the model

@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_every_moment_equals_the_live_game(games, game):
    """Replaying the record forward, each moment equals the state the engine rebuilds there (and the end)."""
    final = games[game]
    rp = Replay(game, final, seats(final.players))
    assert rp.n == len(final.to_json()["actions"]) and rp.finished
    live = final.rewind(0, any=True)
    for k in range(rp.n + 1):
        at = rp.state_at(k)
        assert at.to_json() == live.to_json(), k
        assert at.view(0) == live.view(0), k
        if k < rp.n:
            live.apply(rp.actions[k])
    assert live.to_json() == final.to_json()
    marks = rp.round_starts()
    assert marks[0][0] == 0 and [r for _k, r in marks] == sorted({r for _k, r in marks})
    assert rp.round_jump(0, 1) == marks[1][0] and rp.round_jump(rp.n, -1) == marks[-1][0]


# ---------------------------------------------------------------- the viewer

@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_viewer_steps_back_and_forth_through_the_whole_game(app, games, game):
    """→ animates each action through the table; ← rebuilds; at every moment the table's state is the live one."""
    final = games[game]
    rp = Replay(game, final, seats(final.players))
    sc = viewer(app, rp, seat=1)
    key = lambda k: (pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")),  # noqa: E731
                     app.step(DT))
    for k in range(rp.n):
        key(pygame.K_RIGHT)
        assert sc.k == k + 1 and sc.state().to_json() == rp.state_at(k + 1).to_json()
        app.run(frames=2, dt=0.2)
    assert sc.state().to_json() == final.to_json()
    for k in range(rp.n, max(0, rp.n - 25), -1):
        key(pygame.K_LEFT)
        assert sc.k == k - 1 and sc.state().to_json() == rp.state_at(k - 1).to_json()
    key(pygame.K_HOME)
    assert sc.k == 0
    key(pygame.K_PAGEDOWN)
    assert sc.k == rp.round_jump(0, 1)
    key(pygame.K_END)
    assert sc.k == rp.n and sc.state().to_json() == final.to_json()
    assert app.errors == 0


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_playing_reaches_the_end_and_changes_nothing_on_disk(app, games, game, headless_home):
    final = games[game]
    rp = Replay(game, final, seats(final.players))
    before = snapshot(headless_home)
    sc = viewer(app, rp)
    sc.speed = 4.0
    sc.toggle_play()
    for _ in range(4000):
        app.step(0.05)
        if sc.k == rp.n:
            break
    app.run(frames=40, dt=0.05)
    assert sc.k == rp.n and sc.state().to_json() == final.to_json()
    assert app.top is sc                          # no results screen over the replay, no pass screen
    assert not sc.table.bots.ready                # no bot was started
    assert not storage.autosave_path(game).exists()  # nothing saved, nothing kept in the history
    assert {k for k in snapshot(headless_home) if "history" in k or "autosave" in k} == \
        {k for k in before if "history" in k or "autosave" in k}
    assert history.load().ids() == set()
    assert app.errors == 0


def test_input_never_changes_the_game(app, games):
    """Clicks and keys of the live table (drags, Enter, C, U) do nothing in the replay."""
    rp = Replay("lineit", games["lineit"], seats(4))
    sc = viewer(app, rp)
    sc.jump(3)
    app.step(DT)
    before = sc.state().to_json()
    w, h = app.screen.get_size()
    for x in range(20, w, 97):
        for y in range(20, sc.bar.y, 83):
            for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(t, pos=(x, y), button=1))
            app.step(DT)
    for k in (pygame.K_RETURN, pygame.K_c, pygame.K_u, pygame.K_e, pygame.K_1, pygame.K_l, pygame.K_h):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
        app.step(DT)
    # a click on a log entry may jump to another moment, but the game itself is the record's
    assert sc.state().to_json() == rp.state_at(sc.k).to_json()
    sc.jump(3)
    assert sc.state().to_json() == before
    assert app.errors == 0


def test_a_click_on_the_log_jumps_to_that_moment(app, games):
    rp = Replay("lineit", games["lineit"], seats(4))
    sc = viewer(app, rp)
    sc.jump(rp.n // 2)
    app.run(frames=3, dt=DT)
    table = sc.table
    from game.lineit_table.draw import log_entries
    entry, lines, y = log_entries(table)[3]               # the fourth newest entry shown
    pos = (table.geo.log.x + table.geo.log.w // 2, y + 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(DT)
    back = table.hovered_log_back()
    assert back == 3
    events = list(sc.state().events)
    wanted = rp.moment_of_event(len(events) - 1 - back)
    for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(t, pos=pos, button=1))
    app.step(DT)
    assert sc.k == wanted < rp.n // 2 + 1


def test_scrubber_and_seat(app, games):
    rp = Replay("linyo", games["linyo"], seats(3))
    sc = viewer(app, rp)
    tr = sc.track
    for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(t, pos=(tr.right - 1, tr.centery), button=1))
    app.step(DT)
    assert sc.k == rp.n
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(tr.x + tr.w // 2, tr.centery), button=1))
    app.step(DT)
    assert abs(sc.k - rp.n // 2) <= 1
    sc.b_seat.click()
    app.step(DT)
    assert sc.seat == 1 and sc.table.watch_seat() == 1


def _hand_faces(sc: ReplayScene) -> dict[int, list[bool]]:
    board = sc.table.board
    return {p: [s.face for s in board.sprites_in(("hand", p))] for p in range(board.players)}


def test_all_hands_only_at_the_end(app, games):
    """Line-it: before the end only the watched hand is face up and "All hands" is not offered; at the end
    of the game it comes after the last seat and shows every hand left face up, and leaving the end hides them."""
    final = games["lineit"]
    rp = Replay("lineit", final, seats(final.players))
    sc = viewer(app, rp, seat=0)
    sc.jump(rp.n - 1)
    app.step(DT)
    assert not sc.all_hands_offered()
    for _ in range(final.players):
        sc.b_seat.click()
        assert not sc.all_hands
    assert sc.seat == 0
    sc.jump(rp.n)
    app.step(DT)
    faces = _hand_faces(sc)
    others = [p for p in range(1, final.players) if faces[p]]
    assert others, "the game must end with cards in another seat's hand for this test"
    assert all(f == [False] * len(f) for p, f in faces.items() if p != 0) and all(faces[0])
    assert sc.all_hands_offered()
    for p in range(1, final.players):           # the seats first, then "All hands"
        sc.b_seat.click()
        assert sc.seat == p and not sc.all_hands
    sc.b_seat.click()
    app.step(DT)
    assert sc.all_hands and sc.b_seat.label() == "All hands"
    assert all(all(f) for f in _hand_faces(sc).values())
    sc.b_seat.click()                          # and round again to the first seat: hidden again
    app.step(DT)
    assert sc.seat == 0 and not sc.all_hands
    assert all(not any(_hand_faces(sc)[p]) for p in others)
    sc.next_seat(-1)                           # back to "All hands", then one step back in the game
    assert sc.all_hands and all(all(f) for f in _hand_faces(sc).values())
    sc.step_back()
    app.step(DT)
    assert not sc.all_hands and not sc.table.board.open_hands
    assert all(not any(f) for p, f in _hand_faces(sc).items() if p != sc.seat)


def test_linyo_offers_no_all_hands(app, games):
    rp = Replay("linyo", games["linyo"], seats(3))
    sc = viewer(app, rp)
    sc.jump(rp.n)
    assert not sc.all_hands_offered()


def _drop(app: App, path: Path | str) -> None:
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    app.run(frames=2, dt=DT)


def test_a_dropped_game_file_opens_in_the_viewer(app, games, tmp_path, headless_home):
    good = _write_file(tmp_path, games["lineit"])
    _drop(app, good)
    assert isinstance(app.top, ReplayScene) and app.top.rp.final.scores() == games["lineit"].scores()
    app.to_menu()
    app.run(frames=2, dt=DT)
    broken = tmp_path / "broken.linebox"
    broken.write_text(good.read_text(encoding="utf-8")[:200], encoding="utf-8")
    other = tmp_path / "notes.txt"
    other.write_text("hello", encoding="utf-8")
    def kept() -> dict:
        """The user folder but its log (the app logs each file it is handed: the macOS open test reads it)."""
        return {k: v for k, v in snapshot(headless_home).items() if not k.startswith("logs/")}
    before = kept()
    for path in (broken, other, tmp_path / "missing.linebox"):
        depth = len(app.stack)
        _drop(app, path)
        assert isinstance(app.top, MessageScene) and len(app.stack) == depth + 1, path
        app.pop()
        app.run(frames=2, dt=DT)
        assert isinstance(app.top, MenuScene)
    assert kept() == before


# ---------------------------------------------------------------- play from here

def _same_dice(event: dict) -> dict:
    """A Linyo roll given as fixed `rolls` keeps its dice, not the order they fell in (the table sorts them)."""
    return {**event, "faces": sorted(event["faces"])} if "faces" in event else event


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_play_from_here_has_the_replays_past(games, game):
    final = games[game]
    rp = Replay(game, final, seats(final.players))
    for k in (0, 1, rp.n // 2, rp.n - 1):
        new = branch_state(rp, k, seed=1234)
        past = rp.state_at(k)
        assert new.to_json()["actions"] == past.to_json()["actions"]
        assert [_same_dice(e.to_json()) for e in new.events] == [_same_dice(e.to_json()) for e in past.events]
        assert new.view(0) == past.view(0)
        assert not new.is_over and new.legal_actions()
        # the new game is a record of its own that replays through the rules
        assert history.replay(game, new.to_json()).to_json() == new.to_json()


def test_play_from_here_opens_a_normal_game(app, games):
    rp = Replay("lineit", games["lineit"], seats(4))
    sc = viewer(app, rp, seat=2)
    sc.jump(rp.n // 2)
    sc.b_branch.click()
    app.run(frames=5, dt=DT)
    table = app.top
    assert table.name == "lineit_table" and not table.replay
    assert table.tg.humans == [2] and table.keeps_saves
    # the past is the replay's (a bot may already have played on after it)
    assert table.tg.state.to_json()["actions"][:rp.n // 2] == rp.actions[:rp.n // 2]
    # autosaved like any game (the writer thread may land it some frames later on a loaded machine)
    deadline = time.monotonic() + 30
    while not storage.autosave_path("lineit").exists() and time.monotonic() < deadline:
        app.run(frames=1, dt=DT)
        time.sleep(0.01)
    assert storage.autosave_path("lineit").exists()
    env = branch_envelope(rp, 5, 0, seed=9)
    assert env["payload"]["config"]["seats"][0]["kind"] == "human"
    assert all(s["kind"] == "bot" for s in env["payload"]["config"]["seats"][1:])


# ---------------------------------------------------------------- game files

def test_export_import_replay_same_scores_and_events(app, games, tmp_path):
    for game, st in games.items():
        kept = history.record_game(game, st.to_json(), seats(st.players))
        out = export_to(kept.id, str(tmp_path))
        assert out.parent == tmp_path and out.suffix == ".linebox"
        again = history.import_game(out)
        rp = Replay.from_file(history.game_file(again.id))
        assert rp.final.scores() == st.scores()
        assert [e.to_json() for e in rp.final.events] == [e.to_json() for e in st.events]
        assert open_game_file(app, out) and isinstance(app.top, ReplayScene)
        app.run(frames=3, dt=DT)
        app.to_menu()


def test_a_bare_file_name_is_exported_to_and_opened_from_the_documents_folder(app, games, tmp_path, monkeypatch):
    """The export box offers the Documents folder: a name typed alone goes there, not into the folder
    the app was started from (a monkey run's export once landed in the project's folder)."""
    from game.replay import files
    docs, started_in = tmp_path / "Documents", tmp_path / "started here"
    docs.mkdir()
    started_in.mkdir()
    monkeypatch.setattr(files, "documents_dir", lambda: docs)
    monkeypatch.chdir(started_in)
    kept = history.record_game("lineit", games["lineit"].to_json(), seats(4))
    out = export_to(kept.id, "  my game.linebox ")
    assert out == docs / "my game.linebox" and out.is_file()
    assert list(started_in.iterdir()) == []
    assert files.typed_path("my game.linebox") == out
    assert files.typed_path(str(out)) == out                  # a whole path stays as typed
    assert open_game_file(app, files.typed_path("my game.linebox")) and isinstance(app.top, ReplayScene)
    app.run(frames=3, dt=DT)
    app.to_menu()


def test_broken_files_get_a_message_in_the_viewer(app, games, tmp_path, headless_home):
    kept = history.record_game("lineit", games["lineit"].to_json(), seats(4))
    corpus = _broken_files(tmp_path / "corpus", history.game_file(kept.id))
    before = snapshot(headless_home)
    for name, path in corpus.items():
        assert not open_game_file(app, path), name
        assert isinstance(app.top, MessageScene), name
        app.run(frames=2, dt=DT)
        app.pop()
    assert snapshot(headless_home) == before
    with pytest.raises(OSError):
        export_to(kept.id, str(tmp_path / "no" / "such" / "folder" / "x.linebox"))


def test_history_enter_opens_the_viewer(app, games):
    history.record_game("linyo", games["linyo"].to_json(), seats(3))
    app.push(MenuScene(app))
    app.open("history")
    app.run(frames=3, dt=DT)
    assert isinstance(app.top, HistoryScene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.run(frames=3, dt=DT)
    assert isinstance(app.top, ReplayScene) and app.top.rp.game == "linyo"


def _write_file(tmp_path: Path, st) -> Path:
    data = history.build_file("lineit", st.to_json(), seats(st.players))
    path = tmp_path / "game.linebox"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_command_line_smoke(games, tmp_path, headless_home):
    path = _write_file(tmp_path, games["lineit"])
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "LINEBOX_HOME": str(headless_home)}
    done = subprocess.run([sys.executable, "-m", "game", str(path), "--smoke", "--size", "800x600"], env=env,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    assert "smoke: replay" in done.stdout
    broken = tmp_path / "broken.linebox"
    broken.write_text("{not json", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "game", str(broken), "--smoke"], env=env,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 2 and "not opened" in done.stderr


# ---------------------------------------------------------------- the results' statistics

@pytest.mark.parametrize("game", ["lineit", "linyo"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_results_show_statistics(headless_home, games, game, size):
    from game import tables
    a = App(size=size)
    a.reset(MenuScene(a))
    st = games[game]
    cfg_seats = seats(st.players)
    if game == "linyo":
        for s in cfg_seats:
            s["difficulty"] = 2
    env = {"kind": "save", "game": game, "payload": {"config": {"game": game, "seed": st.seed, "seats": cfg_seats},
                                                     "record": st.to_json()}}
    assert tables.open_table(a, env)
    table = a.top
    table.game_over()
    table.show_results()
    a.run(frames=3, dt=DT)
    results = a.top
    assert results.b_replay.visible and results.b_stats.visible
    drawn = []
    orig = results.stats_panel().draw
    results.stats_panel().draw = lambda surface, rect, px: (drawn.append(rect.copy()), orig(surface, rect, px))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s"))
    a.run(frames=3, dt=DT)
    assert results.stats_shown and drawn
    rect = drawn[-1]
    assert a.screen.get_rect().contains(rect) and rect.h > 150
    for b in results.shown_buttons() + [results.b_stats, results.b_seed]:
        assert not b.rect.colliderect(rect) or b is results.b_seed and not b.visible, b
    results.b_replay.click()
    a.run(frames=3, dt=DT)
    assert isinstance(a.top, ReplayScene) and a.top.k == 0
    assert a.errors == 0


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_daily_game_is_the_daily_sheet_in_the_viewer_as_at_the_table(app, lang):
    """A Linyo daily replayed from the History or the leaderboard: the table in the viewer names the
    day's sheet as the table did ("daily sheet <date>"), not the random sheet it is made of."""
    from game.daily.bench import played
    from game.daily.day import challenge
    from game.i18n import _, set_language
    daily = challenge("linyo")
    file = played(daily, bot_seed=3)
    set_language(lang)
    named = _("daily sheet {date}").format(date=daily.date)
    assert lang == "en" or named != "daily sheet " + daily.date
    entry = history.record_game("linyo", file["record"], file["seats"])
    assert entry is not None
    for how in (("replay", entry.id), ("daily_replay", file)):
        app.open(*how)
        app.run(frames=3, dt=DT)
        sc = app.top
        assert isinstance(sc, ReplayScene)
        heading = sc.table._header_ops(sc.table.table_lay)[1][0]
        assert heading.endswith(" · " + named), (how[0], heading)
        sc.jump(sc.rp.n)                         # a table rebuilt at another moment says it too
        app.run(frames=3, dt=DT)
        assert sc.table._header_ops(sc.table.table_lay)[1][0].endswith(" · " + named)
        app.pop()
    # another game on a random sheet stays the random sheet
    other = Replay.from_file(history.build_file("linyo", finished_game("linyo", 1, 4, "easy").to_json(), seats(1)))
    assert other.daily is None and Replay.from_file(file).daily == daily.date
