"""Hostile-file corpus: every user file, every way it can be broken.

For each user file (settings, both autosaves, a named save, statistics) and
each case (empty, truncated, garbage, wrong JSON type, past/future version,
huge numbers, deep nesting, non-UTF-8, a directory, links dangling or to
/dev/zero, a FIFO, a 10 MB string, NUL, wrong field types), loading gives
the safe default and one plain message, the bad file is set aside as
`*.bad`, and no other file changes. A UTF-8 BOM is accepted. The corpus size
is printed (`pytest -s`).
"""
from __future__ import annotations

import errno
import hashlib
import json
import logging
import os
import stat
import time
from pathlib import Path
from typing import Any, Callable

import pytest

from engine.core import BadSave
from game.files import stats, storage
from game.lineit_table.model import TableGame as LineitGame
from game.linyo_table.model import TableGame
from game.files.settings import Settings

BIG = "x" * 10_000_000
LINEIT = {"game": "lineit", "seats": [{"name": "Ada", "kind": "human", "level": None},
                                      {"name": "Bot", "kind": "bot", "level": "hard"}],
          "first_seat": None, "seed": 3, "final_plays": 1}
LINYO = {"game": "linyo", "seats": [{"name": "Ada", "kind": "human", "level": None, "difficulty": 2}],
         "first_seat": None, "seed": 3, "sheet": "A"}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("LINEBOX_HOME", str(tmp_path))
    storage.problems.clear()
    storage._kept.clear()
    storage._reported.clear()
    yield tmp_path
    storage.problems.clear()
    storage._kept.clear()
    storage._reported.clear()


def lineit_payload() -> dict:
    ctrl = LineitGame.new(dict(LINEIT))
    ctrl.apply(str(ctrl.state.legal_actions()[0]))
    return ctrl.payload()


def good_files(home: Path) -> None:
    """A user folder with every file in a good state."""
    Settings(volume=0.5, last_setup={"lineit": dict(LINEIT)}).save()
    assert stats.record_result("lineit", {"seats": [{"name": "Ada", "kind": "human", "level": None, "score": 30},
                                                    {"name": "Bot", "kind": "bot", "level": "hard", "score": 20}],
                                          "winners": [0]})
    storage.write_autosave("lineit", lineit_payload())
    storage.write_autosave("linyo", TableGame.new(dict(LINYO)).payload())
    storage.write_save("lineit", "Friday", lineit_payload())
    assert storage.take_problems() == []


# file -> (path, load, default-check): `load()` returns what the app would use
FILES: dict[str, tuple[Callable[[], Path], Callable[[], Any], Callable[[Any], bool]]] = {
    "settings": (storage.settings_path, Settings.load, lambda got: got == Settings()),
    "statistics": (storage.stats_path, stats.load, lambda got: got == stats.empty()),
    "autosave-lineit": (lambda: storage.autosave_path("lineit"),
                        lambda: storage.read_save(storage.autosave_path("lineit")), lambda got: got is None),
    "autosave-linyo": (lambda: storage.autosave_path("linyo"),
                       lambda: storage.read_save(storage.autosave_path("linyo")), lambda got: got is None),
    "named save": (lambda: storage.saves_dir() / "friday.json",
                   lambda: [s.name for s in storage.list_saves()], lambda got: got == []),
}


def _nest(depth: int) -> str:
    return "[" * depth + "]" * depth


def _with(data: dict, dotted: str, value: Any) -> dict:
    """`data` with the field at `dotted` (a.b.0.c) replaced, or removed when value is ...; a copy."""
    data = json.loads(json.dumps(data))
    *parents, last = dotted.split(".")
    node = data
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    if isinstance(node, list):
        last = int(last)
    if value is ...:
        del node[last]
    else:
        node[last] = value
    return data


