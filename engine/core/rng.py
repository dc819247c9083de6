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

import sys
from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_TABLE = 256
_LIMITS = tuple(_MASK - (_MASK + 1) % n if n else 0 for n in range(_TABLE))
"""`below(n)`'s largest unbiased value for each n < _TABLE (a deck shuffle needs 105 of them)."""
_LITTLE = sys.byteorder == "little"
_LANES: dict[int, tuple[int, int, int]] = {}


def _lanes(count: int) -> tuple[int, int, int]:
    """For `count` 128-bit lanes: a 1 in each lane, ``k * _GAMMA`` in lane k - 1
    (k = 1..count), and the low-64-bit mask of every lane."""
    lanes = _LANES.get(count)
    if lanes is None:
        ones = sum(1 << (128 * k) for k in range(count))
        lanes = _LANES[count] = (ones, sum((k + 1) * _GAMMA << (128 * k) for k in range(count)), _MASK * ones)
    return lanes


def _draws(state: int, count: int) -> list[int] | None:
    """The next `count` values of `next64` from `state`, all at once; None if
    one of them is within 256 of 2**64, where `below` of a bound up to 256
    might reject it (about once in 10**15 shuffles: the caller then draws one
    at a time).

    SplitMix64's state only ever adds _GAMMA, so draw k mixes ``state + k *
    _GAMMA``: the `count` states sit in 128-bit lanes of one big int and each
    step of the mix (shift, xor, multiply by a 64-bit constant, mask) runs on
    all lanes together; a lane's product stays below 2**128, so no lane
    spills into the next one. A dozen operations on one long int instead of a
    dozen per draw: a Line-it deal shuffles about twice as fast."""
    ones, steps, mask = _lanes(count)
    z = (state * ones + steps) & mask
    z = (((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9) & mask
    z = (((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB) & mask
    z = (z ^ (z >> 31)) & mask
    if (z + (_TABLE - 1) * ones) & (ones << 64):  # a lane reached 2**64 - 255
        return None
    return memoryview(z.to_bytes(16 * count, "little")).cast("Q")[::2].tolist()


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

        Every new game shuffles its cards, so this is written for speed and
        makes exactly the draws of that loop: all of them at once (`_draws`),
        then the swaps; should a draw come near 2**64 (where `below` may reject
        it) the shuffle is made one draw at a time instead."""
        last = len(items) - 1
        if 0 < last < _TABLE - 1 and _LITTLE:
            state = self.state
            draws = _draws(state, last)
            if draws is not None:  # the usual case: no draw near 2**64, none rejected
                for n, x in zip(range(last + 1, 1, -1), draws):
                    j = x % n
                    items[n - 1], items[j] = items[j], items[n - 1]
                self.state = (state + last * _GAMMA) & _MASK
                return
        self._shuffle_from(items, last)

    def _shuffle_from(self, items: MutableSequence[T], top: int) -> None:
        """The Fisher–Yates loop from index `top` down, `next64` and `below` inline."""
        state = self.state
        limits = _LIMITS
        for i in range(top, 0, -1):
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
