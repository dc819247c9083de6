"""Every game kept: one `.linebox` file per game in `history/`, plus a fast index.

Files (in `game.paths.data_dir()`):

- `history/<id>.linebox` -- one game, the source of truth:

      {"version": 1, "kind": "linebox-game", "game": "lineit",
       "record": {...engine record, format 2...},
       "seats": [{"name": "Ada", "kind": "human", "level": null}, ...],
                 (a seat a person played from another window, online, is a "bot"
                  seat to the table with "remote": true)
       "result": {"scores": [34, 28], "winners": [0]} | null,
       "finished": true, "abandoned": false,
       "played_at": "2025-01-31T20:15:00", "variant": {"final_plays": 1},
       "seed": 7, "pinned": false}

- `history/index.json` -- the list rows of every file (no records), so the
  History screen opens without reading 10,000 files. It is rebuilt from the
  folder when it is missing, unreadable, or names other files than the folder
  holds (a file copied in or deleted by hand).

The result, `finished` and the seats' count are never taken from a file on
trust: a game enters the history only after its record was replayed through
the rules (`replay`), and the scores and winners are the replayed game's.
That is also how an imported file is checked: a hostile or broken file raises
`BadGameFile` with a short English reason and nothing on disk changes (the
screen wraps the reason in a translated sentence).

The tables call `record_game(game, state.to_json(), config["seats"])` once
when a game ends (and with `abandoned=True` when an unfinished game is left
for good); see `record_game`.

    python -m game.history_bench      # 10,000 games: index load + screen open
"""
from __future__ import annotations

import datetime as _dt
import importlib
import json
import logging
import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from .paths import data_dir
from .storage import write_json

log = logging.getLogger("linebox.history")

FILE_VERSION = 1
INDEX_VERSION = 1
KIND = "linebox-game"
SUFFIX = ".linebox"
GAMES = ("lineit", "linyo")
KINDS = ("human", "bot")
LEVELS = ("easy", "normal", "hard")

# A real game file is a few kB (a 6-seat Line-it game has under 400 actions);
# anything near these limits is not a Linebox game, and reading no further keeps
# a hostile file from costing memory or time.
MAX_FILE_BYTES = 1_000_000
MAX_NAME = 40
MAX_SEATS = 6
MAX_INDEX_BYTES = 64_000_000


class BadGameFile(Exception):
    """A game file Linebox will not use; `str(exc)` is a short English reason."""


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

    def row(self) -> list:
        """The index row: the four fields the list sorts and filters by, the rest packed in one text.

        Packing keeps the index to five JSON values per game, so 10,000 games
        parse in a few tens of milliseconds; the text is unpacked only for the
        rows on screen (`Index.entry`).
        """
        detail = [[[s.name, s.kind, s.level] for s in self.seats],
                  None if self.scores is None else list(self.scores), list(self.winners),
                  self.finished, self.abandoned, dict(self.variant), self.seed]
        return [self.id, self.game, self.played_at, self.pinned,
                json.dumps(detail, ensure_ascii=False, separators=(",", ":"))]


def _entry_from_row(row: Sequence[Any]) -> Entry:
    """An Entry unpacked from an index row; ValueError/TypeError/KeyError for a wrong shape."""
    file_id, game, played_at, pinned, detail = row
    seats, scores, winners, finished, abandoned, variant, seed = json.loads(detail)
    return Entry(file_id, game, played_at, bool(pinned),
                 tuple(Seat(str(n), str(k), None if lv is None else str(lv)) for n, k, lv in seats),
                 None if scores is None else tuple(int(x) for x in scores),
                 tuple(int(x) for x in winners), bool(finished), bool(abandoned),
                 _variant_items(variant), seed)


