"""An online table: the game's own table scene, with the room's seats, a waiting line and chat.

`open_online_table(app, session, room_id)` opens the game's own table
(`game.shell.tables.build_table`) at the room's replica (the exact position the room
agreed on): our seats are people at this screen, every other seat (a friend
somewhere else, or the host's bot) is driven by the room
(`game.table.drivers.online`). The table hosts one component from here, the
strip on top (who we wait for, online or not) and the chat panel; the play is
the game's own.
"""
from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

import pygame

from game.shell.i18n import _, ngettext
from ..online.protocol import BOT
from ..table.drivers import TableOptions, online
from ..table.remote import RemoteTable
from ..table.spec import Hosted, TableSpec
from ..ui import text as T
from ..ui import theme as C
from ..ui.widgets import TextInput, panel

if TYPE_CHECKING:
    from game.shell.app import App
    from ..online.session import Session

CHAT_LINES = 6


def seat_name(user: str, me: str) -> str:
    """A seat's name at the table: "Bot", "You", or the Matrix user's local part."""
    if user == "bot":
        return _("Bot")
    if user == me:
        return _("You")
    return user[1:].split(":", 1)[0] if user.startswith("@") else user


def seat_names(setup: Any, seats: Any, me: str) -> str:
    """The names of some seats of a table, as a list ("Bo, Bot")."""
    return ", ".join(seat_name(setup.seats[s], me) for s in seats)


def not_joined_text(setup: Any, seats: Any, me: str) -> str:
    """Who the table waits for to join the room ("waiting for Bo to join")."""
    return ngettext("waiting for {names} to join", "waiting for {names} to join", len(seats)).format(
        names=seat_names(setup, seats, me))


def move_text(game: str, move: Any, setup: Any) -> str:
    """A move as the table's game log words it ("Bo takes 57 to the line"), in the player's
    language; `move` = (seat, the events the action caused). The log's own sentence of the
    event about the seat that moved, without its full stop (the hub shows it in a row)."""
    if move is None:
        return ""
    seat, events = move
    if not events:
        return ""
    event = next((e for e in events if getattr(e, "seat", None) == seat), events[0])

    def name(p: int) -> str:        # the log's sentences are third person: our own seat by its name too
        return seat_name(setup.seats[p], "") if 0 <= p < len(setup.seats) else "?"
    from game.shell.frontends import frontend
    return str(frontend(game).event_text(event, name)).rstrip(".")


def online_game_id(room_id: str) -> str:
    """The statistics' id of a room's game (at most 40 characters): it counts once, however
    often the table is opened."""
    return "online:" + hashlib.sha256(room_id.encode()).hexdigest()[:24]


def table_config(setup: Any, me: str, room_id: str) -> dict:
    """The table's setup config (game.shell.tables) for a room's setup, seen from `me`."""
    mine = set(setup.seat_of(me))
    difficulties = setup.options.get("difficulties") or [2] * setup.players
    # our own seat goes by our user name, not "You": the log's sentences are third person
    # ("{name} takes 66 to the line"), and the panel's tag already says "you"
    seats = [{"name": seat_name(user, ""), "kind": "human" if i in mine else "bot",
              "level": None if i in mine else setup.bot_level, "difficulty": int(difficulties[i]),
              # another player's seat: played by the room like a bot, but a person, shown as one
              "remote": i not in mine and user != BOT}
             for i, user in enumerate(setup.seats)]
    return {"game": setup.game, "seats": seats, "first_seat": setup.options.get("first_seat"),
            "seed": 0, "final_plays": setup.options.get("final_plays", 1),
            "sheet": setup.options.get("sheet", "A"), "online": room_id,
            "game_id": online_game_id(room_id)}


