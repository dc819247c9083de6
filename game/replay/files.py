"""Game files: open one in the viewer (History, command line) and export one from History.

pygame has no file dialog, so a path is typed into a box that starts with a
sensible default (the Documents folder, or the home folder). Every file is
checked the way `history.import_game` checks it -- read with a size cap and
replayed through the rules -- before anything is shown; a broken or hostile
file gets a plain message and changes nothing.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from game.files import history
from game.shell.i18n import N_, _
from ..scenes.dialogs import MessageScene
from ..ui.widgets import Button, TextInput

if TYPE_CHECKING:
    from game.shell.app import App, Scene
    from .scene import ReplayScene

log = logging.getLogger("linebox.replay")
MAX_PATH = 400


def documents_dir() -> Path:
    """Where an exported game goes unless the player types another folder."""
    home = Path.home()
    docs = home / "Documents"
    return docs if docs.is_dir() else home


def load_file(path: Path) -> dict:
    """A `.linebox` file, checked by replaying it (BadGameFile with a reason otherwise)."""
    return history._checked(history.read_file(Path(path).expanduser()))


def viewer_for_file(app: "App", path: Path) -> "ReplayScene":
    """The viewer for a game file (BadGameFile if the file is not a usable game)."""
    from .model import Replay
    from .scene import ReplayScene
    return ReplayScene(app, Replay.from_file(load_file(path)))


def open_game_file(app: "App", path: str | Path) -> bool:
    """Open a game file in the viewer over the current screen; a message if it cannot be."""
    scene = file_viewer(app, path)
    if scene is not None:
        app.push(scene)
    return scene is not None


def file_viewer(app: "App", path: str | Path) -> "ReplayScene | None":
    """The viewer for a game file, or None after telling the player why it cannot be opened."""
    try:
        return viewer_for_file(app, Path(path))
    except history.BadGameFile as exc:
        app.message(_("This game file cannot be opened: {reason}").format(reason=str(exc)))
        return None


def dropped_file(app: "App", path: str) -> "Scene | None":
    """A file dropped on the window (also how macOS hands over "open with Linebox"): the viewer
    of a game file, the challenge of a challenge file; anything else is told
    (`app.open("dropped_file", path)`)."""
    if not path.lower().endswith(history.SUFFIX):
        app.message(_("Only Linebox game files (.linebox) can be opened: {name}").format(
            name=os.path.basename(path) or path))
        return None
    from ..challenge import is_challenge_file
    if is_challenge_file(Path(path)):
        return app.make("challenge_enter", path)
    return file_viewer(app, path)


def open_history_entry(app: "App", file_id: str | None, seat: int | None = None) -> bool:
    """A game of the history in the viewer (from the History screen or the results)."""
    return app.open("replay", file_id, seat) is not None


def history_viewer(app: "App", file_id: str | None, seat: int | None = None) -> "ReplayScene | None":
    """The viewer of a game of the history, or None after telling the player why it cannot be
    opened (`app.open("replay", file_id, seat)`)."""
    from .model import Replay
    from .scene import ReplayScene
    if file_id is None:
        app.message(_("This game is not in the history."))
        return None
    try:
        rp = Replay.from_file(history.game_file(file_id), file_id)
    except (history.BadGameFile, ValueError) as exc:
        app.message(_("This game file cannot be opened: {reason}").format(reason=str(exc)))
        return None
    return ReplayScene(app, rp, seat=seat)


def typed_path(typed: str) -> Path:
    """The path a player typed; a bare or relative one is in the Documents folder the dialog offers
    (not in the folder the app happened to be started from)."""
    path = Path(typed.strip()).expanduser()
    return path if path.is_absolute() else documents_dir() / path


def export_to(file_id: str, typed: str) -> Path:
    """Export a history game to what the player typed: a folder (the game's own name in it) or a file."""
    dest = typed_path(typed)
    if dest.is_dir():
        dest = dest / (file_id + history.SUFFIX)
    if not dest.parent.is_dir():
        raise OSError(f"no folder {dest.parent}")
    return history.export_game(file_id, dest)


def export_dialog(app: "App", file_id: str) -> "PathScene":
    """Asks where to export (default: the Documents folder) and says where the file went
    (`app.open("export_game", file_id)`)."""
    def done(typed: str) -> None:
        try:
            dest = export_to(file_id, typed)
        except (OSError, history.BadGameFile, ValueError) as exc:
            app.message(_("The game could not be exported: {reason}").format(reason=str(exc)))
            return
        app.message(_("The game was saved as {path}.").format(path=str(dest)))
    return PathScene(app, _("Export this game as a .linebox file into this folder (or type a file name):"),
                     str(documents_dir()), N_("Export"), done)


def open_dialog(app: "App") -> "PathScene":
    """Asks for a `.linebox` file's path and opens it in the viewer (`app.open("open_game_file")`)."""
    return PathScene(app, _("Open a .linebox game file: type its path."), str(documents_dir()) + "/",
                     N_("Open"), lambda typed: open_game_file(app, typed_path(typed)))


class PathScene(MessageScene):
    """A question with a path to type (default filled in); OK runs `on_ok(text)` after the box closed."""

    name = "path"

    def __init__(self, app: "App", text: str, default: str, ok: str, on_ok: Callable[[str], object]) -> None:
        super().__init__(app, text, None)
        self.on_ok = on_ok
        self.input = TextInput(default, lambda _t: None, max_len=MAX_PATH, font_size=26)
        self.buttons = [Button(ok, self._ok, "primary"), Button(N_("Cancel"), self.back)]
        self.widgets = [self.input, *self.buttons]

    def enter(self) -> None:
        super().enter()
        self.set_focus(self.input)

    def layout(self, lay) -> None:  # type: ignore[no-untyped-def]
        super().layout(lay)
        self.box.h += lay.px(100)
        self.box.center = (lay.width // 2, lay.height // 2)
        for b in self.buttons:
            b.rect.bottom = self.box.bottom - lay.px(34)
        self.input.rect = pygame.Rect(self.box.x + lay.px(50), self.buttons[0].rect.top - lay.px(100),
                                      self.box.w - lay.px(100), lay.px(70))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._ok()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus is self.input:
            self.input.handle(event)
            return True
        return super().handle(event)

    def _ok(self) -> None:
        text = self.input.text
        self.app.pop()
        if text.strip():
            self.on_ok(text)
