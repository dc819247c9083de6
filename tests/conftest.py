"""What the front-end tests share: a headless app in a throwaway user folder."""
from __future__ import annotations

import pygame
import pytest

from game.shell import i18n
from game.files import storage
from synapse_server import synapse  # noqa: F401  (the fixture: one homeserver for the online modules)


@pytest.fixture
def headless_home(tmp_path, monkeypatch):
    """No screen, no sound device, English, and LINEBOX_HOME in tmp_path."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("LINEBOX_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("LANGUAGE", raising=False)
    storage.problems.clear()
    yield tmp_path
    i18n.set_language("en")
    pygame.display.quit()
