"""Errors the engine raises at its public edge."""
from __future__ import annotations

from typing import Any, Iterator, Mapping


class IllegalAction(ValueError):
    """An action the rules refuse, text that is not an action, or an impossible chance outcome.

    ``str(exc)`` is the English sentence for a player and for logs
    ("ascending line: play above 57"). Screens never parse it: they translate
    the stable ``code`` ("line.not_ascending") with its ``params``
    ({"above": 57}) through their catalogues. Each game lists every code it
    can raise, with its English template, in one place (its ``refusals.py``).
    Raising it never changes the state.

    >>> e = IllegalAction("ascending line: play above 57", "line.not_ascending", {"above": 57})
    >>> (str(e), e.code, e.params)
    ('ascending line: play above 57', 'line.not_ascending', {'above': 57})
    """

    def __init__(self, message: str, code: str = "action.illegal",
                 params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = dict(params or {})

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params, "message": str(self)}

    @property
    def refusal(self) -> "Refusal":
        return Refusal(str(self), self.code, self.params)


class Refusal(str):
    """A refusal as `why_illegal` returns it: the English text (so the old
    contract, a plain sentence, holds) that also carries ``code`` and ``params``.

    >>> r = IllegalAction("take a market card first", "turn.not_taken").refusal
    >>> (r == "take a market card first", r.code, r.params)
    (True, 'turn.not_taken', {})
    """

    code: str
    params: dict[str, Any]

    def __new__(cls, text: str, code: str, params: Mapping[str, Any] | None = None) -> "Refusal":
        self = super().__new__(cls, text)
        self.code = code
        self.params = dict(params or {})
        return self


class BadSave(ValueError):
    """A save, record or setup that cannot be read; the message says why."""


class Refusals:
    """One game's catalogue of refusal codes and their English templates.

    ``refuse(code, **params)`` builds the `IllegalAction`; the templates are
    the only place the English sentences are written.

    >>> R = Refusals({"hand.full": "your hand is full ({limit} cards)"})
    >>> e = R.refuse("hand.full", limit=2)
    >>> (str(e), e.code, e.params)
    ('your hand is full (2 cards)', 'hand.full', {'limit': 2})
    """

    __slots__ = ("templates",)

    def __init__(self, templates: Mapping[str, str]) -> None:
        self.templates: dict[str, str] = dict(templates)

    def refuse(self, code: str, **params: Any) -> IllegalAction:
        return IllegalAction(self.templates[code].format(**params), code, params)

    def __contains__(self, code: object) -> bool:
        return code in self.templates

    def __iter__(self) -> Iterator[str]:
        return iter(self.templates)
