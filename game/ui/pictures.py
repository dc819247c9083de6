"""Small pictures of the games' own sprites, by rulebook token.

`picture("card:17", 120)` gives a surface 120 px high: the PNG that
`tools/make_art.py` made (looked up in `assets/cards/manifest.json`, the
sharper resolution picked and scaled once, then cached), or, if the art is
missing, a simple drawn stand-in in the palette's colours, so the rules
screen never shows a hole.

Tokens (see `game/rulebook`): card:N, bet:B3..B5, back, token:+3..-5,
jackpot:<suit>, die:b|o|g, field:b|o|g with optional *, start, end.
"""
from __future__ import annotations

import json
import logging
from functools import lru_cache

import pygame

from game.ui import palette as P

from game.files.paths import CARDS
from . import text as T

log = logging.getLogger("linebox.pictures")
CARD_RATIO = 0.68      # width / height of a card stand-in


@lru_cache(maxsize=1)
def _manifest() -> dict:
    try:
        data = json.loads((CARDS / "manifest.json").read_text(encoding="utf-8"))
        return data.get("images", {}) if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def image_name(token: str) -> str:
    """Manifest name of a rulebook picture token ('field:o*' -> 'field-o-star')."""
    kind, _, arg = token.partition(":")
    if kind == "card":
        return f"card-{arg}"
    if kind == "bet":
        return f"bet-{arg}"
    if kind == "token":
        return f"token{arg}"
    if kind in ("jackpot", "die"):
        return f"{kind}-{arg}"
    if kind == "field":
        return f"field-{arg.rstrip('*')}" + ("-star" if arg.endswith("*") else "")
    return kind


def _load(token: str, height: int, convert: bool = True) -> pygame.Surface | None:
    entry = _manifest().get(image_name(token))
    if not isinstance(entry, dict) or not entry:
        return None
    best = None
    for res in sorted(entry):
        info = entry[res]
        if not isinstance(info, dict) or "file" not in info:
            continue
        best = info
        size = info.get("size") or [0, 0]
        if size[1] >= height:
            break
    if best is None:
        return None
    try:
        img = pygame.image.load(str(CARDS / best["file"]))
    except (pygame.error, OSError, FileNotFoundError) as exc:
        log.info("picture %s missing: %s", token, exc)
        return None
    if convert and pygame.display.get_surface() is not None:
        img = img.convert_alpha()
    w = max(1, round(img.get_width() * height / img.get_height()))
    return pygame.transform.smoothscale(img, (w, height)) if img.get_height() != height else img


