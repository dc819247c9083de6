"""What every results screen has: play again, look at the table, back to the menu,
the game's seed, shown on a button that copies it (Ctrl+C does too), the
end-of-game statistics (a toggle between the results and `GameStatsPanel`,
S key too), "Watch replay" (the game as the history kept it) and "Review" (its
post-game review beside the replay, `game.replay.review`).

A game's results screen subclasses `TableResults`, lays out `self.widgets`
(the buttons below, plus its own) and draws its own rows, or the statistics
panel (`draw_stats`) while `stats_shown`.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.shell import tables
from game.shell.i18n import N_, _
from game.shell.scene import WidgetScene
from game.ui.fit_button import FitButton as Button
from game.ui import text as T
from game.ui.game_stats_panel import GameStatsPanel
from game.ui.widgets import fit_row, label_text

#: no label of a results button is smaller (800×600 included)
MIN_PX = 11

if TYPE_CHECKING:
    from game.shell.app import App

    from .base import TableBase

#: keys of the config that belong to one game only, never to the next one
ONE_GAME_ONLY = ("bot_seeds", "daily", "game_id", "branch")


def next_config(config: dict, players: int) -> dict:
    """The setup of the next game with the same people: a new seed, the next first seat."""
    cfg = {k: v for k, v in config.items() if k not in ONE_GAME_ONLY}
    cfg["seed"] = random.SystemRandom().randrange(1, 2**31)
    if cfg.get("first_seat") is not None and players > 1:
        cfg["first_seat"] = (int(cfg["first_seat"]) + 1) % players
    return cfg


class TableResults(WidgetScene):
    """Over (or instead of) the finished table."""

    def __init__(self, app: "App", table: "TableBase", font_size: int = 30) -> None:
        super().__init__(app)
        self.table = table
        # a tutorial's seats are the script's: its results offer a real game's setup instead
        self.b_again = Button(N_("Play a real game") if table.tutorial else N_("Play again"), self.play_again,
                              "primary", font_size=font_size)
        self.b_look = Button(N_("Look at the table"), table.look_at_table, font_size=font_size)
        self.b_menu = Button(N_("Back to menu"), self.to_menu, "quiet", font_size=font_size)
        # a new game of this machine (again, a game's own offers such as the daily sheet) after an
        # online table would be an offline game against bots named after the players: a new online
        # table is made from the Play online screen instead; a demo offers none either
        self.offers_offline_game = not table.demo and table.remote is None
        self.b_again.visible = self.offers_offline_game
        # a tutorial's deal is stacked by its script: its seed ("tutorial") replays nothing
        self.seed = None if table.tutorial else getattr(table.tg.state, "seed", None)
        self.b_seed = Button(lambda: _("Seed {seed} · copy").format(seed=self.seed), self.copy_seed, "quiet",
                             font_size=font_size * 0.75)
        self.b_seed.visible = self.seed is not None
        small = font_size * 0.75
        self.stats_shown = False
        self._panel: GameStatsPanel | None = None
        self.b_stats = Button(lambda: _("Results") if self.stats_shown else _("Statistics"), self.toggle_stats,
                              "quiet", font_size=small)
        self.b_replay = Button(N_("Watch replay"), self.watch_replay, "quiet", font_size=small)
        self.b_replay.visible = getattr(table, "history_id", None) is not None
        # the post-game review of the seat shown, beside its replay (game.replay.review)
        self.b_review = Button(N_("Review"), self.review_game, "quiet", font_size=small)
        self.b_review.visible = self.b_replay.visible
        self.widgets = [self.b_again, self.b_look, self.b_menu, self.b_seed, self.b_stats, self.b_replay,
                        self.b_review]

    def shown_buttons(self) -> list:
        small = (self.b_seed, self.b_stats, self.b_replay, self.b_review)
        return [w for w in self.widgets if isinstance(w, Button) and w.visible and w not in small]

    # ------------------------------------------------------------ statistics and replay
    def stats_panel(self) -> GameStatsPanel:
        """The end-of-game statistics, counted once from the finished game's events."""
        if self._panel is None:
            tg = self.table.tg
            self._panel = GameStatsPanel(self.table.game, tg.state,
                                         [tg.name(p) for p in range(len(tg.config["seats"]))])
        return self._panel

    def toggle_stats(self) -> None:
        self.stats_shown = not self.stats_shown
        self.layout(self.app.lay)

    def draw_stats(self, surface: pygame.Surface, rect: pygame.Rect, font_px: int) -> None:
        """The statistics panel in `rect` (a results screen calls this instead of its rows)."""
        self.stats_panel().draw(surface, rect, font_px)

    def watch_replay(self) -> None:
        """This game in the replay viewer, from the seat the table showed."""
        self.app.open("replay", self.table.history_id, self.table.watch_seat())

    def review_game(self) -> None:
        """Where the seat shown lost points or fields: the review beside this game's replay."""
        self.app.open("review", self.table.history_id, self.table.watch_seat())

    def copy_seed(self) -> None:
        """The seed to the clipboard (to replay or share the deal), and a note saying whether it went."""
        if self.seed is None:
            return
        try:
            pygame.scrap.put_text(str(self.seed))
            copied = pygame.scrap.get_text() == str(self.seed)
        except (pygame.error, AttributeError):
            copied = False
        self.app.toast(_("Seed {seed} copied.").format(seed=self.seed) if copied else
                       _("The seed could not be copied; it is {seed}.").format(seed=self.seed))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.copy_seed()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s and not event.mod & pygame.KMOD_CTRL:
            self.toggle_stats()
            return True
        return super().handle(event)

    def place_buttons(self, y: int, width: int, height: int, gap: int, room: int | None = None) -> None:
        """The visible buttons in a centred row at `y`, the small ones under them (each row at most
        `room` wide)."""
        self._row(self.shown_buttons(), self.app.lay.width // 2, y, width, height, gap, room)
        self.place_small(self.app.lay.width // 2, y + height + gap // 2, width, height * 3 // 4, gap, room)

    def place_small(self, cx: int, y: int, width: int, height: int, gap: int, room: int | None = None) -> None:
        """Statistics, the seed, Watch replay and Review (unless a game shows it in the main row): a
        centred row of small buttons at `y`, at most `room` wide."""
        main = self.shown_buttons()
        shown = [b for b in (self.b_stats, self.b_seed, self.b_replay, self.b_review) if b.visible and b not in main]
        self._row(shown, cx, y, width, height, gap, room)

    def _row(self, shown: list, cx: int, y: int, width: int, height: int, gap: int, room: int | None = None) -> None:
        """`shown` in a centred row at `y`: each at least `width`, wider where its label needs it
        on one line at a readable size (at 800×600 "Seed 1234567 · copy" wrapped into two lines of
        tiny text), narrower only when the row has no room (the window's, or `room`)."""
        lay = self.app.lay
        # one font size per row: a game's own buttons (Review, Challenge a friend) joining the main
        # row were made smaller than its others and read as a different kind of button
        size = max((b.font_size for b in shown), default=0)
        for b in shown:
            b.font_size = size
        fit_row(shown)
        pad = lay.px(40)
        natural = [T.width(label_text(b.label), max(MIN_PX, lay.font_px(b.font_size)), True) + pad
                   for b in shown]
        wide = lay.width - lay.px(40) if room is None else min(room, lay.width - lay.px(40))
        space = wide - gap * max(0, len(shown) - 1)
        need = [max(width, n) for n in natural]
        if sum(need) > space and sum(natural) <= space:
            # no room for every button at `width`: each gets its label's width, the rest shared out
            extra = (space - sum(natural)) // max(1, len(shown))
            need = [min(max(width, n), n + extra) for n in natural]
        elif sum(need) > space:
            need = [w * space // sum(natural) for w in natural]
        x = cx - (sum(need) + gap * max(0, len(shown) - 1)) // 2
        for b, w in zip(shown, need):
            b.rect = pygame.Rect(x, y, w, height)
            x += w + gap

    def back(self) -> None:
        self.to_menu()

    def to_menu(self) -> None:
        if self.table.options.exit_at_end:
            self.app.quit()
            return
        self.app.to_menu()

    def play_again(self) -> None:
        if self.table.tutorial:
            self.app.to_menu()
            self.app.open("setup", self.table.game)
            return
        tg = self.table.tg
        tables.open_table(self.app, next_config(tg.config, tg.state.players))
