"""Does this game count: the one answer, from who sits at the table and what the table was asked.

Every place that asks (the autosave, History, statistics, achievements, the
daily, a challenge's offer, the first-game tips) reads `counts(seating,
options)`; nothing else decides it.

>>> from types import SimpleNamespace as NS
>>> here = NS(people=lambda: [0], scripted=False, online=False, read_only=False)
>>> counts(here, NS(figures=False))
Counts(kept=True, counted=True, saved=True, offered=True)
>>> counts(NS(people=lambda: [], scripted=False, online=False, read_only=False), NS(figures=True))
Counts(kept=True, counted=False, saved=False, offered=False)
>>> counts(NS(people=lambda: [0], scripted=False, online=True, read_only=False), NS(figures=False)).saved
False
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class SeatingFacts(Protocol):
    """What `counts` reads of a seating (`game.table.drivers.Seating`)."""

    def people(self) -> list[int]: ...

    @property
    def scripted(self) -> bool: ...

    @property
    def online(self) -> bool: ...

    @property
    def read_only(self) -> bool: ...


class OptionFacts(Protocol):
    """What `counts` reads of a table's options (`game.table.drivers.TableOptions`)."""

    @property
    def figures(self) -> bool: ...


@dataclass(frozen=True)
class Counts:
    """What a game at a table is to the player's files."""

    #: kept in History once over: every game played here to its end (demos and bots-only games
    #: too), never a tutorial's scripted game or a replay
    kept: bool
    #: counted: statistics, achievements, the daily attempt, the end of the first-game tips (and
    #: the tips themselves while it is played): someone played it here, online too
    counted: bool
    #: autosaved after every move and offered "Save game": this machine's own game with someone at
    #: it (an online table's room keeps its game)
    saved: bool
    #: its results offer "Challenge a friend": a kept game that is not a measured demo
    offered: bool


def counts(seating: SeatingFacts, options: OptionFacts) -> Counts:
    """The one answer (see the module text)."""
    kept = not seating.scripted and not seating.read_only
    people = bool(seating.people())
    counted = kept and people
    return Counts(kept=kept, counted=counted, saved=counted and not seating.online,
                  offered=kept and not options.figures)
