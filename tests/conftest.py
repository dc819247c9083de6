"""What the front-end tests share: a headless app in a throwaway user folder; which tests are slow.

`slow` (`make test-fast` runs `-m "not slow"`) is given here, in one place, to every test that
starts the real App (it asks for `headless_home`, itself or through a fixture of its own; the
monkey is one), talks to a real homeserver (`synapse`, `synapse_default`), and to the files of
`SLOW_FILES`. A new App or online test is slow without saying so; a new slow file is named there."""
from __future__ import annotations

import multiprocessing
import threading
import time

import pygame
import pytest

from engine.bots import worker
from game import i18n, storage
from synapse_server import synapse  # noqa: F401  (the fixture: one homeserver for the online modules)

#: fixtures whose tests are slow: the real App in a throwaway home, a real homeserver
SLOW_FIXTURES = frozenset({"headless_home", "synapse", "synapse_default"})
#: files whose tests are slow whatever they ask for (each file's whole run took 25 s or more, or its
#: tests start processes): SIGKILLed processes; the app started as a process (`--smoke`, a build's
#: selftest); whole games of searching bots; properties over hundreds of games; the toolchain's
#: checks (ruff, mypy, the import graph, doctests, the translations compiled)
SLOW_FILES = frozenset({
    "test_kill.py",
    "test_token_menu.py", "test_build.py",
    "test_review.py", "test_bots_linyo.py", "test_bots_lineit.py", "test_bots_hint_search.py",
    "test_conformance.py", "test_conformance_contract.py", "test_arena.py", "test_ismcts.py",
    "test_linyo_rewind.py", "test_lineit_properties.py", "test_linyo_props.py", "test_lineit_chance.py",
    "test_hostile_files.py",
    "test_lint.py", "test_imports.py", "test_doctests.py", "test_app_storage.py",
})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if SLOW_FIXTURES.intersection(getattr(item, "fixturenames", ())) or item.path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)


@pytest.fixture
def headless_home(tmp_path, monkeypatch):
    """No screen, no sound device, English, and LINEBOX_HOME in tmp_path."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("LINEBOX_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("LANGUAGE", raising=False)
    storage.problems.clear()
    yield tmp_path
    # the App a test drops with a table open never leaves it: its bot worker is closed here, as the
    # end of the app's process ends it (the worker exits with its parent); one still starting (a
    # table starts it in a thread, `TableBots.start`) is waited for first, or it would outlive this
    deadline = time.monotonic() + WORKER_EXIT_SECONDS
    for thread in threading.enumerate():
        if thread.name.endswith("bot-worker"):
            thread.join(max(0.0, deadline - time.monotonic()))
    worker.close_all()
    i18n.set_language("en")
    pygame.display.quit()


#: seconds a closed worker's process may take to exit: it answers the question in hand first (a
#: hard bot's search, a review's step), and the machine may be busy
WORKER_EXIT_SECONDS = 60.0


def _worker_processes() -> dict[int, multiprocessing.process.BaseProcess]:
    """This process's children started through multiprocessing, alive now: bot workers (the
    resource tracker and the homeserver are started otherwise and are not among them)."""
    return {p.pid: p for p in multiprocessing.active_children() if p.pid is not None}


@pytest.fixture(autouse=True)
def no_worker_left():
    """A test that starts a bot worker process stops it: one left behind fails the test (a run of
    the whole suite once kept 72 idle workers, 1.9 GiB) and is then killed, so no later test is
    blamed. Set up before and torn down after every other fixture of the test (`headless_home`)."""
    before = set(_worker_processes())
    yield
    deadline = time.monotonic() + WORKER_EXIT_SECONDS
    while (left := {pid: p for pid, p in _worker_processes().items() if pid not in before}):
        if time.monotonic() > deadline:
            for proc in left.values():
                proc.kill()
            pytest.fail(f"the test left {len(left)} bot worker process(es) running (pid "
                        f"{', '.join(map(str, left))}): close the BotWorker, or leave the table")
        time.sleep(0.05)      # a closing worker's process exits on its own: look again
