"""The player's files: JSON with a format version, written atomically.

Every file Linebox writes goes through `write_json()` (temporary file
`<name>.<pid>.<random>.tmp` in the same folder, flushed and fsynced, then
`os.replace`), so a crash mid-write leaves the old file intact; temp files
left by a killed run are removed by `remove_stale_temp_files()` at the next
start (`at_start()`). Every file it reads goes through `read_json()`:

- only a regular file is opened (a FIFO, a directory or a link to a device
  is refused without blocking), and at most `limit` bytes are read;
- a UTF-8 byte-order mark is accepted; NaN, Infinity and numbers too large
  for a float are not; deep nesting is refused, never a crash;
- the content is checked field by field against a `game.files.schema` spec (type,
  range, length, characters), so nothing that passes can break a screen later.

A file that cannot be used is renamed to `<name>.bad` (numbered if one
exists) by `set_aside()`, a message in plain words is queued in `problems`,
and the caller gets `None` and goes on with defaults. A file that cannot even
be opened (permissions) is set aside too; if it cannot be moved, Linebox
refuses to write over it for the rest of the session. Nothing is ever pickled.

Files (see `game.files.paths` for the folders), with the most `read_json` reads:

- `settings.json`                 -- `game.files.settings`   (1 MB; real ones are ~1 KB)
- `statistics.json`               -- `game.files.stats`      (4 MB; 200 results ~100 KB)
- `autosave-<game>.json`          -- one autosave per game (`lineit`, `linyo`)
- `saves/<slug>.json`             -- named saves       (8 MB each: the engine's cap
                                     of 20,000 actions of up to 200 characters)
- `history/`                      -- `game.files.history` reads its files with `read_bytes`
                                     and `parse` (it has its own reasons and caps)
- `matrix_account.json` (config)  -- `game.online.account` (`read_object`, 64 kB,
                                     `private`: made owner-only if others can read it)

A save file is an envelope around the table's own payload:

    {"version": 1, "kind": "save", "game": "lineit", "name": "Friday",
     "saved_at": "2025-01-31T20:15:00", "payload": {...}}

The payload is whatever the table scene wrote (the engine record plus the
setup config); storage checks every field it holds against `schema.SAVE`.
The table validates the game when it loads and raises `engine.core.BadSave`
if it cannot use it; the caller then calls `set_aside(path, reason)` so that
Continue does not offer the same refused game again.
"""
from __future__ import annotations

import datetime as _dt
import errno
import json
import logging
import os
import re
import stat
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from engine.games import names

from . import schema
from game.shell.i18n import _
from .paths import config_dir, data_dir

log = logging.getLogger("linebox.storage")

SAVE_VERSION = 1
GAMES = names()  # the registry's games, in its order (their rules are not loaded for this)

MB = 1 << 20
SAVE_LIMIT = 8 * MB
SETTINGS_LIMIT = 1 * MB
STATS_LIMIT = 4 * MB

# Plain-words messages about files that were set aside; the App shows each once.
problems: list[str] = []

# Files that could not be opened nor moved: never written over in this session.
_kept: set[str] = set()
# Files already reported this session (unopenable, or failing to be written).
_reported: set[tuple[str, str]] = set()

# Our temp files: "<name>.json.<pid>.<random>.tmp" (older versions: no pid), and the same for
# the history's "<id>.linebox" files.
_TMP = re.compile(r"^.+\.(?:json|linebox)\.(?:(?P<pid>\d+)\.)?[a-z0-9_]+\.tmp$")
STALE_SECONDS = 60          # a temp file without a living writer older than this is stale
ORPHAN_SECONDS = 3600       # ... and any temp file older than this (the writer's pid was reused)


