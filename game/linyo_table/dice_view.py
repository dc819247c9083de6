"""The four dice on the table: they roll, flip after a four of a kind, and
show which of them the stroke being drawn has used.

The dice show what the engine rolled; this only animates toward it.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame
import pytweening

from game.ui import palette as P

from ..ui.pictures import picture

ROLL_SECONDS = 0.75
FLIP_SECONDS = 0.35


@lru_cache(maxsize=8)
def _shadow(size: int) -> pygame.Surface:
    surf = pygame.Surface((int(size * 0.9), int(size * 0.22)), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (0, 0, 0, 70), surf.get_rect())
    return surf


class DiceView:
    """Four dice: shown faces, the roll/flip animation and its timing."""

    def __init__(self) -> None:
        self.faces: list[str] = []       # the faces the engine gave (display order)
        self.roll_left = 0.0             # seconds of rolling left
        self.roll_total = ROLL_SECONDS
        self.flip: list[float] = [0.0] * 4   # per die: flip seconds left
        self.old: list[str] = [""] * 4       # face before a flip
        self.key: tuple | None = None        # what was last rolled (round, rolled text)

    # ------------------------------------------------------------------ engine -> view
    def show(self, letters: str, anim: float) -> None:
        """Roll the dice to `letters` (4 letters); `anim` 0 = no animation."""
        self.faces = list(letters)
        self.flip = [0.0] * 4
        self.roll_total = ROLL_SECONDS / anim if anim > 0 else 0.0
        self.roll_left = self.roll_total

    def turn_to(self, letters: str, anim: float, order: list[str] | None = None) -> list[int]:
        """Turn dice to the result `letters` (sorted b, o, g) after a four of a kind; returns the
        positions that turned.

        The dice end in the order `letters` gives, the order a restored game shows them in, so
        Continue never reorders them; from a four of a kind that turns the fewest dice. A person
        who turned dice by clicking them gives their `order` (the same dice): the dice they
        clicked are the ones that turn, none jumps to another slot.
        """
        if order is not None and sorted(order) == sorted(letters):
            letters = "".join(order)
        old = list(self.faces) if len(self.faces) == 4 else ["?"] * 4
        turned = []
        for i in range(4):
            if old[i] != letters[i]:
                self.old[i] = old[i]
                self.flip[i] = FLIP_SECONDS / anim if anim > 0 else 0.0
                turned.append(i)
        self.faces = list(letters)
        return turned

    def rolling(self) -> bool:
        return self.roll_left > 0 or any(t > 0 for t in self.flip)

    def update(self, dt: float) -> None:
        self.roll_left = max(0.0, self.roll_left - dt)
        self.flip = [max(0.0, t - dt) for t in self.flip]

    # ------------------------------------------------------------------ drawing
    @staticmethod
    def rects(area: pygame.Rect, size: int, gap: int) -> list[pygame.Rect]:
        total = 4 * size + 3 * gap
        x = area.centerx - total // 2
        return [pygame.Rect(x + i * (size + gap), area.centery - size // 2, size, size) for i in range(4)]

    def draw(self, surface: pygame.Surface, rects: list[pygame.Rect], faces: list[str] | None = None,
             used: list[bool] | None = None, hover: int | None = None, selectable: bool = False,
             changed: list[bool] | None = None, clock: float = 0.0) -> list[pygame.Rect]:
        """Draw the dice; returns the rects painted."""
        faces = faces if faces is not None else self.faces
        out: list[pygame.Rect] = []
        if len(faces) != 4:
            return out
        size = rects[0].h
        for i, rect in enumerate(rects):
            face = faces[i]
            scale, angle, lift = 1.0, 0.0, 0.0
            if self.roll_left > 0 and self.roll_total > 0:
                t = 1.0 - self.roll_left / self.roll_total      # 0 -> 1
                seed = int(t * 16) + i * 5
                if t < 0.8:
                    face = "bog"[(seed * 7 + i * 3) % 3]
                bounce = abs(math.sin((t + i * 0.13) * math.pi * 3)) * (1.0 - pytweening.easeOutQuad(t))
                lift = bounce * size * 0.45
                angle = (1.0 - pytweening.easeOutCubic(t)) * (200 + 70 * i) * (1 if i % 2 else -1)
            elif self.flip[i] > 0:
                t = 1.0 - self.flip[i] / FLIP_SECONDS
                t = max(0.0, min(1.0, t))
                if t < 0.5:
                    face = self.old[i] or face
                scale = abs(math.cos(t * math.pi))
                lift = math.sin(t * math.pi) * size * 0.25
            img = picture(f"die:{face}", size)
            is_used = bool(used and used[i])
            if is_used:
                img = img.copy()
                img.fill((120, 120, 120, 255), special_flags=pygame.BLEND_RGBA_MULT)
            # shadow
            shadow = _shadow(size)
            out.append(surface.blit(shadow, shadow.get_rect(midtop=(rect.centerx, rect.bottom - int(size * 0.08)))))
            if angle or scale != 1.0:
                if scale != 1.0:
                    img = pygame.transform.smoothscale(img, (max(1, int(size * scale)), size))
                if angle:
                    img = pygame.transform.rotozoom(img, angle, 1.0)
            dy = -int(lift) + (int(size * 0.08) if is_used else 0)
            if hover == i and selectable:
                dy -= int(size * 0.06)
            dest = img.get_rect(center=(rect.centerx, rect.centery + dy))
            out.append(surface.blit(img, dest))
            if selectable:
                colour = P.ACCENT if hover == i else P.WHITE
                width = max(2, size // 20)
                out.append(pygame.draw.rect(surface, colour, rect.inflate(width * 3, width * 3).move(0, dy), width,
                                            border_radius=size // 5))
            if changed and changed[i]:
                out.append(pygame.draw.circle(surface, P.ACCENT,
                                              (rect.right - size // 10, rect.top + size // 10 + dy),
                                              max(4, size // 10)))
            if is_used:
                w = max(2, size // 14)
                c = (rect.centerx, rect.centery + dy)
                a = size * 0.2
                pygame.draw.line(surface, P.WHITE, (c[0] - a, c[1]), (c[0] - a * 0.3, c[1] + a * 0.7), w + 2)
                pygame.draw.line(surface, P.WHITE, (c[0] - a * 0.3, c[1] + a * 0.7), (c[0] + a, c[1] - a * 0.6), w + 2)
                out.append(pygame.Rect(c[0] - a, c[1] - a, 2 * a, 2 * a).inflate(w + 6, w + 6))
        return out

    @staticmethod
    def bounds(rects: list[pygame.Rect]) -> pygame.Rect:
        """Where dice at rest (not rolling) can paint: shadows, marks, borders, the hover lift."""
        size = rects[0].h
        box = rects[0].unionall(rects[1:])
        return pygame.Rect(box.x - size // 4, box.y - size // 4, box.w + size // 2, box.h + size // 2)
