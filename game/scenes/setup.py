"""Game setup for Line-it or Linyo: seats, first player, options, seed.

Produces the plain config dict documented in `game.shell.tables` and hands it to
`tables.open_table`. The last setup of each game is remembered in the
settings (`last_setup[game]`), without the seed unless the player typed one.
"""
from __future__ import annotations

import copy
import random
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from engine.games import game as game_info
from engine.games import games

from game.shell import tables
from game.shell.frontends import SetupOption, frontend
from game.shell.i18n import N_, _
from game.shell.scene import WidgetScene
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout
from ..ui.widgets import fit_row, Button, Choice, Label, TextInput, Widget, label_text, panel
from .common import header, hint

if TYPE_CHECKING:
    from game.shell.app import App

SEATS = {g.name: (g.min_players, g.max_players) for g in games()}
LEVELS = (("easy", N_("Easy")), ("normal", N_("Normal")), ("hard", N_("Hard")))
KINDS = (("human", N_("Human")), ("bot", N_("Bot")))
BOT_NAMES = ("Ada", "Bruno", "Chloé", "Dario", "Emma", "Félix")
NAME_LEN = 20
SEED_LEN = 12


def ascii_digit(ch: str) -> bool:
    """0-9 only: str.isdigit() also takes ², ³, ¹ (French keyboards), which int() refuses."""
    return ch in "0123456789"


def typed_seed(text: str) -> int | None:
    """The seed the player typed, or None when the field holds no number."""
    return int(text) if text and len(text) <= SEED_LEN and all(map(ascii_digit, text)) else None


def default_names() -> set[str]:
    """The first seat's default name in every language ("Player", "Spieler", "Joueur"): a remembered
    setup that still holds one is shown in the current language, not the one it was made in."""
    import gettext

    from game.files.paths import LOCALE
    names = {"Player"}
    for lang in ("de", "fr"):
        names.add(gettext.translation("linebox", localedir=str(LOCALE), languages=[lang], fallback=True)
                  .gettext("Player"))
    return names


def default_seat(game: str, i: int) -> dict[str, Any]:
    """Seat i of a fresh setup: seat 0 is a human, the others bots."""
    seat: dict[str, Any] = {"name": BOT_NAMES[i] if i else _("Player"), "kind": "bot" if i else "human",
                            "level": "normal" if i else None}
    for option in frontend(game).seat_options:          # per-seat options at the engine's default
        seat[option.key] = game_info(game).option(option.key).default
    return seat


def allowed(game: str, option: SetupOption) -> tuple[Any, ...]:
    """The values a setup may hold for `option`: the engine's, and the setup's own choices."""
    return tuple(game_info(game).option(option.key).allowed) + option.values()


def default_config(game: str) -> dict[str, Any]:
    ui = frontend(game)
    cfg: dict[str, Any] = {"game": game, "seats": [default_seat(game, i) for i in range(ui.default_players)],
                           "first_seat": None, "seed": None}
    for option in ui.setup_options:
        cfg[option.key] = game_info(game).option(option.key).default
    return cfg


def clean_config(game: str, stored: Any) -> dict[str, Any]:
    """A valid config from a remembered one (anything odd is replaced by defaults)."""
    cfg = default_config(game)
    if not isinstance(stored, dict):
        return cfg
    lo, hi = SEATS[game]
    seats = stored.get("seats")
    if isinstance(seats, list) and lo <= len(seats) <= hi:
        clean = []
        for i, s in enumerate(seats):
            seat = default_seat(game, i)
            if isinstance(s, dict):
                if isinstance(s.get("name"), str) and not (i == 0 and s["name"] in default_names()):
                    seat["name"] = "".join(ch for ch in s["name"][:NAME_LEN * 4] if ch.isprintable())[:NAME_LEN]
                if s.get("kind") in ("human", "bot"):
                    seat["kind"] = s["kind"]
                seat["level"] = s.get("level") if s.get("level") in dict(LEVELS) else "normal"
                if seat["kind"] == "human":
                    seat["level"] = None
                for option in frontend(game).seat_options:
                    if s.get(option.key) in game_info(game).option(option.key).allowed:
                        seat[option.key] = s[option.key]
            clean.append(seat)
        cfg["seats"] = clean
    fs = stored.get("first_seat")
    if isinstance(fs, int) and not isinstance(fs, bool) and 0 <= fs < len(cfg["seats"]):
        cfg["first_seat"] = fs
    seed = stored.get("seed")
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 10 ** SEED_LEN:
        cfg["seed"] = seed
    for option in frontend(game).setup_options:
        if stored.get(option.key) in allowed(game, option):
            cfg[option.key] = stored[option.key]
    return cfg


