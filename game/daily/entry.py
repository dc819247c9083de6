"""A leaderboard entry: a finished daily game posted with its record, and its check by every client.

An entry is one Matrix event of type `EVENT` in the day's room of the game:

    {"v": 1, "game": "linyo", "date": "2026-11-27", "score": 12, "name": "Ada",
     "file": {...the game's .linebox file (game.files.history): kind, record, seats...}}

Nobody's number is taken on trust: `verify` replays the record through the
rules from the day's own start (`game.daily.day.Daily.start`), so an entry is
refused (a `Verdict` with the reason, logged by the board, never listed) when

- it is not an object of this shape, or is over `MAX_BYTES` (malformed, oversized);
- its record has another seed or setup than the day's, or other seats (another game);
- its actions do not replay, or do not end the game, or its chance outcomes are not the seed's;
- the player's score in the replayed game is not the score it claims;
- it was posted before its moves could have been made: earlier than the day's start
  plus `MIN_MS_PER_MOVE` for each of the player's moves.

A second entry by the same sender is refused by `Board` (`rank`): one counted
attempt a day. Verdicts are cached by event id (`Verifier`), so a board read again,
or a new event, costs one replay for the new entries only.
"""
from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass
from typing import Any, Iterable

from engine.core import BadSave
from engine.core.record import read_record
from engine.games import game as game_info

from game.files import schema

from .day import Daily

log = logging.getLogger("linebox.daily")

EVENT = "org.linebox.daily"
VERSION = 1
MAX_BYTES = 48_000           # far above a real game (a Line-it daily is ~6 kB), under Matrix's 64 kB
MIN_MS_PER_MOVE = 500        # no person decides a move faster, all game long



class _Object(schema.Spec):
    """Any JSON object: what the replay checks needs no field-by-field pass first."""

    def check(self, value: Any, where: str = "") -> None:
        if not isinstance(value, dict):
            raise schema.Refused(f"{where}: not an object")


class _Unread(schema.Spec):
    """A field nothing reads (the file's date, result, variant): anything goes."""

    def check(self, value: Any, where: str = "") -> None:
        return None


def _content(record: schema.Spec) -> schema.Obj:
    file = schema.Obj(required={"kind": schema.one_of("linebox-game"), "record": record,
                                "seats": schema.ListOf(schema.SEAT, schema.MAX_SEATS, 1)},
                      extra=_Unread() if isinstance(record, _Object) else schema.Plain())
    return schema.Obj(required={"v": schema.Int(VERSION, VERSION), "game": schema.one_of(*schema.GAMES),
                                "date": schema.Text(10), "score": schema.SCORE, "name": schema.NAME, "file": file})


#: an entry's content as a file of ours keeps it (the outbox): every field checked
CONTENT = _content(schema.RECORD)
#: an entry's content as `verify` checks it before the replay (which checks the record itself,
#: action by action: a second pass over every action text cost as much as the replay)
POSTED = _content(_Object())


def make_content(daily: Daily, file: dict[str, Any]) -> dict[str, Any]:
    """The event content of a finished daily game (`file`: its `.linebox` file dict)."""
    state = game_info(daily.game).from_json(file["record"])
    name = schema.clean_name(str(file["seats"][0].get("name", ""))) or "?"
    return {"v": VERSION, "game": daily.game, "date": daily.date, "score": state.scores()[0], "name": name,
            "file": file}


@dataclass(frozen=True)
class Verdict:
    """What one event is worth: `ok` with the replayed score, or refused with the reason."""

    event_id: str
    sender: str
    ts: int
    ok: bool
    reason: str = ""
    score: float = 0
    name: str = ""
    moves: int = 0

    def refused(self, reason: str) -> "Verdict":
        return Verdict(self.event_id, self.sender, self.ts, False, reason, self.score, self.name, self.moves)


def _head(event: Any) -> tuple[str, str, int] | None:
    if not isinstance(event, dict):
        return None
    event_id, sender, ts = event.get("event_id"), event.get("sender"), event.get("origin_server_ts")
    if not (isinstance(event_id, str) and isinstance(sender, str) and isinstance(ts, int)) or isinstance(ts, bool):
        return None
    return event_id[:200], sender[:300], ts


