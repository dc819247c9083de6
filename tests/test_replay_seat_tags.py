"""The replay viewer's seat tags: "you" only on the seat that was the local player's, the seat
watched from marked as watched, a hot-seat game's people as players, an online game's other
people as players (not bots). Headless, the real scene loop, keys as events."""
from __future__ import annotations

import pygame

from engine.bots.arena import seat_game
from game.files import history
from game.shell import i18n
from game.lineit_table import draw
from game.replay.model import Replay
from game.replay.scene import ReplayScene

from test_replay import app  # noqa: E402,F401  (the fixture: an App at the menu, 1280×720)


def lineit_game(players: int, moves: int = 12):
    state, _seated, bots = seat_game("lineit", ["easy"] * players, 0, 3, {})
    while not state.is_over and len(state.to_json()["actions"]) < moves:
        seat = state.current_seat
        state.apply(bots[seat].choose(state.view(seat)))
    return state


def seat_list(kinds: str) -> list[dict]:
    return [{"name": "Ann Bo Cy".split()[i], "kind": "human" if k == "h" else "bot",
             "level": None if k == "h" else "easy"} for i, k in enumerate(kinds)]


def tags(app, viewer: ReplayScene) -> list[str]:
    """The tag beside each seat's name, as the table draws it."""
    app.step(1 / 60)
    table = viewer.table
    found = {item.key[1]: item.desc[0] for item in draw.text_items(table)
             if isinstance(item.key, tuple) and item.key[0] == "tag"}
    return [found[p] for p in range(len(viewer.rp.seats))]


def next_seat(app) -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_CTRL, unicode="", scancode=0))


def test_you_stays_with_the_player_and_the_watched_seat_says_so(app):
    rp = Replay.from_state("lineit", lineit_game(3), seat_list("hbb"))
    viewer = ReplayScene(app, rp, seat=0, k=rp.n)
    app.push(viewer)
    assert tags(app, viewer) == ["you · watched", "easy bot", "easy bot"]
    next_seat(app)                                   # Ctrl+Tab: watch from Bo's seat
    assert viewer.seat == 1
    assert tags(app, viewer) == ["you", "easy bot · watched", "easy bot"]
    i18n.set_language("de")
    assert tags(app, viewer)[0] == "du" and tags(app, viewer)[1].endswith("· beobachtet")
    i18n.set_language("fr")
    assert tags(app, viewer)[0] == "vous" and tags(app, viewer)[1].endswith("· observé")


def test_a_hot_seat_game_has_players_and_no_you(app):
    rp = Replay.from_state("lineit", lineit_game(3), seat_list("hhb"))
    viewer = ReplayScene(app, rp, seat=2, k=rp.n)
    app.push(viewer)
    assert tags(app, viewer) == ["player", "player", "easy bot · watched"]
    next_seat(app)
    assert tags(app, viewer) == ["player · watched", "player", "easy bot"]


def test_an_online_game_from_the_history_shows_the_other_person_as_a_player(app):
    """An online table keeps its game with the other person's seat played by the room: in the
    replay that seat is a player, not a bot, and "you" is ours."""
    from game.online.protocol import TableSetup
    from game.scenes.online_table import table_config
    setup = TableSetup("lineit", 2, {"final_plays": 1}, ("@ann:x.org", "@bo:x.org"), "@ann:x.org", "normal")
    kept = history.record_game("lineit", lineit_game(2).to_json(), table_config(setup, "@bo:x.org", "!r:x.org")["seats"])
    assert kept is not None
    rp = Replay.from_file(history.game_file(kept.id), kept.id)
    viewer = ReplayScene(app, rp, k=rp.n)
    app.push(viewer)
    assert viewer.seat == 1                          # our seat first
    assert tags(app, viewer) == ["player", "you · watched"]