class Unusable(Exception):
    """A user file that cannot be used; `reason` is in plain words for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _key(path: Path) -> str:
    return os.path.abspath(path)


def write_json(path: Path, data: Any) -> None:
    """Write `data` as JSON to `path` atomically (temp file + os.replace).

    Raises OSError (nothing changed on disk) when it cannot, and
    PermissionError for a file that could not be opened nor set aside at load,
    so a file Linebox could not read is never replaced by a new one.
    """
    if _key(path) in _kept:
        raise PermissionError(errno.EACCES, "an unreadable file is kept at this path", str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True, allow_nan=False)
    fd, tmp = tempfile.mkstemp(prefix=f"{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def store(path: Path, data: Any, what: str) -> bool:
    """`write_json`, but a failure is reported to the player instead of raised.

    The message is queued once (until a write to `path` succeeds again) and
    logged as one line, so a full disk neither floods the log nor the screen.
    """
    try:
        write_json(path, data)
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        if (_key(path), "write") not in _reported:
            _reported.add((_key(path), "write"))
            log.warning("cannot write %s: %s", path, reason)
            problems.append(_("{what} could not be saved ({reason}). Linebox goes on, "
                              "but the change is not kept.").format(what=what, reason=reason))
        return False
    _reported.discard((_key(path), "write"))
    return True


def describe(path: Path) -> str:
    """How the player calls the file at `path` (“Your settings file”, ...)."""
    if path.suffix == ".linebox":
        return _("The game “{name}” of your history").format(name=path.stem[:40])
    if path.name == "settings.json":
        return _("Your settings file")
    if path.name == "statistics.json":
        return _("Your statistics file")
    if path.name.startswith("autosave-"):
        return _("The autosave")
    return _("The saved game “{name}”").format(name=path.stem[:40])


def set_aside(path: Path, reason: str, what: str | None = None) -> Path:
    """Rename an unusable file to `*.bad` and queue a message for the player.

    Tables call this (through `game.shell.tables`) for a save the engine refused,
    e.g. `set_aside(autosave_path(game), str(exc))`. Returns the new path, or
    `path` itself if it could not be moved (then Linebox never writes over it).
    """
    what = what or describe(path)
    try:
        bad = move_aside(path)
    except FileNotFoundError:
        return path
    except OSError as exc:
        _kept.add(_key(path))
        log.warning("cannot set %s aside: %s", path, exc)
        if (_key(path), "open") in _reported:
            return path
        _reported.add((_key(path), "open"))
        problems.append(_("{what} could not be read ({reason}) nor moved aside, so Linebox started "
                          "without it and will not write over it.").format(what=what, reason=reason))
        return path
    _kept.discard(_key(path))
    problems.append(
        _("{what} could not be read ({reason}), so Linebox started without it. "
          "The old file was kept as {file}.").format(what=what, reason=reason, file=bad.name))
    return bad


def move_aside(path: Path) -> Path:
    """Rename `path` to `<name>.bad` (numbered if one exists), quietly; OSError if it cannot."""
    bad = path.with_name(path.name + ".bad")
    n = 1
    while os.path.lexists(bad):
        n += 1
        bad = path.with_name(f"{path.name}.{n}.bad")
    os.replace(path, bad)
    return bad


def read_bytes(path: Path, limit: int, private: bool = False) -> bytes:
    """The bytes of the regular file at `path` (FileNotFoundError if there is none).

    Opened without blocking (a FIFO would wait for a writer) and checked with
    fstat on the open file, so what is read is what was checked. Raises
    Unusable for anything but a regular file of at most `limit` bytes.
    With `private` (a secret, such as the online token) a file that others
    may read is made owner-only (0600) first, and logged; one that cannot be
    is refused.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        if os.path.islink(path):
            raise Unusable(_("it is a link to a file that does not exist")) from None
        raise
    except IsADirectoryError:
        raise Unusable(_("it is not a regular file")) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Unusable(_("it is not a regular file"))
        if info.st_size > limit:
            raise Unusable(_("it is too large"))
        if private:
            _make_private(fd, info, path)
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, MB))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:
            raise Unusable(_("it is too large"))
        return b"".join(chunks)
    finally:
        os.close(fd)


