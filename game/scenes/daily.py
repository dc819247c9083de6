"""The daily challenge: today's game of each game (UTC), the same for everybody.

One row per game with a daily challenge (`GameUI.daily`): what the day plays
(its options and bots), how far you are (not played, your counted game to
continue, your score and practice games), "Play" and "Leaderboard". The first
game of the day counts; every later one is practice (`game.daily.attempts`).
Tables open through the one factory (`game.shell.tables.open_table` with a
`TableSpec`), hosting `DailyWatch`: when the game ends it brings the result into
the statistics' daily section and starts posting it (when signed in; a
homeserver that is down gets it later, the entry waits on disk).
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.files import storage
from game.daily import attempts
from game.leaderboard import posting
from ..daily.day import Daily, challenge, games
from game.shell.frontends import frontend
from game.shell.i18n import N_, _, ngettext
from game.shell.scene import WidgetScene
from ..table.spec import Hosted, TableSpec
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout
from ..ui.widgets import Button, panel
from .common import LEVEL_NAMES, header, hint

if TYPE_CHECKING:
    from game.shell.app import App

ROW_W = 1300
ROW_H = 250
GAP = 26


class DailyWatch(Hosted):
    """Hosted by a daily table: once the game is over and counted, its day is settled and posted."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.done = False

    def update(self, dt: float) -> None:
        if self.done or not getattr(self.table, "recorded", False):
            return
        self.done = True
        if attempts.settle():
            posting.post_waiting()


def player_name(app: "App", game: str) -> str:
    """The name the player last played under (the setup's first seat), else "Player"."""
    last = app.settings.last_setup.get(game)
    seats = last.get("seats") if isinstance(last, dict) else None
    name = seats[0].get("name") if isinstance(seats, list) and seats and isinstance(seats[0], dict) else None
    return name if isinstance(name, str) and name.strip() else _("Player")


def describe(daily: Daily) -> str:
    """What the day plays, in the current language: its options as the setup names them, and its bots."""
    ui = frontend(daily.game)
    values = daily.options()
    parts = []
    for opt in (*ui.setup_options, *ui.seat_options):
        if opt.key in values:
            label = dict(opt.choices).get(values[opt.key])
            parts.append(f"{_(opt.label)}: {_(label) if label else values[opt.key]}")
    bots = daily.rules.bots
    if not bots:
        parts.append(_("solo"))
    for level in dict.fromkeys(bots):
        n = bots.count(level)
        parts.append(ngettext("against {n} bot ({level})", "against {n} bots ({level})", n).format(
            n=n, level=_(LEVEL_NAMES[level])))
    return " · ".join(parts)


def status(daily: Daily) -> str:
    """How far the player is with the day's challenge."""
    day = attempts.day_of(daily)
    plan = attempts.plan(daily)
    if day is None:
        return _("Not played yet: your first game today counts.")
    if plan == attempts.CONTINUE:
        return _("Your counted game is not finished yet.")
    practice = day.get("practice", 0)
    score = day.get("score")
    text = (_("Your counted game: {score}").format(score=daily.rules.score_text(score)) if score is not None
            else _("Your counted game was left unfinished."))
    if practice:
        text += " · " + ngettext("{n} practice game", "{n} practice games", practice).format(n=practice)
    return text


def open_daily(app: "App", game: str) -> bool:
    """Open today's challenge of `game`: the counted game (new, or continued) or a practice game."""
    from game.shell import tables
    from ..table.base import new_game_id
    daily = challenge(game)
    plan = attempts.plan(daily)
    if plan == attempts.CONTINUE:
        env = storage.read_save(storage.autosave_path(game))
        payload = (env or {}).get("payload")
        if not isinstance(payload, dict) or not isinstance(payload.get("config"), dict):
            return False
        return tables.open_table(app, TableSpec(game, payload["config"], save=payload, components=(DailyWatch,)),
                                 storage.autosave_path(game))

    def start() -> None:
        old = storage.read_save(storage.autosave_path(game)) if storage.autosave_path(game).exists() else None
        game_id = new_game_id()
        attempt = attempts.begin(daily, game_id)
        config = {**daily.config(player_name(app, game), attempt), "game_id": game_id}
        if not tables.open_table(app, TableSpec(game, config, components=(DailyWatch,))):
            return
        if old is not None:
            tables.keep_abandoned(game, old)         # the replaced game stays in the history, abandoned
        if attempt == attempts.PRACTICE:
            app.toast(_("Practice: today's counted game is played. This one does not count."), 4.0)
    if storage.autosave_path(game).exists():
        app.confirm(_("Your unfinished game of {game} will be replaced by this one. Go on?").format(
            game=frontend(game).title), start, _("Replace it"))
        return True
    start()
    return True


