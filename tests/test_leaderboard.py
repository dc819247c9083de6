"""Daily leaderboards on a real local Synapse: two clients post their dailies and see the same
verified board; forged entries (a score its record does not reach, another seed, a second
attempt) and malformed or oversized ones are refused by both; a homeserver that is down keeps
the entry queued on disk until it is back."""
from __future__ import annotations

import logging
import time

import pytest

from synapse_server import NAMES as _names

nio = pytest.importorskip("nio", reason="matrix-nio is not installed (pip install -e '.[test]')")

from game.daily import attempts  # noqa: E402
from game.leaderboard.bench import played  # noqa: E402
from game.daily.day import Daily, challenge  # noqa: E402
from game.daily.entry import EVENT, MAX_BYTES, make_content  # noqa: E402
from game.online.client import MatrixClient  # noqa: E402
from game.leaderboard.board import Board as _Board  # noqa: E402
from game.leaderboard.posting import post_pending as _post_pending  # noqa: E402
from game.leaderboard.rooms import room_name, room_title  # noqa: E402
from game.online.leaderboard import MatrixRooms, alias  # noqa: E402


def Board(client: MatrixClient, daily: Daily, room_id: str | None = None) -> _Board:
    """The day's board as `client` reads it, through the Matrix port."""
    return _Board(MatrixRooms(client), daily, room_id)


def ensure_room(client: MatrixClient, daily: Daily):
    """Join (or make) the day's room as the leaderboard does; future: its room id."""
    return MatrixRooms(client).ensure(room_name(daily), room_title(daily))


def post_pending(client: MatrixClient, timeout: float) -> int:
    return _post_pending(MatrixRooms(client), timeout=timeout)


@pytest.fixture
def clients(synapse):
    made: list[MatrixClient] = []

    def make(*names: str) -> list[MatrixClient]:
        for n in names:
            x = synapse.register(f"{n}{next(_names)}")
            made.append(MatrixClient(synapse.url, x["user_id"], x["device_id"], x["access_token"]).start())
        return made[-len(names):]
    yield make
    for c in made:
        c.stop()


