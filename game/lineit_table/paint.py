"""The Line-it table's drawing caches between frames (only `draw.draw_table` writes them).

Its own module so the table's view (`table_view`) can name it without importing the painter."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from ..ui.layer import RetainedLayer


@dataclass
class Paint:
    """The drawing's caches between frames (only `draw_table` writes them)."""

    layer: RetainedLayer = field(default_factory=RetainedLayer)   # cards at rest, repainted where they change
    base: pygame.Surface | None = None        # backdrop, panels and labels under the layer
    base_sig: tuple | None = None
    base_version: int = 0
    text_cache: tuple | None = None
    seat_texts: tuple[Any, dict] | None = None
