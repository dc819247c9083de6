"""Places from ranking keys: the one way both games turn a standing into places.

A seat's key says how well it stands (lower is better: each game builds it
from its own rules, e.g. Linyo's free fields then the longest line
reversed). Equal keys share a place and the next place is skipped, as on a
podium ("1, 1, 3"):

>>> places([(5,), (3,), (5,), (9,)])
[2, 1, 2, 4]
>>> places([])
[]
"""
from __future__ import annotations

from typing import Any, Sequence


def places(keys: Sequence[Any]) -> list[int]:
    """The place of each seat (1 = best), lower keys first; equal keys share a place."""
    return [1 + sum(1 for other in keys if other < key) for key in keys]