def _make_private(fd: int, info: os.stat_result, path: Path) -> None:
    """Owner-only for a secret others may read (POSIX; Windows has no such mode bits)."""
    if sys.platform == "win32" or not info.st_mode & 0o077:
        return
    try:
        os.fchmod(fd, 0o600)
    except OSError as exc:
        log.warning("%s can be read by other users and cannot be made private: %s", path, exc)
        raise Unusable(_("other users can read it")) from None
    log.warning("%s could be read by other users (mode %o): made owner-only (600)",
                path, stat.S_IMODE(info.st_mode))


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError("number too large")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def parse(raw: bytes) -> Any:
    """JSON from bytes; ValueError for anything that is not plain, finite JSON in UTF-8."""
    try:
        text = raw.decode("utf-8-sig")
        return json.loads(text, parse_float=_finite, parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError, OverflowError, MemoryError) as exc:
        raise ValueError(str(exc)[:80]) from None


def read_object(path: Path, what: str, limit: int, private: bool = False,
                check: Callable[[dict], None] | schema.Spec | None = None) -> dict | None:
    """A JSON object read the safe way (`read_bytes`, `parse`), checked by `check` if given;
    None when it is missing or was set aside (`read_json` adds the format version)."""
    try:
        raw = read_bytes(path, limit, private)
    except FileNotFoundError:
        return None
    except Unusable as exc:
        set_aside(path, exc.reason, what)
        return None
    except OSError as exc:
        set_aside(path, exc.strerror or str(exc), what)
        return None
    try:
        data = parse(raw)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        set_aside(path, _("it is damaged or not a Linebox file"), what)
        return None
    return data if check is None or _passes(path, data, check, what) else None


def _passes(path: Path, data: dict, check: Callable[[dict], None] | schema.Spec, what: str) -> bool:
    """True when `data` passes `check`; otherwise the file is set aside."""
    try:
        check.check(data) if isinstance(check, schema.Spec) else check(data)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError) as exc:
        log.info("refused %s: %s", path, str(exc)[:200])
        set_aside(path, _("its content does not make sense"), what)
        return False
    return True


def read_json(path: Path, version: int, what: str,
              check: Callable[[dict], None] | schema.Spec | None = None,
              limit: int = SAVE_LIMIT) -> dict | None:
    """Read a versioned JSON object, or set the file aside and return None.

    `check` is a `schema.Spec` or a function that raises ValueError/TypeError/
    KeyError for a wrong shape. A missing file simply returns None.
    """
    data = read_object(path, what, limit)
    if data is None:
        return None
    found = data.get("version")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        set_aside(path, _("it has no format version"), what)
        return None
    if found > version:
        set_aside(path, _("it was written by a newer Linebox"), what)
        return None
    if check is not None and not _passes(path, data, check, what):
        return None
    return data


# ---------------------------------------------------------------- start

def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if sys.platform == "win32":   # os.kill would end the process there: trust the age instead
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def remove_stale_temp_files(now: float | None = None) -> int:
    """Remove temp files of writes that never finished (a killed run); returns how many.

    Only names `write_json` makes, only in Linebox's own folders. A temp
    file whose writer is still running (another Linebox) is left alone.
    """
    now = time.time() if now is None else now
    removed = 0
    for folder in {config_dir(), data_dir(), saves_dir(), history_dir()}:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            m = _TMP.match(entry.name)
            if not m:
                continue
            try:
                if not entry.is_file(follow_symlinks=False):
                    continue
                age = now - entry.stat(follow_symlinks=False).st_mtime
                pid = m.group("pid")
                stale = age > ORPHAN_SECONDS or (
                    not _pid_alive(int(pid)) if pid else age > STALE_SECONDS)
                if stale:
                    os.unlink(entry.path)
                    removed += 1
            except OSError:
                continue
    return removed