def _drawn(token: str, h: int) -> pygame.Surface:
    kind, _, arg = token.partition(":")
    r = max(2, h // 10)
    if kind in ("card", "bet", "back"):
        w = max(4, int(h * CARD_RATIO))
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        rect = surf.get_rect()
        if kind == "card":
            n = int(arg) if arg.isdigit() and 1 <= int(arg) <= 100 else 1
            suit = P.suit_of(n)
            pygame.draw.rect(surf, P.SUIT_TINT[suit], rect, border_radius=r)
            pygame.draw.rect(surf, P.SUIT_COLORS[suit], rect.inflate(-h // 12, -h // 12), max(1, h // 30), border_radius=r)
            T_num = T.render(str(n), max(6, h // 3), P.SUIT_INK[suit], True)
            surf.blit(T_num, T_num.get_rect(center=(w // 2, h // 2 - h // 10)))
            glyph = T.render(P.SUIT_GLYPHS[suit], max(6, h // 5), P.SUIT_COLORS[suit])
            surf.blit(glyph, glyph.get_rect(center=(w // 2, h * 3 // 4)))
        elif kind == "bet":
            pygame.draw.rect(surf, P.BET_FACE, rect, border_radius=r)
            pygame.draw.rect(surf, P.BET_GOLD, rect.inflate(-h // 12, -h // 12), max(1, h // 30), border_radius=r)
            label = T.render(arg.lstrip("B"), max(6, h // 3), P.BET_GOLD, True)
            surf.blit(label, label.get_rect(center=rect.center))
        else:
            pygame.draw.rect(surf, P.CARD_BACK, rect, border_radius=r)
            pygame.draw.rect(surf, P.CARD_BACK_LINE, rect.inflate(-h // 8, -h // 8), max(1, h // 30), border_radius=r)
        pygame.draw.rect(surf, P.CARD_EDGE, rect, 1, border_radius=r)
        return surf
    surf = pygame.Surface((h, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    c = rect.center
    if kind == "token":
        bonus = arg.startswith("+")
        pygame.draw.circle(surf, P.BONUS if bonus else P.PENALTY, c, h // 2)
        label = T.render(arg.replace("-", "−"), max(6, h * 2 // 5), P.BONUS_INK if bonus else P.PENALTY_INK, True)
        surf.blit(label, label.get_rect(center=c))
    elif kind == "jackpot":
        col = P.SUIT_COLORS.get(arg, P.GOLD)
        for i in range(3):
            pygame.draw.rect(surf, col, pygame.Rect(h // 8 + i * h // 16, h // 8 + i * h // 16, h // 2, h * 2 // 3),
                             border_radius=r)
            pygame.draw.rect(surf, P.CARD_EDGE, pygame.Rect(h // 8 + i * h // 16, h // 8 + i * h // 16, h // 2, h * 2 // 3),
                             1, border_radius=r)
    elif kind == "die":
        pygame.draw.rect(surf, P.DIE_COLORS.get(arg, P.DIE_COLORS["g"]), rect.inflate(-2, -2), border_radius=h // 5)
        pygame.draw.circle(surf, P.WHITE, c, h // 8)
    elif kind == "field":
        face = arg.rstrip("*")
        pygame.draw.rect(surf, P.FIELD_COLORS.get(face, P.FIELD_COLORS["g"]), rect)
        pygame.draw.rect(surf, P.SHEET_GRID, rect, 1)
        if arg.endswith("*"):
            star = T.render("★", max(6, h * 2 // 3), P.STAR_EDGE)
            surf.blit(star, star.get_rect(center=c))
    elif kind == "start":
        pygame.draw.rect(surf, P.SHEET_PAPER, rect)
        pygame.draw.rect(surf, P.SHEET_GRID, rect, 1)
        pygame.draw.circle(surf, P.PEN, c, h // 4)
    elif kind == "end":
        pygame.draw.rect(surf, P.SHEET_PAPER, rect)
        pygame.draw.rect(surf, P.SHEET_GRID, rect, 1)
        k = h // 4
        pygame.draw.line(surf, P.PEN, (c[0] - k, c[1] - k), (c[0] + k, c[1] + k), max(2, h // 12))
        pygame.draw.line(surf, P.PEN, (c[0] - k, c[1] + k), (c[0] + k, c[1] - k), max(2, h // 12))
    else:
        pygame.draw.rect(surf, P.PANEL_EDGE, rect, 2, border_radius=r)
    return surf


@lru_cache(maxsize=256)
def picture(token: str, height: int) -> pygame.Surface:
    """The picture of `token`, `height` pixels high (cached)."""
    return art(token, height)


def decode(token: str, height: int) -> pygame.Surface | None:
    """The PNG of `token` scaled to `height`, not converted for the screen, or None without art.
    It touches neither the display nor fonts, so a loader thread may call it (decoding and
    scaling let go of the GIL: the frame loop runs on meanwhile)."""
    return _load(token, max(4, int(height)), convert=False)


def art(token: str, height: int) -> pygame.Surface:
    """`picture` uncached."""
    height = max(4, int(height))
    img = _load(token, height)
    if img is None:
        return _drawn(token, height)
    if token in ("start", "end"):
        # the art is a pen mark for the sheet: show it on a piece of sheet paper
        paper = pygame.Surface(img.get_size(), pygame.SRCALPHA)
        paper.fill(P.SHEET_PAPER)
        pygame.draw.rect(paper, P.SHEET_GRID, paper.get_rect(), max(1, height // 40))
        paper.blit(img, (0, 0))
        img = paper
    return img


def from_art(token: str) -> bool:
    """True if `token` has a PNG in the art manifest."""
    return image_name(token) in _manifest()
