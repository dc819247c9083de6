"""Play online: sign in, your online tables, invitations, a new table, sign out.

One scene with two faces: signed out, the account form (homeserver,
user, password; sign in or register); signed in, the list of your tables
(whose turn, last move, unread), invitations to accept or decline, "New
online table" and "Sign out". At a table we host, each other player's seat
has a button beside the table's row that seats a bot for them (a player
who left), after a confirm. Every request is a Future looked at on a
later frame: the screen shows "…" while it waits and a plain sentence when
it fails (see `online_errors`).
"""
from __future__ import annotations

import concurrent.futures
import functools
import threading
from typing import TYPE_CHECKING, Any

import pygame

from game.shell import tables as game_tables
from game.shell.i18n import N_, _
from ..online import account, session
from game.shell.scene import WidgetScene
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout
from ..ui.widgets import Button, TextInput, Widget
from .common import header, hint
from .online_errors import address_note, plain_error, problem_text, throttle_text
from .online_table import move_text, not_joined_text, open_online_table, open_replay, seat_name, seat_names

if TYPE_CHECKING:
    from game.shell.app import App

ROW_FONT = 28           # a table's row says five things: a size below the buttons' leaves room for them
MIN_LAST_CHARS = 16     # a last move cut shorter than this says too little: the row drops it


def _invitation_label(who: str) -> str:
    return _("Invitation from {who}: accept").format(who=who)


def _bot_label(who: str) -> str:
    return _("Bot for {who}").format(who=who)


class SecretInput(TextInput):
    """A password field: drawn as dots, never kept after the request."""

    def draw(self, surface: pygame.Surface, lay: Layout) -> None:
        text = self.text
        self.text = "•" * len(text)
        try:
            super().draw(surface, lay)
        finally:
            self.text = text


