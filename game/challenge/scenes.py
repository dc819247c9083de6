"""The two challenge dialogs: the offer at a finished game's results (the code, copy it, save
the file) and the entry (type a code or a challenge file's path, then play it).

`app.open("challenge_offer", table)` and `app.open("challenge_enter", text="")`
(`game/scenes/__init__.py`); both are boxes over the screen below.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import challenge as ch
from game.shell import tables
from game.shell.frontends import frontend
from game.shell.i18n import N_, _, ngettext
from game.replay.files import PathScene, documents_dir
from game.scenes.dialogs import MessageScene
from game.ui import text as T
from game.ui import theme as C
from game.ui.widgets import Button, TextInput

if TYPE_CHECKING:
    from game.shell.app import App
    from game.ui.layout import Layout


# the offer's words for a game that names no things of its own (`GameUI.challenge_offer`)
OFFER = N_("Send your friend this code: in Load game, “Challenge code or file” opens the same game, with the same "
           "options. A challenge file also carries your game, so both can be compared at the end.")


def copy_text(text: str) -> bool:
    """`text` to the clipboard (pygame.scrap); False when there is none to use."""
    try:
        pygame.scrap.put_text(text)
        return bool(pygame.scrap.get_text() == text)
    except (pygame.error, AttributeError):
        return False


def summary(c: ch.Challenge) -> str:
    """The challenge in words: the game and what it repeats (its own: the same cards, the same
    dice; "cards or dice" was said of both), who sits at it, the score to beat."""
    title = tables.GAME_NAMES[c.game]
    bots = sum(1 for s in c.seats if s.get("kind") == "bot")
    seats = len(c.seats)
    said = frontend(c.game).challenge_summary or N_("{game} as your friend played it (seed {seed}), {seats}, {bots}.")
    text = _(said).format(game=title, seed=c.seed, seats=ngettext("{n} seat", "{n} seats", seats).format(n=seats),
                          bots=ngettext("{n} bot", "{n} bots", bots).format(n=bots))
    if c.score is not None:
        who = c.name or _("Your friend")
        text += " " + _("{name} scored {score}.").format(name=who, score=f"{c.score:g}")
    return text


class ChallengeOffer(MessageScene):
    """The code of a finished game, to copy or to save as a `.linebox` challenge file."""

    name = "challenge_offer"

    def __init__(self, app: "App", table: Any) -> None:
        self.table = table
        tg = table.tg
        made = ch.of_game(table.game, tg.config, tg.state)
        assert made is not None, "the results offer a challenge only for a game that has one"
        self.challenge = made
        self.code = made.code()
        super().__init__(app, _(frontend(table.game).challenge_offer or OFFER), _("Challenge a friend"))
        self.buttons = [Button(N_("Copy code"), self.copy, "primary"),
                        Button(N_("Save as a file"), self.save_file), Button(N_("Close"), self.back)]
        self.widgets = list(self.buttons)

    def layout(self, lay: "Layout") -> None:
        super().layout(lay)
        self.box.h += lay.px(110)
        self.box.center = (lay.width // 2, lay.height // 2)
        for b in self.buttons:
            b.rect.bottom = self.box.bottom - lay.px(34)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay = self.app.lay
        size = lay.font_px(44)
        code = T.cut(self.code, size, self.box.w - lay.px(60), True)
        T.blit_text(surface, code, size, C.ACCENT, (self.box.centerx, self.buttons[0].rect.top - lay.px(40)),
                    "midbottom", bold=True)

    def copy(self) -> None:
        self.app.toast(_("Code {code} copied.").format(code=self.code) if copy_text(self.code) else
                       _("The code could not be copied; it is {code}.").format(code=self.code))

    def save_file(self) -> None:
        tg = self.table.tg

        def done(typed: str) -> None:
            try:
                dest = ch.write_file(self.challenge, tg.state.to_json(), tg.config.get("seats", ()), Path(typed.strip()))
            except (OSError, ValueError) as exc:
                self.app.message(_("The challenge could not be saved: {reason}").format(reason=str(exc)))
                return
            self.app.message(_("The challenge was saved as {path}.").format(path=str(dest)))
        self.app.push(PathScene(self.app, _("Save the challenge as a .linebox file into this folder (or type a "
                                            "file name):"), str(documents_dir()), N_("Save"), done))


class ChallengeEnter(MessageScene):
    """A code or a challenge file's path to type; below it, what the challenge is (or why it is not one)."""

    name = "challenge_enter"

    def __init__(self, app: "App", text: str = "") -> None:
        super().__init__(app, _("Type the code your friend sent, or the path of a challenge file (.linebox)."),
                         _("Challenge code or file"))
        self.input = TextInput(text, lambda _t: self.check(), max_len=ch.MAX_CODE * 5, font_size=26)
        self.b_play = Button(N_("Play the challenge"), self.play, "primary")
        self.buttons = [self.b_play, Button(N_("Cancel"), self.back)]
        self.widgets = [self.input, *self.buttons]
        self.opened: ch.Opened | None = None
        self.problem = ""
        self.check(read_files=bool(text))      # a file dropped on the window is read at once

    def enter(self) -> None:
        super().enter()
        self.set_focus(self.input)

    def check(self, read_files: bool = False) -> None:
        """Read what is typed; a typed file's path is read when Play is pressed (typing a path is no
        reason to read every prefix of it)."""
        text = self.input.text.strip()
        self.opened, self.problem = None, ""
        if not text:
            return
        if not read_files and (text.lower().endswith(".linebox") or "/" in text or "\\" in text):
            return
        try:
            self.opened = ch.read(text)
        except ch.BadChallenge as exc:
            self.problem = exc.text()

    def about(self) -> str:
        if self.opened is not None:
            return summary(self.opened.challenge)
        return self.problem

    def layout(self, lay: "Layout") -> None:
        super().layout(lay)
        self.box.h += lay.px(220)
        self.box.center = (lay.width // 2, lay.height // 2)
        # two buttons share the box's width (German "Herausforderung spielen" broke mid-word at 300)
        gap = lay.px(30)
        bw = (self.box.w - 2 * lay.px(50) - gap) // 2
        for i, b in enumerate(self.buttons):
            b.rect.w = bw
            b.rect.x = self.box.x + lay.px(50) + i * (bw + gap)
            b.rect.bottom = self.box.bottom - lay.px(34)
        self.input.rect = pygame.Rect(self.box.x + lay.px(50), self.buttons[0].rect.top - lay.px(220),
                                      self.box.w - lay.px(100), lay.px(70))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay = self.app.lay
        size = lay.font_px(24)
        y = self.input.rect.bottom + lay.px(14)
        for line in T.wrap(self.about(), size, self.input.rect.w)[:4]:
            T.blit_text(surface, line, size, C.TEXT if self.opened else C.DANGER, (self.input.rect.x, y))
            y += int(size * 1.3)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus is self.input:
            self.input.handle(event)
            return True
        return super().handle(event)

    def play(self) -> None:
        """Open the challenge's table (through the one table factory); a message when it cannot be."""
        try:
            opened = ch.read(self.input.text)
        except ch.BadChallenge as exc:
            self.problem, self.opened = exc.text(), None
            return
        name = player_name(self.app, opened.challenge.game)
        config = ch.config_for(opened, name)
        self.app.pop()
        tables.open_replacing_autosave(self.app, config)


def player_name(app: "App", game: str) -> str:
    """The name this machine's player last used at the setup of `game` (else "Player")."""
    last = getattr(app.settings, "last_setup", {}).get(game)
    seats = last.get("seats") if isinstance(last, dict) else None
    for seat in seats if isinstance(seats, list) else ():
        if isinstance(seat, dict) and seat.get("kind") == "human" and isinstance(seat.get("name"), str):
            name = seat["name"].strip()
            if name:
                return name
    return _("Player")
