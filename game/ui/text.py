"""Fonts and cached text surfaces (DejaVu Sans, which has ♥ ♦ ♣ ★ ● ×).

Rendering text is the costliest thing a frame does, so every rendered line
is kept in an LRU cache keyed by (text, pixel size, weight, colour); a frame
that shows the same text again only blits.

    surf = render("Play", 24, (255, 255, 255), bold=True)
    lines = wrap("a long paragraph ...", 18, 400)

No text can take the process down: every string is made safe before it
reaches the font (`safe`: control characters and NULs removed, cut to
`MAX_LINE` characters), a line that still cannot be rendered gives a blank
surface, and `wrap` breaks a word longer than the line.
"""
from __future__ import annotations

import logging
import unicodedata
from collections import OrderedDict

import pygame

from game.files.paths import FONTS
from .layout import MIN_FONT_PX

_FILES = {False: FONTS / "DejaVuSans.ttf", True: FONTS / "DejaVuSans-Bold.ttf"}
_fonts: dict[tuple[int, bool, bool], pygame.font.Font] = {}
_cache: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
_wrap_cache: "OrderedDict[tuple, list[str]]" = OrderedDict()
_fit_cache: dict[tuple, int] = {}
CACHE_SIZE = 1200
stats = {"hits": 0, "misses": 0}
# While a list (tests): every line drawn with `blit_text` is appended as (text, pixel size, rect),
# so a test can measure what a scene really shows (sizes, overlaps) without reading pixels.
drawn: list[tuple[str, int, pygame.Rect]] | None = None
# While lists (tests): lines that ran past the surface's clip (text, rect, clip), and texts `cut` shortened
# with an ellipsis (the whole text), so a test can tell a line that does not fit from one that does.
overflow: list[tuple[str, pygame.Rect, pygame.Rect]] | None = None
cuts: list[str] | None = None
log = logging.getLogger("linebox.text")
# Longest line ever rendered, and longest text ever wrapped, in characters: a 10 MB name
# from a file made SDL_ttf crash the process (SIGSEGV, nothing logged).
MAX_LINE = 300
MAX_TEXT = 20_000
# control characters (NUL: "embedded null character"), unpaired surrogates, private use, unassigned
_DROP = {"Cc", "Cs", "Co", "Cn"}


def safe(text: object, limit: int = MAX_LINE) -> str:
    """`text` as a string the font can take: no control characters, at most `limit` chars."""
    if not isinstance(text, str):
        text = str(text)
    if len(text) > limit:
        text = text[:limit - 1] + "…"
    if text.isprintable():
        return text
    return "".join(" " if ch == "\t" else ch for ch in text
                   if ch == "\t" or unicodedata.category(ch) not in _DROP)


def font(size: int, bold: bool = False, italic: bool = False) -> pygame.font.Font:
    """The bundled font at `size` pixels (falls back to pygame's default).

    Italic is slanted by FreeType (DejaVu's oblique files are not bundled: the
    rules text is the only place that uses it)."""
    if not pygame.font.get_init():  # (re)started: fonts of an earlier init are dead
        start_fonts()
    key = (max(6, int(size)), bool(bold), bool(italic))
    f = _fonts.get(key)
    if f is None:
        path = _FILES[key[1]]
        try:
            f = pygame.font.Font(str(path), key[0])
        except (OSError, pygame.error, FileNotFoundError):
            f = pygame.font.Font(None, key[0])
        f.italic = key[2]
        _fonts[key] = f
    return f


def render(text: str, size: int, color: tuple[int, int, int], bold: bool = False,
           italic: bool = False) -> pygame.Surface:
    """A cached, antialiased surface of one line of text."""
    key = (text, int(size), bool(bold), tuple(color), bool(italic))
    surf = _cache.get(key)
    if surf is not None:
        _cache.move_to_end(key)
        stats["hits"] += 1
        return surf
    stats["misses"] += 1
    f = font(size, bold, italic)
    try:
        surf = f.render(safe(text), True, color)
    except (pygame.error, ValueError, MemoryError, UnicodeError) as exc:
        # never let one line take the frame down: show nothing for it, and say why in the log
        log.warning("cannot render %r: %s", text[:40], exc)
        surf = pygame.Surface((1, f.get_height()), pygame.SRCALPHA)
    _cache[key] = surf
    if len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return surf


def width(text: str, size: int, bold: bool = False, italic: bool = False) -> int:
    try:
        return font(size, bold, italic).size(safe(text))[0]
    except (pygame.error, ValueError, UnicodeError):
        return 0


