"""Games written down: format version + game + setup + seed + actions.

Both games serialise through `record()` and read back through
`read_record()`, so every save and replay of the project has one shape:

    {"format": 1, "game": "lineit", "setup": {...}, "seed": 7,
     "actions": ["take 17 line", "end", ...]}

A game is rebuilt by replaying its actions through the rules, so a save that
was tampered with cannot smuggle in a position the rules never allowed.
Older formats are upgraded one version at a time by `_UPGRADES`.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from .errors import BadSave

FORMAT = 1

# _UPGRADES[n] turns a format-n dict into a format-(n+1) dict.
_UPGRADES: dict[int, Callable[[dict], dict]] = {}


def record(game: str, setup: dict, seed: int | None, actions: list[str]) -> dict:
    return {
        "format": FORMAT,
        "game": game,
        "setup": setup,
        "seed": seed,
        "actions": list(actions),
    }


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
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise BadSave("the saved game's actions are not a list of texts")
    return data
