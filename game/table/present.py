"""The frame-push protocol of a table: repaint and push only what changed.

The window keeps last frame's picture. When the table alone painted all of it
last frame and paints it alone now (`App.can_push_partial`: top of the stack,
no toast, crossfade or dimmed overlay in either frame, no window event since),
the table only copies back the
places where something moved last frame, draws what moves now, and tells the
app to push just those rectangles (`App.present_only`).

`FramePush` is the drawing's own record of what it left in the window; it is
render bookkeeping kept apart from the table's state, so a scene's `draw`
writes nothing but its picture and this record.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Hashable

import pygame

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.scene import Scene


# A frame that has spent less than this so far may do work ahead (scale a card, bring a sheet up
# to date), so a later, busier frame finds it done
SPARE_FRAME_S = 0.0015


class FramePush:
    """What a table drew into the window last frame."""

    def __init__(self) -> None:
        self.frame = -10                         # app.frames when drawn
        self.size = (0, 0)
        self.key: Hashable = None                # anything else that must match (e.g. a layer's version)
        self.rects: list[pygame.Rect] = []      # drawn over the resting picture last frame

    def can_patch(self, app: "App", scene: "Scene", surface: pygame.Surface, key: Hashable = None) -> bool:
        """The window still shows exactly what this scene drew last frame."""
        return (self.frame == app.frames - 1 and surface is app.screen and app.can_push_partial(scene)
                and self.size == surface.get_size() and self.key == key)

    def drawn(self, app: "App", surface: pygame.Surface, rects: list[pygame.Rect], key: Hashable = None) -> None:
        """This frame is in the window; `rects` are drawn over the resting picture."""
        self.frame, self.size, self.key, self.rects = app.frames, surface.get_size(), key, rects

    def still(self, app: "App") -> None:
        """Nothing changed this frame: the window still shows last frame, push nothing."""
        self.frame = app.frames
        app.present_only([])

    def push(self, app: "App", surface: pygame.Surface, rects: list[pygame.Rect]) -> None:
        """The window changed only in `rects`: the app pushes just those."""
        if surface is app.screen:
            app.present_only(rects)