def _seat_placeholder(i: int) -> str:
    return _("Seat {n}").format(n=i + 1)


class SetupScene(WidgetScene):
    """Setup of one game (an engine game name); its options are its front end's (`GameUI`)."""

    name = "setup"

    def __init__(self, app: "App", game: str) -> None:
        super().__init__(app)
        self.game = game
        self.ui = frontend(game)
        self.cfg = clean_config(game, app.settings.last_setup.get(game))
        self.seed_text = str(self.cfg["seed"]) if self.cfg["seed"] is not None else ""
        self.random_seed = random.SystemRandom().randrange(1, 1_000_000)
        self.seat_rows: list[list[Widget]] = []
        self.level_choices: list[Choice] = []      # each seat's bot level (shown for a bot)
        self.start = Button(N_("Start game"), self.on_start, "primary")
        self.back_button = Button(N_("Back"), self.back)
        from ..tutorial.offer import setup_offer
        self.learn = setup_offer(app, game)          # the tutorial, offered on the first visit
        fit_row([self.back_button] + ([self.learn] if self.learn else []) + [self.start])   # one label size
        self.default = self.start           # Enter starts, wherever the focus is (the footer says so)
        self.option_widgets: list[Widget] = []
        self.seed_input = TextInput(self.seed_text, self._seed_changed, self._seed_placeholder, max_len=SEED_LEN,
                                    allowed=ascii_digit)
        self.build()

    # ------------------------------------------------------------ model
    @property
    def seats(self) -> list[dict[str, Any]]:
        return self.cfg["seats"]

    def _seat_name(self, i: int) -> str:
        return self.seats[i]["name"].strip() or _("Seat {n}").format(n=i + 1)

    def _seed_placeholder(self) -> str:
        return _("random: {seed}").format(seed=self.random_seed)

    def _set_option(self, key: str, value: Any) -> None:
        self.cfg[key] = value
        self._show_seed()

    def _show_seed(self) -> None:
        """A seed the setup fixes (the daily sheet's) takes the seed box's place: a random seed beside
        "seed 20261127" said two things at once."""
        self.seed_input.visible = self.seed_input.enabled = not self.daily
        if self.focus is self.seed_input and self.daily:
            self.set_focus(self.option_widgets[-2])

    def _seed_changed(self, text: str) -> None:
        self.seed_text = text

    @property
    def daily(self) -> bool:
        """A setup choice fixes the seed (Linyo's daily sheet: today's, the same for everybody)."""
        return self.ui.setup_seed(self.cfg) is not None

    def seed(self) -> int:
        """The seed the game will use (typed, the random one shown, or the one the setup fixed)."""
        fixed = self.ui.setup_seed(self.cfg)
        if fixed is not None:
            return fixed
        typed = typed_seed(self.seed_text)
        return self.random_seed if typed is None else typed

    def config(self) -> dict[str, Any]:
        """The config dict for `tables.open_table` (see game.shell.tables)."""
        cfg = copy.deepcopy(self.cfg)
        for i, seat in enumerate(cfg["seats"]):
            seat["name"] = self._seat_name(i)
            if seat["kind"] == "human":
                seat["level"] = None
        cfg["seed"] = self.seed()
        return self.ui.setup_config(cfg)

    def remember(self) -> None:
        stored = copy.deepcopy(self.cfg)
        stored["seed"] = typed_seed(self.seed_text)
        last = dict(self.app.settings.last_setup)
        last[self.game] = stored
        self.app.change_settings(last_setup=last)

    def set_players(self, n: int) -> None:
        while len(self.seats) < n:
            self.seats.append(default_seat(self.game, len(self.seats)))
        del self.seats[n:]
        if self.cfg["first_seat"] is not None and self.cfg["first_seat"] >= n:
            self.cfg["first_seat"] = None
        self.build()
        self.layout(self.app.lay)

    # ------------------------------------------------------------ widgets
    def build(self) -> None:
        lo, hi = SEATS[self.game]
        focus_players = self.focus is not None and self.focus in self.option_widgets[:1]
        players = Choice(N_("Players"), [(n, partial(str, n)) for n in range(lo, hi + 1)], len(self.seats),
                         self.set_players)
        firsts: list[tuple[Any, Label]] = [(None, N_("Random"))]
        firsts += [(i, partial(self._seat_name, i)) for i in range(len(self.seats))]
        if len(self.seats) == 1:
            # alone, the one player begins: nothing random to offer (the choice stays "Random" in the
            # config, so a later 2-player setup keeps what was chosen before)
            firsts = [(self.cfg["first_seat"], partial(self._seat_name, 0))]
        first = Choice(N_("First player"), firsts, self.cfg["first_seat"], partial(self.cfg.__setitem__, "first_seat"))
        first.enabled = len(firsts) > 1
        self.option_widgets = [players, first]
        for option in self.ui.setup_options:
            self.option_widgets.append(Choice(
                option.label, list(option.choices), self.cfg[option.key], partial(self._set_option, option.key)))
        self.option_widgets.append(self.seed_input)
        self._show_seed()
        self.seat_rows = []
        self.level_choices = []
        for i, seat in enumerate(self.seats):
            row: list[Widget] = []
            row.append(TextInput(seat["name"], partial(self._set_seat, i, "name"), partial(_seat_placeholder, i),
                                 max_len=NAME_LEN))
            row.append(Choice("", KINDS, seat["kind"], partial(self._set_kind, i)))
            level = Choice("", LEVELS, seat["level"] or "normal", partial(self._set_seat, i, "level"))
            level.visible = seat["kind"] == "bot"
            row.append(level)
            self.level_choices.append(level)
            for option in self.ui.seat_options:
                choices: list[tuple[Any, Label]] = list(option.choices) or [
                    (v, partial(str, v)) for v in game_info(self.game).option(option.key).allowed]
                row.append(Choice("", choices, seat[option.key], partial(self._set_seat, i, option.key)))
            self.seat_rows.append(row)
        old_focus = self.focus
        self.widgets = self.option_widgets + [w for row in self.seat_rows for w in row] + \
            [self.back_button] + ([self.learn] if self.learn else []) + [self.start]
        if focus_players:
            self.focus = None
            self.set_focus(players)
        elif old_focus is not None and old_focus not in self.widgets:
            self.focus = None
            self.set_focus(self.start)

    def _set_kind(self, i: int, kind: str) -> None:
        seat = self.seats[i]
        seat["kind"] = kind
        seat["level"] = None if kind == "human" else (seat.get("level") or "normal")
        level = self.level_choices[i]
        level.visible = kind == "bot"
        if kind == "bot":
            level.set_options(LEVELS, seat["level"])

    def _set_seat(self, i: int, key: str, value: Any) -> None:
        self.seats[i][key] = value

    def layout(self, lay: Layout) -> None:
        lw = lay.logical_w
        top = 190.0
        left_w = min(660.0, lw * 0.34)
        gap = 50.0
        right_w = min(1000.0, lw - left_w - gap - 140)
        x0 = (lw - (left_w + gap + right_w)) / 2
        self.left_panel = lay.rect(x0 - 30, top - 30, left_w + 60, 4 * 92 + 150)
        for i, w in enumerate(self.option_widgets):
            w.rect = lay.rect(x0, top + 10 + i * 92, left_w, 72)
        self.seed_label_y = top + 10 + 3 * 92
        # the seed row: label on the left, the entry box on the right
        self.seed_input.rect = lay.rect(x0 + left_w * 0.45, self.seed_label_y, left_w * 0.55, 72)
        self.seed_label_pos = lay.rect(x0 + 8, self.seed_label_y, 10, 72).midleft
        self.seed_note_rect = lay.rect(x0, self.seed_label_y + 86, left_w, 60)
        rx = x0 + left_w + gap
        rows = max(4, len(self.seat_rows))
        self.right_panel = lay.rect(rx - 30, top - 30, right_w + 60, 90 + rows * 92 + 30)
        self.seat_head_y = lay.px(top)
        # name, who plays, bot level, then one narrower column per seat option
        cols = [0.36, 0.2, 0.22, 0.22] if self.ui.seat_options else [0.44, 0.26, 0.3]
        if len(self.ui.seat_options) > 1:
            share = 0.22 / len(self.ui.seat_options)
            cols = cols[:3] + [share] * len(self.ui.seat_options)
        if self.seat_rows:
            # a choice column is at least as wide as its longest value between the arrows needs (the
            # 11 px floor makes text wider in logical units in a small window: "Mensch" ran into its
            # arrows at 800x600); the name column gives up the room
            for c, w in enumerate(self.seat_rows[0][1:], start=1):
                if isinstance(w, Choice):
                    cols[c] = max(cols[c], (self._choice_need(w, lay) + 14) / right_w)
            cols[0] = max(0.25, 1.0 - sum(cols[1:]))
        self.col_x: list[int] = []
        for r, row in enumerate(self.seat_rows):
            x = rx
            for c, w in enumerate(row):
                width = right_w * cols[c] - 14
                w.rect = lay.rect(x, top + 50 + r * 92, width, 72)
                if r == 0:
                    self.col_x.append(lay.px(x))
                x += right_w * cols[c]
        by = max(top + 90 + 6 * 92 + 20, lay.logical_h - 180)
        self.back_button.rect = lay.rect(lw / 2 - 440, by, 400, 84)
        self.start.rect = lay.rect(lw / 2 + 40, by, 400, 84)
        if self.learn:
            self.back_button.rect = lay.rect(lw / 2 - 680, by, 360, 84)
            self.learn.rect = lay.rect(lw / 2 - 300, by, 600, 84)
            self.start.rect = lay.rect(lw / 2 + 320, by, 360, 84)

    @staticmethod
    def _choice_need(choice: Choice, lay: Layout) -> float:
        """Logical width a seat's choice needs to show its longest value whole between its arrows."""
        size = lay.font_px(choice.font_size)
        widest = max(T.width(label_text(label), size, True) for _v, label in choice.options)
        return (widest + lay.px(84) + 2) / lay.scale

    def enter(self) -> None:
        self.set_focus(self.start)

    def exit(self) -> None:
        super().exit()
        self.remember()

    def on_start(self) -> None:
        self.remember()
        tables.open_replacing_autosave(self.app, self.config())

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        self.app.background(surface)
        title = _("New game of {game}").format(game=tables.GAME_NAMES[self.game])
        header(surface, lay, title, "")
        panel(surface, self.left_panel, lay, C.PANEL, C.PANEL_EDGE)
        panel(surface, self.right_panel, lay, C.PANEL, C.PANEL_EDGE)
        T.blit_text(surface, _("Seed"), lay.font_px(30), C.TEXT if self.focus is self.seed_input else C.TEXT_DIM,
                    (self.seed_label_pos[0], self.seed_label_pos[1]), "midleft")
        if self.daily:      # the fixed seed in the box's place, not editable
            box = self.seed_input.rect
            T.blit_text(surface, str(self.seed()), lay.font_px(30), C.TEXT,
                        (box.x + lay.px(14), box.centery), "midleft", bold=True)
        size = lay.font_px(24)
        heads = [N_("Name"), N_("Who plays"), N_("Bot level")] + [o.label for o in self.ui.seat_options]
        for x, h in zip(self.col_x, heads):
            T.blit_text(surface, _(h), size, C.ACCENT, (x + lay.px(6), self.seat_head_y), "topleft", bold=True)
        for r, row in enumerate(self.seat_rows):
            if self.seats[r]["kind"] == "human":
                rr = row[2].rect
                T.blit_text(surface, "—", lay.font_px(30), C.TEXT_DIM, rr.center, "center")
        if self.daily:
            seed_note = _(self.ui.fixed_seed_note).format(seed=self.seed())
        else:
            seed_note = _(self.ui.seed_note or N_("Seed of this game: {seed}")).format(seed=self.seed())
        size = lay.font_px(23)
        y = self.seed_note_rect.y
        for line in T.wrap(seed_note, size, self.seed_note_rect.w):
            T.blit_text(surface, line, size, C.TEXT_DIM, (self.seed_note_rect.x + lay.px(8), y), "topleft")
            y += int(size * 1.3)
        self.draw_widgets(surface)
        hint(surface, lay, _("↑ ↓ Tab move · ← → Space change · Enter start · Esc back"))