def _break_word(word: str, fits) -> list[str]:
    """A word longer than the line, cut into pieces that fit (at least one char each)."""
    pieces, piece = [], ""
    for ch in word:
        if piece and not fits(piece + ch):
            pieces.append(piece)
            piece = ch
        else:
            piece += ch
    return pieces + [piece]


def wrap(text: str, size: int, max_width: int, bold: bool = False) -> list[str]:
    """Split `text` into lines no wider than `max_width` pixels (cached); a word longer
    than a line is broken."""
    text = text[:MAX_TEXT]
    key = (text, int(size), int(max_width), bool(bold))
    lines = _wrap_cache.get(key)
    if lines is not None:
        return lines
    f = font(size, bold)

    def fits(s: str) -> bool:
        return f.size(s)[0] <= max_width

    lines = []
    for para in text.split("\n"):
        words = safe(para, MAX_TEXT).split(" ")
        line = ""
        for word in words:
            if len(word) > MAX_LINE or not fits(word):
                pieces = _break_word(word, fits)
                if line:
                    lines.append(line)
                lines.extend(pieces[:-1])
                line = pieces[-1]
                continue
            trial = word if not line else line + " " + word
            if fits(trial) or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    _wrap_cache[key] = lines
    if len(_wrap_cache) > 400:
        _wrap_cache.popitem(last=False)
    return lines


def blit_text(surface: pygame.Surface, text: str, size: int, color: tuple[int, int, int],
              pos: tuple[int, int], anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
    """Draw one line; `anchor` is a Rect attribute such as 'center' or 'midleft'."""
    surf = render(text, size, color, bold)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    if drawn is not None and text.strip():
        clip = surface.get_clip()
        drawn.append((text, int(size), rect.clip(clip)))
        if overflow is not None and not clip.contains(rect):
            overflow.append((text, rect, clip))
    return rect


def cut(text: str, size: int, room: int, bold: bool = False) -> str:
    """`text`, cut with an ellipsis to fit `room` pixels (a name in a narrow box).

    >>> start_fonts(); cut("Ada", 20, 500)
    'Ada'
    >>> cut("Bartholomäus", 20, 60).endswith("…")
    True
    """
    if width(text, size, bold) <= room:
        return text
    if cuts is not None:
        cuts.append(text)
    # the longest prefix that fits with the ellipsis, found by halving: a few measures, not one per
    # character (a 10,000-character name from a file took seconds a frame, cut one by one)
    text = safe(text)
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width(text[:mid] + "…", size, bold) <= room:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + "…"


def fit_size(texts: "tuple[str, ...] | list[str]", size: int, room: int, bold: bool = False,
             floor: int = MIN_FONT_PX) -> int:
    """The largest pixel size <= `size` (and >= `floor`) at which every one of `texts` is at most
    `room` pixels wide: one size for a row of labels, so neighbours never differ in size.

    >>> start_fonts(); fit_size(["OK", "Cancel"], 30, 1000)
    30
    >>> fit_size(["OK", "Zurücknehmen"], 30, 150) < 30
    True
    """
    key = (tuple(texts), int(size), int(room), bool(bold), int(floor))
    got = _fit_cache.get(key)
    if got is not None:
        return got
    fitted = max(int(size), floor)
    while fitted > floor and any(width(t, fitted, bold) > room for t in texts):
        fitted -= 1
    _fit_cache[key] = fitted
    if len(_fit_cache) > 400:
        _fit_cache.pop(next(iter(_fit_cache)))
    return fitted


def fit_lines(text: str, size: int, width: int, height: int, bold: bool = False, leading: float = 1.3,
              floor: int = MIN_FONT_PX) -> tuple[int, list[str], bool]:
    """The largest size <= `size` (down to `floor`) at which `text` wraps into `width` × `height`, a line
    taking `int(size * leading)` pixels: (size, lines, all of it fits); at `floor`, the lines that fit.

    >>> start_fonts(); fit_lines("a few words", 30, 1000, 100)
    (30, ['a few words'], True)
    >>> fit_lines("a few words", 30, 60, 60)[0] < 30
    True
    """
    while True:
        lines = wrap(text, size, width, bold)
        if len(lines) * int(size * leading) <= height:
            return size, lines, True
        if size <= floor:
            return size, lines[:max(1, height // int(size * leading))], False
        size -= 1


def start_fonts() -> None:
    """Start pygame's font module if needed; fonts of an earlier start are dead, so forget them."""
    if not pygame.font.get_init():
        pygame.font.init()
        _fonts.clear()
        clear_cache()


def clear_cache() -> None:
    _cache.clear()
    _wrap_cache.clear()
    _fit_cache.clear()
