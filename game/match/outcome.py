"""What a finished game means: its consequences, listeners of `Finished`, in the order a kill must find them.

`Consequences` is a listener of a match's facts; on `Finished` it runs the
steps below once, in this order, each one safe to run again:

1. final        the finished game (its record, result, config and what it
                counts) is written to `finishing-<key>.json` in the user data
                folder, synchronously, before anything else: from here on a
                kill loses nothing, the next start finishes the rest (a kill
                inside this write leaves a temp file the start removes, and the
                game unfinished on disk: Continue plays it on);
2. history      the game kept in History, keyed by its game id (kept again,
                the same game id finds its file: never a second copy);
3. statistics   counted, keyed by the game id (`stats.record_result`: never a
                second count); a row says when the game was played with hints;
4. autosave     the game's autosave goes (only if it still holds this game);
5. achievements awarded, keyed by the game id (`achievements.store.award`);
6. daily        a daily challenge's day: its counted attempt adopted if the kill
                came before it was spent, its score and history entry brought
                in, its leaderboard entry queued (`game.daily.attempts`), the
                posting started;
7. tips         the first finished game ends the first-game tips (settings);
8. done         the `finishing-` file goes.

Each step after the first reads only the finished game and the files, so a
step run twice (a kill after it, before `done`) changes nothing the second
time. `settle_pending(shell)` is that second time: the app calls it once at
start, before the menu offers Continue, for every `finishing-` file a kill
left. A step that fails on the disk (`OSError`) is logged and its file kept
for the next start; any other failure is logged and the game goes on.

A challenge's verdict has no step: it is a pure function of the game's
config and record (`game.challenge.matches`), worked out where it is shown.

Nothing here imports pygame; the table calls `finish` (until the match emits
`Finished` itself, `TableBase.game_over` builds the fact).
"""
from __future__ import annotations

import hashlib
import logging
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, Protocol

from game import paths, schema, storage
from game.i18n import _

from .counts import Counts
from .facts import Fact, Finished
from .played_with import PlayedWith, helped

log = logging.getLogger("linebox.finish")

VERSION = 1
PREFIX = "finishing-"     # in the user data folder, beside the autosaves (its temp files go at start too)
#: a game whose table did not say: this machine's own game with someone at it
HERE = Counts(kept=True, counted=True, saved=True, offered=True)


class Shell(Protocol):
    """What the tips step needs of the app: its settings and the way to change them."""

    settings: Any

    def change_settings(self, **values: Any) -> None: ...


@dataclass
class Run:
    """One run of the steps over one finished game: what the earlier steps found."""

    fact: Finished
    counts: Counts
    shell: Shell | None = None
    history_id: str | None = None
    failed: bool = False         # a step failed on the disk: the `finishing-` file stays

    @property
    def config(self) -> dict[str, Any]:
        return self.fact.config


# ---------------------------------------------------------------- where a finished game waits

def marker_path(game_id: str | None, record: Any) -> Path:
    """The `finishing-` file of a game (by its game id; a game without one, by its record)."""
    key = game_id if game_id else repr(record)
    return paths.data_dir() / f"{PREFIX}{hashlib.sha256(key.encode('utf-8', 'surrogatepass')).hexdigest()[:16]}.json"


def _marker(run: Run) -> dict[str, Any]:
    f = run.fact
    return {"version": VERSION, "game": f.game, "game_id": f.game_id, "result": f.result, "record": f.record,
            "config": f.config, "counts": asdict(run.counts)}


def _fact_of(data: dict[str, Any]) -> tuple[Finished, Counts]:
    """The finished game a `finishing-` file keeps; ValueError for one Linebox did not write."""
    game_id, counts = data.get("game_id"), data.get("counts")
    if (data.get("game") not in storage.GAMES or not (game_id is None or isinstance(game_id, str))
            or not all(isinstance(data.get(k), dict) for k in ("result", "record", "config"))
            or not isinstance(counts, dict) or set(counts) != set(Counts.__dataclass_fields__)
            or not all(type(v) is bool for v in counts.values())):
        raise ValueError("not a finished game of Linebox's")
    schema.CONFIG.check(data["config"], "config")       # as an autosave's: what the steps read is sound
    schema.RECORD.check(data["record"], "record")
    return (Finished(data["game"], game_id, data["result"], data["record"], config=data["config"]),
            Counts(**counts))


# ---------------------------------------------------------------- the steps

def _final(run: Run) -> None:
    storage.write_json(marker_path(run.fact.game_id, run.fact.record), _marker(run))


def _played_with(run: Run) -> dict[str, Any]:
    """What the game was played with, as its file keeps it: the table's tally and whether it counted."""
    tally = PlayedWith.read(run.config) or PlayedWith()
    practice = run.config.get("challenge") == "practice"
    return {**tally.to_json(), "counted": run.counts.counted and not practice}


