"""Something shown for a while: a refusal, what an undo took back, a field that flashes.

Both tables keep their refusal and notice as a `Flash` of what they show (Line-it a
sentence, Linyo the refused field), so "refused" means the same thing at both tables.

>>> Flash("No", 1.0).tick(0.4)
Flash(what='No', seconds=0.6)
>>> Flash(7, 1.0).tick(1.0) is None
True
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Flash(Generic[T]):
    """`what` is shown for `seconds` more."""

    what: T
    seconds: float

    def tick(self, dt: float) -> "Flash[T] | None":
        """The same flash `dt` seconds later (None once its time is up)."""
        return Flash(self.what, self.seconds - dt) if self.seconds > dt else None
