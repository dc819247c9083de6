"""The replay viewer: a kept game in the real table drawing, read-only.

The game's own table scene is built with every seat driven by the record
(`game.table.drivers.record`: no bots, saves, history, results or acting
input, and no one "thinking") on the state at moment k
(`Replay.state_at`, the engine's `rewind(k, any=True)`) and laid out above the
viewer's bar. Playing forward applies the record's next action through the
table's own path (`apply_action`), so every animation, sound and log line of
the live table plays, driven by the same events; stepping back or jumping
rebuilds the table at the new moment without animation.

Keys: Space play/pause, ←/→ one action, PgUp/PgDn a round, Home/End the
start/end, +/- speed, Ctrl+Tab the seat watched from, Esc back. At the end of
a finished game whose hands are hidden (Line-it) the seat choice has one more
entry, "All hands", that shows every seat's hand face up; before the end only
the watched seat's hand is ever shown, as that seat saw the game. The scrubber
(click or drag) jumps; its marks are the rounds. A click on a log entry
jumps to the moment after that event. "Play from here" starts a new game at
the shown moment (see `branch.py`). "Review" opens the post-game review of the
watched seat beside the table (`review_panel.py`): ↑/↓ and Enter there jump to
a costly decision and the game's table draws the better move on it. Where the
table would be too narrow beside it (a small window) the review lies over the
table and folds away once a decision is shown: ↑/↓ then go from decision to
decision, Enter or Review unfold the list.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.shell import tables
from ..table.drivers import TableOptions, record
from ..table.spec import TableSpec
from game.shell.i18n import N_, _
from game.shell.scene import WidgetScene
from ..ui import text as T
from ..ui import theme as C
from ..ui.fit_button import FitButton as Button
from ..ui.layout import MIN_LOGICAL_H, MIN_LOGICAL_W, Layout
from .branch import branch_envelope
from .model import Replay
from .review import Item, painter
from .review_panel import ReviewPanel, panel_width

MIN_TABLE_PX = 800       # a table narrower than this (beside the review) is laid over instead

if TYPE_CHECKING:
    from game.shell.app import App

BAR_H = 150              # logical height of the viewer's bar (at the bottom of the window)
MIN_BAR_PX = 84          # and never fewer pixels: two rows of readable text
SPEEDS = (0.5, 1.0, 2.0, 4.0)
PACE = 0.9               # seconds between two actions at speed 1, once the table is still
CLICK_PX = 6             # a press that moves less than this is a click (on a log entry)


def make_table(app: "App", rp: Replay, state: Any, lay: Layout | None = None) -> Any:
    """The game's own table showing `state`, every seat driven by the record (`drivers.record`:
    no one decides there, nothing is saved or counted), at rest, laid out in `lay`."""
    seats = [{"name": s.name, "kind": s.kind, "level": s.level, "remote": s.remote} for s in rp.seats]
    config = {"game": rp.game, "seed": state.seed, "seats": seats}
    if rp.daily is not None:
        config["daily"] = rp.daily          # the table calls it what it was: the daily sheet of that day
    return tables.build_table(app, TableSpec(rp.game, config, state=state, drivers=record,
                                             options=TableOptions(at_rest=True, lay=lay)))


def table_layout(width: int, height: int, lay: Layout, room_w: float = MIN_LOGICAL_W) -> Layout:
    """The layout of a table beside the review, in `width`×`height` pixels: at the window's own scale
    (the normal table's) where they hold it, else at the largest scale at which they still hold the
    logical room the table is laid out well in (`room_w`×`MIN_LOGICAL_H`, see `TableBase.room_w`), not
    at a 16:9 fit of them: at 1920×1080 that fit drew the Line-it table at 0.71, its texts at 12-15 px."""
    fit = Layout(width, height).scale
    want = min(lay.scale, width / room_w, height / MIN_LOGICAL_H)
    # a ui_scale of want/fit is a Layout of scale `want` (above the fit, `Layout` allows it up to the room)
    return Layout(width, height, want / fit)


class ReplayScene(WidgetScene):
    """The viewer (see the module text)."""

    name = "replay"

    def __init__(self, app: "App", rp: Replay, seat: int | None = None, k: int = 0,
                 on_close: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.rp = rp
        self.on_close = on_close
        self.seat = seat if seat is not None and 0 <= seat < len(rp.seats) else self._default_seat()
        self.all_hands = False     # "All hands" chosen (only ever true at the end of a finished game)
        self.k = max(0, min(rp.n, k))
        self.playing = False
        self.speed = 1.0
        self.wait = 0.0
        self.press: tuple[int, int] | None = None
        self.scrubbing = False
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.scrub = pygame.Rect(0, 0, 0, 0)
        self.track = pygame.Rect(0, 0, 0, 0)
        self.table_lay: Layout | None = None
        self.b_start = Button("|\u2190", lambda: self.jump(0), font_size=26)
        self.b_back = Button("\u2190", self.step_back, font_size=26)
        self.b_play = Button(lambda: _("Pause") if self.playing else _("Play"), self.toggle_play, "primary",
                             font_size=26)
        self.b_fwd = Button("\u2192", self.step_forward, font_size=26)
        self.b_end = Button("\u2192|", lambda: self.jump(self.rp.n), font_size=26)
        self.b_speed = Button(lambda: _("Speed ×{v:g}").format(v=self.speed), self.next_speed, font_size=24)
        self.b_seat = Button(self.seat_label, self.next_seat, font_size=24)
        self.b_branch = Button(N_("Play from here"), self.play_from_here, font_size=24)
        # folded away over the table, the review's list comes back with this button (▴ says so)
        self.b_review = Button(lambda: ("\u25b4 " if self.review is not None and self.review.folded else "")
                               + _("Review"), self.toggle_review, font_size=24)
        self.b_close = Button(N_("Close"), self.back, "quiet", font_size=24)
        self.widgets = [self.b_start, self.b_back, self.b_play, self.b_fwd, self.b_end, self.b_speed,
                        self.b_seat, self.b_branch, self.b_review, self.b_close]
        self.review: ReviewPanel | None = None
        self.suggestion: tuple[int, str] | None = None     # (moment, action): the better move drawn there
        self.table: Any = None
        self._build(self.k)

    def _default_seat(self) -> int:
        humans = [p for p, s in enumerate(self.rp.seats) if s.kind == "human"]
        return humans[0] if humans else 0

    # ------------------------------------------------------------ the table
    def _build(self, k: int) -> None:
        """The table at moment k, at rest (no animation)."""
        if self.table is not None:
            self.table.exit()
        self.k = k
        self.table = make_table(self.app, self.rp, self.rp.state_at(k), self.table_lay)
        self.table.speed = self.speed
        self.table.enter()
        self._lay_table()

    def _lay_table(self) -> None:
        if self.table_lay is None:
            return
        self.table.lay_override = self.table_lay
        panel = self.review
        # its scores stay in sight beside a review laid over it
        self.table.covered_right = panel.rect.w if panel is not None and panel.over_table else 0
        self.table.layout(self.table_lay)
        self.table.watch_from(self.seat)
        self._show_hands()

    def all_hands_offered(self) -> bool:
        """Every hand may be shown: the shown moment is the end of a finished game that hides hands."""
        return bool(self.table is not None and self.table.hidden_hands and self.rp.finished
                    and self.k >= self.rp.n)

    def _show_hands(self) -> None:
        """Open every hand on the table if "All hands" is chosen and still allowed (leaving the end closes them)."""
        if not self.all_hands_offered():
            self.all_hands = False
        if self.table.hidden_hands:
            self.table.show_all_hands(self.all_hands)

    def seat_label(self) -> str:
        if self.all_hands:
            return _("All hands")
        return _("Seat: {name}").format(name=self.rp.seats[self.seat].name)

    def state(self) -> Any:
        return self.table.tg.state

    # ------------------------------------------------------------ moving through the game
    def step_forward(self) -> None:
        """One action on, animated through the table like a live one."""
        if self.k >= self.rp.n:
            self.playing = False
            return
        table = self.table
        table.speed = self.speed
        table.apply_action(self.rp.actions[self.k])
        self.k += 1
        if table.tg.state.chance_needed is not None:     # an external-chance record: rebuild from it
            self._build(self.k)
        else:
            self._show_hands()

    def step_back(self) -> None:
        self.playing = False
        if self.k > 0:
            self._build(self.k - 1)

    def jump(self, k: int) -> None:
        k = max(0, min(self.rp.n, k))
        if k == self.k + 1 and self.playing:
            self.step_forward()
        elif k != self.k:
            self._build(k)

    def jump_round(self, step: int) -> None:
        self.jump(self.rp.round_jump(self.k, step))

    def toggle_play(self) -> None:
        if not self.playing and self.k >= self.rp.n:
            self._build(0)          # at the end, Play starts again from the beginning
        self.playing = not self.playing
        self.wait = 0.0

    def next_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)] if self.speed in SPEEDS else 1.0
        self.table.speed = self.speed

    def next_seat(self, step: int = 1) -> None:
        """The next seat to watch from; at the end of a game "All hands" comes after the last seat."""
        n = len(self.rp.seats)
        choices = n + 1 if self.all_hands_offered() else n      # index n: all hands (from the seat last watched)
        now = n if self.all_hands else self.seat
        nxt = (now + step) % choices
        self.all_hands = nxt == n
        if not self.all_hands:
            self.seat = nxt
        self.table.watch_from(self.seat)
        self._show_hands()

    def play_from_here(self) -> None:
        """A new game from this moment: the watched seat is yours, bots in the others."""
        if self.rp.finished and self.k >= self.rp.n:
            self.app.toast(_("The game is over here: step back to play from an earlier moment."))
            return
        try:
            envelope = branch_envelope(self.rp, self.k, self.seat)
        except (ValueError, KeyError) as exc:      # the engine refused the new game: say so, change nothing
            self.app.message(_("A new game cannot start from here: {reason}").format(reason=str(exc)))
            return
        tables.open_replacing_autosave(self.app, envelope)

    # ------------------------------------------------------------ the review
    def open_review(self) -> None:
        """The review of the watched seat beside the table (cached per record and seat)."""
        if self.review is None or self.review.seat != self.seat:
            self.close_review()
            self.review = ReviewPanel(self.rp, self.seat, self.show_finding)
        self.layout(self.app.lay)

    def close_review(self) -> None:
        """Close the review (a job still running is cancelled) and give the table its width back."""
        if self.review is not None:
            self.review.cancel()
            self.review = None
            self.suggestion = None
            self.layout(self.app.lay)

    def toggle_review(self) -> None:
        if self.review is not None and self.review.folded:
            self.review.folded = False
        elif self.review is not None:
            self.close_review()
        else:
            self.open_review()

    def listing(self) -> ReviewPanel | None:
        """The review when its list is on screen (not folded away)."""
        return self.review if self.review is not None and not self.review.folded else None

    def show_finding(self, item: Item) -> None:
        """The replay at a reviewed decision, watched from the reviewed seat, the better move drawn."""
        assert self.review is not None
        self.playing = False
        self.all_hands = False
        self.seat = self.review.seat
        self.jump(item.index)
        self._lay_table()
        self.suggestion = (item.index, item.better)
        self.review.folded = self.review.over_table       # a small window: the table is shown whole

    def back(self) -> None:
        self.close_review()
        if self.on_close is not None:
            self.on_close()
        else:
            self.app.pop() if len(self.app.stack) > 1 else self.app.to_menu()

    # ------------------------------------------------------------ scene
    def enter(self) -> None:
        super().enter()
        self.set_focus(None)      # keys move through the game; Tab brings the focus to the bar

    def exit(self) -> None:
        if self.review is not None:
            self.review.cancel()
        if self.table is not None:
            self.table.exit()

    def layout(self, lay: Layout) -> None:
        bar_h = min(lay.height // 3, max(lay.px(BAR_H), MIN_BAR_PX))
        self.bar = pygame.Rect(0, lay.height - bar_h, lay.width, bar_h)
        side = panel_width(lay) if self.review is not None else 0
        over = lay.width - side < MIN_TABLE_PX
        if side and not over:     # beside the review: a scale from the room left (see `table_layout`)
            self.table_lay = table_layout(lay.width - side, lay.height - bar_h, lay, self.table.room_w)
        else:
            self.table_lay = Layout(lay.width, lay.height - bar_h, lay.ui_scale)
        if self.review is not None:
            self.review.layout(pygame.Rect(lay.width - side, 0, side, self.bar.y), lay)
            self.review.over_table = over
        pad = max(4, lay.px(16))
        scrub_h = max(18, bar_h * 28 // 100)
        self.scrub = pygame.Rect(pad * 2, self.bar.y + pad // 2, lay.width - pad * 4, scrub_h)
        label_w = min(self.scrub.w * 36 // 100, lay.px(560))      # the status text left of the track
        self.track = pygame.Rect(self.scrub.x + label_w, self.scrub.centery - max(2, scrub_h // 6),
                                 self.scrub.w - label_w, max(4, scrub_h // 3))
        row_y = self.scrub.bottom + pad // 2
        row_h = self.bar.bottom - row_y - pad // 2
        # widths in parts of the row: the arrows narrow, the labelled buttons wide
        parts = (0.8, 0.8, 1.5, 0.8, 0.8, 1.6, 2.4, 2.3, 1.6, 1.6)
        gap = max(3, lay.px(10))
        unit = (lay.width - 2 * pad - gap * (len(parts) - 1)) / sum(parts)
        x = float(pad)
        for b, part in zip(self.widgets, parts):
            b.rect = pygame.Rect(int(x), row_y, int(unit * part), row_h)
            x += unit * part + gap
        self._lay_table()

    def moment_at(self, x: int) -> int:
        """The moment under the scrubber's x."""
        frac = (x - self.track.x) / max(1, self.track.w)
        return max(0, min(self.rp.n, round(frac * self.rp.n)))

    def in_table(self, pos: tuple[int, int]) -> bool:
        listing = self.listing()
        return pos[1] < self.bar.y and not (listing is not None and listing.rect.collidepoint(pos))

    def table_width(self) -> int:
        return self.review.rect.x if self.review is not None and not self.review.over_table else self.bar.w

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self.key(event) or super().handle(event)
        pos = getattr(event, "pos", None)
        listing = self.listing()
        if listing is not None and event.type == pygame.MOUSEWHEEL \
                and listing.rect.collidepoint(pygame.mouse.get_pos()):
            listing.wheel(event.y)
            return True
        if listing is not None and pos is not None and listing.rect.collidepoint(pos):
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                if listing.close_rect.collidepoint(pos):
                    self.close_review()
                else:
                    listing.click(pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and pos is not None \
                and self.track.inflate(8, self.scrub.h - self.track.h + 8).collidepoint(pos):
            self.scrubbing = True
            self.playing = False
            self.jump(self.moment_at(pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION and self.scrubbing:
            self.jump(self.moment_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.scrubbing:
            self.scrubbing = False
            return True
        if pos is not None and self.in_table(pos) and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                                                      pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return self._table_mouse(event)
        if event.type == pygame.MOUSEWHEEL:
            return self.table.handle(event)
        return super().handle(event)

    def _table_mouse(self, event: pygame.event.Event) -> bool:
        """The table sees the pointer (hover, tooltips, the log's scroll); a click on a log entry jumps."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press = event.pos
        self.table.handle(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            press, self.press = self.press, None
            if abs(press[0] - event.pos[0]) + abs(press[1] - event.pos[1]) < CLICK_PX:
                self.table.update(0.0)      # the table looks at what is under the pointer now
                back = self.table.hovered_log_back()
                if back is not None:
                    self.jump_to_log(back)
        return True

    def jump_to_log(self, back: int) -> None:
        """The log entry `back` entries before the newest: to the moment after its event."""
        events = list(self.state().events)
        shown = [i for i, e in enumerate(events) if self.table.log_shows(e)]
        if back >= len(shown):
            return
        self.playing = False
        self.jump(self.rp.moment_of_event(shown[len(shown) - 1 - back]))

    def key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if self.focus is not None and k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return False          # Enter presses the focused button of the bar (Tab brought the focus there)
        if self.review is not None and self.review.folded and k in (pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
                                                                    pygame.K_KP_ENTER):
            if k in (pygame.K_UP, pygame.K_DOWN):      # folded: the next decision at once
                self.review.choose(-1 if k == pygame.K_UP else 1)
                self.review.show_selected()
            else:
                self.review.folded = False
            return True
        if self.review is not None and (self.review.key(event) or k == pygame.K_ESCAPE):
            if k == pygame.K_ESCAPE:
                self.close_review()
            return True
        moves: dict[int, Callable[[], None]] = {
            pygame.K_SPACE: self.toggle_play,
            pygame.K_LEFT: self.step_back,
            pygame.K_RIGHT: self.step_forward,
            pygame.K_PAGEUP: lambda: self.jump_round(-1),
            pygame.K_PAGEDOWN: lambda: self.jump_round(1),
            pygame.K_HOME: lambda: self.jump(0),
            pygame.K_END: lambda: self.jump(self.rp.n),
            pygame.K_PLUS: self.next_speed, pygame.K_KP_PLUS: self.next_speed, pygame.K_EQUALS: self.next_speed,
            pygame.K_ESCAPE: self.back,
        }
        if k == pygame.K_TAB and event.mod & pygame.KMOD_CTRL:
            self.next_seat(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if k in moves:
            if k == pygame.K_RIGHT:
                self.playing = False
            moves[k]()
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.table.update(dt)
        if not self.playing:
            return
        if self.k >= self.rp.n:
            self.playing = False
            return
        if self.table.animating():
            return
        self.wait -= dt
        if self.wait <= 0:
            self.step_forward()
            self.wait = PACE / self.speed

    # ------------------------------------------------------------ drawing
    def status(self) -> str:
        rnd = self.rp.rounds[self.k]
        text = _("Move {k} of {n}").format(k=self.k, n=self.rp.n)
        text += " · " + _("Round {r}").format(r=rnd)
        if self.k >= self.rp.n:
            text += " · " + (_("Game over") if self.rp.finished else _("Not finished"))
        return text

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        top = surface.subsurface(pygame.Rect(0, 0, self.table_width(), self.bar.y))
        self.table.draw(top)
        if self.suggestion is not None and self.suggestion[0] == self.k and not self.table.animating():
            painter(self.rp.game)(self.table, top, self.suggestion[1])
        listing = self.listing()
        if listing is not None:
            listing.draw(surface)
        pygame.draw.rect(surface, C.PANEL, self.bar)
        pygame.draw.line(surface, C.PANEL_EDGE, self.bar.topleft, self.bar.topright, max(1, lay.px(2)))
        self._draw_scrubber(surface, lay)
        self.draw_widgets(surface)

    def _draw_scrubber(self, surface: pygame.Surface, lay: Layout) -> None:
        r = self.scrub
        track = self.track
        size = max(11, min(r.h - 4, lay.font_px(22)))
        status = self.status()
        while size > 11 and T.width(status, size) > track.x - r.x - lay.px(16):
            size -= 1
        T.blit_text(surface, status, size, C.TEXT, (r.x, r.centery), "midleft")
        pygame.draw.rect(surface, C.PANEL_HI, track, border_radius=track.h // 2)
        n = max(1, self.rp.n)
        done = track.copy()
        done.w = int(track.w * self.k / n)
        pygame.draw.rect(surface, C.ACCENT_DARK, done, border_radius=track.h // 2)
        # round marks: a tick per round, its number where there is room (readable without colour)
        last_label = -10_000
        mark = max(9, size - 4)
        for k, rnd in self.rp.round_starts():
            x = track.x + int(track.w * k / n)
            pygame.draw.line(surface, C.TEXT_DIM, (x, r.y), (x, r.bottom), 1)
            if x - last_label > mark * 3 and rnd > 0:
                T.blit_text(surface, str(rnd), mark, C.TEXT_DIM, (x + 2, r.y), "topleft")
                last_label = x
        knob = pygame.Rect(0, 0, max(6, r.h // 2), r.h)
        knob.center = (track.x + int(track.w * self.k / n), r.centery)
        pygame.draw.rect(surface, C.ACCENT, knob, border_radius=max(2, knob.w // 3))

