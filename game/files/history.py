"""Every game kept: one `.linebox` file per game in `history/`, plus a fast index.

Files (in `game.files.paths.data_dir()`):

- `history/<id>.linebox` -- one game, the source of truth:

      {"version": 1, "kind": "linebox-game", "game": "lineit",
       "record": {...engine record, format 2...},
       "seats": [{"name": "Ada", "kind": "human", "level": null}, ...],
                 (a seat a person played from another window, online, is a "bot"
                  seat to the table with "remote": true)
       "result": {"scores": [34, 28], "winners": [0]} | null,
       "finished": true, "abandoned": false,
       "played_at": "2025-01-31T20:15:00", "variant": {"final_plays": 1},
       "seed": 7, "pinned": false,
       "daily": {"date": "2026-11-27", "game": "linyo"} | null,
       "branch": {"of": "<id of the game it came from> | null", "at": 12}}   (only a branch)

  "daily" says, as the table knew when the game was kept (its config's
  "daily"), which day's daily challenge or Linyo daily sheet the game was, of
  which game; null for a game that was none. Files written before Linebox
  kept it have no "daily": the replay viewer tells a daily by its seed there
  (`said_daily`, `game.replay.model.daily_date`). The engine's record is the
  same either way.

  A branch ("Play from here" in the replay viewer) is a new game with a
  seed of its own; `branch` names the game and the moment it came from, so
  the History shows it as a branch of that game, not as another game.

  A game that has a game id (the table's config "game_id") gets a file id
  ending in a tag made from that id and its record (`<time>-<game>-<12 hex>`),
  so recording the same game again (a kill after the history write, before
  the autosave was cleared, and Continue plays it to the same end) finds it
  instead of keeping it twice; a save played on to another end is another game.

- `history/index.json` -- the list rows of every file (no records), so the
  History screen opens without reading 10,000 files, and the files it could
  not use nor set aside ("skipped", with their size and time, so they are
  not read again at every load until they change).

The result, `finished` and the seats' count are never taken from a file on
trust: a game gets its row only after its record was replayed through the
rules (`replay`), and the scores and winners are the replayed game's. Rows
written by Linebox are trusted; a file the index does not know (copied in by
hand, or its row was lost) is read and replayed before it is listed, and one
that cannot be used is set aside as `<id>.linebox.bad` with a message for the
player. A damaged row is dropped (or, met on screen, rebuilt from its file)
and the index written again. So a lost index costs one replay per game
(about 2 ms each) once; a normal load reads the index and the folder's names.

An imported file is checked the same way: a hostile or broken file raises
`BadGameFile` with a short reason and nothing on disk changes (the screen
wraps the reason in a translated sentence). Every read goes through
`storage.read_bytes` (a regular file only, opened without blocking, size
capped) and `storage.parse` (finite numbers, bounded nesting, a UTF-8 BOM
allowed).

The tables call `record_game(game, state.to_json(), config["seats"],
game_id=config["game_id"], daily=config.get("daily"))` once when a game ends
(and with `abandoned=True` when an unfinished game is left for good); see
`record_game`.

    python -m game.dev.history_bench      # 10,000 games: index load + screen open
"""
from __future__ import annotations

import datetime as _dt
import hashlib
import json
import logging
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from . import schema, storage
from .storage import GAMES, write_json        # GAMES: the registry's games, in its order

log = logging.getLogger("linebox.history")

FILE_VERSION = 1
INDEX_VERSION = 1
KIND = "linebox-game"
SUFFIX = ".linebox"
KINDS = ("human", "bot")
LEVELS = ("easy", "normal", "hard")

# A real game file is a few kB (a 6-seat Line-it game has under 400 actions);
# anything near these limits is not a Linebox game, and reading no further keeps
# a hostile file from costing memory or time.
MAX_FILE_BYTES = 1_000_000
MAX_NAME = 40
MAX_SEATS = 6
MAX_INDEX_BYTES = 64_000_000
MAX_ID = 80             # a file id (ours are 27-35 characters)
MAX_DETAIL = 4_000      # a row's packed text (ours are under 400 characters)


