"""Learn by playing: a scripted first game of each game, on the real table.

Modules, one idea each:

- `steps`         the immutable step model and replaying a script to a step
- `claims`        what a step's words claim, as checks over the engine state (the tests run them)
- `guide`         where a tutorial is and whether an action is the step's one
- `lineit_script` / `linyo_script`  the two scripts (stacked deck, fixed rolls)
- `table`         the tutorial on the real table: a script driver and a guide panel the table hosts
- `lineit` / `linyo`  where a step's targets are on each game's table
- `progress`      the step to resume at, finished and offered flags (`tutorial.json`)

    open_tutorial(app, "lineit")      # from the menu, the rules, the setup, `--tutorial lineit`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import progress

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.scene import Scene


def _games() -> tuple[str, ...]:
    """The games that have a tutorial (their front end declares one), in the registry's order."""
    from game.shell.frontends import frontends
    return tuple(ui.name for ui in frontends() if ui.tutorial is not None)


def player_name(settings: Any, game: str) -> str:
    """The person's own name for the tutorial's seat: the first human seat of the last setup of
    this game (or the other one), else the setup's default name."""
    from game.shell.i18n import _
    last = settings.last_setup if isinstance(settings.last_setup, dict) else {}
    for g in (game, *progress.GAMES):
        seats = (last.get(g) or {}).get("seats") or []
        for seat in seats:
            name = seat.get("name") if isinstance(seat, dict) else None
            if seat.get("kind") == "human" and isinstance(name, str) and name.strip():
                return name.strip()
    return _("Player")


def tutorial_scene(app: "App", game: str, index: int | None = None) -> "Scene":
    """The tutorial table of `game` at `index` (default: where the player left it)."""
    if index is None:
        index = progress.entry(game)["step"]
    from game.shell.frontends import frontend
    make = frontend(game).tutorial
    assert make is not None, f"{game} has no tutorial"
    return make(app, index)


def open_tutorial(app: "App", game: str, index: int | None = None) -> bool:
    """Start (or resume) `game`'s tutorial in place of everything on the stack."""
    if game not in _games():
        return False
    app.reset(tutorial_scene(app, game, index))
    return True
