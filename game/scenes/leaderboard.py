"""A daily leaderboard: rank, name and score of every entry this client verified, best first.

The board (`game.leaderboard.board.Board`, through the session's `game.online.leaderboard.MatrixRooms`) reads the day's room of the game
and replays each entry through the rules before it is listed (a few a frame,
so the screen never stalls); refused entries are counted, never listed. Enter
or a click on a row opens that game in the replay viewer ("watch how they did
it": `app.open("daily_replay", file)`). Signed out, the screen says how to
sign in. Tab between the games' boards with the game button.
"""
from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ..daily.day import challenge, games
from game.shell.frontends import frontend
from game.shell.i18n import N_, _, ngettext
from game.shell.scene import WidgetScene
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout
from ..ui.widgets import Button, panel
from .common import header, hint

if TYPE_CHECKING:
    from game.shell.app import App
    from ..replay.scene import ReplayScene

log = logging.getLogger("linebox.daily")
PER_PAGE = 7
ROW_H = 62
VERIFY_S = 0.008              # a frame's time for replaying entries (each takes 1-3 ms)


def entry_viewer(app: "App", file: dict[str, Any], mine: bool = False) -> "ReplayScene | None":
    """The replay viewer for a leaderboard entry's game (`app.open("daily_replay", file, mine)`):
    another account's game shows its person as a player, not as "you" (`mine`: this account's)."""
    import dataclasses

    from game.files import history
    from ..replay.model import Replay
    from ..replay.scene import ReplayScene
    try:
        rp = Replay.from_file(file)
        if not mine:
            rp.seats = [dataclasses.replace(s, remote=True) if s.kind == "human" else s for s in rp.seats]
        return ReplayScene(app, rp, seat=0)
    except (history.BadGameFile, ValueError, KeyError, TypeError) as exc:
        app.message(_("This game file cannot be opened: {reason}").format(reason=str(exc)))
        return None


