"""The one-line summary of a post-game review, the same sentence at both tables in each game's units.

A game's `review_summary` (`game/<game>_table/suggest.py`, the `GameUI` field) gives
what it counts in: how to say "n decisions cost something" and the amount lost (Line-it
points, Linyo free fields), each in its own text domain; the sentence around them is here.

>>> summary({"decisions": 1, "costly": 0}, str, str)
'1 decision checked: the hard bot found nothing better.'
>>> summary({"decisions": 12, "costly": 2, "lost": 5.0}, "{} cost".format, "{:g}".format)
'12 decisions checked: 2 cost, about 5 in all.'
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from game.shell.i18n import _, ngettext


def summary(result: Mapping[str, Any], costly: Callable[[int], str], lost: Callable[[float], str]) -> str:
    """`result` (the engine's review of one seat: "decisions", "costly", "lost") in words:
    `costly(n)` says n decisions cost something, `lost(x)` the amount they cost in all."""
    decisions = int(result.get("decisions", 0))
    n = int(result.get("costly", 0))
    checked = ngettext("{n} decision checked", "{n} decisions checked", decisions).format(n=decisions)
    if not n:
        return _("{checked}: the hard bot found nothing better.").format(checked=checked)
    return _("{checked}: {costly}, about {lost} in all.").format(
        checked=checked, costly=costly(n), lost=lost(float(result.get("lost", 0.0))))