def _json(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


# where each file keeps a name, a number and a list (for the field cases)
FIELDS = {
    "settings": {"name": "last_setup.lineit.seats.0.name", "number": "last_setup.lineit.final_plays", "object": "last_setup"},
    "statistics": {"name": "history.0.seats.0.name", "number": "games.lineit.games", "object": "linyo_solo"},
    "autosave-lineit": {"name": "payload.config.seats.0.name", "number": "payload.undo_from",
                        "object": "payload.config"},
    "autosave-linyo": {"name": "payload.config.seats.0.name", "number": "payload.config.first_seat",
                       "object": "payload.config"},
    "named save": {"name": "name", "number": "payload.undo_from", "object": "payload"},
}


def cases(kind: str, good: bytes) -> dict[str, bytes | str]:
    """Bytes to write, or a special kind of file ("dir", "fifo", "dangling", "devzero")."""
    data = json.loads(good)
    f = FIELDS[kind]
    out: dict[str, bytes | str] = {
        "empty": b"", "truncated": good[: len(good) // 2], "garbage": b"\x00\xffgarbage{",
        "wrong JSON type": b"[1, 2, 3]", "a string": b'"settings"', "no version": _json(_with(data, "version", ...)),
        "past version": _json(_with(data, "version", 0)), "future version": _json(_with(data, "version", 99)),
        "version as text": _json(_with(data, "version", "1")),
        "Infinity": _json(data).replace(b'"version": 1', b'"version": 1, "x": Infinity'),
        "NaN": _json(data).replace(b'"version": 1', b'"version": 1, "x": NaN'),
        "1e400": _json(data).replace(b'"version": 1', b'"version": 1, "x": 1e400'),
        "huge integer": _json(data).replace(b'"version": 1', b'"version": 1, "x": ' + b"9" * 5000),
        "deep nesting 100000": ("[" * 100_000).encode(),
        "deep nesting valid 500": _json(data).replace(b'"version": 1', b'"version": 1, "x": ' + _nest(500).encode()),
        "non-UTF-8": _json(data).replace(b'"version": 1', b'"version": 1, "x": "\xff\xfe"'),
        "lone surrogate": _json(data).replace(b'"version": 1', b'"version": 1, "x": "\\ud800"'),
        "10 MB name": _json(_with(data, f["name"], BIG)),
        "NUL in name": _json(_with(data, f["name"], "Ada\x00")),
        "control character in name": _json(_with(data, f["name"], "Ada\x1b[2J")),
        "name not a text": _json(_with(data, f["name"], ["Ada"])),
        "number as text": _json(_with(data, f["number"], "12")),
        "number out of range": _json(_with(data, f["number"], 10**30)),
        "object not an object": _json(_with(data, f["object"], [1])),
        "10 MB file of spaces": b" " * 10_000_000,
        "directory": "dir", "FIFO": "fifo", "dangling link": "dangling", "link to /dev/zero": "devzero",
    }
    if kind == "statistics":
        out["best as 10 MB text"] = _json(_with(data, "games.lineit.best", BIG))
        out["missing levels wins"] = _json(_with(data, "games.lineit.levels.easy.wins", ...))
        out["games Infinity"] = _json(data).replace(b'"games": 1,', b'"games": Infinity,', 1)
        out["games 1e400"] = _json(data).replace(b'"games": 1,', b'"games": 1e400,', 1)
    if kind.startswith("autosave") or kind == "named save":
        out["10 MB action"] = _json(_with(data, "payload.record.actions", [BIG]))
        out["NUL in action"] = _json(_with(data, "payload.record.actions", ["take\x00 1"]))
        out["seat kind unknown"] = _json(_with(data, "payload.config.seats.0.kind", "alien"))
        out["99 seats"] = _json(_with(data, "payload.config.seats", [data["payload"]["config"]["seats"][0]] * 99))
        out["not a save"] = _json(_with(data, "kind", "settings"))
        out["unknown game"] = _json(_with(data, "game", "chess"))
    if kind == "settings":
        out["NUL in last_setup key"] = _json(_with(data, "last_setup", {"line\x00it": LINEIT}))
        out["10 MB language"] = _json(_with(data, "language", BIG))
    return out


def _snapshot(home: Path, skip: Path) -> dict[str, str]:
    """Hash of every regular file (not following links) except `skip` and its set-aside copies."""
    out = {}
    for p in sorted(home.rglob("*")):
        if str(p).startswith(str(skip)):           # the file, its .bad copies and what is inside them
            continue
        st = os.lstat(p)
        if stat.S_ISREG(st.st_mode):
            out[str(p.relative_to(home))] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def _make(path: Path, case: bytes | str) -> None:
    if os.path.lexists(path):
        path.unlink()
    if case == "dir":
        path.mkdir()
        (path / "inside.json").write_text("{}")
    elif case == "fifo":
        os.mkfifo(path)
    elif case == "dangling":
        path.symlink_to(path.parent / "nowhere.json")
    elif case == "devzero":
        path.symlink_to("/dev/zero")
    else:
        assert isinstance(case, bytes)
        path.write_bytes(case)


def test_hostile_file_corpus(home, capsys):
    good_files(home)
    originals = {kind: FILES[kind][0]().read_bytes() for kind in FILES}
    corpus = 0
    for kind, (where, load, is_default) in FILES.items():
        path = where()
        for name, case in cases(kind, originals[kind]).items():
            corpus += 1
            label = f"{kind}: {name}"
            _make(path, case)
            before = _snapshot(home, path)
            t0 = time.perf_counter()
            got = load()
            assert time.perf_counter() - t0 < 5, label
            assert is_default(got), label
            msgs = storage.take_problems()
            assert len(msgs) == 1, (label, msgs)
            assert not os.path.lexists(path), label
            assert os.path.lexists(path.with_name(path.name + ".bad")), label
            assert path.name + ".bad" in msgs[0], (label, msgs)
            assert _snapshot(home, path) == before, label
            # clean up for the next case: the good file back, no .bad
            bad = path.with_name(path.name + ".bad")
            if bad.is_dir() and not bad.is_symlink():
                for p in bad.iterdir():
                    p.unlink()
                bad.rmdir()
            else:
                bad.unlink()
            path.write_bytes(originals[kind])
    # statistics that were refused never stop a game from being recorded
    with capsys.disabled():
        print(f"\nhostile-file corpus: {corpus} cases over {len(FILES)} files")
    assert corpus >= 150


@pytest.mark.parametrize("kind", list(FILES))
def test_a_byte_order_mark_is_accepted(home, kind):
    good_files(home)
    path = FILES[kind][0]()
    expected = FILES[kind][1]()
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert FILES[kind][1]() == expected and not FILES[kind][2](expected)
    assert storage.take_problems() == [] and path.exists()


@pytest.mark.parametrize("broken", [
    lambda d: d["games"]["lineit"].__setitem__("games", "12"),
    lambda d: d["games"]["linyo"]["levels"]["hard"].pop("wins"),
    lambda d: d.__setitem__("linyo_solo", [1]),
    lambda d: d["games"]["lineit"].__setitem__("best", "x" * 1000),
    lambda d: d["history"][0]["seats"][0].__setitem__("name", "A\x00"),
])
def test_refused_statistics_never_stop_record_result(home, broken):
    good_files(home)
    data = json.loads(storage.stats_path().read_text())
    broken(data)
    storage.stats_path().write_text(json.dumps(data))
    result = {"seats": [{"name": "Ada", "kind": "human", "level": None, "score": 5}], "winners": [0],
              "sheet": "A", "difficulties": [2]}
    assert stats.record_result("linyo", result)
    assert len(storage.take_problems()) == 1
    again = stats.load()
    assert again["games"]["linyo"]["games"] == 1 and storage.take_problems() == []
    for text in ("Infinity", "1e400"):
        storage.stats_path().write_text(storage.stats_path().read_text().replace('"games": 1,', f'"games": {text},', 1))
        assert stats.record_result("linyo", result)
        assert stats.load()["games"]["linyo"]["games"] == 1


def test_counts_at_the_cap_stay_valid(home):
    good_files(home)
    data = json.loads(storage.stats_path().read_text())
    data["games"]["lineit"]["games"] = 10**9
    storage.stats_path().write_text(json.dumps(data))
    assert stats.record_result("lineit", {"seats": [{"name": "A", "kind": "human", "score": 1}], "winners": [0]})
    assert stats.load()["games"]["lineit"]["games"] == 10**9 and storage.take_problems() == []


def test_a_file_that_cannot_be_opened_is_set_aside_not_overwritten(home, monkeypatch):
    """EACCES (a file left by a run with sudo). Tests run as root, where chmod 000
    does not stop reads, so `os.open` refuses that one path instead."""
    good_files(home)
    path = storage.stats_path()
    three = json.loads(path.read_text())
    real_open = os.open

    def denied(p, *a, **k):
        if os.fspath(p) == os.fspath(path):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(p))
        return real_open(p, *a, **k)

    monkeypatch.setattr(os, "open", denied)
    assert stats.load() == stats.empty()
    msgs = storage.take_problems()
    assert len(msgs) == 1 and "Permission denied" in msgs[0] and "statistics.json.bad" in msgs[0]
    assert json.loads((home / "statistics.json.bad").read_text()) == three


def test_a_file_that_cannot_be_opened_nor_moved_is_never_written_over(home, monkeypatch):
    good_files(home)
    path = storage.settings_path()
    kept = path.read_bytes()
    real_open, real_replace = os.open, os.replace

    def denied_open(p, *a, **k):
        if os.fspath(p) == os.fspath(path):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(p))
        return real_open(p, *a, **k)

    def denied_replace(src, dst, *a, **k):
        if os.fspath(src) == os.fspath(path):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(src))
        return real_replace(src, dst, *a, **k)

    monkeypatch.setattr(os, "open", denied_open)
    monkeypatch.setattr(os, "replace", denied_replace)
    s = Settings.load()
    assert s == Settings()
    assert Settings.load() == Settings()          # a second look: no second message
    msgs = storage.take_problems()
    assert len(msgs) == 1 and msgs[0].count("could not be") == 1 and "will not write over it" in msgs[0]
    s.volume = 0.1
    assert s.save() is False                       # refused: the unreadable file stays as it was
    assert path.read_bytes() == kept
    assert [m for m in storage.take_problems() if "could not be saved" in m]
    assert not list(home.rglob("*.tmp"))


