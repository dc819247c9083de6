"""Render every card, token, die face, sheet field and the app icon.

    .venv/bin/python tools/make_art.py            # writes assets/cards/
    .venv/bin/python tools/make_art.py --sheet /tmp/contact.png

Each image is drawn at 4x its target size with plain pygame shapes (symbols
are polygons and curves, not font glyphs) and shrunk with smoothscale, which
anti-aliases every edge. Two resolutions are written: ``1x`` (a card is
120x168) and ``2x`` (240x336), so the app can pick the one closest to the
window's scale and stay crisp. ``assets/cards/manifest.json`` lists every
image. Each PNG is then recompressed losslessly by optipng and advpng (Debian
packages optipng and advancecomp; the script stops and says so when they are
missing), which makes them about a third smaller. The output is
deterministic: a rerun writes the same bytes.

All colours come from ``game/ui/palette.py``, which the app imports too.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from game.ui import palette as P  # noqa: E402

OUT = ROOT / "assets" / "cards"
SS = 4                                   # supersampling factor
SCALES = {"1x": 1, "2x": 2}
CARD_W, CARD_H, CARD_R = 120, 168, 10
SHADOW_PAD = 8
TOKEN = 64
DIE = 64
FIELD = 64
ICON_SIZES = (256, 128, 64, 48, 32, 16)

Color = tuple[int, ...]


# --------------------------------------------------------------------- fonts
def font_path(bold: bool = True, condensed: bool = False) -> Path:
    name = "DejaVuSans"
    if condensed:
        name += "Condensed"
    name += "-Bold.ttf" if bold else ".ttf"
    shipped = ROOT / "assets" / "fonts" / name
    if shipped.exists():
        return shipped
    return Path("/usr/share/fonts/truetype/dejavu") / name


_fonts: dict[tuple[Path, int], pygame.font.Font] = {}


def font(px: int, bold: bool = True, condensed: bool = False) -> pygame.font.Font:
    key = (font_path(bold, condensed), max(1, int(px)))
    if key not in _fonts:
        _fonts[key] = pygame.font.Font(str(key[0]), key[1])
    return _fonts[key]


# ------------------------------------------------------------------- helpers
def mix(a: Color, b: Color, t: float) -> tuple[int, int, int]:
    """Colour between a (t=0) and b (t=1)."""
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def rgba(c: Color, alpha: int = 255) -> tuple[int, int, int, int]:
    return (c[0], c[1], c[2], alpha)


class Pen:
    """Draws in logical (1x) units on a surface k pixels per unit."""

    def __init__(self, surf: pygame.Surface, k: float):
        self.s = surf
        self.k = k

    def _r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        k = self.k
        x0, y0 = round(x * k), round(y * k)
        return pygame.Rect(x0, y0, round((x + w) * k) - x0, round((y + h) * k) - y0)

    def rrect(self, color: Color, x: float, y: float, w: float, h: float, r: float,
              width: float = 0) -> None:
        pygame.draw.rect(self.s, color, self._r(x, y, w, h),
                         width=max(1, round(width * self.k)) if width else 0,
                         border_radius=max(0, round(r * self.k)))

    def circle(self, color: Color, cx: float, cy: float, r: float, width: float = 0) -> None:
        pygame.draw.circle(self.s, color, (cx * self.k, cy * self.k), r * self.k,
                           width=max(1, round(width * self.k)) if width else 0)

    def poly(self, color: Color, pts: list[tuple[float, float]], width: float = 0) -> None:
        k = self.k
        pygame.draw.polygon(self.s, color, [(x * k, y * k) for x, y in pts],
                            width=max(1, round(width * k)) if width else 0)

    def thick_line(self, color: Color, pts: list[tuple[float, float]], width: float) -> None:
        """A polyline with round joins and caps."""
        k = self.k
        w = width * k
        scaled = [(x * k, y * k) for x, y in pts]
        for (x0, y0), (x1, y1) in zip(scaled, scaled[1:]):
            dx, dy = x1 - x0, y1 - y0
            n = math.hypot(dx, dy) or 1.0
            ox, oy = -dy / n * w / 2, dx / n * w / 2
            pygame.draw.polygon(self.s, color, [(x0 + ox, y0 + oy), (x1 + ox, y1 + oy),
                                                (x1 - ox, y1 - oy), (x0 - ox, y0 - oy)])
        for x, y in scaled:
            pygame.draw.circle(self.s, color, (x, y), w / 2)

    def text(self, s: str, px: float, color: Color, cx: float, cy: float, *,
             bold: bool = True, condensed: bool = False, max_w: float | None = None,
             outline: Color | None = None, outline_w: float = 0) -> None:
        """Text whose ink (not its line box) is centred on (cx, cy)."""
        size = px
        img = font(size * self.k, bold, condensed).render(s, True, color)
        ink = img.get_bounding_rect()
        if max_w is not None and ink.w > max_w * self.k:
            size = size * max_w * self.k / ink.w
            img = font(size * self.k, bold, condensed).render(s, True, color)
            ink = img.get_bounding_rect()
        x = round(cx * self.k - ink.centerx)
        y = round(cy * self.k - ink.centery)
        if outline is not None and outline_w > 0:
            ring = font(size * self.k, bold, condensed).render(s, True, outline)
            o = outline_w * self.k
            steps = 24
            for i in range(steps):
                a = 2 * math.pi * i / steps
                self.s.blit(ring, (x + round(math.cos(a) * o), y + round(math.sin(a) * o)))
        self.s.blit(img, (x, y))


def vgradient(size: tuple[int, int], top: Color, bottom: Color) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    h = max(1, size[1] - 1)
    for y in range(size[1]):
        pygame.draw.line(surf, rgba(mix(top, bottom, y / h)), (0, y), (size[0], y))
    return surf


def masked(fill: pygame.Surface, mask_draw: Callable[[Pen], None], k: float) -> pygame.Surface:
    """Keep *fill* only where mask_draw paints (alpha), keep its RGB elsewhere."""
    mask = pygame.Surface(fill.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    mask_draw(Pen(mask, k))
    out = fill.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def render(w: int, h: int, draw: Callable[[Pen], None], bg: Color, scale: int) -> pygame.Surface:
    """Draw at SS times the target size, then smoothscale down."""
    k = scale * SS
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    # Transparent pixels carry the edge colour, so averaging at the rim does
    # not drag in black.
    big.fill(rgba(bg, 0))
    draw(Pen(big, k))
    return pygame.transform.smoothscale(big, (w * scale, h * scale))


# ------------------------------------------------------------------- symbols
def heart_pts(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    pts = []
    for i in range(96):
        t = 2 * math.pi * i / 96
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x, -y))
    # curve spans x -16..16, y -12..17; normalise to a box of `size`
    s = size / 34.0
    return [(cx + x * s, cy + (y - 2.0) * s) for x, y in pts]


def diamond_pts(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """A card-suit diamond with gently curved sides."""
    h, w = size / 2, size * 0.37
    pts = []
    corners = [(0, -h), (w, 0), (0, h), (-w, 0), (0, -h)]
    for (x0, y0), (x1, y1) in zip(corners, corners[1:]):
        for i in range(16):
            t = i / 16
            bow = 0.10 * math.sin(math.pi * t)          # sides bow inwards
            x = x0 + (x1 - x0) * t
            y = y0 + (y1 - y0) * t
            pts.append((cx + x * (1 - bow), cy + y * (1 - bow)))
    return pts


def star_pts(cx: float, cy: float, size: float, inner: float = 0.45,
             points: int = 5) -> list[tuple[float, float]]:
    r = size / 2
    pts = []
    for i in range(points * 2):
        a = -math.pi / 2 + math.pi * i / points
        rr = r if i % 2 == 0 else r * inner
        pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr + size * 0.05))
    return pts


def draw_leaf(pen: Pen, color: Color, cx: float, cy: float, size: float) -> None:
    """A trefoil (the club of a card deck, ♣) with a flared stem."""
    r = size * 0.24
    top = (cx, cy - size * 0.22)
    left = (cx - size * 0.245, cy + size * 0.06)
    right = (cx + size * 0.245, cy + size * 0.06)
    for x, y in (top, left, right):
        pen.circle(color, x, y, r)
    pen.circle(color, cx, cy - size * 0.02, r * 0.7)
    pen.poly(color, [(cx - size * 0.06, cy), (cx + size * 0.06, cy),
                     (cx + size * 0.2, cy + size * 0.48), (cx - size * 0.2, cy + size * 0.48)])


def draw_symbol(pen: Pen, suit: str, cx: float, cy: float, size: float, color: Color) -> None:
    sym = P.SUIT_SYMBOLS[suit]
    if sym == "heart":
        pen.poly(color, heart_pts(cx, cy, size))
    elif sym == "diamond":
        pen.poly(color, diamond_pts(cx, cy, size))
    elif sym == "star":
        pen.poly(color, star_pts(cx, cy, size * 1.08))
    else:
        draw_leaf(pen, color, cx, cy, size)


# --------------------------------------------------------------------- cards
def card_base(pen: Pen, top: Color, bottom: Color, edge: Color) -> None:
    """Rounded card with a thin edge and a soft vertical gradient."""
    pen.rrect(edge, 0, 0, CARD_W, CARD_H, CARD_R)
    k = pen.k
    grad = vgradient(pen.s.get_size(), top, bottom)
    face = masked(grad, lambda m: m.rrect((255, 255, 255, 255), 1, 1, CARD_W - 2, CARD_H - 2,
                                          CARD_R - 1), k)
    pen.s.blit(face, (0, 0))


def corner_index(label: str, suit: str | None, ink: Color, sym_color: Color, k: float,
                 condensed_text: bool = True) -> pygame.Surface:
    """Top-left index: the number and, under it, the suit symbol."""
    surf = pygame.Surface((round(28 * k), round(52 * k)), pygame.SRCALPHA)
    pen = Pen(surf, k)
    pen.text(label, 22, ink, 13.5, 13, condensed=condensed_text, max_w=23)
    if suit is not None:
        if P.SUIT_SYMBOLS[suit] == "star":
            # yellow is light: a dark rim keeps the star strong in greyscale
            draw_symbol(pen, suit, 13.5, 33.3, 17.5, ink)
        draw_symbol(pen, suit, 13.5, 33.5, 14.5, sym_color)
    return surf


def draw_number_card(pen: Pen, n: int) -> None:
    suit = P.suit_of(n)
    col, ink, tint = P.SUIT_COLORS[suit], P.SUIT_INK[suit], P.SUIT_TINT[suit]
    card_base(pen, P.CARD_FACE, mix(P.CARD_FACE, (226, 220, 208), 0.5), P.CARD_EDGE)
    # coloured top and bottom bands: the suit reads even on a sliver of card
    band = masked(vgradient(pen.s.get_size(), col, col),
                  lambda m: m.rrect((255, 255, 255, 255), 1, 1, CARD_W - 2, CARD_H - 2,
                                    CARD_R - 1), pen.k)
    clip = pygame.Rect(0, 0, pen.s.get_width(), round(5 * pen.k))
    pen.s.blit(band, clip, clip)
    clip = pygame.Rect(0, round((CARD_H - 5) * pen.k), pen.s.get_width(), round(5 * pen.k))
    pen.s.blit(band, clip, clip)
    # central panel with a watermark symbol and the big number
    px, py, pw, ph = 25, 27, 70, 114
    pen.rrect(tint, px, py, pw, ph, 9)
    pen.rrect(mix(tint, col, 0.55), px, py, pw, ph, 9, width=1.2)
    draw_symbol(pen, suit, CARD_W / 2, CARD_H / 2 + 1, 62, mix(tint, col, 0.22))
    label = str(n)
    pen.text(label, 46 if n < 10 else 42, ink, CARD_W / 2, CARD_H / 2,
             condensed=n >= 10, max_w=60, outline=tint, outline_w=2.2)
    # indices in two corners (bottom right is the same, turned round)
    idx = corner_index(label, suit, ink, col, pen.k)
    pen.s.blit(idx, (round(0 * pen.k), round(6 * pen.k)))
    flipped = pygame.transform.flip(idx, True, True)
    pen.s.blit(flipped, (pen.s.get_width() - flipped.get_width() - round(0 * pen.k),
                         pen.s.get_height() - flipped.get_height() - round(6 * pen.k)))


def chip(pen: Pen, cx: float, cy: float, r: float, face: Color, rim: Color, notch: Color) -> None:
    """A casino-chip ring: a disc with notches round its edge."""
    pen.circle(rim, cx, cy, r)
    for i in range(8):
        a0 = 2 * math.pi * i / 8 - 0.16
        a1 = a0 + 0.32
        pts = [(cx + math.cos(a) * r * f, cy + math.sin(a) * r * f)
               for f, a in ((1.0, a0), (1.0, (a0 + a1) / 2), (1.0, a1), (0.74, a1), (0.74, a0))]
        pen.poly(notch, pts)
    pen.circle(face, cx, cy, r * 0.74)
    pen.circle(rim, cx, cy, r * 0.74, width=0.9)


def draw_bet_card(pen: Pen, v: int) -> None:
    dark = P.BET_FACE
    card_base(pen, mix(dark, (90, 70, 140), 0.35), mix(dark, (0, 0, 0), 0.25), (20, 12, 36))
    # diagonal ticket stripes
    stripes = pygame.Surface(pen.s.get_size(), pygame.SRCALPHA)
    sp = Pen(stripes, pen.k)
    for i in range(-20, 30):
        x = i * 9
        sp.poly(rgba((255, 255, 255), 14), [(x, 0), (x + 4, 0), (x + 4 + CARD_H * 0.5, CARD_H),
                                             (x + CARD_H * 0.5, CARD_H)])
    stripes = masked(stripes, lambda m: m.rrect((255, 255, 255, 255), 7, 7, CARD_W - 14,
                                                CARD_H - 14, CARD_R - 5), pen.k)
    pen.s.blit(stripes, (0, 0))
    pen.rrect(P.BET_GOLD, 5, 5, CARD_W - 10, CARD_H - 10, CARD_R - 3, width=1.6)
    pen.rrect(mix(P.BET_GOLD, dark, 0.45), 8.5, 8.5, CARD_W - 17, CARD_H - 17, CARD_R - 5,
              width=0.8)
    chip(pen, CARD_W / 2, CARD_H / 2, 38, mix(dark, (0, 0, 0), 0.2), P.BET_GOLD,
         mix(dark, (255, 255, 255), 0.85))
    pen.text(f"+{v}", 40, P.BET_GOLD, CARD_W / 2 + 1, CARD_H / 2, max_w=48)
    for sx, sy, flip in ((21.5, 22, False), (CARD_W - 21.5, CARD_H - 22, True)):
        corner = pygame.Surface((round(30 * pen.k), round(30 * pen.k)), pygame.SRCALPHA)
        cp = Pen(corner, pen.k)
        cp.text(f"+{v}", 16, P.BET_GOLD, 15, 15, max_w=22)
        if flip:
            corner = pygame.transform.flip(corner, True, True)
        pen.s.blit(corner, (round((sx - 15) * pen.k), round((sy - 15) * pen.k)))
    # four small stars: a bet gains or loses exactly v
    for i in range(v):
        x = CARD_W / 2 + (i - (v - 1) / 2) * 10
        pen.poly(P.BET_GOLD, star_pts(x, CARD_H / 2 + 52, 8))
        pen.poly(P.BET_GOLD, star_pts(x, CARD_H / 2 - 54, 8))


def draw_back(pen: Pen) -> None:
    back, line = P.CARD_BACK, P.CARD_BACK_LINE
    card_base(pen, mix(back, (80, 110, 170), 0.25), mix(back, (0, 0, 0), 0.2), (16, 24, 48))
    lattice = pygame.Surface(pen.s.get_size(), pygame.SRCALPHA)
    lp = Pen(lattice, pen.k)
    step = 12
    for i in range(-16, 28):
        x = i * step
        lp.thick_line(rgba(line, 150), [(x, 0), (x + CARD_H, CARD_H)], 1.1)
        lp.thick_line(rgba(line, 150), [(x, 0), (x - CARD_H, CARD_H)], 1.1)
    lattice = masked(lattice, lambda m: m.rrect((255, 255, 255, 255), 9, 9, CARD_W - 18,
                                                CARD_H - 18, CARD_R - 5), pen.k)
    pen.s.blit(lattice, (0, 0))
    pen.rrect(mix(P.CARD_FACE, back, 0.1), 6, 6, CARD_W - 12, CARD_H - 12, CARD_R - 4, width=2)
    cx, cy = CARD_W / 2, CARD_H / 2
    pen.circle(mix(back, (0, 0, 0), 0.3), cx, cy + 1.5, 33)
    pen.circle(P.GOLD, cx, cy, 33)
    pen.circle(P.CARD_FACE, cx, cy, 30.5)
    for suit, (dx, dy) in zip(P.SUITS, ((-1, -1), (1, -1), (-1, 1), (1, 1))):
        draw_symbol(pen, suit, cx + dx * 11.5, cy + dy * 11.5, 17, P.SUIT_COLORS[suit])


def draw_card_shadow(pen: Pen) -> None:
    pen.rrect((0, 0, 0, 110), SHADOW_PAD, SHADOW_PAD, CARD_W, CARD_H, CARD_R)


def draw_card_glow(pen: Pen) -> None:
    pen.rrect((255, 255, 255, 255), SHADOW_PAD - 2.5, SHADOW_PAD - 2.5, CARD_W + 5, CARD_H + 5,
              CARD_R + 2.5, width=4)


def blurred(draw: Callable[[Pen], None], scale: int, radius: float) -> pygame.Surface:
    """A soft card-shaped halo (shadow or glow), SHADOW_PAD wider on each side."""
    w, h = CARD_W + 2 * SHADOW_PAD, CARD_H + 2 * SHADOW_PAD
    k = scale * 2
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    big.fill((255, 255, 255, 0) if draw is draw_card_glow else (0, 0, 0, 0))
    draw(Pen(big, k))
    big = pygame.transform.gaussian_blur(big, round(radius * k))
    return pygame.transform.smoothscale(big, (w * scale, h * scale))


def draw_slot(pen: Pen) -> None:
    """An empty place for a card: a dashed rounded outline on a faint fill."""
    pen.rrect((255, 255, 255, 28), 1, 1, CARD_W - 2, CARD_H - 2, CARD_R)
    col = (255, 255, 255, 150)
    r, x0, y0, x1, y1 = CARD_R, 2.0, 2.0, CARD_W - 2.0, CARD_H - 2.0
    dash, gap = 7.0, 5.0
    for (ax, ay), (bx, by) in (((x0 + r, y0), (x1 - r, y0)), ((x1, y0 + r), (x1, y1 - r)),
                               ((x1 - r, y1), (x0 + r, y1)), ((x0, y1 - r), (x0, y0 + r))):
        length = math.hypot(bx - ax, by - ay)
        count = max(1, int((length + gap) // (dash + gap)))
        extra = (length - (count * dash + (count - 1) * gap)) / 2
        for i in range(count):
            t0 = (extra + i * (dash + gap)) / length
            t1 = (extra + i * (dash + gap) + dash) / length
            pen.thick_line(col, [(ax + (bx - ax) * t0, ay + (by - ay) * t0),
                                 (ax + (bx - ax) * t1, ay + (by - ay) * t1)], 1.6)
    for cx, cy, a0 in ((x0 + r, y0 + r, math.pi), (x1 - r, y0 + r, 1.5 * math.pi),
                       (x1 - r, y1 - r, 0.0), (x0 + r, y1 - r, 0.5 * math.pi)):
        pts = [(cx + math.cos(a0 + math.pi / 2 * i / 8) * r,
                cy + math.sin(a0 + math.pi / 2 * i / 8) * r) for i in range(9)]
        pen.thick_line(col, pts[2:7], 1.6)


# -------------------------------------------------------------------- tokens
def coin(pen: Pen, cx: float, cy: float, r: float, face_top: Color, face_bottom: Color,
         rim: Color) -> None:
    """A round token with a darker lower rim (reads as thickness)."""
    pen.circle(mix(rim, (0, 0, 0), 0.25), cx, cy + 1.5, r)
    pen.circle(rim, cx, cy, r)
    grad = vgradient(pen.s.get_size(), face_top, face_bottom)
    face = masked(grad, lambda m: m.circle((255, 255, 255, 255), cx, cy, r - 2.2), pen.k)
    pen.s.blit(face, (0, 0))


def draw_bonus(pen: Pen, v: int) -> None:
    c = TOKEN / 2
    # scalloped (sun) edge: bonus tokens are round with bumps, penalties octagons
    rim = P.GOLD_DARK
    pts = []
    for i in range(96):
        a = 2 * math.pi * i / 96
        rr = 29.5 + 1.6 * math.cos(a * 16)
        pts.append((c + math.cos(a) * rr, c + 1.5 + math.sin(a) * rr))
    pen.poly(mix(rim, (0, 0, 0), 0.3), pts)
    pen.poly(rim, [(x, y - 1.5) for x, y in pts])
    grad = vgradient(pen.s.get_size(), mix(P.BONUS, (255, 255, 255), 0.45), P.BONUS)
    pen.s.blit(masked(grad, lambda m: m.circle((255, 255, 255, 255), c, c, 25.5), pen.k), (0, 0))
    pen.circle(mix(P.BONUS, rim, 0.6), c, c, 22.5, width=0.8)
    pen.text(f"+{v}", 27, P.BONUS_INK, c, c, max_w=36)


def draw_penalty(pen: Pen, v: int) -> None:
    c = TOKEN / 2

    def octagon(r: float, dy: float = 0.0) -> list[tuple[float, float]]:
        return [(c + math.cos(a) * r, c + dy + math.sin(a) * r)
                for a in (math.pi / 8 + math.pi / 4 * i for i in range(8))]

    pen.poly(mix(P.PENALTY, (0, 0, 0), 0.45), octagon(30.5, 1.5))
    pen.poly(mix(P.PENALTY, (0, 0, 0), 0.2), octagon(30.5))
    grad = vgradient(pen.s.get_size(), mix(P.PENALTY, (255, 255, 255), 0.22),
                     mix(P.PENALTY, (0, 0, 0), 0.1))
    pen.s.blit(masked(grad, lambda m: m.poly((255, 255, 255, 255), octagon(27.5)), pen.k),
               (0, 0))
    pen.poly(mix(P.PENALTY, (255, 255, 255), 0.55), octagon(24.5), width=0.8)
    pen.text(f"\u2212{v}", 27, P.PENALTY_INK, c, c, max_w=36)


JACKPOT = 72


def draw_jackpot(pen: Pen, suit: str) -> None:
    c = JACKPOT / 2
    col = P.SUIT_COLORS[suit]
    coin(pen, c, c, 34, mix(P.GOLD, (255, 255, 255), 0.3), P.GOLD_DARK, P.GOLD_DARK)
    for i in range(20):
        a = 2 * math.pi * i / 20
        pen.circle(mix(P.GOLD, (255, 255, 255), 0.6), c + math.cos(a) * 28.5,
                   c + math.sin(a) * 28.5, 1.2)
    pen.circle((255, 250, 236), c, c, 26)
    grad = vgradient(pen.s.get_size(), mix(col, (255, 255, 255), 0.2), mix(col, (0, 0, 0), 0.15))
    pen.s.blit(masked(grad, lambda m: m.circle((255, 255, 255, 255), c, c, 24), pen.k), (0, 0))
    draw_symbol(pen, suit, c, c, 30, P.SUIT_ON[suit])


def draw_first_player(pen: Pen) -> None:
    c = TOKEN / 2
    coin(pen, c, c, 30, (255, 252, 240), (232, 224, 204), P.GOLD_DARK)
    pen.circle(P.GOLD, c, c, 25.5, width=1.2)
    # crown
    base_y, top_y = c + 10, c - 12
    pts = [(c - 16, base_y), (c - 18, top_y + 2), (c - 8, c - 3), (c, top_y - 2),
           (c + 8, c - 3), (c + 18, top_y + 2), (c + 16, base_y)]
    pen.poly(P.GOLD_DARK, [(x, y + 1) for x, y in pts])
    pen.poly(P.GOLD, pts)
    pen.rrect(P.GOLD_DARK, c - 16, base_y - 0.5, 32, 4.5, 1.5)
    for x, y in ((c - 18, top_y + 2), (c, top_y - 2), (c + 18, top_y + 2)):
        pen.circle(P.GOLD_DARK, x, y, 2.6)
        pen.circle((255, 236, 170), x, y, 1.8)
    pen.text("1", 12, P.BONUS_INK, c, c + 3.5)


# ---------------------------------------------------------------------- dice
def mark(pen: Pen, face: str, cx: float, cy: float, size: float, color: Color,
         weight: float = 1.0) -> None:
    """The shape that tells b/o/g apart without colour."""
    kind = P.DIE_MARKS[face]
    if kind == "waves":
        for dy in (-size * 0.28, 0, size * 0.28):
            pts = [(cx - size / 2 + size * t / 24,
                    cy + dy + math.sin(t / 24 * 2 * math.pi * 1.5) * size * 0.09)
                   for t in range(25)]
            pen.thick_line(color, pts, size * 0.11 * weight)
    elif kind == "triangle":
        h = size * 0.9
        pen.poly(color, [(cx, cy - h * 0.55), (cx + h * 0.58, cy + h * 0.45),
                         (cx - h * 0.58, cy + h * 0.45)])
    else:
        s = size * 0.78
        pen.rrect(color, cx - s / 2, cy - s / 2, s, s, s * 0.12)


def draw_die(pen: Pen, face: str) -> None:
    col = P.DIE_COLORS[face]
    pen.rrect(mix(col, (0, 0, 0), 0.45), 3, 5, DIE - 6, DIE - 6, 12)
    grad = vgradient(pen.s.get_size(), mix(col, (255, 255, 255), 0.28), col)
    pen.s.blit(masked(grad, lambda m: m.rrect((255, 255, 255, 255), 3, 2, DIE - 6, DIE - 7, 12),
                      pen.k), (0, 0))
    pen.rrect(mix(col, (255, 255, 255), 0.45), 3, 2, DIE - 6, DIE - 7, 12, width=1)
    mark(pen, face, DIE / 2, DIE / 2 - 1, 30, (255, 255, 255))


# -------------------------------------------------------------------- fields
def draw_field(pen: Pen, face: str, star: bool) -> None:
    col, mk = P.FIELD_COLORS[face], P.FIELD_MARK[face]
    pen.rrect(col, 1.5, 1.5, FIELD - 3, FIELD - 3, 7)
    pen.rrect(mix(col, (0, 0, 0), 0.12), 1.5, 1.5, FIELD - 3, FIELD - 3, 7, width=1)
    # the colour's mark, small, in the four corners (the centre stays free for
    # the pen: lines, the start dot and the end cross)
    for dx in (-1, 1):
        for dy in (-1, 1):
            mark(pen, face, FIELD / 2 + dx * 19, FIELD / 2 + dy * 19, 11, mk, weight=1.4)
    if star:
        pen.poly(mix(P.STAR_EDGE, col, 0.2), star_pts(FIELD / 2, FIELD / 2 + 1, 40))
        pen.poly(P.STAR, star_pts(FIELD / 2, FIELD / 2, 34, inner=0.46))


def draw_start(pen: Pen) -> None:
    c = FIELD / 2
    pen.circle((255, 255, 255), c, c, 15)
    pen.circle(P.PEN, c, c, 12)


def draw_end(pen: Pen) -> None:
    c = FIELD / 2
    d = 13
    for color, w in (((255, 255, 255), 11), (P.PEN, 6.5)):
        pen.thick_line(color, [(c - d, c - d), (c + d, c + d)], w)
        pen.thick_line(color, [(c - d, c + d), (c + d, c - d)], w)


# ---------------------------------------------------------------------- icon
def icon_card(k: float, suit: str, label: str) -> pygame.Surface:
    """A small card (60x84 units) for the icon."""
    w, h = 60, 84
    s = pygame.Surface((round(w * k), round(h * k)), pygame.SRCALPHA)
    s.fill(rgba(P.CARD_EDGE, 0))
    p = Pen(s, k)
    p.rrect(P.CARD_EDGE, 0, 0, w, h, 7)
    p.rrect(P.CARD_FACE, 1.5, 1.5, w - 3, h - 3, 6)
    p.rrect(P.SUIT_COLORS[suit], 1.5, 1.5, w - 3, 7, 3)
    p.rrect(P.SUIT_COLORS[suit], 1.5, h - 8.5, w - 3, 7, 3)
    p.rrect(P.CARD_FACE, 1.5, 5, w - 3, h - 10, 0)
    draw_symbol(p, suit, w / 2, h / 2 + 1, 34, P.SUIT_TINT[suit] if label else P.SUIT_COLORS[suit])
    if label:
        draw_symbol(p, suit, 11, 17, 13, P.SUIT_COLORS[suit])
    if label:
        p.text(label, 30, P.SUIT_INK[suit], w / 2, h / 2, condensed=True, max_w=50,
               outline=P.CARD_FACE, outline_w=1.5)
    return s


def draw_icon(pen: Pen, size: int) -> None:
    """Felt tile with two fanned cards and a die; simpler below 48 px."""
    U = 100.0                      # the icon is drawn in a 100-unit square
    k = pen.k * size / U
    p = Pen(pen.s, k)
    grad = vgradient(pen.s.get_size(), P.FELT_LIGHT, P.FELT_DARK)
    pen.s.blit(masked(grad, lambda m: m.rrect((255, 255, 255, 255), 2, 2, U - 4, U - 4, 20), k),
               (0, 0))
    p.rrect(mix(P.FELT_LIGHT, (255, 255, 255), 0.25), 2, 2, U - 4, U - 4, 20, width=1.5)
    small = size < 48
    if small:
        card = icon_card(k * 0.98, "red", "")
        pen.s.blit(card, card.get_rect(center=(round(50 * k), round(50 * k))))
        return
    back = pygame.transform.rotozoom(icon_card(k * 0.78, "blue", "7"), 15, 1.0)
    pen.s.blit(back, back.get_rect(center=(round(37 * k), round(47 * k))))
    front = pygame.transform.rotozoom(icon_card(k * 0.78, "red", "57"), -7, 1.0)
    pen.s.blit(front, front.get_rect(center=(round(57 * k), round(49 * k))))
    # an orange die in the corner
    dk = 0.40
    die = pygame.Surface((round(DIE * k * dk), round(DIE * k * dk)), pygame.SRCALPHA)
    die.fill(rgba(P.DIE_COLORS["o"], 0))
    draw_die(Pen(die, k * dk), "o")
    die = pygame.transform.rotozoom(die, -12, 1.0)
    pen.s.blit(die, die.get_rect(center=(round(75 * k), round(75 * k))))


# ------------------------------------------------------------------ catalogue
Item = tuple[str, int, int, Callable[[Pen], None], Color]


def catalogue() -> list[Item]:
    items: list[Item] = []
    for n in range(1, 101):
        items.append((f"card-{n}", CARD_W, CARD_H, lambda p, n=n: draw_number_card(p, n),
                      P.CARD_EDGE))
    for v in (3, 4, 5):
        items.append((f"bet-B{v}", CARD_W, CARD_H, lambda p, v=v: draw_bet_card(p, v),
                      (20, 12, 36)))
    items.append(("back", CARD_W, CARD_H, draw_back, (16, 24, 48)))
    items.append(("slot", CARD_W, CARD_H, draw_slot, (255, 255, 255)))
    for v in (3, 4, 5):
        items.append((f"token+{v}", TOKEN, TOKEN, lambda p, v=v: draw_bonus(p, v), P.GOLD_DARK))
        items.append((f"token-{v}", TOKEN, TOKEN, lambda p, v=v: draw_penalty(p, v), P.PENALTY))
    for suit in P.SUITS:
        items.append((f"jackpot-{suit}", JACKPOT, JACKPOT, lambda p, s=suit: draw_jackpot(p, s),
                      P.GOLD_DARK))
    items.append(("first-player", TOKEN, TOKEN, draw_first_player, P.GOLD_DARK))
    for f in P.DIE_FACES:
        items.append((f"die-{f}", DIE, DIE, lambda p, f=f: draw_die(p, f), P.DIE_COLORS[f]))
    for f in P.DIE_FACES:
        items.append((f"field-{f}", FIELD, FIELD, lambda p, f=f: draw_field(p, f, False),
                      P.FIELD_COLORS[f]))
        items.append((f"field-{f}-star", FIELD, FIELD, lambda p, f=f: draw_field(p, f, True),
                      P.FIELD_COLORS[f]))
    items.append(("start", FIELD, FIELD, draw_start, (255, 255, 255)))
    items.append(("end", FIELD, FIELD, draw_end, (255, 255, 255)))
    for s in ICON_SIZES:
        items.append((f"icon-{s}", s, s, lambda p, s=s: draw_icon(p, s), P.FELT))
    return items


# Lossless recompression of every PNG written, each tool keeping its input when
# it cannot do better: optipng picks each row's filter (-nx: no "reductions",
# so the file stays 8-bit RGBA, which the app's smoothscale needs: a palette or
# grey PNG would load as an 8-bit surface), then advpng deflates the same rows
# with zopfli. The installers ship these PNGs nearly byte for byte (they are
# compressed already), so what is saved here is saved there.
OPTIMISERS = (("optipng", "-quiet", "-o7", "-nx"), ("advpng", "-q", "-z", "-4"))


def save_png(surf: pygame.Surface, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))


def check_optimisers() -> None:
    missing = [tool[0] for tool in OPTIMISERS if shutil.which(tool[0]) is None]
    if missing:
        raise SystemExit(f"make_art: {' and '.join(missing)} not found; install them first "
                         "(apt-get install optipng advancecomp, or brew install optipng advancecomp)")


def optimise(path: Path) -> None:
    for tool in OPTIMISERS:
        subprocess.run([*tool, str(path)], check=True, stdout=subprocess.DEVNULL)


def optimise_all(paths: list[Path]) -> None:
    """Recompress `paths` in place, one PNG per core at a time."""
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        list(pool.map(optimise, paths))


def write_manifest(path: Path, manifest: dict) -> None:
    """JSON with one line per image, so diffs of the art stay readable."""
    head = {k: v for k, v in manifest.items() if k != "images"}
    lines = ["{"]
    for key in sorted(head):
        lines.append(f" {json.dumps(key)}: {json.dumps(head[key], sort_keys=True)},")
    lines.append(' "images": {')
    names = sorted(manifest["images"])
    for i, name in enumerate(names):
        comma = "," if i < len(names) - 1 else ""
        lines.append(f"  {json.dumps(name)}: {json.dumps(manifest['images'][name], sort_keys=True)}{comma}")
    lines.append(" }")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    assert json.loads(text) == manifest
    path.write_text(text)


def build(out: Path = OUT, only: str | None = None) -> dict:
    check_optimisers()
    pygame.font.init()
    manifest: dict = {
        "version": 1,
        "about": "Made by tools/make_art.py; do not edit by hand. Sizes are in pixels.",
        "scales": dict(SCALES),
        "card_shadow_pad": {k: SHADOW_PAD * v for k, v in SCALES.items()},
        "images": {},
    }
    surfaces: dict[str, dict[str, pygame.Surface]] = {}
    for name, w, h, draw, bg in catalogue():
        if only and only not in name:
            continue
        entry = {}
        surfaces[name] = {}
        for res, scale in SCALES.items():
            surf = render(w, h, draw, bg, scale)
            rel = f"{res}/{name}.png"
            save_png(surf, out / rel)
            entry[res] = {"file": rel, "size": [w * scale, h * scale]}
            surfaces[name][res] = surf
        manifest["images"][name] = entry
    if not only:
        for name, draw, radius in (("card-shadow", draw_card_shadow, 3.0),
                                   ("card-glow", draw_card_glow, 2.0)):
            entry = {}
            for res, scale in SCALES.items():
                surf = blurred(draw, scale, radius)
                rel = f"{res}/{name}.png"
                save_png(surf, out / rel)
                entry[res] = {"file": rel, "size": list(surf.get_size())}
            manifest["images"][name] = entry
        write_manifest(out / "manifest.json", manifest)
    optimise_all([out / e["file"] for entry in manifest["images"].values() for e in entry.values()])
    return manifest


def contact_sheet(out: Path, dest: Path, res: str = "1x", names: list[str] | None = None,
                  bg: Color = P.FELT) -> None:
    """All images on felt, for looking at the result."""
    man = json.loads((out / "manifest.json").read_text())
    names = names or list(man["images"])
    imgs = [pygame.image.load(str(out / man["images"][n][res]["file"])) for n in names]
    cols = 14 if res == "1x" else 8
    cell_w = max(i.get_width() for i in imgs[:100] or imgs) + 10
    x = y = 10
    placed = []
    row_h = 0
    for img in imgs:
        if x + img.get_width() > cols * cell_w:
            x, y = 10, y + row_h + 10
            row_h = 0
        placed.append((img, x, y))
        x += img.get_width() + 10
        row_h = max(row_h, img.get_height())
    sheet = pygame.Surface((cols * cell_w + 10, y + row_h + 10))
    sheet.fill(bg)
    for img, x, y in placed:
        sheet.blit(img, (x, y))
    pygame.image.save(sheet, str(dest))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--only", help="render only images whose name contains this (no manifest)")
    ap.add_argument("--sheet", type=Path, help="also write a contact sheet PNG here")
    ap.add_argument("--sheet-res", default="1x")
    args = ap.parse_args(argv)
    pygame.init()
    man = build(args.out, args.only)
    if args.sheet:
        contact_sheet(args.out, args.sheet, args.sheet_res)
    print(f"{len(man['images'])} images in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
