"""Pointer and keyboard input of the Linyo table: press, drag, click dice, keys.

A part of the Linyo table scene, typed against `table_view.LinyoTableView`; every field that lights up or is refused comes from
the engine through `MovePath` / `StartPicks`.
"""
from __future__ import annotations

import pygame

from engine.core import Refusal

from .. import sound
from ..i18n import _
from ..table.flash import Flash
from . import texts, tips
from .table_view import TableMixin

REFUSED_SECONDS = 0.6


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
        if f is None or not self.human_turn() or self.focus_seat != self.decide_seat:
            return
        if self.starts is not None:
            if self.starts.pick(f):
                sound.play("place")
                self.notice = None
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
                self.notice = None
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
        if line is not None and f == self.decide_state.lines[self.decide_seat][line - 1][-1]:
            self._refuse(f, None)
            self._say(_("Line {n} cannot grow with these dice.").format(n=line), True)
        else:
            self._refuse(f, None)
            self._say(_("Press on the end of a line (its ● or last field) and draw."), True)

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
            self.press(event.pos)
            return True
        return False

    def _table_key(self, event: pygame.event.Event) -> bool:
        """The table's own keys (True if the key was one); the rest go to the widgets."""
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
            self.confirm()
            return True
        return False

