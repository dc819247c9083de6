"""Explicit chance: every random outcome is named, and may come from outside.

A game made with ``external_chance=True`` stops at each chance point:
``state.chance_needed`` is a `ChanceNeed` (and ``current_seat`` is None,
``legal_actions()`` is empty) until ``state.resolve_chance(outcome)`` takes
the outcome from outside — a tutorial script, an online host. An impossible
outcome (a card already seen, a face that is not on the dice) raises a coded
`IllegalAction` and changes nothing. A seeded game draws its own outcomes
and never stops; both write every outcome as a `ChanceOutcome` in the
record, so a record replays with or without its seed.

Outcomes are tuples of texts: card texts for Line-it ("17", "B3"), one
letter per die for Linyo ("b", "o", "g"), a seat number for "first_seat".

>>> need = ChanceNeed("deal", 6)
>>> need.to_json()
{'kind': 'deal', 'count': 6}
>>> ChanceOutcome(0, "first_seat", ("2",)).to_json()
{'at': 0, 'kind': 'first_seat', 'outcome': ['2']}
"""
from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Any, Sequence

if TYPE_CHECKING:
    from .errors import Refusals


_SEAT = re.compile(r"[0-9]{1,3}")


@dataclasses.dataclass(frozen=True)
class ChanceNeed:
    """What a state waits for: ``kind`` ("first_seat", "deal", "remainder", "roll") and ``count`` texts."""

    kind: str
    count: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "count": self.count}


@dataclasses.dataclass(frozen=True)
class ChanceOutcome:
    """One resolved chance point: ``at`` = player actions applied before it."""

    at: int
    kind: str
    outcome: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"at": self.at, "kind": self.kind, "outcome": list(self.outcome)}

    @classmethod
    def from_json(cls, data: Any) -> "ChanceOutcome":
        """ValueError unless `data` is what `to_json` writes."""
        if (not isinstance(data, dict) or set(data) != {"at", "kind", "outcome"}
                or not isinstance(data["at"], int) or isinstance(data["at"], bool) or data["at"] < 0
                or not isinstance(data["kind"], str)
                or not isinstance(data["outcome"], list)
                or not all(isinstance(t, str) and len(t) <= 8 for t in data["outcome"])):
            raise ValueError(f"not a chance outcome: {str(data)[:80]}")
        return cls(data["at"], data["kind"], tuple(data["outcome"]))


def checked_outcome(need: ChanceNeed | None, outcome: Sequence[str], refusals: "Refusals",
                    players: int) -> tuple[str, ...]:
    """The checks every game's `resolve_chance` starts with, with the same codes in both:
    an outcome is needed now ("chance.not_needed"), it is a list of texts and not one text
    ("chance.bare_text"), it has the asked number of
    parts ("chance.wrong_count"), and a first seat is a seat of the table written in
    ASCII digits ("chance.bad_seat"). Returns the texts to record: a first seat as its
    canonical number. The game then checks what only it knows (cards, faces).
    """
    if need is None:
        raise refusals.refuse("chance.not_needed")
    if isinstance(outcome, (str, bytes)):
        # one text is never an outcome: "17" for a two-card deal would be read as cards 1 and 7,
        # so whoever hands chance in (a host, a room, a script) must hand a list of texts
        raise refusals.refuse("chance.bare_text", given=str(outcome)[:16])
    if not isinstance(outcome, Sequence):  # None, a number: no parts at all (never a TypeError)
        raise refusals.refuse("chance.wrong_count", kind=need.kind, count=need.count, given=0)
    texts = tuple(outcome)
    if len(texts) != need.count:
        raise refusals.refuse("chance.wrong_count", kind=need.kind, count=need.count, given=len(texts))
    if need.kind == "first_seat":
        seat = texts[0]
        # ASCII digits only: str.isdigit() is also true for "²" and "٣", which int() refuses or
        # reads as 3; the record keeps the canonical number ("03" is recorded as "3")
        if not (isinstance(seat, str) and _SEAT.fullmatch(seat) and int(seat) < players):
            raise refusals.refuse("chance.bad_seat", seat=str(seat)[:8], last=players - 1)
        texts = (str(int(seat)),)
    return texts
