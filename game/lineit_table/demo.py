"""`linebox --demo lineit`: the game the demo plays (every seat a bot; see `game.table.demo`)."""
from __future__ import annotations

from typing import Any

from game.table.demo import demo_game as arena_game

NAMES = ("Mia", "Noah", "Lena", "Hugo", "Zoe", "Omar")


def demo_game(players: int, seed: int | None) -> tuple[Any, dict[str, Any]]:
    """The arena's game 0 for `seed` (one final play) and the setup config seating its bots."""
    state, config = arena_game("lineit", players, seed, {}, NAMES)
    config["final_plays"] = 1
    return state, config