class OnlineStrip(Hosted):
    """What an online table adds on top: the waiting line and the chat (changes no game state)."""

    def __init__(self, scene: Any, session: "Session", room_id: str) -> None:
        self.scene = scene
        self.session = session
        self.room_id = room_id
        self.open = False
        self.draft = ""
        self.input = TextInput("", self._typed, placeholder=lambda: _("Say something to the table"),
                               max_len=200, font_size=22)
        self.toggle_rect = pygame.Rect(0, 0, 0, 0)
        self.text_room = 0                  # how wide the waiting text may be (`place`)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.seen_chat = 0

    def _typed(self, text: str) -> None:
        self.draft = text

    def chat(self) -> list[tuple[str, str]]:
        t = self.session.tables.tables.get(self.room_id)
        return t.chat if t is not None else []

    def waiting_text(self) -> str:
        tables = self.session.tables
        t = tables.tables.get(self.room_id)
        if not tables.online:
            return _("Connection lost: trying again… Your moves are sent once it is back.")
        if t is None:
            return _("Reading the table…")
        if t.replica.broken:
            return _("A move was removed from this table's room: the table waits until the host restores it.")
        if tables.throttled_for() > 0:
            from .online_errors import throttle_text
            return throttle_text(tables.throttled_for())
        state = self.scene.tg.state
        if state.is_over:
            return _("The game is over.")
        waiting = t.waiting_for()
        mine = set(t.setup.seat_of(self.session.me))
        if any(s in mine for s in waiting):
            return _("Your move.")
        absent = t.not_joined()
        if absent:
            return ngettext("Waiting for {names} to join the table.", "Waiting for {names} to join the table.",
                            len(absent)).format(names=seat_names(t.setup, absent, self.session.me))
        if getattr(state, "chance_needed", None) is not None:
            return _("Waiting for the host to deal or roll…")
        names = seat_names(t.setup, waiting, self.session.me)
        return _("Waiting for {names}.").format(names=names) if names else ""

    # ------------------------------------------------------------ layout/draw
    def place(self, surface: pygame.Surface) -> None:
        lay = self.scene.app.lay
        w, h = surface.get_size()
        # the table says where the strip goes (over nothing it shows: Linyo right of its heading,
        # Line-it in the row of its middle labels); the text gets the rest of that row
        area = self.scene.strip_area(lay) if hasattr(self.scene, "strip_area") else \
            pygame.Rect(lay.px(12), lay.px(12), w - lay.px(24), lay.px(40))
        left = area.x
        self.toggle_rect = pygame.Rect(left, area.y, lay.px(150), area.h)
        self.text_room = max(0, area.right - self.toggle_rect.right - lay.px(16))
        bw = min(lay.px(560), w // 2)
        self.box = pygame.Rect(left, self.toggle_rect.bottom + lay.px(8), bw, lay.px(36) * (CHAT_LINES + 1) + lay.px(24))
        self.input.rect = pygame.Rect(self.box.x + lay.px(10), self.box.bottom - lay.px(46), bw - lay.px(20), lay.px(38))

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        lay = self.scene.app.lay
        self.place(surface)
        drawn = []
        line = T.safe(self.waiting_text(), 160)
        unread = len(self.chat()) - self.seen_chat if not self.open else 0
        label = _("Chat") + (f" ({unread})" if unread > 0 else "")
        panel(surface, self.toggle_rect, lay, C.PANEL, C.ACCENT if unread > 0 else C.PANEL_EDGE, radius=10, shadow=False)
        T.blit_text(surface, label, lay.font_px(22), C.TEXT, self.toggle_rect.center, "center")
        drawn.append(self.toggle_rect.inflate(4, 4))
        if line:
            size = T.fit_size((line,), lay.font_px(24), self.text_room)
            line = T.cut(line, size, self.text_room)
            r = T.blit_text(surface, line, size, C.ACCENT if not self.session.tables.online else C.TEXT,
                            (self.toggle_rect.right + lay.px(16), self.toggle_rect.centery), "midleft")
            drawn.append(r.inflate(4, 4))
        if self.open:
            panel(surface, self.box, lay, C.PANEL, C.PANEL_EDGE, radius=12, shadow=False)
            y = self.box.y + lay.px(10)
            for sender, body in self.chat()[-CHAT_LINES:]:
                text = T.safe(f"{seat_name(sender, self.session.me)}: {body}", 90)
                T.blit_text(surface, text, lay.font_px(20), C.TEXT, (self.box.x + lay.px(12), y))
                y += lay.px(34)
            self.input.draw(surface, lay)
            drawn.append(self.box.inflate(4, 4))
        return drawn

    # ------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.toggle_rect.collidepoint(event.pos):
                self.set_open(not self.open)
                return True
            if self.open and self.box.collidepoint(event.pos):
                self.input.set_focus(True)
                return self.input.handle(event) or True
            if self.input.focused:
                self.input.set_focus(False)
            return False
        if not self.input.focused:
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.send()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.input.set_focus(False)
            return True
        return self.input.handle(event) or event.type in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.TEXTEDITING)

    def set_open(self, on: bool) -> None:
        self.open = on
        self.seen_chat = len(self.chat())
        self.input.set_focus(on)

    def send(self) -> None:
        text = self.draft.strip()
        if text:
            self.session.tables.chat_send(self.room_id, text)
        self.draft = self.input.text = ""
        self.input.caret = 0

    def update(self, dt: float) -> None:
        self.input.update(dt)
        if self.open:
            self.seen_chat = len(self.chat())


def online_spec(app: "App", session: "Session", room_id: str) -> TableSpec:
    """The table of the room at the replica's position (raises KeyError for a room not loaded)."""
    t = session.tables.tables[room_id]
    room = RemoteTable(session, room_id, lambda: open_online_table(app, session, room_id))
    return TableSpec(t.setup.game, table_config(t.setup, session.me, room_id), state=t.replica.state.clone(),
                     drivers=online(room), options=TableOptions(at_rest=True),
                     components=(lambda table: OnlineStrip(table, session, room_id),))


def make_online_scene(app: "App", session: "Session", room_id: str) -> Any:
    """The online table scene for the room (raises KeyError for a room not loaded)."""
    from game.shell.tables import build_table
    scene = build_table(app, online_spec(app, session, room_id))
    session.tables.tables[room_id].unread = 0
    return scene


def kept_history_id(room_id: str) -> str | None:
    """The history entry of the room's game, if a table of ours kept it: the statistics' row of
    the game (counted under the room's game id) names it, and the history still holds it."""
    from game.files import history, stats
    game_id = online_game_id(room_id)
    kept = next((row.get("history") for row in reversed(stats.load()["history"]) if row.get("id") == game_id), None)
    return kept if kept is not None and kept in history.load().ids() else None


def open_replay(app: "App", session: "Session", room_id: str) -> None:
    """The room's game in the replay viewer, from our seat: the history's entry when the table kept
    it (the same viewer as History's), else the room's own record (a game that ended while we
    were not at the table)."""
    from ..replay import open_history_entry
    from ..replay.model import Replay
    from ..replay.scene import ReplayScene
    t = session.tables.tables[room_id]
    mine = t.setup.seat_of(session.me)
    seat = mine[0] if mine else None
    kept = kept_history_id(room_id)
    if kept is not None:
        open_history_entry(app, kept, seat=seat)
        return
    seats = table_config(t.setup, session.me, room_id)["seats"]
    app.push(ReplayScene(app, Replay.from_state(t.setup.game, t.replica.state.clone(), seats), seat=seat))


def open_online_table(app: "App", session: "Session", room_id: str) -> None:
    """Open (or open again, after the room disagreed) the table of `room_id` as the app's scene."""
    app.reset(make_online_scene(app, session, room_id))
