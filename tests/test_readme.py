"""Issue 26: the README tells a newcomer how to install first, how to play, every player's
command-line option, `LINEBOX_HOME` and where the log is; its first lines stay the two commands."""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def test_the_first_lines_are_the_two_commands():
    assert README.splitlines()[:4] == [
        "# Linebox", "",
        "    make play    # fresh machine: makes .venv, installs Linebox, starts it",
        "    make test    # fresh machine: makes .venv, installs Linebox + test tools, runs every test"]


def test_install_comes_first_then_how_to_play():
    heads = [line for line in README.splitlines() if line.startswith("## ")]
    assert heads[0] == "## Install"
    assert heads.index("## How to play") < heads.index("## For developers")


def test_every_players_option_and_the_files_are_named():
    from game.__main__ import parse_args
    parse_args(["--size", "800x600", "--tutorial", "linyo", "x.linebox"])     # the options exist
    for word in ("--size", "--tutorial", ".linebox", "--demo", "LINEBOX_HOME", "linebox.log", "$LINEBOX_HOME/logs/"):
        assert word in README, word
    env = {k: v for k, v in os.environ.items() if k != "LINEBOX_HOME"}
    old = os.environ.copy()
    try:
        os.environ.clear()
        os.environ.update(env)
        log = platformdirs.user_log_dir("Linebox", appauthor=False)
    finally:
        os.environ.clear()
        os.environ.update(old)
    if log.startswith(str(Path.home())):                  # this machine's log folder, as the README writes it
        assert "~" + log[len(str(Path.home())):] in README, log
