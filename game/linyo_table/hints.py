"""The hard bot's hint at the Linyo table: kept per position, asked ahead, and explained.

`HintBook` keeps every answer the worker gave, by position, so a hint asked again (after an
undo, or the same decision met twice) is on screen at once. Once a player has asked for a hint
in a game, the book asks the worker for the next decisions' hints as soon as they open, while
the player looks at the dice: the click then finds the answer there, or on its way. Nothing
waits a fixed time: the search asked ahead runs the hard bot's budget (capped by the table's limit
for hard bots, `HINT_TIME_LIMIT` None), and once the player clicks, the worker answers as soon as
its best move is settled, within `engine.bots.base.ANSWER_WITHIN` seconds (`TableBots.ask_hint`).

`reasons` words what the move teaches from the worker's facts (`engine/bots/teach.py`: the free
fields the lines still reach, those the move cuts off for good) and from the position it leaves
(`engine.linyo.reach.room`: each line's room), in the player's language.
"""
from __future__ import annotations

from typing import Any

from engine import linyo
from engine.core import IllegalAction
from engine.linyo.reach import room

from game.shell.i18n import _, ngettext

HINT_TIME_LIMIT: float | None = None   # a hint's search asked ahead: the table's limit for hard bots
KEPT = 256                # answers kept per table (a whole game has fewer decisions)


def position(state: linyo.State, seat: int) -> tuple:
    """Which decision a hint answers: everything played so far, and the seat to decide."""
    return (tuple(state.log), seat)


class HintBook:
    """The worker's hints of one table, by position; and whether to ask them ahead."""

    def __init__(self) -> None:
        self.known: dict[tuple, dict] = {}
        self.ahead = False           # the player asked once: ask every next decision's hint at once

    def get(self, state: linyo.State, seat: int) -> dict | None:
        return self.known.get(position(state, seat))

    def keep(self, state: linyo.State, seat: int, hint: dict) -> None:
        if len(self.known) >= KEPT:
            self.known.pop(next(iter(self.known)))
        self.known[position(state, seat)] = hint


def _fact(hint: dict, key: str) -> dict | None:
    for fact in hint.get("facts") or []:
        if isinstance(fact, dict) and fact.get("key") == key:
            return fact.get("params") or {}
    return None


def cut_fields(hint: dict) -> list[int]:
    """The fields the hinted move cuts off for good (from the worker's facts; [] if none)."""
    params = _fact(hint, "reach_after") or {}
    out = []
    for name in params.get("cut_fields") or []:
        try:
            out.append(linyo.parse_field(str(name)))
        except ValueError:
            continue
    return out


def reasons(hint: dict, state: linyo.State, seat: int) -> list[str]:
    """What the hinted action teaches, a sentence each: how many fields it fills, how many free
    fields the lines still reach and which it cuts off for good, each line's room afterwards."""
    try:
        action = linyo.parse_action(str(hint["action"]))
    except (KeyError, IllegalAction):
        return []
    out: list[str] = []
    if isinstance(action, linyo.Move):
        n = action.length
        out.append(ngettext("It fills {n} field now.", "It fills {n} fields now.", n).format(n=n))
    params = _fact(hint, "reach_after")
    if params is not None:
        reach = int(params.get("reach", 0))
        out.append(ngettext("Afterwards your lines can still reach {n} free field.",
                            "Afterwards your lines can still reach {n} free fields.", reach).format(n=reach))
        cut = [str(f) for f in params.get("cut_fields") or []]
        if cut:
            out.append(ngettext("It cuts off {n} field for good: {fields}.",
                                "It cuts off {n} fields for good: {fields}.", len(cut)).format(
                n=len(cut), fields=", ".join(cut)))
        elif isinstance(action, (linyo.Move, linyo.Abort)):
            out.append(_("It cuts off no field for good."))
    if isinstance(action, (linyo.Move, linyo.Abort)):
        after = _after(state, action)
        if after is not None:
            rooms = room(after, seat)
            if rooms:
                parts = [ngettext("line {line}: {n} field", "line {line}: {n} fields", k).format(line=line, n=k)
                         for line, k in sorted(rooms.items())]
                out.append(_("Room left per open line: {lines}.").format(lines=" · ".join(parts)))
    return out


def _after(state: linyo.State, action: Any) -> linyo.State | None:
    """The position `action` leaves (the round-end checks of the seat included), or None."""
    after = state.clone()
    try:
        after.apply(action)
    except IllegalAction:
        return None
    return after