def test_write_failures_are_reported_once_and_logged_in_one_line(home, monkeypatch, caplog):
    good_files(home)

    def full(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    caplog.set_level(logging.WARNING, logger="linebox")
    s = Settings.load()
    for v in (0.1, 0.2, 0.3):
        s.volume = v
        assert s.save() is False
    result = {"seats": [{"name": "A", "kind": "human", "score": 1}], "winners": [0]}
    assert stats.record_result("lineit", result) and stats.record_result("lineit", result)
    msgs = storage.take_problems()
    assert len(msgs) == 2 and all("No space left on device" in m for m in msgs)
    assert {"settings" in msgs[0].lower(), "statistics" in msgs[1].lower()} == {True}
    records = [r for r in caplog.records if "cannot write" in r.getMessage()]
    assert len(records) == 2 and not any(r.exc_info for r in records)
    monkeypatch.undo()
    monkeypatch.setenv("LINEBOX_HOME", str(home))
    assert s.save() is True                        # writing works again: a later failure is reported again
    assert Settings.load().volume == 0.3
    assert not list(home.rglob("*.tmp"))


def test_a_dangling_link_in_saves_is_reported(home):
    good_files(home)
    (storage.saves_dir() / "gone.json").symlink_to(home / "elsewhere.json")
    assert [s.name for s in storage.list_saves()] == ["Friday"]
    msgs = storage.take_problems()
    assert len(msgs) == 1 and "gone.json.bad" in msgs[0] and "does not exist" in msgs[0]


def test_an_autosave_the_engine_refuses_is_set_aside(home):
    good_files(home)
    payload = lineit_payload()
    payload["record"]["actions"] = ["take 1 line", "fly away"]
    storage.write_autosave("lineit", payload)
    env = storage.read_save(storage.autosave_path("lineit"))
    with pytest.raises(BadSave) as refused:
        LineitGame.from_payload(env["payload"])
    storage.set_aside(storage.autosave_path("lineit"), str(refused.value))
    assert storage.read_save(storage.autosave_path("lineit")) is None
    assert storage.latest_autosave()["game"] == "linyo"          # Continue offers the other game, not this one
    msgs = storage.take_problems()
    assert len(msgs) == 1 and "autosave-lineit.json.bad" in msgs[0]


def test_a_format_1_save_still_loads(home):
    payload = lineit_payload()
    payload["record"]["format"] = 1
    del payload["record"]["chance"]
    storage.write_save("lineit", "Old", payload)
    env = storage.read_save(storage.saves_dir() / "old.json")
    assert env is not None and storage.take_problems() == []
    assert [str(a) for a in LineitGame.from_payload(env["payload"]).state.history] == payload["record"]["actions"]


def test_save_names_are_cleaned_before_writing(home):
    path = storage.write_save("lineit", "Fri\x00day " + "y" * 100, lineit_payload())
    env = storage.read_save(path)
    assert env["name"] == ("Friday " + "y" * 100)[:40] and storage.take_problems() == []


def test_stale_temp_files_are_removed_at_start(home):
    good_files(home)
    saves = storage.saves_dir()
    old = time.time() - 2 * storage.STALE_SECONDS
    dead = home / "statistics.json.99999999.abc_123.tmp"          # a pid above any pid_max
    legacy_old = home / "settings.json.abcdefgh.tmp"
    legacy_new = home / "autosave-linyo.json.zyxwvuts.tmp"        # maybe another Linebox writing now
    mine = home / f"autosave-lineit.json.{os.getpid()}.qwertyui.tmp"
    in_saves = saves / "friday.json.99999999.abcdefgh.tmp"
    not_ours = [home / "notes.tmp", home / "notes.json.tmp.txt", home / "statistics.json"]
    for p in (dead, legacy_old, legacy_new, mine, in_saves, not_ours[0], not_ours[1]):
        p.write_text("{")
    os.utime(legacy_old, (old, old))
    (home / "odd.json.99999999.dir.tmp").mkdir()
    assert storage.at_start() is None
    left = {p.name for p in home.rglob("*") if p.name.endswith(".tmp") or ".tmp." in p.name}
    assert left == {legacy_new.name, mine.name, "notes.tmp", "notes.json.tmp.txt", "odd.json.99999999.dir.tmp"}
    assert storage.remove_stale_temp_files(now=time.time() + 2 * storage.ORPHAN_SECONDS) == 2
    assert storage.take_problems() == []


def test_an_unwritable_folder_is_said_at_start(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("LINEBOX_HOME", str(blocker / "linebox"))
    storage.problems.clear()
    problem = storage.at_start()
    assert problem and "cannot write in its folder" in problem and storage.take_problems() == [problem]
    monkeypatch.setenv("LINEBOX_HOME", str(tmp_path / "fine"))
    assert storage.at_start() is None and list((tmp_path / "fine").iterdir()) == []


def test_a_full_disk_costs_one_line_of_stderr_not_a_traceback_per_log_record(tmp_path, capsys):
    from game.files.logfile import QuietRotatingFileHandler

    handler = QuietRotatingFileHandler(tmp_path / "linebox.log", encoding="utf-8")

    class Full:
        def write(self, text):
            raise OSError(28, "No space left on device")

        def flush(self):
            pass

    handler.stream = Full()
    log = logging.getLogger("linebox.test-full-disk")
    log.addHandler(handler)
    log.propagate = False
    try:
        for i in range(50):
            log.warning("record %d", i)
    finally:
        log.removeHandler(handler)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No space left on device" in err and "Traceback" not in err


# ---------------------------------------------------------------- the history and the online token (issue 24)

def _bytes_cases(good: bytes, field: str) -> dict[str, bytes | str]:
    """Cases every JSON object file must survive; `field` names a text field of `good`."""
    data = json.loads(good)
    first = b"{"
    return {
        "empty": b"", "truncated": good[: len(good) // 2], "garbage": b"\x00\xffgarbage{",
        "wrong JSON type": b"[1, 2, 3]", "a string": b'"text"',
        "Infinity": good.replace(first, b'{"x": Infinity, ', 1), "NaN": good.replace(first, b'{"x": NaN, ', 1),
        "1e400": good.replace(first, b'{"x": 1e400, ', 1),
        "huge integer": good.replace(first, b'{"x": ' + b"9" * 5000 + b", ", 1),
        "deep nesting 100000": ("[" * 100_000).encode(),
        "deep nesting valid 500": _json(_with(data, field, json.loads(_nest(500)))),
        "non-UTF-8": good.replace(first, b'{"x": "\xff\xfe", ', 1),
        f"10 MB {field}": _json(_with(data, field, BIG)),
        f"{field} not a text": _json(_with(data, field, [1])),
        "10 MB file of spaces": b" " * 10_000_000,
        "100 MB file": "100mb", "directory": "dir", "FIFO": "fifo", "dangling link": "dangling",
        "link to /dev/zero": "devzero",
    }


def _make_big(path: Path, case: bytes | str) -> None:
    if case == "100mb":
        if os.path.lexists(path):
            path.unlink()
        with open(path, "wb") as fh:             # sparse: costs no disk
            fh.truncate(100 * 1024 * 1024)
    else:
        _make(path, case)


def _clear_bad(path: Path) -> None:
    for bad in path.parent.glob(path.name + "*.bad"):
        if bad.is_dir() and not bad.is_symlink():
            for p in bad.iterdir():
                p.unlink()
            bad.rmdir()
        else:
            bad.unlink()


def _loads_in_time(load: Callable[[], Any], label: str) -> Any:
    """load() in a thread: a FIFO must not hang the suite when it fails."""
    import threading
    out: list = []
    t = threading.Thread(target=lambda: out.append(load()), daemon=True)
    t0 = time.perf_counter()
    t.start()
    t.join(20)
    assert out, f"{label}: still reading after 20 s"
    assert time.perf_counter() - t0 < 5, label
    return out[0]


def test_token_file_corpus(home, capsys):
    from game.online import account
    creds = account.Credentials("https://matrix.example.org", "@ada:example.org", "LINEBOXDEV", "syt_" + "a" * 40)
    account.save(creds)
    path = home / account.FILE
    good = path.read_bytes()
    extra = {
        "missing token": _json(_with(json.loads(good), "access_token", ...)),
        "NUL in token": _json(_with(json.loads(good), "access_token", "syt\x00")),
        "lone surrogate": good.replace(b"{", b'{"x": "\\ud800", ', 1),
        "token a number": _json(_with(json.loads(good), "access_token", 12)),
    }
    corpus = 0
    for name, case in {**_bytes_cases(good, "user_id"), **extra}.items():
        corpus += 1
        label = f"token: {name}"
        _make_big(path, case)
        before = _snapshot(home, path)
        assert _loads_in_time(account.load, label) is None, label
        msgs = storage.take_problems()
        assert len(msgs) == 1 and "matrix_account.json.bad" in msgs[0], (label, msgs)
        assert not os.path.lexists(path) and _snapshot(home, path) == before, label
        _clear_bad(path)
        path.write_bytes(good)
        os.chmod(path, 0o600)
        assert account.load() == creds and storage.take_problems() == []
    with capsys.disabled():
        print(f"\ntoken corpus: {corpus} cases")


def test_a_token_others_can_read_is_made_owner_only(home, caplog):
    from game.online import account
    creds = account.Credentials("https://matrix.example.org", "@ada:example.org", "DEV", "tok")
    account.save(creds)
    path = home / account.FILE
    os.chmod(path, 0o644)
    caplog.set_level(logging.WARNING, logger="linebox")
    assert account.load() == creds and storage.take_problems() == []
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert [r for r in caplog.records if "owner-only" in r.getMessage()]


def _history_with_two_games() -> tuple[set[str], bytes]:
    from game.files import history
    from engine import linyo
    ids = set()
    for seed in (1, 2):
        st = linyo.new_game(players=1, seed=seed)
        while not st.is_over:
            st.apply(st.legal_actions()[0])
        kept = history.record_game("linyo", st.to_json(), [{"name": "Ada", "kind": "human", "level": None}])
        assert kept is not None
        ids.add(kept.id)
    return ids, json.dumps(history.game_file(sorted(ids)[0])).encode("utf-8")


def test_history_file_corpus(home, capsys):
    """A game file in history/ (copied by hand, or damaged): set aside with one message, the others listed."""
    from game.files import history
    ids, good = _history_with_two_games()
    path = history.folder() / "20250101-120000-linyo-abcdef.linebox"
    data = json.loads(good)
    cases = {**_bytes_cases(good, "kind"),
             "scores 1e400": good.replace(b'"scores": [', b'"scores": [1e400, ', 1),
             "scores Infinity": good.replace(b'"scores": [', b'"scores": [Infinity, ', 1),
             "record actions 10 MB": _json(_with(data, "record.actions", [BIG])),
             "record not an object": _json(_with(data, "record", [1])),
             "illegal action": _json(_with(data, "record.actions.0", "fly away")),
             "seat count": _json(_with(data, "seats", [])),
             "seat kind unknown": _json(_with(data, "seats.0.kind", "alien")),
             "future version": _json(_with(data, "version", 99)),
             "unknown game": _json(_with(data, "game", "chess"))}
    del cases["deep nesting valid 500"]        # in a field the file does not use: harmless, see below
    corpus = 0
    for name, case in cases.items():
        corpus += 1
        label = f"history file: {name}"
        _make_big(path, case)
        before = {k: v for k, v in _snapshot(home, path).items() if k.endswith(".linebox")}
        index = _loads_in_time(history.load, label)
        assert index.ids() == ids and all(index.entry(i).finished for i in range(len(index))), label
        msgs = storage.take_problems()
        assert len(msgs) == 1 and path.name + ".bad" in msgs[0], (label, msgs)
        assert not os.path.lexists(path), label
        assert {k: v for k, v in _snapshot(home, path).items() if k.endswith(".linebox")} == before, label
        assert history._read_index() is not None and history.load().ids() == ids, label
        assert storage.take_problems() == [], label
        _clear_bad(path)
    # usable after cleaning: listed with the replay's result and clean, short names
    for name, seats in {"names with control characters": [{"name": "A\x00\x07\n\tB\ud800", "kind": "human"}],
                        "10 MB name": [{"name": BIG, "kind": "human"}]}.items():
        corpus += 1
        odd = {**data, "seats": seats, "x": json.loads(_nest(500)), "result": {"scores": [-5], "winners": [0]}}
        path.write_bytes(json.dumps(odd).encode("utf-8"))
        index = _loads_in_time(history.load, name)
        entry = next(index.entry(i) for i in range(len(index)) if index.entry(i).id == path.stem)
        assert entry.scores != (-5,) and len(entry.seats[0].name) <= 40, name
        assert all(ch.isprintable() for ch in entry.seats[0].name), name
        assert storage.take_problems() == [], name
        path.unlink()
    with capsys.disabled():
        print(f"\nhistory file corpus: {corpus} cases")


def test_history_index_corpus(home, capsys):
    """history/index.json broken any way: the games are listed, quietly (it holds nothing else)."""
    from game.files import history
    ids, _good = _history_with_two_games()
    path = history.index_path()
    good = path.read_bytes()
    corpus = 0
    for name, case in {**_bytes_cases(good, "kind"),
                       "rows Infinity": good.replace(b'"rows": [', b'"rows": [Infinity, ', 1),
                       "rows not a list": _json(_with(json.loads(good), "rows", {"a": 1})),
                       "skipped odd": _json(_with(json.loads(good), "skipped", [[1e300, "x"], "y", [BIG, 1, 2]])),
                       }.items():
        corpus += 1
        label = f"history index: {name}"
        _make_big(path, case)
        index = _loads_in_time(history.load, label)
        assert index.ids() == ids, label
        assert all(index.entry(i).finished for i in range(len(index))), label
        assert storage.take_problems() == [], label
        assert path.is_file() and not path.is_symlink() and history._read_index().ids() == ids, label
        _clear_bad(path)
    with capsys.disabled():
        print(f"\nhistory index corpus: {corpus} cases")
