"""Typed events: what a player sees happen, as small frozen values.

`apply(action)` and `resolve_chance(outcome)` return the events they caused,
and every state keeps all of them in ``state.events`` (setup events first:
the first market dealt, the start roll). Screens animate and write the game
log from events; they never diff views to guess what happened.

An event class is a frozen dataclass with a class-level ``kind`` and
JSON-able fields (ints, strs, bools, None, tuples of those, nested tuples).
Events carry no hidden information: a card appears in an event only once it
is face up.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Dealt(Event):
...     kind = "demo.dealt"
...     cards: tuple[str, ...]
>>> kinds = EventKinds([Dealt])
>>> e = Dealt(("17", "B3"))
>>> e.to_json()
{'kind': 'demo.dealt', 'cards': ['17', 'B3']}
>>> kinds.from_json(e.to_json()) == e
True
"""
from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Iterable, Iterator, Mapping


def _to_json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _to_json(v) for k, v in value.items()}
    return value


def _from_json(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json(v) for v in value)
    return value


@dataclasses.dataclass(frozen=True)
class Event:
    """Base of every event. Subclasses set ``kind`` ("<game>.<what>", e.g. "lineit.jackpot_won")."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _to_json(getattr(self, f.name))
        return out


class EventKinds:
    """The event classes of one game, by kind, for reading events back from JSON."""

    def __init__(self, classes: Iterable[type[Event]]) -> None:
        self.by_kind: dict[str, type[Event]] = {}
        for cls in classes:
            if not cls.kind or cls.kind in self.by_kind:
                raise ValueError(f"event kind {cls.kind!r} is empty or declared twice")
            self.by_kind[cls.kind] = cls

    def __iter__(self) -> Iterator[type[Event]]:
        return iter(self.by_kind.values())

    def from_json(self, data: Any) -> Event:
        """The event written by `Event.to_json`; ValueError for anything else."""
        if not isinstance(data, dict) or data.get("kind") not in self.by_kind:
            raise ValueError(f"not an event of this game: {str(data)[:80]}")
        cls = self.by_kind[data["kind"]]
        names = [f.name for f in dataclasses.fields(cls)]
        if set(data) - {"kind"} != set(names):
            raise ValueError(f"event {data['kind']} needs the fields {names}")
        return cls(**{n: _from_json(data[n]) for n in names})