def _variant_items(variant: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """A variant dict as sorted immutable pairs (lists become tuples)."""
    return tuple(sorted((str(k), tuple(v) if isinstance(v, list) else v) for k, v in variant.items()))


def _row_ok(row: Any) -> bool:
    return (type(row) is list and len(row) == 5 and type(row[0]) is str and row[1] in GAMES
            and type(row[2]) is str and type(row[3]) is bool and type(row[4]) is str)


class Index:
    """Every kept game, newest first: index rows, unpacked into `Entry` when asked for."""

    def __init__(self, rows: list[list]) -> None:
        self.rows = rows
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
        """Row `i` unpacked; a damaged row is read from its game file, or shown bare."""
        row = self.rows[i]
        found = self._entries.get(row[0])
        if found is None:
            try:
                found = _entry_from_row(row)
            except (ValueError, TypeError, KeyError, AttributeError):
                try:
                    found = _entry(row[0], read_file(_game_path(row[0])))
                except (BadGameFile, ValueError, TypeError, KeyError):
                    found = Entry(row[0], row[1], row[2], row[3])
            self._entries[row[0]] = found
        return found


# ---------------------------------------------------------------- the rules

def _game_module(name: str) -> Any:
    """The engine's description of game `name` (its `new_game`, `from_json`): the one place that finds it.

    The registry (`engine.games`, issue 15) is used once it works; until then
    the game packages themselves. Raises BadGameFile for an unknown game.
    """
    if name not in GAMES:
        raise BadGameFile(f"unknown game {str(name)[:20]!r}")
    global _registry_broken
    if not _registry_broken:
        try:
            importlib.import_module("engine.games")   # registers every game
            from engine.core import registry
            return registry.game(name)
        except Exception as exc:  # noqa: BLE001 -- the registry is built in parallel; the packages still work
            _registry_broken = True
            log.warning("history: the game registry is not usable (%s); using the game packages", exc)
    return importlib.import_module(f"engine.{name}")


_registry_broken = False


def replay(game: str, record: Any) -> Any:
    """The game state `record` reaches, replayed through the rules; BadGameFile if it cannot."""
    from engine.core import BadSave
    try:
        return _game_module(game).from_json(record)
    except BadSave as exc:
        raise BadGameFile(str(exc)) from None
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as exc:
        raise BadGameFile(f"the record cannot be replayed ({type(exc).__name__})") from None


def _variant(game: str, setup: Mapping[str, Any]) -> dict[str, Any]:
    """What the list shows of a game's setup: Line-it final plays; Linyo sheet and difficulties."""
    if game == "lineit":
        return {"final_plays": setup.get("final_plays", 1)}
    sheet = setup.get("sheet", "A")
    return {"sheet": sheet if sheet in ("A", "B", "random") else "custom",
            "difficulties": list(setup.get("difficulties", []))}


def _seats(raw: Any, players: int) -> list[dict[str, Any]]:
    """Seats checked and trimmed to the stored shape; BadGameFile for anything else."""
    if not isinstance(raw, (list, tuple)) or len(raw) != players:
        raise BadGameFile(f"the game has {players} seats but names {len(raw) if isinstance(raw, list) else 'no'} players")
    out = []
    for seat in raw:
        if not isinstance(seat, Mapping):
            raise BadGameFile("a seat is not described")
        name, kind, level = seat.get("name"), seat.get("kind"), seat.get("level")
        if not isinstance(name, str) or kind not in KINDS or (level is not None and level not in LEVELS):
            raise BadGameFile("a seat has no name, kind or level Linebox knows")
        kept = {"name": name.strip()[:MAX_NAME], "kind": kind, "level": level if kind == "bot" else None}
        if kind == "bot" and seat.get("remote") is True:
            kept["remote"] = True       # a person at another window (online): the room played the seat
        out.append(kept)
    return out


def _now() -> str:
    return _dt.datetime.now().isoformat(timespec="seconds")


def build_file(game: str, record: Any, seats: Any, *, abandoned: bool = False,
               played_at: str | None = None, pinned: bool = False) -> dict:
    """A checked game-file dict: the record replayed, the result taken from the replay."""
    state = replay(game, record)
    rec = state.to_json()
    finished = bool(state.is_over)
    result = {"scores": list(state.scores()), "winners": list(state.winners())} if finished else None
    return {"version": FILE_VERSION, "kind": KIND, "game": game, "record": rec,
            "seats": _seats(seats, len(state.scores())), "result": result,
            "finished": finished, "abandoned": bool(abandoned) and not finished,
            "played_at": played_at if _is_time(played_at) else _now(),
            "variant": _variant(game, rec["setup"]), "seed": rec["seed"], "pinned": bool(pinned)}


def _is_time(value: Any) -> bool:
    if not isinstance(value, str) or len(value) > 32:
        return False
    try:
        _dt.datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _entry(file_id: str, data: Mapping[str, Any]) -> Entry:
    """The list row of a game file (already checked by `read_file`/`build_file`)."""
    result = data.get("result")
    seats = tuple(Seat(str(s["name"]), str(s["kind"]), s.get("level")) for s in data["seats"])
    return Entry(file_id, data["game"], str(data["played_at"]), bool(data.get("pinned", False)), seats,
                 None if result is None else tuple(int(x) for x in result["scores"]),
                 () if result is None else tuple(int(x) for x in result["winners"]),
                 bool(data["finished"]), bool(data["abandoned"]),
                 _variant_items(data["variant"]), data.get("seed"))


# ---------------------------------------------------------------- files

def folder() -> Path:
    return data_dir() / "history"


def index_path() -> Path:
    return folder() / "index.json"


def _game_path(file_id: str) -> Path:
    if not file_id or "/" in file_id or "\\" in file_id or file_id.startswith("."):
        raise ValueError(f"not a history id: {file_id!r}")
    return folder() / (file_id + SUFFIX)


def _new_id(game: str, played_at: str) -> str:
    stamp = played_at.replace("-", "").replace(":", "").replace("T", "-")[:15]
    return f"{stamp}-{game}-{secrets.token_hex(3)}"


def read_file(path: Path) -> dict:
    """The JSON object of a `.linebox` file, size-capped; BadGameFile for anything unusable.

    Only the envelope is checked here; `build_file` replays the record.
    """
    try:
        st = os.stat(path)
    except OSError as exc:
        raise BadGameFile(f"the file cannot be opened ({exc.strerror or exc})") from None
    if not stat.S_ISREG(st.st_mode):
        raise BadGameFile("it is not a regular file")
    if st.st_size > MAX_FILE_BYTES:
        raise BadGameFile(f"it is too large for a game ({st.st_size // 1000} kB)")
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise BadGameFile(f"the file cannot be read ({exc.strerror or exc})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise BadGameFile("it is too large for a game")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadGameFile("it is not text") from None
    except RecursionError:
        raise BadGameFile("it is nested too deeply") from None
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
    """A file dict rebuilt from `data` through the rules (keeps its date and pin)."""
    return build_file(data["game"], data["record"], data.get("seats"),
                      abandoned=bool(data.get("abandoned", False)), played_at=data.get("played_at"),
                      pinned=bool(data.get("pinned", False)))


# ---------------------------------------------------------------- index

def _write_index(rows: list[list]) -> None:
    rows.sort(key=_newest_first)
    write_json(index_path(), {"version": INDEX_VERSION, "kind": "linebox-history-index", "rows": rows})


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
    return {n[:-len(SUFFIX)] for n in names if n.endswith(SUFFIX)}


def _read_index() -> Index | None:
    """The index as written, or None when it is missing, too big or damaged."""
    try:
        path = index_path()
        if path.stat().st_size > MAX_INDEX_BYTES:
            return None
        data = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("version") != INDEX_VERSION or not isinstance(data.get("rows"), list):
        return None
    rows = data["rows"]
    if not all(_row_ok(r) for r in rows):
        return None
    return Index(rows)


def rebuild_index() -> Index:
    """Read every game file (envelope only, no replay) and write a fresh index.

    A file that cannot be used stays where it is, unlisted, and is logged (only a
    damaged disk or a hand edit makes one: imports go through `import_game`).
    """
    rows = []
    for file_id in _stored_ids():
        try:
            rows.append(_entry(file_id, read_file(_game_path(file_id))).row())
        except (BadGameFile, ValueError, TypeError, KeyError, AttributeError) as exc:
            log.warning("history: %s%s left out of the index: %s", file_id, SUFFIX, exc)
    try:
        _write_index(rows)
    except OSError as exc:
        log.warning("history: the index could not be written: %s", exc)
    return Index(rows)


def load() -> Index:
    """Every kept game, newest first (the index; rebuilt when missing, damaged or stale)."""
    index = _read_index()
    if index is None or index.ids() != _stored_ids():
        return rebuild_index()
    return index


def _change_rows(change: Callable[[list[list]], list[list]]) -> None:
    _write_index(change(load().rows))


# ---------------------------------------------------------------- public actions

def _store(data: dict) -> Entry:
    """Write a checked game file and add its row to the index."""
    index = load()
    file_id = _new_id(data["game"], data["played_at"])
    write_json(_game_path(file_id), data)
    entry = _entry(file_id, data)
    _write_index(index.rows + [entry.row()])
    return entry


def record_game(game: str, record: Mapping[str, Any], seats: Sequence[Mapping[str, Any]],
                abandoned: bool = False) -> Entry | None:
    """Keep one game in the history; the tables call this once per game.

    - at the end of a game: `record_game(game, state.to_json(), config["seats"])`
      (next to `stats.record_result`; the demo with `--exit-at-end` too, before
      `app.quit()`);
    - when an unfinished game is given up for good (a new game replaces its
      autosave, or "quit without saving"): the same with `abandoned=True`.

    The result is the replayed game's. Never raises: the history must not break
    the end of a game; a failure is logged and None returned.
    """
    try:
        return _store(build_file(game, dict(record), seats, abandoned=abandoned))
    except (BadGameFile, OSError, ValueError, TypeError) as exc:
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
    changed = _entry(file_id, data)
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
