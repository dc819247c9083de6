"""The online schema and the table replica, without a network (fast)."""
from __future__ import annotations

import doctest

import pytest

from game.online import protocol
from game.online.host import HostDuty
from game.online.protocol import ACTION, CHANCE, ProtocolError, TableSetup, parse_action, parse_chance
from game.online.rules import has_external_chance, next_slot, same_roll

HOST, GUEST, EVE = "@ann:x.org", "@bo:y.org", "@eve:z.org"


def test_doctests():
    assert doctest.testmod(protocol).failed == 0


@pytest.mark.parametrize("content,why", [
    ("not an object", "not a JSON object"),
    ({"seq": 0, "seat": 0, "action": "end"}, "format version"),
    ({"v": 1, "seq": True, "seat": 0, "action": "end"}, "seq"),
    ({"v": 1, "seq": 0, "seat": 9, "action": "end"}, "seat"),
    ({"v": 1, "seq": 0, "seat": 0, "action": ""}, "action"),
    ({"v": 1, "seq": 0, "seat": 0, "action": "end\n"}, "action"),
    ({"v": 1, "seq": 0, "seat": 0, "action": "end", "pad": "x" * 5000}, "bytes"),
])
def test_bad_actions_say_why(content, why):
    with pytest.raises(ProtocolError, match=why):
        parse_action(content)


def test_bad_chance_and_setup_say_why():
    with pytest.raises(ProtocolError, match="outcome"):
        parse_chance({"v": 1, "seq": 0, "at": 0, "kind": "deal", "outcome": [1, 2]})
    good = TableSetup("linyo", 2, {"sheet": "A"}, (HOST, "bot"), HOST).to_content()
    for change, why in [({"game": "chess"}, "unknown game"), ({"players": 7}, "players"),
                        ({"seats": [HOST, "nobody"]}, "neither"), ({"host": "ann"}, "host"),
                        ({"options": {"sheet": "C"}}, "option sheet"), ({"options": {"speed": 1}}, "no option"),
                        ({"options": {"difficulties": [2]}}, "difficulties"), ({"bot_level": "god"}, "bot_level")]:
        with pytest.raises(ProtocolError, match=why):
            TableSetup.from_content({**good, **change})


needs_engine = pytest.mark.skipif(not has_external_chance(),
                                  reason="needs the engine's external chance (issue 15 branches not merged yet)")


def _event(n, kind, sender, content):
    return {"type": kind, "sender": sender, "content": content, "event_id": f"${n}"}


@needs_engine
@pytest.mark.parametrize("game,options", [("lineit", {"first_seat": 1}), ("linyo", {"sheet": "B", "first_seat": 2})])
def test_replicas_agree_and_ignore_forgeries(game, options):
    from engine.bots import make_bot
    from game.online.replica import TableReplica
    setup = TableSetup(game, 3, options, (HOST, "bot", GUEST), HOST, "easy")
    a, b = TableReplica(setup), TableReplica(setup)
    host = HostDuty(setup, 99)
    guest_bot = make_bot(game, "easy", seed=3)
    me_bot = make_bot(game, "easy", seed=4)
    n = 0
    while not a.state.is_over and n < 5000:
        out = []
        c = host.chance(host.project(a, {}, {}))
        if c is not None:
            out.append((CHANCE, HOST, c.to_content()))
        for m in host.bot_moves(a, {}):
            out.append((ACTION, HOST, m.to_content()))
        for seat, who, bot in ((0, HOST, me_bot), (2, GUEST, guest_bot)):
            slot = next_slot(a.state, seat, a.next_seq, same_roll=same_roll(setup))
            if slot:
                seq, pos = slot
                text = str(bot.choose(pos.view(seat)))
                # a forger first: the same move from someone without the seat, then garbage
                out.append((ACTION, EVE, {"v": 1, "seq": seq, "seat": seat, "action": text}))
                out.append((ACTION, who, {"v": 1, "seq": seq, "seat": seat, "action": "nonsense 1"}))
                out.append((ACTION, who, {"v": 1, "seq": seq, "seat": seat, "action": text}))
        for kind, sender, content in out:
            n += 1
            for r in (a, b):
                r.receive(_event(n, kind, sender, content))
    assert a.state.is_over and a.state.to_json() == b.state.to_json()
    eve = [r for r in a.rejected if r.sender == EVE]
    assert eve and all("does not hold seat" in r.reason for r in eve)
    assert any("refused" in r.reason or "already taken" in r.reason for r in a.rejected)
