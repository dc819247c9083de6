"""Games written down: format version + game + setup + seed + actions + chance.

Both games serialise through `record()` and read back through
`read_record()`, so every save and replay of the project has one shape:

    {"format": 2, "game": "lineit", "setup": {...}, "seed": 7,
     "actions": ["take 17 line", "end", ...],
     "chance": [{"at": 0, "kind": "deal", "outcome": ["12", "45", ...]}, ...]}

``chance`` lists every random outcome in order, each with ``at`` = the number
of actions applied before it. With a seed the game redraws them (and a
record whose outcomes differ from its seed's is refused); with ``seed: null``
they are fed back in as they are, so a record replays without its seed.

A game is rebuilt by replaying its actions through the rules, so a save that
was tampered with cannot smuggle in a position the rules never allowed.
Older formats are upgraded one version at a time by `_UPGRADES`
(format 1 had no ``chance``: its seed redraws them).
"""
from __future__ import annotations

import json
from typing import Any, Callable, Sequence

from .chance import ChanceOutcome
from .errors import BadSave

FORMAT = 2

# The longest record read back: far above any real game (a 6-seat Line-it game
# has under 400 actions), low enough that a hostile file cannot stall a start.
MAX_ACTIONS = 20_000


def _upgrade_1(data: dict) -> dict:
    return {**data, "format": 2, "chance": []}


# _UPGRADES[n] turns a format-n dict into a format-(n+1) dict.
_UPGRADES: dict[int, Callable[[dict], dict]] = {1: _upgrade_1}


def record(game: str, setup: dict, seed: int | str | None, actions: list[str],
           chance: Sequence[ChanceOutcome] = ()) -> dict:
    return {
        "format": FORMAT,
        "game": game,
        "setup": setup,
        "seed": seed,
        "actions": list(actions),
        "chance": [c.to_json() for c in chance],
    }


def chance_outcomes(data: dict) -> list[ChanceOutcome]:
    """The chance outcomes of a record already checked by `read_record`."""
    return [ChanceOutcome.from_json(c) for c in data.get("chance", [])]


def read_record(data: Any, game: str) -> dict:
    """Check the shape of a record for `game` and bring it to FORMAT.

    Raises BadSave with a plain-words reason for anything else.
    """
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except (ValueError, UnicodeDecodeError) as exc:
            raise BadSave(f"not a saved game (not JSON: {exc})") from None
    if not isinstance(data, dict):
        raise BadSave("not a saved game (expected a JSON object)")
    version = data.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise BadSave("not a saved game (no format version)")
    if version > FORMAT:
        raise BadSave(f"saved by a newer Linebox (format {version}, this one reads up to {FORMAT})")
    while version < FORMAT:
        upgrade = _UPGRADES.get(version)
        if upgrade is None:
            raise BadSave(f"format {version} is too old to read")
        data = upgrade(data)
        version = data["format"]
    if data.get("game") != game:
        raise BadSave(f"this is a {data.get('game')!r} game, not {game!r}")
    if not isinstance(data.get("setup"), dict):
        raise BadSave("the saved game has no setup")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, (int, str)) or isinstance(seed, bool)):
        raise BadSave("the saved game's seed is not a number")
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) and len(a) <= 200 for a in actions):
        raise BadSave("the saved game's actions are not a list of short texts")
    if len(actions) > MAX_ACTIONS:
        raise BadSave(f"the saved game has more than {MAX_ACTIONS} actions")
    chance = data.get("chance")
    if not isinstance(chance, list) or len(chance) > MAX_ACTIONS:
        raise BadSave("the saved game's chance outcomes are not a list")
    at = 0
    for c in chance:
        try:
            outcome = ChanceOutcome.from_json(c)
        except ValueError as exc:
            raise BadSave(f"the saved game has a broken chance outcome ({exc})") from None
        if outcome.at < at or outcome.at > len(actions):
            raise BadSave("the saved game's chance outcomes are out of order")
        at = outcome.at
    return data
