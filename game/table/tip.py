"""What a tooltip is, at both tables: a place on the table and its words.

Each game's `tips.py` lists its tips (`targets`); the table shows the one under the
pointer, or steps through them with the I key.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame


@dataclass(frozen=True)
class Tip:
    """`rect` on the table says `text()` (made when shown, so a language switch changes it too)."""

    rect: pygame.Rect
    text: Callable[[], str]
