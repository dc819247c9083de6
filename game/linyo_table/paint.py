"""The Linyo table's drawing caches between frames: what the painter keeps, and nothing else writes."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from ..ui.layer import Item, RetainedLayer
from .sheet_draw import SheetCanvas


@dataclass
class Paint:
    """The drawing's caches between frames (only drawing writes them)."""

    layer: RetainedLayer = field(default_factory=RetainedLayer)
    bd: pygame.Surface | None = None          # the backdrop
    bd_key: Any = None
    canvases: dict[tuple, SheetCanvas] = field(default_factory=dict)   # sheets with settled ink, per place on screen
    main_canvas: SheetCanvas | None = None
    warm_next: int = 0                        # the seat whose sheets are brought up to date next
    dyn_busy: bool = False                    # something moved last frame
    zoom_drawn: Any = None
    log_rows: tuple[Any, list] = (None, [])   # (what they depend on, the log rows in view)
    tip: tuple[Any, Any] = (None, None)       # (what it depends on, the tooltip under the pointer)
    header: tuple[Any, tuple] = (None, ())    # (what it depends on, the heading's text ops)
    thumbs: dict[int, tuple[Any, Item]] = field(default_factory=dict)   # seat -> (what it depends on, its layer item)
