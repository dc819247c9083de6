"""The Linyo table scene: your sheet, the dice, the others' sheets, bots.

Flow: every action goes to the engine at once (`_apply`), is autosaved, and
the view (`Reveal`, `DiceView`) catches up by itself. Human input is a path
(`MovePath`, `StartPicks`, dice choice) checked against the engine's legal
actions; bots answer through `BotWorker` futures polled each frame, so the
frame never waits. `draw` only reads.
"""
from __future__ import annotations

import logging
import math
import threading
from typing import TYPE_CHECKING, Any, Callable

import pygame

from engine import linyo
from engine.core import IllegalAction
from game import palette as P

from .. import sound, storage
from ..i18n import N_, _
from ..scene import WidgetScene
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout
from ..ui.widgets import Button, panel
from . import words
from .dice_view import DiceView
from .geometry import ROWS, SheetGeom
from .model import TableGame
from .path import MovePath, Preview, StartPicks, preview
from .reveal import Reveal
from .sheet_draw import (InkLine, draw_counts, draw_cross, draw_glows, draw_ink, is_settled, paper,
                         settled_sheet, stroke)

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger("linebox.linyo")

PEN_SPEED = 7.0          # fields per second at normal animation speed
REFUSED_SECONDS = 0.6
ROW_SECONDS = 0.28       # scoring: one row
PANEL_W = 560


def default_worker():
    """The bot worker (a background process; a thread where processes cannot start)."""
    from engine.bots.worker import BotWorker
    return BotWorker()


#: tests replace this with a thread worker
WORKER_FACTORY: Callable[[], Any] = default_worker


