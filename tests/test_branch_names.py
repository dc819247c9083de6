"""Play from here with a hand-made `.linebox` whose seat names hold control characters or a lone
surrogate (issue 24): the new game autosaves, loads again and counts like any other."""
from __future__ import annotations

import json

import pytest

from engine import linyo
from engine.core import Rng
from game.files import history, stats, storage
from game.shell import tables
from game.replay.branch import branch_config, branch_envelope
from game.replay.files import load_file
from game.replay.model import Replay

import test_table_linyo as YT
from test_table_linyo import DT, home  # noqa: F401

NAMES = ["Ada\x00 \x07Lovelace\n", "Eve\t\ud800Bot"]


def hostile_file(tmp_path, names: list[str]):
    st = linyo.new_game(players=len(names), seed=7)
    rng = Rng(7)
    while not st.is_over:
        actions = st.legal_actions()
        st.apply(actions[rng.below(len(actions))])
    data = history.build_file("linyo", st.to_json(), [{"name": "x", "kind": "human"}] * len(names))
    data["seats"] = [{"name": n, "kind": "human", "level": None} for n in names]
    path = tmp_path / "names.linebox"
    path.write_text(json.dumps(data), encoding="utf-8")      # \u escapes: the surrogate survives
    return path


def test_branch_config_names_are_valid(tmp_path):
    rp = Replay.from_file(load_file(hostile_file(tmp_path, NAMES)))
    config = branch_config(rp, 0, seed=3)
    assert [s["name"] for s in config["seats"]] == ["Ada Lovelace", "Eve Bot"]
    from game.files import schema
    schema.CONFIG.check(config)


@pytest.mark.parametrize("names", [NAMES[:1], ["\x00\x01\x02", "B\ud800"]])
def test_play_from_here_autosaves_loads_and_counts(home, tmp_path, names):
    rp = Replay.from_file(load_file(hostile_file(tmp_path, names)))
    k = rp.n - 2                                   # late: a short game to play out
    assert rp.state_at(k).phase != "start"
    env = branch_envelope(rp, k, me=0, seed=5)
    app = YT.start_app()
    assert tables.open_table(app, env)
    app.run(frames=2, dt=DT)
    scene = app.top
    scene.saver.flush()
    assert not scene.saver.failing
    saved = storage.read_save(storage.autosave_path("linyo"))
    assert saved is not None and storage.take_problems() == []
    YT.play_out(app, scene)
    app.run(frames=3, dt=DT)
    assert stats.load()["games"]["linyo"]["games"] == 1 and storage.latest_autosave() is None
    assert storage.take_problems() == [] and app.errors == 0
