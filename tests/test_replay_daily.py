"""A kept game says whether it was a daily challenge (or Linyo daily sheet), of which day and game:
its `.linebox` file's "daily", written from the table's config when the game is kept and read by
the replay viewer. Old files (no "daily") are still told by their seed; a hostile "daily" is
ignored and the seed decides. The engine's record is the same either way."""
from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest

from game.files import history, storage
from game.shell import tables
from game.leaderboard.bench import played
from game.daily.day import Daily, games
from game.replay.__main__ import finished_game
from game.replay.files import load_file
from game.replay.model import DAILY_DAYS, Replay

DAY = dt.date(2026, 3, 14)
ON_THE_DAY = "2026-03-14T21:05:00"          # a local time on the daily's day


@pytest.fixture(scope="module")
def dailies() -> dict[str, dict[str, Any]]:
    """A finished daily game of each game, played by bots (a `.linebox` file dict)."""
    return {g: played(Daily(g, DAY)) for g in games()}


@pytest.fixture(scope="module")
def others() -> dict[str, dict[str, Any]]:
    """A finished game of each game on another seed than a day's, kept before games said so."""
    out = {}
    for game, players in (("lineit", 2), ("linyo", 1)):
        seats = [{"name": f"P{p}", "kind": "bot", "level": "easy"} for p in range(players)]
        out[game] = {**history.build_file(game, finished_game(game, players, 4, "easy").to_json(), seats),
                     "played_at": ON_THE_DAY}
    return out


@pytest.fixture
def home(headless_home):
    storage.problems.clear()
    yield headless_home
    storage.problems.clear()


def old_file(file: dict[str, Any]) -> dict[str, Any]:
    """`file` as Linebox wrote it before games said they were dailies: no "daily"."""
    return {k: v for k, v in file.items() if k != "daily"}


def _write(path, data: dict[str, Any]):
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_a_daily_kept_says_its_day_and_game_and_the_viewer_reads_it(home, dailies, game):
    file = dailies[game]
    entry = history.record_game(game, file["record"], file["seats"], daily=DAY.isoformat())
    assert entry is not None
    kept = history.game_file(entry.id)
    assert kept["daily"] == {"date": "2026-03-14", "game": game}
    assert kept["record"] == file["record"]                  # the engine's record: not a byte more
    assert Replay.from_file(kept, entry.id).daily == "2026-03-14"
    # the field decides, not the seed scan: kept (or imported) long after the day, still that day's
    late = {**kept, "played_at": (DAY + dt.timedelta(days=DAILY_DAYS + 40)).isoformat() + "T10:00:00"}
    assert Replay.from_file(late).daily == "2026-03-14"
    # exported, opened and imported elsewhere: it still says so
    out = history.export_game(entry.id, home / "mine.linebox")
    assert load_file(out)["daily"] == kept["daily"]
    again = history.import_game(_write(home / "late.linebox", late))
    assert history.game_file(again.id)["daily"] == kept["daily"]


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_a_game_that_was_no_daily_is_none_though_its_seed_is_a_days(home, dailies, game):
    """A game set up by hand with the day's seed (the setup's seed box) is the same game, but not
    the daily: the file says so and the viewer believes the file, not the seed."""
    file = dailies[game]
    entry = history.record_game(game, file["record"], file["seats"], daily=None)
    assert entry is not None
    kept = history.game_file(entry.id)
    assert "daily" in kept and kept["daily"] is None
    assert kept["seed"] == Daily(game, DAY).seed
    assert Replay.from_file({**kept, "played_at": ON_THE_DAY}).daily is None
    # a file that says it by hand: the same
    said = {**old_file(file), "played_at": ON_THE_DAY, "daily": None}
    assert Replay.from_file(said).daily is None
    assert Replay.from_file(load_file(_write(home / "said.linebox", said))).daily is None


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_an_old_file_without_the_field_is_still_told_by_its_seed(home, dailies, others, game):
    old = {**old_file(dailies[game]), "played_at": ON_THE_DAY}
    assert Replay.from_file(old).daily == "2026-03-14"
    # imported (and so rebuilt), it gains no word it did not have: the seed still decides
    entry = history.import_game(_write(home / "old.linebox", old))
    kept = history.game_file(entry.id)
    assert "daily" not in kept
    assert Replay.from_file(kept, entry.id).daily == "2026-03-14"
    assert "daily" not in others[game] and Replay.from_file(others[game]).daily is None
    late = {**old, "played_at": (DAY + dt.timedelta(days=DAILY_DAYS + 40)).isoformat() + "T10:00:00"}
    assert Replay.from_file(late).daily is None            # the scan's month is only the fallback's


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_the_records_seed_decides_not_the_files_word_for_it(dailies, others, game):
    """A posted file is read unchecked: its top-level "seed" may say anything; the record replayed is the game."""
    old = {**old_file(dailies[game]), "played_at": ON_THE_DAY}
    assert Replay.from_file({**old, "seed": 12345}).daily == "2026-03-14"
    assert Replay.from_file({**others[game], "seed": Daily(game, DAY).seed}).daily is None
    said = {"date": "2026-03-14", "game": game}
    assert Replay.from_file({**others[game], "seed": Daily(game, DAY).seed, "daily": said}).daily is None


