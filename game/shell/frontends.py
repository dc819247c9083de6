"""Each game's front end, declared once: what the shell may ask of a game without naming it.

The engine's registry (`engine.games`) says what a game *is* (seats, options,
rules); this one says how the app *shows* it. Each game's package
(`game/<name>_table/`) declares one `GameUI` in its `__init__` and registers
it; the shell reaches it by the engine's game name and never imports a game
package itself:

    from game.shell.frontends import frontend
    ui = frontend("linyo")        # imports game.linyo_table once, on first use
    ui.name, ui.package           # ('linyo', 'game.linyo_table')

A game package is imported only when its front end is first asked for, so the
menu's first frame loads no table. Adding a third game is one package that
calls `register(GameUI(...))` plus its `GameInfo` in `engine.games`.

>>> frontend("lineit").name
'lineit'
>>> sorted(ui.name for ui in frontends())
['lineit', 'linyo']
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol, Sequence

from engine.core import Event
from engine.core.registry import GameInfo
from engine.games import game as game_info, names

if TYPE_CHECKING:
    import pygame

    from game.achievements.model import Achievement
    from game.tutorial.parts import Claims, FirstTipsFinder, TutorialTable


def lazy(module: str, name: str) -> Callable[..., Any]:
    """A hook that imports `module` only when first called, then calls its `name`.

    A game's package declares its hooks with it, so declaring them imports no table:

    >>> upper = lazy("string", "capwords")
    >>> upper("line it")
    'Line It'
    """
    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)
    call.__qualname__ = call.__name__ = f"lazy({module}.{name})"
    return call


@dataclass(frozen=True)
class SetupOption:
    """One choice of the setup screen for an engine option of the same `key`.

    `choices` are (value, label msgid) in the order shown; a value the engine
    does not know (Linyo's "daily" sheet) is the setup's own and the game's
    `setup_config` hook turns it into engine values. Empty `choices`: the
    engine option's allowed values, each shown as itself.
    """

    key: str
    label: str                                  # a msgid (N_): the row label or the column head
    choices: tuple[tuple[Any, str], ...] = ()

    def values(self) -> tuple[Any, ...]:
        return tuple(v for v, _label in self.choices)


class MakeGame(Protocol):
    """The game at the table: from a save payload, at an engine state, or new from a setup config
    (BadSave when it cannot be used)."""

    def __call__(self, config: dict[str, Any], state: Any = None, save: dict[str, Any] | None = None) -> Any: ...


class MakeTable(Protocol):
    """The game's table scene for the table game `tg`, its seats driven by `seating`."""

    def __call__(self, app: Any, tg: Any, seating: Any, options: Any) -> Any: ...


class GameStatsOf(Protocol):
    """One game's figures per seat (a `game.files.game_stats.GameStats`), counted from its events."""

    def __call__(self, events: Sequence[Event], players: int) -> Any: ...


class RecordMore(Protocol):
    """The game's own records of a result, written into the statistics data (Linyo: solo bests)."""

    def __call__(self, data: dict[str, Any], result: dict[str, Any], history_id: str | None, today: str) -> None: ...


class DrawSuggestion(Protocol):
    """The post-game review's better move drawn on the game's table; the rectangles it changed."""

    def __call__(self, table: Any, surface: "pygame.Surface", action: str) -> list["pygame.Rect"]: ...


#: (table scene, events) -> None: chance resolved from outside (an online host's deal) shown at a table
ShowChance = Callable[[Any, list[Event]], None]
#: (players, seed) -> (engine state, setup config): `linebox --demo`'s game, every seat a bot
DemoGame = Callable[[int, "int | None"], tuple[Any, dict[str, Any]]]
#: (event, seat -> name) -> the log's sentence of one engine event, in the current language
EventText = Callable[[Event, Callable[[int], str]], str]
#: (final state, chance outcomes so far, seed) -> play from here: a new state with that past's chance
BranchGame = Callable[[Any, list[dict[str, Any]], int], Any]
#: (state) -> (the setup's game options, each seat's own options) of the game `state` is in
SetupOf = Callable[[Any], tuple[dict[str, Any], list[dict[str, Any]]]]


def _no_options(seed: int) -> dict[str, Any]:
    return {}


def _as_number(score: float) -> str:
    return f"{score:g}"


@dataclass(frozen=True)
class DailyRules:
    """A game's daily challenge (`game.daily`): the player holds seat 0 and moves first; after
    it sit bots of these `bots` levels; `options(seed)` gives the day's engine option values
    (the same for everybody: the seed is the day's); `score_text(score)` is a score as the
    leaderboard shows it, in the current language."""

    bots: tuple[str, ...] = ()
    options: Callable[[int], dict[str, Any]] = _no_options
    score_text: Callable[[float], str] = _as_number


@dataclass(frozen=True)
class Tutorial:
    """A game's tutorial (`game.tutorial`), each part loaded when first used: `table()` its script
    and where a step points on the table (the module `game/<game>_table/tutorial/targets.py`),
    `claims()` what its steps' words claim, checked against the engine (no pygame)."""

    table: Callable[[], "TutorialTable"]
    claims: Callable[[], "Claims"]


class _NoTips:
    """The first-game tips of a game that declares none: nothing is ever worth one."""

    def position(self, table: Any) -> None:
        return None

    def on_turn(self, table: Any) -> list[Any]:
        return []

    def still(self, table: Any, key: str) -> bool:
        return False

    def after_applied(self, table: Any, action: str, events: list[Any]) -> list[Any]:
        return []


NO_TIPS = _NoTips()


def _same(config: dict[str, Any]) -> dict[str, Any]:
    return config


def _no_bests(data: dict[str, Any]) -> list[tuple[Callable[[], str], Any]]:
    return []


def _nothing(*args: Any) -> None:
    return None


def _no_records(data: dict[str, Any], result: dict[str, Any], history_id: str | None, today: str) -> None:
    return None


@dataclass(frozen=True)
class GameUI:
    """One game's front end. Fields are hooks the shell calls; a game fills them in its package."""

    name: str                                   # the engine's game name ("lineit")
    package: str                                # the package that declared it ("game.lineit_table")
    # -- the table (game.shell.tables.build_table, the replay's "play from here", online tables)
    make_game: MakeGame
    make_table: MakeTable
    show_chance: ShowChance
    demo_game: DemoGame
    event_text: EventText
    branch_game: BranchGame
    setup_of: SetupOf
    #: gettext domain of the game's own texts (its table, log and refusals)
    text_domain: str = ""

    # -- the setup screen (game.scenes.setup)
    #: seats of a fresh setup
    default_players: int = 1
    #: the game-wide options the setup shows, one row each, in order
    setup_options: tuple[SetupOption, ...] = ()
    #: the per-seat options, one column each (their engine option has a per_seat_keyword)
    seat_options: tuple[SetupOption, ...] = ()
    #: the setup's config -> the config the table opens (a setup-only value, e.g. today's sheet)
    setup_config: Callable[[dict[str, Any]], dict[str, Any]] = _same
    #: the seed a setup value fixes (today's daily sheet), or None: the typed or random one
    setup_seed: Callable[[dict[str, Any]], int | None] = _nothing
    #: the sentence under the seed when `setup_seed` fixed it (a msgid with {seed})
    fixed_seed_note: str = ""
    #: the sentence under a typed or random seed, naming what it repeats (a msgid with {seed})
    seed_note: str = ""

    # -- challenges (game.challenge.scenes): msgids naming what the seed repeats (the same cards)
    #: what a challenge is: {game}, {seed}, {seats} ("3 seats"), {bots} ("2 bots")
    challenge_summary: str = ""
    #: the offer of a finished game's code, how a friend opens it
    challenge_offer: str = ""

    # -- statistics (game.files.game_stats, game.files.stats, the statistics screen, the results' panel)
    #: (events, players) -> game_stats.GameStats: one game's figures, counted from its events
    game_stats: GameStatsOf | None = None
    #: () -> [(label, value of a seat)] in the current language: the results panel's rows
    stats_rows: Callable[[], list[tuple[str, Callable[[Any], str]]]] | None = None
    #: msgid: the x label of the results panel's chart of each round
    chart_label: str = ""
    #: msgid: the title of the statistics screen's chart of recent results
    recent_title: str = ""
    #: (best score, the score as shown) -> the statistics screen's line for it, in the current language
    best_text: Callable[[int, str], str] | None = None
    #: (statistics data) -> further personal bests: [(text in the current language, history id)]
    more_bests: Callable[[dict[str, Any]], list[tuple[Callable[[], str], Any]]] = _no_bests
    #: (statistics data, result, history id, today) -> None: the game's own records of a result
    record_more: RecordMore = _no_records

    # -- the games list (game.files.history, game.scenes.history)
    #: (record setup) -> what the list keeps of a setup (its variant)
    variant: Callable[[Any], dict[str, Any]] = lambda setup: {}
    #: (variant) -> the variant in words, in the current language
    variant_text: Callable[[dict[str, Any]], str] = lambda variant: ""

    # -- achievements (game.achievements)
    #: () -> the game's own achievements (`game.achievements.model.Achievement`), declared as data
    achievements: Callable[[], tuple["Achievement", ...]] = lambda: ()

    # -- the post-game review (game.replay.review)
    #: (table, surface, action text) -> dirty rects: the better move drawn on the table
    draw_suggestion: DrawSuggestion = lambda table, surface, action: []
    #: (review item) -> (what it cost, what was played, the better move), in the current language
    review_lines: Callable[[Any], tuple[str, str, str]] = lambda item: ("", "", "")
    #: (review result) -> the one-line summary of a seat's game, in the current language
    review_summary: Callable[[Mapping[str, Any]], str] = lambda result: ""

    # -- the daily challenge (game.daily)
    #: the day's seats and options; None: the game has no daily challenge
    daily: DailyRules | None = None

    # -- learning (game.tutorial)
    #: the game's tutorial; None: the game has none
    tutorial: Tutorial | None = None
    #: () -> what is worth a first-game tip at its table (by default: nothing)
    first_tips: Callable[[], "FirstTipsFinder"] = lambda: NO_TIPS

    @property
    def info(self) -> GameInfo:
        """The engine's description of the same game (seats, options, rules traits)."""
        return game_info(self.name)

    def new_state(self, config: dict[str, Any], **more: Any) -> Any:
        """A new engine game from a setup config: its seats (each seat's own options, such as a
        Linyo difficulty), seed, first seat and game options. The one place the setup's choices
        become `new_game`'s keywords; `more` adds or overrides what is not a setup choice (a
        branch's deck, rolls or a recorded sheet). ValueError for an option value the game does not allow.

        >>> s = frontend("lineit").new_state({"seats": [{}, {}], "seed": 4, "first_seat": 1, "final_plays": 2})
        >>> (s.players, s.current_seat, s.to_json()["setup"]["final_plays"])
        (2, 1, 2)
        """
        seats = config["seats"]
        kwargs = {**self.info.new_game_kwargs(len(seats), config, seats), **more}
        return self.info.new_game(players=len(seats), seed=config.get("seed"),
                                  first_seat=config.get("first_seat"), **kwargs)

    @property
    def title(self) -> str:
        """The game's name as players read it (never translated)."""
        return self.info.title


_UIS: dict[str, GameUI] = {}


def register(ui: GameUI) -> GameUI:
    """Called once by each game package; a second, different front end for a name is a ValueError."""
    known = _UIS.setdefault(ui.name, ui)
    if known is not ui:
        raise ValueError(f"the front end of {ui.name!r} is registered twice")
    return ui


def package_of(name: str) -> str:
    """The package that declares the front end of the engine's game `name`."""
    return f"game.{name}_table"


def frontend(name: str) -> GameUI:
    """The front end of game `name` (KeyError for a game the engine does not know)."""
    if name not in _UIS:
        game_info(name)                         # KeyError for a game that does not exist
        importlib.import_module(package_of(name))
    return _UIS[name]


def frontends() -> list[GameUI]:
    """Every game's front end, in the engine's registry order."""
    return [frontend(name) for name in names()]
