"""An online table's setup config, seen from one player (no homeserver needed)."""
from __future__ import annotations

from engine.lineit import events as E
from game.lineit_table.log import event_text
from game.online.protocol import BOT, TableSetup
from game.scenes.online_table import table_config


def test_own_seat_is_named_by_user_name_so_the_log_reads_well():
    setup = TableSetup("lineit", 3, {"final_plays": 1}, ("@alice:hs.test", "@bob:hs.test", BOT), "@alice:hs.test")
    config = table_config(setup, "@bob:hs.test", "!room:hs.test")
    names = [s["name"] for s in config["seats"]]
    assert names == ["alice", "bob", "Bot"]
    text = event_text(E.TurnEnded(seat=1), lambda i: names[i])
    assert text == "bob ends the turn."


def test_other_players_seats_are_remote_people_not_bots():
    """The room plays the other seats (kind "bot" to the table), but only the bot seat is a bot:
    the others are marked remote, so the Line-it table tags them "player" and shows no "thinking…"."""
    setup = TableSetup("lineit", 3, {"final_plays": 1}, ("@alice:hs.test", "@bob:hs.test", BOT), "@alice:hs.test")
    seats = table_config(setup, "@bob:hs.test", "!room:hs.test")["seats"]
    assert [s["remote"] for s in seats] == [True, False, False]
    assert [s["kind"] for s in seats] == ["bot", "human", "bot"]
