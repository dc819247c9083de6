"""One version, from pyproject.toml (game/version.py), wherever a player or a bug report looks for it."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import lineit
from game import history, i18n, version
from game.scenes.settings_scene import SettingsScene

from appkit import DT, drawn_by, menu_app  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SEATS = [{"name": "Ada", "kind": "human", "level": None}, {"name": "Bot", "kind": "bot", "level": "hard"}]


def pyproject_version() -> str:
    found = version.from_pyproject((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert found and found[0].isdigit()
    return found


@pytest.fixture
def frozen(monkeypatch, tmp_path):
    """The app as the frozen bundle runs it: sys._MEIPASS, with or without the spec's version.txt."""
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    version.version.cache_clear()
    yield tmp_path
    version.version.cache_clear()


def test_the_version_is_pyprojects():
    assert version.version() == pyproject_version()
    assert version.from_pyproject('[project]\nname = "x"\nversion = "2.3.4"\n[tool.x]\nversion = "9"\n') == "2.3.4"
    assert version.from_pyproject("[project]\nname = 'x'\n") is None


def test_a_frozen_app_reads_its_bundles_file(frozen):
    (frozen / version.VERSION_FILE).write_text("7.8.9\n", encoding="utf-8")
    assert version.version() == "7.8.9"


def test_a_frozen_app_without_the_file_falls_back(frozen):
    assert version.version() == pyproject_version()       # a checkout: pyproject.toml beside game/


def test_linebox_version_prints_it():
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-m", "game", "--version"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"Linebox {pyproject_version()}"


@pytest.mark.parametrize("lang, words", [("en", "Linebox version"), ("de", "Linebox Version"),
                                         ("fr", "Linebox version")])
def test_the_settings_screen_shows_it(headless_home, lang, words):
    app = menu_app()
    i18n.set_language(lang)
    scene = SettingsScene(app)
    app.push(scene)
    app.run(frames=2, dt=DT)
    texts = [text for text, _size, _rect in drawn_by(lambda: scene.draw(app.screen))]
    assert f"{words} {pyproject_version()}" in texts


def test_the_logs_first_line_of_a_run_names_it(headless_home):
    menu_app()
    lines = (headless_home / "logs" / "linebox.log").read_text(encoding="utf-8").splitlines()
    assert f"Linebox {pyproject_version()} (Python " in lines[0]


def test_the_crash_message_names_it(headless_home):
    app = menu_app()
    app._crashed(RuntimeError("boom"))      # what the safety net calls for a scene's uncaught error
    assert f"Linebox {pyproject_version()} went back to the menu" in app.top.text


def a_game() -> dict:
    state = lineit.new_game(players=2, seed=3)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    return state.to_json()


def test_game_files_written_carry_it(headless_home, tmp_path):
    entry = history.record_game("lineit", a_game(), SEATS)
    assert entry is not None
    assert history.game_file(entry.id)["app_version"] == pyproject_version()
    out = history.export_game(entry.id, tmp_path / "out.linebox")
    assert json.loads(out.read_text(encoding="utf-8"))["app_version"] == pyproject_version()


@pytest.mark.parametrize("written_by, kept", [(None, None), ("0.0.9", "0.0.9"), (12, None), ("x" * 500, None),
                                              ("bad\x00", None)])
def test_a_file_opens_whatever_its_app_version(headless_home, tmp_path, written_by, kept):
    """An old file has none; a damaged one is dropped, never a reason to refuse the game."""
    data = history.build_file("lineit", a_game(), SEATS)
    del data["app_version"]
    if written_by is not None:
        data["app_version"] = written_by
    path = tmp_path / "old.linebox"
    path.write_text(json.dumps(data), encoding="utf-8")
    entry = history.import_game(path)
    assert history.game_file(entry.id).get("app_version") == kept
