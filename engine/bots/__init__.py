"""Computer players for both games.

    from engine.bots import make_bot
    bot = make_bot("lineit", "hard", seed=1)
    action = bot.choose(state.view(state.current_seat))

Levels: "easy", "normal", "hard" (and "random", a uniform random legal
player used as the arena's baseline; for Line-it also "ismcts", a textbook
information-set MCTS the arena measures `hard` against, see ismcts.py). Every bot sees only the view of its
seat and is deterministic for a given seed and view. `budget` is the number
of simulations a searching bot may spend on one decision (deterministic, so
the arena's tables reproduce); `time_limit` (seconds) caps it for the table.
"""
from __future__ import annotations

import importlib

from engine.games import games

from .base import LEVELS, Bot, decision_rng, view_digest


def make_bot(game: str, level: str, seed: int = 0, budget: int | None = None,
             time_limit: float | None = None) -> Bot:
    """A bot of `level` for `game` (a registered game: `engine.games`, whose bots live in
    ``engine/bots/<game>_bots.py``); raises ValueError for unknown names."""
    names = [info.name for info in games()]
    if game not in names:
        raise ValueError(f"no bots for {game!r}; games are {', '.join(names)}")
    if level == "ismcts" and game == "lineit":
        module = importlib.import_module("engine.bots.ismcts")
        return module.make(level, seed=seed, budget=budget, time_limit=time_limit)
    if level not in LEVELS + ("random",):
        raise ValueError(f"unknown bot level {level!r}; levels are {', '.join(LEVELS)}")
    module = importlib.import_module(f"engine.bots.{game}_bots")
    return module.make(level, seed=seed, budget=budget, time_limit=time_limit)


__all__ = ["LEVELS", "Bot", "make_bot", "decision_rng", "view_digest"]
