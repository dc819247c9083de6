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

* ``org.linebox.batch`` (timeline): ``{"v": 1, "items": [{"type":
  "org.linebox.action", "content": {...}}, ...]}``: several of the above, in
  order, in one event (fewer sends: a homeserver limits them per user). Each
  item is checked as if its sender had posted it alone.
* ``org.linebox.restore`` (timeline, host only): ``{"v": 1, "of":
  "$event", "type": "org.linebox.action", "content": {...}}``: the host's copy
  of a game event that was redacted, so a client reading the room later finds
  the record whole; checked as the original with the original's sender.

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
import inspect
import json
import re
from typing import Any, Mapping

from engine.games import game as registry_game

VERSION = 1
TABLE = "org.linebox.table"
ACTION = "org.linebox.action"
CHANCE = "org.linebox.chance"
BATCH = "org.linebox.batch"
RESTORE = "org.linebox.restore"
BOT = "bot"
BOT_LEVELS = ("easy", "normal", "hard")

# Caps far above any real event (an action text is under 40 characters, a
# Line-it remainder under 110 cards) and far below Matrix's 64 KiB limit.
MAX_CONTENT_BYTES = 4096
MAX_ACTION_TEXT = 200
MAX_SEQ = 100_000
MAX_OUTCOME = 128
_USER_ID = re.compile(r"^@[^\s:]{1,200}:[^\s]{1,200}$")

# The public integers a setup may add to a game's own options: who begins (drawn by the host
# when it makes the table) and a random sheet's seed (the layout is no secret, the rolls are).
PUBLIC_INTS = ("first_seat", "sheet_seed")


def game_options(game: str) -> dict[str, tuple[Any, ...] | type]:
    """The options a game takes online and their allowed values, from the engine's registry:
    each `Option` by its key (a per-seat option as a list under its keyword), plus the public
    integers its `new_game` takes. KeyError for a game the engine does not know."""
    info = registry_game(game)
    out: dict[str, tuple[Any, ...] | type] = {}
    for o in info.options:
        out[o.per_seat_keyword or o.key] = list if o.per_seat_keyword else tuple(o.allowed)
    takes = inspect.signature(info.new_game).parameters
    out.update({key: int for key in PUBLIC_INTS if key in takes})
    return out


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
        try:
            allowed = game_options(game) if isinstance(game, str) else None
        except KeyError:
            allowed = None
        if allowed is None or not isinstance(game, str):  # the second test only tells mypy game is a str
            raise ProtocolError(f"unknown game {str(game)[:20]!r}")
        seats_range = registry_game(game).seats
        players = _whole(c.get("players"), "players", seats_range.start, seats_range.stop - 1)
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
        for key, value in options.items():
            rule = allowed.get(key)
            if rule is None:
                raise ProtocolError(f"{game} has no option {str(key)[:30]!r}")
            if isinstance(rule, tuple) and value not in rule:
                raise ProtocolError(f"option {key} is {str(value)[:20]!r}, not one of {rule}")
            if isinstance(rule, type) and (isinstance(value, bool) or not isinstance(value, rule)):
                raise ProtocolError(f"option {key} is not a {rule.__name__}")
        for o in registry_game(game).options:
            values = options.get(o.per_seat_keyword) if o.per_seat_keyword else None
            if values is not None and (len(values) != players or any(
                    v not in o.allowed or isinstance(v, bool) for v in values)):
                raise ProtocolError(f"{o.per_seat_keyword} are {', '.join(map(str, o.allowed))}, one per seat")
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


# A batch stays well under MAX_CONTENT_BYTES, so a restore can carry it whole.
MAX_BATCH_BYTES = 3500
MAX_BATCH_ITEMS = 64
GAME_EVENTS = (ACTION, CHANCE, BATCH)


def parse_batch(content: Any) -> list[tuple[str, Any]]:
    """The (type, content) items of a batch, in order; each is parsed again as its own kind."""
    c = _content(content)
    items = c.get("items")
    if not isinstance(items, list) or not 0 < len(items) <= MAX_BATCH_ITEMS:
        raise ProtocolError(f"items is not a list of 1 to {MAX_BATCH_ITEMS} events")
    out = []
    for item in items:
        if not isinstance(item, Mapping) or item.get("type") not in (ACTION, CHANCE):
            raise ProtocolError("a batch item is not an action or a chance outcome")
        out.append((str(item["type"]), item.get("content")))
    return out


def batch_content(items: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    return {"v": VERSION, "items": [{"type": kind, "content": content} for kind, content in items]}


def batches(items: list[tuple[str, dict[str, Any]]]) -> list[tuple[str, dict[str, Any]]]:
    """`items` as few events as the size caps allow, in order: one alone keeps its own type.

    >>> a = {"v": 1, "seq": 0, "seat": 0, "action": "end"}
    >>> [kind for kind, _ in batches([(ACTION, a)])], [kind for kind, _ in batches([(ACTION, a)] * 3)]
    (['org.linebox.action'], ['org.linebox.batch'])
    """
    out: list[list[tuple[str, dict[str, Any]]]] = []
    for kind, content in items:
        last = out[-1] if out else None
        if (last is None or len(last) >= MAX_BATCH_ITEMS or kind not in (ACTION, CHANCE)
                or last[0][0] not in (ACTION, CHANCE)
                or len(json.dumps(batch_content(last + [(kind, content)]))) > MAX_BATCH_BYTES):
            out.append([(kind, content)])
        else:
            last.append((kind, content))
    return [group[0] if len(group) == 1 else (BATCH, batch_content(group)) for group in out]


@dataclasses.dataclass(frozen=True)
class RestoreMsg:
    of: str
    kind: str
    content: Mapping[str, Any]

    def to_content(self) -> dict[str, Any]:
        return {"v": VERSION, "of": self.of, "type": self.kind, "content": dict(self.content)}


def parse_restore(content: Any) -> RestoreMsg:
    c = _content(content)
    of, kind, inner = c.get("of"), c.get("type"), c.get("content")
    if not isinstance(of, str) or not 0 < len(of) <= 255:
        raise ProtocolError("of is not an event id")
    if kind not in GAME_EVENTS or not isinstance(inner, Mapping):
        raise ProtocolError("a restore carries a game event's type and content")
    return RestoreMsg(of, str(kind), dict(inner))