class BadGameFile(Exception):
    """A game file Linebox will not use; `str(exc)` is a short reason."""


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str           # "human" | "bot"
    level: str | None   # "easy" | "normal" | "hard" for bots


@dataclass(frozen=True)
class Entry:
    """One row of the History list: what the index keeps of a game file."""

    id: str                         # file stem in history/
    game: str
    played_at: str                  # ISO local time, seconds
    pinned: bool
    seats: tuple[Seat, ...] = ()
    scores: tuple[int, ...] | None = None   # None: not finished
    winners: tuple[int, ...] = ()
    finished: bool = False
    abandoned: bool = False
    variant: tuple[tuple[str, Any], ...] = ()   # ("final_plays", 1) / ("sheet", "A"), ...
    seed: int | str | None = None
    branch: tuple[str | None, int] | None = None   # a branch: (the game it came from, the moment)
    daily: str | None = None        # the day ("YYYY-MM-DD") of the daily challenge the game was, as its file says

    def row(self) -> list:
        """The index row: the four fields the list sorts and filters by, the rest packed in one text.

        Packing keeps the index to five JSON values per game, so 10,000 games
        parse in a few tens of milliseconds; the text is unpacked only for the
        rows on screen (`Index.entry`).
        """
        detail: list[Any] = [[[s.name, s.kind, s.level] for s in self.seats],
                             None if self.scores is None else list(self.scores), list(self.winners),
                             self.finished, self.abandoned, dict(self.variant), self.seed]
        # only a branch's or a daily's row is longer: older rows stay as they were
        if self.branch is not None or self.daily is not None:
            detail.append(None if self.branch is None else list(self.branch))
        if self.daily is not None:
            detail.append(self.daily)
        return [self.id, self.game, self.played_at, self.pinned,
                json.dumps(detail, ensure_ascii=False, separators=(",", ":"))]


_ROW_SEAT = schema.ListOf(schema.Either((schema.Null(), schema.NAME)), 3, 3)   # [name, kind, level]
_ROW_SEATS = schema.ListOf(_ROW_SEAT, MAX_SEATS, 1)
_ROW_SCORES = schema.ListOf(schema.Int(-10**6, 10**6), MAX_SEATS, 1)
_ROW_WINNERS = schema.ListOf(schema.SEAT_INDEX, MAX_SEATS)
_ROW_VARIANT = schema.MapOf(schema.Plain(), 8)


def _entry_from_row(row: Sequence[Any]) -> Entry:
    """An Entry unpacked from an index row (already `_row_ok`); ValueError/TypeError for anything
    a screen could not show: the packed text is parsed strictly (finite numbers, bounded nesting)
    and every field checked."""
    file_id, game, played_at, pinned, detail = row
    fields = storage.parse(detail.encode("utf-8"))
    if not isinstance(fields, list) or len(fields) not in (7, 8, 9):
        raise ValueError("a row holds other fields than Linebox writes")
    seats, scores, winners, finished, abandoned, variant, seed = fields[:7]
    branch = _branch_pair(fields[7] if len(fields) >= 8 else None)
    daily = _row_daily(fields[8] if len(fields) == 9 else None)
    _ROW_SEATS.check(seats, "seats")
    if not all(isinstance(n, str) and k in KINDS and (lv is None or lv in LEVELS) for n, k, lv in seats):
        raise ValueError("a seat has no name, kind or level Linebox knows")
    if scores is not None:
        _ROW_SCORES.check(scores, "scores")
    _ROW_WINNERS.check(winners, "winners")
    if type(finished) is not bool or type(abandoned) is not bool:
        raise ValueError("finished/abandoned are not true/false")
    _ROW_VARIANT.check(variant, "variant")
    schema.SEED.check(seed, "seed")
    return Entry(file_id, game, played_at, pinned,
                 tuple(Seat(n, k, lv) for n, k, lv in seats),
                 None if scores is None else tuple(scores), tuple(winners), finished, abandoned,
                 _variant_items(variant), seed, branch, daily)


