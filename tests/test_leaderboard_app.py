"""The leaderboard screen signed in, against the real local Synapse: another player's daily shows
on the board once verified, and Enter opens it in the replay viewer ("watch how they did it"); a
finished daily of ours is posted to the day's room by itself."""
from __future__ import annotations

import time

import pytest

from synapse_server import synapse  # noqa: F401  (its own homeserver: the day's room is one per server)

nio = pytest.importorskip("nio", reason="matrix-nio is not installed (pip install -e '.[test]')")

import pygame  # noqa: E402

from game.daily import attempts  # noqa: E402
from game.leaderboard.bench import played  # noqa: E402
from game.daily.day import challenge  # noqa: E402
from game.daily.entry import EVENT, make_content  # noqa: E402
from game.online import session  # noqa: E402
from game.online.account import Credentials  # noqa: E402
from game.online.client import MatrixClient  # noqa: E402
from game.leaderboard.posting import POSTER  # noqa: E402
from game.replay.scene import ReplayScene  # noqa: E402
from test_table_linyo import DT, home, play_out, start_app  # noqa: E402,F401  (home: the fixture)
from test_leaderboard import Board, ensure_room  # noqa: E402  (through the Matrix port, as the app)

_names = iter(range(10_000))


@pytest.fixture
def signed_in(home, synapse):
    """The app's session signed in as a new user, and another player's client."""
    me = synapse.register(f"me{next(_names)}")
    other = synapse.register(f"other{next(_names)}")
    s = session.begin(Credentials(synapse.url, me["user_id"], me["device_id"], me["access_token"]))
    client = MatrixClient(synapse.url, other["user_id"], other["device_id"], other["access_token"]).start()
    yield s, client
    POSTER.stop()
    client.stop()
    session.end()


def run_until(app, done, timeout: float = 30.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.step(DT)
        if done():
            return True
        time.sleep(0.005)
    return False


def test_another_players_daily_is_listed_and_opens_in_the_viewer(signed_in):
    s, other = signed_in
    daily = challenge("linyo")
    theirs = played(daily, bot_seed=11, name="Olga")
    room = ensure_room(other, daily).result(30)
    other.send(room, EVENT, make_content(daily, theirs)).result(30)
    app = start_app()
    app.open("leaderboard", "linyo")
    scene = app.top
    assert run_until(app, lambda: any(other.user_id in b.label() for b in scene.row_buttons))
    row = next(b for b in scene.row_buttons if other.user_id in b.label())
    assert "Olga" in row.label() and "free field" in row.label()
    scene.set_focus(row)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.run(frames=3, dt=DT)
    viewer = app.top
    assert isinstance(viewer, ReplayScene) and viewer.rp.actions == theirs["record"]["actions"]
    viewer.jump(viewer.rp.n)
    assert viewer.state().scores() == theirs["result"]["scores"]
    # the board shown again replays nothing it verified before
    board, verdicts = scene.board, dict(scene.board.verifier.verdicts)
    app.pop()
    app.pop()
    app.open("leaderboard", "linyo")
    app.run(frames=3, dt=DT)
    assert app.top is not scene and app.top.board is board
    assert all(board.verifier.verdicts[k] is v for k, v in verdicts.items())


def test_a_finished_daily_is_posted_to_the_days_room(signed_in):
    s, other = signed_in
    from game.scenes.daily import open_daily
    daily = challenge("linyo")
    app = start_app()
    assert open_daily(app, "linyo")
    app.run(frames=5, dt=DT)
    table = app.top
    play_out(app, table)
    board = Board(other, daily)                 # the other player's board lists it, verified

    def listed() -> bool:
        board.update(None)
        return any(r.verdict.sender == s.me for r in board.rows())
    assert run_until(app, listed, 60)
    mine = next(r for r in board.rows() if r.verdict.sender == s.me)
    assert mine.verdict.score == table.tg.state.scores()[0]
    assert run_until(app, lambda: attempts.queued() == [], 30)     # it left the outbox
