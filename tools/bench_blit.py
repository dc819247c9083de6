"""Copy times between table-sized surfaces: a plain one and one from `game.ui.surfaces.retained`.

    python tools/bench_blit.py [--size 1920x1080] [--box 110]

Prints microseconds per copy of a box×box rectangle from a surface of the
window's size into the window, at x = 0..15 (mod 16), for each kind of source.
Run it in a real window (an X server): the dummy driver's window is not the
framebuffer the app draws into.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")    # as the app sets it on X11

import pygame  # noqa: E402

from game.ui.surfaces import retained  # noqa: E402


def per_copy_us(target: pygame.Surface, source: pygame.Surface, rect: pygame.Rect, n: int = 200) -> float:
    target.blit(source, rect, rect)
    began = time.perf_counter()
    for _ in range(n):
        target.blit(source, rect, rect)
    return (time.perf_counter() - began) / n * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--box", type=int, default=110)
    args = ap.parse_args()
    w, h = (int(v) for v in args.size.lower().split("x"))
    pygame.display.init()
    window = pygame.display.set_mode((w, h))
    plain = pygame.Surface((w, h)).convert()
    kept = retained((w, h), plain)
    for s in (plain, kept):
        s.fill((40, 90, 60))
    print(f"{args.box}x{args.box} copies into the {w}x{h} window, µs per copy, by x mod 16")
    for name, source in (("plain  ", plain), ("retained", kept)):
        cells = [per_copy_us(window, source, pygame.Rect(32 + dx, 50, args.box, args.box)) for dx in range(16)]
        print(f"{name} (pitch {source.get_pitch()}): " + " ".join(f"{c:5.1f}" for c in cells)
              + f"   mean {sum(cells) / len(cells):5.1f}")
    pygame.quit()


if __name__ == "__main__":
    main()
