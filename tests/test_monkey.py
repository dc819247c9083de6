"""A short monkey run over the real App in English and German: no log entry, every place visited.

The long run is a command: `python -m game.monkey --events 100000 --seed S --lang de`.
"""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from game import monkey


@pytest.mark.parametrize("lang, seed", [("en", 11), ("de", 12)])
def test_monkey_finds_nothing_and_visits_everything(headless_home, lang, seed):
    report = monkey.run(events=700, seed=seed, lang=lang, say=lambda s: None, jump_every=20)
    assert not report.tracebacks, "\n\n".join(report.tracebacks.values())
    assert report.missing() == []
    assert report.frames > report.events // 2
    assert lang in report.languages


def test_the_monkey_counts_errors_not_every_log_line(tmp_path):
    """The log's INFO and WARNING lines (matrix-nio's time-out of a sign-in the monkey typed) fail
    no run; an ERROR entry and a traceback logged at any level do, each once."""
    log = tmp_path / "linebox.log"
    log.write_text(
        "2026-12-07 23:00:00,001 INFO linebox.online: matrix-nio: Timed out, sleeping for 0s\n"
        "2026-12-07 23:00:00,002 WARNING linebox.settings: settings.json: ui_scale 7 refused\n"
        "2026-12-07 23:00:01,003 ERROR linebox: the app caught an error\n"
        "Traceback (most recent call last):\n"
        '  File "game/x.py", line 3, in draw\n'
        "IndexError: list index out of range\n"
        "2026-12-07 23:00:02,004 WARNING linebox.table: a hint failed\n"
        "Traceback (most recent call last):\n"
        '  File "game/y.py", line 9, in poll\n'
        "KeyError: 'plan'\n"
        "2026-12-07 23:00:03,005 CRITICAL linebox: out of memory\n", encoding="utf-8")
    reader = SimpleNamespace(log_path=log, report=monkey.Report(), _seen_entries=0)
    monkey.Monkey._read_log(reader)                   # what a run reads after each caught error and at its end
    found = list(reader.report.tracebacks.values())
    assert [text.split()[2] for text in found] == ["ERROR", "WARNING", "CRITICAL"]
    assert not any("Timed out" in text or "refused" in text for text in found)
    assert reader._seen_entries == 5                  # every entry was read: none is looked at twice
