"""Learn by playing: a scripted first game of each game, on the real table.

Modules, one idea each:

- `steps`         the immutable step model and replaying a script to a step
- `claims`        what a step's words claim, as checks over the engine state (the tests run them)
- `guide`         where a tutorial is and whether an action is the step's one
- `table`         the tutorial on the real table: a script driver and a guide panel the table hosts
- `parts`         what a game gives the tutorial and the first-game tips (typed protocols)
- `tips`          the first-game tips: which one is shown, remembered, drawn
- `progress`      the step to resume at, finished and offered flags (`tutorial.json`)

Each game's own half lives in its package, `game/<game>_table/tutorial/`: `script` (stacked
deck, fixed rolls), `targets` (where a step points on its table), `claims` and `tips` (what is
worth a first-game tip), declared in its `GameUI` (`tutorial`, `first_tips`).

    open_tutorial(app, "lineit")      # from the menu, the rules, the setup, `--tutorial lineit`
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import progress

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.scene import Scene


def _games() -> tuple[str, ...]:
    """The games that have a tutorial (their front end declares one), in the registry's order."""
    from game.shell.frontends import frontends
    return tuple(ui.name for ui in frontends() if ui.tutorial is not None)


def tutorial_scene(app: "App", game: str, index: int | None = None) -> "Scene":
    """The tutorial table of `game` at `index` (default: where the player left it)."""
    if index is None:
        index = progress.entry(game)["step"]
    from .table import tutorial_table
    return tutorial_table(app, game, index)


def open_tutorial(app: "App", game: str, index: int | None = None) -> bool:
    """Start (or resume) `game`'s tutorial in place of everything on the stack."""
    if game not in _games():
        return False
    app.reset(tutorial_scene(app, game, index))
    return True
