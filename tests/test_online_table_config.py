"""An online table's setup config, seen from one player (no homeserver needed)."""
from __future__ import annotations

from engine.lineit import events as E
from game.lineit_table.texts import event_text
from game.online.protocol import BOT, TableSetup
from game.scenes.online_table import table_config


def test_own_seat_is_named_by_user_name_so_the_log_reads_well():
    setup = TableSetup("lineit", 3, {"final_plays": 1}, ("@alice:hs.test", "@bob:hs.test", BOT), "@alice:hs.test")
    config = table_config(setup, "@bob:hs.test", "!room:hs.test")
    names = [s["name"] for s in config["seats"]]
    assert names == ["alice", "bob", "Bot"]
    text = event_text(E.TurnEnded(seat=1), lambda i: names[i])
    assert text == "bob ends the turn."
