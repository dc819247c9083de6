"""The Line-it table: the front end of game 1 (see docs/LINEIT.md for the engine).

Modules, one idea each:

- `texts`      every sentence a player reads: refusals by code, the log from the engine's
               events, bot reasons; translated, with real plurals
- `tally`      per-seat results of a game, counted from the engine's events
- `tips`       tooltips: what the pieces on the table are (mouse, or the I key)
- `buttons`    the row of buttons: one font size, labels wrap instead of shrinking
- `geometry`   where everything sits on the table, from the window's logical size
- `sprites`    cards and tokens that know where they are heading
- `board`      the engine state as sprites: targets, staged animation, drawing
- `controller` the game: engine state, seats, undo, save payload, result
- `scene`      the table scene: flow, buttons (on the shared base `game.table`)
- `input`      mouse (drag or click) and keys
- `draw`       painting the table from the scene (changes no state)
- `results`    the results rows (play again / look at the table are the base's)
- `demo`       `linebox --demo lineit`: bots only, with the frame figures

What every table has (bots, autosave, pass screens, pause, game over,
results base, demo figures, frame push) is in `game.table`.

The engine owns the game: the table applies an action at once and the
sprites catch up; legality is only ever asked from the engine, what
happened is only ever read from its events (never guessed from views), and
undo steps back one action at a time through its `undo_points()`/`rewind()`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import BadSave
from game.frontends import GameUI, SetupOption, lazy, register
from game.i18n import N_

if TYPE_CHECKING:
    from game.app import App
    from game.scene import Scene


def make_scene(app: "App", config: dict | None = None, save: dict | None = None) -> "Scene":
    """The table for a setup config, or for a payload the table saved earlier (BadSave if unusable)."""
    from .controller import Controller
    from .scene import TableScene
    if save is not None:
        ctrl = Controller.from_payload(save)
    elif config is not None:
        try:
            ctrl = Controller.new(config)
        except (KeyError, TypeError) as exc:
            raise BadSave(f"the setup is incomplete ({exc})") from None
    else:
        raise BadSave("nothing to open")
    return TableScene(app, ctrl)


def make_demo_scene(app: "App", players: int, seed: int | None, speed: float, exit_at_end: bool) -> "Scene":
    """Bots only, built exactly like the arena's game 0 for `seed`; prints figures as JSON at the end."""
    from .demo import DemoScene
    return DemoScene(app, players, seed, speed, exit_at_end)


_TALLY = f"{__name__}.tally"

UI = register(GameUI(
    name="lineit", package=__name__, text_domain="lineit_table",
    default_players=3,
    setup_options=(SetupOption("final_plays", N_("Final plays"),
                               ((1, N_("1 card (standard)")), (2, N_("2 cards (variant)")))),),
    game_stats=lazy(_TALLY, "game_stats"),
    stats_rows=lazy(_TALLY, "panel_rows"),
    chart_label=N_("Score after each round and at the end"),
    recent_title=N_("Your last 50 scores"),
    best_text=lazy(_TALLY, "best_text"),
    variant=lazy(_TALLY, "variant"),
    variant_text=lazy(_TALLY, "variant_text"),
    tutorial=lazy("game.tutorial.lineit", "make"),
))