def until(boards: list[Board], done, timeout: float = 30.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for b in boards:
            b.update(None)
        if done():
            return True
        time.sleep(0.01)
    return False


def listing(board: Board) -> list[tuple[int, str, float]]:
    return [(r.rank, r.verdict.sender, r.verdict.score) for r in board.rows()]


@pytest.mark.parametrize("game", ["linyo", "lineit"])
def test_two_clients_post_and_see_the_same_verified_board_forgeries_refused(clients, game, caplog):
    caplog.set_level(logging.INFO, logger="linebox.daily")
    daily = challenge(game)
    ann, bo, eve = clients("ann", "bo", "eve")
    boards = [Board(ann, daily), Board(bo, daily)]
    mine, theirs = played(daily, bot_seed=3, name="Ann"), played(daily, bot_seed=4, name="Bo")
    room = ensure_room(ann, daily).result(30)
    assert ensure_room(bo, daily).result(30) == room == ensure_room(eve, daily).result(30)
    ann.send(room, EVENT, make_content(daily, mine)).result(30)
    bo.send(room, EVENT, make_content(daily, theirs)).result(30)
    good = make_content(daily, played(daily, bot_seed=5, name="Eve"))
    forged = [
        {**good, "score": good["score"] + 7},                                        # not its record's score
        {**good, "file": {**good["file"], "record": {**good["file"]["record"], "seed": daily.seed + 1}}},
        {**good, "file": {**good["file"], "record": {**good["file"]["record"], "actions": []}}},
        {"v": 1, "game": game, "date": daily.date, "score": "lots"},                 # malformed
        {**good, "pad": "x" * (MAX_BYTES + 10)},                                     # oversized
    ]
    for content in forged:
        eve.send(room, EVENT, content).result(30)
    ann.send(room, EVENT, make_content(daily, theirs)).result(30)                    # ann's second attempt
    assert until(boards, lambda: all(len(b.rows()) == 2 and len(b.refused()) == 6 and not b.verifying
                                     for b in boards)), [b.refused() for b in boards]
    assert listing(boards[0]) == listing(boards[1])
    assert {s for _r, s, _score in listing(boards[0])} == {ann.user_id, bo.user_id}
    for b in boards:
        reasons = " | ".join(v.reason for v in b.refused())
        for words in ("does not match", "another seed", "malformed record", "malformed (", "oversized",
                      "repeats a counted attempt"):
            assert words in reasons, (words, reasons)
    assert "refused" in caplog.text
    # the listed entry opens as the game it was: the same record the player posted
    first = boards[1].rows()[0].verdict.event_id
    assert boards[1].file(first)["record"]["actions"] in (mine["record"]["actions"], theirs["record"]["actions"])
    # eve's real game, posted now, joins both boards
    eve.send(room, EVENT, good).result(30)
    assert until(boards, lambda: all(len(b.rows()) == 3 for b in boards))
    assert listing(boards[0]) == listing(boards[1])


def test_the_days_room_is_one_per_game_and_day(clients):
    (ann,) = clients("ann")
    a = ensure_room(ann, challenge("linyo")).result(30)
    b = ensure_room(ann, challenge("lineit")).result(30)
    assert a != b
    assert alias(room_name(challenge("linyo")), ann.user_id).startswith("#linebox-daily-linyo-")


def test_a_league_room_is_checked_the_same(clients):
    """A friends-only board: any room the players share, read and verified like the public one."""
    daily = challenge("linyo")
    ann, bo = clients("ann", "bo")
    room = ann.create_table({}, "league", [bo.user_id]).result(30)
    bo.join(room).result(30)
    ann.send(room, EVENT, make_content(daily, played(daily, bot_seed=8))).result(30)
    bo.send(room, EVENT, {**make_content(daily, played(daily, bot_seed=9)), "score": -3}).result(30)
    boards = [Board(ann, daily, room_id=room), Board(bo, daily, room_id=room)]
    assert until(boards, lambda: all(len(b.rows()) == 1 and len(b.refused()) == 1 for b in boards))
    assert listing(boards[0]) == listing(boards[1]) and listing(boards[0])[0][1] == ann.user_id


def test_a_homeserver_that_is_down_keeps_the_entry_until_it_is_back(clients, synapse, headless_home):
    daily = challenge("linyo")
    (ann,) = clients("ann")
    from game.files import history
    file = played(daily, bot_seed=6)
    kept = history.record_game("linyo", file["record"], file["seats"], game_id="g")
    assert attempts.queue_entry(daily, {"history": kept.id})
    synapse.stop()
    try:
        assert post_pending(ann, timeout=3) == 0
        assert len(attempts.queued()) == 1                # still on disk, nothing lost
    finally:
        synapse.start()
    assert post_pending(ann, timeout=30) == 1
    assert attempts.queued() == []
    board = Board(ann, daily)       # (the day's room holds the other tests' entries too)
    assert until([board], lambda: any(r.verdict.sender == ann.user_id for r in board.rows()))


def test_a_daily_of_another_day_is_not_listed_on_todays_board(clients):
    today = challenge("linyo")
    yesterday = Daily("linyo", today.day.fromordinal(today.day.toordinal() - 1))
    (ann,) = clients("ann")
    room = ensure_room(ann, today).result(30)
    ann.send(room, EVENT, make_content(yesterday, played(yesterday))).result(30)
    board = Board(ann, today)

    def mine() -> list:
        return [v for v in board.refused() if v.sender == ann.user_id]
    assert until([board], lambda: len(mine()) == 1)
    assert mine()[0].reason == "another day or game"
    assert all(r.verdict.sender != ann.user_id for r in board.rows())
