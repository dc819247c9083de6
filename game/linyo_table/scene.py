"""The Linyo table scene: your sheet, the dice, the others' sheets, bots.

Flow: every action goes to the engine at once (`_apply`), reaches the base's
`on_applied` (autosave, game over), and the view (`Reveal`, `DiceView`)
catches up by itself. Human input is a path (`MovePath`, `StartPicks`, dice
choice) checked against the engine's legal actions; bots answer through the
base's `TableBots`, polled each frame, so the frame never waits.

A person decides in `decide_state` for `decide_seat` (`_decision`): here the
engine's current seat. Online, every seat moves on the same roll: our seat
may decide before the engine reaches it, in a what-if copy
(`RemoteTable.decision`), and its choice goes to the room (`_decide`); the
local game applies every seat's move, ours too, in the engine's seat order as
the room's moves arrive.
"""
from __future__ import annotations

import functools
import logging
from typing import TYPE_CHECKING, Any

import pygame

from engine import linyo
from engine.core import IllegalAction

from game.shell import sound
from game.files import stats
from game.shell.i18n import N_, _
from game.shell.scene import Scene, WidgetScene
from ..table.base import TableBase
from ..table.bots import fallback
from ..table.drivers import Seating, TableOptions
from ..table.flash import Flash
from ..ui.layout import Layout
from ..ui import text as T
from ..ui.widgets import Button
from . import texts, thumbs
from .dice_view import DiceView
from .geometry import BANNER_LEADING, BANNER_LINES, MIN_TEXT_PX, ROWS, SheetGeom
from .follow import Follow, since_decision
from .log import GameLog, LogEntry, describe
from .model import TableGame
from .hints import HINT_TIME_LIMIT, HintBook, reasons
from .path import MovePath, Preview, StartPicks, preview
from .reveal import Reveal
from .draw import KEYS_LEADING, TableDrawing
from .paint import Paint
from .input import TableInput

if TYPE_CHECKING:
    from game.shell.app import App

log = logging.getLogger("linebox.linyo")

PEN_SPEED = 7.0          # fields per second at normal animation speed
ROW_SECONDS = 0.28       # scoring: one row
PANEL_W = 560
BOT_TIME_LIMIT = 3.0     # seconds a hard bot may think at the table


def _start_field(text: str) -> int:
    """The field of a start action's text (a guide orders the table's own starts, never other actions)."""
    action = linyo.parse_action(text)
    assert isinstance(action, linyo.Start), text
    return action.field


def _step_back_text(name: str) -> str:
    return _("{name} takes a step back.").format(name=name)


