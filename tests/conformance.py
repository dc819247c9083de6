"""What every game of the engine promises, checked the same way for each.

Shared by tests/test_conformance.py and the golden transcripts: a game is
driven only through the public contract (new_game, legal_actions, apply,
view, to_json/from_json, clone, parse_action), like OpenSpiel's random
simulation test.
"""
from __future__ import annotations

import json

from engine.core import GameInfo, Rng
from engine.games import game as info, games

# Every registered game with its seat range: the suite covers what the registry lists.
GAMES = {g.name: {"players": g.seats} for g in games()}


def module(game: str) -> GameInfo:
    """What the suite may call of a game: the registry's description (new_game, from_json, parse_action)."""
    return info(game)


def new_game(game: str, players: int, seed: int, **options):
    return info(game).new_game(players=players, seed=seed, **options)


def snapshot(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def views(state) -> list[dict]:
    return [state.view(seat) for seat in range(len(state.scores()))]


def play_random(state, rng: Rng, max_steps: int = 5000):
    """Yield (state, action) pairs until the game ends, choosing uniformly."""
    for _ in range(max_steps):
        if state.is_over:
            return
        actions = state.legal_actions()
        action = actions[rng.below(len(actions))]
        yield state, action
        state.apply(action)
    raise AssertionError(f"game did not end within {max_steps} actions")


def transcript(game: str, players: int, seed: int, policy: str = "random", **options) -> dict:
    """A whole seeded game: actions, legal-move counts, final scores.

    policy "random" chooses uniformly; "longest" takes the first legal action
    with the most words (in Linyo: the longest move), which plays long games.
    """
    state = new_game(game, players, seed, **options)
    rng = Rng(seed + 1000)
    actions, counts = [], []
    for _ in range(5000):
        if state.is_over:
            break
        legal = state.legal_actions()
        if policy == "longest":
            action = max(legal, key=lambda a: len(str(a).split()))
        else:
            action = legal[rng.below(len(legal))]
        counts.append(len(legal))
        actions.append(str(action))
        state.apply(action)
    assert state.is_over, "game did not end"
    return {"game": game, "players": players, "seed": seed, "policy": policy, "options": options,
            "actions": actions, "legal_counts": counts,
            "scores": state.scores(), "winners": state.winners()}
