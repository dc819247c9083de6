"""Pointer and keyboard input of the Linyo table: press, drag, click dice, keys.

A part of the Linyo table scene, typed against `table_view.LinyoTableView`; every field that lights up or is refused comes from
the engine through `MovePath` / `StartPicks`.
"""
from __future__ import annotations

import pygame

from engine.core import Refusal

from game.shell import sound
from game.shell.i18n import _
from ..table.flash import Flash
from . import texts, tips
from .geometry import COLS, ROWS
from .table_view import TableMixin

REFUSED_SECONDS = 0.6
ARROWS = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1)}
NUMBER_KEYS = {pygame.K_1: 1, pygame.K_2: 2, pygame.K_3: 3, pygame.K_4: 4,
               pygame.K_KP1: 1, pygame.K_KP2: 2, pygame.K_KP3: 3, pygame.K_KP4: 4}


class TableInput(TableMixin):
    """Input half of the table scene."""

    # ================================================================== pointer
    def _refuse(self, f: int, reason: Refusal | None) -> None:
        """Flash `f`; say the engine's reason (a coded refusal), if it gave one."""
        self.refused = Flash(f, REFUSED_SECONDS)
        if reason:
            self._say(texts.explain(reason), True)

    def _open_line_at(self, f: int) -> int | None:
        """The number of the seat's open line whose end (or any field) is `f`."""
        seat, st = self.decide_seat, self.decide_state
        if seat is None:
            return None
        for li, fields in enumerate(st.lines[seat]):
            if st.open[seat][li] and f in fields:
                return li + 1
        return None

    def press(self, pos: tuple[int, int]) -> None:
        """Mouse down on the main sheet."""
        f = self.geom.field_at(pos)
        if f is None:
            return
        if self.touch(f):
            self.dragging = True
            self.last_pos = pos
            self.drag_pos = pos

    def touch(self, f: int) -> bool:
        """A press on field `f`, by the pointer or the keyboard's Space/Enter: mark or take back a start,
        pick the line to abort, begin a line at its end, add the next step or go back to a field of
        the path; a field that can do none of these is refused with the engine's reason.
        True when the path may be drawn on from `f` (a pointer drags on)."""
        if not self.human_turn() or self.focus_seat != self.decide_seat:
            return False
        if self.starts is not None:
            if self.starts.pick(f):
                sound.play("place")
                self.notice = None
            else:
                self._refuse(f, self.starts.why_not(f))
            return False
        if self.path is None:
            return False
        if self.abort_mode:
            line = self._open_line_at(f)
            if line is not None:
                self.abort_line = line
                sound.play("click")
                self._refresh_preview()
            return False
        p = self.path
        # a line end with moves: start (or restart) drawing it
        for line in p.lines_with_moves():
            if f == p.end_of(line):
                if p.line != line:
                    p.begin(line)
                else:
                    p.back_to(f)
                self.notice = None
                self._refresh_preview()
                return True
        if p.line is not None:
            drawing = True
            if f == p.tip():
                pass
            elif f in p.fields() and p.back_to(f):
                pass
            elif p.extend(f):
                sound.play("pick")
            else:
                self._refuse(f, p.why_not(f))
                drawing = False
            self._refresh_preview()
            return drawing
        line = self._open_line_at(f)
        if line is not None and f == self.decide_state.lines[self.decide_seat][line - 1][-1]:
            self._refuse(f, None)
            self._say(_("Line {n} cannot grow with these dice.").format(n=line), True)
        else:
            self._refuse(f, None)
            self._say(_("Press on the end of a line (its ● or last field) and draw."), True)
        return False

    # ================================================================== keyboard drawing
    def _cursor_home(self) -> int:
        """Where the cursor appears first: the path's tip, a line end that can move, or a field
        the next start may take (else the sheet's middle)."""
        p = self.path
        if p is not None and p.tip() is not None:
            return p.tip()  # type: ignore[return-value]
        if p is not None and p.lines_with_moves() and not self.abort_mode:
            return p.end_of(p.lines_with_moves()[0])
        if self.abort_mode and self.decide_seat is not None:
            ends = self.decide_state.open_ends(self.decide_seat)
            if ends:
                return ends[0][1]
        if self.starts is not None and self.starts.allowed():
            return min(self.starts.allowed(), key=lambda f: abs(f // COLS - ROWS // 2) + abs(f % COLS - COLS // 2))
        return (ROWS // 2) * COLS + COLS // 2

    def move_cursor(self, drow: int, dcol: int) -> None:
        """An arrow key: the cursor one field over (it stays on the sheet)."""
        if self.cursor is None:
            self.cursor = self._cursor_home()
            return
        r, c = divmod(self.cursor, COLS)
        self.cursor = min(ROWS - 1, max(0, r + drow)) * COLS + min(COLS - 1, max(0, c + dcol))

    def _adds(self, f: int) -> bool:
        """Would a press on `f` add something (a start, a step, a line begun, the line to abort)?"""
        if self.starts is not None:
            return f in self.starts.allowed() and not self.starts.done()
        p = self.path
        if p is None:
            return False
        if self.abort_mode:
            line = self._open_line_at(f)
            return line is not None and line != self.abort_line
        if any(f == p.end_of(line) and p.line != line for line in p.lines_with_moves()):
            return True
        return p.line is not None and (f in p.next_fields() or f in p.star_fields())

    def key_enter(self) -> None:
        """Enter: the field under the cursor as the next step (or start, or line to abort); on a
        field that adds nothing, confirm what is drawn if it can be confirmed."""
        if self.set_choice is not None or self.cursor is None:
            if self.can_confirm():
                self.confirm()
            elif self.cursor is None:
                self.cursor = self._cursor_home()
            return
        if self._adds(self.cursor) or not self.can_confirm():
            self.touch(self.cursor)
        else:
            self.confirm()

    def key_space(self) -> None:
        """Space: the field under the cursor as a press (never confirms: Enter does)."""
        if self.cursor is None:
            self.cursor = self._cursor_home()
            return
        self.touch(self.cursor)

    def cancel_drawing(self) -> bool:
        """Esc: drop the path being drawn (or the line chosen to abort); False if nothing was drawn."""
        p = self.path
        if self.abort_mode and self.abort_line is not None:
            self.abort_line = None
        elif p is not None and p.line is not None and not self.abort_mode:
            p.clear()
        else:
            return False
        self._refresh_preview()
        return True

    def key_number(self, n: int) -> None:
        """1-4: turn die n (a four of a kind), abort line n (extend nothing), or begin line n."""
        if self.set_choice is not None:
            self.click_die(n - 1)
            return
        p = self.path
        if p is None or self.decide_seat is None:
            return
        lines = self.decide_state.lines[self.decide_seat]
        if n > len(lines):
            return
        end = lines[n - 1][-1]
        self.cursor = end
        if self.abort_mode or n in p.lines_with_moves():
            self.touch(end)
        else:
            self._refuse(end, None)
            self._say(_("Line {n} cannot grow with these dice.").format(n=n), True)

    def drag(self, pos: tuple[int, int]) -> None:
        """Mouse moved with the button held: walk every field crossed."""
        p = self.path
        if not self.dragging or p is None or p.line is None:
            return
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
            if self.refused is None or self.refused.what != f:
                self._refuse(f, p.why_not(f))
            break
        self.last_pos = pos
        self.drag_pos = pos
        if changed:
            self.notice = None
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
        why = self.decide_state.why_illegal(self._set_action())
        if why is None:
            self.notice = None
        else:
            self._say(texts.explain(why), True)

    def _log_event(self, event: pygame.event.Event) -> bool:
        """The log: the wheel and a drag scroll it, the pointer on an entry lights up its fields."""
        log = self.log
        if event.type == pygame.MOUSEWHEEL:        # the log is the one thing at the table that scrolls
            log.scroll_by(int(event.y))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.log_rect.collidepoint(event.pos):
            self.log_drag = (event.pos[1], log.scroll)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.log_drag is not None:
            self.log_drag = None
            return True
        if event.type == pygame.MOUSEMOTION:
            if self.log_drag is not None:
                y0, scroll0 = self.log_drag
                line = max(1, int(self.table_lay.font_px(20) * 1.25))
                log.scroll = scroll0
                log.scroll_by((event.pos[1] - y0) // line)
            log.hover = next((i for r, i, _l in self.log_rows(self.table_lay) if r.collidepoint(event.pos)), None)
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME,
                                                          pygame.K_END):
            page = max(1, len(self.log_rows(self.table_lay)) - 1)
            if event.key == pygame.K_HOME:
                log.scroll_by(len(log.entries))
            elif event.key == pygame.K_END:
                log.scroll = 0
            else:
                log.scroll_by(page if event.key == pygame.K_PAGEUP else -page)
            return True
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        if self.handle_over(event):
            return True
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
        if self._log_event(event):
            return True
        if self.human_turn() and (event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and event.key not in (pygame.K_TAB, pygame.K_ESCAPE))):
            self.notice = None          # the player acts: what was said before is stale (a refusal says anew)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._left_click(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.undo()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos
            self.hover_rest = 0.0
            self.tip_focus = None
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
        if event.type == pygame.KEYDOWN and self._table_key(event):
            return True
        return super().handle(event)

    def _left_click(self, event: pygame.event.Event) -> bool:
        """A left press: a widget, a die, a thumbnail (zooms it) or the grid (starts a path)."""
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
            self.cursor = None        # the pointer draws now: one focus on the sheet, not two
            self.press(event.pos)
            return True
        return False

    def _table_key(self, event: pygame.event.Event) -> bool:
        """The table's own keys (True if the key was one); the rest go to the widgets."""
        if self._drawing_key(event):
            return True
        if event.key == pygame.K_a and not event.mod & pygame.KMOD_CTRL:
            self.show_all_sheets()
            return True
        if event.key == pygame.K_i:
            n = len(tips.targets(self))
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.tip_focus = (step if self.tip_focus is None else self.tip_focus + step) % max(1, n)
            return True
        if self.tip_focus is not None and event.key == pygame.K_ESCAPE:
            self.tip_focus = None
            return True
        if event.key in (pygame.K_BACKSPACE, pygame.K_z) and (
                event.key == pygame.K_BACKSPACE or event.mod & pygame.KMOD_CTRL):
            self.undo()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus is None:
            self.key_enter()
            return True
        return False

    def _drawing_key(self, event: pygame.event.Event) -> bool:
        """The keys that draw at a person's turn: arrows, Space, Esc, 1-4, N, H, R."""
        if not self.human_turn():
            return False
        key = event.key
        if key in ARROWS and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            if self.focus is not None:
                self.set_focus(None)     # the arrows go back to the sheet from a button
            self.tip_focus = None
            self.move_cursor(*ARROWS[key])
            return True
        if key == pygame.K_SPACE and self.focus is None:
            self.key_space()
            return True
        if key == pygame.K_ESCAPE and self.tip_focus is None and self.cancel_drawing():
            return True
        if key in NUMBER_KEYS:
            self.key_number(NUMBER_KEYS[key])
            return True
        if key == pygame.K_n and self.state.phase == "move":
            self.toggle_abort()
            return True
        if key == pygame.K_h:
            self.on_hint()
            return True
        if key == pygame.K_r:
            self.reach_shown = not self.reach_shown
            return True
        return False

