"""The Linebox event schema on Matrix, and the checks every incoming event passes.

Pure data and validation: no network, no pygame. A table is a Matrix room:

* ``org.linebox.table`` (room state, state key ""): the setup, written by the
  host. ``{"v": 1, "game": "lineit", "players": 3, "options": {...},
  "seats": ["@ann:example.org", "bot", "@bo:example.org"], "host":
  "@ann:example.org", "bot_level": "normal"}``
* ``org.linebox.action`` (timeline): ``{"v": 1, "seq": 12, "seat": 2,
  "action": "take 17 line"}``. ``seq`` = the number of player actions the
  engine applied before this one, so every client applies them in one order.
* ``org.linebox.chance`` (timeline, host only): ``{"v": 1, "seq": 3, "at":
  12, "kind": "deal", "outcome": ["17", "B4", "60"]}``. ``seq`` = the index of
  the outcome in the game's chance list; ``at`` = actions applied before it
  (the engine's `ChanceOutcome`).

Every parser raises `ProtocolError` with a plain reason; callers log it and
ignore the event (a hostile or broken event never changes a table).

>>> setup = TableSetup("lineit", 2, {"final_plays": 1}, ("@a:x.org", "bot"), "@a:x.org")
>>> TableSetup.from_content(setup.to_content()) == setup
True
>>> parse_action({"v": 1, "seq": 0, "seat": 1, "action": "take 17 line"})
ActionMsg(seq=0, seat=1, action='take 17 line')
>>> try:
...     parse_action({"v": 1, "seq": -1, "seat": 1, "action": "end"})
... except ProtocolError as exc:
...     print(exc)
seq is not a whole number from 0 to 100000
"""
from __future__ import annotations

import dataclasses
import json
import re
from typing import Any, Mapping

VERSION = 1
TABLE = "org.linebox.table"
ACTION = "org.linebox.action"
CHANCE = "org.linebox.chance"
BOT = "bot"
BOT_LEVELS = ("easy", "normal", "hard")

# Caps far above any real event (an action text is under 40 characters, a
# Line-it remainder under 110 cards) and far below Matrix's 64 KiB limit.
MAX_CONTENT_BYTES = 4096
MAX_ACTION_TEXT = 200
MAX_SEQ = 100_000
MAX_OUTCOME = 128
_USER_ID = re.compile(r"^@[^\s:]{1,200}:[^\s]{1,200}$")

# The options each game takes online, and their allowed values. A random
# Linyo sheet names its public sheet_seed: the layout is no secret, the rolls are.
OPTIONS: dict[str, dict[str, tuple[Any, ...] | type]] = {
    "lineit": {"final_plays": (1, 2), "first_seat": int},
    "linyo": {"sheet": ("A", "B", "random"), "sheet_seed": int, "difficulties": list, "first_seat": int},
}
SEATS = {"lineit": (2, 6), "linyo": (1, 6)}


class ProtocolError(ValueError):
    """An event that is not what the schema says; the message says why."""


