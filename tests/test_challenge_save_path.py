"""A file name typed after the folder a path box offers lands in that folder (issue 35).

The challenge's "Save as a file" box showed the Documents folder without its trailing separator:
typing `chal.linebox` after it wrote `…/Documentschal.linebox` beside the folder. Through the real
dialog: the box, the typed name, Enter; the game export box offers its folder the same way."""
from __future__ import annotations

import os

import pygame
import pytest

from engine import lineit
from game.challenge_scenes import ChallengeOffer
from game.replay.files import PathScene, documents_dir, export_dialog

from test_challenge_words import home  # noqa: F401
from test_first_tips import DT, open_table, start


@pytest.fixture
def docs(home, monkeypatch):
    """A home of the test's own with its Documents folder (never the real one's)."""
    monkeypatch.setenv("HOME", str(home / "home"))
    (home / "home" / "Documents").mkdir(parents=True)
    assert documents_dir() == home / "home" / "Documents"
    yield documents_dir()


def test_a_name_typed_in_the_challenge_save_box_lands_in_the_folder_it_shows(docs):
    folder = docs
    app = start()
    app.change_settings(first_game_tips=False)
    sc = open_table(app, "lineit", lineit.new_game(2, seed=5, first_seat=0))
    offer = ChallengeOffer(app, sc)
    app.push(offer)
    app.run(frames=3, dt=DT)
    offer.save_file()
    box = app.top
    assert isinstance(box, PathScene)
    assert box.input.text.startswith(str(folder))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="chal.linebox"))
    app.run(frames=2, dt=DT)
    assert box.input.text == os.path.join(str(folder), "chal.linebox"), box.input.text
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.run(frames=5, dt=DT)
    assert (folder / "chal.linebox").is_file(), sorted(p.name for p in folder.parent.iterdir())
    assert not (folder.parent / f"{folder.name}chal.linebox").exists()
    assert app.errors == 0


def test_the_export_box_offers_its_folder_with_a_trailing_separator(docs):
    app = start()
    box = export_dialog(app, "any")
    assert box.input.text == os.path.join(str(documents_dir()), "")