class DailyScene(WidgetScene):
    """Today's challenge of each game: what it is, your progress, Play and Leaderboard."""

    name = "daily"

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.games = games()
        self.plays = [Button(partial(self._play_label, g), partial(open_daily, app, g), "primary", font_size=28)
                      for g in self.games]
        self.boards = [Button(N_("Leaderboard"), partial(app.open, "leaderboard", g), font_size=28)
                       for g in self.games]
        self.b_back = Button(N_("Back"), self.back, "quiet")
        self.widgets = [*(w for pair in zip(self.plays, self.boards) for w in pair), self.b_back]
        self.rows: list[pygame.Rect] = []
        # read from the files on enter and every few seconds, never per frame
        self.plans: dict[str, str] = {}
        self.lines: dict[str, tuple[str, str]] = {}
        self.waiting = 0
        self.since = 0.0

    def _play_label(self, game: str) -> str:
        return {attempts.COUNTED: _("Play (counts)"), attempts.CONTINUE: _("Continue"),
                attempts.PRACTICE: _("Practice")}[self.plans.get(game, attempts.COUNTED)]

    def refresh(self) -> None:
        """The day's plans, progress and outbox, read again (the poster may have emptied it)."""
        self.since = 0.0
        for game in self.games:
            daily = challenge(game)
            self.plans[game] = attempts.plan(daily)
            self.lines[game] = (describe(daily), status(daily))
        self.waiting = len(attempts.queued())

    def enter(self) -> None:
        attempts.settle()        # a daily finished from Continue or before a restart is brought in
        posting.post_waiting()
        self.refresh()
        super().enter()
        self.app.show_problems()

    def resume(self) -> None:
        attempts.settle()
        self.refresh()
        super().resume()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.since += dt
        if self.waiting and self.since > 3.0:
            self.refresh()

    def layout(self, lay: Layout) -> None:
        w = min(ROW_W, lay.logical_w - 80)
        x = (lay.logical_w - w) / 2
        top = 220
        self.rows = []
        for i in range(len(self.games)):
            y = top + i * (ROW_H + GAP)
            self.rows.append(lay.rect(x, y, w, ROW_H))
            self.plays[i].rect = lay.rect(x + 30, y + ROW_H - 90, 360, 70)
            self.boards[i].rect = lay.rect(x + 410, y + ROW_H - 90, 360, 70)
        self.b_back.rect = lay.rect(lay.logical_w / 2 - 200, top + len(self.games) * (ROW_H + GAP) + 10, 400, 76)

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        self.app.background(surface)
        header(surface, lay, _("Daily challenge"),
               _("{date} (UTC): the same games for everybody today").format(date=challenge(self.games[0]).date))
        for game, rect in zip(self.games, self.rows):
            what, progress = self.lines.get(game, ("", ""))
            panel(surface, rect, lay, C.PANEL, C.PANEL_EDGE)
            x, y = rect.x + lay.px(30), rect.y + lay.px(20)
            T.blit_text(surface, frontend(game).title, lay.font_px(44), C.TEXT, (x, y), "topleft", bold=True)
            T.blit_text(surface, what, lay.font_px(26), C.TEXT_DIM, (x, y + lay.px(62)), "topleft")
            T.blit_text(surface, progress, lay.font_px(26), C.TEXT, (x, y + lay.px(102)), "topleft")
        waiting = self.waiting
        if waiting:
            note = ngettext("{n} result waits to be posted to its leaderboard (sign in, or the homeserver "
                            "is away).", "{n} results wait to be posted to their leaderboards (sign in, or the "
                            "homeserver is away).", waiting).format(n=waiting)
            T.blit_text(surface, note, lay.font_px(24), C.TEXT_DIM,
                        (surface.get_width() // 2, self.b_back.rect.bottom + lay.px(20)), "midtop")
        self.draw_widgets(surface)
        hint(surface, lay, _("↑ ↓ choose · Enter select · Esc back"))
