"""What every table scene has, whatever the game.

`TableBase` is mixed into each game's scene class (before `Scene` /
`WidgetScene`). The game's scene keeps `self.tg`, the game at the table, which
offers

    tg.state            the engine state
    tg.humans           seats played by people
    tg.config           the setup config (game.shell.tables)
    tg.name(seat)       a seat's name
    tg.payload()        what the autosave and a named save keep
    tg.result()         what stats.record_result takes

and the base gives it the rest, the same for both games:

- the bot worker (`self.bots`, a `TableBots`, the seating's): bot seats and hints share it;
- the autosave (`self.saver`): off the frame thread, failures reported once,
  and `save_promise()`, which never says a game is saved when it is not;
- `on_applied(action, events)`: the one place an applied action's result
  reaches the scene (autosave, game over); games extend it to animate. `events`
  is what the engine's `apply` returned (None from an engine without events);
- `undo()`: the one undo entry point (the game's `take_back()` does the work);
- hot-seat pass screens (`ask_pass` / `passed_to`);
- game over, once: statistics through `stats.record_result`, autosave cleared;
- the results: shown once the table has settled, hidden to look at the table
  and brought back by a click or a key;
- the pause menu and leaving (`leave()` waits for the last write);
- the frame-push record (`self.frame_push`, see present.py);
- the tips for the first real games (`self.first_tips`, see game/tutorial/tips.py):
  fed from `on_applied` and `update_table`, clicked away in `handle_over`,
  drawn by `draw_first_tip` at the end of the game's `draw`.
- who plays each seat (`self.seating`, `game.table.drivers`): people at this
  screen, bots in the worker, a Matrix room, a tutorial's script, a replay's
  record. A demo, a replay, a tutorial or an online table is a choice of drivers
  plus `self.options` (`TableOptions`), never a subclass: `demo`, `replay`,
  `tutorial` and `remote` below are read from them, and so is what the table
  says (`thinking`, `can_save`, ...);
- the components it hosts (`host`, `game.table.spec.TableComponent`): the
  online strip, the tutorial's guide panel. The scene calls `handle_components`
  first in `handle`, `update_components` in `update` and `draw_components` at
  the end of `draw`; a person's actions pass `vet` before the engine, and
  `undo` asks them before it rewinds the engine;
- the demo's frame figures (`self.meter`, `game.table.demo.DemoMeter`), kept
  when the table is opened with `TableOptions(figures=True)`.
"""
from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING, Any

import pygame

from game.files import history, stats
from game.shell.i18n import _
from game.ui.layout import MIN_LOGICAL_W

from game.tutorial.tips import FirstTips

from .autosave import Autosaver
from .bots import TableBots
from .drivers import Role, Seating, TableOptions, local
from .present import FramePush
from .spec import TableComponent

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.scene import Scene

log = logging.getLogger("linebox.table")


def new_game_id() -> str:
    """A game's own id, kept in its saves: statistics count each game once, however
    often its save is loaded and finished again ("Play again" drops it:
    `game.table.results.ONE_GAME_ONLY`)."""
    return secrets.token_hex(8)