def _row_daily(raw: Any) -> str | None:
    """A row's daily (a day's ISO date) or None; ValueError for anything else."""
    if raw is None:
        return None
    from .days import parse_date
    day = parse_date(raw) if isinstance(raw, str) else None
    if day is None or day.isoformat() != raw:
        raise ValueError("a row's daily is not a day")
    return raw


def _branch_pair(raw: Any) -> tuple[str | None, int] | None:
    """A row's branch ([of, at]) as a pair; ValueError for anything else."""
    if raw is None:
        return None
    if not (isinstance(raw, list) and len(raw) == 2 and (raw[0] is None or _id_ok(raw[0]))
            and type(raw[1]) is int and 0 <= raw[1] <= schema.MAX_ACTIONS):
        raise ValueError("a row's branch is not a game and a moment")
    return raw[0], raw[1]


def _branch(raw: Any) -> dict[str, Any] | None:
    """A config's or a file's "branch", checked (a broken one is dropped: the game is kept without it)."""
    try:
        schema.BRANCH.check(raw, "branch")
    except ValueError:
        return None
    of = raw.get("of")
    return {"of": of if _id_ok(of) else None, "at": int(raw["at"])}


def _variant_items(variant: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """A variant dict as sorted immutable pairs (lists become tuples)."""
    return tuple(sorted((str(k), tuple(v) if isinstance(v, list) else v) for k, v in variant.items()))


def _id_ok(file_id: Any) -> bool:
    # isprintable (C speed: every row and file name at each load) refuses control characters and surrogates
    return (type(file_id) is str and 0 < len(file_id) <= MAX_ID and not file_id.startswith(".")
            and "/" not in file_id and "\\" not in file_id and file_id.isprintable())


def _row_ok(row: Any) -> bool:
    """A row's cheap checks (every row, at each load); the packed text is checked when unpacked."""
    return (type(row) is list and len(row) == 5 and _id_ok(row[0]) and row[1] in GAMES
            and type(row[2]) is str and len(row[2]) <= 32 and type(row[3]) is bool
            and type(row[4]) is str and len(row[4]) <= MAX_DETAIL)


class Index:
    """Every kept game, newest first: index rows, unpacked into `Entry` when asked for.

    `skipped`: file id -> [size, mtime_ns] of files that could be neither used
    nor set aside; they are read again only once they change.
    """

    def __init__(self, rows: list[list], skipped: dict[str, list[int]] | None = None) -> None:
        self.rows = rows
        self.skipped = skipped or {}
        self.dropped = False            # damaged rows were left out when it was read
        self._entries: dict[str, Entry] = {}

    def __len__(self) -> int:
        return len(self.rows)

    def ids(self) -> set[str]:
        return {r[0] for r in self.rows}

    def select(self, game: str | None = None, pinned_only: bool = False) -> list[int]:
        """Positions of the rows of `game` (None: all), only pinned ones if asked."""
        return [i for i, r in enumerate(self.rows)
                if (game is None or r[1] == game) and (not pinned_only or r[3])]

    def entry(self, i: int) -> Entry:
        """Row `i` unpacked; a damaged row is rebuilt from its game file (and the index written
        again), or shown bare when the file cannot be used either (it is set aside)."""
        row = self.rows[i]
        found = self._entries.get(row[0])
        if found is None:
            try:
                found = _entry_from_row(row)
            except (ValueError, TypeError):
                found = self._repair(i)
            self._entries[row[0]] = found
        return found

    def _repair(self, i: int) -> Entry:
        row = self.rows[i]
        log.warning("history: the index row of %s was damaged; it is read from its file", row[0])
        try:
            found = _entry(row[0], _checked(read_file(_game_path(row[0]))))
        except BadGameFile as exc:
            _set_aside(row[0], str(exc))
            return Entry(row[0], row[1], row[2], row[3])
        self.rows[i] = found.row()
        try:
            _write_index(list(self.rows), self.skipped)
        except (OSError, ValueError) as exc:
            log.warning("history: the index could not be written: %s", exc)
        return found


# ---------------------------------------------------------------- the rules

def _game_module(name: str) -> Any:
    """The engine's description of game `name` (its `new_game`, `from_json`): the one place that finds it.

    Raises BadGameFile for an unknown game.
    """
    if name not in GAMES:
        raise BadGameFile(f"unknown game {str(name)[:20]!r}")
    from engine.games import game as game_info
    return game_info(name)


def replay(game: str, record: Any) -> Any:
    """The game state `record` reaches, replayed through the rules; BadGameFile if it cannot."""
    from engine.core import BadSave
    try:
        return _game_module(game).from_json(record)
    except BadSave as exc:
        raise BadGameFile(str(exc)) from None
    except (ValueError, TypeError, KeyError, IndexError, RecursionError, OverflowError) as exc:
        raise BadGameFile(f"the record cannot be replayed ({type(exc).__name__})") from None


def _variant(game: str, setup: Mapping[str, Any]) -> dict[str, Any]:
    """What the list shows of a game's setup (the game's own choice: `GameUI.variant`)."""
    from game.shell.frontends import frontend
    return frontend(game).variant(setup)


def _seats(raw: Any, players: int) -> list[dict[str, Any]]:
    """Seats checked and cleaned to the stored shape; BadGameFile for anything else.

    Names are made valid NAMEs (`schema.clean_name`: no control characters or
    lone surrogates, at most 40 characters): a name from a hand-made file goes
    on into autosaves and statistics when a game is played from here.
    """
    if not isinstance(raw, (list, tuple)) or len(raw) != players:
        raise BadGameFile(f"the game has {players} seats but names {len(raw) if isinstance(raw, list) else 'no'} players")
    out = []
    for seat in raw:
        if not isinstance(seat, Mapping):
            raise BadGameFile("a seat is not described")
        name, kind, level = seat.get("name"), seat.get("kind"), seat.get("level")
        if not isinstance(name, str) or kind not in KINDS or (level is not None and level not in LEVELS):
            raise BadGameFile("a seat has no name, kind or level Linebox knows")
        kept = {"name": schema.clean_name(name, MAX_NAME), "kind": kind, "level": level if kind == "bot" else None}
        if kind == "bot" and seat.get("remote") is True:
            kept["remote"] = True       # a person at another window (online): the room played the seat
        out.append(kept)
    return out


def _now() -> str:
    return _dt.datetime.now().isoformat(timespec="seconds")


class _Unsaid:
    """Whether a game was a daily is not known (a file from before Linebox kept it)."""


UNSAID: Any = _Unsaid()


def said_daily(game: str, data: Mapping[str, Any]) -> tuple[bool, str | None]:
    """What a game file's "daily" says: (True, "YYYY-MM-DD") for that day's daily challenge or
    sheet, (True, None) for a game that was none, (False, None) when it says nothing usable.

    Nothing usable: no "daily" (a file from before Linebox kept it), or a value that is not a
    real day of this game whose seed is the file's (a hand-made or damaged file: the day's seed
    is the day's alone, `game.files.days.seed_for`, so a true "daily" always matches). The
    seed decides then (`game.replay.model.daily_date`); a file is never refused for it.
    """
    if "daily" not in data:
        return False, None
    said = data["daily"]
    if said is None:
        return True, None
    from .days import parse_date, seed_for
    day = parse_date(said.get("date")) if isinstance(said, Mapping) else None
    seed = data.get("seed")
    if (day is None or game not in GAMES or said.get("game") != game or type(seed) is not int
            or seed != seed_for(game, day)):
        log.info("history: a %s file's \"daily\" is not a day of its game (%.60r); its seed decides", game, said)
        return False, None
    return True, day.isoformat()


def build_file(game: str, record: Any, seats: Any, *, abandoned: bool = False,
               played_at: str | None = None, pinned: bool = False, branch: Any = None,
               daily: Any = UNSAID) -> dict:
    """A checked game-file dict: the record replayed, the result taken from the replay.

    `daily`: the date of the daily challenge or sheet the game was (the table's config
    "daily"), None for a game that was none; UNSAID writes no "daily" (the seed decides).
    """
    state = replay(game, record)
    rec = state.to_json()
    finished = bool(state.is_over)
    result = {"scores": list(state.scores()), "winners": list(state.winners())} if finished else None
    data = {"version": FILE_VERSION, "kind": KIND, "game": game, "record": rec,
            "seats": _seats(seats, len(state.scores())), "result": result,
            "finished": finished, "abandoned": bool(abandoned) and not finished,
            "played_at": played_at if _is_time(played_at) else _now(),
            "variant": _variant(game, rec["setup"]), "seed": rec["seed"], "pinned": bool(pinned)}
    if daily is not UNSAID:
        known, date = said_daily(game, {"seed": rec["seed"], "daily": None if daily is None
                                        else {"date": daily, "game": game}})
        if known:       # a date that is not the seed's day is not written: the seed decides
            data["daily"] = None if date is None else {"date": date, "game": game}
    kept = _branch(branch) if branch is not None else None
    if kept is not None and kept["at"] <= len(rec.get("actions", ())):
        data["branch"] = kept
    return data


def _is_time(value: Any) -> bool:
    if not isinstance(value, str) or len(value) > 32:
        return False
    try:
        _dt.datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _entry(file_id: str, data: Mapping[str, Any]) -> Entry:
    """The list row of a checked game file (`build_file` / `_checked`: its result is the replay's)."""
    result = data.get("result")
    seats = tuple(Seat(str(s["name"]), str(s["kind"]), s.get("level")) for s in data["seats"])
    return Entry(file_id, data["game"], str(data["played_at"]), bool(data.get("pinned", False)), seats,
                 None if result is None else tuple(int(x) for x in result["scores"]),
                 () if result is None else tuple(int(x) for x in result["winners"]),
                 bool(data["finished"]), bool(data["abandoned"]),
                 _variant_items(data["variant"]), data.get("seed"),
                 None if data.get("branch") is None else (data["branch"]["of"], data["branch"]["at"]),
                 said_daily(data["game"], data)[1])


# ---------------------------------------------------------------- files

def folder() -> Path:
    return storage.history_dir()


def index_path() -> Path:
    return folder() / "index.json"


def _game_path(file_id: str) -> Path:
    if not _id_ok(file_id):
        raise ValueError(f"not a history id: {file_id[:MAX_ID]!r}")
    return folder() / (file_id + SUFFIX)


def _tag(game_id: str, record: Mapping[str, Any]) -> str:
    """The end of the file id of the game with this game id and record (12 hex digits)."""
    text = game_id + "\n" + json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def _new_id(game: str, played_at: str, tag: str | None = None) -> str:
    stamp = played_at.replace("-", "").replace(":", "").replace("T", "-")[:15]
    return f"{stamp}-{game}-{secrets.token_hex(3) if tag is None else tag}"


def read_file(path: Path) -> dict:
    """The JSON object of a `.linebox` file, read safely; BadGameFile for anything unusable.

    Only the envelope is checked here; `build_file` replays the record.
    """
    try:
        raw = storage.read_bytes(path, MAX_FILE_BYTES)
    except storage.Unusable as exc:
        raise BadGameFile(exc.reason) from None
    except OSError as exc:
        raise BadGameFile(f"the file cannot be opened ({exc.strerror or exc})") from None
    try:
        data = storage.parse(raw)
    except ValueError:
        raise BadGameFile("it is damaged or not JSON") from None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise BadGameFile("it is not a Linebox game file")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BadGameFile("it has no format version")
    if version > FILE_VERSION:
        raise BadGameFile(f"it was written by a newer Linebox (version {version})")
    if data.get("game") not in GAMES:
        raise BadGameFile(f"unknown game {str(data.get('game'))[:20]!r}")
    if not isinstance(data.get("record"), dict):
        raise BadGameFile("it holds no game record")
    return data


def _checked(data: Mapping[str, Any]) -> dict:
    """A file dict rebuilt from `data` through the rules (keeps its date, pin and daily)."""
    known, daily = said_daily(data["game"], data)
    return build_file(data["game"], data["record"], data.get("seats"),
                      abandoned=data.get("abandoned") is True, played_at=data.get("played_at"),
                      pinned=data.get("pinned") is True, branch=data.get("branch"),
                      daily=daily if known else UNSAID)


def _set_aside(file_id: str, reason: str) -> bool:
    """Move an unusable game file out of the list (`<id>.linebox.bad`, the player is told); False
    if it could not be moved."""
    path = _game_path(file_id)
    log.warning("history: %s%s is not usable: %s", file_id, SUFFIX, reason)
    return storage.set_aside(path, reason) != path


# ---------------------------------------------------------------- index

def _write_index(rows: list[list], skipped: Mapping[str, list[int]] | None = None) -> None:
    rows.sort(key=_newest_first)
    write_json(index_path(), {"version": INDEX_VERSION, "kind": "linebox-history-index", "rows": rows,
                              "skipped": [[k, *v] for k, v in sorted((skipped or {}).items())]})


def _newest_first(row: Sequence[Any]) -> tuple[str, str]:
    return (_invert(row[2]), row[0])


def _invert(s: str) -> str:
    # ISO times sort as text; inverting each character sorts newest first with one key.
    return "".join(chr(0xFFFF - ord(c)) if ord(c) < 0xFFFF else c for c in s)


def _stored_ids() -> set[str]:
    try:
        names = os.listdir(folder())
    except OSError:
        return set()
    return {n[:-len(SUFFIX)] for n in names if n.endswith(SUFFIX) and _id_ok(n[:-len(SUFFIX)])}


def _signature(file_id: str) -> list[int] | None:
    """Size and modification time of a game file: a skipped file is read again once they change."""
    try:
        st = os.lstat(_game_path(file_id))
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


def _read_index() -> Index | None:
    """The index as written, its damaged rows left out; None when it is missing or unusable.

    Read like every file (`storage.read_bytes`: a FIFO or a link to a device is
    refused without blocking). An index that is not a regular file is moved
    aside quietly (it holds nothing the game files do not), so it can be
    written again.
    """
    path = index_path()
    try:
        data = storage.parse(storage.read_bytes(path, MAX_INDEX_BYTES))
    except storage.Unusable as exc:
        log.warning("history: the index is not usable (%s); it is rebuilt", exc.reason)
        if os.path.lexists(path):
            try:
                storage.move_aside(path)
            except OSError as err:
                log.warning("history: the index cannot be moved aside: %s", err)
        return None
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("version") != INDEX_VERSION or not isinstance(data.get("rows"), list):
        return None
    rows, seen = [], set()
    for r in data["rows"]:
        if _row_ok(r) and r[0] not in seen:
            seen.add(r[0])
            rows.append(r)
    skipped = {}
    listed = data.get("skipped")
    for s in listed if isinstance(listed, list) else ():
        if type(s) is list and len(s) == 3 and _id_ok(s[0]) and all(type(v) is int for v in s[1:]):
            skipped[s[0]] = s[1:]
    index = Index(rows, skipped)
    index.dropped = len(rows) != len(data["rows"])
    return index


def _refresh(index: Index | None) -> Index:
    """`index` made to list exactly the usable files of the folder, and written again if it changed.

    Rows of files that are gone and damaged rows are dropped; a file the index
    does not know is read and replayed (`_checked`) before it gets a row, and
    set aside when it cannot be used (remembered as skipped if it cannot be moved).
    """
    stored = _stored_ids()
    changed = index is None or index.dropped
    old = index or Index([])
    rows = [r for r in old.rows if r[0] in stored]
    skipped = {k: v for k, v in old.skipped.items() if k in stored}
    changed = changed or len(rows) != len(old.rows) or len(skipped) != len(old.skipped)
    known = {r[0] for r in rows}
    for file_id in sorted(stored - known):
        sig = _signature(file_id)
        if sig is not None and skipped.get(file_id) == sig:
            continue
        changed = True
        try:
            rows.append(_entry(file_id, _checked(read_file(_game_path(file_id)))).row())
            skipped.pop(file_id, None)
        except BadGameFile as exc:
            if _set_aside(file_id, str(exc)):
                skipped.pop(file_id, None)
            elif sig is not None:
                skipped[file_id] = sig
    if changed:
        try:
            _write_index(rows, skipped)
        except (OSError, ValueError) as exc:
            log.warning("history: the index could not be written: %s", exc)
            rows.sort(key=_newest_first)
    return Index(rows, skipped)


def rebuild_index() -> Index:
    """Read and replay every game file and write a fresh index (the index was lost)."""
    return _refresh(None)


def load() -> Index:
    """Every kept game, newest first (the index; brought up to date with the folder)."""
    return _refresh(_read_index())


def _change_rows(change: Callable[[list[list]], list[list]]) -> None:
    index = load()
    _write_index(change(index.rows), index.skipped)


# ---------------------------------------------------------------- public actions

def _store(data: dict, tag: str | None = None, index: Index | None = None) -> Entry:
    """Write a checked game file and add its row to the index."""
    index = load() if index is None else index
    file_id = _new_id(data["game"], data["played_at"], tag)
    write_json(_game_path(file_id), data)
    entry = _entry(file_id, data)
    _write_index(index.rows + [entry.row()], index.skipped)
    return entry


def _kept(index: Index, game: str, tag: str) -> Entry | None:
    """The entry of the game with this tag (game id and record), if the history has it already."""
    end = f"-{game}-{tag}"
    for i, row in enumerate(index.rows):
        if row[0].endswith(end):
            return index.entry(i)
    return None


def record_game(game: str, record: Mapping[str, Any], seats: Sequence[Mapping[str, Any]],
                abandoned: bool = False, game_id: str | None = None, branch: Any = None,
                daily: Any = UNSAID) -> Entry | None:
    """Keep one game in the history; the tables call this once per game.

    - at the end of a game: `record_game(game, state.to_json(), config["seats"],
      game_id=config.get("game_id"), daily=config.get("daily"))` (next to
      `stats.record_result`; the demo with `--exit-at-end` too, before `app.quit()`);
    - when an unfinished game is given up for good (a new game replaces its
      autosave, or "quit without saving"): the same with `abandoned=True`.

    The result is the replayed game's. A game kept already with the same
    `game_id` and record is not kept again (its entry is returned). Never
    raises: the history must not break the end of a game; a failure is logged
    and None returned.
    """
    try:
        data = build_file(game, dict(record), seats, abandoned=abandoned, branch=branch, daily=daily)
        index = load()
        tag = None
        if isinstance(game_id, str) and game_id:
            tag = _tag(game_id, data["record"])
            found = _kept(index, game, tag)
            if found is not None:
                return found
        return _store(data, tag, index)
    except Exception as exc:  # noqa: BLE001 -- whatever a file holds, the end of a game goes on
        log.warning("history: the %s game was not kept: %s", game, exc)
        return None


def game_file(file_id: str) -> dict:
    """The full game file of a history entry (for the replay viewer); BadGameFile if unusable."""
    return read_file(_game_path(file_id))


def delete(file_id: str) -> None:
    """Remove one game (its file and its row)."""
    try:
        _game_path(file_id).unlink()
    except FileNotFoundError:
        pass
    _change_rows(lambda rows: [r for r in rows if r[0] != file_id])


def set_pinned(file_id: str, pinned: bool) -> Entry:
    """Pin or unpin a game; the file keeps it (so a rebuilt index keeps it too)."""
    path = _game_path(file_id)
    data = read_file(path)
    data["pinned"] = bool(pinned)
    write_json(path, data)
    changed = _entry(file_id, _checked(data))
    _change_rows(lambda rows: [changed.row() if r[0] == file_id else r for r in rows])
    return changed


def export_game(file_id: str, dest: Path) -> Path:
    """Write the game `file_id` to `dest` (a `.linebox` file anywhere), atomically."""
    data = game_file(file_id)
    dest = Path(dest)
    if dest.suffix != SUFFIX:
        dest = dest.with_name(dest.name + SUFFIX)
    write_json(dest, {**data, "pinned": False})
    return dest


def import_game(path: Path) -> Entry:
    """Check a `.linebox` file by replaying it and add it to the history.

    Raises BadGameFile (nothing on disk changed) for anything Linebox will not use.
    """
    return _store(_checked(read_file(Path(path))))
