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

from bisect import bisect_left
from typing import Any, Sequence


def places(keys: Sequence[Any]) -> list[int]:
    """The place of each seat (1 = best), lower keys first; equal keys share a place.

    A seat's place is 1 + the number of keys strictly lower than its own:
    its position in the sorted keys (`bisect_left`), which is one sort
    instead of a count per pair (every finished game asks it for its
    `GameOver` event)."""
    ordered = sorted(keys)
    return [1 + bisect_left(ordered, key) for key in keys]
