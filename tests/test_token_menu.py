"""The online token file seen from the app (issue 24): the menu reads it once, and no token file
can stop Linebox from starting (`linebox --smoke` exits 0 with a hostile one in place)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.files import storage
from game.online import account, session

from appkit import menu_app

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def home(headless_home):
    session.end()
    yield headless_home
    session.end()


def test_the_menu_reads_the_token_file_once_not_every_frame(home, monkeypatch):
    calls: list[int] = []
    real = account.load

    def counting():
        calls.append(1)
        return real()
    monkeypatch.setattr(account, "load", counting)
    app = menu_app((1280, 720))
    app.run(frames=60, dt=1 / 60)
    assert 1 <= len(calls) <= 2            # entering the menu; never per frame
    button = next(w for w in app.top.widgets if getattr(w, "on_click", None) == app.top.open_online)
    assert button.label() == "Play online" and app.errors == 0


def test_a_hostile_token_file_is_set_aside_at_the_menu_and_said_once(home):
    (home / account.FILE).write_text("[" * 100_000)
    app = menu_app((1280, 720))
    app.run(frames=30, dt=1 / 60)
    assert app.errors == 0
    assert (home / (account.FILE + ".bad")).exists() and not (home / account.FILE).exists()
    assert storage.take_problems() == []       # shown to the player by the menu already


@pytest.mark.parametrize("kind", ["deep nesting", "FIFO", "link to /dev/zero", "100 MB"])
def test_smoke_starts_with_a_hostile_token_file(tmp_path, kind):
    path = tmp_path / account.FILE
    if kind == "deep nesting":
        path.write_text("[" * 100_000)
    elif kind == "FIFO":
        os.mkfifo(path)
    elif kind == "link to /dev/zero":
        path.symlink_to("/dev/zero")
    else:
        with open(path, "wb") as fh:
            fh.truncate(100 * 1024 * 1024)
    env = {**os.environ, "LINEBOX_HOME": str(tmp_path), "PYTHONPATH": str(ROOT),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    try:
        done = subprocess.run([sys.executable, "-m", "game", "--smoke"], env=env, cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail(f"--smoke did not end with a token file that is a {kind}")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert (tmp_path / (account.FILE + ".bad")).exists() or (tmp_path / (account.FILE + ".bad")).is_symlink()
