"""The floor for Linebox's start-up: a bare pygame-ce window that opens, flips once and quits.

    python tools/bare_window.py            # 1280×720, the app's default window, made as the app makes it
    python tools/bare_window.py --plain    # pygame-ce's defaults

Nothing else is imported or drawn, so its whole-process time is what any pygame-ce
app pays before its first frame on this machine; `tools/bench_startup.py` times the
app's first menu frame against it. The app asks X11 for its native framebuffer
(`game/shell/app.py` says why), which also opens the window faster: the default floor
does the same, so it is the floor of the window the app opens; `--plain` keeps
pygame-ce's defaults (SDL's renderer-backed framebuffer), the slower floor issue
23 was measured against.
"""
from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the prompt is hidden)

SIZE = (1280, 720)      # game.files.settings.Settings.window's default


def main(plain: bool = False) -> int:
    pygame.display.init()
    if pygame.display.get_driver() == "x11" and not plain:
        # as the app does (game/shell/app.py says why): the same kind of window, or the floor is not one
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    pygame.display.set_caption("bare window")
    screen = pygame.display.set_mode(SIZE, pygame.RESIZABLE)
    screen.fill((30, 60, 90))
    pygame.display.flip()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(plain="--plain" in sys.argv[1:]))
