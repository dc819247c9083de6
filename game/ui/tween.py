"""Tweens: animation as data, advanced by dt through pytweening easing.

>>> t = Tween(0.0, 10.0, duration=1.0, delay=0.5)
>>> t.update(0.5); t.value
0.0
>>> t.update(1.0); t.value, t.done
(10.0, True)
"""
from __future__ import annotations

from typing import Callable

import pytweening

Ease = Callable[[float], float]


class Tween:
    """A value from `start` to `end` over `duration` seconds after `delay`."""

    __slots__ = ("start", "end", "duration", "t", "ease")

    def __init__(self, start: float, end: float, duration: float, delay: float = 0.0,
                 ease: Ease = pytweening.easeInOutCubic) -> None:
        self.start = start
        self.end = end
        self.duration = max(1e-6, duration)
        self.t = -max(0.0, delay)
        self.ease = ease

    @property
    def progress(self) -> float:
        """Eased progress 0..1 (0 while waiting for the delay)."""
        if self.t <= 0:
            return 0.0
        return self.ease(min(1.0, self.t / self.duration))

    @property
    def started(self) -> bool:
        return self.t > 0

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    @property
    def value(self) -> float:
        return self.start + (self.end - self.start) * self.progress

    def update(self, dt: float) -> None:
        self.t += dt
