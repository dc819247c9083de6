"""Drawing of the Linyo table: backdrop, main sheet, dice, panel, thumbnails, zoom.

A part of the Linyo table scene, typed against `table_view.LinyoTableView` (it never imports the
scene). Drawing changes no state of the table: what it keeps between frames (the backdrop, the retained layer, sheet canvases) lives in the
scene's `Paint`, and what it left in the window in the base's `FramePush`.
"""
from __future__ import annotations

import math
import time
from typing import Callable

import pygame
import pytweening

from engine import linyo
from engine.core import IllegalAction
from game.ui import palette as P

from game.shell import i18n
from game.shell.i18n import _, ngettext
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout
from ..ui.widgets import Widget, label_text, panel
from .geometry import BANNER_LEADING, MIN_TEXT_PX, ROWS, SheetGeom, font_px
from .dice_view import DiceView
from ..table.present import SPARE_FRAME_S
from ..ui.layer import Item, merge_rects
from .sheet_draw import (InkLine, SheetCanvas, count_ops, draw_counts, draw_cross, draw_cursor, draw_glows, draw_ink,
                         draw_marks, draw_reach, ink_bounds, is_settled, marks_rect, settled_sheet, stroke)
from . import texts, thumbs, tips
from .hints import cut_fields
from .table_view import TableMixin

TIP_DELAY = 0.5          # seconds the pointer rests before a tooltip shows
KEYS_LEADING = 1.2       # the key help's line height, in font sizes
INFO_SCALES = (1.0, 0.9, 0.8, 0.7)    # the panel's words a little smaller where a hint's reasons need the room


_ops_rects: dict = {}


def _ops_rect(ops) -> pygame.Rect:
    """Where text ops `(text, size, colour, pos, anchor, bold)` paint (remembered per ops; a new Rect)."""
    try:
        rect = _ops_rects.get(ops)
    except TypeError:        # an unhashable colour: measure it every time
        return _measure_ops(ops)
    if rect is None:
        if len(_ops_rects) > 512:
            _ops_rects.clear()
        rect = _ops_rects[ops] = _measure_ops(ops)
    return pygame.Rect(rect)


def _measure_ops(ops) -> pygame.Rect:
    rect = pygame.Rect(0, 0, 0, 0)
    for text, size, colour, pos, anchor, bold in ops:
        r = T.render(text, size, colour, bold).get_rect(**{anchor: pos})
        rect = r if not rect.w and not rect.h else rect.union(r)
    return rect


def _draw_ops(surface: pygame.Surface, ops, rule=None) -> None:
    for text, size, colour, pos, anchor, bold in ops:
        T.blit_text(surface, text, size, colour, pos, anchor, bold)
    if rule is not None:
        pygame.draw.line(surface, *rule)


def _ops_painter(ops, rule=None) -> Callable[[pygame.Surface], None]:
    """A layer item's painter for these text ops (bound now: the caller's names change in its loop)."""
    return lambda s: _draw_ops(s, ops, rule)


def _widget_painter(w: Widget, lay: Layout) -> Callable[[pygame.Surface], None]:
    return lambda s: w.draw(s, lay)


def _widget_label(w) -> str:
    label = getattr(w, "label", None)
    return label_text(label) if label is not None else ""


