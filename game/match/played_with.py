"""What a game was played with: hints shown and played, moves taken back, practice or counted.

`Tally` listens to a match's facts and keeps the figures in the table's setup
config under "played_with", so every autosave carries them across a kill and
the finished game's record keeps them (`game.history` writes them into the
`.linebox` file; the daily's leaderboard entry, a challenge's result, the
statistics and the achievements read them from there or from the config):

    "played_with": {"hints": 2, "hint_moves": 1, "undos": 3, "counted": true}

- hints       hints shown to a person here (`HintShown`);
- hint_moves  moves that were the hint's (`Applied` with `By.HINT`);
- undos       times a person here took moves back (`Undone`);
- counted     written when the game is kept: it counted in the statistics and
              was not a daily's practice attempt.

A file or a save from before Linebox kept this has no "played_with": what it
was played with is unknown, and it is read as played without help
(`PlayedWith.read` gives None, `helped` is False for it).

>>> config = {}
>>> tally = Tally(config)
>>> from game.match.facts import Applied, By, HintShown, Undone
>>> for fact in (HintShown(0), Applied("x", (), By.HINT, 0), Applied("y", (), By.PERSON, 0), Undone(0, 3, 5)):
...     tally(fact)
>>> config["played_with"]
{'hints': 1, 'hint_moves': 1, 'undos': 1}
>>> PlayedWith.read(config).helped, PlayedWith.read({}) is None
(True, True)
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any, Mapping

from game.i18n import _, ngettext

from .facts import Applied, Fact, HintShown, Undone

KEY = "played_with"
MAX = 10**6          # a figure above this is no game's: a hand-made file is cut to it


@dataclass(frozen=True)
class PlayedWith:
    """The figures of one game (see the module text)."""

    hints: int = 0
    hint_moves: int = 0
    undos: int = 0
    counted: bool | None = None      # None: not known yet (the game is not kept yet)

    @property
    def helped(self) -> bool:
        """A hint was shown or played: the game was played "with hints"."""
        return self.hints > 0 or self.hint_moves > 0

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        if self.counted is None:
            del out["counted"]
        return out

    @classmethod
    def read(cls, holder: Mapping[str, Any]) -> "PlayedWith | None":
        """The figures a config or a game file keeps; None when it keeps none (an older file) or
        keeps something else (a hand-made one: what it was played with is unknown)."""
        raw = holder.get(KEY) if isinstance(holder, Mapping) else None
        if not isinstance(raw, Mapping):
            return None
        figures = {}
        for name in ("hints", "hint_moves", "undos"):
            value = raw.get(name, 0)
            if type(value) is not int or value < 0:
                return None
            figures[name] = min(value, MAX)
        counted = raw.get("counted")
        return cls(**figures, counted=counted if type(counted) is bool else None)


def helped(holder: Mapping[str, Any]) -> bool:
    """The config or file says its game was played with hints (unknown: no)."""
    found = PlayedWith.read(holder)
    return found is not None and found.helped


class Tally:
    """A listener: counts the facts that say how a game is played into `config["played_with"]`."""

    def __init__(self, config: dict[str, Any]) -> None:
        self.config = config

    def __call__(self, fact: Fact) -> None:
        now = PlayedWith.read(self.config) or PlayedWith()
        if isinstance(fact, HintShown):
            now = replace(now, hints=min(MAX, now.hints + 1))
        elif isinstance(fact, Applied) and fact.by.helped:
            now = replace(now, hint_moves=min(MAX, now.hint_moves + 1))
        elif isinstance(fact, Undone):
            now = replace(now, undos=min(MAX, now.undos + 1))
        else:
            return
        self.config[KEY] = now.to_json()


# ---------------------------------------------------------------- in words, where a game is judged

def with_hints(played: PlayedWith) -> str:
    """The mark of a game played with hints, "with 2 hints" ("" for one played without)."""
    n = max(played.hints, played.hint_moves)
    return ngettext("with {n} hint", "with {n} hints", n).format(n=n) if played.helped else ""


def said(played: PlayedWith | None) -> str:
    """What a game was played with, in a few words for a row ("" for nothing to say, or unknown):
    hints, undos, not counted (a daily's practice, a game no one played here)."""
    if played is None:
        return ""
    parts = [with_hints(played)] if played.helped else []
    if played.undos:
        parts.append(ngettext("{n} undo", "{n} undos", played.undos).format(n=played.undos))
    if played.counted is False:
        parts.append(_("not counted"))
    return " · ".join(parts)