class OnlineScene(WidgetScene):
    name = "online"

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.busy: tuple[concurrent.futures.Future, str, Any] | None = None   # (future, what, extra)
        self.cancel: threading.Event | None = None     # set by Back: a sign-in still on its way is not kept
        self.error = ""
        self.sig: Any = None
        self.rows: list[tuple[Button, str]] = []
        self.side: set[Button] = set()      # buttons beside the row above them (Decline, Bot for …)
        self.s = session.current()
        self.server = TextInput("matrix.org", lambda v: None, N_("Homeserver, e.g. matrix.org"), max_len=120)
        self.user = TextInput("", lambda v: None, N_("User name"), max_len=120)
        self.password = SecretInput("", lambda v: None, N_("Password"), max_len=200)
        self.b_sign_in = Button(N_("Sign in"), lambda: self.authenticate(False), "primary")
        self.b_register = Button(N_("Register"), lambda: self.authenticate(True))
        self.b_new = Button(N_("New online table"), self.open_new, "primary")
        self.b_sign_out = Button(N_("Sign out"), self.sign_out, "quiet")
        self.b_back = Button(N_("Back"), self.back, "quiet")
        self.rebuild()

    # ------------------------------------------------------------ widgets
    def rebuild(self) -> None:
        if self.s is None:
            self.widgets = [self.server, self.user, self.password, self.b_sign_in, self.b_register, self.b_back]
            self.rows = []
        else:
            self.rows = []
            self.side = set()
            tables = self.s.tables
            for room_id, sender in sorted(tables.invites.items()):
                who = seat_name(sender, self.s.me) if sender else "?"
                self.rows.append((Button(functools.partial(_invitation_label, who),
                                         functools.partial(self.accept, room_id), "primary"), room_id))
                self.rows.append((Button(N_("Decline"), functools.partial(self.decline, room_id), "quiet"), room_id))
                self.side.add(self.rows[-1][0])
            for summary in sorted(tables.summaries(), key=lambda x: (x.over, not x.my_turn, x.room_id)):
                row = Button("", functools.partial(self.open, summary.room_id),
                             "primary" if summary.my_turn and not summary.over else "normal", font_size=ROW_FONT)
                row.label = lambda x=summary, b=row: self.fit_row(b, self.describe_parts(x))
                self.rows.append((row, summary.room_id))
                if summary.over:
                    self.rows.append((Button(N_("Watch replay"), functools.partial(self.watch_replay, summary.room_id),
                                             "quiet", font_size=24), summary.room_id))
                    self.side.add(self.rows[-1][0])
                    self.rows.append((Button(N_("Archive"), functools.partial(self.ask_archive, summary.room_id),
                                             "quiet", font_size=24), summary.room_id))
                    self.side.add(self.rows[-1][0])
                for seat in self.bot_seats(summary):
                    who = seat_name(tables.tables[summary.room_id].setup.seats[seat], self.s.me)
                    self.rows.append((Button(functools.partial(_bot_label, who),
                                             functools.partial(self.ask_seat_bot, summary.room_id, seat), "quiet",
                                             font_size=24), summary.room_id))
                    self.side.add(self.rows[-1][0])
            buttons: list[Widget] = [b for b, _r in self.rows]
            self.widgets = buttons + [self.b_new, self.b_sign_out, self.b_back]
        self.set_focus(None)
        if hasattr(self.app, "lay"):
            self.layout(self.app.lay)

    def fit_row(self, button: Button, parts: list[str]) -> str:
        """A table's line as wide as its button allows: the other players make way first (the last
        move names who moved), then the last move is cut short, then it goes, then the unread count;
        the game and whose turn always stay."""
        lay = self.app.lay
        room = button.rect.w - lay.px(40)
        size = lay.font_px(button.font_size)
        game, others, turn, last, new = parts

        def fits(keep: list[str]) -> str | None:
            line = " · ".join(p for p in keep if p)
            return line if T.width(line, size, bold=True) <= room else None
        for keep in ([game, others, turn, last, new], [game, turn, last, new]):
            if (line := fits(keep)) is not None:
                return line
        for n in range(len(last) - 1, MIN_LAST_CHARS - 1, -1):
            if (line := fits([game, turn, last[:n].rstrip() + "…", new])) is not None:
                return line
        for keep in ([game, others, turn, new], [game, turn, new]):
            if (line := fits(keep)) is not None:
                return line
        return " · ".join(p for p in (game, turn) if p)

    def describe_parts(self, x: Any) -> list[str]:
        """One table's line in parts: game, the other players, whose turn, last move, unread."""
        t = self.s.tables.tables.get(x.room_id) if self.s else None
        me = self.s.me if self.s else ""   # called while signed in: there is always a session
        game = game_tables.GAME_NAMES.get(x.game, x.game)
        if x.broken:
            turn = _("a move was removed: waiting for the host")
        elif x.over:
            turn = _("finished")
        elif x.my_turn:
            turn = _("your turn")
        elif t is not None and x.not_joined:
            turn = not_joined_text(t.setup, x.not_joined, me)
        elif t is not None and x.waiting_for:
            turn = _("waiting for {names}").format(names=seat_names(t.setup, x.waiting_for, me))
        else:
            turn = _("waiting for the host")
        others = ", ".join(seat_name(u, me) for u in t.setup.seats if u != me) if t else ""
        if x.strangers:   # in the room without a seat: they cannot play, but the players should know
            others += " · " + _("⚠ also in the room: {names}").format(
                names=", ".join(seat_name(u, me) for u in x.strangers))
        move = move_text(x.game, x.last_move, t.setup) if t is not None else ""
        last = _("last: {move}").format(move=T.safe(move, 60)) if move else ""
        new = _("new: {n}").format(n=x.unread) if x.unread else ""
        return [game, T.safe(others, 60), turn, last, new]

    def bot_seats(self, x: Any) -> list[int]:
        """The seats a bot may take at this table: other players' seats, at a game we host that goes on."""
        if self.s is None:
            return []
        t = self.s.tables.tables.get(x.room_id)
        if t is None or x.over or t.setup.host != self.s.me:
            return []
        return [i for i, user in enumerate(t.setup.seats) if user not in ("bot", self.s.me)]

    def signature(self) -> Any:
        if self.s is None:
            return None
        t = self.s.tables
        # the summaries too: a row's label reads the summary taken at rebuild, so whose turn,
        # the last move and the unread count must rebuild the rows when they change
        return (tuple(sorted(t.invites)), tuple(sorted((r, x.setup.seats) for r, x in t.tables.items())),
                tuple(sorted(t.summaries(), key=lambda x: x.room_id)))

    # ------------------------------------------------------------ actions
    def authenticate(self, register: bool) -> None:
        if self.busy is not None:
            return
        server, user, password = self.server.text.strip(), self.user.text.strip(), self.password.text
        if not (server and user and password):
            self.error = _("Fill in the homeserver address, your user name and your password.")
            return
        self.error = ""
        self.cancel = threading.Event()
        fut = (account.register if register else account.sign_in)(server, user, password, self.cancel)
        self.password.text = ""            # the password goes with the request, nowhere else
        self.password.caret = 0
        self.busy = (fut, "register" if register else "sign_in", server)

    def accept(self, room_id: str) -> None:
        if self.s is not None and self.busy is None:
            self.busy = (self.s.tables.accept(room_id), "accept", room_id)

    def decline(self, room_id: str) -> None:
        if self.s is not None and self.busy is None:
            self.s.tables.invites.pop(room_id, None)
            self.busy = (self.s.client.leave(room_id), "decline", room_id)
            self.rebuild()

    def open(self, room_id: str) -> None:
        if self.s is None or room_id not in self.s.tables.tables:
            self.error = _("This table is still being read from the homeserver.")
            return
        open_online_table(self.app, self.s, room_id)

    def watch_replay(self, room_id: str) -> None:
        if self.s is not None and room_id in self.s.tables.tables:
            open_replay(self.app, self.s, room_id)

    def ask_seat_bot(self, room_id: str, seat: int) -> None:
        """Host: a bot for a player who left, once the host has said yes."""
        if self.s is None or room_id not in self.s.tables.tables:
            return
        who = seat_name(self.s.tables.tables[room_id].setup.seats[seat], self.s.me)
        self.app.confirm(_("A bot plays {who}'s seat from now on, to the end of this game. Seat a bot?").format(who=who),
                         lambda: self.seat_bot(room_id, seat), _("Seat a bot"))

    def seat_bot(self, room_id: str, seat: int) -> None:
        if self.s is not None and self.busy is None:
            self.busy = (self.s.tables.seat_bot(room_id, seat), "seat_bot", room_id)

    def open_new(self) -> None:
        if self.s is not None:
            self.app.open("online_new", self.s)

    def ask_archive(self, room_id: str) -> None:
        """A finished table leaves the list for good (we leave its room), after a confirm."""
        self.app.confirm(_("Archive this finished table? It leaves your list; its replay stays in your history."),
                         lambda: self.archive(room_id), _("Archive"))

    def archive(self, room_id: str) -> None:
        if self.s is not None and self.busy is None:
            self.busy = (self.s.tables.archive(room_id), "archive", room_id)

    def back(self) -> None:
        """Esc / Back: while signing in, it cancels the attempt (a late answer is not kept); else it leaves."""
        if self.busy is not None and self.busy[1] in ("sign_in", "register"):
            if self.cancel is not None:
                self.cancel.set()
            self.busy = None
            self.error = _("Sign-in cancelled.")
            return
        super().back()

    def sign_out(self) -> None:
        session.sign_out()
        self.s = None
        self.error = ""
        self.rebuild()

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        super().update(dt)
        for w in self.widgets:
            w.update(dt)
        if self.s is not None:
            self.s.poll()
            if self.s.tables.problems and not self.error:
                self.error = problem_text(self.s.tables.problems[-1])
        if self.busy is not None and self.busy[0].done():
            fut, what, extra = self.busy
            self.busy = None
            exc = fut.exception()
            if exc is not None:
                self.error = plain_error(exc, extra if what in ("sign_in", "register") else "")
            elif what in ("sign_in", "register"):
                self.s = session.begin(fut.result())
                self.rebuild()
            elif what == "accept" and self.s is not None:
                self.s.tables.resume(extra)
        if self.signature() != self.sig:
            self.sig = self.signature()
            self.rebuild()

    def layout(self, lay: Layout) -> None:
        w = min(1300.0, lay.logical_w - 120)
        x = (lay.logical_w - w) / 2
        top, row, gap = 200.0, 64.0, 12.0
        if self.s is None:
            for i, wdg in enumerate([self.server, self.user, self.password]):
                wdg.rect = lay.rect(x + w * 0.2, top + i * (row + gap), w * 0.6, row)
            y = top + 3 * (row + gap) + 20
            self.b_sign_in.rect = lay.rect(x + w * 0.2, y, w * 0.29, row)
            self.b_register.rect = lay.rect(x + w * 0.51, y, w * 0.29, row)
            self.b_back.rect = lay.rect(lay.logical_w / 2 - 160, y + row + 120, 320, row)
            return
        room = max(1, int((lay.logical_h - top - 260) // (row + gap)))
        y = top
        side_w = w * 0.22
        main: Button | None = None
        sides = shown = 0
        for b, _room_id in self.rows:
            if b in self.side and main is not None:      # beside the row above, from the right
                sides += 1
                b.visible = main.visible
                b.rect = lay.rect(x + w - sides * side_w - (sides - 1) * 0.02 * w, y - (row + gap), side_w, row)
                main.rect = lay.rect(x, y - (row + gap), w - sides * (side_w + 0.02 * w), row)
                continue
            main, sides = b, 0
            b.visible = shown < room
            shown += 1
            b.rect = lay.rect(x, y, w, row)
            y += row + gap
        y = max(y + 20, lay.logical_h - 220)
        self.b_new.rect = lay.rect(x, y, w * 0.48, row)
        self.b_sign_out.rect = lay.rect(x + w * 0.52, y, w * 0.48, row)
        self.b_back.rect = lay.rect(lay.logical_w / 2 - 160, y + row + gap, 320, row)

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        self.app.background(surface)
        if self.s is None:
            sub = _("Sign in with a Matrix account, on any homeserver.")
        else:
            state = _("online") if self.s.tables.online else _("connecting…")
            sub = _("Signed in as {user} ({state})").format(user=self.s.me, state=state)
        y = header(surface, lay, _("Play online"), sub)
        if self.s is not None and not self.rows:
            text = _("Reading your tables…") if self.s.tables.loading() or not self.s.found.done() else \
                _("No online tables yet: start one with New online table.")
            T.blit_text(surface, text, lay.font_px(28), C.TEXT_DIM, (surface.get_width() // 2, y + lay.px(60)), "midtop")
        self.draw_widgets(surface)
        bottom = max(w.rect.bottom for w in self.widgets if w.visible)
        throttled = self.s.tables.throttled_for() if self.s is not None else 0.0
        if self.busy is not None:
            T.blit_text(surface, _("Talking to the homeserver…") + "  " + _("(Esc cancels)"), lay.font_px(28),
                        C.TEXT, (surface.get_width() // 2, bottom + lay.px(20)), "midtop")
            note = address_note(self.busy[2]) if self.busy[1] in ("sign_in", "register") else ""
            if note:
                T.blit_text(surface, T.safe(note, 160), lay.font_px(24), C.TEXT_DIM,
                            (surface.get_width() // 2, bottom + lay.px(60)), "midtop")
        elif throttled > 0:
            T.blit_text(surface, throttle_text(throttled), lay.font_px(26), C.ACCENT,
                        (surface.get_width() // 2, bottom + lay.px(20)), "midtop")
        elif self.error:
            T.blit_text(surface, T.safe(self.error, 200), lay.font_px(26), C.RED,
                        (surface.get_width() // 2, bottom + lay.px(20)), "midtop")
        hint(surface, lay, _("Tab next field · Enter select · Esc back"))