class LinyoTable(WidgetScene):
    """A game of Linyo at the table."""

    name = "linyo_table"
    game = "linyo"

    def __init__(self, app: "App", tgame: TableGame, restored: bool = False, speed: float = 1.0,
                 demo: bool = False) -> None:
        super().__init__(app)
        self.g = tgame
        self.speed = max(0.05, float(speed))
        self.demo = demo
        self.reveal = Reveal(tgame.state, shown=restored)
        self.dice = DiceView()
        self.clock = 0.0
        # bots
        self.worker = None
        self._worker_thread: threading.Thread | None = None
        self.pending = None              # Future of the current bot's action text
        self.pending_at = -1             # len(log) when asked
        self.pace = 0.0
        # human input
        self.path: MovePath | None = None
        self.starts: StartPicks | None = None
        self.set_choice: list[str] | None = None
        self.abort_mode = False
        self.abort_line: int | None = None
        self.dragging = False
        self.drag_pos: tuple[int, int] | None = None
        self.last_pos: tuple[int, int] | None = None
        self.refused: tuple[int, float] | None = None
        self.note: tuple[str, bool] | None = None   # (text, is_problem)
        self.preview: Preview | None = None
        self.hover_die: int | None = None
        self.last_human: int | None = None
        # view
        self.focus_seat = tgame.humans[0] if tgame.humans else (tgame.state.current_seat or 0)
        self.zoom_seat: int | None = None
        self.zoom_t = 0.0
        self.zoom_from = pygame.Rect(0, 0, 1, 1)
        self.thumb_rects: dict[int, pygame.Rect] = {}
        self.scoring_t: float | None = None     # seconds into the end-of-game count
        self.finished = False                   # results shown
        self.recorded = False
        self.best_before: int | None = None
        self.geom = SheetGeom.fit(pygame.Rect(0, 0, 100, 100))
        self.sheet_rows = tgame.state.sheet.rows
        # buttons
        self.b_confirm = Button(N_("Confirm"), self.confirm, "primary", font_size=30)
        self.b_undo = Button(N_("Undo"), self.undo, font_size=30)
        self.b_nothing = Button(self._nothing_label, self.toggle_abort, font_size=26)
        self.b_menu = Button(N_("Menu"), self.back, "quiet", font_size=26)
        self.b_rules = Button(N_("Rules"), lambda: self.app.open_rules("linyo"), "quiet", font_size=26)
        self.widgets = [self.b_confirm, self.b_undo, self.b_nothing, self.b_menu, self.b_rules]
        self._dice_key_seen = None
        self._sync_dice(initial=True)
        self._prepare()

    # ================================================================== lifecycle
    def enter(self) -> None:
        super().enter()
        self.set_focus(None)      # the mouse draws; Tab brings the keyboard focus to the buttons
        if any(s.is_bot for s in self.g.seats) and self.worker is None and self._worker_thread is None:
            self._worker_thread = threading.Thread(target=self._make_worker, daemon=True)
            self._worker_thread.start()

    def _make_worker(self) -> None:
        try:
            self.worker = WORKER_FACTORY()
        except Exception as exc:  # noqa: BLE001 - a broken worker must not kill the table
            log.error("bot worker failed: %s", exc)
            from engine.bots.worker import BotWorker
            self.worker = BotWorker(use_process=False)

    def exit(self) -> None:
        super().exit()
        if self.worker is not None:
            try:
                self.worker.close()
            except Exception:  # noqa: BLE001
                pass
            self.worker = None

    def back(self) -> None:
        """Esc / Menu: leave the table (the game stays saved for Continue)."""
        if self.g.state.is_over or self.demo:
            self.app.to_menu()
            return
        self.app.confirm(_("Leave the table? Your game is saved; Continue in the menu brings you back."),
                         self.app.to_menu, _("Leave"))

    # ================================================================== helpers
    @property
    def state(self) -> linyo.State:
        return self.g.state

    def anim(self) -> float:
        return self.app.settings.anim_factor * self.speed

    def human_turn(self) -> bool:
        seat = self.state.current_seat
        return seat is not None and not self.g.seats[seat].is_bot

    def _say(self, text: str, problem: bool = False) -> None:
        self.note = (text, problem)

    def _nothing_label(self) -> str:
        return _("Cancel") if self.abort_mode else _("Extend nothing")

    # ================================================================== engine
    def _apply(self, action: Any) -> bool:
        """Send one action to the engine; False (and a message) when refused."""
        try:
            self.state.apply(action)
        except IllegalAction as exc:
            self._say(words.explain(str(exc)), True)
            sound.play("click")
            return False
        self._after_action()
        return True

    def _after_action(self) -> None:
        self.reveal.sync(self.state)
        if self.anim() <= 0:
            self.reveal.finish()
        self._sync_dice()
        if self.state.is_over:
            self._game_over()
        elif not self.demo:
            try:
                storage.write_autosave("linyo", self.g.payload())
            except OSError as exc:
                log.warning("autosave failed: %s", exc)
                self.app.toast(_("The game could not be saved."))
        self._prepare()

    def _sync_dice(self, initial: bool = False) -> None:
        st = self.state
        if st.dice is None:
            return
        rolled = st.rolled
        shown = linyo.roll_text(rolled if rolled is not None else st.dice)
        key = (st.round, linyo.roll_text(rolled) if rolled is not None else None)
        anim = 0.0 if initial else self.anim()
        if self._dice_key_seen is None or key[0] != self._dice_key_seen[0] or \
                (key[1] is not None and key != self._dice_key_seen):
            self.dice.show(shown, anim)
            if anim > 0:
                sound.play("dice")
        elif "".join(sorted(self.dice.faces, key="bog".index)) != linyo.roll_text(st.dice):
            self.dice.turn_to(linyo.roll_text(st.dice), anim)
            if anim > 0:
                sound.play("pick")
        self._dice_key_seen = key

    def _game_over(self) -> None:
        storage_ok = not self.demo
        if storage_ok:
            try:
                storage.clear_autosave("linyo")
            except OSError:
                pass
            if not self.recorded:
                from .. import stats
                result = self.g.result()
                if len(self.g.seats) == 1 and not self.g.seats[0].is_bot:
                    key = f"{self.g.sheet_name}/{self.g.seats[0].difficulty}"
                    self.best_before = (stats.load().get("linyo_solo", {}).get(key) or {}).get("best")
                try:
                    stats.record_result("linyo", result)
                except (OSError, ValueError) as exc:
                    log.warning("statistics not recorded: %s", exc)
                self.recorded = True
        self.path = self.starts = None
        self.set_choice = None
        self.abort_mode = False

    # ================================================================== input objects
    def _prepare(self) -> None:
        """Set up the input for the seat to act (a human) or ask a bot."""
        st = self.state
        self.path = None
        self.starts = None
        self.set_choice = None
        self.abort_mode = False
        self.abort_line = None
        self.dragging = False
        self.preview = None
        if st.is_over:
            return
        seat = st.current_seat
        if self.g.seats[seat].is_bot:
            if not self.g.humans:
                self.focus_seat = seat
            return
        self.focus_seat = seat
        if self.last_human != seat and len(self.g.humans) > 1:
            self._say(_("{name}, it is your turn.").format(name=self.g.seats[seat].name))
            sound.play("your_turn")
        elif self.last_human is None and self.g.players > 1:
            sound.play("your_turn")
        self.last_human = seat
        if st.phase == "set":
            self.set_choice = list(linyo.roll_text(st.rolled))
            self._say(_("Four of a kind! Click dice to turn up to three of them, then confirm."))
        elif st.phase == "start":
            self.starts = StartPicks(st, seat)
        elif st.phase == "move":
            self.path = MovePath(st, seat)
            if not self.path.lines_with_moves():
                self.abort_mode = True
                self._say(_("No line can grow with these dice: choose a line to abort."), True)

    # ================================================================== actions (buttons)
    def can_confirm(self) -> bool:
        if not self.human_turn():
            return False
        if self.set_choice is not None:
            return self._set_action() in self.state.legal_actions()
        if self.starts is not None:
            return self.starts.done() and bool(self.starts.picks)
        if self.abort_mode:
            return self.abort_line is not None
        return self.path is not None and self.path.action() is not None

    def _set_action(self) -> linyo.SetDice:
        return linyo.SetDice(linyo.parse_roll("".join(self.set_choice or [])))

    def confirm(self) -> None:
        if not self.human_turn():
            return
        if self.set_choice is not None:
            self._apply(self._set_action())
            return
        if self.starts is not None:
            if not self.can_confirm():
                left = self.starts.allowed()
                self._say(_("Mark all four start fields first.") if left else "", True)
                return
            picks = self.starts.actions()
            for a in picks:
                if not self._apply(a):
                    return
            sound.play("place")
            return
        if self.abort_mode:
            if self.abort_line is not None:
                self._apply(linyo.Abort(self.abort_line))
            return
        if self.path is not None:
            a = self.path.action()
            if a is None:
                self._say(_("Draw a line first: press on the end of a line and drag."), True)
                return
            self._apply(a)

    def undo(self) -> None:
        if not self.human_turn():
            return
        if self.set_choice is not None:
            self.set_choice = list(linyo.roll_text(self.state.rolled))
        elif self.starts is not None:
            self.starts.undo()
        elif self.abort_mode:
            if self.abort_line is not None:
                self.abort_line = None
            elif self.path is not None and self.path.lines_with_moves():
                self.abort_mode = False
        elif self.path is not None:
            self.path.undo()
        self._refresh_preview()

    def toggle_abort(self) -> None:
        if not self.human_turn() or self.path is None:
            return
        if self.abort_mode and self.path.lines_with_moves():
            self.abort_mode = False
            self.abort_line = None
        else:
            self.abort_mode = True
            self.abort_line = None
            self.path.clear()
            self._say(_("Extend nothing: click the line you abort this round."))
        self._refresh_preview()

    def _refresh_preview(self) -> None:
        self.preview = None
        seat = self.state.current_seat
        if seat is None or not self.human_turn():
            return
        action: Any = None
        if self.abort_mode and self.abort_line is not None:
            action = linyo.Abort(self.abort_line)
        elif self.path is not None and not self.abort_mode:
            action = self.path.action()
        if action is not None:
            try:
                self.preview = preview(self.state, seat, action)
            except IllegalAction:
                self.preview = None

    # ================================================================== pointer
    def _refuse(self, f: int, reason: str) -> None:
        self.refused = (f, REFUSED_SECONDS)
        if reason:
            self._say(words.explain(reason), True)

    def _open_line_at(self, f: int) -> int | None:
        """The number of the seat's open line whose end (or any field) is `f`."""
        seat = self.state.current_seat
        for li, fields in enumerate(self.state.lines[seat]):
            if self.state.open[seat][li] and f in fields:
                return li + 1
        return None

    def press(self, pos: tuple[int, int]) -> None:
        """Mouse down on the main sheet."""
        f = self.geom.field_at(pos)
        if f is None or not self.human_turn() or self.focus_seat != self.state.current_seat:
            return
        if self.starts is not None:
            if self.starts.pick(f):
                sound.play("place")
                self.note = None
            else:
                self._refuse(f, self.starts.why_not(f))
            return
        if self.path is None:
            return
        if self.abort_mode:
            line = self._open_line_at(f)
            if line is not None:
                self.abort_line = line
                sound.play("click")
                self._refresh_preview()
            return
        p = self.path
        # a line end with moves: start (or restart) drawing it
        for line in p.lines_with_moves():
            if f == p.end_of(line):
                if p.line != line:
                    p.begin(line)
                else:
                    p.back_to(f)
                self.dragging = True
                self.last_pos = pos
                self.drag_pos = pos
                self.note = None
                self._refresh_preview()
                return
        if p.line is not None:
            if f == p.tip():
                self.dragging = True
            elif f in p.fields() and p.back_to(f):
                self.dragging = True
            elif p.extend(f):
                sound.play("pick")
                self.dragging = True
            else:
                self._refuse(f, p.why_not(f))
            self.last_pos = pos
            self.drag_pos = pos
            self._refresh_preview()
            return
        line = self._open_line_at(f)
        if line is not None and f == self.state.lines[self.state.current_seat][line - 1][-1]:
            self._refuse(f, "")
            self._say(_("Line {n} cannot grow with these dice.").format(n=line), True)
        else:
            self._refuse(f, "")
            self._say(_("Press on the end of a line (its ● or last field) and draw."), True)

    def drag(self, pos: tuple[int, int]) -> None:
        """Mouse moved with the button held: walk every field crossed."""
        if not self.dragging or self.path is None or self.path.line is None:
            return
        p = self.path
        start = self.last_pos or pos
        changed = False
        for f in self.geom.fields_along(start, pos):
            if f == p.tip():
                continue
            if f == p.end_of(p.line) or f in p.fields():
                if p.back_to(f):
                    changed = True
                continue
            if p.extend(f):
                sound.play("pick")
                changed = True
                continue
            if self.refused is None or self.refused[0] != f:
                self._refuse(f, p.why_not(f))
            break
        self.last_pos = pos
        self.drag_pos = pos
        if changed:
            self.note = None
            self._refresh_preview()

    def release(self, pos: tuple[int, int]) -> None:
        self.dragging = False
        self.drag_pos = None
        self.last_pos = None

    def click_die(self, i: int) -> None:
        """Four of a kind: turn die `i` to the next colour."""
        if self.set_choice is None or not self.human_turn():
            return
        order = "bog"
        self.set_choice[i] = order[(order.index(self.set_choice[i]) + 1) % 3]
        sound.play("pick")
        try:
            self.state.clone().apply(self._set_action())
            self.note = None
        except IllegalAction as exc:
            self._say(words.explain(str(exc)), True)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.zoom_seat is not None:
            if event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                self.zoom_seat = None
                return True
            if event.type == pygame.KEYDOWN:
                return True
        if self.scoring_t is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            if event.type == pygame.MOUSEBUTTONDOWN and self.b_menu.rect.collidepoint(event.pos):
                return super().handle(event)
            self.scoring_t = 1e9          # skip the count
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.widget_at(event.pos) is not None:
                return super().handle(event)
            for i, r in enumerate(self.die_rects):
                if r.collidepoint(event.pos):
                    self.click_die(i)
                    return True
            for seat, r in self.thumb_rects.items():
                if r.collidepoint(event.pos):
                    self.zoom_seat = seat
                    self.zoom_from = r.copy()
                    self.zoom_t = 0.0
                    sound.play("click")
                    return True
            if self.geom.grid.collidepoint(event.pos):
                self.press(event.pos)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.undo()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_die = next((i for i, r in enumerate(self.die_rects) if r.collidepoint(event.pos)), None)
            if self.dragging:
                self.drag(event.pos)
            super().handle(event)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.dragging:
                self.drag(event.pos)
                self.release(event.pos)
                return True
            return super().handle(event)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_BACKSPACE, pygame.K_z) and (
                    event.key == pygame.K_BACKSPACE or event.mod & pygame.KMOD_CTRL):
                self.undo()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus is None:
                self.confirm()
                return True
        return super().handle(event)

    # ================================================================== update
    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        anim = self.anim()
        for name, seat in self.reveal.update(dt, PEN_SPEED * anim):
            if name == "close_line":
                sound.play("close_line")
            elif name == "stroke_done" and self.g.seats[seat].is_bot:
                sound.play("place")
        self.dice.update(dt * max(1.0, self.speed))
        if self.refused is not None:
            left = self.refused[1] - dt
            self.refused = (self.refused[0], left) if left > 0 else None
        if self.zoom_seat is not None:
            self.zoom_t = min(1.0, self.zoom_t + dt * (4.0 * max(0.5, anim) if anim > 0 else 100))
        self._update_bots(dt)
        self._update_scoring(dt)
        if self.g.players > 1 and self.focus_seat in self.thumb_rects:
            self.layout(self.app.lay)     # the main seat changed (hotseat, demo): the rest are thumbnails
        self.b_confirm.enabled = self.can_confirm()
        self.b_undo.enabled = self.human_turn() and self._has_undo()
        self.b_nothing.enabled = self.human_turn() and self.path is not None
        self.b_nothing.visible = self.state.phase == "move"

    def _has_undo(self) -> bool:
        if self.set_choice is not None:
            return "".join(self.set_choice) != linyo.roll_text(self.state.rolled)
        if self.starts is not None:
            return bool(self.starts.picks)
        if self.abort_mode:
            return self.abort_line is not None or bool(self.path and self.path.lines_with_moves())
        return self.path is not None and self.path.line is not None

    def bot_delay(self) -> float:
        return self.app.settings.bot_pace_seconds / self.speed

    def _update_bots(self, dt: float) -> None:
        st = self.state
        if st.is_over or not self.g.is_bot_turn():
            self.pending = None
            return
        if self.worker is None:
            return
        seat = st.current_seat
        if self.pending is None or self.pending_at != len(st.log):
            info = self.g.seats[seat]
            self.pending = self.worker.ask("linyo", info.level or "normal", seed=self.g.bot_seeds[seat],
                                           view=st.view(seat), time_limit=None if self.demo else 3.0)
            self.pending_at = len(st.log)
        # the pace counts once the last stroke is on paper and the dice have landed
        if self.reveal.busy() or self.dice.rolling():
            self.pace = self.bot_delay()
            return
        self.pace -= dt
        if self.pace > 0 or not self.pending.done():
            return
        fut, self.pending = self.pending, None
        try:
            text = fut.result()
        except Exception as exc:  # noqa: BLE001 - a bot crash must not stop the game
            log.error("bot failed: %s", exc)
            text = str(st.legal_actions()[-1])
        if not self.g.humans:
            self.focus_seat = seat
        if not self._apply(text):
            log.error("bot played an illegal action %r", text)
            self._apply(st.legal_actions()[-1])
        self.pace = self.bot_delay() * (0.35 if self.state.phase == "start" else 1.0)

    def _update_scoring(self, dt: float) -> None:
        if not self.state.is_over or self.finished:
            return
        if self.scoring_t is None:
            if self.reveal.busy() or self.dice.rolling():
                return
            self.scoring_t = 0.0
            self._score_row = -1
            return
        anim = self.anim()
        step = ROW_SECONDS / anim if anim > 0 else 0.0
        self.scoring_t += dt
        row = int(self.scoring_t / step) if step > 0 else ROWS + 4
        if row != self._score_row and row <= ROWS:
            self._score_row = row
            sound.play("place" if row < ROWS else "jackpot")
        if row >= ROWS + 4:
            self.finished = True
            self.on_finished()

    def on_finished(self) -> None:
        """The count is done: show the results (the demo overrides this)."""
        from .results import ResultsScene
        self.app.replace(ResultsScene(self.app, self.g, best_before=self.best_before))

    # ================================================================== layout
    def layout(self, lay: Layout) -> None:
        W, H = lay.logical_w, lay.logical_h
        px = lay.px
        right_x = W - PANEL_W - 24
        self.panel_rect = lay.rect(right_x, 20, PANEL_W, H - 40)
        area = lay.rect(20, 96, right_x - 44, H - 96 - 150)
        self.geom = SheetGeom.fit(area)
        self.note_rect = pygame.Rect(self.geom.paper.x, self.geom.paper.bottom + px(14),
                                     self.geom.paper.w, lay.px(H - 20) - self.geom.paper.bottom - px(14))
        dice_area = lay.rect(right_x, 80, PANEL_W, 140)
        self.die_rects = DiceView.rects(dice_area, px(104), px(22))
        y = 240
        self.b_confirm.rect = lay.rect(right_x + 16, y, 300, 72)
        self.b_undo.rect = lay.rect(right_x + 332, y, PANEL_W - 348, 72)
        self.b_nothing.rect = lay.rect(right_x + 16, y + 84, PANEL_W - 32, 60)
        y += 66
        self.info_rect = lay.rect(right_x + 20, y + 96, PANEL_W - 40, 200)
        self.b_menu.rect = lay.rect(right_x + 12, H - 110, (PANEL_W - 36) / 2, 64)
        self.b_rules.rect = lay.rect(right_x + 24 + (PANEL_W - 36) / 2, H - 110, (PANEL_W - 36) / 2, 64)
        # thumbnails of the other seats (2 columns)
        others = [s for s in range(self.g.players) if s != self.focus_seat] if self.g.players > 1 else []
        self._layout_thumbs(lay, others, right_x, y + 300, H - 130)
        self.zoom_rect = SheetGeom.fit(lay.rect(W * 0.12, H * 0.1, W * 0.76, H * 0.8)).paper

    def _layout_thumbs(self, lay: Layout, others: list[int], x: float, top: float, bottom: float) -> None:
        self.thumb_rects = {}
        if not others:
            return
        cols = 2
        rows = math.ceil(len(others) / cols)
        cw = (PANEL_W - 36) / cols
        ch = min(200.0, (bottom - top) / max(1, rows))
        for i, seat in enumerate(others):
            r, c = divmod(i, cols)
            self.thumb_rects[seat] = lay.rect(x + 12 + c * (cw + 12), top + r * ch, cw, ch - 10)

    # ================================================================== drawing
    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        # one full-screen blit: felt, panel and the main sheet's settled ink, composed once per change
        ink = self._ink_for(self.focus_seat, True)
        sheet = settled_sheet(self.geom, self.sheet_rows, [ln for ln in ink if is_settled(ln)])
        backdrop = self._backdrop(surface.get_size(), lay)
        if getattr(self, "_comp_key", None) != (id(sheet), id(backdrop)):
            comp = backdrop.copy()
            comp.blit(sheet, self.geom.paper)
            self._comp, self._comp_key = comp, (id(sheet), id(backdrop))
        surface.blit(self._comp, (0, 0))
        self._draw_header(surface, lay)
        self._draw_sheet(surface, lay, self.focus_seat, self.geom, main=True, base_drawn=True, ink=ink)
        self._draw_dice(surface, lay)
        self.draw_widgets(surface)
        self._draw_info(surface, lay)
        self._draw_thumbs(surface, lay)
        self._draw_note(surface, lay)
        if self.zoom_seat is not None:
            self._draw_zoom(surface, lay)

    def _backdrop(self, size: tuple[int, int], lay: Layout) -> pygame.Surface:
        """Felt, the side panel and the sheet's shadow: drawn once per layout."""
        key = (size, tuple(self.panel_rect), tuple(self.geom.paper))
        if getattr(self, "_bd_key", None) != key:
            surf = pygame.Surface(size)
            surf.fill(P.FELT)
            panel(surf, self.panel_rect, lay, C.PANEL, C.PANEL_EDGE, radius=22)
            sh = pygame.Rect(self.geom.paper).move(0, max(2, lay.px(8)))
            pygame.draw.rect(surf, C.SHADOW, sh, border_radius=max(3, int(self.geom.cell * 0.16)))
            self._bd = surf.convert() if pygame.display.get_surface() is not None else surf
            self._bd_key = key
        return self._bd

    def _ink_for(self, seat: int, main: bool) -> list[InkLine]:
        ink = self.reveal.ink(seat)
        if main and seat == self.state.current_seat and self.path is not None and self.path.line is not None \
                and not self.abort_mode:
            p = self.path
            fields = [p.end_of(p.line)] + p.fields()
            if len(fields) > 1:
                ink.append(InkLine(fields, float(len(fields)), 0.0, p.line, ghost=True))
        if main and self.starts is not None and seat == self.starts.seat:
            for i, f in enumerate(self.starts.picks):
                ink.append(InkLine([f], 1.0, 0.0, len(ink) + 1))
        return ink

    def _glows(self, seat: int) -> dict[int, str]:
        glows: dict[int, str] = {}
        if seat != self.state.current_seat or not self.human_turn():
            return glows
        if self.starts is not None:
            for f in self.starts.allowed():
                glows[f] = "start"
        elif self.path is not None:
            p = self.path
            if self.abort_mode:
                st = self.state
                for li, fields in enumerate(st.lines[seat]):
                    if st.open[seat][li]:
                        glows[fields[-1]] = "refused" if self.abort_line == li + 1 else "abort"
            elif p.line is None:
                for line in p.lines_with_moves():
                    glows[p.end_of(line)] = "end"
            else:
                for f in p.next_fields():
                    glows[f] = "next"
                for f in p.star_fields():
                    glows.setdefault(f, "star")
        if self.refused is not None:
            glows[self.refused[0]] = "refused"
        return glows

    def _draw_sheet(self, surface: pygame.Surface, lay: Layout, seat: int, geom: SheetGeom, main: bool,
                    backdrop=P.FELT, base_drawn: bool = False, ink: list[InkLine] | None = None) -> None:
        if ink is None:
            ink = self._ink_for(seat, main)
        moving = [ln for ln in ink if not is_settled(ln)]
        if not base_drawn:
            settled = [ln for ln in ink if is_settled(ln)]
            surface.blit(settled_sheet(geom, self.sheet_rows, settled, backdrop), geom.paper)
        glows = self._glows(seat) if main else {}
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4.0)
        if glows:
            draw_glows(surface, geom, glows, pulse)
        if moving:
            draw_ink(surface, geom, moving)
        if main:
            self._draw_path_extras(surface, geom, seat)
            self._draw_counts(surface, geom, seat)

    def _draw_path_extras(self, surface: pygame.Surface, geom: SheetGeom, seat: int) -> None:
        p = self.path
        if seat != self.state.current_seat:
            return
        if p is not None and p.line is not None and self.dragging and self.drag_pos is not None:
            tip = geom.center(p.tip())
            stroke(surface, [tip, self.drag_pos], P.ACCENT_DARK, max(1.0, geom.cell * 0.035))
        pv = self.preview
        if pv is not None and self.human_turn():
            ghost = (*P.ILLEGAL,)
            for line in pv.closed_short + pv.closed_dead + pv.closed_choice:
                if p is not None and p.line == line and p.fields():
                    f = p.fields()[-1]
                else:
                    f = self.state.lines[seat][line - 1][-1]
                t = 0.55 + 0.45 * math.sin(self.clock * 5.0)
                draw_cross(surface, geom, f, 1.0, C.mix(P.SHEET_PAPER, ghost, t), halo=False)

    def _draw_counts(self, surface: pygame.Surface, geom: SheetGeom, seat: int) -> None:
        shown = self.reveal.shown_fields(seat)
        free_rows = [11 - sum(1 for f in shown if f // 11 == r) for r in range(ROWS)]
        total = sum(free_rows)
        rows_shown, highlight, total_shown = ROWS, None, True
        if self.scoring_t is not None and not self.finished:
            row = getattr(self, "_score_row", -1)
            rows_shown = max(0, min(ROWS, row + 1))
            highlight = row if 0 <= row < ROWS else None
            total_shown = row >= ROWS
            if highlight is not None:
                r = pygame.Rect(geom.grid.x, int(geom.grid.y + highlight * geom.cell), geom.grid.w, int(geom.cell))
                band = pygame.Surface(r.size, pygame.SRCALPHA)
                band.fill((*P.ACCENT, 60))
                surface.blit(band, r)
        draw_counts(surface, geom, free_rows, total, _("free"), _("Total"), rows_shown, highlight, total_shown)

    def _draw_header(self, surface: pygame.Surface, lay: Layout) -> None:
        st = self.state
        info = self.g.seats[self.focus_seat]
        sheet = {"A": _("sheet A"), "B": _("sheet B"), "random": _("random sheet")}.get(self.g.sheet_name, "")
        if self.g.config.get("daily"):
            sheet = _("daily sheet {date}").format(date=self.g.config["daily"])
        if st.phase == "start" or (st.phase == "set" and st.round == 0):
            rnd = _("Start")
        elif st.is_over:
            rnd = _("Game over")
        else:
            rnd = _("Round {n}").format(n=st.round)
        title = f"Linyo · {rnd}"
        T.blit_text(surface, title, lay.font_px(40), C.TEXT, (lay.px(28), lay.px(22)), bold=True)
        sub = _("{name} · difficulty {d} · {sheet}").format(name=info.name, d=info.difficulty, sheet=sheet)
        T.blit_text(surface, sub, lay.font_px(26), C.TEXT_DIM, (lay.px(30), lay.px(70)))

    def _dice_faces(self) -> list[str] | None:
        if self.set_choice is not None:
            return self.set_choice
        return None

    def _used_dice(self) -> list[bool]:
        colours: list[str] = []
        if self.path is not None and self.path.line is not None and not self.abort_mode:
            colours = self.path.used_dice()
        elif self.starts is not None:
            colours = [linyo.COLOURS[self.state.sheet.colours[f]] for f in self.starts.picks]
        faces = list(self.dice.faces)
        used = [False] * len(faces)
        for c in colours:
            for i, f in enumerate(faces):
                if f == c and not used[i]:
                    used[i] = True
                    break
        return used

    def _draw_dice(self, surface: pygame.Surface, lay: Layout) -> None:
        st = self.state
        roller = self.g.seats[st.roller].name
        if st.round == 0:
            label = _("Start roll by {name}").format(name=roller)
        else:
            label = _("Rolled by {name}").format(name=roller)
        T.blit_text(surface, label, lay.font_px(24), C.TEXT_DIM,
                    (self.panel_rect.centerx, self.panel_rect.y + lay.px(34)), "center")
        changed = None
        if self.set_choice is not None and st.rolled is not None:
            rolled = linyo.roll_text(st.rolled)
            changed = [a != b for a, b in zip(self.set_choice, rolled)]
        self.dice.draw(surface, self.die_rects, self._dice_faces(), self._used_dice(), self.hover_die,
                       self.set_choice is not None and self.human_turn(), changed, self.clock)

    def _status(self) -> str:
        st = self.state
        if st.is_over:
            return _("Counting the free fields…") if not self.finished else ""
        seat = st.current_seat
        info = self.g.seats[seat]
        if info.is_bot:
            if st.phase == "set":
                return _("{name} rolled four of a kind and turns dice…").format(name=info.name)
            if st.phase == "start":
                return _("{name} marks start fields…").format(name=info.name)
            return _("{name} is drawing…").format(name=info.name)
        if self.set_choice is not None:
            return _("Four of a kind: click up to three dice to turn them, then Confirm.")
        if self.starts is not None:
            n = len(self.starts.picks)
            if self.starts.done():
                return _("All four starts marked. Confirm, or click one to take it back.")
            return _("Mark your start fields: click a glowing field ({n} of 4).").format(n=n + 1)
        if self.abort_mode:
            if self.abort_line is None:
                return _("Extend nothing: click the line you abort this round.")
            return _("Line {n} will be aborted. Confirm?").format(n=self.abort_line)
        p = self.path
        if p is None or p.line is None:
            return _("Press on the end of a line and draw through the lit fields.")
        if p.star_fields():
            return _("Star! You may take one more step onto any free neighbour.")
        if p.action() is None:
            return _("Line {n}: draw through the lit fields.").format(n=p.line)
        return _("Line {n} grows by {k}. Confirm, or keep drawing.").format(n=p.line, k=len(p.fields()))

    def _preview_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        pv = self.preview
        if pv is None:
            return []
        out: list[tuple[str, tuple[int, int, int]]] = []
        d = self.g.seats[self.state.current_seat].difficulty
        for n in pv.closed_short:
            out.append((_("Too short (difficulty {d}): line {n} will be aborted ×.").format(d=d, n=n), P.ILLEGAL))
        for n in pv.closed_dead:
            out.append((_("Dead end: line {n} will be aborted ×.").format(n=n), P.ILLEGAL))
        if pv.ends_game:
            out.append((_("All your lines will be closed: the game ends after this round."), P.ACCENT))
        if not out:
            out.append((_("Free fields after this: {n}").format(n=pv.free_after), C.GOOD))
        return out

    def _draw_info(self, surface: pygame.Surface, lay: Layout) -> None:
        r = self.info_rect
        y = r.y
        size = lay.font_px(26)
        for line in T.wrap(self._status(), size, r.w):
            T.blit_text(surface, line, size, C.TEXT, (r.x, y))
            y += int(size * 1.3)
        y += lay.px(6)
        for text, colour in self._preview_lines():
            for line in T.wrap(text, lay.font_px(24), r.w):
                T.blit_text(surface, line, lay.font_px(24), colour, (r.x, y))
                y += int(lay.font_px(24) * 1.3)
        if self.g.players == 1:
            self._draw_solo_info(surface, lay, y + lay.px(20))

    def _draw_solo_info(self, surface: pygame.Surface, lay: Layout, y: int) -> None:
        st = self.state
        seat = 0
        open_lines = sum(1 for o in st.open[seat] if o)
        x = self.info_rect.x
        size = lay.font_px(24)
        items = [_("Open lines: {n} of 4").format(n=open_lines) if st.lines[seat] else "",
                 _("Longest line: {n} fields").format(n=st.longest(seat)) if st.lines[seat] else ""]
        for text in items:
            if text:
                T.blit_text(surface, text, size, C.TEXT_DIM, (x, y))
                y += int(size * 1.4)

    def _draw_note(self, surface: pygame.Surface, lay: Layout) -> None:
        if self.note is None or not self.note[0]:
            return
        text, problem = self.note
        size = lay.font_px(26)
        surf = T.render(text, size, P.ILLEGAL if problem else C.TEXT)
        rect = surf.get_rect(midtop=(self.geom.paper.centerx, self.note_rect.y + lay.px(4)))
        box = rect.inflate(lay.px(36), lay.px(16))
        pygame.draw.rect(surface, C.PANEL, box, border_radius=lay.px(12))
        surface.blit(surf, rect)

    def _thumb_geom(self, rect: pygame.Rect, lay: Layout) -> SheetGeom:
        name_h = lay.px(30)
        return SheetGeom.fit(pygame.Rect(rect.x, rect.y + name_h, rect.w, rect.h - name_h), compact=True)

    def _draw_thumbs(self, surface: pygame.Surface, lay: Layout) -> None:
        for seat, rect in self.thumb_rects.items():
            geom = self._thumb_geom(rect, lay)
            ink = self.reveal.ink(seat)
            surface.blit(settled_sheet(geom, self.sheet_rows, [ln for ln in ink if is_settled(ln)], C.PANEL),
                         geom.paper)
            moving = [ln for ln in ink if not is_settled(ln)]
            if moving:
                draw_ink(surface, geom, moving)
            info = self.g.seats[seat]
            free = 77 - len(self.reveal.shown_fields(seat))
            active = seat == self.state.current_seat
            colour = C.ACCENT if active else C.TEXT
            T.blit_text(surface, info.name, lay.font_px(22), colour, (rect.x + lay.px(4), rect.y + lay.px(2)), bold=active)
            T.blit_text(surface, _("{n} free").format(n=free), lay.font_px(22), C.TEXT_DIM,
                        (rect.right - lay.px(4), rect.y + lay.px(2)), "topright")
            if active:
                pygame.draw.rect(surface, C.ACCENT, rect.inflate(lay.px(8), lay.px(8)), max(2, lay.px(3)),
                                 border_radius=lay.px(10))

    def _draw_zoom(self, surface: pygame.Surface, lay: Layout) -> None:
        seat = self.zoom_seat
        t = self.zoom_t
        import pytweening
        e = pytweening.easeOutCubic(t)
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, int(150 * e)))
        surface.blit(dim, (0, 0))
        target = self.zoom_rect
        if t < 1.0:
            a, b = self.zoom_from, target
            rect = pygame.Rect(int(a.x + (b.x - a.x) * e), int(a.y + (b.y - a.y) * e),
                               max(4, int(a.w + (b.w - a.w) * e)), max(4, int(a.h + (b.h - a.h) * e)))
            pygame.draw.rect(surface, P.SHEET_PAPER, rect, border_radius=lay.px(12))
            return
        geom = SheetGeom.fit(target.inflate(lay.px(8), lay.px(8)))
        self._draw_sheet(surface, lay, seat, geom, main=False, backdrop=(8, 20, 20))
        shown = self.reveal.shown_fields(seat)
        free_rows = [11 - sum(1 for f in shown if f // 11 == r) for r in range(ROWS)]
        draw_counts(surface, geom, free_rows, sum(free_rows), _("free"), _("Total"))
        info = self.g.seats[seat]
        T.blit_text(surface, _("{name} · difficulty {d} — click to close").format(name=info.name, d=info.difficulty),
                    lay.font_px(28), C.TEXT, (geom.paper.centerx, geom.paper.y - lay.px(24)), "center", bold=True)
