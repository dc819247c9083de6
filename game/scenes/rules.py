"""The rules reader: both games' rules in the current language.

Renders `game.rulebook.load(lang)` blocks (h1, h2, para, bullet, pictures)
in a scrolling column with a tab per game; pictures come from the games'
own sprites (`game.ui.pictures`). Opened from the menu or with F1 from
anywhere (over a table it is an overlay: Esc returns to the game).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, Callable

import pygame

from engine.games import games

from game.shell.i18n import N_, _, current_language
from game.shell.scene import WidgetScene
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout
from ..ui.pictures import picture
from ..ui.widgets import Button, panel
from .common import hint

GAMES = tuple((g.name, g.title) for g in games())     # (name, title): a section per game, in the registry's order

if TYPE_CHECKING:
    from game.shell.app import App

_EMPH = re.compile(r"(?<![*\w])\*(?!\*)([^*]+?)\*(?![*\w])")


def default_loader(lang: str) -> list[Any]:
    """The rulebook's blocks (raises ImportError until the rulebook exists)."""
    from .. import rulebook
    return rulebook.load(lang)


PLAIN, BOLD, ITALIC = 0, 1, 2   # the style of a run of rules text


def spans(text: str) -> list[tuple[str, int]]:
    """(run, style) pieces of a text with **bold** and single *emphasis* marks (marks removed)."""
    from ..rulebook import spans as bold_spans
    from ..rulebook import split_marked

    out: list[tuple[str, int]] = []
    for run, bold in bold_spans(text):
        if bold:
            out.append((run, BOLD))
        else:
            out.extend((piece, ITALIC if emph else PLAIN) for piece, emph in split_marked(run, _EMPH))
    return out


@dataclass
class _Item:
    """One laid-out piece of the page, at pixel y from the page top."""

    y: int
    h: int
    runs: list[tuple[int, str, int, int, tuple[int, int, int]]]    # x, text, style, size, colour
    pics: list[tuple[int, str, int]]                               # x, token, height
    rule: bool = False


