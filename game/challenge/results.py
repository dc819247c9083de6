"""What a results screen adds for achievements and challenges, the same for every game.

`ResultsExtras(scene)` is made by a game's results screen (`game/<game>_table/results.py`):

- at a counted game's end it awards the achievements (`game.achievements.store.award`,
  once per game) and `line()` names the ones this game earned;
- a "Challenge" button opens the offer (`app.open("challenge_offer", table)`: the code,
  copy, save as a file) for a game whose seed can travel;
- at a challenge's table (its config's "friend_challenge" marker, the same seed) `line()` says
  who won the challenge, and "Compare" shows both games side by side (`draw_compare`),
  when the challenger's game came in a file, and from there "Replay with ghost"
  (`game.challenge.ghost`: your game in the replay viewer, theirs beside it decision by decision).

The screen places the buttons (`widen_row`, or its own rects) and draws `line()` and,
while `compare_shown`, `draw_compare(surface, rect)` instead of its own rows.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from engine.games import game as game_info

from game import challenge as ch
from game.files import stats
from game.files.history import replay
from game.achievements import store
from game.shell.i18n import N_, _, ngettext
from game.ui import text as T
from game.ui import theme as C
from game.ui.fit_button import FitButton as Button
from game.ui.game_stats_panel import GameStatsPanel
from game.ui.widgets import panel

if TYPE_CHECKING:
    from game.shell.scene import WidgetScene

log = logging.getLogger("linebox.results")


def _score_text(game: str, score: float) -> str:
    n = int(score)
    if game_info(game).lower_is_better:
        return ngettext("{n} free field", "{n} free fields", n).format(n=n)
    return ngettext("{n} point", "{n} points", n).format(n=n)


class ResultsExtras:
    def __init__(self, scene: "WidgetScene", font_size: float = 22) -> None:
        self.scene = scene
        table: Any = scene.table          # type: ignore[attr-defined]  # every results screen has its table
        self.table = table
        self.game: str = table.game
        tg = table.tg
        self.earned = self._award(table)
        self.offer = None if table.tutorial or table.demo or table.replay else ch.of_game(
            self.game, tg.config, tg.state)
        self.playing = ch.matches(tg.config, tg.state)
        marker = tg.config.get(ch.CONFIG_KEY) if self.playing is not None else None
        self.their_game = ch.kept_game(marker.get("game")) if isinstance(marker, dict) else None
        self.compare_shown = False
        self._panels: list[GameStatsPanel] | None = None
        self.b_challenge = Button(N_("Challenge a friend"), self.open_offer, "quiet", font_size=font_size)
        self.b_challenge.visible = self.offer is not None
        self.b_compare = Button(lambda: _("Results") if self.compare_shown else _("Compare"), self.toggle_compare,
                                "quiet", font_size=font_size)
        self.b_compare.visible = self.their_game is not None
        self.b_ghost = Button(N_("Replay with ghost"), self.open_ghost, "quiet", font_size=font_size)
        self.b_ghost.visible = False            # while both games are compared, in place of Challenge
        self.buttons = [self.b_challenge, self.b_compare, self.b_ghost]
        scene.widgets.extend(self.buttons)

    # ------------------------------------------------------------ achievements
    def _award(self, table: Any) -> list[Any]:
        """Award this game's achievements (once) and list the ones it earned."""
        if not table.counts or table.tutorial or table.replay or table.demo or not table.tg.state.is_over:
            return []
        game_id = table.tg.config.get("game_id")
        game_id = game_id if isinstance(game_id, str) else None
        try:
            _new, data = store.settle(store.finished_game(self.game, table.tg.state, table.tg.config), game_id,
                                      getattr(table, "history_id", None))
        except (OSError, ValueError) as exc:
            log.warning("achievements not recorded: %s", exc)
            data = stats.load()
        return store.earned_in(data, game_id)

    def lines(self) -> list[str]:
        """What the results say besides the game's own rows, in the current language."""
        out = []
        if self.earned:
            titles = " · ".join(_(a.title) for a in self.earned)
            out.append(ngettext("Achievement earned: {titles}", "Achievements earned: {titles}",
                                len(self.earned)).format(titles=titles))
        if self.playing is not None and self.playing.score is not None:
            out.append(self.verdict(self.playing.score))
        return [line for line in out if line]

    def your_score(self) -> float | None:
        return stats.your_score(self.game, self.table.tg.result())

    def verdict(self, theirs: float) -> str:
        """Who won the challenge, in words."""
        mine = self.your_score()
        if mine is None:
            return ""
        shown = _score_text(self.game, theirs)
        if mine == theirs:
            return _("Challenge: a tie with {theirs}.").format(theirs=shown)
        if stats.better(self.game, mine, theirs):
            return _("Challenge won: you beat {theirs}.").format(theirs=shown)
        return _("Challenge lost: the score to beat was {theirs}.").format(theirs=shown)

    def draw_lines(self, surface: pygame.Surface, lay: Any, centre_x: int, y: int, width: int, size: int) -> int:
        """The lines centred at `centre_x` from `y` down; returns the y below them."""
        for text in self.lines():
            for line in T.wrap(text, size, width):
                T.blit_text(surface, line, size, C.ACCENT, (centre_x, y), "midtop", bold=True)
                y += int(size * 1.3)
        return y

    # ------------------------------------------------------------ buttons
    def widen_row(self, row: list[Any], room: int) -> None:
        """Move this screen's buttons out of the big row into the small `row` (see `_widen`), and
        centre the big row again without them."""
        big = [b for b in self.scene.shown_buttons() if b not in self.buttons]   # type: ignore[attr-defined]
        if big and any(b.visible for b in self.buttons):
            gap = big[1].rect.x - big[0].rect.right if len(big) > 1 else 0
            width = sum(b.rect.w for b in big) + gap * (len(big) - 1)
            x = self.scene.app.lay.width // 2 - width // 2
            for b in big:
                b.rect.x = x
                x += b.rect.w + gap
        self._widen(row, room)

    def _widen(self, row: list[Any], room: int) -> None:
        """Lay the visible `row` (small buttons already placed in one centred row) and this
        screen's visible buttons as one centred row of the same height and spacing, narrower
        when they would not fit in `room` pixels."""
        placed = [b for b in row if b.visible]
        mine = [b for b in self.buttons if b.visible]
        if not mine or not placed:
            return
        w, h, y = placed[0].rect.w, placed[0].rect.h, placed[0].rect.y
        gap = placed[1].rect.x - placed[0].rect.right if len(placed) > 1 else h // 3
        every = placed + mine
        w = min(w, (room - (len(every) - 1) * gap) // len(every))
        cx = (placed[0].rect.x + placed[-1].rect.right) // 2
        x = cx - (len(every) * w + (len(every) - 1) * gap) // 2
        for i, b in enumerate(every):
            b.rect = pygame.Rect(x + i * (w + gap), y, w, h)

    def open_offer(self) -> None:
        self.scene.app.open("challenge_offer", self.table)

    def toggle_compare(self) -> None:
        self.compare_shown = not self.compare_shown
        if self.compare_shown:
            self.scene.stats_shown = False          # type: ignore[attr-defined]
        self.b_ghost.visible = self.compare_shown and getattr(self.table, "history_id", None) is not None
        self.b_challenge.visible = self.offer is not None and not self.b_ghost.visible
        self.scene.layout(self.scene.app.lay)

    def open_ghost(self) -> None:
        """Your game in the replay viewer with the challenger's game as a ghost beside it."""
        self.scene.app.open("challenge_ghost", self.table.history_id, self.their_game)

    # ------------------------------------------------------------ both games side by side
    def draw_compare(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        """The challenger's game and this one, side by side: each seat's place, name and score."""
        theirs = self.their_game
        if theirs is None:
            return
        tg = self.table.tg
        mine_seats = [(tg.name(p), tg.config["seats"][p].get("kind") == "human") for p in range(len(tg.config["seats"]))]
        their_seats = [(str(s.get("name") or ""), s.get("kind") == "human") for s in theirs["seats"]]
        name = self.playing.name if self.playing is not None and self.playing.name else _("Your friend")
        if theirs["seats"]:
            people = [s for s, human in their_seats if human]
            name = people[0] if people else name
        gap = max(8, rect.w // 40)
        half = (rect.w - gap) // 2
        columns = ((_("{name}'s game").format(name=name), their_seats, theirs["result"]["scores"],
                    theirs["result"]["winners"]),
                   (_("Your game"), mine_seats, tg.state.scores(), tg.state.winners()))
        for k, (title, seats, scores, winners) in enumerate(columns):
            box = pygame.Rect(rect.x + k * (half + gap), rect.y, half, rect.h)
            bottom = self._draw_column(surface, box, size, title, seats, scores, winners)
            figures = pygame.Rect(box.x + gap, bottom, box.w - 2 * gap, box.bottom - bottom - gap)
            if figures.h > size * 6:        # each game's own figures under its places, when there is room
                self.panels()[k].draw(surface, figures, max(14, size * 4 // 5))   # its chart labels: 11 px and more

    def panels(self) -> list[GameStatsPanel]:
        """The end-of-game statistics of both games (the challenger's replayed from its record), made once."""
        if self._panels is None:

            theirs = self.their_game or {}
            tg = self.table.tg
            self._panels = [
                GameStatsPanel(self.game, replay(self.game, theirs.get("record")),
                               [str(s.get("name") or "") for s in theirs.get("seats", ())]),
                GameStatsPanel(self.game, tg.state, [tg.name(p) for p in range(len(tg.config["seats"]))])]
        return self._panels

    def _draw_column(self, surface: pygame.Surface, box: pygame.Rect, size: int, title: str,
                     seats: list[tuple[str, bool]], scores: list[Any], winners: list[Any]) -> int:
        """One game's places; returns the y below them."""
        lay = self.scene.app.lay
        panel(surface, box, lay, C.PANEL, C.PANEL_EDGE, radius=16)
        pad = max(6, box.w // 30)
        y = box.y + pad
        T.blit_text(surface, T.cut(title, size, box.w - 2 * pad, True), size, C.ACCENT, (box.x + pad, y), bold=True)
        y += int(size * 1.6)
        lower = game_info(self.game).lower_is_better
        order = sorted(range(len(seats)), key=lambda p: (scores[p] if lower else -scores[p], p))
        row_h = int(size * 1.5)
        for place, p in enumerate(order, 1):
            if y + row_h > box.bottom:
                break
            who, human = seats[p]
            win = p in winners
            label = f"{place}. {who}" + ("  ★" if win else "")
            score = _score_text(self.game, scores[p])
            score_w = T.width(score, size, True)
            T.blit_text(surface, T.cut(label, size, box.w - 3 * pad - score_w, human), size,
                        C.TEXT if human else C.TEXT_DIM, (box.x + pad, y), bold=human)
            T.blit_text(surface, score, size, C.ACCENT if win else C.TEXT, (box.right - pad, y), "topright", bold=True)
            y += row_h
        return y
