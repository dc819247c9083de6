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
- `demo`      how `linebox --demo linyo` sets up its game (the table measures itself)
- `daily`     the daily sheet (the daily challenge's sheet and dice, any seats)
- `texts`     player-readable, translated texts for engine messages

What every table has (bots, autosave, pass screens, pause, game over,
results base, demo figures, frame push) is in `game.table`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import BadSave
from game.shell.frontends import DailyRules, GameUI, SetupOption, Tutorial, lazy, register
from game.shell.i18n import N_, ngettext

if TYPE_CHECKING:
    from game.tutorial.parts import Claims, FirstTipsFinder, TutorialTable
    from game.shell.app import App
    from game.shell.scene import Scene
    from game.table.drivers import Seating, TableOptions


def make_game(config: dict[str, Any], state: Any = None, save: dict[str, Any] | None = None) -> Any:
    """The game at the table: from a save payload, at an engine state, or new from a setup config
    (BadSave if it cannot be used). At a state, what the config leaves out (each seat's
    difficulty, the sheet) is the state's own."""
    from .model import SHEET_CHOICES, TableGame
    if save is not None:
        return TableGame.from_payload(save)
    if state is not None:
        seats = [{**s, "difficulty": s.get("difficulty", int(state.difficulties[p]))}
                 for p, s in enumerate(config["seats"])]
        sheet = config.get("sheet", state.to_json()["setup"].get("sheet"))
        return TableGame({**config, "seats": seats, "sheet": sheet if sheet in SHEET_CHOICES else "A"}, state)
    try:
        return TableGame.new(config)
    except (KeyError, TypeError, ValueError) as exc:
        raise BadSave(f"the setup is incomplete ({exc})") from None


def make_table(app: "App", tg: Any, seating: "Seating", options: "TableOptions") -> "Scene":
    """The table scene for the game `tg`, its seats driven by `seating`."""
    from .scene import TableScene
    return TableScene(app, tg, seating, options)


DAILY = "daily"           # the setup's own sheet choice: today's random sheet, the same for everybody


def setup_seed(config: dict[str, Any]) -> int | None:
    """Today's seed when the setup chose the daily sheet; else None (the typed or random seed)."""
    if config.get("sheet") != DAILY:
        return None
    from .daily import daily_seed, today
    return daily_seed(today())


def setup_config(config: dict[str, Any]) -> dict[str, Any]:
    """The daily sheet is a random sheet with today's date (the history and the results show it)."""
    if config.get("sheet") == DAILY:
        from .daily import today
        return {**config, "sheet": "random", "daily": today().isoformat()}
    return config


def show_chance(scene: Any, events: list[Any]) -> None:
    """A roll from an online host: the dice roll and the log says so, as for any action."""
    scene.show_events(events)
    scene.on_applied(None, events)


def demo_game(players: int, seed: int | None) -> tuple[Any, dict[str, Any]]:
    """`linebox --demo linyo`: the arena's game 0 for `seed` (sheet A, difficulty 2), normal bots."""
    from .demo import demo_game as made
    return made(players, seed)


def event_text(event: Any, name: Any) -> str:
    """The game log's sentence of one engine event ('' for one the log does not show)."""
    from .log import describe
    entry = describe(event, name)
    return entry.text() if entry is not None else ""


def branch_game(final: Any, chance: list[dict[str, Any]], seed: int) -> Any:
    """Play from here: a new seeded game of `final`'s setup that rolls the rolls made so far
    (`chance`, the record's outcomes up to the moment), the seeded source after them."""
    setup = final.to_json()["setup"]
    rolls = ["".join(c["outcome"]) for c in chance if c["kind"] == "roll"]
    options, seats = setup_of(final)
    return UI.new_state({**options, "seats": seats, "seed": seed}, rolls=rolls,
                        sheet=setup.get("sheet", "A"), sheet_seed=setup.get("sheet_seed"))


def setup_of(state: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The setup config's options of the game `state` is in (first seat, sheet) and each seat's
    difficulty."""
    from .model import SHEET_CHOICES
    record = state.to_json()
    setup = record["setup"]
    first = setup.get("first_seat")
    if first is None:               # drawn by chance: the record's first outcome names it
        first = next(int(c["outcome"][0]) for c in record["chance"] if c["kind"] == "first_seat")
    sheet = setup.get("sheet", "A")
    return ({"first_seat": int(first), "sheet": sheet if sheet in SHEET_CHOICES else "A"},
            [{"difficulty": int(d)} for d in state.difficulties])


def tutorial_table() -> "TutorialTable":
    """The tutorial's script and where its steps point on this table."""
    from .tutorial import targets
    return targets


def tutorial_claims() -> "Claims":
    """What the tutorial's words claim, checked against the engine."""
    from .tutorial.claims import CLAIMS
    return CLAIMS


def first_tips() -> "FirstTipsFinder":
    """What is worth a tip in a person's first games at this table."""
    from .tutorial import tips
    return tips


def daily_options(seed: int) -> dict[str, Any]:
    """The daily challenge: the day's random sheet and rolls, solo, at one difficulty a day (2, 3, 4)."""
    return {"sheet": "random", "difficulty": (2, 3, 4)[seed % 3]}


def daily_score(score: float) -> str:
    """A score on the daily leaderboard."""
    return ngettext("{n} free field", "{n} free fields", int(score)).format(n=f"{score:g}")


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
    seed_note=N_("Seed of this game: {seed} (share it to play the same dice)"),
    challenge_summary=N_("{game} with the same sheet and dice as your friend (seed {seed}), {seats}, {bots}."),
    challenge_offer=N_("Send your friend this code: in Load game, “Challenge code or file” opens the same game, "
                       "with the same sheet, dice and options. A challenge file also carries your game, so both "
                       "can be compared at the end."),
    game_stats=lazy(_TALLY, "game_stats"),
    stats_rows=lazy(_TALLY, "panel_rows"),
    chart_label=N_("Free fields after each round"),
    recent_title=N_("Your last 50 results (free fields)"),
    best_text=lazy(_RECORDS, "best_text"),
    more_bests=lazy(_RECORDS, "more_bests"),
    record_more=lazy(_RECORDS, "record_more"),
    variant=lazy(_RECORDS, "variant"),
    variant_text=lazy(_RECORDS, "variant_text"),
    tutorial=Tutorial(table=tutorial_table, claims=tutorial_claims), first_tips=first_tips,
    make_game=make_game, make_table=make_table, show_chance=show_chance, demo_game=demo_game,
    event_text=event_text, branch_game=branch_game, setup_of=setup_of,
    achievements=lazy(f"{__name__}.achievements", "declared"),
    # the post-game review (game.replay.review): the better move on the table, its words
    draw_suggestion=lazy(f"{__name__}.suggest", "draw_suggestion"),
    review_lines=lazy(f"{__name__}.suggest", "review_lines"),
    review_summary=lazy(f"{__name__}.suggest", "review_summary"),
    daily=DailyRules(bots=(), options=daily_options, score_text=daily_score),
))