class TableDrawing(TableMixin):
    """Drawing half of the table scene."""

    # ================================================================== drawing
    def draw(self, surface: pygame.Surface) -> None:
        """Resting things come from a retained layer (repainted only where they changed); the
        window keeps last frame's picture, so only what moved is copied back and drawn again."""
        began = time.perf_counter()
        lay = self.table_lay
        app = self.app
        paint = self.paint
        layer = paint.layer
        base = self._backdrop(surface.get_size(), lay)
        ink = self._ink_for(self.focus_seat, True)
        canvas = self._canvas("main", self.focus_seat, self.geom, P.FELT)
        at = self.geom.paper.topleft
        sheet_dirty = canvas.update(ink, at)
        prev = paint.main_canvas
        if prev is not None and prev is not canvas and prev.paper_key == canvas.paper_key:
            # another seat's sheet in the same place: only the fields where either has ink differ
            sheet_dirty += canvas.cell_rects(prev.fields() | canvas.fields(), at, margin=1)
        switched = prev is not None and prev is not canvas
        paint.main_canvas = canvas
        layer.update(base, paint.bd_key, self._layer_items(lay, canvas), sheet_dirty)
        if not switched and time.perf_counter() - began < SPARE_FRAME_S:     # a busy frame leaves it
            self._prewarm(lay)
        if surface is not app.screen:
            # a picture elsewhere (a snapshot, a test): all of it, and the window's bookkeeping stays
            surface.blit(layer.picture, (0, 0))
            self._draw_moving(surface, lay, ink)
            if self.zoom_seat is not None:
                self._draw_zoom(surface, lay, self.zoom_seat)
            return
        changed = layer.take_changed()
        push = self.frame_push
        clean = push.can_patch(app, self, surface)
        zoom_sig = None
        if self.zoom_seat is not None:
            zoom_sig = self._zoom_sig(self.zoom_seat)
            if clean and not changed and not paint.dyn_busy and zoom_sig == paint.zoom_drawn:
                push.still(app)                  # nothing moved: the window still shows it
                return
            clean = False
        if clean:
            restored = merge_rects(push.rects + changed)
            for r in restored:
                surface.blit(layer.picture, r, r)
        else:
            surface.blit(layer.picture, (0, 0))
        rects = self._draw_moving(surface, lay, ink)
        paint.dyn_busy = bool(rects)
        if self.zoom_seat is not None:
            self._draw_zoom(surface, lay, self.zoom_seat)
            rects = [surface.get_rect()]
        elif clean:
            # the window changed only there: the app pushes just those rectangles to the screen
            push.push(app, surface, restored + rects)
        paint.zoom_drawn = zoom_sig
        push.drawn(app, surface, rects)

    def _prewarm(self, lay: Layout) -> None:
        """Bring the sheets not in view up to their settled ink ahead, so the frame that switches has
        little left to draw (canvases are the same either way), one seat's drawing a frame: first the
        thumbnails of the seat in view (it becomes one at the next switch, its last move marked), else
        another seat's main sheet and thumbnails, a seat per frame."""
        players = self.g.players
        if players < 2:
            return
        # thumbnails in different rows can differ by a pixel in size: a canvas for each size
        geoms = list({SheetCanvas.key(g): g for g in (self._thumb_geom(r, lay) for r in self.thumb_rects.values())}
                     .values())
        if self._warm_thumbs(self.focus_seat, geoms, lay):
            return
        k = self.paint.warm_next % players
        if k == self.focus_seat:
            k = (k + 1) % players
        self.paint.warm_next = k + 1
        self._canvas("main", k, self.geom, P.FELT).update(self._ink_for(k, True))
        self._warm_thumbs(k, geoms, lay)

    def _warm_thumbs(self, seat: int, geoms: list[SheetGeom], lay: Layout) -> bool:
        """Bring `seat`'s thumbnail canvases up to date with its last move marked; whether that drew
        (at every thumbnail's size, and at its own where its words take more room)."""
        ink = self.reveal.ink(seat)
        marks = self._marks(seat)
        drew = False
        if seat in self.thumb_rects:
            own = self._thumb_geom(self.thumb_rects[seat], lay, seat)
            geoms = geoms + [own] if all(SheetCanvas.key(own) != SheetCanvas.key(g) for g in geoms) else geoms
        for geom in geoms:
            if geom.cell < 2:
                continue
            cv = self._canvas("thumb", seat, geom, C.PANEL)
            drew = bool(cv.update(ink)) or drew
            if marks and not cv.has_marked(marks):
                cv.marked(marks)
                drew = True
        return drew

    def _zoom_sig(self, seat: int) -> tuple:
        info = self.g.seats[seat]
        return (seat, self.zoom_t, tuple(self.zoom_rect), self.reveal.signature(seat), info.name,
                _("{name} · difficulty {d} — click to close"), _("free"), _("Total"))

    def _canvas(self, kind: str, seat: int, geom: SheetGeom, backdrop) -> SheetCanvas:
        """The seat's sheet with its settled ink, kept per place on screen."""
        canvases = self.paint.canvases
        key = (kind, seat, SheetCanvas.key(geom), self.sheet_rows, backdrop)
        cv = canvases.get(key)
        if cv is None:
            if len(canvases) > 24:          # two layouts. worth (a full sheet is ~4 MB)
                canvases.clear()
            cv = canvases[key] = SheetCanvas(geom, self.sheet_rows, backdrop)
        return cv

    # ------------------------------------------------------------------ the resting layer
    def _layer_items(self, lay: Layout, canvas: SheetCanvas) -> list[Item]:
        items: list[Item] = []
        geom = self.geom
        items.append(Item("sheet", 0, pygame.Rect(geom.paper), (canvas.paper_key, tuple(geom.paper)),
                          lambda s: s.blit(canvas.picture, geom.paper), opaque=True))
        marks = self._marks(self.focus_seat)
        if marks:
            items.append(Item("marks", 0.5, marks_rect(geom, marks), (tuple(sorted(marks)), tuple(geom.grid)),
                              lambda s: draw_marks(s, geom, marks, "last")))
        reach = self.shown_reach()
        if reach:
            assert self.path is not None      # a reach is shown only for a path being drawn
            items.append(Item("reach", 0.6, marks_rect(geom, set(reach)),
                              (id(self.path), self.path.version(), tuple(geom.grid)),
                              lambda s: draw_reach(s, geom, reach)))
        cursor = self.shown_cursor()
        if cursor is not None:
            ring = geom.cell_rect(cursor).inflate(int(geom.cell * 0.5), int(geom.cell * 0.5))
            items.append(Item("cursor", 5, ring, (cursor, tuple(geom.grid)),
                              lambda s: draw_cursor(s, geom, cursor)))
        band = self._score_band()
        if band is not None:
            items.append(Item("band", 1, band, tuple(band), self._blit_band))
        ops, line = self._count_ops(geom, self.focus_seat)
        # one item per count, so a changed row repaints only its own number
        n_rows = len(ops) - 1 - (2 if line is not None else 0)
        for k, op in enumerate(ops[:1 + n_rows]):
            items.append(Item(("count", k), 2, _ops_rect((op,)), op, _ops_painter((op,))))
        if line is not None:
            tail = ops[1 + n_rows:]
            rect = _ops_rect(tail)
            (x0, y0), (x1, _), w = line[1], line[2], line[3]
            rect.union_ip(pygame.Rect(int(x0) - 1, int(y0) - w - 1, int(x1 - x0) + 3, 2 * w + 3))
            items.append(Item("total", 2, rect, (tail, line), _ops_painter(tail, line)))
        for key, ops in (("header", self._header_ops(lay)), ("dice_label", self._dice_label_ops(lay))):
            items.append(Item(key, 0, _ops_rect(ops), ops, _ops_painter(ops)))
        if not self.dice.rolling() and len(self.dice_faces() or self.dice.faces) == 4:
            args = self._dice_args()
            items.append(Item("dice", 1, DiceView.bounds(self.die_rects), args,
                              lambda s: self.dice.draw(s, self.die_rects, *args)))
        for i, w in enumerate(self.widgets):
            if not w.visible:
                continue
            pad = lay.px(24)
            desc = (type(w).__name__, tuple(w.rect), round(w.glow, 3), round(getattr(w, "pressed", 0.0), 3),
                    w.enabled, w.focused, w.hover, _widget_label(w))
            items.append(Item(("w", i), 3, w.rect.inflate(pad, pad), desc,
                              _widget_painter(w, lay)))
        ops = self._info_ops(lay)
        items.append(Item("info", 3, _ops_rect(ops), ops, _ops_painter(ops)))
        ops = self._keys_ops(lay)
        if ops:
            items.append(Item("keys", 3, _ops_rect(ops), ops, _ops_painter(ops)))
        hovered = self.log.hovered()
        # the same for every thumbnail
        alike = (lay.px(30), font_px(lay, 22), i18n.current_language(), self._thumb_count_long(lay), self.thumb_lines)
        for seat, rect in self.thumb_rects.items():
            logged = hovered.fields if hovered is not None and hovered.seat == seat else frozenset()
            items.append(self._thumb_item(seat, rect, lay, logged, alike))
        rows = self.log_rows(lay)
        log_desc = (tuple(self.log_rect), tuple((tuple(r), i, lines, i == self.log.hover) for r, i, lines in rows),
                    self.log.scroll, self.focus_seat)     # the seat in view has its entries bright
        items.append(Item("log", 3, self.log_rect.inflate(2, 2), log_desc, lambda s: self._draw_log(s, lay, rows)))
        tip = self._tip_box(lay)
        if tip is not None:
            box, lines, size = tip
            items.append(Item("tip", 6, box, (tuple(box), lines, size), lambda s: self._blit_tip(s, lay, tip)))
        return items

    def _draw_moving(self, surface: pygame.Surface, lay: Layout, ink: list[InkLine]) -> list[pygame.Rect]:
        """What moves on the main sheet and the rolling dice, straight onto the window."""
        rects: list[pygame.Rect] = []
        geom = self.geom
        seat = self.focus_seat
        glows = self._glows(seat)
        if glows:
            rects += draw_glows(surface, geom, glows, 0.5 + 0.5 * math.sin(self.clock * 4.0))
        moving = [ln for ln in ink if not is_settled(ln)]
        if moving:
            draw_ink(surface, geom, moving)
            rects += [ink_bounds(geom, ln) for ln in moving]
        rects += self._draw_path_extras(surface, geom, seat)
        if self.dice.rolling():
            rects += self.dice.draw(surface, self.die_rects, *self._dice_args())
        return rects

    def _backdrop(self, size: tuple[int, int], lay: Layout) -> pygame.Surface:
        """Felt, the side panel and the sheet's shadow: drawn once per layout."""
        key = (size, tuple(self.panel_rect), tuple(self.geom.paper))
        bd = self.paint.bd
        if bd is None or self.paint.bd_key != key:
            surf = pygame.Surface(size)
            surf.fill(P.FELT)
            panel(surf, self.panel_rect, lay, C.PANEL, C.PANEL_EDGE, radius=22)
            sh = pygame.Rect(self.geom.paper).move(0, max(2, lay.px(8)))
            pygame.draw.rect(surf, C.SHADOW, sh, border_radius=max(3, int(self.geom.cell * 0.16)))
            bd = self.paint.bd = surf.convert() if pygame.display.get_surface() is not None else surf
            self.paint.bd_key = key
        return bd

    def _ink_for(self, seat: int, main: bool) -> list[InkLine]:
        ink = self.reveal.ink(seat)
        p = self.path
        if main and seat == self.decide_seat and p is not None and p.line is not None and not self.abort_mode:
            fields = [p.end_of(p.line)] + p.fields()
            if len(fields) > 1:
                ink.append(InkLine(fields, float(len(fields)), 0.0, p.line, ghost=True))
        if main and self.starts is not None and seat == self.starts.seat:
            for f in self.starts.picks:
                ink.append(InkLine([f], 1.0, 0.0, len(ink) + 1))
        if main and self.sent is not None and seat == self.sent[0]:    # online: posted, not in the game yet
            for fields in self.sent[1]:
                if fields:
                    ink.append(InkLine(fields, float(len(fields)), 0.0, len(ink) + 1, ghost=len(fields) > 1))
        return ink

    def _marks(self, seat: int) -> frozenset[int]:
        """`seat`'s last move, once its ink is on paper (none while that seat is drawing its next one)."""
        if self.reveal.busy(seat) or self.state.is_over:
            return frozenset()
        if seat == self.decide_seat and (
                (self.path is not None and self.path.line is not None) or (self.starts and self.starts.picks)):
            return frozenset()
        return self.follow.marks(seat)

    def shown_reach(self) -> dict[int, int]:
        """The reach preview on the main sheet ({field: steps}), or {} where none is shown."""
        p = self.path
        if (not self.reach_shown or p is None or self.abort_mode or not self.human_turn()
                or self.focus_seat != self.decide_seat or self.state.is_over):
            return {}
        return p.reach()

    def shown_cursor(self) -> int | None:
        """The keyboard cursor's field, while a person at this screen decides on the sheet in view."""
        if self.cursor is None or not self.human_turn() or self.focus_seat != self.decide_seat:
            return None
        return self.cursor

    def key_help(self) -> str:
        """The keys of the table for the decision at hand (every action is reachable by a key)."""
        if self.set_choice is not None:
            return _("Keys: 1–4 turn a die · Enter confirm · Backspace undo · H hint, twice: use it · I what is this?")
        if self.starts is not None:
            return _("Keys: arrows move · Enter mark a start, then confirm · Backspace undo · H hint · "
                     "I what is this?")
        return _("Keys: arrows move · Enter step, then confirm · Backspace back · Esc cancel · 1–4 line · "
                 "N extend nothing · H hint, twice: use it · R reach · I what is this?")

    def _keys_ops(self, lay: Layout) -> tuple:
        """The key help under the sheet, wrapped and made smaller (never under 11 px) until it fits."""
        if not self.human_turn() or self.state.is_over:
            return ()
        r = self.keys_rect
        size, lines, _whole = T.fit_lines(self.key_help(), font_px(lay, 20), r.w, r.h, False, KEYS_LEADING,
                                          MIN_TEXT_PX)
        step = int(size * KEYS_LEADING)
        return tuple((line, size, C.TEXT_DIM, (r.x, r.y + k * step), "topleft", False)
                     for k, line in enumerate(lines))

    def _hint_fields(self) -> list[int]:
        """The fields of the hinted action (its line's end first)."""
        if self.hint is None:
            return []
        try:
            a = linyo.parse_action(self.hint["action"])
        except (ValueError, KeyError, IllegalAction):
            return []
        seat, st = self.decide_seat, self.decide_state
        if seat is None:
            return []
        if isinstance(a, linyo.Start):
            return [a.field]
        if isinstance(a, linyo.Move):
            return [st.lines[seat][a.line - 1][-1], *a.fields] + ([a.star] if a.star is not None else [])
        if isinstance(a, linyo.Abort):
            return [st.lines[seat][a.line - 1][-1]]
        return []

    def _glows(self, seat: int) -> dict[int, str]:
        glows: dict[int, str] = {}
        hovered = self.log.hovered()
        logged = {f: "log" for f in hovered.fields} if hovered is not None and hovered.seat == seat else {}
        if seat != self.decide_seat:
            return logged
        if self.starts is not None:
            for f in self.starts.allowed():
                glows[f] = "start"
        elif self.path is not None:
            p = self.path
            if self.abort_mode:
                st = self.decide_state
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
        if self.hint is not None:
            for f in cut_fields(self.hint):
                glows.setdefault(f, "cut")
        for f in self._hint_fields():
            glows[f] = "hint"
        glows.update(logged)          # the pointer rests on a log entry: its fields, above all
        if self.refused is not None:
            glows[self.refused.what] = "refused"
        return glows

    def _draw_sheet(self, surface: pygame.Surface, lay: Layout, seat: int, geom: SheetGeom,
                    backdrop=P.FELT) -> None:
        """A seat's sheet as the zoom shows it (settled ink from the cache, moving ink on top)."""
        ink = self._ink_for(seat, False)
        settled = [ln for ln in ink if is_settled(ln)]
        surface.blit(settled_sheet(geom, self.sheet_rows, settled, backdrop), geom.paper)
        moving = [ln for ln in ink if not is_settled(ln)]
        if moving:
            draw_ink(surface, geom, moving)

    def _draw_path_extras(self, surface: pygame.Surface, geom: SheetGeom, seat: int) -> list[pygame.Rect]:
        p = self.path
        out: list[pygame.Rect] = []
        if seat != self.decide_seat:
            return out
        tip_field = p.tip() if p is not None else None
        if tip_field is not None and self.dragging and self.drag_pos is not None:
            tip = geom.center(tip_field)
            width = max(1.0, geom.cell * 0.035)
            stroke(surface, [tip, self.drag_pos], P.ACCENT_DARK, width)
            x0, y0 = min(tip[0], self.drag_pos[0]), min(tip[1], self.drag_pos[1])
            x1, y1 = max(tip[0], self.drag_pos[0]), max(tip[1], self.drag_pos[1])
            pad = int(width) + 4
            out.append(pygame.Rect(int(x0) - pad, int(y0) - pad, int(x1 - x0) + 2 * pad + 1, int(y1 - y0) + 2 * pad + 1))
        pv = self.preview
        if pv is not None and self.human_turn():
            ghost = (*P.ILLEGAL,)
            for line in pv.closed_short + pv.closed_dead + pv.closed_choice:
                if p is not None and p.line == line and p.fields():
                    f = p.fields()[-1]
                else:
                    f = self.decide_state.lines[seat][line - 1][-1]
                t = 0.55 + 0.45 * math.sin(self.clock * 5.0)
                draw_cross(surface, geom, f, 1.0, C.mix(P.SHEET_PAPER, ghost, t), halo=False)
                out.append(geom.cell_rect(f).inflate(4, 4))
        return out

    def _score_band(self) -> pygame.Rect | None:
        if self.scoring_t is None or self.finished:
            return None
        row = self._score_row
        if not 0 <= row < ROWS:
            return None
        geom = self.geom
        return pygame.Rect(geom.grid.x, int(geom.grid.y + row * geom.cell), geom.grid.w, int(geom.cell))

    def _blit_band(self, surface: pygame.Surface) -> None:
        r = self._score_band()
        if r is None:
            return
        band = pygame.Surface(r.size, pygame.SRCALPHA)
        band.fill((*P.ACCENT, 60))
        surface.blit(band, r)

    def _count_ops(self, geom: SheetGeom, seat: int) -> tuple[tuple, tuple | None]:
        """The free counts per row and the total, as text ops (and the total's rule)."""
        shown = self.reveal.shown_fields(seat)
        if self.starts is not None and seat == self.starts.seat:
            shown = shown | set(self.starts.picks)      # the counts follow the starts being placed
        free_rows = linyo.free_rows(shown)              # what the ink shows so far, counted by the rules
        total = sum(free_rows)
        rows_shown, highlight, total_shown = ROWS, None, True
        if self.scoring_t is not None and not self.finished:
            row = self._score_row
            rows_shown = max(0, min(ROWS, row + 1))
            highlight = row if 0 <= row < ROWS else None
            total_shown = row >= ROWS
        return count_ops(geom, free_rows, total, _("free"), _("Total"), rows_shown, highlight, total_shown)

    def strip_area(self, lay: Layout) -> pygame.Rect:
        """Where an online table's strip (chat, whose move) goes: right of the heading, not over it."""
        title, size, _c, (x, _y), _a, bold = self._header_ops(lay)[0]
        left = x + T.width(title, size, bold=bold) + lay.px(24)
        return pygame.Rect(left, lay.px(12), max(0, lay.width - left - lay.px(12)), lay.px(40))

    def _header_ops(self, lay: Layout) -> tuple:
        """The heading's text ops, worked out again only when the game or what it shows changed
        (the rounds-left bound floods every seat's sheet). The key holds the state itself, not its id:
        a state rewound by undo may get a freed one's id."""
        st = self.state
        key = (st, len(st.events), self.focus_seat, i18n.current_language(), lay)
        if self.paint.header[0] != key:
            self.paint.header = (key, self._make_header_ops(lay))
        return self.paint.header[1]

    def toast_keep(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """What the app's toasts leave in view (`game.ui.toast.toast_layout`): the title, the
        sheet, the dice and who rolled them, the buttons, the instruction, the other seats; what
        they may cover for their few seconds: the key help and the log. A toast after the game
        covered "Linyo · Game over"."""
        lay = self.app.lay
        keep = [_ops_rect(self._header_ops(self.table_lay)), self.geom.paper, _ops_rect(self._info_ops(lay)),
                _ops_rect(self._dice_label_ops(lay)), *self.thumb_rects.values(),
                *(x.rect for x in self.widgets if x.visible)]
        if self.die_rects:
            keep.append(self.die_rects[0].unionall(self.die_rects[1:]))
        return keep, [pygame.Rect(self.keys_rect), pygame.Rect(self.log_rect)]

    def _make_header_ops(self, lay: Layout) -> tuple:
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
            most = st.rounds_left_at_most()      # the engine's bound: the game may end sooner
            if most is not None and most > 1:
                rnd += " · " + ngettext("at most {n} more round", "at most {n} more rounds", most - 1).format(n=most - 1)
            elif most == 1:
                rnd += " · " + _("last round")
        title = f"Linyo · {rnd}"
        sub = _("{name} · difficulty {d} · {sheet}").format(name=info.name, d=info.difficulty, sheet=sheet)
        return ((title, font_px(lay, 40), C.TEXT, (lay.px(28), lay.px(22)), "topleft", True),
                (sub, font_px(lay, 26), C.TEXT_DIM, (lay.px(30), lay.px(70)), "topleft", False))

    def dice_faces(self) -> list[str] | None:
        if self.set_choice is not None:
            return self.set_choice
        return None

    def used_dice(self) -> list[bool]:
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

    def _dice_label_ops(self, lay: Layout) -> tuple:
        """Who rolled; after a four of a kind, the banner: who turned which dice. Either is wrapped and
        made smaller (down to 11 px) until it fits the strip over the dice, and never cut."""
        st = self.state
        roller = self.g.seats[st.roller].name if st.roller is not None else ""
        rect = self.dice_label_rect
        setting = self.follow.setting(st)
        if setting is not None and not self.dice.rolling():
            text = texts.dice_set_banner(self.g.seats[setting.seat].name, setting.rolled, setting.dice)
            size, colour, bold = font_px(lay, 22), C.ACCENT, True
        else:
            text = (_("Start roll by {name}") if st.round == 0 else _("Rolled by {name}")).format(name=roller)
            size, colour, bold = font_px(lay, 24), C.TEXT_DIM, False
        size, lines, whole = T.fit_lines(text, size, rect.w, rect.h, bold, BANNER_LEADING, MIN_TEXT_PX)
        if not whole:      # a name longer than the setup allows (from a file): all of it, past the strip
            lines = T.wrap(text, size, rect.w, bold)
        step = int(size * BANNER_LEADING)
        y0 = rect.centery - (len(lines) - 1) * step // 2
        return tuple((line, size, colour, (rect.centerx, y0 + k * step), "center", bold)
                     for k, line in enumerate(lines))

    def _dice_args(self) -> tuple:
        """What `DiceView.draw` is given after the rects (also the dice's description at rest)."""
        st = self.state
        changed = None
        if self.set_choice is not None and st.rolled is not None:
            rolled = linyo.roll_text(st.rolled)
            changed = [a != b for a, b in zip(self.set_choice, rolled)]
        faces = self.dice_faces()
        return (list(faces) if faces is not None else None, self.used_dice(), self.hover_die,
                self.set_choice is not None and self.human_turn(), changed, self.clock if self.dice.rolling() else 0.0)

    def _status(self) -> str:
        st = self.state
        if st.is_over:
            return _("Counting the free fields…") if not self.finished else ""
        seat = st.current_seat
        if seat is None:      # an online table: the host's roll is on its way
            return _("The dice are coming…")
        if not self.human_turn():       # no one at this screen decides: the seats' drivers say what goes on
            return self.others_turn_text(seat)
        if self.hint is not None:
            return texts.hint_text(self.hint)
        if self.hint_wanted:
            return _("Thinking about a hint…")
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
        if not p.next_fields():          # no step is left: drawing on is no choice
            return _("Line {n} grows by {k}. Confirm.").format(n=p.line, k=len(p.fields()))
        return _("Line {n} grows by {k}. Confirm, or keep drawing.").format(n=p.line, k=len(p.fields()))

    def _preview_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        pv = self.preview
        if pv is None:
            return []
        out: list[tuple[str, tuple[int, int, int]]] = []
        d = self.g.seats[self.decide_seat].difficulty if self.decide_seat is not None else 2
        for n in pv.closed_short:
            out.append((_("Too short (difficulty {d}): line {n} will be aborted ×.").format(d=d, n=n), P.ILLEGAL))
        for n in pv.closed_dead:
            out.append((_("Dead end: line {n} will be aborted ×.").format(n=n), P.ILLEGAL))
        if pv.ends_game:
            out.append((_("All your lines will be closed: the game ends after this round."), P.ACCENT))
        if not out:
            out.append((_("Free fields after this: {n}").format(n=pv.free_after), C.GOOD))
        return out

    def _info_ops(self, lay: Layout) -> tuple:
        """The panel's words under the buttons, above the other seats' thumbnails: a hint's reasons
        that need more room than that are drawn a little smaller, and where even that is too much
        (800×600) the last of their lines are left out ("…"), so they never run into the thumbnails."""
        limit = self._info_limit(lay)
        ops: tuple = ()
        for scale in INFO_SCALES:
            ops = self._info_ops_at(lay, scale)
            if not ops or _ops_rect(ops).bottom <= limit:
                return ops
        scale = INFO_SCALES[-1]
        small = font_px(lay, 22 * scale)
        lines = len(self._why_lines(lay, small))
        drop = math.ceil((_ops_rect(ops).bottom - limit) / int(small * 1.25))
        return self._info_ops_at(lay, scale, max(1, lines - drop)) if lines else ops

    def _info_limit(self, lay: Layout) -> int:
        """How far down the panel's words may go: to the thumbnails and the All-sheets button, or to
        the buttons at the bottom."""
        tops = [r.top for r in self.thumb_rects.values()]
        tops += [w.rect.top for w in self.widgets if w.visible and w.rect.top >= self.info_rect.bottom]
        return min(tops) - lay.px(6) if tops else self.info_rect.bottom

    def _why_lines(self, lay: Layout, size: int) -> list[str]:
        """What the hint shown teaches, a sentence a bullet, wrapped to the panel."""
        if self.hint is None or not self.human_turn():
            return []
        return [line for why in self.hint_why for line in T.wrap("• " + why, size, self.info_rect.w)]

    def _info_ops_at(self, lay: Layout, scale: float, whys: int | None = None) -> tuple:
        """The panel's words at `scale` of their sizes, the first `whys` lines of the hint's reasons."""
        r = self.info_rect
        y = r.y
        ops = []
        size = font_px(lay, 26 * scale)
        if self.notice is not None and self.notice[0]:      # what was just said (a refusal in red) comes first
            text, problem = self.notice
            for line in T.wrap(text, size, r.w, bold=True):     # drawn bold: wrapped bold
                ops.append((line, size, tuple(P.ILLEGAL if problem else C.ACCENT), (r.x, y), "topleft", True))
                y += int(size * 1.3)
            y += lay.px(6)
        for line in T.wrap(self._status(), size, r.w):
            ops.append((line, size, C.TEXT, (r.x, y), "topleft", False))
            y += int(size * 1.3)
        y += lay.px(6)
        small = font_px(lay, 22 * scale)
        lines = self._why_lines(lay, small)
        if whys is not None and whys < len(lines):        # the rest left out: the last line kept says so
            lines = lines[:whys - 1] + [T.cut(lines[whys - 1] + " …", small, r.w)]
        for line in lines:
            ops.append((line, small, C.TEXT_DIM, (r.x, y), "topleft", False))
            y += int(small * 1.25)
        if lines:
            y += lay.px(6)
        for text, colour in self._preview_lines():
            for line in T.wrap(text, font_px(lay, 24 * scale), r.w):
                ops.append((line, font_px(lay, 24 * scale), colour, (r.x, y), "topleft", False))
                y += int(font_px(lay, 24 * scale) * 1.3)
        ops += self._since_ops(lay, y + lay.px(10))
        if self.g.players == 1:
            ops += self._solo_info_ops(lay, y + lay.px(20))
        return tuple(op for op in ops if op[0])

    def _since_ops(self, lay: Layout, y: int) -> list:
        """As a person's turn opens: what each other seat did since their last one, in a few words
        (gone once they draw, or ask for a hint); the lines that fit the panel."""
        seat = self.decide_seat
        if seat is None or self.g.players == 1 or self.hint is not None or self.hint_wanted or self._has_drawn():
            return []
        words = self.since_words(seat)
        if not words:
            return []
        r = self.info_rect
        size = font_px(lay, 22)
        step = int(size * 1.25)
        text = _("Since your last turn: {moves}").format(
            moves=" · ".join(_("{name} {words}").format(name=n, words=w) for n, w in words))
        lines = T.wrap(text, size, r.w)
        room = max(1, (r.bottom - y) // step)
        if len(lines) > room:            # more than the panel holds: the last line says so (the log has it all)
            kept = lines[room - 1].split(" ")
            while len(kept) > 1 and T.width(" ".join(kept) + " …", size) > r.w:
                kept.pop()
            lines = lines[:room - 1] + [" ".join(kept) + " …"]
        return [(line, size, C.TEXT_DIM, (r.x, y + k * step), "topleft", False) for k, line in enumerate(lines)]

    def _solo_info_ops(self, lay: Layout, y: int) -> list:
        st = self.state
        seat = 0
        open_lines = sum(1 for o in st.open[seat] if o)
        x = self.info_rect.x
        size = font_px(lay, 24)
        items = [_("Open lines: {n} of 4").format(n=open_lines) if st.lines[seat] else "",
                 ngettext("Longest line: {n} field", "Longest line: {n} fields", st.longest(seat)).format(
                     n=st.longest(seat)) if st.lines[seat] else ""]
        ops = []
        for text in items:
            if text:
                ops.append((text, size, C.TEXT_DIM, (x, y), "topleft", False))
                y += int(size * 1.4)
        return ops

    def log_rows(self, lay: Layout) -> list[tuple[pygame.Rect, int, tuple[str, ...]]]:
        """The log entries in view: (rect, entry index, wrapped lines), from the bottom up."""
        r = self.log_rect
        size = font_px(lay, 20)
        # an entry's words change only with the language; new entries come at the end
        key = (tuple(r), size, lay.px(16), self.log.changes, self.log.scroll, i18n.current_language())
        if self.paint.log_rows[0] == key:
            return self.paint.log_rows[1]
        step = int(size * 1.25)
        out: list[tuple[pygame.Rect, int, tuple[str, ...]]] = []
        # a log wide enough for two columns of short sentences has two (read left, then right): a
        # round of six seats stays in view at 800x600; the newest is at the bottom of the last column
        cols = 2 if r.w >= 44 * size else 1
        gap = lay.px(16)
        cw = (r.w - gap * (cols - 1)) // cols
        col = cols - 1
        bottom = r.bottom - lay.px(4)
        # the right column leaves the ▲ ▼ markers (more entries above, below) their own room
        marker = T.width("▲", size) + lay.px(6)

        def wrapped(text: str, col: int) -> tuple[str, ...]:
            return tuple(T.wrap(text, size, cw - lay.px(16) - (marker if col == cols - 1 else 0)))

        for i, entry in self.log.newest_first():
            lines = wrapped(entry.text(), col)
            h = len(lines) * step + lay.px(4)
            if bottom - h < r.y and out:
                if col == 0:
                    break
                col, bottom = col - 1, r.bottom - lay.px(4)
                lines = wrapped(entry.text(), col)
                h = len(lines) * step + lay.px(4)
                if bottom - h < r.y:
                    break
            out.append((pygame.Rect(r.x + col * (cw + gap), bottom - h, cw, h), i, lines))
            bottom -= h
        self.paint.log_rows = (key, out)
        return out

    def _draw_log(self, surface: pygame.Surface, lay: Layout, rows: list) -> None:
        r = self.log_rect
        pygame.draw.rect(surface, C.PANEL_HI, r, border_radius=lay.px(8))
        size = font_px(lay, 20)
        step = int(size * 1.25)
        surface.set_clip(r)
        for rect, i, lines in rows:
            entry = self.log.entries[i]
            if i == self.log.hover:
                pygame.draw.rect(surface, C.PANEL_EDGE, rect, border_radius=lay.px(6))
            colour = C.TEXT if entry.seat is None or entry.seat == self.focus_seat else C.TEXT_DIM
            for k, line in enumerate(lines):
                T.blit_text(surface, line, size, colour, (rect.x + lay.px(8), rect.y + lay.px(2) + k * step))
        surface.set_clip(None)
        if not self.log.entries:
            lines = T.wrap(_("The game log: what happens appears here."), size, r.w - lay.px(24))
            for k, line in enumerate(lines):
                T.blit_text(surface, line, size, C.TEXT_DIM,
                            (r.centerx, r.centery + int((k - (len(lines) - 1) / 2) * step)), "center")
        if rows and rows[-1][1] > 0:
            T.blit_text(surface, "▲", size, C.ACCENT, (r.right - lay.px(6), r.y + lay.px(2)), "topright")
        if self.log.scroll:
            T.blit_text(surface, "▼", size, C.ACCENT, (r.right - lay.px(6), r.bottom - lay.px(2)), "bottomright")

    def current_tip(self) -> "tips.Tip | None":
        """The tooltip to show: the I key's, else the one under a pointer at rest."""
        if self.zoom_seat is not None or self.dragging:
            return None
        if self.tip_focus is not None:
            targets = tips.targets(self)
            return targets[self.tip_focus % len(targets)] if targets else None
        if self.hover_pos is None or self.hover_rest < TIP_DELAY:
            return None
        # a pointer at rest asks once per change of the game, the dice or the layout, not every
        # frame; a stroke or dice in flight count as one change until they land
        key = (self.hover_pos, self.focus_seat, id(self.state), len(self.state.log), self.reveal.busy(),
               self.dice.rolling(), tuple(self.dice.faces), tuple(self.used_dice()), tuple(self.geom.paper),
               tuple(self.header_rect), tuple((s, tuple(r)) for s, r in self.thumb_rects.items()))
        if self.paint.tip[0] != key:
            self.paint.tip = (key, tips.at(tips.targets(self), self.hover_pos))
        return self.paint.tip[1]

    def _tip_box(self, lay: Layout) -> tuple | None:
        tip = self.current_tip()
        if tip is None:
            return None
        size = font_px(lay, 22)
        lines = tuple(T.wrap(tip.text(), size, lay.px(440)))
        if not lines:
            return None
        w = max(T.render(line, size, C.TEXT).get_width() for line in lines) + lay.px(24)
        h = int(len(lines) * size * 1.3) + lay.px(16)
        # beside the thing, never over it, its neighbours (where the pointer goes next: a field's
        # tip covered the field below it), the lit fields, the dice or the instruction
        cell = int(self.geom.cell)
        near = tip.rect.inflate(2 * cell, 2 * cell) if self.geom.paper.colliderect(tip.rect) else tip.rect
        box = self.first_tips.place(pygame.Rect(0, 0, w, h), near, pygame.Rect(0, 0, lay.width, lay.height),
                                    lay.px(8))
        return box, lines, size

    def _blit_tip(self, surface: pygame.Surface, lay: Layout, tip: tuple) -> None:
        box, lines, size = tip
        pygame.draw.rect(surface, C.PANEL, box, border_radius=lay.px(10))
        pygame.draw.rect(surface, C.ACCENT, box, max(1, lay.px(2)), border_radius=lay.px(10))
        y = box.y + lay.px(8)
        for line in lines:
            T.blit_text(surface, line, size, C.TEXT, (box.x + lay.px(12), y))
            y += int(size * 1.3)

    def _thumb_words(self, seat: int, rect: pygame.Rect, lay: Layout) -> thumbs.Words:
        """`seat`'s last move in words, as its thumbnail draws them (whole: `thumbs.fit_words`)."""
        last = self.follow.last_move(seat)
        parts = tuple(texts.last_move_parts(last.events)) if last is not None else ()
        size = thumbs.word_size(lay)
        return thumbs.fit_words(parts, tuple(rect), lay.px(thumbs.NAME_H), self.thumb_lines * thumbs.line_h(size),
                                size, thumbs.room(rect, lay), MIN_TEXT_PX)

    def _thumb_geom(self, rect: pygame.Rect, lay: Layout, seat: int | None = None) -> SheetGeom:
        """The sheet of a thumbnail under its name and words: the grid's lines for the words, or those
        `seat`'s words take (more only where a move says more than the grid keeps room for)."""
        band = (self.thumb_lines * thumbs.line_h(thumbs.word_size(lay)) if seat is None
                else self._thumb_words(seat, rect, lay).band)
        return thumbs.fit_thumb(tuple(rect), lay.px(thumbs.NAME_H) + band)

    def _thumb_count_long(self, lay: Layout) -> bool:
        """Whether every thumbnail has room for "64 free" beside its name: one form for all of them."""
        size = font_px(lay, 22)
        label = T.width(_("{n} free").format(n=88), size)
        return all(T.width(self.g.seats[seat].name, size, True) + label + lay.px(16) <= rect.w
                   for seat, rect in self.thumb_rects.items())

    def _thumb_item(self, seat: int, rect: pygame.Rect, lay: Layout, logged: frozenset, alike: tuple) -> Item:
        """One seat's thumbnail as a layer item: repainted only when that seat's ink or label changed.
        The item is made again only then too (five thumbnails a frame weighed a third of a millisecond);
        `alike`: what the key holds that is the same for every thumbnail, worked out once a frame."""
        key = (self.reveal.signature(seat), self.g.seats[seat].name, seat == self.state.current_seat, tuple(rect),
               alike, logged, self._marks(seat), self.follow.last_move(seat))
        kept = self.paint.thumbs.get(seat)
        if kept is not None and kept[0] == key:
            return kept[1]
        item = self._make_thumb_item(seat, rect, lay, logged)
        self.paint.thumbs[seat] = (key, item)
        return item

    def _make_thumb_item(self, seat: int, rect: pygame.Rect, lay: Layout, logged: frozenset) -> Item:
        geom = self._thumb_geom(rect, lay, seat)
        info = self.g.seats[seat]
        active = seat == self.state.current_seat
        free = linyo.FIELDS - len(self.reveal.shown_fields(seat))
        size = font_px(lay, 22)
        # narrow thumbnails: the count alone, never over a name (the same form on each of them)
        label = _("{n} free").format(n=free) if self._thumb_count_long(lay) else str(free)
        gap = lay.px(16)
        # and a long name is cut to the room the count leaves it
        name = T.cut(info.name, size, rect.w - T.width(label, size) - gap, active)
        marks = self._marks(seat)
        said = self._thumb_words(seat, rect, lay)
        words = said.lines
        desc = (self.reveal.signature(seat), name, label, active, tuple(geom.paper), tuple(sorted(logged)),
                tuple(sorted(marks)), said.size, words)
        pad = lay.px(8) + 2

        def draw(surface: pygame.Surface) -> None:
            if geom.cell >= 2:                 # (no sheet where a move's words left it no room)
                ink = self.reveal.ink(seat)
                cv = self._canvas("thumb", seat, geom, C.PANEL)
                cv.update(ink)
                moving = [ln for ln in ink if not is_settled(ln)]
                # its last move, marked until it moves again (kept with the canvas), and framed:
                # the cells of a small sheet are a few pixels
                surface.blit(cv.marked(marks) if marks and not moving else cv.picture, geom.paper)
                if moving:
                    draw_ink(surface, geom, moving)
                if marks:
                    frame = marks_rect(geom, marks).inflate(lay.px(8), lay.px(8))
                    pygame.draw.rect(surface, P.PEN, frame, max(2, lay.px(5)), border_radius=lay.px(6))
                    pygame.draw.rect(surface, C.ACCENT, frame.inflate(-2, -2), max(1, lay.px(2)), border_radius=lay.px(6))
                if logged:                          # the log entry under the pointer is about this seat
                    draw_marks(surface, geom, logged, "log")
            top = rect.y + lay.px(2) + thumbs.line_h(size)          # under the name line
            for k, line in enumerate(words):
                T.blit_text(surface, line, said.size, C.ACCENT, (rect.x + lay.px(4), top + k * thumbs.line_h(said.size)))
            colour = C.ACCENT if active else C.TEXT
            T.blit_text(surface, name, size, colour, (rect.x + lay.px(4), rect.y + lay.px(2)), bold=active)
            T.blit_text(surface, label, size, C.TEXT_DIM, (rect.right - lay.px(4), rect.y + lay.px(2)), "topright")
            if active:
                pygame.draw.rect(surface, C.ACCENT, rect.inflate(lay.px(8), lay.px(8)), max(2, lay.px(3)),
                                 border_radius=lay.px(10))
        return Item(("thumb", seat), 2, rect.inflate(pad, pad), desc, draw)

    def _draw_zoom(self, surface: pygame.Surface, lay: Layout, seat: int) -> None:
        t = self.zoom_t
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
        self._draw_sheet(surface, lay, seat, geom, backdrop=(8, 20, 20))
        shown = self.reveal.shown_fields(seat)
        free_rows = linyo.free_rows(shown)
        draw_counts(surface, geom, free_rows, sum(free_rows), _("free"), _("Total"))
        marks = self._marks(seat)
        if marks:                  # its last move, as on the thumbnail it grew from
            draw_marks(surface, geom, marks, "last")
        info = self.g.seats[seat]
        T.blit_text(surface, _("{name} · difficulty {d} — click to close").format(name=info.name, d=info.difficulty),
                    font_px(lay, 28), C.TEXT, (geom.paper.centerx, geom.paper.y - lay.px(24)), "center", bold=True)