def _whole(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ProtocolError(f"{name} is not a whole number from {low} to {high}")
    return value


def _content(content: Any) -> Mapping[str, Any]:
    if not isinstance(content, Mapping):
        raise ProtocolError("the content is not a JSON object")
    try:
        size = len(json.dumps(content, separators=(",", ":"), ensure_ascii=False).encode())
    except (TypeError, ValueError):
        raise ProtocolError("the content is not JSON") from None
    if size > MAX_CONTENT_BYTES:
        raise ProtocolError(f"the content is {size} bytes (at most {MAX_CONTENT_BYTES})")
    if content.get("v") != VERSION:
        raise ProtocolError(f"format version {content.get('v')!r} is not {VERSION}")
    return content


@dataclasses.dataclass(frozen=True)
class TableSetup:
    """What a table is: game, options, who sits where (a Matrix user id or "bot"), who hosts."""

    game: str
    players: int
    options: Mapping[str, Any]
    seats: tuple[str, ...]
    host: str
    bot_level: str = "normal"

    def seat_of(self, user_id: str) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == user_id]

    def may_play(self, user_id: str, seat: int) -> bool:
        """A human seat is played by its user; a bot seat by the host."""
        holder = self.seats[seat]
        return holder == user_id or (holder == BOT and user_id == self.host)

    def to_content(self) -> dict[str, Any]:
        return {"v": VERSION, "game": self.game, "players": self.players, "options": dict(self.options),
                "seats": list(self.seats), "host": self.host, "bot_level": self.bot_level}

    @classmethod
    def from_content(cls, content: Any) -> "TableSetup":
        c = _content(content)
        game = c.get("game")
        if game not in OPTIONS:
            raise ProtocolError(f"unknown game {game!r}")
        low, high = SEATS[game]
        players = _whole(c.get("players"), "players", low, high)
        seats = c.get("seats")
        if not isinstance(seats, list) or len(seats) != players:
            raise ProtocolError(f"seats is not a list of {players} entries")
        for s in seats:
            if not isinstance(s, str) or not (s == BOT or _USER_ID.match(s)):
                raise ProtocolError(f"seat {str(s)[:60]!r} is neither a Matrix user id nor {BOT!r}")
        host = c.get("host")
        if not isinstance(host, str) or not _USER_ID.match(host):
            raise ProtocolError("host is not a Matrix user id")
        level = c.get("bot_level", "normal")
        if level not in BOT_LEVELS:
            raise ProtocolError(f"bot_level {str(level)[:20]!r} is not one of {', '.join(BOT_LEVELS)}")
        options = c.get("options", {})
        if not isinstance(options, Mapping):
            raise ProtocolError("options is not a JSON object")
        allowed = OPTIONS[game]
        for key, value in options.items():
            rule = allowed.get(key)
            if rule is None:
                raise ProtocolError(f"{game} has no option {str(key)[:30]!r}")
            if isinstance(rule, tuple) and value not in rule:
                raise ProtocolError(f"option {key} is {str(value)[:20]!r}, not one of {rule}")
            if isinstance(rule, type) and (isinstance(value, bool) or not isinstance(value, rule)):
                raise ProtocolError(f"option {key} is not a {rule.__name__}")
        if "difficulties" in options and (len(options["difficulties"]) != players or any(
                d not in (2, 3, 4) or isinstance(d, bool) for d in options["difficulties"])):
            raise ProtocolError("difficulties are 2, 3 or 4, one per seat")
        if "first_seat" in options and not 0 <= options["first_seat"] < players:
            raise ProtocolError("first_seat is not a seat")
        return cls(game, players, dict(options), tuple(seats), host, level)


@dataclasses.dataclass(frozen=True)
class ActionMsg:
    seq: int
    seat: int
    action: str

    def to_content(self) -> dict[str, Any]:
        return {"v": VERSION, "seq": self.seq, "seat": self.seat, "action": self.action}


@dataclasses.dataclass(frozen=True)
class ChanceMsg:
    seq: int
    at: int
    kind: str
    outcome: tuple[str, ...]

    def to_content(self) -> dict[str, Any]:
        return {"v": VERSION, "seq": self.seq, "at": self.at, "kind": self.kind, "outcome": list(self.outcome)}


def parse_action(content: Any) -> ActionMsg:
    c = _content(content)
    seq = _whole(c.get("seq"), "seq", 0, MAX_SEQ)
    seat = _whole(c.get("seat"), "seat", 0, 5)
    text = c.get("action")
    if not isinstance(text, str) or not 0 < len(text) <= MAX_ACTION_TEXT or not text.isprintable():
        raise ProtocolError("action is not a short line of text")
    return ActionMsg(seq, seat, text)


def parse_chance(content: Any) -> ChanceMsg:
    c = _content(content)
    seq = _whole(c.get("seq"), "seq", 0, MAX_SEQ)
    at = _whole(c.get("at"), "at", 0, MAX_SEQ)
    kind = c.get("kind")
    if not isinstance(kind, str) or not 0 < len(kind) <= 20:
        raise ProtocolError("kind is not a short text")
    outcome = c.get("outcome")
    if (not isinstance(outcome, list) or len(outcome) > MAX_OUTCOME
            or not all(isinstance(t, str) and 0 < len(t) <= 8 for t in outcome)):
        raise ProtocolError(f"outcome is not a list of at most {MAX_OUTCOME} short texts")
    return ChanceMsg(seq, at, kind, tuple(outcome))
