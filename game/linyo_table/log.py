"""The game log of the Linyo table: what happened, written from the engine's events.

`describe(event, name)` turns one engine event into a `LogEntry` (a text made
in the current language when drawn, and the fields it is about, which light up
on the sheet while the pointer rests on the entry). `GameLog` keeps the
entries and the scroll position: the newest entry at the bottom, the wheel,
a drag or PgUp/PgDn/Home/End scroll it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator

from engine import linyo

from game.shell.i18n import _
from . import texts

MAX_ENTRIES = 400


@dataclass(frozen=True)
class LogEntry:
    seat: int | None
    text: Callable[[], str]
    fields: frozenset[int] = frozenset()


def _fields(names: Any) -> frozenset[int]:
    out = set()
    for n in names:
        try:
            out.add(linyo.parse_field(str(n).lstrip("+")))
        except ValueError:
            pass
    return frozenset(out)


def describe(event: Any, name: Callable[[int], str]) -> LogEntry | None:
    """The log entry for one engine event (None for an event the log does not show)."""
    kind = getattr(event, "kind", "")
    e = event
    if kind == "linyo.first_seat":
        return LogEntry(e.seat, lambda: _("{name} rolls first.").format(name=name(e.seat)))
    if kind == "linyo.dice_rolled":
        faces = texts.dice_order(e.faces)          # as the dice lie on the table
        if e.round == 0:
            return LogEntry(e.roller, lambda: _("Start roll by {name}: {dice}.").format(
                name=name(e.roller), dice=texts.dice_text(faces)))
        return LogEntry(e.roller, lambda: _("Round {n}: {name} rolls {dice}.").format(
            n=e.round, name=name(e.roller), dice=texts.dice_text(faces)))
    if kind == "linyo.four_of_a_kind":
        return LogEntry(e.roller, lambda: _("Four of a kind! {name} may turn up to three dice.").format(
            name=name(e.roller)))
    if kind == "linyo.dice_set":
        return LogEntry(e.roller, lambda: _("{name} sets the dice to {dice}.").format(
            name=name(e.roller), dice=texts.dice_text(e.dice)))
    if kind == "linyo.start_placed":
        return LogEntry(e.seat, lambda: _("{name} marks start {n} on {field}.").format(
            name=name(e.seat), n=e.line, field=e.field), _fields([e.field]))
    if kind == "linyo.line_moved":
        steps = list(e.fields) + ([e.star] if e.star else [])
        return LogEntry(e.seat, lambda: _("{name}: line {n} through {fields}.").format(
            name=name(e.seat), n=e.line, fields=" ".join(steps)), _fields(steps))
    if kind == "linyo.line_aborted":
        why = {"chosen": lambda: _("{name} extends nothing and aborts line {n} (× on {end}).").format(
                   name=name(e.seat), n=e.line, end=e.end),
               "too_short": lambda: _("{name}'s line {n} grew too little: aborted (× on {end}).").format(
                   name=name(e.seat), n=e.line, end=e.end),
               "dead_end": lambda: _("{name}'s line {n} is at a dead end: aborted (× on {end}).").format(
                   name=name(e.seat), n=e.line, end=e.end)}
        return LogEntry(e.seat, why.get(e.why, why["chosen"]), _fields([e.end]))
    if kind == "linyo.round_ended":
        if e.round == 0:
            return LogEntry(None, lambda: _("Every start field is marked."))
        return LogEntry(None, lambda: _("Round {n} is over.").format(n=e.round))
    if kind == "linyo.game_over":
        return LogEntry(None, lambda: _("Game over. Fewest free fields ({n}): {names}.").format(
            names=", ".join(name(w) for w in e.winners), n=min(e.free)))
    return None


class GameLog:
    """The entries and how far the log is scrolled up (0 = the newest at the bottom)."""

    def __init__(self) -> None:
        self.entries: list[LogEntry] = []
        self.scroll = 0               # entries hidden below the view
        self.hover: int | None = None   # index of the entry under the pointer
        self.changes = 0              # counts every add and clear (the drawing keys its cache on it)

    def add(self, entry: LogEntry | None) -> None:
        if entry is None:
            return
        self.entries.append(entry)
        del self.entries[:-MAX_ENTRIES]
        self.changes += 1
        if self.scroll:               # a player reading back keeps their place
            self.scroll += 1

    def clear(self) -> None:
        self.entries.clear()
        self.changes += 1
        self.scroll = 0
        self.hover = None

    def scroll_by(self, n: int) -> None:
        """Up (n > 0) or down by n entries, within what there is (the oldest stays in view)."""
        self.scroll = max(0, min(max(0, len(self.entries) - 1), self.scroll + n))

    def newest_first(self) -> Iterator[tuple[int, LogEntry]]:
        """The entries from the bottom of the view upward (index, entry); the caller stops when
        the view is full, so a long game's log is not walked whole."""
        end = len(self.entries) - self.scroll
        return ((i, self.entries[i]) for i in range(end - 1, -1, -1))

    def hovered(self) -> LogEntry | None:
        return self.entries[self.hover] if self.hover is not None and self.hover < len(self.entries) else None
