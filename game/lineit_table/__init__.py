"""The Line-it table: the front end of game 1 (see docs/LINEIT.md for the engine).

Modules, one idea each:

- `texts`      the table's sentences: refusals by code, card names, bot reasons; translated,
               with real plurals
- `log`        the game log, written from the engine's events
- `tally`      per-seat results of a game, counted from the engine's events
- `tips`       tooltips: what the pieces on the table are (mouse, or the I key)
- `buttons`    the row of buttons: one font size, labels wrap instead of shrinking
- `geometry`   where everything sits on the table, from the window's logical size
- `sprites`    cards and tokens that know where they are heading
- `board`      the engine state as sprites: targets, staged animation, drawing
- `model`      the game at the table (`TableGame`): engine state, seats, undo, save payload
- `scene`      the table scene: flow, buttons (on the shared base `game.table`)
- `input`      mouse (drag or click) and keys
- `draw`       painting the table from the scene (changes no state)
- `results`    the results rows (play again / look at the table are the base's)
- `demo`       how `linebox --demo lineit` sets up its game (the table measures itself)

What every table has (bots, autosave, pass screens, pause, game over,
results base, demo figures, frame push) is in `game.table`.

The engine owns the game: the table applies an action at once and the
sprites catch up; legality is only ever asked from the engine, what
happened is only ever read from its events (never guessed from views), and
undo steps back one action at a time through its `undo_points()`/`rewind()`.
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
    (BadSave if it cannot be used)."""
    from .model import TableGame
    if save is not None:
        return TableGame.from_payload(save)
    if state is not None:
        return TableGame(config, state)
    try:
        return TableGame.new(config)
    except (KeyError, TypeError, ValueError) as exc:
        raise BadSave(f"the setup is incomplete ({exc})") from None


def make_table(app: "App", tg: Any, seating: "Seating", options: "TableOptions") -> "Scene":
    """The table scene for the game `tg`, its seats driven by `seating`."""
    from .scene import TableScene
    return TableScene(app, tg, seating, options)


def show_chance(scene: Any, events: list[Any]) -> None:
    """A deal from an online host: shown as any action's events (the table game's views key on
    the chance count too, so they see the new cards)."""
    scene.on_applied(None, events)


def demo_game(players: int, seed: int | None) -> tuple[Any, dict[str, Any]]:
    """`linebox --demo lineit`: the arena's game 0 for `seed`, every seat a normal bot."""
    from .demo import demo_game as made
    return made(players, seed)


def event_text(event: Any, name: Any) -> str:
    """The game log's sentence of one engine event (the online hub shows a room's last move)."""
    from .log import event_text as text
    return str(text(event, name))


def branch_game(final: Any, chance: list[dict[str, Any]], seed: int) -> Any:
    """Play from here: a new seeded game of `final`'s setup whose deck starts with the cards
    dealt so far (`chance`, the record's outcomes up to the moment), the rest shuffled anew."""
    from collections import Counter
    import random

    from engine import lineit
    dealt = [t for c in chance if c["kind"] in ("deal", "remainder") for t in c["outcome"]]
    left = Counter(lineit.card_text(c) for c in lineit.FULL_DECK) - Counter(dealt)
    rest = sorted(left.elements(), key=lambda t: (len(t), t))
    random.Random(seed).shuffle(rest)
    options, seats = setup_of(final)
    return UI.new_state({**options, "seats": seats, "seed": seed}, deck=dealt + rest)


def setup_of(state: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The setup config's options of the game `state` is in, and each seat's (none in Line-it)."""
    setup = state.to_json()["setup"]
    first = state.rewind(0, any=True).current_seat
    return {"first_seat": first, "final_plays": setup.get("final_plays", 1)}, [{} for _ in range(state.players)]


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
    """The daily challenge: the day's deck, the standard final play."""
    return {"final_plays": 1}


def daily_score(score: float) -> str:
    """A score on the daily leaderboard."""
    return ngettext("{n} point", "{n} points", int(score)).format(n=f"{score:g}")


_TALLY = f"{__name__}.tally"

UI = register(GameUI(
    name="lineit", package=__name__, text_domain="lineit_table",
    default_players=3,
    setup_options=(SetupOption("final_plays", N_("Final plays"),
                               ((1, N_("1 card (standard)")), (2, N_("2 cards (variant)")))),),
    seed_note=N_("Seed of this game: {seed} (share it to play the same cards)"),
    challenge_summary=N_("{game} with the same cards as your friend (seed {seed}), {seats}, {bots}."),
    challenge_offer=N_("Send your friend this code: in Load game, “Challenge code or file” opens the same game, "
                       "with the same cards and options. A challenge file also carries your game, so both can be "
                       "compared at the end."),
    game_stats=lazy(_TALLY, "game_stats"),
    stats_rows=lazy(_TALLY, "panel_rows"),
    chart_label=N_("Score after each round and at the end"),
    recent_title=N_("Your last 50 scores"),
    best_text=lazy(_TALLY, "best_text"),
    variant=lazy(_TALLY, "variant"),
    variant_text=lazy(_TALLY, "variant_text"),
    tutorial=Tutorial(table=tutorial_table, claims=tutorial_claims), first_tips=first_tips,
    make_game=make_game, make_table=make_table, show_chance=show_chance, demo_game=demo_game,
    event_text=event_text, branch_game=branch_game, setup_of=setup_of,
    achievements=lazy(f"{__name__}.achievements", "declared"),
    # the post-game review (game.replay.review): the better move on the table, its words
    draw_suggestion=lazy(f"{__name__}.suggest", "draw_suggestion"),
    review_lines=lazy(f"{__name__}.suggest", "review_lines"),
    review_summary=lazy(f"{__name__}.suggest", "review_summary"),
    # the day's deck against three hard bots in fixed seats (the player first)
    daily=DailyRules(bots=("hard", "hard", "hard"), options=daily_options, score_text=daily_score),
))
