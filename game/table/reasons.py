"""A bot's reason in words, at both tables: the worker's template and parameters, translated.

The engine's bots give a reason as a template key and its parameters
(`engine/bots/reasons.py`); each game dresses its own parameters (a card's or a
die's name); a template with a singular is said in the plural its count `n` asks for.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from engine.bots.reasons import SINGULAR, TEMPLATES
from game.i18n import _, ngettext

#: a template's singular, by the template (the plural) itself
SINGULAR_OF: dict[str, str] = {TEMPLATES[key]: one for key, one in SINGULAR.items()}


def reason_text(hint: Mapping[str, Any], dress: Callable[[dict[str, Any]], None] = lambda params: None) -> str:
    """`hint`'s reason in the current language; its English words if the template does not fit.

    >>> reason_text({"template": "takes {card}", "params": {"card": "57"}})
    'takes 57'
    >>> reason_text({"template": "{n} cards", "singular": "{n} card", "params": {"n": 1}})
    '1 card'
    >>> reason_text({"template": "{missing}", "reason": "as said"})
    'as said'
    """
    template = str(hint.get("template") or hint.get("reason") or "")
    params = dict(hint.get("params") or {})
    dress(params)
    # a hint made before hints carried their singular (a cached review) finds it by its template
    singular = str(hint.get("singular") or SINGULAR_OF.get(template, ""))
    try:
        if singular and isinstance(params.get("n"), int):
            return ngettext(singular, template, params["n"]).format(**params)
        return _(template).format(**params)
    except (KeyError, IndexError, ValueError):
        return str(hint.get("reason", ""))
