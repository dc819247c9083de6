"""History: every kept game, newest first; filter by game, pin, delete.

The list is one widget (`GameList`) that draws only the rows on screen, so
10,000 games open as fast as ten: the index (`game.files.history.load`) is read once
and a row is unpacked only when it is shown. ↑/↓ choose, PgUp/PgDn/Home/End
jump, the wheel scrolls, P pins, Delete removes (after a question). The pin,
delete and back buttons act on the chosen game.

Enter or a double click on a row opens that game in the replay viewer
(`app.open("replay", entry.id)`), or calls `HistoryScene(app, on_open=...)`.
`keep_id` opens the screen with that game chosen.
Export writes the chosen game as a `.linebox` file where the player says;
Open file shows any `.linebox` file in the replay viewer (`game.replay.files`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from engine.games import games

from game.files import history
from game.shell.frontends import frontend
from game.files.history import Entry
from game.shell.i18n import N_, _
from game.shell.scene import WidgetScene
from game.shell.tables import GAME_NAMES
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout
from ..ui.widgets import Button, Choice, Widget, fit_row, panel
from .common import LEVEL_NAMES, header, hint

if TYPE_CHECKING:
    from game.shell.app import App

ROW_H = 112          # logical height of one game in the list
WHEEL_ROWS = 3
FILTERS: tuple[tuple[str, str], ...] = (("all", N_("All games")), *((g.name, g.title) for g in games()),
                                         ("pinned", N_("Pinned")))




def seat_text(entry: Entry, i: int) -> str:
    seat = entry.seats[i]
    name = seat.name or _("Seat {n}").format(n=i + 1)
    if seat.kind == "bot" and seat.level in LEVEL_NAMES:
        name = _("{name} ({level})").format(name=name, level=_(LEVEL_NAMES[seat.level]))
    if entry.scores is not None and i < len(entry.scores):
        name = _("{name}: {score}").format(name=name, score=entry.scores[i])
    return ("♛ " if i in entry.winners else "") + name


def variant_text(entry: Entry) -> str:
    """The game's variant in words (the game's own: `GameUI.variant_text`)."""
    return frontend(entry.game).variant_text(dict(entry.variant)) if entry.game in GAME_NAMES else ""


def when(played_at: str) -> str:
    return played_at.replace("T", " ")[:16]


def branch_text(entry: Entry, played_at: Callable[[str], str | None]) -> str:
    """Where a branch came from: its game (by date, while the History has it) and the moment."""
    assert entry.branch is not None
    of, at = entry.branch
    date = played_at(of) if of is not None else None
    if date is None:
        return _("branch from move {n}").format(n=at)
    # a branch of a game of the same day names only its time: the row has room for little more
    shown = date[11:16] if date[:10] == entry.played_at[:10] else when(date)
    return _("branch of {date}, move {n}").format(date=shown, n=at)


def headline(entry: Entry, played_at: Callable[[str], str | None] = lambda _id: None) -> str:
    """Date · game · variant · seed, or for a branch where it came from (its own seed is a new one);
    a daily challenge says so instead of its seed (the day's seed is the day's)."""
    name = GAME_NAMES.get(entry.game, entry.game)
    if entry.daily is not None:
        return "  ·  ".join([when(entry.played_at), _("{game} · daily challenge of {date} (UTC)").format(
            game=name, date=entry.daily)])
    parts = [when(entry.played_at), name]
    if entry.variant:
        parts.append(variant_text(entry))
    if entry.branch is not None:
        parts.append(branch_text(entry, played_at))
    elif entry.seed is not None:
        parts.append(_("seed {seed}").format(seed=entry.seed))
    return "  ·  ".join(parts)


def outcome(entry: Entry) -> str:
    """Who won, or why there is no winner."""
    if entry.abandoned:
        return _("Abandoned")
    if not entry.finished:
        return _("Not finished")
    names = ", ".join(entry.seats[w].name for w in entry.winners if w < len(entry.seats))
    return _("Won by {names}").format(names=names) if names else ""


class GameList(Widget):
    """The scrolling list of games; draws only the rows in view."""

    def __init__(self, on_pin: Callable[[], None], on_delete: Callable[[], None]) -> None:
        super().__init__()
        self.index = history.Index([])
        self.order: list[int] = []      # index positions shown, newest first
        self.selected = 0               # position in `order`
        self.top = 0                    # first row in view
        self.row_px = 1
        self.on_pin = on_pin
        self.on_delete = on_delete
        self.on_activate: Callable[[Entry], None] | None = None
        self.dates: dict[str, str] = {}     # history id -> when it was played (a branch names its game)

    # ------------------------------------------------------------ model
    def show(self, index: history.Index, order: list[int], keep_id: str | None = None) -> None:
        """Show `order` of `index`; the game `keep_id` stays chosen when it is still listed."""
        self.index, self.order = index, order
        self.dates = {r[0]: r[2] for r in index.rows}
        if keep_id is not None:
            for pos, i in enumerate(order):
                if index.rows[i][0] == keep_id:
                    self.selected = pos
                    break
        self.selected = max(0, min(self.selected, len(order) - 1))
        self.scroll_to_selected()

    def chosen(self) -> Entry | None:
        if not self.order:
            return None
        return self.index.entry(self.order[self.selected])

    @property
    def rows_in_view(self) -> int:
        return max(1, self.rect.h // max(1, self.row_px))

    def scroll(self, rows: int) -> None:
        self.top = max(0, min(self.top + rows, len(self.order) - self.rows_in_view))

    def scroll_to_selected(self) -> None:
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.rows_in_view:
            self.top = self.selected - self.rows_in_view + 1
        self.scroll(0)

    def choose(self, pos: int) -> None:
        if self.order:
            self.selected = max(0, min(pos, len(self.order) - 1))
            self.scroll_to_selected()

    # ------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * WHEEL_ROWS)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            pos = self.top + (event.pos[1] - self.rect.y) // max(1, self.row_px)
            if pos < len(self.order):
                if pos == self.selected and getattr(event, "clicks", 1) >= 2 and self.on_activate:
                    self.on_activate(self.index.entry(self.order[pos]))
                self.choose(pos)
            return True
        if event.type != pygame.KEYDOWN or not self.order:
            return False
        page = self.rows_in_view
        moves = {pygame.K_UP: self.selected - 1, pygame.K_DOWN: self.selected + 1,
                 pygame.K_PAGEUP: self.selected - page, pygame.K_PAGEDOWN: self.selected + page,
                 pygame.K_HOME: 0, pygame.K_END: len(self.order) - 1}
        if event.key in moves:
            self.choose(moves[event.key])
            return True
        if event.key == pygame.K_p:
            self.on_pin()
            return True
        if event.key == pygame.K_DELETE:
            self.on_delete()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.on_activate is not None:
            self.on_activate(self.index.entry(self.order[self.selected]))
            return True
        return False

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, lay: Layout) -> None:
        panel(surface, self.rect, lay, C.PANEL, C.ACCENT if self.focused else C.PANEL_EDGE)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        pad = lay.px(28)
        big, small = lay.font_px(30), lay.font_px(26)
        bar_w = max(4, lay.px(10))
        room = self.rect.w - 2 * pad - bar_w
        for n in range(self.rows_in_view + 1):
            pos = self.top + n
            if pos >= len(self.order):
                break
            entry = self.index.entry(self.order[pos])
            row = pygame.Rect(self.rect.x, self.rect.y + n * self.row_px, self.rect.w - bar_w, self.row_px)
            if pos == self.selected:
                pygame.draw.rect(surface, C.mix(C.PANEL, C.BUTTON_HOVER, 0.5 + 0.5 * self.glow), row.inflate(-lay.px(8), -lay.px(4)),
                                 border_radius=lay.px(12))
                pygame.draw.rect(surface, C.ACCENT, (row.x + lay.px(8), row.y + lay.px(14), lay.px(6), row.h - lay.px(28)),
                                 border_radius=lay.px(3))
            elif n:
                pygame.draw.line(surface, C.PANEL_EDGE, (row.x + pad, row.y), (row.right - pad, row.y))
            star = "★" if entry.pinned else "☆"
            r = T.blit_text(surface, star, big, C.ACCENT if entry.pinned else C.TEXT_DIM,
                            (row.x + pad, row.y + lay.px(16)), "topleft", bold=True)
            if entry.branch is not None:         # a branch is marked as one, beside its star
                r = T.blit_text(surface, "↳", big, C.ACCENT, (r.right + lay.px(10), r.y), "topleft", bold=True)
            result = outcome(entry)
            res_w = T.width(result, small, True) if result else 0
            x = r.right + lay.px(14)
            T.blit_text(surface, T.cut(headline(entry, self.dates.get), big, row.right - pad - x - res_w - lay.px(24), True), big, C.TEXT,
                        (x, row.y + lay.px(16)), "topleft", bold=True)
            if result:
                colour = C.DANGER if entry.abandoned else C.TEXT_DIM if not entry.finished else C.ACCENT
                T.blit_text(surface, result, small, colour, (row.right - pad, row.y + lay.px(20)), "topright", bold=True)
            seats = "  ·  ".join(seat_text(entry, i) for i in range(len(entry.seats)))
            T.blit_text(surface, T.cut(seats, small, room - (x - row.x)), small, C.TEXT_DIM,
                        (x, row.y + lay.px(62)), "topleft")
        surface.set_clip(clip)
        self._draw_scrollbar(surface, lay, bar_w)

    def _draw_scrollbar(self, surface: pygame.Surface, lay: Layout, bar_w: int) -> None:
        total = len(self.order)
        if total <= self.rows_in_view:
            return
        track = pygame.Rect(self.rect.right - bar_w - lay.px(8), self.rect.y + lay.px(14), bar_w, self.rect.h - lay.px(28))
        pygame.draw.rect(surface, C.BUTTON, track, border_radius=bar_w // 2)
        h = max(lay.px(30), track.h * self.rows_in_view // total)
        y = track.y + (track.h - h) * self.top // max(1, total - self.rows_in_view)
        pygame.draw.rect(surface, C.ACCENT, (track.x, y, bar_w, h), border_radius=bar_w // 2)


class HistoryScene(WidgetScene):
    """The History screen (from the menu)."""

    name = "history"

    def __init__(self, app: "App", on_open: Callable[[Entry], None] | None = None,
                 keep_id: str | None = None) -> None:
        super().__init__(app)
        self.filter = Choice(N_("Show"), FILTERS, "all", lambda _v: self.refresh(), label_width=0.3)
        self.list = GameList(self.toggle_pin, self.ask_delete)
        self.list.on_activate = on_open or self.open_entry
        self.b_pin = Button(self._pin_label, self.toggle_pin)
        self.b_delete = Button(N_("Delete"), self.ask_delete)
        self.b_export = Button(N_("Export"), self.ask_export)
        self.b_file = Button(N_("Open file"), self.ask_open)
        self.done = Button(N_("Back"), self.back, "primary")
        self.widgets = [self.filter, self.list, self.b_pin, self.b_delete, self.b_export, self.b_file, self.done]
        fit_row([self.b_pin, self.b_delete, self.b_export, self.b_file, self.done])     # one label size
        self.index = history.load()
        self.refresh(keep_id=keep_id)

    def open_entry(self, entry: Entry) -> None:
        """The game in the replay viewer, over this screen."""
        self.app.open("replay", entry.id)

    def _pin_label(self) -> str:
        entry = self.list.chosen()
        return _("Unpin") if entry is not None and entry.pinned else _("Pin")

    def refresh(self, keep_id: str | None = None, reload: bool = False) -> None:
        """Apply the filter (re-reading the index after a change on disk)."""
        if reload:
            self.index = history.load()
        chosen = self.list.chosen()
        keep = keep_id if keep_id is not None else (chosen.id if chosen else None)
        value = self.filter.value
        order = self.index.select(None if value in ("all", "pinned") else value, value == "pinned")
        self.list.show(self.index, order, keep)
        has = bool(order)
        self.b_pin.enabled = self.b_delete.enabled = self.b_export.enabled = has
        self.list.focusable = has
        if self.focus is not None and self.focus not in self.focusables():
            self.set_focus(self.filter)

    def enter(self) -> None:
        super().enter()
        if self.list.order:
            self.set_focus(self.list)

    # ------------------------------------------------------------ actions
    def toggle_pin(self) -> None:
        entry = self.list.chosen()
        if entry is None:
            return
        try:
            history.set_pinned(entry.id, not entry.pinned)
        except (history.BadGameFile, OSError) as exc:
            self.app.message(_("This game could not be changed: {reason}").format(reason=str(exc)))
        self.refresh(entry.id, reload=True)

    def ask_export(self) -> None:
        entry = self.list.chosen()
        if entry is not None:
            self.app.open("export_game", entry.id)

    def ask_open(self) -> None:
        self.app.open("open_game_file")

    def ask_delete(self) -> None:
        entry = self.list.chosen()
        if entry is None:
            return

        def really() -> None:
            try:
                history.delete(entry.id)
            except OSError as exc:
                self.app.message(_("This game could not be changed: {reason}").format(reason=str(exc)))
            self.refresh(reload=True)
        when = entry.played_at.replace("T", " ")[:16]
        self.app.confirm(_("Delete the {game} game of {date} from the history?").format(
            game=GAME_NAMES.get(entry.game, entry.game), date=when), really, _("Delete"))

    # ------------------------------------------------------------ layout/draw
    def layout(self, lay: Layout) -> None:
        w = min(1600.0, lay.logical_w - 160)
        x = (lay.logical_w - w) / 2
        top, bottom = 300.0, lay.logical_h - 180
        self.filter.rect = lay.rect(x, 200, min(760.0, w), 76)
        rows = max(1, int((bottom - top) // ROW_H))
        self.list.row_px = max(1, lay.px(ROW_H))
        self.list.rect = lay.rect(x, top, w, 0)
        self.list.rect.h = rows * self.list.row_px
        self.list.scroll_to_selected()
        y = self.list.rect.bottom / lay.scale + 30
        row = (self.b_pin, self.b_delete, self.b_export, self.b_file, self.done)
        gap = 30.0
        bw = min(340.0, (w - gap * (len(row) - 1)) / len(row))
        left = (lay.logical_w - len(row) * bw - (len(row) - 1) * gap) / 2
        for i, b in enumerate(row):
            b.rect = lay.rect(left + i * (bw + gap), y, bw, 84)

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        self.app.background(surface)
        header(surface, lay, _("History"), _("Games kept: {n}").format(n=len(self.index)))
        self.draw_widgets(surface)
        if not self.list.order:
            empty = _("No games kept yet: finished games show up here.") if not len(self.index) \
                else _("No games match this filter.")
            T.blit_text(surface, empty, lay.font_px(30), C.TEXT_DIM, self.list.rect.center, "center")
        else:
            T.blit_text(surface, _("Game {n} of {total}").format(n=self.list.selected + 1, total=len(self.list.order)),
                        lay.font_px(24), C.TEXT_DIM, (self.list.rect.right, self.filter.rect.centery), "midright")
        hint(surface, lay, _("↑ ↓ choose · Enter replay · P pin · Delete remove · Tab buttons · Esc back"))
