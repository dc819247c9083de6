"""Mouse and keys at the Line-it table (a mixin of `TableScene`).

Input never decides a rule: a drop or a click becomes an action text
(`take 57 line`, `take 57 hand`, `play 57`), the engine is asked whether it is
legal (to light the drop zones while dragging) and, on the drop, either
applies it or refuses with its reason, shown under the buttons while the
card snaps back.

Keys: 1–8 pick the card in that market place (a place stays empty once its
card is taken), Q/W a hand card, L to the line, H to the hand, C close the
line, E / Enter end the turn (pass in the final plays), U / Ctrl+Z undo, T
hint, I what is this (steps through the things on the table and explains
each), Page Up / Page Down / Home / End scroll the log, Esc menu.

The log also scrolls with the mouse wheel and by dragging inside it.
"""
from __future__ import annotations

import pygame

from game import sound

from .sprites import CardSprite

DRAG_START_PX = 6


class TableInput:
    """`handle(event)` for the table: drag and drop, click to select then click a target, keys."""

    def handle(self, event: pygame.event.Event) -> bool:
        if self.handle_over(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            if self.geo is not None and self.geo.log.collidepoint(self.mouse):
                self.scroll_log(event.y)
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.tip_focus = None
            if self.log_drag is not None:
                y0, scroll0 = self.log_drag
                self.log_scroll = scroll0
                self.scroll_log((event.pos[1] - y0) // max(1, self.log_line_px()))
                return True
            for b in self.buttons:
                b.hover = b.rect.collidepoint(event.pos)
            if self.press is not None and self.drag is None:
                s, start = self.press
                if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) >= DRAG_START_PX:
                    self.drag = s
                    self.selected = s
                    self.drag_off = (s.x - start[0], s.y - start[1])
                    s.snap_now()
                    sound.play("pick")
            if self.drag is not None:
                self.drag.x = event.pos[0] + self.drag_off[0]
                self.drag.y = event.pos[1] + self.drag_off[1]
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            for b in self.buttons:
                if b.rect.collidepoint(event.pos) and b.enabled:
                    return b.handle(event)
            if self.geo is not None and self.geo.log.collidepoint(event.pos):
                self.log_drag = (event.pos[1], self.log_scroll)
                return True
            s = self.board.sprite_at(event.pos, ("market", "hand"))
            if s is not None and self.draggable(s):
                self.press = (s, event.pos)
                return True
            zone = self.zone_at(event.pos)
            if zone and self.selected is not None:
                a = self.action_for(self.selected, zone)
                if a:
                    self.try_action(a, zone)
                return True
            self.selected = None
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            if self.log_drag is not None:
                self.log_drag = None
                return True
            for b in self.buttons:
                if b.rect.collidepoint(event.pos) and b.enabled and self.press is None and self.drag is None:
                    return b.handle(event)
            if self.drag is not None:
                s = self.drag
                self.drag = None
                self.press = None
                self.selected = None
                zone = self.zone_at(event.pos)
                a = self.action_for(s, zone) if zone else None
                done = self.try_action(a, zone) if a else False
                if not done:
                    self.snap_back(s)
                return True
            if self.press is not None:
                s, _start = self.press
                self.press = None
                self.selected = None if self.selected is s else s
                if self.selected is not None:
                    sound.play("pick")
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def snap_back(self, s: CardSprite) -> None:
        x, y, h, face, alpha = s.target
        s._to = (s.x, s.y, s.h, s.face, s.alpha)
        s.move_to((x, y), h, face, 0.28 / max(0.5, self.anim_speed() or 1e9) if self.anim_speed() > 0 else 0.0)

    def key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k == pygame.K_ESCAPE:
            if self.tip_focus is not None:
                self.tip_focus = None
            elif self.selected is not None:
                self.selected = None
            else:
                self.open_pause()
            return True
        scroll = {pygame.K_PAGEUP: 3, pygame.K_PAGEDOWN: -3, pygame.K_HOME: len(self.log), pygame.K_END: -len(self.log)}
        if k in scroll:
            self.scroll_log(scroll[k])
            return True
        if k == pygame.K_i:
            self.step_tip(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if not self.my_turn():
            return False
        if pygame.K_1 <= k <= pygame.K_8:
            place = k - pygame.K_1
            card = next((s for s in self.board.sprites_in(("market",)) if s.zone[1] == place), None)
            if card is not None:
                self.selected = None if self.selected is card else card
            return True
        if k in (pygame.K_q, pygame.K_w):
            cards = self.board.sprites_in(("hand", self.viewer))
            i = 0 if k == pygame.K_q else 1
            if i < len(cards):
                self.selected = None if self.selected is cards[i] else cards[i]
            return True
        if k in (pygame.K_l, pygame.K_h):
            if self.selected is not None:
                a = self.action_for(self.selected, "line" if k == pygame.K_l else "hand")
                if a:
                    self.try_action(a, "line" if k == pygame.K_l else "hand")
            return True
        if k == pygame.K_c:
            self.on_close()
            return True
        if k in (pygame.K_e, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_end()
            return True
        if k == pygame.K_u or (k == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            self.undo()
            return True
        if k == pygame.K_t:
            self.on_hint()
            return True
        return False

