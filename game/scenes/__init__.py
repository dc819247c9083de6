"""The app's screens, reached by name through the App: the one list of them.

    app.open("setup", "lineit")          # push the setup screen of Line-it
    app.start("tutorial", "linyo")       # clear the stack and start there
    app.open("message", text, title)     # any name below, with its own arguments

`SCENES` maps a name to "module:attribute": a Scene class, or a function that
takes the same `(app, *args, **kwargs)` and returns the scene, or None when it
cannot be opened (it has told the player why: a broken game file). The module
is imported the first time its name is opened, so the menu's first frame loads
no other screen, and no screen imports another to reach it (which is how the
scenes, the tables and the App used to import each other in one knot).

A table is opened by `game.shell.tables`, from a setup config or a save, not here.

>>> factory("menu").__name__
'MenuScene'
>>> factory("replay").__name__         # a function: None when the game cannot be opened
'history_viewer'
>>> factory("credits")
Traceback (most recent call last):
...
KeyError: "there is no scene called 'credits'"
"""
from __future__ import annotations

import importlib
from typing import Any, Callable

SCENES: dict[str, str] = {
    # the shell (game/scenes)
    "menu": "game.scenes.menu:MenuScene",
    "setup": "game.scenes.setup:SetupScene",                    # (game)
    "load": "game.scenes.load:LoadScene",
    "stats": "game.scenes.stats_scene:StatsScene",              # (game="lineit")
    "achievements": "game.scenes.achievements:AchievementsScene",
    "history": "game.scenes.history:HistoryScene",              # (on_open=None: Enter shows the replay)
    "settings": "game.scenes.settings_scene:SettingsScene",
    "rules": "game.scenes.rules:RulesScene",                    # (game=None: the section to open at)
    "online": "game.scenes.online:OnlineScene",
    "online_new": "game.scenes.online_new:NewOnlineTable",      # (session)
    "daily": "game.scenes.daily:DailyScene",                    # today's challenge of each game
    "leaderboard": "game.scenes.leaderboard:LeaderboardScene",  # (game=None): today's verified board
    "daily_replay": "game.scenes.leaderboard:entry_viewer",     # (file, mine): a leaderboard entry in the viewer
    "message": "game.scenes.dialogs:MessageScene",              # (text, title=None)
    "confirm": "game.scenes.dialogs:ConfirmScene",              # (text, on_yes, yes=None)
    # learning and watching (game/tutorial, game/replay)
    "learn_choice": "game.tutorial.offer:LearnChoice",
    "tutorial": "game.tutorial:tutorial_scene",                 # (game, index=None); a root: app.start
    "replay": "game.replay.files:history_viewer",               # (file_id, seat=None)
    "review": "game.replay.review_open:review_viewer",               # (file_id, seat=None): the replay, reviewed
    "dropped_file": "game.replay.files:dropped_file",           # (path)
    "export_game": "game.replay.files:export_dialog",           # (file_id): where to, then a message
    "open_game_file": "game.replay.files:open_dialog",          # a path to type, then the viewer
    # challenge a friend (game/challenge*.py)
    "challenge_offer": "game.challenge.scenes:ChallengeOffer",  # (table): a finished game's code and file
    "challenge_enter": "game.challenge.scenes:ChallengeEnter",  # (text=""): a code or a file's path to play
    "challenge_ghost": "game.challenge.ghost:ghost_viewer",     # (history_id, their game file): the ghost
}


def factory(name: str) -> Callable[..., Any]:
    """What builds the scene called `name` (its module imported now); KeyError for an unknown name."""
    try:
        module, _, attr = SCENES[name].partition(":")
    except KeyError:
        raise KeyError(f"there is no scene called {name!r}") from None
    return getattr(importlib.import_module(module), attr)
