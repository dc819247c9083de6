"""The Line-it table scene: play by drag-and-drop, by click-and-target or by keys.

Input (mouse and keys) is in `input.py`; drawing in `draw.py`. The scene
applies actions to the engine at once and lets the board catch up.
"""
from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.shell import i18n, sound
from game.shell.i18n import N_, _, ngettext
from game.shell.scene import Scene
from game.table.base import TableBase
from game.table.drivers import Seating, TableOptions
from game.ui.layout import Layout
from game.ui import text as T
from game.ui.widgets import label_text

from . import texts, tips
from .log import LogEntry, log_lines, logged
from .board import Board
from .model import TableGame
from .input import TableInput
from .present import Picture, final_lines, stage
from game.table.flash import Flash
from engine import lineit
from engine.core import Event
from engine.lineit import Action
from engine.lineit import events as E
from .geometry import MIN_PX, TableGeometry, card_w
from .sprites import CardSprite
from .paint import Paint
from game.ui.fit_button import FitButton as Button

from .buttons import RowButton, row_font

LOG_TITLE_ROW = 46      # logical px: the log's title row, when Menu and Recap sit under it

if TYPE_CHECKING:
    from game.shell.app import App

log = logging.getLogger("linebox.lineit")
REFUSAL_SECONDS = 3.5
BUTTON_FONT = 28             # logical size of the button row's labels (smaller when one does not fit)
LOG_KEEP = 300               # log entries kept (the panel scrolls through them)
HARD_TIME_LIMIT = 2.5        # seconds a hard bot may think at the table
HINT_SECONDS: float | None = None  # a hint's search asked ahead: the hard bots' limit (a click hurries it)


def _taken_back(name: str, action: Action) -> str:
    """The log's line for an undo (the action's words made when drawn, in the language then)."""
    return _("{name} takes back: {action}.").format(name=name, action=texts.logged_action(action))


