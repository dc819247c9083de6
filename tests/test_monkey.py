"""A short monkey run over the real App in English and German: no log entry, every place visited.

The long run is a command: `python -m game.dev.monkey --events 100000 --seed S --lang de`.
"""
from __future__ import annotations

import pytest

from game.dev import monkey


@pytest.mark.parametrize("lang, seed", [("en", 11), ("de", 12)])
def test_monkey_finds_nothing_and_visits_everything(headless_home, lang, seed):
    report = monkey.run(events=700, seed=seed, lang=lang, say=lambda s: None, jump_every=20)
    assert not report.tracebacks, "\n\n".join(report.tracebacks.values())
    assert report.missing() == []
    assert report.frames > report.events // 2
    assert lang in report.languages
