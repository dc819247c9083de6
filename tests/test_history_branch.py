"""Issue 26: a game played on from a replay ("Play from here") is listed in the History as a branch of
its game, from its moment, not as another game with another seed."""
from __future__ import annotations

from game.files import history
from game.shell import tables
from game.replay.__main__ import finished_game
from game.replay.branch import branch_envelope
from game.replay.model import Replay
from game.scenes.history import HistoryScene, headline
from appkit import menu_app

DT = 1 / 60


def seats(n: int) -> list[dict]:
    return [{"name": f"P{i + 1}", "kind": "human" if i == 0 else "bot", "level": None if i == 0 else "easy"}
            for i in range(n)]


def test_a_branch_left_unfinished_is_listed_as_a_branch_of_its_game(headless_home):
    app = menu_app()
    state = finished_game("linyo", 2, 7)
    parent = history.record_game("linyo", state.to_json(), seats(2))
    rp = Replay.from_file(history.game_file(parent.id), parent.id)
    envelope = branch_envelope(rp, 6, 0, seed=99)
    assert tables.open_table(app, envelope)
    app.run(frames=3, dt=DT)
    # a new game replaces it: the branch is kept, abandoned, with where it came from
    tables.keep_abandoned("linyo", {"payload": app.top.tg.payload()})
    index = history.load()
    branch = next(index.entry(i) for i in range(len(index)) if index.entry(i).id != parent.id)
    assert branch.abandoned and branch.branch == (parent.id, 6)
    app.push(HistoryScene(app, keep_id=branch.id))
    app.run(frames=2, dt=DT)
    scene = app.top
    line = headline(branch, scene.list.dates.get)
    when = parent.played_at.replace("T", " ")[:16]
    assert f"branch of {when[11:]}, move 6" in line and "seed" not in line, line   # same day: the time
    # a rebuilt index (its rows lost) still knows the branch: the game file keeps it
    history.index_path().unlink()
    again = history.rebuild_index()
    assert {again.entry(i).branch for i in range(len(again))} == {None, (parent.id, 6)}


def test_a_branch_of_a_game_no_longer_kept_names_its_moment_only(headless_home):
    state = finished_game("lineit", 2, 3)
    kept = history.record_game("lineit", state.to_json(), seats(2), branch={"of": "gone-id", "at": 4})
    assert kept is not None and kept.branch == ("gone-id", 4)
    assert "branch from move 4" in headline(kept) and "seed" not in headline(kept)
    # a branch that says nothing usable is dropped, the game kept as any other
    odd = history.record_game("lineit", finished_game("lineit", 2, 4).to_json(), seats(2),
                              branch={"at": -3, "of": "x"})
    assert odd is not None and odd.branch is None
