"""A bot's reason in words, at both tables: the worker's template and parameters, translated.

The engine's bots give a reason as a template key and its parameters
(`engine/bots/reasons.py`); each game dresses its own parameters (a card's or a
die's name) and may give templates whose count asks for a plural.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from game.shell.i18n import _


def reason_text(hint: Mapping[str, Any], dress: Callable[[dict[str, Any]], None] = lambda params: None,
                plurals: Mapping[str, Callable[[int], str]] | None = None) -> str:
    """`hint`'s reason in the current language; its English words if the template does not fit.

    >>> reason_text({"template": "takes {card}", "params": {"card": "57"}})
    'takes 57'
    >>> reason_text({"template": "{missing}", "reason": "as said"})
    'as said'
    """
    template = str(hint.get("template") or hint.get("reason") or "")
    params = dict(hint.get("params") or {})
    dress(params)
    try:
        plural = (plurals or {}).get(template)
        if plural is not None and isinstance(params.get("n"), int):
            return plural(params["n"]).format(**params)
        return _(template).format(**params)
    except (KeyError, IndexError, ValueError):
        return str(hint.get("reason", ""))
