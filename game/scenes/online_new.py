"""New online table: the game, its options and who sits where (Matrix IDs or bots).

You always take the first seat in the list (the host draws who begins);
friends are invited by their Matrix ID (``@name:server.org``), any other
seat is a bot that your app runs for the table.
"""
from __future__ import annotations

import concurrent.futures
import re
from typing import TYPE_CHECKING, Callable

import pygame

from engine.games import game as registry_game
from engine.games import games

from game.shell.i18n import N_, _
from ..online.protocol import BOT
from game.shell.scene import WidgetScene
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout
from ..ui.widgets import Button, Choice, TextInput
from .common import header, hint
from .online_errors import plain_error

if TYPE_CHECKING:
    from game.shell.app import App
    from ..online.session import Session

USER_ID = re.compile(r"^@[^\s:]+:\S+$")


def _verbatim(text: str) -> Callable[[], str]:
    """A choice's label shown as it is (a game's title, a number), never looked up in the catalogue."""
    return lambda: text


class NewOnlineTable(WidgetScene):
    name = "online_new"

    def __init__(self, app: "App", s: "Session") -> None:
        super().__init__(app)
        self.s = s
        self.game = next(games()).name
        self.friends = ""
        self.bots = 0
        self.final_plays = 1
        self.sheet = "A"
        self.error = ""
        self.busy: concurrent.futures.Future | None = None
        self.c_game = Choice(N_("Game"), [(g.name, _verbatim(g.title)) for g in games()],
                             self.game, self._set_game)
        self.friends_in = TextInput("", self._set_friends, N_("Matrix IDs to invite, e.g. @ann:matrix.org"),
                                    max_len=300, font_size=26)
        self.c_bots = Choice(N_("Bots"), [(n, _verbatim(str(n))) for n in range(0, 5)], 0, self._set_bots)
        self.c_final = Choice(N_("Final plays"), [(1, lambda: "1"), (2, lambda: "2")], 1, self._set_final)
        self.c_sheet = Choice(N_("Sheet"), [("A", lambda: "A"), ("B", lambda: "B"), ("random", N_("Random"))],
                              "A", self._set_sheet)
        self.b_create = Button(N_("Create the table"), self.create, "primary")
        self.b_back = Button(N_("Back"), self.back, "quiet")
        self.widgets = [self.c_game, self.friends_in, self.c_bots, self.c_final, self.c_sheet, self.b_create,
                        self.b_back]

    def _set_game(self, v: str) -> None:
        self.game = v

    def _set_friends(self, v: str) -> None:
        self.friends = v

    def _set_bots(self, v: int) -> None:
        self.bots = v

    def _set_final(self, v: int) -> None:
        self.final_plays = v

    def _set_sheet(self, v: str) -> None:
        self.sheet = v

    def seats(self) -> list[str] | str:
        """The seats, or a sentence saying what is wrong with the form."""
        friends = [f for f in self.friends.replace(",", " ").split() if f]
        bad = [f for f in friends if not USER_ID.match(f)]
        if bad:
            return _("{id} is not a Matrix ID: it looks like @name:server.org").format(id=T.safe(bad[0], 60))
        seats = [self.s.me] + list(dict.fromkeys(friends)) + [BOT] * self.bots
        info = registry_game(self.game)
        if len(seats) not in info.seats:
            return _("A table has {low} to 6 seats; this one would have {n}.").format(low=info.min_players,
                                                                                   n=len(seats))
        return seats

    def create(self) -> None:
        if self.busy is not None:
            return
        seats = self.seats()
        if isinstance(seats, str):
            self.error = seats
            return
        options = self.options(len(seats))
        self.error = ""
        self.busy = self.s.tables.create(self.game, len(seats), options, seats)

    def has(self, key: str) -> bool:
        return any(o.key == key for o in registry_game(self.game).options)

    def options(self, players: int) -> dict:
        """The chosen options the game takes (a per-seat option at its default for every seat)."""
        chosen = {"final_plays": self.final_plays, "sheet": self.sheet}
        out: dict = {}
        for o in registry_game(self.game).options:
            if o.per_seat_keyword:
                out[o.per_seat_keyword] = [o.default] * players
            elif o.key in chosen:
                out[o.key] = chosen[o.key]
        return out

    def update(self, dt: float) -> None:
        super().update(dt)
        self.c_final.visible = self.has("final_plays")
        self.c_sheet.visible = self.has("sheet")
        for w in self.widgets:
            w.update(dt)
        self.s.poll()
        if self.busy is not None and self.busy.done():
            fut, self.busy = self.busy, None
            exc = fut.exception()
            if exc is not None:
                self.error = plain_error(exc)
            else:
                self.app.pop()

    def layout(self, lay: Layout) -> None:
        w = min(1200.0, lay.logical_w - 120)
        x = (lay.logical_w - w) / 2
        top, row, gap = 200.0, 66.0, 14.0
        rows = [self.c_game, self.friends_in, self.c_bots, self.c_final, self.c_sheet]
        for i, wdg in enumerate(rows):
            wdg.rect = lay.rect(x, top + (i if i < 4 else 3) * (row + gap), w, row)
        y = top + 4 * (row + gap) + 30
        self.b_create.rect = lay.rect(x, y, w * 0.6, row)
        self.b_back.rect = lay.rect(x + w * 0.64, y, w * 0.36, row)

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        self.app.background(surface)
        y = header(surface, lay, _("New online table"), _("You sit at seat 1; friends are invited by Matrix ID."))
        del y
        self.draw_widgets(surface)
        cx = surface.get_width() // 2
        below = self.b_create.rect.bottom + lay.px(24)
        if self.busy is not None:
            T.blit_text(surface, _("Making the table on the homeserver…"), lay.font_px(28), C.TEXT, (cx, below), "midtop")
        elif self.error:
            T.blit_text(surface, T.safe(self.error, 200), lay.font_px(26), C.RED, (cx, below), "midtop")
        hint(surface, lay, _("↑ ↓ choose · ← → change · Enter select · Esc back"))
