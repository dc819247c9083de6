"""Declarative checks of what the player's files hold, field by field.

A file that passes its wrapper checks (JSON object, version) can still hold
values that break a screen later: a count that is a string, `1e400`, a
missing field, a 10 MB name, a NUL character. Each file therefore has a
schema built from the specs below, and `storage.read_json` refuses (sets
aside) a file whose content does not match it. Every string has a length cap
and may not hold control characters, so no text from disk can reach font
rendering unchecked; every number is finite and inside a range; every list
and map has a size cap; nesting is bounded.

    COUNT = Int(0, 10**9)
    Obj({"games": COUNT}).check({"games": "12"})   # raises Refused("games: ...")

Fields an `Obj` does not name are allowed (files written by a later Linebox,
or a table's own additions) but must still be `Plain`: bounded JSON.
"""
from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.games import names

#: the deepest nesting `Plain` accepts (real files need 3)
MAX_DEPTH = 12


class Refused(ValueError):
    """A value does not match its spec; the message names where."""


def _fail(where: str, what: str) -> None:
    raise Refused(f"{where or 'file'}: {what}")


def clean_text(value: str) -> bool:
    """True when `value` has no control characters and no lone surrogates."""
    return not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in value)


class Spec:
    """A check of one JSON value; `check` raises Refused."""

    def check(self, value: Any, where: str = "") -> None:
        raise NotImplementedError


@dataclass(frozen=True)
class Int(Spec):
    lo: int
    hi: int

    def check(self, value: Any, where: str = "") -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            _fail(where, "not a whole number")
        if not self.lo <= value <= self.hi:
            _fail(where, "out of range")


@dataclass(frozen=True)
class Num(Spec):
    lo: float
    hi: float

    def check(self, value: Any, where: str = "") -> None:
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            _fail(where, "not a number")
        if isinstance(value, float) and not math.isfinite(value):
            _fail(where, "not a finite number")
        if not self.lo <= value <= self.hi:
            _fail(where, "out of range")


@dataclass(frozen=True)
class Bool(Spec):
    def check(self, value: Any, where: str = "") -> None:
        if not isinstance(value, bool):
            _fail(where, "not true/false")


@dataclass(frozen=True)
class Null(Spec):
    def check(self, value: Any, where: str = "") -> None:
        if value is not None:
            _fail(where, "not null")


@dataclass(frozen=True)
class Text(Spec):
    """A string of at most `max_len` characters, without control characters."""

    max_len: int
    choices: tuple[str, ...] | None = None

    def check(self, value: Any, where: str = "") -> None:
        if not isinstance(value, str):
            _fail(where, "not a text")
        if len(value) > self.max_len:
            _fail(where, f"longer than {self.max_len} characters")
        if self.choices is not None and value not in self.choices:
            _fail(where, "not one of the known values")
        if not clean_text(value):
            _fail(where, "holds control characters")


@dataclass(frozen=True)
class Either(Spec):
    options: tuple[Spec, ...]

    def check(self, value: Any, where: str = "") -> None:
        for spec in self.options:
            try:
                spec.check(value, where)
                return
            except Refused:
                continue
        _fail(where, "has the wrong type")


@dataclass(frozen=True)
class ListOf(Spec):
    item: Spec
    max_len: int
    min_len: int = 0

    def check(self, value: Any, where: str = "") -> None:
        if not isinstance(value, list):
            _fail(where, "not a list")
        if not self.min_len <= len(value) <= self.max_len:
            _fail(where, "has the wrong number of entries")
        for i, v in enumerate(value):
            self.item.check(v, f"{where}[{i}]")


@dataclass(frozen=True)
class MapOf(Spec):
    """An object with free keys (each a short text) and values of one spec."""

    value: Spec
    max_len: int
    key: Spec = Text(40)

    def check(self, value: Any, where: str = "") -> None:
        if not isinstance(value, dict):
            _fail(where, "not an object")
        if len(value) > self.max_len:
            _fail(where, "has too many entries")
        for k, v in value.items():
            self.key.check(k, f"{where}.<key>")
            self.value.check(v, f"{where}.{k}")


@dataclass(frozen=True)
class Plain(Spec):
    """Any JSON value that stays small: short clean strings, finite numbers, bounded depth."""

    max_len: int = 80
    max_items: int = 1000

    def check(self, value: Any, where: str = "", depth: int = 0) -> None:
        if depth > MAX_DEPTH:
            _fail(where, "nested too deeply")
        if value is None or isinstance(value, bool):
            return
        if isinstance(value, (int, float)):
            Num(-1e18, 1e18).check(value, where)
        elif isinstance(value, str):
            Text(self.max_len).check(value, where)
        elif isinstance(value, list):
            if len(value) > self.max_items:
                _fail(where, "has too many entries")
            for i, v in enumerate(value):
                self.check(v, f"{where}[{i}]", depth + 1)
        elif isinstance(value, dict):
            if len(value) > self.max_items:
                _fail(where, "has too many entries")
            for k, v in value.items():
                Text(self.max_len).check(k, f"{where}.<key>")
                self.check(v, f"{where}.{k}", depth + 1)
        else:
            _fail(where, "is not JSON")


