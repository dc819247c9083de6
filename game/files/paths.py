"""Where Linebox finds its assets and keeps the player's files.

Assets (fonts, cards, sounds) live in the repository's `assets/` folder, or in
the PyInstaller bundle when frozen. The player's files live in the
platformdirs user directories of the app "Linebox"; the environment variable
`LINEBOX_HOME` puts all of them (settings, saves, statistics, logs) under one
folder instead — tests and portable installs use it.

>>> import os; os.environ["LINEBOX_HOME"] = "/tmp/lb"; config_dir().as_posix()
'/tmp/lb'
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

APP_NAME = "Linebox"
HOME_ENV = "LINEBOX_HOME"


# game/, two folders up from this file (game/files/paths.py), in the source and in a bundle alike
GAME: Path = Path(__file__).resolve().parent.parent


def _root() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return GAME.parent


ROOT: Path = _root()
ASSETS: Path = ROOT / "assets"
FONTS: Path = ASSETS / "fonts"
CARDS: Path = ASSETS / "cards"
SOUNDS: Path = ASSETS / "sounds"
LOCALE: Path = GAME / "locale"


def _home() -> Path | None:
    value = os.environ.get(HOME_ENV)
    return Path(value) if value else None


def config_dir() -> Path:
    """Folder of settings.json."""
    home = _home()
    return home if home else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """Folder of statistics, autosaves and named saves."""
    home = _home()
    return home if home else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def log_dir() -> Path:
    """Folder of linebox.log (errors caught by the app loop)."""
    home = _home()
    return home / "logs" if home else Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))
