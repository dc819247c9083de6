"""Player-readable texts: engine messages and colour names, translated.

The engine explains a refused action in English (`IllegalAction`); the
table shows that reason in the player's language by matching the engine's
message forms. An unknown form is shown as the engine wrote it.

>>> explain("d5 is orange but no orange die is left")
'd5 is orange, but no orange die is left'
"""
from __future__ import annotations

import re

from ..i18n import N_, _

COLOUR_NAMES = {"blue": N_("blue"), "orange": N_("orange"), "grey": N_("grey"),
                "b": N_("blue"), "o": N_("orange"), "g": N_("grey")}

_FORMS: list[tuple[re.Pattern, str]] = [
    (re.compile(r"^(?P<f>[a-k][1-7]) is (?P<c>blue|orange|grey) but no (?:blue|orange|grey) die is left$"),
     N_("{f} is {c}, but no {c} die is left")),
    (re.compile(r"^(?P<f>[a-k][1-7]) is already on one of your lines$"),
     N_("{f} is already on one of your lines")),
    (re.compile(r"^(?P<f>[a-k][1-7]) is already on this move$"),
     N_("{f} is already on this move")),
    (re.compile(r"^(?P<f>[a-k][1-7]) is not next to (?P<g>[a-k][1-7]).*$"),
     N_("{f} is not next to {g} (steps go up, down, left or right)")),
    (re.compile(r"^a line grows from its end \((?P<f>[a-k][1-7])\)$"),
     N_("A line grows from its end ({f})")),
    (re.compile(r"^that line is closed \(× on (?P<f>[a-k][1-7])\)$"),
     N_("That line is closed (× on {f})")),
    (re.compile(r"^the star step comes only after a move ends on a star$"),
     N_("The star step comes only after a move ends on a star")),
    (re.compile(r"^the star step is the last step of a move$"),
     N_("The star step is the last step of a move")),
    (re.compile(r"^at least one die keeps its colour \((?P<c>blue|orange|grey)\)$"),
     N_("At least one die keeps its colour ({c})")),
    (re.compile(r"^a move uses at most 4 dice$"), N_("A move uses at most 4 dice")),
]


def colour(c: str) -> str:
    """A colour name ('blue', or the letter 'b') in the current language."""
    return _(COLOUR_NAMES.get(c, c))


def explain(message: str) -> str:
    """The engine's `IllegalAction` message in the player's language."""
    for pattern, template in _FORMS:
        m = pattern.match(message)
        if m:
            params = m.groupdict()
            if "c" in params:
                params["c"] = colour(params["c"])
            return _(template).format(**params)
    return message[:1].upper() + message[1:] if message else message