@dataclass(frozen=True)
class Obj(Spec):
    """An object with named fields; fields it does not name must be `Plain`."""

    required: Mapping[str, Spec] = field(default_factory=dict)
    optional: Mapping[str, Spec] = field(default_factory=dict)
    extra: Spec = Plain()

    def check(self, value: Any, where: str = "") -> None:
        if not isinstance(value, dict):
            _fail(where, "not an object")
        for name in self.required:
            if name not in value:
                _fail(f"{where}.{name}".lstrip("."), "missing")
        for name, v in value.items():
            if not isinstance(name, str):
                _fail(where, "has a key that is not a text")
            spec = self.required.get(name) or self.optional.get(name) or self.extra
            spec.check(v, f"{where}.{name}".lstrip("."))


def maybe(spec: Spec) -> Spec:
    """`spec` or null."""
    return Either((Null(), spec))


def one_of(*choices: str) -> Text:
    return Text(max(len(c) for c in choices), tuple(choices))


# ---------------------------------------------------------------- shared pieces of Linebox files

GAMES = names()        # the registry's games, in its order (no game's rules loaded)
LEVELS = ("easy", "normal", "hard")
MAX_SEATS = 6
NAME = Text(40)                               # seat and save names (the setup allows 20)
ACTION = Text(200)                            # action texts (engine.core.record allows 200)
DATE = Text(32)                               # ISO dates and times
COUNT = Int(0, 10**9)
SCORE = Num(-10**6, 10**6)
SEED = Either((Null(), Int(-(2**63), 2**63), Text(40)))
SEAT_INDEX = Int(0, MAX_SEATS - 1)
GAME_ID = Text(40)                            # a game's id (config "game_id") and a history entry's id



def clean_name(value: str, max_len: int = NAME.max_len) -> str:
    """`value` made a valid NAME: tabs and line breaks become spaces, other control characters
    and lone surrogates go, spaces at the ends too, cut to `max_len` characters.

    A name read from a game file may hold anything; written back into an autosave or the
    statistics it must pass NAME, or the next start sets that file aside.

    >>> clean_name(" Ada\\x00\\tLovelace\\ud800 ")
    'Ada Lovelace'
    """
    head = value[:max_len * 4 + 16]          # a 10 MB name costs no more than a long one
    text = "".join(" " if ch in "\t\n\r" else ch for ch in head if ch in "\t\n\r" or clean_text(ch))
    return text.strip()[:max_len].strip()


SEAT = Obj(required={"name": NAME, "kind": one_of("human", "bot")},
           optional={"level": maybe(one_of(*LEVELS)), "difficulty": Int(1, 9)})

MAX_ACTIONS = 20_000                          # engine.core.record.MAX_ACTIONS
#: "Play from here": the game a new one branched from (its history id, None for a file) and the moment
BRANCH = Obj(required={"at": Int(0, MAX_ACTIONS)}, optional={"of": maybe(GAME_ID)})

#: a setup config (tables.py documents it): in saves and in settings' last_setup
CONFIG = Obj(required={"seats": ListOf(SEAT, MAX_SEATS, 1)},
             optional={"game": one_of(*GAMES), "first_seat": maybe(SEAT_INDEX), "seed": SEED,
                       "final_plays": Int(1, 2), "sheet": one_of("A", "B", "random", "daily"),
                       "daily": DATE, "bot_seeds": ListOf(Int(0, 2**63), MAX_SEATS),
                       "game_id": GAME_ID, "branch": BRANCH})
CHANCE = Obj(required={"at": Int(0, MAX_ACTIONS), "kind": Text(20), "outcome": ListOf(Text(8), 200)})

# Saves: storage checks the type, range, length and characters of every field
# present; whether the game is complete and legal is the table's and the
# engine's check (BadSave -> storage.set_aside), so fields are optional here.

#: engine.core.record(...) in format 1 (no "chance") or 2
RECORD = Obj(optional={"format": Int(1, 99), "game": one_of(*GAMES), "setup": Plain(),
                       "actions": ListOf(ACTION, MAX_ACTIONS), "seed": SEED,
                       "chance": ListOf(CHANCE, MAX_ACTIONS)})

#: what the tables store (see game/lineit_table/model.py and game/linyo_table/model.py)
PAYLOAD = Obj(optional={"config": CONFIG, "record": RECORD, "undo_from": maybe(Int(0, MAX_ACTIONS))})

SAVE = Obj(required={"kind": one_of("save"), "game": one_of(*GAMES), "payload": PAYLOAD},
           optional={"name": NAME, "saved_at": DATE})
