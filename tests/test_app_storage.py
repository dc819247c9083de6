"""Storage, statistics, settings and translation catalogues of the app (no window)."""
from __future__ import annotations

import importlib.util
import json
import os

import pytest

from game.shell import i18n
from game.files import stats, storage
from game.files.settings import Settings
from game.files.paths import ROOT


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("LINEBOX_HOME", str(tmp_path))
    storage.problems.clear()
    yield tmp_path
    storage.problems.clear()


def test_write_json_is_atomic_and_leaves_no_temp_files(home, monkeypatch):
    path = home / "x.json"
    storage.write_json(path, {"version": 1, "a": "é♥"})
    assert json.loads(path.read_text(encoding="utf-8"))["a"] == "é♥"

    def fail(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        storage.write_json(path, {"version": 1, "a": "new"})
    assert json.loads(path.read_text(encoding="utf-8"))["a"] == "é♥"     # old file intact
    assert sorted(p.name for p in home.iterdir()) == ["x.json"]


@pytest.mark.parametrize("content", [b"", b"{", b"[1, 2]", b'{"no": "version"}', b'{"version": "1"}',
                                     b'{"version": 7}', b"\xff\xfe\x00", b"[" * 50000])
def test_unreadable_files_are_set_aside(home, content):
    path = home / "settings.json"
    path.write_bytes(content)
    s = Settings.load()
    assert s == Settings()
    assert not path.exists() and (home / "settings.json.bad").read_bytes() == content
    msgs = storage.take_problems()
    assert len(msgs) == 1 and "settings.json.bad" in msgs[0]
    assert storage.take_problems() == []


def test_second_bad_file_gets_its_own_name(home):
    for _ in range(2):
        (home / "statistics.json").write_text("nope")
        assert stats.load() == stats.empty()
    assert (home / "statistics.json.bad").exists() and (home / "statistics.json.2.bad").exists()


def test_settings_ignore_invalid_values(home):
    (home / "settings.json").write_text(json.dumps(
        {"version": 1, "volume": 5, "language": "xx", "muted": "yes", "anim_speed": "reduced",
         "window": [1000, 700], "window_pos": [10, 20], "ui_scale": 1.25}))
    s = Settings.load()
    assert (s.volume, s.language, s.muted) == (0.8, "", False)
    assert (s.anim_speed, s.anim_factor, s.window, s.window_pos, s.ui_scale) == ("reduced", 0.0, [1000, 700], [10, 20], 1.25)
    s.bot_pace = "fast"
    s.save()
    assert Settings.load().bot_pace_seconds == Settings(bot_pace="fast").bot_pace_seconds


def test_saves_and_autosaves(home):
    assert storage.latest_autosave() is None and storage.list_saves() == []
    storage.write_autosave("lineit", {"n": 1})
    storage.write_autosave("linyo", {"n": 2})
    latest = storage.latest_autosave()
    assert latest["game"] in ("lineit", "linyo") and latest["kind"] == "save"
    storage.clear_autosave("linyo")
    storage.clear_autosave("linyo")
    assert storage.latest_autosave()["payload"] == {"n": 1}
    p1 = storage.write_save("lineit", "Friday night!", {"a": 1})
    storage.write_save("linyo", "Solo ★", {"b": 2})
    (storage.saves_dir() / "broken.json").write_text('{"version": 1, "kind": "save", "game": "chess", "payload": {}}')
    saves = storage.list_saves()
    assert {s.name for s in saves} == {"Friday night!", "Solo ★"}
    assert (storage.saves_dir() / "broken.json.bad").exists()
    assert storage.read_save(p1)["payload"] == {"a": 1}
    storage.delete_save(p1)
    assert [s.name for s in storage.list_saves()] == ["Solo ★"]
    with pytest.raises(ValueError):
        storage.write_save("chess", "x", {})


def _result(scores, kinds, levels, winners, **extra):
    seats = [{"name": f"S{i}", "kind": k, "level": lv, "score": sc}
             for i, (sc, k, lv) in enumerate(zip(scores, kinds, levels))]
    return {"seats": seats, "winners": winners, **extra}


def test_record_result_aggregates(home):
    assert stats.record_result("lineit", _result([30, 25], ["human", "bot"], [None, "hard"], [0]))
    assert stats.record_result("lineit", _result([20, 31, 12], ["human", "bot", "bot"], [None, "hard", "easy"], [1]))
    assert not stats.record_result("lineit", _result([1, 2], ["bot", "bot"], ["easy", "easy"], [1]))
    data = stats.load()
    g = data["games"]["lineit"]
    assert (g["games"], g["wins"], g["best"]) == (2, 1, 30)
    assert (g["levels"]["hard"]["games"], g["levels"]["hard"]["wins"]) == (2, 1)
    assert (g["levels"]["easy"]["games"], g["levels"]["easy"]["wins"]) == (1, 0)
    assert len(data["history"]) == 2
    stats.record_result("linyo", _result([5], ["human"], [None], [0], sheet="A", difficulties=[2]))
    stats.record_result("linyo", _result([3], ["human"], [None], [0], sheet="A", difficulties=[2]))
    stats.record_result("linyo", _result([0, 4], ["human", "bot"], [None, "normal"], [0], sheet="random",
                                         difficulties=[4, 2]))
    data = stats.load()
    assert data["games"]["linyo"]["best"] == 0
    assert data["linyo_solo"] == {"A/2": {"games": 2, "best": 3, "best_game": None}}
    assert [(p["sheet"], p["difficulty"]) for p in data["perfect"]] == [("random", 4)]


@pytest.mark.parametrize("bad", [{}, {"seats": [], "winners": []}, {"seats": [{"kind": "alien", "score": 1}], "winners": []},
                                 {"seats": [{"kind": "human", "score": 1}], "winners": [3]}])
def test_record_result_refuses_wrong_shapes(home, bad):
    with pytest.raises(ValueError):
        stats.record_result("lineit", bad)
    assert not (home / "statistics.json").exists()


def _compile_locale():
    spec = importlib.util.spec_from_file_location("compile_locale", ROOT / "tools" / "compile_locale.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_every_msgid_has_de_and_fr_and_mo_is_current():
    cl = _compile_locale()
    ids = cl.extract()
    assert "Play Line-it" in ids and "Settings" in ids and len(ids) > 60
    assert cl.problems() == []


def test_mo_round_trip_and_placeholders():
    import gettext
    import io
    cl = _compile_locale()
    ids = cl.extract()
    for lang in cl.LANGS:
        entries = cl.read_po(cl.po_path(lang))
        tr = gettext.GNUTranslations(io.BytesIO(cl.mo_bytes(entries)))
        for msgid in ids:
            if "\0" in msgid:       # a plural entry: both forms come back through ngettext
                singular, plural = msgid.split("\0")
                forms = entries[msgid].split("\0")
                assert [tr.ngettext(singular, plural, 1), tr.ngettext(singular, plural, 2)] == forms, (lang, msgid)
            else:
                assert tr.gettext(msgid) == entries[msgid]
            # every {placeholder} of the English text is in the translation (each form of a plural)
            names = set(__import__("re").findall(r"\{(\w+)\}", msgid))
            for form in entries[msgid].split("\0"):
                assert names == set(__import__("re").findall(r"\{(\w+)\}", form)), (lang, msgid)


def test_set_language_and_system_language(monkeypatch):
    try:
        assert i18n.set_language("de") == "de" and i18n._("Settings") == "Einstellungen"
        assert i18n.set_language("fr") == "fr" and i18n._("Settings") == "Réglages"
        assert i18n.set_language("xx") == "en" and i18n._("Settings") == "Settings"
    finally:
        i18n.set_language("en")
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "de_AT.UTF-8")
    assert i18n.system_language() == "de"
    monkeypatch.setenv("LANGUAGE", "es:fr")
    assert i18n.system_language() == "fr"


def test_an_autosave_of_another_game_is_set_aside_not_the_good_one(home):
    """autosave-lineit.json whose body says "linyo": Continue must not cost the good Linyo autosave."""
    payload = {"config": {"seats": [{"name": "Ada", "kind": "human"}]}, "record": {"actions": []}}
    storage.write_autosave("linyo", payload)
    good = storage.autosave_path("linyo").read_bytes()
    wrong = json.loads(good)
    wrong["saved_at"] = "2999-01-01T00:00:00"              # the newest: what Continue would offer
    storage.autosave_path("lineit").write_text(json.dumps(wrong), encoding="utf-8")
    env = storage.latest_autosave()
    assert env is not None and env["game"] == "linyo" and env["saved_at"] != "2999-01-01T00:00:00"
    assert storage.autosave_path("linyo").read_bytes() == good
    assert not storage.autosave_path("lineit").exists() and (home / "autosave-lineit.json.bad").exists()
    msgs = storage.take_problems()
    assert len(msgs) == 1 and "autosave-lineit.json.bad" in msgs[0]
    assert storage.latest_autosave()["game"] == "linyo" and storage.take_problems() == []
