"""The Linyo table: a polished score sheet you draw on with a pen.

Modules, one idea each:

- `model`     the game being played: engine state + seats + save payload + result
- `path`      the stroke being drawn (a move, starts, an abort), asking the engine what is legal
- `reveal`    what the view has caught up with (lines drawn, × crossed, dice shown)
- `geometry`  field <-> pixel mapping and smooth pen curves
- `sheet_draw` the sheet: paper, fields with marks and stars, ink, glows, counts
- `dice_view` the four dice: roll, flip after a four of a kind, used marks, clicks
- `scene`     the table scene: flow, buttons (on the shared base `game.table`)
- `input`     pointer and keyboard input
- `draw`      drawing the table (changes no state)
- `results`   the results rows (ranking, tie-break, personal best, perfect sheet)
- `demo`      `linebox --demo linyo`: bots through the real table + figures JSON
- `daily`     the daily sheet (seed from the date, random sheet)
- `texts`     player-readable, translated texts for engine messages

What every table has (bots, autosave, pass screens, pause, game over,
results base, demo figures, frame push) is in `game.table`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import datetime
from typing import Any

from engine.core import BadSave
from game.frontends import GameUI, SetupOption, lazy, register
from game.i18n import N_

if TYPE_CHECKING:
    from game.app import App
    from game.scene import Scene


def make_scene(app: "App", config: dict | None = None, save: dict | None = None) -> "Scene":
    """A table for a setup config, or for the payload the table saved (BadSave if unusable)."""
    from .model import TableGame
    from .scene import LinyoTable
    if save is not None:
        return LinyoTable(app, TableGame.from_payload(save), restored=True)
    if config is None:
        raise BadSave("nothing to open")
    try:
        return LinyoTable(app, TableGame.new(config))
    except (KeyError, TypeError, ValueError) as exc:
        raise BadSave(f"the setup is incomplete ({exc})") from None


def make_demo_scene(app: "App", players: int, seed: int | None, speed: float, exit_at_end: bool) -> "Scene":
    """`linebox --demo linyo`: bots through the real table; prints scores and figures as JSON."""
    from .demo import DemoTable
    return DemoTable(app, players, seed, speed, exit_at_end)


DAILY = "daily"           # the setup's own sheet choice: today's random sheet, the same for everybody


def setup_seed(config: dict[str, Any]) -> int | None:
    """Today's seed when the setup chose the daily sheet; else None (the typed or random seed)."""
    if config.get("sheet") != DAILY:
        return None
    from .daily import daily_seed
    return daily_seed(datetime.date.today())


def setup_config(config: dict[str, Any]) -> dict[str, Any]:
    """The daily sheet is a random sheet with today's date (the history and the results show it)."""
    if config.get("sheet") == DAILY:
        return {**config, "sheet": "random", "daily": datetime.date.today().isoformat()}
    return config


_TALLY, _RECORDS = f"{__name__}.tally", f"{__name__}.records"

UI = register(GameUI(
    name="linyo", package=__name__, text_domain="linyo_table",
    default_players=1,
    setup_options=(SetupOption("sheet", N_("Sheet"), (
        ("A", N_("Side A")), ("B", N_("Side B")), ("random", N_("Random sheet")), (DAILY, N_("Daily sheet")))),),
    seat_options=(SetupOption("difficulty", N_("Difficulty")),),
    setup_config=setup_config,
    setup_seed=setup_seed,
    fixed_seed_note=N_("Today's daily sheet: everybody plays the same sheet and dice today (seed {seed})."),
    game_stats=lazy(_TALLY, "game_stats"),
    stats_rows=lazy(_TALLY, "panel_rows"),
    chart_label=N_("Free fields after each round"),
    recent_title=N_("Your last 50 results (free fields)"),
    best_text=lazy(_RECORDS, "best_text"),
    more_bests=lazy(_RECORDS, "more_bests"),
    record_more=lazy(_RECORDS, "record_more"),
    variant=lazy(_RECORDS, "variant"),
    variant_text=lazy(_RECORDS, "variant_text"),
    tutorial=lazy("game.tutorial.linyo", "make"),
))
