"""The App as the tests start it: headless (see conftest's `headless_home`), at the menu, with
the settings a test asks for applied before the menu is built, two frames run."""
from __future__ import annotations

from typing import Any, Callable

from game.shell.app import App

DT = 1 / 60


def menu_app(size: tuple[int, int] = (1280, 720), **settings: Any) -> App:
    app = App(size=size)
    if settings:
        app.change_settings(**settings)
    app.to_menu()
    app.run(frames=2, dt=DT)
    return app


def drawn_by(draw: Callable[[], Any]) -> list[tuple[str, int, Any]]:
    """Every line of text `draw()` blits: (text, pixel size, rect) (game.ui.text records them)."""
    from game.ui import text as T
    T.drawn = []
    try:
        draw()
        return list(T.drawn)
    finally:
        T.drawn = None
