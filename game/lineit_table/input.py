"""Mouse and keys at the Line-it table (a mixin of `TableScene`, typed against `table_view.LineitTableView`).

Input never decides a rule: a drop or a click becomes an engine `Action`
(`take 57 line`, `take 57 hand`, `play 57`), the engine is asked whether it is
legal (to light the drop zones while dragging) and, on the drop, either
applies it or refuses with its reason, shown under the buttons while the
card snaps back.

Keys: 1–8 pick the card in that market place (a place stays empty once its
card is taken), Q/W a hand card, L to the line, H to the hand, C close the
line, E / Enter end the turn (pass in the final plays), U / Ctrl+Z undo, T
hint (again, or A: play it), R what happened since your last turn, I what is
this (steps through the things on the table and explains each), Page Up /
Page Down / Home / End scroll the log, Esc menu.

The log also scrolls with the mouse wheel and by dragging inside it.
"""
from __future__ import annotations


import pygame

from game.shell import sound

from .sprites import CardSprite
from .table_view import LineitTableView, TableMixin

DRAG_START_PX = 6


class TableInput(TableMixin):
    """`handle(event)` for the table: drag and drop, click to select then click a target, keys."""

    def handle(self, event: pygame.event.Event) -> bool:
        return handle_event(self, event)


def handle_event(sc: LineitTableView, event: pygame.event.Event) -> bool:
    if sc.handle_over(event):
        return True
    if event.type == pygame.MOUSEWHEEL:
        if sc.geo is not None and sc.geo.log.collidepoint(sc.mouse):
            sc.scroll_log(event.y)
            return True
        return False
    if event.type == pygame.MOUSEMOTION:
        return _motion(sc, event.pos)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return _press(sc, event)
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        return _release(sc, event)
    if event.type == pygame.KEYDOWN:
        return key(sc, event)
    return False

def _motion(sc: LineitTableView, pos: tuple[int, int]) -> bool:
    sc.mouse = pos
    sc.tip_focus = None
    if sc.log_drag is not None:
        y0, scroll0 = sc.log_drag
        sc.log_scroll = scroll0
        sc.scroll_log((pos[1] - y0) // max(1, sc.log_line_px()))
        return True
    for b in sc.buttons:
        b.hover = b.rect.collidepoint(pos)
    if sc.press is not None and sc.drag is None:
        s, start = sc.press
        if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) >= DRAG_START_PX:
            sc.drag = s
            sc.selected = s
            sc.drag_off = (int(s.x) - start[0], int(s.y) - start[1])
            s.snap_now()
            sound.play("pick")
    if sc.drag is not None:
        sc.drag.x = pos[0] + sc.drag_off[0]
        sc.drag.y = pos[1] + sc.drag_off[1]
    return True

def _press(sc: LineitTableView, event: pygame.event.Event) -> bool:
    sc.mouse = event.pos
    for b in sc.buttons:
        if b.rect.collidepoint(event.pos) and b.enabled:
            return bool(b.handle(event))
    if sc.geo is not None and sc.geo.log.collidepoint(event.pos):
        sc.log_drag = (event.pos[1], sc.log_scroll)
        return True
    s = sc.board.sprite_at(event.pos, ("market", "hand"))
    if s is not None and sc.draggable(s):
        sc.press = (s, event.pos)
        return True
    zone = sc.zone_at(event.pos)
    if zone and sc.selected is not None:
        act(sc, sc.selected, zone)
        return True
    sc.selected = None
    return True

def _release(sc: LineitTableView, event: pygame.event.Event) -> bool:
    sc.mouse = event.pos
    if sc.log_drag is not None:
        sc.log_drag = None
        return True
    for b in sc.buttons:
        if b.rect.collidepoint(event.pos) and b.enabled and sc.press is None and sc.drag is None:
            return bool(b.handle(event))
    if sc.drag is not None:
        s = sc.drag
        sc.drag = None
        sc.press = None
        sc.selected = None
        zone = sc.zone_at(event.pos)
        if not (zone and act(sc, s, zone)):
            snap_back(sc, s)
        return True
    if sc.press is not None:
        s, _start = sc.press
        sc.press = None
        sc.selected = None if sc.selected is s else s
        if sc.selected is not None:
            sound.play("pick")
        return True
    return False

def act(sc: LineitTableView, s: CardSprite, zone: str) -> bool:
    """Move card `s` to `zone` ("line" or "hand") if the engine allows it; True if it did. The board
    learns which card it was (two Bet cards in the market may be alike)."""
    a = sc.action_for(s, zone)
    if a is None:
        return False
    sc.board.picked = s
    done = sc.try_action(a, zone)
    if not done:
        sc.board.picked = None
    return done


def snap_back(sc: LineitTableView, s: CardSprite) -> None:
    x, y, h, face, alpha = s.target
    s._to = (s.x, s.y, s.h, s.face, s.alpha)
    s.move_to((x, y), h, face, 0.28 / max(0.5, sc.anim_speed() or 1e9) if sc.anim_speed() > 0 else 0.0)

def key(sc: LineitTableView, event: pygame.event.Event) -> bool:
    k = event.key
    if k == pygame.K_ESCAPE:
        if sc.tip_focus is not None:
            sc.tip_focus = None
        elif sc.selected is not None:
            sc.selected = None
        else:
            sc.open_pause()
        return True
    scroll = {pygame.K_PAGEUP: 3, pygame.K_PAGEDOWN: -3, pygame.K_HOME: len(sc.log), pygame.K_END: -len(sc.log)}
    if k in scroll:
        sc.scroll_log(scroll[k])
        return True
    if k == pygame.K_i:
        sc.step_tip(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        return True
    if k == pygame.K_r:
        sc.open_recap()
        return True
    if not sc.my_turn():
        return False
    if pygame.K_1 <= k <= pygame.K_8:
        place = k - pygame.K_1
        card = next((s for s in sc.board.sprites_in(("market",)) if s.zone[1] == place), None)
        if card is not None:
            sc.selected = None if sc.selected is card else card
        return True
    if k in (pygame.K_q, pygame.K_w):
        cards = sc.board.sprites_in(("hand", sc.viewer))
        i = 0 if k == pygame.K_q else 1
        if i < len(cards):
            sc.selected = None if sc.selected is cards[i] else cards[i]
        return True
    if k in (pygame.K_l, pygame.K_h):
        if sc.selected is not None:
            act(sc, sc.selected, "line" if k == pygame.K_l else "hand")
        return True
    if k == pygame.K_c:
        sc.on_close()
        return True
    if k in (pygame.K_e, pygame.K_RETURN, pygame.K_KP_ENTER):
        sc.on_end()
        return True
    if k == pygame.K_u or (k == pygame.K_z and event.mod & pygame.KMOD_CTRL):
        sc.undo()
        return True
    if k == pygame.K_t:
        sc.on_hint()
        return True
    if k == pygame.K_a:
        sc.apply_hint()
        return True
    return False

