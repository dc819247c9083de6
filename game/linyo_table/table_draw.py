"""Drawing of the Linyo table: backdrop, main sheet, dice, panel, thumbnails, zoom.

A mixin of `LinyoTable`; nothing here changes state (`draw` only reads).
"""
from __future__ import annotations

import math

import pygame
import pytweening

from engine import linyo
from game import palette as P

from ..i18n import _
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout
from ..ui.widgets import panel
from .geometry import ROWS, SheetGeom
from .sheet_draw import InkLine, draw_counts, draw_cross, draw_glows, draw_ink, is_settled, settled_sheet, stroke


class TableDrawing:
    """Drawing half of the table scene."""

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