class TableScene(TableBase, TableInput, Scene):
    """A Line-it game at the table (humans and bots)."""

    name = "lineit_table"
    game = "lineit"
    hidden_hands = True          # other seats' hands are face down (the replay may open them at the end)
    bot_time_limit = HARD_TIME_LIMIT

    def __init__(self, app: "App", ctrl: TableGame, seating: Seating | None = None,
                 options: TableOptions | None = None) -> None:
        """The table for `ctrl`'s game; `seating` says who plays each seat (default: the setup's
        people and bots), `options` the pace and the rest (`game.table.drivers`)."""
        super().__init__(app)
        self.ctrl = self.tg = ctrl
        self.init_table(seating, options)
        self.speed = self.options.speed
        self.board = Board(ctrl.players)
        people = self.seating.people()
        cur = ctrl.current
        self.viewer: int = cur if cur is not None and self.acts_here(cur) else (people[0] if people else 0)
        self.hotseat = self.seating.hot_seat
        self.passing = False                 # a "pass to" screen is up
        self.geo: TableGeometry | None = None
        self.log: list[LogEntry] = []
        self.log_scroll = 0                  # entries hidden below the panel (0: the newest shows)
        self.log_drag: tuple[int, int] | None = None   # (mouse y, scroll) when a drag in the log began
        self.log_hover: LogEntry | None = None   # the entry under the mouse: its cards are lit
        self.last_moves: dict[int, tuple[str, tuple]] = {}   # seat -> (card, zone) of its last card move
        self.last_said: dict[int, Event] = {}     # seat -> the event of its last move (its panel says it)
        self.last_from: dict[int, tuple[int, str]] = {}   # seat -> (market place, card) it took this round
        self.deal_until = 0.0                # board clock when the market being dealt has landed
        self.turn_told = True                # "your turn" was said for the current turn
        self.tip_focus: int | None = None    # keyboard: index of the tooltip target shown (I key)
        self.zoom_seat: int | None = None    # an opponent whose long line is shown large (hover)
        self.tip: tuple[pygame.Rect, str] | None = None   # the tooltip shown (mouse or I key): where, what
        self._tip_key: tuple | None = None
        self._pointer_key: tuple | None = None
        self.selected: CardSprite | None = None
        self.press: tuple | None = None      # (sprite, mouse pos) before a drag starts
        self.drag: CardSprite | None = None
        self.drag_off = (0, 0)
        self.mouse = (0, 0)
        self.hover: CardSprite | None = None
        self.refused: Flash[str] | None = None
        self.notice: Flash[str] | None = None     # what the last undo took back (shown a while)
        self.flash_zone: tuple[str, float] | None = None
        self.hint: dict | None = None
        self.hint_wanted = False
        self.wait = 0.0                      # seconds before the next bot action shows
        self.bot_action: str | None = None
        self.sounds: list[list] = []         # [seconds, name]
        self.clock = 0.0
        self.results_at: float | None = None
        self.paint = Paint()                         # the drawing's caches (draw.py writes only these)
        self.last_turn_seat: int | None = None
        self.b_close = RowButton(N_("Close line"), self.on_close, font_size=BUTTON_FONT)
        self.b_end = RowButton(lambda: _("Pass") if self._final() else _("End turn"), self.on_end, "primary",
                               font_size=BUTTON_FONT)
        self.b_undo = RowButton(N_("Undo"), self.undo, font_size=BUTTON_FONT)
        # once a hint shows, the same button plays it
        self.b_hint = RowButton(lambda: _("Play hint") if self.hint is not None and self.my_turn() else _("Hint"),
                                self.on_hint, font_size=BUTTON_FONT)
        self.b_menu = Button(N_("Menu"), self.open_pause, font_size=24)
        self.b_recap = Button(N_("Recap"), self.open_recap, "quiet", font_size=22)
        self.buttons = [self.b_close, self.b_end, self.b_undo, self.b_hint, self.b_menu, self.b_recap]
        if ctrl.state.history:
            self._restore_log()

    def _restore_log(self) -> None:
        """A loaded game: the log and each seat's last move, from the engine's events (the cards,
        tokens and market places come from the engine at `layout`)."""
        self.add_log(log_lines(self.ctrl.state.events, self.ctrl.name))
        for e in self.ctrl.state.events:
            self._mark(e)

    # ------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.enter_table()
        cur = self.ctrl.current
        if self.hotseat and not self.ctrl.state.is_over and cur is not None and self.acts_here(cur):
            self.ask_pass(cur)
        elif self.acts_here(self.ctrl.current):
            self.queue_sound("your_turn", 0.2)
        self.last_turn_seat = self.ctrl.current

    def exit(self) -> None:
        self.exit_table()

    def layout(self, lay: Layout) -> None:
        self.geo = TableGeometry(lay, self.ctrl.players, self.viewer, self.covered_right)
        self.board.speed = self.anim_speed()
        self.board.geo = self.geo
        self.board.viewer = self.viewer
        self.board.images.set_source_height(max(self.geo.market_h, self.geo.me.card_h))
        self.board.lay_out(self.picture())
        g = self.geo
        bw = (g.buttons.w - 3 * lay.px(14)) // 4
        for i, b in enumerate(self.buttons[:4]):
            b.rect = pygame.Rect(g.buttons.x + i * (bw + lay.px(14)), g.buttons.y, bw, g.buttons.h)
        # Menu and Recap at the right of the log's title row, each as wide as its label needs
        x = g.menu_button.right
        for b, size in ((self.b_menu, 24), (self.b_recap, 22)):
            b.font_size = max(size, (MIN_PX + 0.5) / lay.scale)     # or 11 px in a small window
            w = min(g.menu_button.w * 2, T.width(label_text(b.label), lay.font_px(b.font_size), True) + lay.px(40))
            b.rect = pygame.Rect(x - w, g.menu_button.y, w, g.menu_button.h)
            x = b.rect.x - lay.px(10)
        # the title keeps its size: where it would not fit beside the buttons shown, they go to a
        # row of their own under it (the log's entries start below them)
        from .draw import LOG_TITLE_SIZE, log_title_px
        shown = [b for b in (self.b_menu, self.b_recap)
                 if not self.replay and (self.seating.people() or b is self.b_menu)]
        room = min((b.rect.x for b in shown), default=g.log.right) - g.log.x - lay.px(26)
        if T.width(_("Game log"), log_title_px(lay, LOG_TITLE_SIZE), True) > room:
            for b in (self.b_menu, self.b_recap):
                b.rect.y += lay.px(LOG_TITLE_ROW)

    def anim_speed(self) -> float:
        f = self.app.settings.anim_factor
        return 0.0 if f <= 0 else f * self.speed

    def pace(self) -> float:
        return self.app.settings.bot_pace_seconds / max(0.01, self.speed)

    # ------------------------------------------------------------ state helpers
    def _final(self) -> bool:
        return self.ctrl.spectator()["phase"] == "final"

    def my_turn(self) -> bool:
        """The viewer may act now (a human seat at the bottom, no screen in between)."""
        c = self.ctrl.current
        return (c is not None and c == self.viewer and self.acts_here(c) and not self.passing
                and self.app.top is self and self.dealt())

    def dealt(self) -> bool:
        """The market being dealt has landed (a turn starts only then)."""
        return self.board.clock >= self.deal_until

    def _legal(self) -> set[str]:
        return self.ctrl.legal_texts() if self.my_turn() else set()

    def picture(self) -> Picture:
        """The table as the viewer may see it, from the engine (every hand in the replay's end); a
        finished game looked at after its results shows each seat's final line."""
        pic = Picture.of(self.ctrl.state, self.viewer, self.board.open_hands, self.ctrl.spectator())
        if self.ctrl.state.is_over and self.results_seen:
            pic = pic.with_lines(final_lines(self.ctrl.state.events, self.ctrl.players))
        return pic

    def look_at_table(self) -> None:
        """From the results: the table with every seat's final line (the game's end closed them)."""
        super().look_at_table()
        self.board.finish()
        self.board.lay_out(self.picture())

    def source_of(self, s: CardSprite) -> str | None:
        """Where the viewer may pick `s` up from: "market", "hand" (their own), or None."""
        z = s.zone[0]
        if z == ("market",):
            return "market"
        if z == ("hand", self.viewer):
            return "hand"
        return None

    def action_for(self, s: CardSprite, target: str) -> Action | None:
        """The engine action of moving `s` to `target` ("line" or "hand"), legal or not."""
        src = self.source_of(s)
        if src == "market" and target in ("line", "hand"):
            return lineit.take(s.card, target)
        if src == "hand" and target == "line":
            return lineit.play(s.card)
        return None

    def legal_targets(self, s: CardSprite) -> set[str]:
        legal = self.ctrl.legal() if self.my_turn() else frozenset()
        return {t for t in ("line", "hand") if self.action_for(s, t) in legal}

    def draggable(self, s: CardSprite | None) -> bool:
        """Market and hand cards can be picked up on the viewer's turn (the drop asks the engine)."""
        return s is not None and self.my_turn() and self.source_of(s) is not None

    def zone_at(self, pos: tuple[int, int]) -> str | None:
        if self.geo is None:            # not laid out yet: no zone anywhere
            return None
        g = self.geo.me
        pad = self.geo.lay.px(24)
        if g.hand.inflate(pad, pad).collidepoint(pos):
            return "hand"
        if g.line.inflate(pad, pad * 2).collidepoint(pos):
            return "line"
        return None

    # ------------------------------------------------------------ acting
    def try_action(self, action: Action | str, target: str | None = None) -> bool:
        """Apply `action` if the engine allows it; otherwise show its reason."""
        if not self.my_turn() or self.vet([str(action)]) is None:   # a tutorial's guide (it names actions by text)
            return False
        why = self.ctrl.state.why_illegal(action)   # a text (only from the edges) may not even parse
        if why is not None:
            self.refused = Flash(self._refusal(action, why), REFUSAL_SECONDS)
            self.flash_zone = (target, 0.6) if target else None
            sound.play("click")
            return False
        self.selected = None
        self.hint = None
        self.do(action)
        return True

    def _refusal(self, action: Action | str, why: Any) -> str:
        """The engine's reason, and when a take to the line fails only because the line is in the way
        of a new one (closing first would let the card start it), that too."""
        text = texts.refusal(why)
        ctrl = self.ctrl
        if isinstance(action, Action) and action.kind == "take_line" and lineit.ACTION_CLOSE in ctrl.legal() \
                and not ctrl.spectator()["turn"]["taken"] \
                and not ctrl.state.is_legal(lineit.take(lineit.card_text(action.card), "hand")):
            text += " " + _("(close your line first to start a new one)")
        return text

    def do(self, action: Action | str) -> list[Event]:
        """Apply an action the engine allows (human or bot) and let the view catch up. A text (a bot's
        answer, a replay's record, a tutorial's script) is read by the engine here."""
        action = lineit.parse_action(action)
        self.refused = None
        self.notice = None
        self.bots.cancel_hint()
        events = self.ctrl.apply(action)
        self.on_applied(action, events)
        return events

    def apply_action(self, action: Any) -> None:
        """The replay viewer's step: one recorded action, animated like a live one."""
        self.do(action)

    def animating(self) -> bool:
        return self.board.animating

    def watch_seat(self) -> int:
        return self.viewer or 0

    def watch_from(self, seat: int) -> None:
        """The replay viewer: show the table from `seat` (its hand at the bottom)."""
        self.viewer = seat
        self.layout(self.table_lay)

    def show_all_hands(self, on: bool) -> None:
        """The replay viewer after the game: every seat's hand face up (on, each from that seat's own
        view) or only the watched one's."""
        if on and not self.replay:
            raise ValueError("only a replay may show every hand")
        self.board.open_hands = on
        if self.geo is not None:
            self.board.lay_out(self.picture())

    def tip_keep_clear(self) -> list[pygame.Rect]:
        """The player's own line and the instruction beside the hand (a tip about the hand lay over
        the line it talked about)."""
        return [] if self.geo is None else [self.geo.me.line, self.geo.status]

    def tip_never_cover(self) -> list[pygame.Rect]:
        """The viewer's name, level and score as drawn, and the other seats' panels whole (at
        800×600 the hand-full tip lay over the player's own name and score)."""
        from .draw import name_rects
        if self.geo is None:
            return []
        return name_rects(self, self.geo.me.seat) + [g.panel for g in self.geo.opponents]

    def hovered_log_back(self) -> int | None:
        """How many entries before the newest the entry under the pointer is (None: none)."""
        found = next((i for i, e in enumerate(self.log) if e is self.log_hover), None)
        return None if found is None else len(self.log) - 1 - found

    def log_shows(self, event: Event) -> bool:
        """The events with a log entry of their own (`log.logged`)."""
        return logged(event)

    def on_applied(self, action: Any, events: list | None) -> None:
        """Animate, log and sound what the engine says the action did, then the base autosaves / ends
        the game. `action` is None for a chance outcome that came from the online host."""
        events = list(events or [])
        self._mark_places(events)
        self.board.speed = self.anim_speed()
        total = stage(self.board, events, self.ctrl.spectator())
        self.add_log(log_lines(events, self.ctrl.name))
        ph = 0.42 / max(0.01, self.board.speed) if self.board.speed > 0 else 0.0
        closing = action is lineit.ACTION_CLOSE        # `do` hands on the engine's own action
        for e in events:
            self._mark(e)
            self._sound(e, ph, total, closing)
        super().on_applied(action, events)

    def _sound(self, e: Event, ph: float, total: float, closing: bool) -> None:
        """The sound of an event, when its cards move (`ph`: one phase of the animation)."""
        if isinstance(e, (E.CardTaken, E.CardPlayed)):
            self.queue_sound("place", ph * 0.8)
        elif isinstance(e, E.JackpotWon):
            self.queue_sound("jackpot", ph * 1.5)
        elif isinstance(e, E.LineClosed):
            self.queue_sound("close_line", ph * 0.3 if closing else ph * 1.2)
        elif isinstance(e, E.BetResolved):
            self.queue_sound("bet_won" if e.won else "bet_lost", ph * 1.6)
        elif isinstance(e, E.MarketDealt):
            self.queue_sound("deal", total * 0.7)
            self.deal_until = self.board.clock + total

    def add_log(self, entries: list[LogEntry]) -> None:
        """New log entries; a log scrolled back keeps showing the same entries."""
        self.log.extend(entries)
        if self.log_scroll:
            self.log_scroll += len(entries)
        del self.log[:-LOG_KEEP]
        self.log_scroll = min(self.log_scroll, max(0, len(self.log) - 1))

    def scroll_log(self, by: int) -> None:
        """Scroll the log by `by` entries (positive: older ones), never past the oldest entry: a
        log that shows its first entry does not scroll back (the newest would hide, and the log
        would stop following the game). Back at the bottom (0) it follows the game again."""
        if by > 0 and self.geo is not None:
            from .draw import log_entries
            shown = len(log_entries(self))
            by = min(by, max(0, len(self.log) - self.log_scroll - shown))
        self.log_scroll = max(0, min(len(self.log) - 1, self.log_scroll + by))

    def _mark(self, e: Event) -> None:
        """The seat's last card move, marked until it moves a card again, and its last move of any
        kind, which its panel says until it moves again."""
        if isinstance(e, E.CardTaken):
            self.last_moves[e.seat] = (e.card, (e.to, e.seat))
        elif isinstance(e, E.CardPlayed):
            self.last_moves[e.seat] = (e.card, ("line", e.seat))
        if isinstance(e, (E.CardTaken, E.CardPlayed, E.LineClosed, E.Passed)):
            self.last_said[e.seat] = e
        if isinstance(e, (E.MarketDealt, E.RemainderDealt)):
            self.last_from.clear()            # the places are dealt again

    def _mark_places(self, events: list[Event]) -> None:
        """The market place each card taken now leaves (before the board moves it): it stays marked
        in the seat's colour until the next deal."""
        for e in events:
            if isinstance(e, E.CardTaken):
                s = next((s for s in self.board.sprites_in(("market",)) if s.card == e.card), None)
                if s is not None:
                    self.last_from[e.seat] = (int(s.zone[1]), e.card)

    def since_last_turn(self, seat: int) -> list[tuple[int | None, str]]:
        """What happened since `seat` last ended a turn (or since the game began), as the log says
        it: (the seat it is about, the sentence); the turn ends themselves are left out."""
        events = self.ctrl.state.events
        start = next((i + 1 for i in range(len(events) - 1, -1, -1)
                      if isinstance(events[i], (E.TurnEnded, E.Passed)) and getattr(events[i], "seat", None) == seat), 0)
        since = events[start:]
        if not any(isinstance(e, (E.CardTaken, E.CardPlayed, E.LineClosed, E.Passed)) for e in since):
            return []           # no one moved (the game's first turn): nothing to tell
        return [(entry.seat, entry.text()) for entry in log_lines(since, self.ctrl.name)]

    def open_recap(self) -> None:
        """What happened since the viewer's last turn, over the table (R key, the Recap button)."""
        if not self.replay and self.app.top is self:
            self.show_since(self.viewer)

    def queue_sound(self, name: str, delay: float) -> None:
        if not self.options.sounds:
            return
        self.sounds.append([delay, name])

    def others_turn_text(self) -> str:
        """The status line when no one at this screen is to act, from the seats' drivers and the
        engine: "Game over." only when the game is; "is playing…" only while a bot or the room
        decides (a replay's seats are its record: only whose turn it is)."""
        ctrl = self.ctrl
        st = ctrl.state
        if st.is_over:
            return _("Game over.")
        cur = ctrl.current
        if cur is None:                     # online: the host's deal is on its way
            return _("The next cards are being dealt…")
        name = ctrl.name(cur)
        if self.acts_here(cur) or not self.seating.deciding(st, cur):
            return _("{name}'s turn.").format(name=name)
        if self.demo:                       # the measured demo's line stays still (no dots to redraw)
            return _("{name} is playing.").format(name=name)
        return _("{name} is playing…").format(name=name)

    def save_name(self) -> str:
        return _("Line-it, round {n}").format(n=self.ctrl.spectator()["round"])

    # ------------------------------------------------------------ buttons
    def on_close(self) -> None:
        if not self.my_turn() or "close" not in self._legal() or self.vet(["close"]) is None:
            return
        if self.app.settings.confirm_close_line:
            def close() -> None:
                self.try_action("close")
            self.app.confirm(self.close_preview(), close, _("Close line"))
        else:
            self.try_action("close")

    def close_preview(self) -> str:
        """What closing would bank, asked from the engine on a copy of the game."""
        events = self.ctrl.state.clone().apply("close")
        closed = next(e for e in events if isinstance(e, E.LineClosed))
        banked, dropped = len(closed.banked), len(closed.discarded)
        text = ngettext("Close your line? You bank {banked} card", "Close your line? You bank {banked} cards",
                        banked).format(banked=banked)
        text += ngettext(" and discard {dropped}.", " and discard {dropped}.", dropped).format(dropped=dropped)
        for bet in (e for e in events if isinstance(e, E.BetResolved)):
            text += " " + (_("Your bet {v} is won: +{v}.") if bet.won else
                           _("Your bet {v} is lost: \u2212{v}.")).format(v=bet.value)
        shown = str(closed.points) if closed.points >= 0 else f"\u2212{-closed.points}"
        text += " " + ngettext("That makes {points} point.", "That makes {points} points.",
                               abs(closed.points)).format(points=shown)
        return text

    def on_end(self) -> None:
        if self.my_turn() and self.vet(["pass" if self._final() else "end"]) is None:
            return
        legal = self._legal()
        if "end" in legal:
            self.try_action("end")
        elif "pass" in legal:
            self.try_action("pass")
        elif self.my_turn():
            self.refused = Flash(texts.refusal_text("turn.not_taken", {}), REFUSAL_SECONDS)

    def take_back(self) -> bool:
        """One step back: the last action of the viewer's turn (the base autosaves); says what it undid.
        The cards glide back to where the engine has them now."""
        self.bots.cancel_hint()
        undone = self.ctrl.undo()
        if undone is None:
            return False
        self.selected = None
        self.hint = None
        self.refused = None
        self.board.speed = self.anim_speed()
        self.board.lay_out(self.picture(), self.board.phase_seconds(0))
        self.last_moves.pop(self.viewer, None)
        self.last_said.pop(self.viewer, None)
        self.last_from.pop(self.viewer, None)
        for e in self.ctrl.state.events:           # the seat's move before the one taken back, if any
            if getattr(e, "seat", None) == self.viewer:
                self._mark(e)
        label = texts.action_label(undone)
        self.notice = Flash(texts.sentence(_("Taken back: {action}.").format(action=label)), REFUSAL_SECONDS)
        self.add_log([LogEntry(self.viewer, partial(_taken_back, self.ctrl.name(self.viewer), undone))])
        return True

    def on_hint(self) -> None:
        """Hint (button, T key): show the hard bot's move for this position, at once when it was
        asked ahead; with a hint shown, play it."""
        if not self.my_turn():
            return
        if self.hint is not None:
            self.apply_hint()
            return
        if not self.hint_taken():
            self.hint_wanted = True
            self._want_hint()

    def _want_hint(self) -> None:
        """Ask for the wanted hint (the worker may still be starting: asked again each frame) and
        show it as soon as it is there."""
        cur = self.ctrl.current
        if cur is None or not self.acts_here(cur):
            return
        self.bots.ask_hint(self.ctrl.state, cur, HINT_SECONDS)
        h = self.bots.poll_hint(self.ctrl.state, cur)
        if h is not None:
            self.hint = h
            self.hint_wanted = False

    def apply_hint(self) -> bool:
        """Play the hint shown (the Play hint button, A key) as the engine action it names; a close
        asks first like the Close button does."""
        if self.hint is None or not self.my_turn():
            return False
        try:
            action = lineit.parse_action(self.hint["action"])
        except Exception:  # noqa: BLE001 - a hint is the worker's text: never trust it blindly
            self.hint = None
            return False
        if action is lineit.ACTION_CLOSE:
            self.on_close()
            return True
        if action.kind in ("end", "pass"):
            self.on_end()
            return True
        target = "line" if action.kind in ("take_line", "play") else "hand"
        zone = ("market",) if action.kind.startswith("take") else ("hand", self.viewer)
        card = lineit.card_text(action.card)
        self.board.picked = next((s for s in self.board.sprites_in(zone) if s.card == card), None)
        done = self.try_action(action, target)
        if not done:
            self.board.picked = None
        return done

    def toast_keep(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """What the app's toasts leave in view (`game.ui.toast.toast_layout`): the seats'
        panels, the middle row with its labels and counts, the buttons; what they may cover: the log."""
        if self.geo is None:
            return [], []
        g = self.geo
        middle = g.deck.unionall([g.market, *g.jackpots.values()])
        middle.top -= g.lay.px(40)                    # the labels over it
        middle.h += g.lay.px(40) + g.lay.px(34)       # and the jackpots' counts under it
        buttons = [b.rect for b in self.buttons if b.visible]
        return [p.panel for p in g.opponents] + [g.me.panel, middle] + buttons, [g.log]

    def seat_colour(self, seat: int | None) -> tuple[int, int, int] | None:
        from .draw import seat_color
        return None if seat is None else seat_color(seat)

    def passed_to(self, seat: int) -> None:
        """The hot-seat screen was confirmed by `seat`'s player: the table turns to them."""
        super().passed_to(seat)
        if seat != self.viewer:
            self.viewer = seat
            self.selected = None
            self.layout(self.table_lay)
        self.queue_sound("your_turn", 0.1)

    # ------------------------------------------------------------ frame
    def handle(self, event: pygame.event.Event) -> bool:
        """The hosted components (the online chat, the tutorial's guide) first, then the table."""
        return self.handle_components(event) or TableInput.handle(self, event)

    def update(self, dt: float) -> None:
        meter = self.meter
        if meter is not None:
            meter.update_begin()
        applied = self.ctrl.actions_applied
        self.update_components(dt)
        self.update_table(dt)
        self._update(dt)
        # the card art the loader thread made is taken in a few at a time, and not on a frame
        # that already applied a move
        if self.ctrl.actions_applied == applied:
            self.board.images.preload()
        if meter is not None:
            meter.update_end()

    def settle(self) -> None:
        self.board.images.wait_loaded(30.0)      # the card art loader would share the bare frames' CPU

    def _update(self, dt: float) -> None:
        self.clock += dt
        ctrl = self.ctrl
        self.board.update(dt)
        for b in self.buttons:
            b.update(dt)
        for snd in self.sounds:
            snd[0] -= dt
        for snd in [s for s in self.sounds if s[0] <= 0]:
            sound.play(snd[1])
        self.sounds = [s for s in self.sounds if s[0] > 0]
        self.refused = self.refused and self.refused.tick(dt)
        self.notice = self.notice and self.notice.tick(dt)
        if self.flash_zone is not None:
            self.flash_zone = (self.flash_zone[0], self.flash_zone[1] - dt) if self.flash_zone[1] > dt else None
        self._update_lift(dt)
        self._update_pointer()
        self._update_buttons()
        if self.hint_wanted:
            self._want_hint()
        elif (ctrl.current is not None and self.acts_here(ctrl.current) and self.bots.ready and not self.tutorial
              and not ctrl.state.is_over):
            # asked as soon as the person's turn begins (while the deal lands, or the pass screen is
            # up): a click on Hint shows it at once
            self.bots.prefetch_hint(ctrl.state, ctrl.current, HINT_SECONDS)
        if ctrl.state.is_over:
            self._update_over(dt)
            return
        cur = ctrl.current
        if cur != self.last_turn_seat:
            self.last_turn_seat = cur
            self.turn_told = not (self.acts_here(cur) and (cur == self.viewer or not self.hotseat))
        if not self.turn_told and self.dealt():
            self.turn_told = True
            self.queue_sound("your_turn", 0.15)
        # hot-seat: hide the table until the next person says so
        if self.hotseat and cur is not None and self.acts_here(cur) and cur != self.viewer and not self.passing \
                and not self.board.animating and self.wait <= 0:
            self.ask_pass(cur)
            return
        self.wait -= dt
        if self.seating.polled(cur):       # a bot, the room or the script plays this seat
            assert cur is not None
            if self.bot_action is None:
                self.bot_action = self.seating.driver(cur).poll(ctrl.state, cur)
            # a bot's move waits for the market being dealt to land, as a person's turn does: at a
            # fast pace it was taken straight from the draw pile before the others showed
            if self.bot_action is not None and self.wait <= 0 and self.dealt():
                a = self.bot_action
                self.bot_action = None
                self.do(a)
                pace = self.pace()
                if a == "end":
                    pace *= 0.5
                self.wait = pace
            return
        if self.my_turn() and self.wait <= 0:
            legal = ctrl.legal_texts()
            if legal == {"pass"}:
                # final plays with no card to play: pass for the player, after a short look
                if not self.board.animating:
                    self.do(next(iter(legal)))
                    self.wait = 0.3

    def _update_over(self, dt: float) -> None:
        if self.results_at is None:
            self.results_at = self.clock + (0.8 if self.anim_speed() > 0 else 0.0)
        if self.board.animating or self.clock < self.results_at or self.app.top is not self:
            return
        if not self.results_seen:
            self.show_results()

    def results_scene(self) -> Scene:
        from .results import ResultsScene
        return ResultsScene(self.app, self)

    def log_line_px(self) -> int:
        from .draw import log_line_px
        return log_line_px(self.geo.lay) if self.geo is not None else 1

    def step_tip(self, step: int) -> None:
        """The I key: show the next (Shift: previous) thing's tooltip."""
        n = len(tips.targets(self))
        if not n:
            return
        if self.tip_focus is None:
            self.tip_focus = 0 if step > 0 else n - 1
        else:
            self.tip_focus = (self.tip_focus + step) % n

    def _update_pointer(self) -> None:
        """What the mouse (or the I key) points at: a log entry, a long opponent line, a tooltip."""
        from .draw import log_entries
        geo = self.geo
        if geo is None or self.board.spec is None:
            return
        # nothing moved and nothing changed: the answers of the last frame still hold. Cards in
        # flight do not count as a change until they land (the key holds `animating`): asking
        # every tooltip target for its place each frame of a flight cost a quarter millisecond
        st = self.ctrl.state
        key = (self.mouse, self.tip_focus, id(st), len(st.history), self.board.animating, self.log_scroll,
               len(self.log), self.drag is None, geo, i18n.current_language(), self.my_turn(), id(self.hint))
        if key == self._pointer_key:
            return
        self._pointer_key = key
        self.log_hover = None
        if geo.log.collidepoint(self.mouse) and self.log_drag is None:
            for entry, lines, y in log_entries(self):
                if y <= self.mouse[1] < y + len(lines) * self.log_line_px():
                    self.log_hover = entry
                    break
        self.zoom_seat = None
        for g in geo.opponents:
            if g.line.collidepoint(self.mouse) and self.drag is None:
                n = len(self.ctrl.spectator()["seats"][g.seat]["line"])
                if n > 1 and g.line_pos(1, n)[0] - g.line_pos(0, n)[0] < card_w(g.card_h):
                    self.zoom_seat = g.seat
        found = tips.targets(self) if (self.tip_focus is not None or self.drag is None) else []
        tip = None
        if self.tip_focus is not None and found:
            self.tip_focus %= len(found)
            tip = found[self.tip_focus]
        elif self.zoom_seat is None:
            tip = tips.at(found, self.mouse)
        # the text is made once per thing and game state (closing's preview asks the engine)
        tip_key = None if tip is None else (tuple(tip.rect), id(self.ctrl.state), len(self.ctrl.state.history),
                                            i18n.current_language())
        if tip_key != self._tip_key:
            self._tip_key = tip_key
            self.tip = None if tip is None else (tip.rect, tip.text())

    def _update_lift(self, dt: float) -> None:
        hover = None
        if self.drag is None and self.my_turn():
            s = self.board.sprite_at(self.mouse, ("market", "hand"))
            if s is not None and self.draggable(s):
                hover = s
        self.hover = hover
        k = min(1.0, dt * 14)
        for s in self.board.sprites.values():
            target = 1.0 if (s is self.drag or s is self.selected) else 0.45 if s is hover else 0.0
            if s.lift != target:
                s.lift += (target - s.lift) * k
                if abs(s.lift - target) < 0.01:
                    s.lift = target

    def _update_buttons(self) -> None:
        legal = self._legal()
        mine = self.my_turn()
        self.b_close.enabled = mine and "close" in legal
        self.b_end.enabled = mine and ("end" in legal or "pass" in legal)
        self.b_undo.enabled = mine and self.ctrl.can_undo()
        self.b_hint.enabled = mine and self.bots.ready
        # the row is for people at this screen; a replay's table has the viewer's bar instead of a menu
        replay = self.replay
        self.b_menu.enabled = not replay
        self.b_recap.enabled = not replay and self.app.top is self
        people = bool(self.seating.people())
        for b in self.buttons:
            b.visible = not replay and (people or b is self.b_menu)
        self._fit_button_row()

    def _fit_button_row(self) -> None:
        """One font size for the row of four buttons: the largest at which every label fits."""
        row = self.buttons[:4]
        lay = self.table_lay
        key = (i18n.current_language(), lay, tuple(b.rect.w for b in row), tuple(label_text(b.label) for b in row))
        if key == getattr(self, "_row_key", None):
            return
        self._row_key = key
        size = row_font(row, lay, BUTTON_FONT)
        for b in row:
            b.font_size = size

    # ------------------------------------------------------------ drawing
    def strip_area(self, lay: Layout) -> pygame.Rect:
        """Where an online table's strip goes (`draw.strip_area`: the middle labels' row)."""
        from . import draw as D
        return D.strip_area(self)

    def draw(self, surface: pygame.Surface) -> None:
        from . import draw as D
        meter = self.meter
        if meter is not None:
            meter.draw_begin()
        D.draw_table(self, surface)
        self.draw_first_tip(surface)
        self.draw_components(surface)
        if meter is not None:
            meter.draw_end()
