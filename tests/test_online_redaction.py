"""A guest's redaction can neither freeze nor fork a table (issue 36, item 4), on a real Synapse.

New tables deny guests redactions (the room's power levels); in a room made before that, a move
its guest redacted while the host was away is put back by the guest's own client, and the host,
coming back to a room where the move is already gone, goes on from the same position.
"""
from __future__ import annotations

import pytest

from synapse_server import NAMES as _names
from test_online import Player, finish, same_game, seat_table

pytest.importorskip("nio")

from game.online import client as client_module  # noqa: E402
from game.online.bench import autoplay, pump  # noqa: E402
from game.online.client import MatrixError, _check  # noqa: E402

#: the power levels table rooms were made with before guests lost the right to redact
OLD_TABLE_POWER = {"events": {"org.linebox.table": 100}, "invite": 100}


@pytest.fixture
def players(synapse, tmp_path):
    made: list[Player] = []

    def make(*names: str) -> list[Player]:
        new = [Player(synapse, tmp_path, f"{n}{next(_names)}r") for n in names]
        made.extend(new)
        return new
    yield make
    for p in made:
        p.stop()


def _redact(p: Player, room: str, event_id: str) -> None:
    """Redact as any Matrix client can (Element's "Remove message"); MatrixError if the room refuses."""
    async def go(c):
        _check(await c.room_redact(room, event_id, "removed"))
    p.client._submit(go).result(30)


def _posted_by(p: Player, room: str, after: int) -> list[dict]:
    """The game events `p` posted at numbers from `after` on (an action, or a batch holding one)."""
    out = []
    for e in p.client.history(room).result(30):
        content = e.get("content") or {}
        if e.get("sender") != p.id or not e.get("type", "").startswith("org.linebox."):
            continue
        items = content.get("items") if e["type"] == "org.linebox.batch" else [{"content": content}]
        if any(isinstance(i, dict) and (i.get("content") or {}).get("seq", -1) >= after for i in items or []):
            out.append(e)
    return out


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_a_new_table_refuses_a_guests_redaction(players, game):
    ann, bo = players("ann", "bo")
    room = seat_table(ann, [bo], game, [ann.id, bo.id], {"first_seat": 1})
    bots: dict = {}
    assert pump([ann.tables, bo.tables], lambda: bool(_posted_by(bo, room, 0)), 60, bots)
    move = _posted_by(bo, room, 0)[0]
    with pytest.raises(MatrixError) as refused:
        _redact(bo, room, move["event_id"])
    assert "M_FORBIDDEN" in str(refused.value) or "403" in str(refused.value)
    finish(room, [ann, bo], bots)
    assert not bo.tables.tables[room].replica.redacted_known


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_a_move_redacted_while_the_host_is_away_neither_freezes_nor_forks_an_old_table(
        players, synapse, tmp_path, monkeypatch, game):
    monkeypatch.setattr(client_module, "TABLE_POWER", OLD_TABLE_POWER)
    ann, bo = players("ann", "bo")
    room = seat_table(ann, [bo], game, [ann.id, bo.id], {"first_seat": 1})
    bots: dict = {}
    # play a little, then only ann plays until bo may move and ann has nothing in flight
    assert pump([ann.tables, bo.tables], lambda: ann.tables.tables[room].replica.next_seq >= 4, 90, bots)
    assert pump([ann.tables, bo.tables], lambda: bo.tables.slot(room, 1) is not None
                and ann.tables.waiting_sends(room) == 0, 90, step=lambda: autoplay(ann.tables, bots))
    ann.stop()                                          # the host's app is closed
    mark = bo.tables.tables[room].replica.next_seq
    # bo moves while the host is away, then redacts what he posted
    assert pump([bo.tables], lambda: bool(_posted_by(bo, room, mark)) and bo.tables.waiting_sends(room) == 0
                and bo.tables.slot(room, 1) is None, 60, bots)
    victim = _posted_by(bo, room, mark)[0]["event_id"]
    _redact(bo, room, victim)
    t = bo.tables.tables[room]
    # bo's own client puts it back (nothing is left to send afterwards)
    assert pump([bo.tables], lambda: victim in t.restores_posted and bo.tables.waiting_sends(room) == 0
                and not t.replica.broken, 60)
    # the host comes back to a room whose move is already gone: it reads the guest's copy and goes on
    back = Player(synapse, tmp_path, login=ann.login)
    try:
        loaded = back.tables.resume_all()
        assert pump([back.tables, bo.tables], lambda: loaded.done() and room in back.tables.tables
                    and not back.tables.loading(), 60)
        r = back.tables.tables[room].replica
        assert pump([back.tables, bo.tables], lambda: not r.broken and r.next_seq >= t.replica.next_seq, 60)
        assert not any(p.kind == "broken" for p in back.tables.problems)
        finish(room, [back, bo], bots, timeout=240)
        same_game(room, back, bo)
        assert r.tampered == [] and t.replica.tampered == []
    finally:
        back.stop()