class LeaderboardScene(WidgetScene):
    """Today's verified leaderboard of one game."""

    name = "leaderboard"

    def __init__(self, app: "App", game: str | None = None) -> None:
        super().__init__(app)
        self.games = games()
        self.game = game if game in self.games else self.games[0]
        self.client = self._client()
        self.boards: dict[str, Any] = {}
        self.page = 0
        self.shown: tuple[str, ...] = ()       # the event ids of the rows on the page
        self.grabbed = False                   # the first rows took the focus
        self.row_buttons: list[Button] = []
        self.b_game = Button(self._other_label, self.next_game, font_size=28)
        self.b_game.visible = len(self.games) > 1
        self.b_online = Button(N_("Play online"), lambda: self.app.open("online"), "primary")
        self.b_online.visible = self.client is None
        self.b_back = Button(N_("Back"), self.back, "quiet")
        self.box = pygame.Rect(0, 0, 0, 0)
        self._widgets()

    @staticmethod
    def _client() -> Any:
        try:
            from ..online import session
            s = session.current()
        except Exception:  # noqa: BLE001 - no online play in this install
            return None
        return s.client if s is not None else None

    @property
    def board(self) -> Any:
        """The shown game's board (made when first shown)."""
        if self.client is None:
            return None
        if self.game not in self.boards:
            from game.leaderboard.board import board_for
            from game.online.leaderboard import MatrixRooms
            self.boards[self.game] = board_for(MatrixRooms(self.client), challenge(self.game))
        return self.boards[self.game]

    def enter(self) -> None:
        from game.leaderboard import posting
        posting.post_waiting()          # a result that waited (offline, signed out) goes now
        super().enter()

    def _widgets(self) -> None:
        self.widgets = [*self.row_buttons, self.b_game, self.b_online, self.b_back]

    def _other(self) -> str:
        return self.games[(self.games.index(self.game) + 1) % len(self.games)]

    def _other_label(self) -> str:
        return _("{game}'s board").format(game=frontend(self._other()).title)

    def next_game(self) -> None:
        self.game = self._other()
        self.page = 0
        self.shown = ()
        self._rebuild([])

    # ------------------------------------------------------------ rows
    def _rows(self) -> list[Any]:
        return self.board.rows() if self.board is not None else []

    def _rebuild(self, rows: list[Any]) -> None:
        pages = max(1, (len(rows) + PER_PAGE - 1) // PER_PAGE)
        self.page = min(self.page, pages - 1)
        on_page = rows[self.page * PER_PAGE:(self.page + 1) * PER_PAGE]
        self.shown = tuple(r.verdict.event_id for r in on_page)
        focused = self.row_buttons.index(self.focus) if self.focus in self.row_buttons else None
        self.row_buttons = [Button(partial(self._label, r), partial(self.watch, r.verdict.event_id), font_size=28)
                            for r in on_page]
        self._widgets()
        self.layout(self.app.lay)
        if self.row_buttons and (focused is not None or not self.grabbed):
            # the first rows to come in take the focus (once): Enter watches the best game at once
            self.grabbed = True
            self.set_focus(self.row_buttons[min(focused or 0, len(self.row_buttons) - 1)])

    def _label(self, row: Any) -> str:
        v = row.verdict
        score = challenge(self.game).rules.score_text(v.score)
        return f"{row.rank}.   {v.name}  ({v.sender})   ·   {score}"

    def watch(self, event_id: str) -> None:
        file = self.board.file(event_id) if self.board is not None else None
        if file is not None:
            mine = self.board.sender(event_id) == getattr(self.client, "user_id", None)
            self.app.open("daily_replay", file, mine)

    # ------------------------------------------------------------ the frame
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.board is None:
            return
        self.board.update(seconds=VERIFY_S)
        rows = self._rows()
        ids = tuple(r.verdict.event_id for r in rows[self.page * PER_PAGE:(self.page + 1) * PER_PAGE])
        if ids != self.shown:
            self._rebuild(rows)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            pages = max(1, (len(self._rows()) + PER_PAGE - 1) // PER_PAGE)
            self.page = (self.page + (1 if event.key == pygame.K_PAGEDOWN else -1)) % pages
            self._rebuild(self._rows())
            return True
        return super().handle(event)

    def layout(self, lay: Layout) -> None:
        w = min(1300.0, lay.logical_w - 80)
        x = (lay.logical_w - w) / 2
        top = 320
        self.box = lay.rect(x - 20, top - 20, w + 40, PER_PAGE * (ROW_H + 10) + 30)
        for i, b in enumerate(self.row_buttons):
            b.rect = lay.rect(x, top + i * (ROW_H + 10), w, ROW_H)
        bottom = top + PER_PAGE * (ROW_H + 10) + 40
        self.b_game.rect = lay.rect(lay.logical_w / 2 - 420, bottom, 400, 76)
        self.b_back.rect = lay.rect(lay.logical_w / 2 + 20, bottom, 400, 76)
        self.b_online.rect = lay.rect(lay.logical_w / 2 - 200, top + 200, 400, 84)

    def status(self) -> str:
        """One line on what the board is doing (reading, checking, refused, offline)."""
        board = self.board
        if board is None:
            return _("Sign in to play online to see the leaderboards and post your daily results.")
        if board.problem:
            return _("The homeserver cannot be reached ({reason}); trying again.").format(reason=board.problem[:80])
        if not board.loaded:
            return _("Reading the leaderboard…")
        if board.verifying:
            return ngettext("Checking {n} entry by replaying its game…", "Checking {n} entries by replaying "
                            "their games…", board.verifying).format(n=board.verifying)
        refused = len(board.refused())
        listed = len(board.rows())
        text = ngettext("{n} entry, each replayed through the rules.", "{n} entries, each replayed through "
                        "the rules.", listed).format(n=listed)
        if refused:
            text += " " + ngettext("{n} entry was refused (it does not replay to its score, is not today's game "
                                   "or repeats a player's attempt).", "{n} entries were refused (they do not "
                                   "replay to their score, are not today's game or repeat a player's attempt).",
                                   refused).format(n=refused)
        return text

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        self.app.background(surface)
        daily = challenge(self.game)
        y = header(surface, lay, _("Leaderboard"), _("{game} · daily challenge of {date} (UTC)").format(
            game=frontend(self.game).title, date=daily.date))
        size = lay.font_px(24)
        for i, line in enumerate(T.wrap(self.status(), size, self.box.w)[:3]):      # the box's width, 3 lines
            T.blit_text(surface, line, size, C.TEXT_DIM, (surface.get_width() // 2, y + i * int(size * 1.25)), "midtop")
        panel(surface, self.box, lay, C.PANEL, C.PANEL_EDGE)
        if self.board is not None and self.board.loaded and not self.row_buttons and not self.board.verifying:
            T.blit_text(surface, _("No entries yet today: be the first."), lay.font_px(30), C.TEXT_DIM,
                        self.box.center, "center")
        self.draw_widgets(surface)
        pages = (len(self._rows()) + PER_PAGE - 1) // PER_PAGE
        if pages > 1:
            T.blit_text(surface, _("Page {n} of {total}").format(n=self.page + 1, total=pages), lay.font_px(24),
                        C.TEXT_DIM, (self.box.centerx, self.box.bottom + lay.px(6)), "midtop")
        hint(surface, lay, _("↑ ↓ choose · Enter watch the game · Page ↑ ↓ pages · Esc back"))
