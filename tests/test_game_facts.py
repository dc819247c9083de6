"""Each game's front end declares what the shell asks of it, and the shared modules name no game."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.core import Rng
from engine.games import games
from game.shell.frontends import frontends

ROOT = Path(__file__).resolve().parent.parent
# Shared front-end modules that once branched on a game's name; they ask the registries now.
SHARED = ("game/files/history.py", "game/files/stats.py", "game/files/schema.py", "game/files/game_stats.py", "game/ui/game_stats_panel.py",
          "game/scenes/setup.py", "game/scenes/stats_scene.py", "game/scenes/rules.py", "game/scenes/history.py",
          "game/tutorial/__init__.py", "game/tutorial/progress.py", "game/tutorial/offer.py",
          "game/rulebook/__init__.py", "game/dev/monkey.py")


@pytest.mark.parametrize("path", SHARED)
def test_shared_modules_name_no_game(path):
    names = "|".join(re.escape(g.name) for g in games())
    text = (ROOT / path).read_text(encoding="utf-8")
    compared = re.findall(rf"""(?:==|!=)\s*["']({names})["']""", text)          # a branch on a game
    listed = re.findall(rf"""["']({names})["']\s*[:,]\s*["']?[^"'\n]*["']?\s*,?\s*\(?["']({names})["']""", text)
    found = compared + listed                                                      # a hard-coded list of games
    assert not found, f"{path} names a game: {found}"


@pytest.mark.parametrize("ui", frontends(), ids=lambda ui: ui.name)
def test_each_front_end_declares_what_the_shell_asks(ui):
    info = ui.info
    assert ui.default_players in info.seats
    for option in ui.setup_options:
        assert info.option(option.key).per_seat_keyword is None and option.choices
    for option in ui.seat_options:
        assert info.option(option.key).per_seat_keyword, f"{option.key} is not a per-seat option"
    assert ui.chart_label and ui.recent_title and ui.best_text is not None and ui.stats_rows is not None
    state = info.new_game(players=info.max_players, seed=3)
    rng = Rng(3)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    figures = ui.game_stats(state.events, state.players)
    assert figures.game == ui.name and figures.finished and list(figures.winners) == state.winners()
    assert [series[-1] for series in figures.series] == state.scores()
    for _label, value in ui.stats_rows():
        assert all(isinstance(value(seat), str) for seat in figures.seats)
    assert isinstance(ui.best_text(3, "3"), str) and isinstance(ui.variant_text(ui.variant({})), str)
