"""What every bot shares: the interface, and randomness tied to the view.

A bot decides from `view` alone (exactly `state.view(seat)`), so it can
never see what its seat may not. Its random choices come from a generator
seeded by the bot's seed *and a digest of the view*: the same bot with the
same seed, shown the same view, always makes the same choice — whatever came
before, and whatever the hidden parts of the real game hold.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, Mapping, Protocol

from engine.core import Rng

LEVELS = ("easy", "normal", "hard")


class Bot(Protocol):
    game: str
    level: str

    def choose(self, view: Mapping[str, Any]) -> Any:
        """The action this bot plays in `view` (a legal one, always)."""

    def rank(self, view: Mapping[str, Any], k: int = 3) -> list[tuple[Any, float, str]]:
        """The top `k` choices, best first: (action, score, reason for a player)."""


def view_digest(view: Mapping[str, Any]) -> int:
    """A 64-bit fingerprint of a view, the same on every platform."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def decision_rng(seed: int, view: Mapping[str, Any]) -> Rng:
    """The generator for one decision: a function of the bot's seed and the view."""
    return Rng((seed * 0x9E3779B97F4A7C15) ^ view_digest(view))