class TableScene(TableBase, TableInput, TableDrawing, WidgetScene):
    """A game of Linyo at the table."""

    name = "linyo_table"
    game = "linyo"
    bot_time_limit = BOT_TIME_LIMIT
    # the sheet as large as 1080 logical px of height allow: its area in `layout` plus the right column
    # and the margins (beside the replay's review a narrower room shrank the sheet, not the texts)
    room_w = SheetGeom.width_for(1080 - 96 - 200) + PANEL_W + 24 + 44 + 20

    def __init__(self, app: "App", tgame: TableGame, seating: Seating | None = None,
                 options: TableOptions | None = None) -> None:
        """The table for `tgame`; `seating` says who plays each seat (default: the setup's people
        and bots), `options` the pace, and whether it opens at rest (`game.table.drivers`)."""
        super().__init__(app)
        self.g = self.tg = tgame
        self.init_table(seating, options)
        self.speed = max(0.05, float(self.options.speed))
        restored = self.options.at_rest
        self.results_seen = restored and tgame.state.is_over
        self.paint = Paint()
        self.reveal = Reveal(tgame.state, shown=restored)
        self.dice = DiceView()
        self.clock = 0.0
        self.wait = 0.0                  # seconds before the bot's answer is played
        # human input
        self.path: MovePath | None = None
        self.starts: StartPicks | None = None
        self.set_choice: list[str] | None = None
        self.abort_mode = False
        self.abort_line: int | None = None
        self.dragging = False
        self.drag_pos: tuple[int, int] | None = None
        self.last_pos: tuple[int, int] | None = None
        self.refused: Flash[int] | None = None   # the refused field, lit a while
        self.notice: tuple[str, bool] | None = None   # (text, is_problem)
        self.preview: Preview | None = None
        self.hover_die: int | None = None
        self.last_human: int | None = None
        # who decides, and where (see the module text); set by `_prepare`
        self.decide_state: linyo.State = tgame.state
        self.decide_seat: int | None = None
        self.decision_key: Any = None       # online: the decision the input is drawn for
        self.sent: tuple[int, list[list[int]]] | None = None   # online: (seat, fields) posted, not applied yet
        # following the game
        self.follow = Follow(tgame.state.events)
        self.log = GameLog()
        for event in tgame.state.events:
            self.log.add(describe(event, tgame.name))
        people = self.seating.people()
        self.log_drag: tuple[int, int] | None = None     # (pointer y, scroll) where a drag on the log began
        self.hint: dict | None = None          # the hard bot's top move for the seat to act
        self.hint_wanted = False
        self.hint_why: list[str] = []           # what the hint teaches, a sentence each (`hints.reasons`)
        self.hints = HintBook()
        self.hover_pos: tuple[int, int] | None = None   # the pointer, for tooltips once it rests
        self.hover_rest = 0.0
        self.tip_focus: int | None = None               # the I key's tooltip (keyboard players)
        self.cursor: int | None = None                  # the keyboard's field on the sheet (arrows move it)
        self.reach_shown = True                         # the reach preview (the R key turns it off and on)
        # view
        self.focus_seat = people[0] if people else (tgame.state.current_seat or 0)
        self.zoom_seat: int | None = None
        self.zoom_t = 0.0
        self.zoom_from = pygame.Rect(0, 0, 1, 1)
        self.thumb_rects: dict[int, pygame.Rect] = {}
        self.thumb_lines = 1                    # the lines each thumbnail keeps for a last move's words
        self.scoring_t: float | None = None     # seconds into the end-of-game count
        self._score_row = -1
        self.finished = False                   # the count is done
        self.best_before: int | None = None
        self.geom = SheetGeom.fit(pygame.Rect(0, 0, 100, 100))
        self.sheet_rows = tgame.state.sheet.rows
        # buttons
        self.b_confirm = Button(N_("Confirm"), self.confirm, "primary", font_size=28)
        self.b_undo = Button(N_("Undo"), self.undo, font_size=28)
        self.b_nothing = Button(self._nothing_label, self.toggle_abort, font_size=26)
        self.b_menu = Button(N_("Menu"), self.open_pause, "quiet", font_size=26)
        self.b_rules = Button(N_("Rules"), lambda: self.app.open_rules("linyo"), "quiet", font_size=26)
        self.b_hint = Button(self._hint_label, self.on_hint, font_size=26)
        self.b_all = thumbs.AllSheetsButton(N_("All sheets"), self.show_all_sheets, "quiet",
                                             font_size=thumbs.BUTTON_FONT)
        self.b_all.visible = tgame.players > 1
        self.b_results = Button(N_("Results"), self.show_results, "primary", font_size=28)   # after "Look at the table"
        self.b_results.visible = False
        self.widgets = [self.b_confirm, self.b_undo, self.b_nothing, self.b_hint, self.b_rules, self.b_menu, self.b_all,
                        self.b_results]
        self._show_dice()
        self._prepare()

    # ================================================================== lifecycle
    def enter(self) -> None:
        super().enter()
        self.set_focus(None)      # the mouse draws; Tab brings the keyboard focus to the buttons
        self.enter_table()

    def handle(self, event: pygame.event.Event) -> bool:
        """The hosted components (the online chat, the tutorial's guide) first, then the table."""
        return self.handle_components(event) or TableInput.handle(self, event)

    def exit(self) -> None:
        super().exit()
        self.exit_table()

    def back(self) -> None:
        """Esc: the pause menu (resume, save, rules, back to the menu); at a finished game whose
        results were put aside to look at the table, the results again."""
        if self.results_hidden():
            self.show_results()
            return
        self.open_pause()

    def results_hidden(self) -> bool:
        """The game is over and its results were seen, then put aside ("Look at the table")."""
        return self.state.is_over and self.results_seen and not self.results_open and not self.replay

    def save_name(self) -> str:
        st = self.state
        if st.phase == "start" or (st.phase == "set" and st.round == 0):     # as the header names it
            return _("Linyo, start")
        return _("Linyo, round {n}").format(n=st.round)

    # ================================================================== helpers
    @property
    def state(self) -> linyo.State:
        return self.g.state

    @property
    def pending(self) -> Any:
        """The bot question in flight (a Future), if any."""
        return self.bots.pending

    def anim(self) -> float:
        return self.app.settings.anim_factor * self.speed

    def human_turn(self) -> bool:
        """A person at this screen decides now (`decide_seat`); never in a replay (no one sits here)."""
        return self.decide_seat is not None

    def apply_action(self, action: Any) -> None:
        """The replay viewer's step: one recorded action, animated like a live one."""
        self._apply(action)

    def animating(self) -> bool:
        return self.reveal.busy() or self.dice.rolling()

    def watch_seat(self) -> int:
        return self.focus_seat

    def watch_from(self, seat: int) -> None:
        """The replay viewer: `seat`'s sheet large, the others as thumbnails."""
        self.focus_seat = seat
        self.layout(self.table_lay)

    def tip_keep_clear(self) -> list[pygame.Rect]:
        """The instruction under the buttons, the dice, and the fields lit for the player to click
        (a tip lay over the very start fields it talked about)."""
        return [self.info_rect, *self.die_rects, *self.lit_rects()]

    def tip_never_cover(self) -> list[pygame.Rect]:
        """The heading and its line with the player's name (at 800×600 the star tip lay over
        "Ada · difficulty 2"), and the other seats' sheets."""
        heads = [pygame.Rect(pos, (T.width(text, size, bold=bold), int(size * 1.3)))
                 for text, size, _c, pos, _a, bold in self._header_ops(self.table_lay)]
        return heads + list(self.thumb_rects.values())

    def lit_rects(self) -> list[pygame.Rect]:
        """The fields lit on the sheet in view for the person deciding (where they click next)."""
        if self.decide_seat is None or self.focus_seat != self.decide_seat:
            return []
        return [self.geom.cell_rect(f) for f in self._glows(self.decide_seat)]

    def hovered_log_back(self) -> int | None:
        """How many entries before the newest the entry under the pointer is (None: none)."""
        hover = self.log.hover
        return None if hover is None or hover >= len(self.log.entries) else len(self.log.entries) - 1 - hover

    def log_shows(self, event: Any) -> bool:
        return describe(event, self.g.name) is not None

    def _say(self, text: str, problem: bool = False) -> None:
        self.notice = (text, problem)

    def others_turn_text(self, seat: int) -> str:
        """The status when no one at this screen decides, from the seats' drivers: "your move is
        sent" only at an online table whose room has our move; "is drawing…" only while a bot or
        the room decides (a replay's seats are its record: only whose turn it is)."""
        st = self.state
        name = self.g.seats[seat].name
        if self.remote is not None and self.acts_here(seat):    # ours, posted: the room writes it in turn
            return _("Your move is sent; it is written once the seats before you have moved.")
        if not self.seating.deciding(st, seat):
            return _("{name}'s turn.").format(name=name)
        if st.phase == "set":
            return _("{name} rolled four of a kind and turns dice…").format(name=name)
        if st.phase == "start":
            return _("{name} marks start fields…").format(name=name)
        return _("{name} is drawing…").format(name=name)

    def _hint_label(self) -> str:
        return _("Use hint") if self.hint is not None else _("Hint")

    def _nothing_label(self) -> str:
        return _("Cancel") if self.abort_mode else _("Extend nothing")

    # ================================================================== engine
    def _apply(self, action: Any) -> bool:
        """Send one action to the engine; False (and a message) when refused."""
        if self.sent is not None and self.sent[0] == self.state.current_seat:
            self.sent = None           # our posted move is in the game now: its ghost goes
        try:
            events = self.state.apply(action)
        except IllegalAction as exc:
            self._say(texts.explain(exc), True)
            sound.play("click")
            return False
        self.show_events(events)
        self.on_applied(action, events)
        return True

    def show_events(self, events: list[Any]) -> None:
        """What happened reaches the last-move marks and the log (an action's, or a host's roll)."""
        self.follow.take(events)
        for event in events:
            self.log.add(describe(event, self.g.name))

    def on_applied(self, action: Any, events: list | None) -> None:
        """The view catches up with the engine, the base autosaves or ends the game."""
        self.reveal.take(events or [])
        if self.anim() <= 0:
            self.reveal.finish()
        self._roll_dice(events or [])
        self.hint = None
        self.hint_wanted = False
        self.bots.cancel_hint()
        super().on_applied(action, events)
        if self.state.is_over:
            self.path = self.starts = None
            self.set_choice = None
            self.abort_mode = False
        self._prepare()

    def _show_dice(self) -> None:
        """The dice as they lie now, without a roll (a new or restored table, after an undo)."""
        st = self.state
        if st.dice is not None:
            self.dice.show(linyo.roll_text(st.rolled if st.rolled is not None else st.dice), 0.0)

    def _roll_dice(self, events: list) -> None:
        """The dice follow the engine's events: a roll rolls them, a setting turns them."""
        anim = self.anim()
        for e in events:
            if e.kind == "linyo.dice_rolled":
                self.dice.show(texts.dice_order(e.faces), anim)
                if anim > 0:
                    sound.play("dice")
            elif e.kind == "linyo.dice_set":
                self.dice.turn_to(e.dice, anim, self.set_choice)    # a person's dice stay where they turned them
                if anim > 0:
                    sound.play("pick")

    def before_record(self) -> None:
        """A solo game: keep the personal best from before this game for the results."""
        if len(self.g.seats) == 1 and not self.g.seats[0].is_bot:
            key = f"{self.g.sheet_name}/{self.g.seats[0].difficulty}"
            self.best_before = (stats.load().get("linyo_solo", {}).get(key) or {}).get("best")

    # ================================================================== input objects
    def _decision(self) -> tuple[linyo.State, int, Any] | None:
        """(position, seat, key) where a person at this table decides now, or None.

        Here: the engine's current seat, if a person sits there. Online: one of our
        seats, also before the engine reaches it (`RemoteTable.decision`); the key
        names that decision, so the input survives the others' moves arriving.
        """
        st = self.state
        if self.remote is not None:
            got = self.remote.decision(st)
            return None if got is None else (got[0], got[1], (got[1], got[2]))
        seat = st.current_seat
        if not self.acts_here(seat):
            return None
        assert seat is not None
        return st, seat, None

    def _prepare(self) -> None:
        """Set up the input for the seat to act (a human) or ask a bot."""
        st = self.state
        decision = None if st.is_over else self._decision()
        key = decision[2] if decision is not None else None
        if key is not None and key == self.decision_key:
            return                 # online: the same decision as before; keep what is drawn
        self.decision_key = key
        self.decide_state, self.decide_seat = (decision[0], decision[1]) if decision is not None else (st, None)
        self.path = None
        self.starts = None
        self.set_choice = None
        self.abort_mode = False
        self.abort_line = None
        self.dragging = False
        self.preview = None
        if st.is_over or decision is None:
            # a bots-only table keeps the seat that just moved in view while its stroke is drawn
            # and its last move is marked; `_update_bots` turns to the next mover
            return
        st, seat = decision[0], decision[1]      # what decide_state and decide_seat were just set to
        self.focus_seat = seat
        if self.last_human != seat and self.seating.hot_seat:
            self._say(_("{name}, it is your turn.").format(name=self.g.seats[seat].name))
            sound.play("your_turn")
        elif self.last_human is None and self.g.players > 1:
            sound.play("your_turn")
        self.last_human = seat
        if st.phase == "set":
            self.set_choice = list(self._roll_text())     # the status line says "Four of a kind: …"
        elif st.phase == "start":
            self.starts = StartPicks(st, seat)
        elif st.phase == "move":
            self.path = MovePath(st, seat)
            if not self.path.lines_with_moves():
                self.abort_mode = True
                self._say(_("No line can grow with these dice: choose a line to abort."), True)

    # ================================================================== actions (buttons)
    def can_confirm(self) -> bool:
        if not self.human_turn():
            return False
        if self.set_choice is not None:
            return self._set_action() in self.decide_state.legal_actions()
        if self.starts is not None:
            return self.starts.done() and bool(self.starts.picks)
        if self.abort_mode:
            return self.abort_line is not None
        return self.path is not None and self.path.action() is not None

    def _set_action(self) -> linyo.SetDice:
        return linyo.SetDice(linyo.parse_roll("".join(self.set_choice or [])))

    def _roll_text(self) -> str:
        """The decision's dice as letters (a four of a kind to set is always on rolled dice)."""
        rolled = self.decide_state.rolled
        assert rolled is not None, "no dice rolled"
        return linyo.roll_text(rolled)

    def pending_actions(self) -> list[str]:
        """What Confirm would send to the engine now."""
        if self.set_choice is not None:
            return [str(self._set_action())]
        if self.starts is not None:
            return [str(a) for a in self.starts.actions()]
        if self.abort_mode:
            return [str(linyo.Abort(self.abort_line))] if self.abort_line is not None else []
        action = self.path.action() if self.path is not None else None
        return [str(action)] if action is not None else []

    def confirm(self) -> None:
        if not self.human_turn():
            return
        sent = self.pending_actions() if self.can_confirm() else []
        if sent:
            vetted = self.vet(sent)       # a tutorial's guide may refuse them, or order the starts
            if vetted is None:
                return
            if self.starts is not None and vetted != sent:
                self.starts.picks = [_start_field(a) for a in vetted]
        if self.set_choice is not None:
            self._decide(self._set_action())
            return
        if self.starts is not None:
            if not self.can_confirm():
                left = self.starts.allowed()
                self._say(_("Mark all four start fields first.") if left else "", True)
                return
            if self._decide(*self.starts.actions()):
                sound.play("place")
            return
        if self.abort_mode:
            if self.abort_line is not None:
                self._decide(linyo.Abort(self.abort_line))
            return
        if self.path is not None:
            a = self.path.action()
            if a is None:
                self._say(_("Draw a line first: press on the end of a line and drag."), True)
                return
            closes = self._closes(a)
            if closes and self.app.settings.confirm_close_line:
                def play() -> None:       # the box's Yes: the move as drawn (`a` is not assigned again)
                    self._decide(a)
                self.app.confirm(closes, play, _("Close the line"))
                return
            self._decide(a)

    def _decide(self, *actions: Any) -> bool:
        """The deciding seat's choice. Here it goes into the engine; online it goes to the
        room, and the local game applies it when the room's seat order reaches it."""
        if self.remote is None:
            return all(self._apply(a) for a in actions)     # all() stops at the first refusal
        seat = self.decide_seat
        if seat is None:
            return False
        for a in actions:
            if not self.remote.post(seat, a):       # the room moved on under us: decide again
                log.warning("the room would not take %s for seat %d", a, seat)
                self.decision_key = None
                self._prepare()
                return False
        self.sent = (seat, [self._sent_fields(seat, a) for a in actions])
        self.decision_key = None
        self._prepare()
        return True

    def _sent_fields(self, seat: int, action: Any) -> list[int]:
        """The fields `seat`'s posted action draws (its line's end first), shown until the game has it."""
        if isinstance(action, linyo.Move):
            end = self.decide_state.lines[seat][action.line - 1][-1]
            return [end, *action.fields] + ([action.star] if action.star is not None else [])
        if isinstance(action, linyo.Start):
            return [action.field]
        return []

    def _closes(self, action: linyo.Move) -> str:
        """The question to ask before `action`, when it aborts one of the seat's lines ('' if not)."""
        seat = self.decide_seat
        if seat is None:      # asked only at a person's turn (`confirm`): never
            return ""
        try:
            pv = preview(self.decide_state, seat, action)
        except IllegalAction:
            return ""
        d = self.g.seats[seat].difficulty
        if len(pv.closed_short) + len(pv.closed_dead) > 1:       # every line it closes, by name
            lines = [_("line {n} (grown by fewer than {d} fields)").format(n=n, d=d) for n in pv.closed_short]
            lines += [_("line {n} (a dead end)").format(n=n) for n in pv.closed_dead]
            return _("This move closes {lines}: they will be aborted ×. Play it?").format(lines=", ".join(lines))
        for n in pv.closed_short:
            return _("This move is shorter than {d} fields: line {n} will be aborted ×. Play it?").format(d=d, n=n)
        for n in pv.closed_dead:
            return _("This move leads line {n} into a dead end: it will be aborted ×. Play it?").format(n=n)
        return ""

    def take_back(self) -> bool:
        """Undo the last step of the stroke being drawn (nothing was sent to the engine yet); with
        nothing drawn, what the engine lets this seat take back (`undo_points`, `rewind`)."""
        if not self.human_turn():
            return False
        if not self._has_drawn():
            return self.remote is None and self._rewind()   # online, what the room has stays
        if self.set_choice is not None:
            self.set_choice = list(self._roll_text())
        elif self.starts is not None:
            self.starts.undo()
        elif self.abort_mode:
            if self.abort_line is not None:
                self.abort_line = None
            elif self.path is not None and self.path.lines_with_moves():
                self.abort_mode = False
        elif self.path is not None:
            self.path.undo()
        self._refresh_preview()
        return False

    def _rewind(self) -> bool:
        """Back to the engine's last undo point for the seat to act (True if there was one)."""
        points = self.state.undo_points()
        seat = self.state.current_seat
        if not points or seat is None:     # no seat to act has no undo points either
            return False
        self.g.state = self.state.rewind(points[-1])
        self.reveal = Reveal(self.g.state, shown=True)
        self.follow = Follow(self.g.state.events)
        self.log.clear()
        for event in self.g.state.events:
            self.log.add(describe(event, self.g.name))
        self.log.add(LogEntry(seat, functools.partial(_step_back_text, self.g.name(seat))))
        self._show_dice()
        self.hint = None
        self.hint_wanted = False
        self.bots.cancel_hint()
        self.last_human = seat
        self._prepare()
        return True

    def toggle_abort(self) -> None:
        if not self.human_turn() or self.path is None:
            return
        if self.abort_mode and self.path.lines_with_moves():
            self.abort_mode = False
            self.abort_line = None
        elif self.path.fields():
            # a drawn path is never thrown away without asking
            self.app.confirm(_("Throw away the line you drew and extend nothing?"), self._abort_mode,
                             _("Extend nothing"))
            return
        else:
            self._abort_mode()
        self._refresh_preview()

    def _abort_mode(self) -> None:
        if not self.human_turn() or self.path is None:
            return
        self.abort_mode = True
        self.abort_line = None
        self.path.clear()
        self.notice = None
        self._refresh_preview()

    def since_last_turn(self, seat: int) -> list[tuple[int | None, str]]:
        """What happened since `seat`'s last decision, as the log says it: (the seat each line is
        about or None, the sentence); [] when no other seat decided since. The hot-seat pass
        screen and a recap read it (the table's generic hook)."""
        out = []
        for event in since_decision(self.state.events, seat):
            entry = describe(event, self.g.name)
            if entry is not None:
                out.append((entry.seat, entry.text()))
        return out

    def moves_since(self, seat: int) -> list[str]:
        """The sentences of `since_last_turn`."""
        return [text for _seat, text in self.since_last_turn(seat)]

    def since_words(self, seat: int) -> list[tuple[str, str]]:
        """Each other seat's decisions since `seat`'s last one in a few words: (name, words)."""
        by_seat: dict[int, list[Any]] = {}
        for event in since_decision(self.state.events, seat):
            who = getattr(event, "seat", None)
            if who is not None and who != seat and event.kind in ("linyo.line_moved", "linyo.line_aborted",
                                                                   "linyo.start_placed"):
                by_seat.setdefault(who, []).append(event)
        return [(self.g.name(s), texts.last_move_words(tuple(evs))) for s, evs in by_seat.items()]

    def show_all_sheets(self) -> None:
        """Every seat's sheet side by side, as large as the window allows."""
        if self.g.players > 1:
            from .all_sheets import AllSheets
            self.app.push(AllSheets(self.app, self))

    def on_hint(self) -> None:
        """Ask the hard bot for the best move here; it is drawn on the sheet with its reasons.
        Asked again with the hint shown: use it (`use_hint`)."""
        if not self.human_turn() or self.hint_taken():
            return
        if self.hint is not None:
            self.use_hint()
            return
        self.bots.start()            # a table of people only has no worker until the first hint
        self.hints.ahead = True      # from now on the next decisions' hints are asked at once
        self.hint_wanted = True
        self._update_hint()          # known already: on screen in this very frame

    def use_hint(self) -> None:
        """Draw the hinted action at the table as if the player had drawn it; the player confirms.

        It is not played at once: the move stands on the sheet with the round end's preview and the
        reach from its tip, and the player may look, change it, or confirm it (Enter) — the choice,
        and what it teaches, stay theirs."""
        hint, seat = self.hint, self.decide_seat
        if hint is None or seat is None:
            return
        try:
            a = linyo.parse_action(str(hint["action"]))
        except (KeyError, IllegalAction):
            return
        if isinstance(a, linyo.SetDice) and self.set_choice is not None:
            self.set_choice = list(linyo.roll_text(a.dice))
        elif isinstance(a, linyo.Start) and self.starts is not None:
            if a.field not in self.starts.picks:
                self.starts.pick(a.field)
            self.cursor = a.field
            if not self.starts.done():
                self.hint = None         # the next start's hint is asked from the picks made (`hint_state`)
                self.hint_why = []
        elif isinstance(a, linyo.Abort) and self.path is not None:
            self.abort_mode = True
            self.abort_line = a.line
            self.path.clear()
            self.cursor = self.decide_state.lines[seat][a.line - 1][-1]
        elif isinstance(a, linyo.Move) and self.path is not None:
            self.abort_mode = False
            self.abort_line = None
            if not self.path.draw(a):
                return
            self.cursor = self.path.tip()
        else:
            return
        sound.play("pick")
        self._say(_("The hint is drawn: confirm it, or change it."))
        self._refresh_preview()

    def _refresh_preview(self) -> None:
        self.preview = None
        seat = self.decide_seat
        if seat is None:
            return
        action: Any = None
        if self.abort_mode and self.abort_line is not None:
            action = linyo.Abort(self.abort_line)
        elif self.path is not None and not self.abort_mode:
            action = self.path.action()
        if action is not None:
            try:
                self.preview = preview(self.decide_state, seat, action)
            except IllegalAction:
                self.preview = None

    def draw(self, surface: pygame.Surface) -> None:
        meter = self.meter
        if meter is not None:
            meter.draw_begin()
        super().draw(surface)            # TableDrawing's
        self.draw_first_tip(surface)
        self.draw_components(surface)
        if meter is not None:
            meter.draw_end()

    def extra_figures(self) -> dict:
        return {"rounds": self.state.round}

    # ================================================================== update
    def update(self, dt: float) -> None:
        meter = self.meter
        if meter is not None:
            meter.update_begin()
        self.update_components(dt)
        self._update_frame(dt)
        if meter is not None:
            meter.update_end()

    def _update_frame(self, dt: float) -> None:
        super().update(dt)
        self.update_table(dt)
        self.clock += dt
        self.hover_rest += dt
        anim = self.anim()
        for name, seat in self.reveal.update(dt, PEN_SPEED * anim):
            if name == "close_line":
                sound.play("close_line")
            elif name == "stroke_done" and self.g.seats[seat].is_bot:
                sound.play("place")
        self.dice.update(dt * max(1.0, self.speed))
        self.refused = self.refused and self.refused.tick(dt)
        if self.zoom_seat is not None:
            self.zoom_t = min(1.0, self.zoom_t + dt * (4.0 * max(0.5, anim) if anim > 0 else 100))
        self._update_bots(dt)
        if self.remote is not None and self.decide_seat is None and int(self.clock * 4) != int((self.clock - dt) * 4):
            self._prepare()       # online: a decision of ours may open without a change here (a quarter second)
        self._update_hint()
        self._update_scoring(dt)
        if self.g.players > 1 and self.focus_seat in self.thumb_rects:
            self.layout(self.table_lay)     # the main seat changed (hotseat, demo): the rest are thumbnails
        self.b_confirm.enabled = self.can_confirm()
        self.b_undo.enabled = self.human_turn() and self._has_undo()
        self.b_nothing.enabled = self.human_turn() and self.path is not None
        self.b_hint.enabled = self.human_turn() and not self.hint_wanted and self.bots.error is None
        # with no person at this screen (the demo, a bots-only game, a replay), or once the game is
        # over, there is nothing to confirm or undo
        watching = not self.seating.people() or self.state.is_over
        self.b_confirm.visible = self.b_undo.visible = self.b_hint.visible = not watching
        self.b_nothing.visible = not watching and self.state.phase == "move"
        self.b_menu.visible = self.b_rules.visible = not self.replay     # the replay viewer has its own bar
        self.b_all.visible = self.g.players > 1 and not self.replay
        self.b_results.visible = self.results_hidden()
        if self.focus is not None and not (self.focus.enabled and self.focus.visible):
            self.set_focus(None)     # Confirm clicked last turn is disabled at this one's start: no ring on it

    def undo_rewinds(self) -> bool:
        """Undo takes back what is drawn first; only with nothing drawn does it rewind the engine."""
        return not self._has_drawn()

    def _has_undo(self) -> bool:
        return self._has_drawn() or (self.remote is None and bool(self.state.undo_points()))

    def _has_drawn(self) -> bool:
        """Something of this decision is drawn at the table (and not sent to the engine yet)."""
        if self.set_choice is not None:
            return "".join(self.set_choice) != self._roll_text()
        if self.starts is not None:
            return bool(self.starts.picks)
        if self.abort_mode:
            return self.abort_line is not None or bool(self.path and self.path.lines_with_moves())
        return self.path is not None and self.path.line is not None

    def hint_state(self) -> linyo.State:
        """The position a hint is asked for: the decision's, with the starts already picked (not yet
        confirmed) placed, so the next start's hint never names one of them again."""
        if self.starts is not None and self.starts.picks:
            return self.starts.trial()
        return self.decide_state

    def _update_hint(self) -> None:
        """A hint wanted is shown as soon as it is known; once the player has used hints, the next
        decision's hint is asked as soon as the decision opens (`HintBook`)."""
        seat = self.decide_seat
        if seat is None or not (self.hint_wanted or self.hints.ahead) or self.hint_taken():
            return                       # None: no person decides now (`human_turn`)
        st = self.hint_state()
        known = self.hints.get(st, seat)
        if known is None and self.bots.ready:
            self.bots.ask_hint(st, seat, time_limit=HINT_TIME_LIMIT, wanted=self.hint_wanted)
            known = self.bots.poll_hint(st, seat)
            if known is not None:
                self.hints.keep(st, seat, known)
        if known is not None and self.hint_wanted:
            self.hint = known
            self.hint_why = reasons(known, st, seat)
            self.hint_wanted = False

    def pace(self) -> float:
        return self.app.settings.bot_pace_seconds / self.speed

    def _update_bots(self, dt: float) -> None:
        st = self.state
        if self.remote is not None and self.acts_here(st.current_seat) and not st.is_over:
            text = self.remote.next_remote(st)    # our own move, back from the room in seat order
            if text is not None:
                self._apply(text)
            return
        seat = st.current_seat
        if st.is_over or seat is None or not self.seating.polled(seat):
            return                       # a person here decides, or the replay viewer steps the record
        driver = self.seating.driver(seat)
        driver.ask(st, seat)             # at once: a bot thinks while the table animates
        # the pace counts once the last stroke is on paper and the dice have landed
        if self.reveal.busy() or self.dice.rolling():
            self.wait = self.pace()
            return
        self.wait -= dt
        if self.wait > 0 or not driver.answered():
            return
        if not self.seating.people() and self.focus_seat != seat:
            # a bots-only table: the big sheet turns to the mover a frame before its move lands, so
            # its stroke is drawn there (and the two frames share the work of the turn and the move)
            self.focus_seat = seat
            return
        text = driver.poll(st, seat)
        if text is None:
            return
        if not self._apply(text):
            log.error("bot played an illegal action %r", text)
            self._apply(fallback(st))
        self.wait = self.pace() * (0.35 if self.state.phase == "start" else 1.0)

    def _update_scoring(self, dt: float) -> None:
        if not self.state.is_over or self.finished:
            return
        if self.scoring_t is None:
            if self.reveal.busy() or self.dice.rolling():
                return
            self.scoring_t = 0.0
            self._score_row = -1
            return
        anim = self.anim()
        step = ROW_SECONDS / anim if anim > 0 else 0.0
        self.scoring_t += dt
        row = int(self.scoring_t / step) if step > 0 else ROWS + 4
        if row != self._score_row and row <= ROWS:
            self._score_row = row
            sound.play("place" if row < ROWS else "jackpot")
        if row >= ROWS + 4:
            self.finished = True
            self.scoring_t = None         # the count is over: a key or a click is the table's again (Esc)
            if not self.results_seen:
                self.show_results()

    def results_scene(self) -> Scene:
        from .results import ResultsScene
        return ResultsScene(self.app, self, best_before=self.best_before)

    # ================================================================== layout
    def layout(self, lay: Layout) -> None:
        W, H = lay.logical_w, lay.logical_h
        px = lay.px
        right_x = W - PANEL_W - 24
        self.panel_rect = lay.rect(right_x, 20, PANEL_W, H - 40)
        self.header_rect = lay.rect(20, 16, right_x - 44, 80)
        area = lay.rect(20, 96, right_x - 44, H - 96 - 200)
        self.geom = SheetGeom.fit(area)
        # the key help under the sheet (room for three lines of the smallest text: German at 800×600),
        # then the game log, as wide as the sheet
        keys_h = max(px(52), 3 * int(MIN_TEXT_PX * KEYS_LEADING))
        self.keys_rect = pygame.Rect(self.geom.paper.x, self.geom.paper.bottom + px(10), self.geom.paper.w, keys_h)
        gap = max(4, px(6))               # the key help's last line never touches the log
        self.log_rect = pygame.Rect(self.geom.paper.x, self.keys_rect.bottom + gap,
                                    self.geom.paper.w, lay.px(H - 16) - self.keys_rect.bottom - gap)
        # where the window is small the strip needs more logical height than its 70: the dice and
        # everything under them move down by the difference (a small window is tall in logical units)
        strip = max(70.0, BANNER_LINES * int(MIN_TEXT_PX * BANNER_LEADING) / lay.scale)
        drop = strip - 70.0
        self.dice_label_rect = lay.rect(right_x + 16, 24, PANEL_W - 32, strip)
        dice_area = lay.rect(right_x, 80 + drop, PANEL_W, 140)
        self.die_rects = DiceView.rects(dice_area, px(104), px(22))
        y = 240 + drop
        half = (PANEL_W - 48) / 2         # one size for both: "Zurücknehmen" fits as well as "Confirm"
        self.b_confirm.rect = lay.rect(right_x + 16, y, half, 72)
        self.b_undo.rect = lay.rect(right_x + 32 + half, y, half, 72)
        self.b_nothing.rect = lay.rect(right_x + 16, y + 84, PANEL_W - 32, 60)
        self.b_results.rect = lay.rect(right_x + 16, y, PANEL_W - 32, 72)     # where Confirm was
        y += 66
        self.info_rect = lay.rect(right_x + 20, y + 96, PANEL_W - 40, 230)
        third = (PANEL_W - 48) / 3
        for i, b in enumerate((self.b_hint, self.b_rules, self.b_menu)):
            b.rect = lay.rect(right_x + 12 + i * (third + 12), H - 110, third, 64)
        # thumbnails of the other seats, and the All-sheets button above them or in a free slot
        others = [s for s in range(self.g.players) if s != self.focus_seat] if self.g.players > 1 else []
        grid = thumbs.plan(lay, len(others), right_x, y + 330, H - 130, PANEL_W)
        self.thumb_rects = dict(zip(others, grid.rects))
        self.thumb_lines = grid.lines
        self.b_all.rect = grid.button
        self.zoom_rect = SheetGeom.fit(lay.rect(W * 0.12, H * 0.1, W * 0.76, H * 0.8)).paper