def size_of(content: Any) -> int:
    """The content's size as JSON (what the homeserver stored, near enough)."""
    try:
        return len(json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass"))
    except (TypeError, ValueError, RecursionError):
        return MAX_BYTES + 1


def _seats_ok(daily: Daily, seats: list[dict[str, Any]]) -> bool:
    wanted = daily.bare_seats
    return len(seats) == len(wanted) and all(
        s.get("kind") == w["kind"] and (w["kind"] == "human" or s.get("level") == w["level"])
        for s, w in zip(seats, wanted))


def replay(daily: Daily, record: dict[str, Any]) -> tuple[Any, int]:
    """The finished game `record` reaches from the day's start and the player's moves in it;
    ValueError with the reason when it does not."""
    state = daily.start.clone()
    mine = 0
    for action in record["actions"]:
        if state.is_over:
            raise ValueError("its record goes on after the end of the game")
        mine += state.current_seat == 0
        try:
            state.apply(action)
        except (ValueError, TypeError, KeyError, IndexError, BadSave) as exc:   # IllegalAction is a ValueError
            raise ValueError(f"its record does not replay ({str(exc)[:80]})") from None
    if not state.is_over:
        raise ValueError("its game is not finished")
    if state.to_json()["chance"] != record["chance"]:
        raise ValueError("its record's chance outcomes are not the day's")
    return state, mine


def verify(daily: Daily, event: Any) -> Verdict:
    """The verdict on one room event (see the module text)."""
    head = _head(event)
    if head is None:
        return Verdict("?", "?", 0, False, "malformed event")
    base = Verdict(*head, ok=False)
    content = event.get("content")
    if size_of(content) > MAX_BYTES:
        return base.refused("oversized")
    try:
        POSTED.check(content, "content")
    except schema.Refused as exc:
        return base.refused(f"malformed ({str(exc)[:120]})")
    assert isinstance(content, dict)
    base = Verdict(*head, ok=False, score=content["score"], name=schema.clean_name(content["name"]))
    if content["game"] != daily.game or content["date"] != daily.date:
        return base.refused("another day or game")
    file = content["file"]
    try:
        record = read_record(file["record"], daily.game)
    except BadSave as exc:
        return base.refused(f"malformed record ({str(exc)[:80]})")
    if record.get("seed") != daily.seed:
        return base.refused("another seed")
    if record["setup"] != daily.setup or not _seats_ok(daily, file["seats"]):
        return base.refused("other options")
    try:
        state, mine = replay(daily, record)
    except (ValueError, RecursionError) as exc:
        return base.refused(str(exc))
    if state.scores()[0] != content["score"]:
        return base.refused(f"the score does not match its record ({state.scores()[0]})")
    earliest = daily.start_ms + mine * MIN_MS_PER_MOVE
    if head[2] < earliest:
        return base.refused(f"posted before its {mine} moves could have been made")
    return Verdict(*head, ok=True, score=state.scores()[0], name=base.name, moves=mine)


@dataclass(frozen=True)
class Row:
    rank: int
    verdict: Verdict


class Verifier:
    """Verdicts on a day's room events, each computed once (cached by event id)."""

    def __init__(self, daily: Daily) -> None:
        self.daily = daily
        self.verdicts: dict[str, Verdict] = {}
        self.order: list[str] = []          # event ids in the room's order
        self.files: dict[str, dict[str, Any]] = {}   # event id -> the .linebox file of a listed entry
        self.pending: list[dict[str, Any]] = []
        self._ranked: tuple[int, tuple[list[Row], list[Verdict]]] | None = None

    def add(self, events: Iterable[Any]) -> None:
        """Room events, in the room's order (others than entries are skipped); checked by `work`."""
        for event in events:
            if isinstance(event, dict) and event.get("type") == EVENT:
                self.pending.append(event)

    def work(self, budget: int | None = None, seconds: float | None = None) -> int:
        """Verify up to `budget` waiting events, for about `seconds` at most (None: no limit); how
        many are still waiting."""
        until = None if seconds is None else time.perf_counter() + seconds
        while self.pending and (budget is None or budget > 0) and (until is None or time.perf_counter() < until):
            event = self.pending.pop(0)
            head = _head(event)
            key = head[0] if head else f"?{len(self.order)}"
            if budget is not None:
                budget -= 1
            if key in self.verdicts:
                continue
            verdict = verify(self.daily, event)
            self.verdicts[key] = verdict
            self.order.append(key)
            if verdict.ok:
                self.files[key] = event["content"]["file"]
            else:
                log.info("daily %s %s: entry %s by %s refused: %s", self.daily.game, self.daily.date,
                         verdict.event_id, verdict.sender, verdict.reason)
        return len(self.pending)

    def board(self) -> tuple[list[Row], list[Verdict]]:
        """(the listed entries ranked, best first; every refused one, repeats included); ranked again
        only when a verdict came in (a screen asks every frame)."""
        if self._ranked is None or self._ranked[0] != len(self.order):
            self._ranked = (len(self.order), rank(self.daily.game, [self.verdicts[k] for k in self.order]))
        return self._ranked[1]


def rank(game: str, verdicts: list[Verdict]) -> tuple[list[Row], list[Verdict]]:
    """Rank the good verdicts (one per sender: the first in the room; a later one repeats a
    counted attempt and is refused); ties share a rank (1, 1, 3)."""
    listed: list[Verdict] = []
    refused: list[Verdict] = []
    senders: set[str] = set()
    for v in sorted(verdicts, key=lambda v: v.ts):       # stable: the room's order among equal times
        if not v.ok:
            refused.append(v)
        elif v.sender in senders:
            refused.append(v.refused("repeats a counted attempt"))
        else:
            senders.add(v.sender)
            listed.append(v)
    low = game_info(game).lower_is_better
    listed.sort(key=lambda v: (v.score if low else -v.score, v.ts))
    rows: list[Row] = []
    for i, v in enumerate(listed):
        same = rows and rows[-1].verdict.score == v.score
        rows.append(Row(rows[-1].rank if same else i + 1, v))
    return rows, refused
