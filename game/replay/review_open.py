"""The results screen's Review button: a kept game's replay with the review open.

    app.open("review", file_id, seat)      # game.scenes.SCENES names this module by text
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .files import history_viewer

if TYPE_CHECKING:
    from game.shell.app import App
    from .scene import ReplayScene


def review_viewer(app: "App", file_id: str | None, seat: int | None = None) -> "ReplayScene | None":
    """The replay of a kept game with the review of `seat` open (`app.open("review", file_id, seat)`,
    the results screen's Review button); None after telling the player why it cannot be opened."""
    scene = history_viewer(app, file_id, seat)
    if scene is not None:
        scene.open_review()
    return scene