class TableBase:
    """The shared half of a table scene (see the module text)."""

    app: "App"
    game: str
    tg: Any
    seating: Seating
    options: TableOptions
    bots: TableBots
    #: the game hides cards in other seats' hands (Line-it): the replay viewer offers "All hands" at the end
    hidden_hands: bool = False
    #: where the table is laid out (the replay viewer keeps its bar below); None: the whole window
    lay_override: Any = None
    #: window pixels at the table's right edge that a panel lies over (the replay's review in a small
    #: window): a table may keep what must stay readable left of them
    covered_right: int = 0
    #: the narrowest logical width the table is laid out well in: a table given less than the window's
    #: width (beside the replay's review) gets the largest scale that leaves it this much
    room_w: float = MIN_LOGICAL_W
    #: this game's id in the history once it is kept there (the results' "Watch replay")
    history_id: str | None = None
    #: seconds a hard bot may think at this table (a measured demo: as long as the level takes)
    bot_time_limit: float | None = None

    def init_table(self, seating: Seating | None = None, options: TableOptions | None = None) -> None:
        """Call from the scene's `__init__` once `self.tg` is set; without a seating the setup
        config's people and bots play (`drivers.local`)."""
        config = self.tg.config
        self.options = options or TableOptions()
        self.seating = seating or local(self.game, config, len(config["seats"]))
        self.bots = self.seating.worker
        self.bots.time_limit = self.bot_time_limit if self.options.cuts_bot_time else None
        self.lay_override = self.options.lay
        # a table opened without a game id (online, tutorial) gets one here
        config.setdefault("game_id", new_game_id())
        self.saver = Autosaver(self.game, self._save_failed)
        self.frame_push = FramePush()
        self.first_tips = FirstTips(self)
        self.components: list[TableComponent] = []  # the online strip, the tutorial's guide
        self.meter: Any = None           # the demo's FrameFigures meter (figures option), once entered
        self.recorded = False          # statistics written for this game
        self.results_open = False      # the results screen is up (or was shown and is hidden)
        self.results_seen = False

    # ------------------------------------------------------------ what the drivers make of the table
    @property
    def demo(self) -> bool:
        """A measured demo (`linebox --demo`): bots only, silent, figures at the end."""
        return self.options.figures

    @property
    def replay(self) -> bool:
        """The replay viewer's table: it shows the game and never plays, saves or records it."""
        return self.seating.read_only

    @property
    def tutorial(self) -> bool:
        """A tutorial table: a scripted game, kept neither in the history nor in the statistics."""
        return self.seating.scripted

    @property
    def remote(self) -> Any:
        """An online table's link to its room (`remote.RemoteTable`); None at a table of this machine."""
        return self.seating.room

    def acts_here(self, seat: int | None) -> bool:
        """A person at this screen plays `seat`."""
        return self.seating.here(seat)

    def thinking(self, seat: int | None) -> bool:
        """A bot (here, or the host's) is deciding `seat`'s move now: the table may say "thinking…"."""
        if seat is None or not self.seating.deciding(self.tg.state, seat):
            return False
        role = self.seating.role(seat)
        if role is Role.REMOTE:             # the host's bot thinks; a person at another window plays
            return not self.tg.config["seats"][seat].get("remote")
        return role in (Role.BOT, Role.SCRIPT)

    def host(self, component: Any) -> None:
        """Show a component on top of the table (it sees input first and draws over the table)."""
        self.components.append(component)

    # ------------------------------------------------------------ hooks the game provides
    def take_back(self) -> bool:
        """Undo what the current player did (True if the game changed)."""
        return False

    def results_scene(self) -> "Scene":
        raise NotImplementedError

    def save_name(self) -> str:
        """The name a named save is offered under."""
        from engine.games import game as game_info
        return game_info(self.game).title          # a game's name is never translated

    def pass_label(self, name: str) -> str:
        return _("I am {name}: show my cards").format(name=name)

    def before_record(self) -> None:
        """Just before the statistics take this game (Linyo keeps the personal best before it)."""

    def settle(self) -> None:
        """Wait for work the table started in the background (a demo times bare frames alone)."""

    def extra_figures(self) -> dict:
        """What this game adds to the demo's figures."""
        return {}

    # ------------------------------------------------------------ lifecycle
    @property
    def keeps_saves(self) -> bool:
        """This machine's game with people at it is autosaved (`Seating.keeps_saves`): not a demo,
        a bots-only game, a replay, a tutorial or an online table (the room keeps it)."""
        return self.seating.keeps_saves

    @property
    def can_save(self) -> bool:
        """The pause menu offers "Save game": a game that is kept and not over yet."""
        return self.keeps_saves and not self.tg.state.is_over

    @property
    def table_lay(self) -> Any:
        """The layout the table is drawn in (a replay keeps the bottom of the window for its bar)."""
        return self.lay_override or self.app.lay

    def watch_seat(self) -> int:
        """The seat the table is shown from (the replay viewer starts there)."""
        return 0

    def local_seat(self) -> int | None:
        """The seat of the one person who plays (or played) at this machine, the table's "you".
        None when no one did, or several took turns at it (hot seat: each is a "player"); a seat
        played from another window (online) is never it."""
        seats = self.tg.config.get("seats", ())
        people = [p for p, s in enumerate(seats) if s.get("kind") == "human" and not s.get("remote")]
        return people[0] if len(people) == 1 else None

    def seat_tag(self, seat: int, bot_tag: str) -> str:
        """The word beside a seat's name: "you" for the local player, "player" for any other person
        (hot seat, online), `bot_tag` (its level) for a bot; in the replay viewer the seat watched
        from says so too ("easy bot · watched"), and "you" stays with the seat that was the player's."""
        s = self.tg.config["seats"][seat]
        if s.get("kind") == "human" or s.get("remote"):
            tag = _("you") if seat == self.local_seat() else _("player")
        else:
            tag = bot_tag
        if self.replay and seat == self.watch_seat():
            return _("{tag} · watched").format(tag=tag)
        return tag

    @property
    def counts(self) -> bool:
        """A game with people at the table counts in the statistics, online too (a seat of ours
        among the winners is a win); an online game's id is its room's, so it counts once."""
        return self.seating.counts

    def enter_table(self) -> None:
        """Call from the scene's `enter`: bots start, and Continue works from the first moment."""
        if self.seating.runs_bots:
            self.bots.start()
        if not self.tg.state.is_over:
            self.autosave()
        if self.options.figures:
            from .demo import DemoMeter
            self.meter = DemoMeter(self)

    def exit_table(self) -> None:
        """Call from the scene's `exit`."""
        self.saver.flush()
        self.bots.close()

    def leave(self) -> None:
        """Back to the menu, once the last autosave has landed."""
        self.saver.flush()
        self.app.to_menu()

    def update_table(self, dt: float) -> None:
        """Call from the scene's `update`: finished autosave writes are looked at here."""
        self.saver.poll()
        self.first_tips.check(dt)
        if self.remote is not None:
            self.remote.update(self)

    def is_human(self, seat: int | None) -> bool:
        """A person at this screen plays `seat` (the same as `acts_here`)."""
        return self.seating.here(seat)

    # ------------------------------------------------------------ hosted components
    def handle_components(self, event: pygame.event.Event) -> bool:
        """Call first in the scene's `handle`: a component (the chat, the guide) may take the event."""
        return any(c.handle(event) for c in reversed(self.components))

    def update_components(self, dt: float) -> None:
        for c in self.components:
            c.update(dt)

    def draw_components(self, surface: pygame.Surface) -> None:
        """Call at the end of the scene's `draw`: the components over the table. A table that
        pushes only what changed pushes their rects too, and repaints under them next frame."""
        if not self.components:
            return
        rects: list[pygame.Rect] = []
        for c in self.components:
            rects += c.draw(surface)
        self.frame_push.rects = list(self.frame_push.rects) + rects
        if self.app._present is not None:
            self.app.present_only(self.app._present + rects)

    # ------------------------------------------------------------ actions
    def on_applied(self, action: Any, events: list | None) -> None:
        """An action (anyone's) went into the engine: keep the game, end it if it is over."""
        if self.remote is not None:
            self.remote.applied(action)   # ours goes to the room
        for c in self.components:
            c.applied(action, events)
        self.first_tips.after_applied(action, events)
        if self.tg.state.is_over:
            self.game_over()
        else:
            self.autosave()

    def undo(self) -> None:
        """Undo, the one entry point (button, key): the game takes back, the autosave follows. A
        component may refuse to rewind the engine (a tutorial's script would be left)."""
        if self.undo_rewinds() and not all(c.allows_rewind() for c in self.components):
            return
        if self.take_back():
            self.autosave()

    def undo_rewinds(self) -> bool:
        """Undo now would rewind the engine (not only take back what is drawn at the table)."""
        return True

    def vet(self, actions: list[str]) -> list[str] | None:
        """A person's actions before the engine sees them: as the hosted components would send
        them (a tutorial: in its script's order), or None when one refuses them."""
        for c in self.components:
            vetted = c.vet(actions)
            if vetted is None:
                return None
            actions = vetted
        return actions

    def hint_taken(self) -> bool:
        """A hosted component answers the Hint button itself (the tutorial's pointer)."""
        return any(c.hint() for c in self.components)

    # ------------------------------------------------------------ autosave
    def autosave(self) -> None:
        if self.keeps_saves:
            self.saver.write(self.tg.payload())

    def _save_failed(self, reason: str) -> None:
        self.app.toast(_("Your game could not be saved ({reason}). Play on, but it will be lost "
                         "when you leave.").format(reason=reason), seconds=6.0)

    def save_promise(self) -> str:
        """What the pause screen says about saving; true whatever the disk did (a finished game's
        autosave is gone: nothing is promised)."""
        if not self.can_save:
            return ""
        if self.saver.failing:
            return _("Your game could not be saved ({reason}): it will be lost when you leave.").format(
                reason=self.saver.reason)
        return _("Your game is saved after every move: Continue in the menu brings it back.")

    # ------------------------------------------------------------ game over
    def game_over(self) -> None:
        """History, statistics and autosave, once, as soon as the engine says the game is over.

        Every finished game is kept in the history (demos and bots-only games too);
        a game with people at the table also counts (once per game id, so a save
        finished twice counts once) and its autosave goes. A tutorial's scripted
        game is no game of the player's: it is neither kept nor counted.
        """
        if self.recorded or self.replay:
            return
        self.recorded = True
        if self.tutorial:
            return
        config = self.tg.config
        game_id = config.get("game_id") if isinstance(config.get("game_id"), str) else None
        kept = history.record_game(self.game, self.tg.state.to_json(), config.get("seats", ()), game_id=game_id,
                                   branch=config.get("branch"), daily=config.get("daily"))
        self.history_id = kept.id if kept else None
        if not self.counts:
            return
        self.first_game_done()
        self.before_record()
        ids = {"history": kept.id if kept else None}
        if game_id is not None:
            ids["id"] = game_id
        try:
            stats.record_result(self.game, {**self.tg.result(), **ids})
        except (OSError, ValueError) as exc:
            log.warning("statistics not recorded: %s", exc)
        # cleared last: a kill before this leaves the finished game to Continue, which records it
        # again -- once, as history and statistics know its game id -- instead of losing its count
        if self.keeps_saves:
            self.saver.clear()

    def first_game_done(self) -> None:
        """The first finished game ends the first-game tips, once: a player who turns them
        back on in the settings keeps them."""
        s = self.app.settings
        if not s.first_game_tips_settled:
            self.app.change_settings(first_game_tips=False, first_game_tips_settled=True)

    # ------------------------------------------------------------ overlays
    def open_pause(self) -> None:
        from .overlays import PauseScene
        self.app.push(PauseScene(self.app, self))

    def ask_pass(self, seat: int) -> None:
        """Hot-seat: hide the table until `seat`'s player says they have the screen."""
        from .overlays import PassScene
        self.passing = True
        self.app.push(PassScene(self.app, self, seat))

    def passed_to(self, seat: int) -> None:
        """The pass screen was confirmed by `seat`'s player (the game turns the table to them)."""
        self.passing = False

    def since_last_turn(self, seat: int) -> list[tuple[int | None, str]]:
        """What happened since `seat` last ended a turn, as the game's log says it: (the seat each
        line is about or None, the sentence). The game provides it; [] says nothing to show."""
        return []

    def seat_colour(self, seat: int | None) -> tuple[int, int, int] | None:
        """The colour a seat is marked with at this table (None: the game has none)."""
        return None

    def show_since(self, seat: int) -> bool:
        """Show what happened since `seat`'s last turn over the table (False: nothing happened)."""
        if not self.since_last_turn(seat):
            return False
        from .overlays import SinceScene
        self.app.push(SinceScene(self.app, self, seat))
        return True

    # ------------------------------------------------------------ results
    def show_results(self) -> None:
        if self.replay:
            return          # the replay viewer stays up at the end of the game
        if self.meter is not None and self.meter.finish():
            return          # the demo printed its figures and the app quits
        self.results_open = self.results_seen = True
        self.app.push(self.results_scene())

    def look_at_table(self) -> None:
        """From the results: hide them; a click or a key at the table brings them back."""
        self.results_open = False
        self.app.pop()
        self.app.toast(_("Click the table or press Enter to see the results again."))

    def handle_over(self, event: pygame.event.Event) -> bool:
        """The base's share of the table's input, asked first: a click on a first-game tip
        closes it; at a finished table whose results are hidden, a click or a key brings them back."""
        self.first_tips.handle(event)      # a click on a tip closes it and goes on to the table
        if not (self.results_seen and not self.results_open):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            if self._on_a_button(event):
                return False          # Menu and the like still work
        elif not (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                                  pygame.K_SPACE)):
            return False
        self.show_results()
        return True

    def _on_a_button(self, event: pygame.event.Event) -> bool:
        """A mouse press on one of the table's visible buttons."""
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        buttons = getattr(self, "buttons", None) or getattr(self, "widgets", [])
        return any(b.visible and b.rect.collidepoint(event.pos) for b in buttons)

    # ------------------------------------------------------------ drawing
    def tip_keep_clear(self) -> list[pygame.Rect]:
        """What a first-game tip's bubble should leave in view, besides the thing it is about."""
        return []

    def tip_never_cover(self) -> list[pygame.Rect]:
        """What a tip's bubble must never lie over, like the thing it is about: the seats' names
        and scores."""
        return []

    def tips_shown(self) -> bool:
        """Tooltips, zooms and tip bubbles show only while the table is on top: a dialog over it
        (the close confirmation, the pause menu) hides them, as the pointer is on the dialog."""
        return self.app.top is self

    def draw_first_tip(self, surface: pygame.Surface) -> None:
        """Call at the end of the game's `draw`: the tip's bubble over the table. While a bubble
        shows, every frame is pushed whole and the next one drawn whole, so the bubble, and the
        table under it once it goes, are never left half-patched (a tip shows a few seconds, once)."""
        if self.tips_shown() and self.first_tips.draw(surface):
            self.app.window_changed()
