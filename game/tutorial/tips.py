"""Tips for the first real games: a short note, once per player, the first time something happens.

The table base owns one `FirstTips` per table and calls its two hooks:
`after_applied(action, events)` from `on_applied`, and `check(dt)` every frame
from `update_table` (for "your turn" states: a chance, a danger). What is worth
a tip is the game's business (its `GameUI.first_tips`, `game/<game>_table/tutorial/tips.py`: small functions that
return `Found` tips); this module decides whether one is shown, remembers it,
and draws it as a bubble near the thing it is about. The bubble never blocks:
the table plays on under it, it goes by itself after a while or as soon as
what it says no longer holds (the detectors' `still`: "your hand is full"
stayed up after the card was played), a click on it dismisses it. It never
lies over a seat's name or score (`tip_never_cover()`).

Tips are shown only to people (never for a bot's turn), never in a demo, a
replay or a tutorial, and only while the setting "Tips in my first games" is on
(`Settings.first_game_tips`, on until the first finished game). Which tips a
player has seen is kept per player name in `tips.json` next to the settings.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.files import storage
from game.shell.i18n import _
from game.files.paths import config_dir
from game.ui import text as T
from game.ui import theme as C
from game.ui.widgets import panel

from .parts import Found

if TYPE_CHECKING:
    from game.table.view import TableView

    from .parts import FirstTipsFinder

log = logging.getLogger("linebox.tips")
VERSION = 1
SECONDS = 14.0          # a tip goes by itself after this long
WIDTH = 560             # logical width of the bubble (1920×1080 frame)
TEXT_SIZE = 26
MAX_LINES = 5           # a tip's text fits in this many lines at 800×600 (tests measure it)


def box(rect: pygame.Rect) -> tuple[int, int, int, int]:
    """A rect as a `Found.near`."""
    return (rect.x, rect.y, rect.w, rect.h)


# ------------------------------------------------------------ what a player has seen
def path() -> Path:
    return config_dir() / "tips.json"


def _check(data: dict) -> None:
    seen = data.get("seen", {})
    if not isinstance(seen, dict) or not all(isinstance(v, list) for v in seen.values()):
        raise TypeError("seen")


def load_seen() -> dict[str, list[str]]:
    data = storage.read_json(path(), VERSION, _("Your tips"), _check) or {}
    return {str(k): [str(x) for x in v] for k, v in data.get("seen", {}).items()}


def mark_seen(player: str, key: str) -> None:
    """Remember that `player` saw tip `key` (a failed write is logged: the game goes on)."""
    seen = load_seen()
    keys = seen.setdefault(player, [])
    if key not in keys:
        keys.append(key)
    try:
        storage.write_json(path(), {"version": VERSION, "seen": seen})
    except OSError as exc:
        log.warning("tips seen not saved: %s", exc)


# ------------------------------------------------------------ the table's tips
class FirstTips:
    """The tips of one table (see the module text)."""

    def __init__(self, table: "TableView") -> None:
        self.table = table
        self.shown: Found | None = None
        self.text = ""
        self.left = 0.0
        self.box = pygame.Rect(0, 0, 0, 0)
        self._seen: dict[str, list[str]] | None = None     # read once, on the first tip wanted
        self._frame_key: Any = None
        self._shown_at: Any = None         # the position the shown tip was last found true in
        self._finder: "FirstTipsFinder | None" = None      # asked of the game's front end once

    def detectors(self) -> "FirstTipsFinder":
        """The game's tip finders, as its front end declares them (`GameUI.first_tips`)."""
        if self._finder is None:
            from game.shell.frontends import frontend
            self._finder = frontend(self.table.game).first_tips()
        return self._finder

    def wanted(self) -> bool:
        t = self.table
        return (bool(t.app.settings.first_game_tips) and not t.demo and not t.tutorial
                and bool(t.tg.humans) and not t.tg.state.is_over)

    def offer(self, found: list[Found]) -> None:
        """Show the first of `found` its player has not seen yet (one tip at a time)."""
        if self.shown is not None:
            return
        if self._seen is None:
            self._seen = load_seen()
        for f in found:
            player = self.table.tg.name(f.seat)
            if f.key in self._seen.get(player, []):
                continue
            self._seen.setdefault(player, []).append(f.key)
            mark_seen(player, f.key)
            self.shown, self.text, self.left = f, f.text(), SECONDS
            self._shown_at = self.detectors().position(self.table)
            return

    # ------------------------------------------------------------ the base's hooks
    def after_applied(self, action: Any, events: list | None) -> None:
        if self.wanted():
            self.offer(self.detectors().after_applied(self.table, str(action), list(events or [])))

    def hide(self) -> None:
        """The bubble goes. The table patches only what it changed, so the window is told to draw
        the next frame whole: else the bubble stayed on screen where nothing else moved."""
        if self.shown is not None:
            self.shown = None
            self.table.app.window_changed()

    def check(self, dt: float) -> None:
        # the detectors look at the game, which changes only with an action: once per position
        key = self.detectors().position(self.table)
        if self.shown is not None:
            self.left -= dt
            if self.left <= 0 or self.table.tg.state.is_over:
                self.hide()
            elif key != self._shown_at:
                self._shown_at = key
                if not self.detectors().still(self.table, self.shown.key):
                    self.hide()          # what it said is past: the hand was played from, the turn moved on
            return
        if not self.wanted() or self.table.app.top is not self.table:
            return
        if key == self._frame_key:
            return
        self._frame_key = key
        self.offer(self.detectors().on_turn(self.table))

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on the bubble dismisses it. The click still goes on to the table: a tip never
        blocks (the bubble may lie over the very card, field or button the player wants)."""
        if (self.shown is not None and event.type == pygame.MOUSEBUTTONDOWN
                and self.box.collidepoint(event.pos)):
            self.hide()
        return False

    # ------------------------------------------------------------ drawing
    def lines(self, lay: Any) -> list[str]:
        return T.wrap(self.text, lay.font_px(TEXT_SIZE), text_width(lay))

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The bubble beside the thing it is about; returns where it drew."""
        if self.shown is None:
            return []
        lay = self.table.app.lay
        size = lay.font_px(TEXT_SIZE)
        line_h = int(size * 1.25)
        lines = self.lines(lay)
        note = _("Tip · click to close")
        w = lay.px(WIDTH)
        h = lay.px(20) + line_h * (len(lines) + 1) + lay.px(16)
        box = self.place(pygame.Rect(0, 0, w, h), pygame.Rect(self.shown.near), surface.get_rect(), lay.px(14))
        self.box = box
        panel(surface, box, lay, C.PANEL_HI, C.ACCENT)
        x, y = box.x + lay.px(20), box.y + lay.px(14)
        T.blit_text(surface, note, lay.font_px(20), C.ACCENT, (x, y), bold=True)
        y += line_h
        for line in lines:
            T.blit_text(surface, line, size, C.TEXT, (x, y))
            y += line_h
        return [box.inflate(lay.px(6), lay.px(6))]

    def place(self, box: pygame.Rect, near: pygame.Rect, screen: pygame.Rect, gap: int) -> pygame.Rect:
        """Beside the thing the tip is about, inside the window: above it, below, left or right,
        the first that leaves the thing itself in view, and of those the one that covers the least
        of what the table wants kept in view (`tip_keep_clear()`: a Line-it tip lay over the
        player's own line) and then of its buttons (a tip lay over Confirm, the very button it
        talked about). The seats' names and scores (`tip_never_cover()`) count as the thing itself:
        at 800×600 the hand-full tip lay over the player's own name. A place over something kept
        in view is also tried pushed on past it; of places equally good, the nearest (a pushed one
        had put a market card's tip down on the hand)."""
        buttons = [b.rect for b in getattr(self.table, "buttons", None) or getattr(self.table, "widgets", [])
                   if getattr(b, "visible", True)]
        never = [pygame.Rect(r) for r in self.table.tip_never_cover()]
        keep = [pygame.Rect(r) for r in self.table.tip_keep_clear()]
        clear = never + keep

        def area(cand: pygame.Rect, rects: list[pygame.Rect]) -> int:
            return sum(cand.clip(rects[i]).w * cand.clip(rects[i]).h for i in cand.collidelistall(rects))

        best: tuple[tuple[int, int, int, int], pygame.Rect] | None = None
        for cand, (dx, dy) in _beside(box, near, gap):
            tries = [cand.clamp(screen)]
            past = cand.copy()
            for _push in range(4):       # past the line, then past the name above it, ...
                hit = [clear[i] for i in past.clamp(screen).collidelistall(clear)]
                if not hit:
                    break
                block = hit[0].unionall(hit[1:])
                if dy:
                    past.y = block.top - gap - past.h if dy < 0 else block.bottom + gap
                else:
                    past.x = block.left - gap - past.w if dx < 0 else block.right + gap
                tries.append(past.clamp(screen))
            for r in tries:
                hidden = r.clip(near)
                far = abs(r.centerx - near.centerx) + abs(r.centery - near.centery)   # else nearest
                cost = (hidden.w * hidden.h + area(r, never), area(r, keep), area(r, buttons), far)
                if best is None or cost < best[0]:
                    best = (cost, r)
        assert best is not None
        return best[1]


def _beside(box: pygame.Rect, near: pygame.Rect, gap: int) -> list[tuple[pygame.Rect, tuple[int, int]]]:
    """`box` placed above, below, left and right of `near` (in that order of preference), each
    centred on it, then flush with either of its ends; with the way it lies from `near`."""
    sides = (("bottom", near.top - gap, ("centerx", "left", "right"), (0, -1)),     # above
             ("top", near.bottom + gap, ("centerx", "left", "right"), (0, 1)),      # below
             ("right", near.left - gap, ("centery", "top", "bottom"), (-1, 0)),     # left of it
             ("left", near.right + gap, ("centery", "top", "bottom"), (1, 0)))      # right of it
    out = []
    for edge, at, aligns, way in sides:
        for align in aligns:
            r = box.copy()
            setattr(r, edge, at)
            setattr(r, align, getattr(near, align))
            out.append((r, way))
    return out


def text_width(lay: Any) -> int:
    """Pixels a line of tip text may take in the bubble."""
    return lay.px(WIDTH - 40)