HOSTILE: dict[str, Any] = {
    "a number": 7,
    "true": True,
    "a bare date": "2026-03-14",
    "a list": ["2026-03-14", "linyo"],
    "an empty object": {},
    "a date that is a number": {"date": 20260314, "game": "@"},
    "30 February": {"date": "2026-02-30", "game": "@"},
    "month 13": {"date": "2026-13-01", "game": "@"},
    "a long text": {"date": "2" * 50_000, "game": "@"},
    "control characters": {"date": "2026-03-14\x00", "game": "@"},
    "no game": {"date": "2026-03-14"},
    "no such game": {"date": "2026-03-14", "game": "chess"},
    "the other game": {"date": "2026-03-14", "game": "~"},
    "another day than the seed's": {"date": "2026-03-15", "game": "@"},
}


def _hostile(value: Any, game: str) -> Any:
    """`value` with "@" made this game, "~" the other one."""
    if isinstance(value, dict) and value.get("game") in ("@", "~"):
        return {**value, "game": game if value["game"] == "@" else next(g for g in games() if g != game)}
    return value


@pytest.mark.parametrize("game", ["lineit", "linyo"])
@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_daily_field_is_ignored_and_the_seed_decides(home, dailies, others, game, case):
    hostile = _hostile(HOSTILE[case], game)
    file = {**old_file(dailies[game]), "played_at": ON_THE_DAY, "daily": hostile}
    assert Replay.from_file({**others[game], "daily": hostile}).daily is None, case
    assert Replay.from_file(file).daily == "2026-03-14", case
    # opened from disk, imported, listed from the history folder: never refused, never a crash
    path = _write(home / "hostile.linebox", file)
    assert Replay.from_file(load_file(path)).daily == "2026-03-14", case
    entry = history.import_game(path)
    assert "daily" not in history.game_file(entry.id), case          # not copied on: the seed decides
    copied = history.folder() / "20260314-210500-x.linebox"
    raw = json.dumps(file).encode("utf-8")
    copied.write_bytes(raw)
    index = history.load()
    assert copied.stem in index.ids() and storage.take_problems() == [], case
    assert copied.read_bytes() == raw, case                          # the good file is not written over
    assert Replay.from_file(history.game_file(copied.stem), copied.stem).daily == "2026-03-14", case


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_a_replaced_unfinished_daily_is_kept_as_that_days(home, dailies, game):
    """An unfinished game left for good (`tables.keep_abandoned`, from its autosave's config): its
    file says the day the config said; a config's date that is not the seed's day is not written."""
    daily = Daily(game, DAY)
    record = daily.start.to_json()
    config = daily.config("Ada", "counted")
    tables.keep_abandoned(game, {"kind": "save", "game": game, "payload": {"config": config, "record": record}})
    (row,) = history.load().rows
    kept = history.game_file(row[0])
    assert kept["abandoned"] and kept["daily"] == {"date": "2026-03-14", "game": game}
    history.delete(row[0])
    for wrong in ("2026-02-30", "2026-03-15", 7):
        tables.keep_abandoned(game, {"kind": "save", "game": game,
                                     "payload": {"config": {**config, "daily": wrong}, "record": record}})
        (row,) = history.load().rows
        assert "daily" not in history.game_file(row[0]), wrong
        history.delete(row[0])
    tables.keep_abandoned(game, {"kind": "save", "game": game,
                                 "payload": {"config": {k: v for k, v in config.items() if k != "daily"},
                                             "record": record}})
    (row,) = history.load().rows
    assert history.game_file(row[0])["daily"] is None


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_the_history_list_names_a_daily_by_its_day(home, dailies, others, game):
    """History's row of a daily says which day's challenge it was (instead of the day's seed), kept
    through the index; an older index row (no daily) still reads, a damaged one is rebuilt."""
    from game.scenes.history import headline

    file = dailies[game]
    entry = history.record_game(game, file["record"], file["seats"], daily=DAY.isoformat())
    other = history.record_game(game, others[game]["record"], others[game]["seats"], daily=None)
    assert entry is not None and other is not None
    index = history.load()                                   # read back from the index file
    by_id = {index.entry(i).id: index.entry(i) for i in range(len(index))}
    assert by_id[entry.id].daily == "2026-03-14"
    assert "daily challenge of 2026-03-14" in headline(by_id[entry.id])
    assert "seed" not in headline(by_id[entry.id])
    assert by_id[other.id].daily is None and "daily" not in headline(by_id[other.id])
    # an index written before rows said so (seven fields): read as no daily, not refused
    row = by_id[entry.id].row()
    fields = json.loads(row[4])
    assert len(fields) == 9 and fields[7] is None and fields[8] == "2026-03-14"
    old = [*row[:4], json.dumps(fields[:7])]
    assert history._entry_from_row(old).daily is None
    # a damaged daily in a row: the row is refused (the list rebuilds it from its file)
    for bad in ("2026-02-30", 20260314, "14.03.2026", "x" * 40):
        with pytest.raises(ValueError):
            history._entry_from_row([*row[:4], json.dumps([*fields[:8], bad])])
