"""The engine's only source of randomness.

Python's `random` module may change its algorithms between versions
(`shuffle` and `randrange` already did), which would silently break saves and
replays. So the engine owns a tiny generator — SplitMix64 — whose whole state
is one 64-bit integer that lives inside the game state and its JSON.

>>> r = Rng(7)
>>> [r.below(10) for _ in range(5)]
[7, 4, 6, 3, 4]
>>> Rng.from_state(r.state).below(10) == r.below(10)
True
"""
from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_TABLE = 256
_LIMITS = tuple(_MASK - (_MASK + 1) % n if n else 0 for n in range(_TABLE))
"""`below(n)`'s largest unbiased value for each n < _TABLE (a deck shuffle needs 105 of them)."""


def seed_state(seed: int | str) -> int:
    """Turn any int (or a string such as a date) into a 64-bit start state."""
    if isinstance(seed, str):
        value = 0
        for byte in seed.encode("utf-8"):  # FNV-1a: stable on every platform
            value = ((value ^ byte) * 0x100000001B3) & _MASK
        return value ^ 0xCBF29CE484222325
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a seed is an int or a str, not {type(seed).__name__}")
    return seed & _MASK


class Rng:
    """SplitMix64: fast, well mixed, and identical everywhere."""

    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0) -> None:
        self.state = seed_state(seed)

    @classmethod
    def from_state(cls, state: int) -> "Rng":
        rng = cls.__new__(cls)
        rng.state = int(state) & _MASK
        return rng

    def clone(self) -> "Rng":
        return Rng.from_state(self.state)

    def next64(self) -> int:
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _MASK - (_MASK + 1) % n  # largest value that keeps it unbiased
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place, from the back: ``j = below(i + 1)`` for each i.

        `below` and `next64` are written out inline (the same draws, the same
        order) because every new game shuffles its cards: one call per card
        was about half the cost of starting a Line-it game."""
        state = self.state
        limits = _LIMITS
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits[n] if n < _TABLE else _MASK - (_MASK + 1) % n
            while True:
                state = z = (state + _GAMMA) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x <= limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = state
