"""`linebox --demo linyo`: the game the demo plays (every seat a bot; see `game.table.demo`).

Sheet A, difficulty 2, every seat a normal bot: the scores equal
`python -m engine arena linyo --players N --bots normal --games 1 --seed S --list`.
"""
from __future__ import annotations

from typing import Any

from game.table.demo import demo_game as arena_game

NAMES = ("Ada", "Bruno", "Chloé", "Dario", "Emma", "Félix")


def demo_game(players: int, seed: int | None) -> tuple[Any, dict[str, Any]]:
    """The arena's game 0 for `seed` and the setup config seating its bots (1 to 6 of them)."""
    players = max(1, min(6, int(players)))
    state, config = arena_game("linyo", players, seed, {"sheet": "A", "difficulty": 2}, NAMES, difficulty=2)
    config["sheet"] = "A"
    return state, config