def folder_problem() -> str | None:
    """A plain message when Linebox cannot write its files, else None."""
    for folder in dict.fromkeys((config_dir(), data_dir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, probe = tempfile.mkstemp(prefix=f"write-test.json.{os.getpid()}.", suffix=".tmp", dir=folder)
            os.close(fd)
            os.unlink(probe)
        except OSError as exc:
            log.warning("cannot write in %s: %s", folder, exc)
            return _("Linebox cannot write in its folder {folder} ({reason}), so settings, statistics "
                     "and games are not kept in this session.").format(
                folder=str(folder)[-80:], reason=exc.strerror or str(exc))
    return None


def at_start() -> str | None:
    """What the App calls once at start: clean up, then check the folders can be written.

    Returns the message for an unwritable folder (also queued in `problems`).
    """
    removed = remove_stale_temp_files()
    if removed:
        log.info("removed %d temp file(s) of unfinished writes", removed)
    problem = folder_problem()
    if problem:
        problems.append(problem)
    return problem


# ---------------------------------------------------------------- saves

@dataclass(frozen=True)
class SaveInfo:
    """One save on disk, as the Load scene lists it."""

    path: Path
    game: str
    name: str
    saved_at: str
    autosave: bool


def _envelope(game: str, name: str, payload: dict) -> dict:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    if not isinstance(payload, dict):
        raise TypeError("a save payload is a dict")
    return {"version": SAVE_VERSION, "kind": "save", "game": game, "name": name,
            "saved_at": _dt.datetime.now().isoformat(timespec="seconds"), "payload": payload}


def autosave_path(game: str) -> Path:
    """Path of the one autosave of `game`."""
    return data_dir() / f"autosave-{game}.json"


def write_autosave(game: str, payload: dict) -> None:
    """Replace the autosave of `game` (tables call this after every action)."""
    write_json(autosave_path(game), _envelope(game, "", payload))


def clear_autosave(game: str) -> None:
    """Forget the autosave of `game` (tables call this when the game is over)."""
    try:
        autosave_path(game).unlink()
    except FileNotFoundError:
        pass


def read_save(path: Path) -> dict | None:
    """The envelope stored at `path`, or None (set aside if unusable).

    An autosave must be of the game its name says: Continue opens the game
    the body names, and a refusal sets aside the autosave of that game, so
    `autosave-lineit.json` holding a Linyo game would cost the good Linyo one.
    """
    env = read_json(path, SAVE_VERSION, describe(path), schema.SAVE, SAVE_LIMIT)
    if env is not None and path.name.startswith("autosave-") and path != autosave_path(env["game"]):
        log.info("refused %s: it holds a %s game", path, env["game"])
        set_aside(path, _("it holds a game of another kind"))
        return None
    return env


def latest_autosave() -> dict | None:
    """The most recent unfinished game (the menu's Continue), or None."""
    found = [env for env in (read_save(autosave_path(g)) for g in GAMES) if env]
    if not found:
        return None
    return max(found, key=lambda env: str(env.get("saved_at", "")))


def _slug(name: str) -> str:
    slug = re.sub(r"[^\w-]+", "-", name.strip(), flags=re.UNICODE).strip("-").lower()
    return slug[:40] or "game"


def saves_dir() -> Path:
    return data_dir() / "saves"


def history_dir() -> Path:
    """The folder of `game.files.history` (named here so the start's cleanup finds its temp files)."""
    return data_dir() / "history"


def write_save(game: str, name: str, payload: dict) -> Path:
    """Store a named save; a save of the same name is replaced. Returns its path."""
    name = schema.clean_name(name)
    path = saves_dir() / f"{_slug(name)}.json"
    write_json(path, _envelope(game, name or "game", payload))
    return path


def list_saves() -> list[SaveInfo]:
    """Named saves, newest first (unusable files are set aside)."""
    out: list[SaveInfo] = []
    folder = saves_dir()
    if not folder.is_dir():
        return out
    try:
        names = sorted(e.name for e in os.scandir(folder) if e.name.endswith(".json"))
    except OSError:
        return out
    for path in (folder / n for n in names):   # dangling links too: read_save reports them
        env = read_save(path)
        if env:
            out.append(SaveInfo(path, env["game"], env.get("name") or path.stem,
                                str(env.get("saved_at", "")), False))
    out.sort(key=lambda s: s.saved_at, reverse=True)
    return out


def delete_save(path: Path) -> None:
    """Remove one named save."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass


def take_problems() -> list[str]:
    """Messages queued since the last call (each is shown once)."""
    out = list(dict.fromkeys(problems))
    problems.clear()
    return out


def settings_path() -> Path:
    return config_dir() / "settings.json"


def stats_path() -> Path:
    return data_dir() / "statistics.json"
