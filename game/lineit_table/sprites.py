"""Cards and tokens that know where they are and where they are heading.

A `CardSprite` keeps its current place and, while moving, a `Tween` from
where it was to its target (position, height, face up or down, opacity).
Moving again mid-flight starts from wherever it is, so the view catches up
with the engine however fast actions come. Images come from the art
(`assets/cards`, via `game.ui.pictures`) and are kept per pixel height.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor

import pygame
import pytweening

from game.ui import palette as P
from game.ui.pictures import art, decode

from game.ui.tween import Ease, Tween

# Card art is decoded and scaled here, off the frame thread: a PNG costs over a millisecond, and
# made a few per frame the hundred cards weighed on the first seconds of every table.
_LOADER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="card-art")


class Images:
    """Card and token images by (token, pixel height), scaled once and kept."""

    SOURCES = tuple(f"card:{n}" for n in range(1, 101)) + ("bet:B3", "bet:B4", "bet:B5", "back")

    def __init__(self, size: int = 250) -> None:
        self._cache: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
        self.size = size
        # every card once at the largest height the table uses: smaller sizes are scaled from
        # these in memory instead of reading the PNG again (a disk read costs a frame)
        self.source_h = 0
        self.sources: dict[str, pygame.Surface] = {}
        self._loading: dict[str, Future] = {}

    def set_source_height(self, h: int) -> None:
        """The largest card height on the table; the sources are made at it by the loader thread
        and taken in by `preload`."""
        h = int(h)
        if h != self.source_h:
            self.source_h = h
            self.sources = {}
            for fut in self._loading.values():
                fut.cancel()
            self._loading = {token: _LOADER.submit(decode, token, h) for token in self.SOURCES}

    def preload(self, n: int = 8) -> None:
        """Take in up to `n` sources the loader has finished (made fit for the screen here: that
        needs the display, so it stays on the frame thread, and is cheap)."""
        for token in [t for t, fut in self._loading.items() if fut.done()][:n]:
            self._take(token)

    def wait_loaded(self, timeout: float) -> None:
        """Until the loader has made every source (or `timeout` seconds passed): for measurements."""
        from concurrent.futures import wait
        wait(list(self._loading.values()), timeout=timeout)

    def _take(self, token: str) -> pygame.Surface | None:
        fut = self._loading.pop(token)
        try:
            surf = fut.result()
        except Exception:  # noqa: BLE001 - an unreadable picture: `get` draws its stand-in
            surf = None
        if surf is not None and pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        if surf is not None:
            self.sources[token] = surf
        return surf

    def get(self, token: str, h: int) -> pygame.Surface:
        key = (token, int(h))
        surf = self._cache.get(key)
        if surf is None:
            src = self.sources.get(token)
            if src is None and token in self._loading and self._loading[token].done():
                src = self._take(token)
            if src is not None and int(h) <= self.source_h:
                surf = src if int(h) == self.source_h else pygame.transform.smoothscale(
                    src, (max(1, round(src.get_width() * h / src.get_height())), int(h)))
            else:
                surf = art(token, int(h))
            self._cache[key] = surf
            if len(self._cache) > self.size:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return surf

    def ready(self, token: str, h: int) -> bool | None:
        """Whether `token` is made at height `h` already (None: its source is not loaded yet)."""
        if (token, int(h)) in self._cache:
            return True
        return False if token in self.sources else None

    def with_shadow(self, token: str, h: int) -> pygame.Surface:
        """The card image over its soft shadow, in one surface (one blit per card at rest)."""
        key = ("shadow", token, int(h))
        surf = self._cache.get(key)
        if surf is None:
            pad = max(1, h * 8 // 168)
            sh = self.get("card-shadow", h + 2 * pad)
            img = self.get(token, h)
            off = max(1, int(h * 0.025))
            surf = pygame.Surface((sh.get_width(), sh.get_height() + off), pygame.SRCALPHA)
            surf.blit(sh, (0, off))
            surf.blit(img, img.get_rect(center=(sh.get_width() // 2, sh.get_height() // 2)))
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._cache[key] = surf
            if len(self._cache) > self.size:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return surf

    def tinted(self, token: str, h: int, color: tuple[int, int, int], alpha: int = 255) -> pygame.Surface:
        """`token` (a white image such as card-glow) multiplied by `color`."""
        key = ("tint", token, int(h), color, alpha)
        surf = self._cache.get(key)
        if surf is None:
            surf = self.get(token, h).copy()
            surf.fill((*color, alpha), special_flags=pygame.BLEND_RGBA_MULT)
            self._cache[key] = surf
        return surf


Zone = tuple[str | int, ...]
"""A place on the table: ("market",), ("line", seat), ("hand", seat), ("jack", suit), ("deck",)."""


def drawn_height(h: float, lift: float = 0.0) -> int:
    """The pixel height a card of height `h` is drawn at (even, so sizes come back from the cache)."""
    return max(6, int(round(h * (1 + 0.06 * lift) / 2) * 2))


def token_of(card: str) -> str:
    return f"bet:{card}" if card.startswith("B") else f"card:{card}"


class CardSprite:
    """One physical card on the table."""

    def __init__(self, key: str, card: str, pos: tuple[float, float], h: float, face: bool) -> None:
        self.key = key
        self.card = card
        self.x, self.y = float(pos[0]), float(pos[1])
        self.h = float(h)
        self.face = face
        self.alpha = 255.0
        self.zone: tuple[Zone, int] = (("deck",), 0)      # (place, index in it)
        self.z = 0
        self.tween: Tween | None = None
        self._from = (self.x, self.y, self.h, self.face, self.alpha)
        self._to = self._from
        self.arc = 0.0
        self.remove = False      # drop the sprite once it arrived
        self.lift = 0.0          # 0..1: picked up (drag / selection)

    # ------------------------------------------------------------ motion
    @property
    def target(self) -> tuple[float, float, float, bool, float]:
        return self._to

    @property
    def moving(self) -> bool:
        return self.tween is not None

    def move_to(self, pos: tuple[float, float], h: float, face: bool, duration: float, delay: float = 0.0,
                alpha: float = 255.0, arc: float = 0.0, remove: bool = False,
                ease: Ease = pytweening.easeInOutCubic) -> None:
        """Head for `pos` (centre), height `h`, face up/down; jump if duration is 0."""
        to = (float(pos[0]), float(pos[1]), float(h), bool(face), float(alpha))
        self.remove = remove
        if duration <= 0:
            self.tween = None
            self.x, self.y, self.h, self.face, self.alpha = to
            self._to = to
            return
        if to == self._to and (self.tween is not None or (self.x, self.y) == to[:2]):
            return
        self.snap_now()
        self._from = (self.x, self.y, self.h, self.face, self.alpha)
        self._to = to
        self.arc = arc
        self.tween = Tween(0.0, 1.0, duration, delay, ease)

    def snap_now(self) -> None:
        """Freeze the current (in-between) values as the new start."""
        if self.tween is None:
            return
        p = self.tween.progress
        fx, fy, fh, ff, fa = self._from
        tx, ty, th, tf, ta = self._to
        self.x = fx + (tx - fx) * p
        self.y = fy + (ty - fy) * p - self.arc * math.sin(math.pi * p)
        self.h = fh + (th - fh) * p
        self.alpha = fa + (ta - fa) * p
        if ff != tf:
            self.face = ff if p < 0.5 else tf
        self.tween = None

    def jump(self) -> None:
        """Arrive at once (reduced motion, or a new layout)."""
        self.tween = None
        self.x, self.y, self.h, self.face, self.alpha = self._to

    def update(self, dt: float) -> bool:
        """Advance; True once the sprite arrived and should be removed."""
        tw = self.tween
        if tw is None:
            return self.remove
        tw.update(dt)
        p = tw.progress
        fx, fy, fh, ff, fa = self._from
        tx, ty, th, tf, ta = self._to
        self.x = fx + (tx - fx) * p
        self.y = fy + (ty - fy) * p - self.arc * math.sin(math.pi * p)
        self.h = fh + (th - fh) * p
        self.alpha = fa + (ta - fa) * p
        if ff != tf:
            self.face = ff if p < 0.5 else tf
        if tw.done:
            self.tween = None
            self.x, self.y, self.h, self.face, self.alpha = self._to
            return self.remove
        return False

    def flip_scale(self) -> float:
        """Horizontal squeeze while turning over (1 = flat on the table)."""
        tw = self.tween
        if tw is None or self._from[3] == self._to[3]:
            return 1.0
        return max(0.04, abs(1.0 - 2.0 * tw.progress))

    # ------------------------------------------------------------ drawing
    def rect(self) -> pygame.Rect:
        h = int(self.h * (1 + 0.06 * self.lift))
        w = int(h * 120 / 168)
        r = pygame.Rect(0, 0, w, h)
        r.center = (int(self.x), int(self.y - self.lift * h * 0.08))
        return r

    def draw(self, surface: pygame.Surface, images: Images, glow: tuple[int, int, int] | None = None,
             shadow: bool = True) -> None:
        if self.alpha <= 2:
            return
        h = drawn_height(self.h, self.lift)
        if self.tween is None and self.lift == 0 and glow is None and shadow and self.alpha > 253:
            img = images.with_shadow(token_of(self.card) if self.face else "back", h)
            pad = max(1, h * 8 // 168)
            surface.blit(img, (int(self.x) - img.get_width() // 2, int(self.y) - h // 2 - pad))
            return
        token = token_of(self.card) if self.face else "back"
        sx = self.flip_scale()
        if self.tween is not None and int(self.h) not in (int(self._from[2]), int(self._to[2])):
            # in between two sizes: scale the larger end's image for this frame (nothing new is cached)
            big = images.get(token, max(6, int(max(self._from[2], self._to[2]))))
            img = pygame.transform.scale(big, (max(1, int(h * 120 / 168 * sx)), h))
        else:
            img = images.get(token, h)
            if sx < 0.999:
                img = pygame.transform.scale(img, (max(1, int(img.get_width() * sx)), img.get_height()))
        rect = img.get_rect(center=(int(self.x), int(self.y - self.lift * h * 0.08)))
        pad = max(1, h * 8 // 168)
        if shadow and self.alpha > 200:
            if self.tween is not None and (sx < 0.999 or int(self.h) not in (int(self._from[2]), int(self._to[2]))):
                sh = None          # turning over or changing size: no shadow this frame (it is quick)
            else:
                sh = images.get("card-shadow", h + 2 * pad)
            if sh is not None:
                off = int(h * (0.025 + 0.06 * self.lift + (0.05 if self.tween is not None else 0)))
                surface.blit(sh, sh.get_rect(center=(rect.centerx, rect.centery + off)))
        if glow is not None:
            g = images.tinted("card-glow", h + 2 * pad, glow)
            surface.blit(g, g.get_rect(center=rect.center))
        if self.alpha < 253:
            img = img.copy()
            img.set_alpha(int(self.alpha))
        surface.blit(img, rect)


class TokenSprite:
    """A round token (bonus/penalty, first player) with a position tween and a pop-in."""

    def __init__(self, token: str, pos: tuple[float, float], h: float) -> None:
        self.token = token
        self.x, self.y = float(pos[0]), float(pos[1])
        self.h = float(h)
        self.tween: Tween | None = None
        self._from = (self.x, self.y, self.h)
        self._to = (self.x, self.y, self.h)
        self.pop = 1.0       # scale factor while appearing
        self._pop: Tween | None = None
        self.visible_after = 0.0

    def move_to(self, pos: tuple[float, float], h: float, duration: float, delay: float = 0.0) -> None:
        to = (float(pos[0]), float(pos[1]), float(h))
        if to == self._to:
            return
        if duration <= 0:
            self.tween = None
            self.x, self.y, self.h = to
            self._to = to
            return
        self._from = (self.x, self.y, self.h)
        self._to = to
        self.tween = Tween(0.0, 1.0, duration, delay)

    def appear(self, duration: float, delay: float) -> None:
        if duration <= 0:
            return
        self.pop = 0.0
        self._pop = Tween(0.0, 1.0, duration, delay, pytweening.easeOutBack)

    def update(self, dt: float) -> None:
        if self.tween is not None:
            self.tween.update(dt)
            p = self.tween.progress
            (fx, fy, fh), (tx, ty, th) = self._from, self._to
            self.x, self.y, self.h = fx + (tx - fx) * p, fy + (ty - fy) * p, fh + (th - fh) * p
            if self.tween.done:
                self.tween = None
        if self._pop is not None:
            self._pop.update(dt)
            self.pop = self._pop.value
            if self._pop.done:
                self._pop = None
                self.pop = 1.0

    @property
    def target(self) -> tuple[float, float, float]:
        """Where it is heading (centre x, y, height), or is."""
        return self._to

    @property
    def busy(self) -> bool:
        """Moving or popping in."""
        return self.tween is not None or self._pop is not None

    def jump(self) -> None:
        self.tween = None
        self._pop = None
        self.pop = 1.0
        self.x, self.y, self.h = self._to

    def draw(self, surface: pygame.Surface, images: Images) -> None:
        h = int(self.h * self.pop)
        if h < 4:
            return
        img = images.get(self.token, h)
        surface.blit(img, img.get_rect(center=(int(self.x), int(self.y))))


GLOW_LEGAL = P.LEGAL
GLOW_SELECT = P.ACCENT
GLOW_HINT = (140, 200, 255)
