"""The player's files: JSON with a format version, written atomically.

Every file Linebox writes goes through `write_json()` (temporary file in the
same folder, flushed and fsynced, then `os.replace`), so a crash mid-write
leaves the old file intact. Every file it reads goes through `read_json()`:
a file that cannot be used (truncated, not JSON, wrong shape, a version from
the future) is renamed to `<name>.bad` (numbered if one exists), a message in
plain words is queued in `problems`, and the caller gets `None` and goes on
with defaults. Nothing is ever pickled.

Files (see `game.paths` for the folders):

- `settings.json`                 -- `game.settings`
- `statistics.json`               -- `game.stats`
- `autosave-<game>.json`          -- one autosave per game (`lineit`, `linyo`)
- `saves/<slug>.json`             -- named saves

A save file is an envelope around the table's own payload:

    {"version": 1, "kind": "save", "game": "lineit", "name": "Friday",
     "saved_at": "2025-01-31T20:15:00", "payload": {...}}

The payload is whatever the table scene wrote (typically the engine record
`engine.core.record(...)` plus the setup config); storage only checks that it
is a JSON object. The table validates it when it loads and raises
`engine.core.BadSave` if it cannot use it.
"""
from __future__ import annotations

import datetime as _dt
import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from engine.games import games

from .i18n import _
from .paths import config_dir, data_dir

SAVE_VERSION = 1
GAMES = tuple(g.name for g in games())  # the registry's games, in its order

# Plain-words messages about files that were set aside; the App shows each once.
problems: list[str] = []


def write_json(path: Path, data: Any) -> None:
    """Write `data` as JSON to `path` atomically (temp file + os.replace)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True, allow_nan=False)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
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


def set_aside(path: Path, reason: str, what: str) -> Path:
    """Rename an unusable file to `*.bad` and queue a message for the player."""
    bad = path.with_name(path.name + ".bad")
    n = 1
    while bad.exists():
        n += 1
        bad = path.with_name(f"{path.name}.{n}.bad")
    try:
        os.replace(path, bad)
    except OSError:
        bad = path
    problems.append(
        _("{what} could not be read ({reason}), so Linebox started without it. "
          "The old file was kept as {file}.").format(what=what, reason=reason, file=bad.name))
    return bad


def read_json(path: Path, version: int, what: str,
              check: Callable[[dict], None] | None = None) -> dict | None:
    """Read a versioned JSON object, or set the file aside and return None.

    `check(data)` may raise ValueError/TypeError/KeyError for a wrong shape.
    A missing file simply returns None.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        problems.append(_("{what} could not be opened: {reason}").format(what=what, reason=exc.strerror))
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        set_aside(path, _("it is damaged or not a Linebox file"), what)
        return None
    if not isinstance(data, dict):
        set_aside(path, _("it is damaged or not a Linebox file"), what)
        return None
    found = data.get("version")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        set_aside(path, _("it has no format version"), what)
        return None
    if found > version:
        set_aside(path, _("it was written by a newer Linebox"), what)
        return None
    if check is not None:
        try:
            check(data)
        except (ValueError, TypeError, KeyError, AttributeError):
            set_aside(path, _("its content does not make sense"), what)
            return None
    return data


# ---------------------------------------------------------------- saves

@dataclass(frozen=True)
class SaveInfo:
    """One save on disk, as the Load scene lists it."""

    path: Path
    game: str
    name: str
    saved_at: str
    autosave: bool


def _check_save(data: dict) -> None:
    if data.get("kind") != "save" or data.get("game") not in GAMES:
        raise ValueError("not a save")
    if not isinstance(data.get("payload"), dict) or not isinstance(data.get("name", ""), str):
        raise ValueError("no payload")


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
    """The envelope stored at `path`, or None (set aside if unusable)."""
    what = _("The autosave") if path.name.startswith("autosave-") else _("The saved game “{name}”").format(name=path.stem)
    return read_json(path, SAVE_VERSION, what, _check_save)


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


def write_save(game: str, name: str, payload: dict) -> Path:
    """Store a named save; a save of the same name is replaced. Returns its path."""
    path = saves_dir() / f"{_slug(name)}.json"
    write_json(path, _envelope(game, name.strip() or "game", payload))
    return path


def list_saves() -> list[SaveInfo]:
    """Named saves, newest first (unusable files are set aside)."""
    out: list[SaveInfo] = []
    folder = saves_dir()
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob("*.json")):
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
    out = list(problems)
    problems.clear()
    return out


def settings_path() -> Path:
    return config_dir() / "settings.json"


def stats_path() -> Path:
    return data_dir() / "statistics.json"