def _history(run: Run) -> None:
    from game import history
    f = run.fact
    kept = history.record_game(f.game, f.record, f.config.get("seats", ()), game_id=f.game_id,
                               branch=f.config.get("branch"), daily=f.config.get("daily"),
                               played_with=_played_with(run))
    run.history_id = kept.id if kept is not None else None
    if kept is None:
        run.failed = True        # logged by the history; tried again at the next start


def _statistics(run: Run) -> None:
    if not run.counts.counted:
        return
    from game import stats
    f = run.fact
    row: dict[str, Any] = {**f.result, "history": run.history_id}
    if f.game_id is not None:
        row["id"] = f.game_id
    if helped(f.config):
        row["helped"] = True
    try:
        stats.record_result(f.game, row)
    except ValueError as exc:
        log.warning("statistics not recorded: %s", exc)


def _autosave(run: Run) -> None:
    if not run.counts.saved:
        return
    game = run.fact.game
    path = storage.autosave_path(game)
    if not path.exists():
        return
    env = storage.read_save(path)
    config = ((env or {}).get("payload") or {}).get("config") or {}
    if env is None or config.get("game_id") == run.fact.game_id:
        storage.clear_autosave(game)       # a newer game's autosave (started since) stays


def _achievements(run: Run) -> None:
    if not run.counts.counted:
        return
    from game import history
    from game.achievements import store
    f = run.fact
    try:
        state = history.replay(f.game, f.record)
    except history.BadGameFile as exc:
        log.warning("achievements not looked at: %s", exc)
        return
    store.award(store.finished_game(f.game, state, f.config), f.game_id, run.history_id)


def _daily(run: Run) -> None:
    if not run.counts.counted or run.config.get("daily") is None:
        return
    from game.daily import attempts, posting
    attempts.adopt(run.fact.game, run.config)
    if attempts.settle():
        posting.post_waiting()


def _tips(run: Run) -> None:
    if run.counts.counted and run.shell is not None:
        first_game_done(run.shell)


def _done(run: Run) -> None:
    if run.failed:
        return
    try:
        os.unlink(marker_path(run.fact.game_id, run.fact.record))
    except FileNotFoundError:
        pass


Step = Callable[[Run], None]
#: the steps, in the order a kill must find them done (see the module text)
STEPS: tuple[tuple[str, Step], ...] = (
    ("final", _final), ("history", _history), ("statistics", _statistics), ("autosave", _autosave),
    ("achievements", _achievements), ("daily", _daily), ("tips", _tips), ("done", _done))


def first_game_done(shell: Shell) -> None:
    """The first finished game ends the first-game tips, once: a player who turns them back on in
    the settings keeps them."""
    if not shell.settings.first_game_tips_settled:
        shell.change_settings(first_game_tips=False, first_game_tips_settled=True)


def _run(run: Run, start: int = 0) -> Run:
    for name, step in STEPS[start:]:
        try:
            step(run)
        except OSError as exc:
            log.warning("the end of a %s game, %s: %s (tried again at the next start)", run.fact.game, name, exc)
            run.failed = True
        except Exception:  # noqa: BLE001 -- one consequence failing must not cost the others
            log.exception("the end of a %s game, %s, failed", run.fact.game, name)
    return run


def finish(fact: Finished, shell: Shell | None = None) -> Run:
    """Run every step for a game that just ended (a table's game over); what they found."""
    return _run(Run(fact, fact.counts or HERE, shell))


class Consequences:
    """The listener: a match's `Finished` runs the steps (other facts are not its business)."""

    def __init__(self, shell: Shell | None = None) -> None:
        self.shell = shell
        self.last: Run | None = None

    def __call__(self, fact: Fact) -> None:
        if isinstance(fact, Finished):
            self.last = finish(fact, self.shell)


def pending() -> list[Path]:
    """The `finishing-` files a kill left (one look at the user data folder's names)."""
    try:
        names = sorted(os.listdir(paths.data_dir()))
    except OSError:
        return []
    return [paths.data_dir() / n for n in names if n.startswith(PREFIX) and n.endswith(".json")]


def settle_pending(shell: Shell | None = None) -> int:
    """At start: finish what a kill left of finished games (steps after "final"); how many."""
    done = 0
    for path in pending():
        data = storage.read_json(path, VERSION, _("A finished game waiting to be kept"), limit=storage.SAVE_LIMIT)
        if data is None:
            continue            # set aside and told by storage
        try:
            fact, counts = _fact_of(data)
        except ValueError as exc:
            log.warning("%s: %s", path.name, exc)
            storage.set_aside(path, str(exc))
            continue
        log.info("finishing the %s game a stop left unsettled", fact.game)
        _run(Run(fact, counts, shell), start=1)
        done += 1
    return done