class RulesScene(WidgetScene):
    """Scrolling rules of both games; `game` picks the section shown first."""

    name = "rules"
    loader: Callable[[str], list[Any]] = staticmethod(default_loader)

    def __init__(self, app: "App", game: str | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.items: list[_Item] = []
        self.sections: dict[str, int] = {}
        self.scroll = 0.0
        self.target = 0.0
        self.page_h = 0
        self.view = pygame.Rect(0, 0, 0, 0)
        self.error = ""
        self.lang = ""
        self.tabs = [Button(title, partial(self.jump, g), "quiet", 30) for g, title in GAMES]
        self.close = Button(N_("Back"), self.back, "normal", 30)
        from ..tutorial.offer import LEARN
        self.learn = Button(LEARN, self.open_learn, "primary", 30)     # the tutorial of the game in view
        self.widgets = [*self.tabs, self.learn, self.close]
        self._jump_pending = game

    def open_learn(self) -> None:
        """The tutorial of the game being read (the one its tab shows lit)."""
        self.app.start("tutorial", self.current_section() or GAMES[0][0])

    # ------------------------------------------------------------ build
    def _blocks(self) -> list[Any]:
        try:
            blocks = type(self).loader(current_language())
            self.error = ""
            return list(blocks)
        except ImportError:
            self.error = _("The rules text is not installed.")
        except (OSError, ValueError) as exc:
            self.error = _("The rules text could not be read: {reason}").format(reason=str(exc))
        return []

    def _wrap_runs(self, text: str, size: int, width: int, x0: int, color, bold_all: bool = False
                   ) -> list[list[tuple[int, str, int, int, tuple[int, int, int]]]]:
        """Greedy word wrap of a text with styled runs; returns lines of (x, text, style, size, colour)."""
        # words with their style and whether a space came before them
        words: list[tuple[str, int, bool]] = []
        gap = True
        for run, style in spans(text):
            for piece in re.findall(r"\S+|\s+", run):
                if piece.isspace():
                    gap = True
                else:
                    words.append((piece, BOLD if bold_all else style, gap and bool(words)))
                    gap = False
        space = T.width(" ", size)
        lines: list[list] = []
        line: list = []
        x = x0
        for word, style, spaced in words:
            # upright advance: a slanted run's surface is wider by its overhang, which would
            # leave a gap before the next run ("game )")
            w = T.width(word, size, style == BOLD)
            lead = space if (spaced and line) else 0
            if line and x + lead + w > x0 + width:
                lines.append(line)
                line, x, lead = [], x0, 0
            if line and line[-1][2] == style:
                last = line[-1]
                joined = last[1] + (" " if lead else "") + word
                line[-1] = (last[0], joined, style, size, color)
                x = last[0] + T.width(joined, size, style == BOLD)
            else:
                line.append((x + lead, word, style, size, color))
                x = x + lead + w
        if line:
            lines.append(line)
        return lines

    def layout(self, lay: Layout) -> None:
        width = min(1300.0, lay.logical_w - 160)
        x = (lay.logical_w - width) / 2
        self.view = lay.rect(x - 40, 150, width + 80, lay.logical_h - 150 - 70)
        self.tabs[0].rect = lay.rect(x - 40, 50, 260, 76)
        self.tabs[1].rect = lay.rect(x + 240, 50, 260, 76)
        self.close.rect = lay.rect(x + width + 40 - 260, 50, 260, 76)
        self.learn.rect = lay.rect(x + 540, 50, max(200.0, width + 40 - 260 - 560 - 20), 76)
        old_frac = self.scroll / self.page_h if self.page_h else 0.0
        self.lang = current_language()
        self.items = []
        self.sections = {}
        x0 = self.view.x + lay.px(40)
        w = self.view.w - lay.px(80)
        y = lay.px(30)
        body = lay.font_px(30)
        line_h = int(body * 1.45)
        for block in self._blocks():
            kind = getattr(block, "kind", "para")
            text = getattr(block, "text", "")
            if kind == "h1":
                if self.items:
                    y += lay.px(40)
                for game, name in GAMES:
                    if name in text and game not in self.sections:
                        self.sections[game] = y
                size = lay.font_px(56)
                for ln in self._wrap_runs(text, size, w, x0, C.ACCENT, True):
                    self.items.append(_Item(y, int(size * 1.3), ln, []))
                    y += int(size * 1.3)
                self.items.append(_Item(y, lay.px(8), [], [], rule=True))
                y += lay.px(28)
            elif kind == "h2":
                y += lay.px(22)
                size = lay.font_px(38)
                for ln in self._wrap_runs(text, size, w, x0, C.TEXT, True):
                    self.items.append(_Item(y, int(size * 1.3), ln, []))
                    y += int(size * 1.3)
                y += lay.px(8)
            elif kind == "bullet":
                indent = lay.px(40)
                lines = self._wrap_runs(text, body, w - indent, x0 + indent, C.TEXT)
                for i, ln in enumerate(lines):
                    if i == 0:
                        ln = [(x0 + lay.px(10), "•", True, body, C.ACCENT)] + ln
                    self.items.append(_Item(y, line_h, ln, []))
                    y += line_h
                y += lay.px(8)
            elif kind == "pictures":
                ph = lay.px(150)
                pics: list[tuple[int, str, int]] = []
                px = x0
                for token in getattr(block, "items", ()):
                    img = picture(token, ph if not token.startswith(("field", "start", "end", "die", "token"))
                                  else lay.px(100))
                    if px + img.get_width() > x0 + w and pics:
                        self.items.append(_Item(y, ph, [], pics))
                        y += ph + lay.px(14)
                        pics, px = [], x0
                    pics.append((px, token, img.get_height()))
                    px += img.get_width() + lay.px(18)
                if pics:
                    self.items.append(_Item(y, ph, [], pics))
                    y += ph + lay.px(20)
            else:
                for ln in self._wrap_runs(text, body, w, x0, C.TEXT):
                    self.items.append(_Item(y, line_h, ln, []))
                    y += line_h
                y += lay.px(14)
        self.page_h = y + lay.px(40)
        self.scroll = self.target = self._clamp(old_frac * self.page_h)
        if self._jump_pending:
            self.jump(self._jump_pending, instant=True)
            self._jump_pending = None

    # ------------------------------------------------------------ scrolling
    def max_scroll(self) -> float:
        return max(0.0, self.page_h - self.view.h)

    def _clamp(self, v: float) -> float:
        return max(0.0, min(self.max_scroll(), v))

    def jump(self, game: str, instant: bool = False) -> None:
        """Scroll to the start of `game`'s rules."""
        if game in self.sections:
            self.target = self._clamp(self.sections[game])
            if instant or self.app.settings.anim_factor <= 0:
                self.scroll = self.target

    def section_span(self, game: str) -> tuple[float, float]:
        """Where `game`'s rules start and end on the page (pixels from its top)."""
        starts = sorted(self.sections.values())
        start = self.sections.get(game, 0.0)
        later = [y for y in starts if y > start]
        first = not [y for y in starts if y < start]       # the first game starts at the page's top
        return (0.0 if first else start), (later[0] if later else self.page_h)

    def to_section_edge(self, end: bool) -> None:
        """Home/End: the start or the end of the game being read, never into the other game's rules
        (End in Line-it's rules went to the end of Linyo's)."""
        game = self.current_section()
        if game is None:
            self.target = self._clamp(self.page_h if end else 0)
        else:
            start, stop = self.section_span(game)
            # at the end, the section's last lines at the bottom of the view, the next heading below it
            self.target = self._clamp(stop - self.view.h if end else start)
            self.target = max(self.target, self._clamp(start)) if end else self.target
        if self.app.settings.anim_factor <= 0:
            self.scroll = self.target

    def scroll_by(self, pixels: float) -> None:
        self.target = self._clamp(self.target + pixels)
        if self.app.settings.anim_factor <= 0:
            self.scroll = self.target

    def handle(self, event: pygame.event.Event) -> bool:
        lay = self.app.lay
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * lay.px(120))
            return True
        if event.type == pygame.KEYDOWN:
            page = self.view.h * 0.9
            keys = {pygame.K_DOWN: lay.px(80), pygame.K_UP: -lay.px(80), pygame.K_PAGEDOWN: page,
                    pygame.K_PAGEUP: -page, pygame.K_SPACE: page}
            if event.key in keys:
                self.scroll_by(keys[event.key])
                return True
            if event.key in (pygame.K_HOME, pygame.K_END):
                self.to_section_edge(event.key == pygame.K_END)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                names = [g for g, _title in GAMES]
                here = names.index(self.current_section() or names[0])
                step = -1 if event.key == pygame.K_LEFT else 1
                self.jump(names[max(0, min(len(names) - 1, here + step))])
                return True
        return super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.lang != current_language():
            self.layout(self.app.lay)
        self.scroll += (self.target - self.scroll) * min(1.0, dt * 12)
        if abs(self.target - self.scroll) < 0.5:
            self.scroll = self.target

    def current_section(self) -> str | None:
        best = None
        for game, y in sorted(self.sections.items(), key=lambda kv: kv[1]):
            if self.scroll + self.view.h * 0.3 >= y:
                best = game
        return best

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        self.app.background(surface)
        panel(surface, self.view, lay, C.PANEL, C.PANEL_EDGE)
        current = self.current_section()
        for tab, (game, _title) in zip(self.tabs, GAMES):
            tab.style = "primary" if game == current else "quiet"
        self.draw_widgets(surface)
        clip = surface.get_clip()
        inner = self.view.inflate(-lay.px(8), -lay.px(8))
        surface.set_clip(inner)
        top = self.view.y - int(self.scroll)
        if self.error:
            T.blit_text(surface, self.error, lay.font_px(32), C.ACCENT, self.view.center, "center")
        for item in self.items:
            y = top + item.y
            if y > self.view.bottom or y + item.h < self.view.top:
                continue
            if item.rule:
                pygame.draw.rect(surface, C.ACCENT, (self.view.x + lay.px(40), y, lay.px(160), max(2, lay.px(5))),
                                 border_radius=lay.px(3))
            for (x, txt, style, size, col) in item.runs:
                surface.blit(T.render(txt, size, col, style == BOLD, style == ITALIC), (x, y))
            for (x, token, h) in item.pics:
                img = picture(token, h)
                surface.blit(img, (x, y + (item.h - img.get_height()) // 2))
        surface.set_clip(clip)
        # scrollbar
        if self.max_scroll() > 0:
            track = pygame.Rect(self.view.right - lay.px(16), self.view.y + lay.px(20), lay.px(6),
                                self.view.h - lay.px(40))
            pygame.draw.rect(surface, C.BUTTON, track, border_radius=track.w)
            frac = self.view.h / self.page_h
            thumb = pygame.Rect(track.x, 0, track.w, max(lay.px(40), int(track.h * frac)))
            thumb.y = track.y + int((track.h - thumb.h) * (self.scroll / self.max_scroll()))
            pygame.draw.rect(surface, C.ACCENT, thumb, border_radius=track.w)
        hint(surface, lay, _("↑ ↓ PgUp PgDn scroll · ← → game · Esc back"))
