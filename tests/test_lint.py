"""Guard rails: ruff and mypy run as tests, with the settings in pyproject.toml.

Both tools come with the ``test`` extra (`make test` installs it). A missing
tool fails the test with the command that installs it: a guard rail that
quietly skips is no guard rail.

mypy runs once over ``engine`` and ``game`` (the ``files`` of its config);
its errors are then judged per area, so a failure names the package whose
typing broke: the shared engine (core, registry, CLI, arena and the shared
bot modules), each game with its bots, and the front end (every error code
on as well, see pyproject.toml).
"""
from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

AREAS = {
    "engine (shared)": r"engine/(core/|games\.py|__main__\.py|__init__\.py|bots/(__init__|arena|base|reasons)\.py)",
    "Line-it rules and bots": r"engine/(lineit/|bots/(lineit_bots|ismcts)\.py)",
    "Linyo rules and bots": r"engine/(linyo/|bots/(linyo_bots|linyo_eval)\.py)",
    "bot worker": r"engine/bots/worker\.py",
    "front end": r"game/",
}


def _run(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    if importlib.util.find_spec(tool) is None:
        pytest.fail(f"{tool} is not installed: pip install -e '.[test]'")
    return subprocess.run([sys.executable, "-m", tool, *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing():
    done = _run("ruff", "check", "--output-format", "concise", ".")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def mypy_errors() -> list[str]:
    done = _run("mypy")
    if done.returncode not in (0, 1) or "error:" in done.stderr:
        pytest.fail(f"mypy did not run: {done.stdout[-2000:]}{done.stderr[-2000:]}")
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert (done.returncode == 0) == (not errors), done.stdout[-2000:]
    return errors


def test_every_mypy_error_belongs_to_an_area(mypy_errors):
    """The areas below cover every checked file, so no error goes unjudged."""
    stray = [e for e in mypy_errors if not any(re.match(p, e) for p in AREAS.values())]
    assert not stray, "\n".join(stray)


@pytest.mark.parametrize("area", sorted(AREAS))
def test_mypy_passes(area, mypy_errors):
    mine = [e for e in mypy_errors if re.match(AREAS[area], e)]
    assert not mine, f"{len(mine)} mypy error(s) in {area}:\n" + "\n".join(mine[:40])
