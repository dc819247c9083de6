"""A match: one game between its seats, without a window; the one turn loop of every table.

The match owns the game (the table's `TableGame`, whose engine state is the
authority), who drives each seat (`Seating`), the chance from outside (an
online room's deals and rolls; offline the engine's own seed draws them), the
pace of the moves it asks for, the fallback for a refused one, the hot-seat
hand-over point and what goes to an online room. It never waits: a bot thinks
in the worker while `step` returns at once.

    match = Match("lineit", tg, seating, pace=lambda: 1.0)
    unsubscribe = match.subscribe(print)     # every fact, in order
    match.step(now)                          # a polled seat's move, once the pace and the view allow
    match.submit("take 27 hand")             # a person here (IllegalAction: refused, nothing changed)
    match.undo()                             # back to the seat's last undo point

Facts (`facts.py`) go to the listeners in the order they subscribed: `Applied`
for every action whoever made it, `Dealt` for a room's chance outcome,
`HintShown`, `Undone`, and `Finished` once, right after the action that ended
the game (a match opened on a finished game does not finish it again).

A table is a view of its match: it calls `step(now, ready, before)` each frame,
where `ready(seat)` says the view may show that seat's next move (the deal has
landed, the dice lie still) and `before(seat)` is its last look before a polled
move lands (False holds the move one more frame).

>>> from game.lineit_table.model import TableGame
>>> from game.match.seating import local
>>> config = {"game": "lineit", "seed": 7, "first_seat": 0, "final_plays": 1,
...           "seats": [{"name": "Ada", "kind": "human"}, {"name": "Bob", "kind": "human"}]}
>>> m = Match("lineit", TableGame.new(config), local("lineit", config, 2))
>>> seen = []
>>> _ = m.subscribe(seen.append)
>>> fact = m.submit(m.state.legal_actions()[0])
>>> fact.by.value, fact.seat, seen == [fact]
('person', 0, True)
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from engine.core import IllegalAction
from game.table.bots import fallback, position_key

from .facts import Applied, By, Dealt, Fact, Finished, HintShown, Listener, Undone
from .seating import Role, Seating

log = logging.getLogger("linebox.match")

#: who a polled seat's move is by, from its driver
POLLED_BY = {Role.BOT: By.BOT, Role.REMOTE: By.REMOTE, Role.SCRIPT: By.SCRIPT}


class Model(Protocol):
    """The game at a table as the match moves it (each game's `TableGame`)."""

    state: Any
    config: dict[str, Any]

    def apply(self, action: Any) -> list[Any]: ...

    def result(self) -> dict[str, Any]: ...


def _same_pace(action: str, state: Any) -> float:
    return 1.0


def _no_forced(model: Any) -> str | None:
    return None


@dataclass(frozen=True)
class Pacing:
    """How a game paces the moves its match asks for: data the game's table gives, so the one loop
    never asks which game it runs."""

    #: × the pace after a polled move (`action`, and the state it left): Line-it halves it after a turn's end
    after: Callable[[str, Any], float] = _same_pace
    #: True: the pace counts only while the view is ready (Linyo: from the last stroke on paper and
    #: the dice at rest); False: it counts from the move, and the next also waits for the view
    counts_when_ready: bool = False
    #: a person's only possible move in the game (the table's model), played for them (Line-it's
    #: final "pass" with no card to play)
    forced: Callable[[Any], str | None] = _no_forced
    #: seconds after a forced move before the next move shows (a short look at it)
    forced_look: float = 0.3


#: a game that paces nothing of its own: every polled move one pace after the last
STEADY = Pacing()


def _always(seat: int) -> bool:
    return True


def actions_of(state: Any) -> int:
    """How many actions the game has had."""
    return int(position_key(state, 0)[0])


class Match:
    """One game between its seats (see the module text)."""

    def __init__(self, game: str, model: Model, seating: Seating, pace: Callable[[], float] = lambda: 0.0,
                 pacing: Pacing = STEADY) -> None:
        self.game = game
        self.model = model
        self.seating = seating
        self.pace = pace                  # seconds between polled moves (the settings and the speed)
        self.pacing = pacing
        self.listeners: list[Listener] = []
        self.due = 0.0                    # on the caller's clock: when the next polled move may land
        self.held: tuple[tuple[int, int, int], str] | None = None   # (position, answer) asked, not played yet
        self.posted: dict[tuple[int, str], By] = {}   # online: our decisions sent ahead, and whose they were
        self.facing: int | None = None    # the person here whose turn the screen showed last (None: no one yet)
        self.finished = model.state.is_over

    @property
    def state(self) -> Any:
        return self.model.state

    @property
    def room(self) -> Any:
        """An online match's room (`game.table.remote.RemoteTable`), else None."""
        return self.seating.room

    # ------------------------------------------------------------ listeners
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Tell `listener` every fact from now on; returns what stops it."""
        self.listeners.append(listener)

        def unsubscribe() -> None:
            # by identity: two listeners may compare equal (bound methods of equal objects)
            self.listeners[:] = [kept for kept in self.listeners if kept is not listener]
        return unsubscribe

    def _tell(self, fact: Fact) -> None:
        for listener in list(self.listeners):
            listener(fact)

    def _check_over(self) -> None:
        if self.finished or not self.state.is_over:
            return
        self.finished = True
        config = self.model.config
        game_id = config.get("game_id")
        self._tell(Finished(self.game, game_id if isinstance(game_id, str) else None,
                            self.model.result(), self.state.to_json()))

    # ------------------------------------------------------------ moves
    def submit(self, action: Any, by: By = By.PERSON) -> Applied:
        """Apply `action` for the seat to act; the engine's `IllegalAction` comes through unchanged
        (nothing happened, the table shows the refusal). Online, our move goes to the room too."""
        seat = self.state.current_seat
        events = self.model.apply(action)
        text = str(action)
        if self.room is not None:
            self.room.applied(text)          # the room's own move is only counted; ours is posted
        fact = Applied(text, tuple(events or ()), by, seat)
        self._tell(fact)
        self._check_over()
        return fact

    def post(self, seat: int, action: Any, by: By = By.PERSON) -> bool:
        """Online: our seat's decision to the room ahead of the local game (a Linyo seat decides on the
        roll before the seats before it moved); `step` applies it when the room's order reaches it.
        False: the room would not take it (it moved on: decide again)."""
        if self.room is None:
            raise ValueError("only an online match posts a move ahead")
        if not self.room.post(seat, action):
            return False
        self.posted[(seat, str(action))] = by
        return True

    def step(self, now: float, ready: Callable[[int], bool] = _always,
             before: Callable[[int], bool] = _always) -> list[Applied]:
        """The turn loop, once (a frame): the room's chance outcome, our own move back from the room,
        a person's forced move, or a polled seat's answer once it came, the pace has passed and the
        view is `ready`; never waits. Returns what was applied."""
        st = self.state
        if st.is_over:
            return []
        if st.chance_needed is not None:
            self._take_chance(st)
            return []
        seat = st.current_seat
        if seat is None:
            return []
        if self.seating.here(seat):
            return self._person(now, seat, ready)
        if not self.seating.polled(seat):
            return []                 # a record's seat: the replay viewer steps it
        answer = self._answer(st, seat)
        if not ready(seat):
            if self.pacing.counts_when_ready:
                self.due = now + self.pace()
            return []
        if answer is None or now < self.due or not before(seat):
            return []
        self.held = None
        applied = self._play(answer, POLLED_BY[self.seating.role(seat)])
        self.due = now + self.pace() * self.pacing.after(applied.action, self.state)
        return [applied]

    def resting(self, now: float) -> bool:
        """The pace after the last polled or forced move has not passed yet."""
        return now < self.due

    def _answer(self, st: Any, seat: int) -> str | None:
        """The polled seat's answer for this position: asked once, kept until played."""
        key = (id(st), len(st.events), seat)
        if self.held is not None and self.held[0] == key:
            return self.held[1]
        self.held = None
        driver = self.seating.driver(seat)
        driver.ask(st, seat)              # at once: a bot thinks while the table animates
        answer = driver.poll(st, seat)
        if answer is not None:
            self.held = (key, answer)
        return answer

    def _person(self, now: float, seat: int, ready: Callable[[int], bool]) -> list[Applied]:
        st = self.state
        if self.room is not None:
            text = self.room.next_remote(st)     # our own move, back from the room in its seat order
            if text is None:
                return []
            return [self._play(text, self.posted.pop((seat, text), By.PERSON))]
        if now < self.due or not ready(seat):
            return []
        forced = self.pacing.forced(self.model)
        if forced is None:
            return []
        applied = self.submit(forced, By.PERSON)
        self.due = now + self.pacing.forced_look
        return [applied]

    def _play(self, text: str, by: By) -> Applied:
        """A move that did not come from a person's hand here: a refused one is logged and the
        engine's first legal action is played instead, the same in every game (the game never stops)."""
        try:
            return self.submit(text, by)
        except IllegalAction as refused:
            log.error("%s played an illegal action %r (%s): its first legal action instead", by.value, text, refused)
            return self.submit(fallback(self.state), by)

    def _take_chance(self, st: Any) -> None:
        """An online room's deal or roll, once the room has it for this point of the game."""
        room = self.room
        outcome = room.outcome(st) if room is not None else None
        if outcome is None:
            return
        self._tell(Dealt(tuple(st.resolve_chance(outcome) or ())))
        self._check_over()

    # ------------------------------------------------------------ hot seat, hints, undo
    def hand_over(self, seat: int | None = None) -> int | None:
        """Hot seat: the person who decides now (`seat`, else the seat to act) when the screen must
        first go to them (another person than the one it went to last), else None."""
        if seat is None:
            seat = self.state.current_seat
        if (not self.seating.hot_seat or self.state.is_over or not self.seating.here(seat)
                or seat == self.facing):
            return None
        return seat

    def handed(self, seat: int) -> None:
        """The screen is `seat`'s person's now (the pass screen was confirmed, or the turn told)."""
        self.facing = seat

    def hint_shown(self, seat: int, action: str | None = None) -> None:
        """A hint was shown to the person playing `seat`."""
        self._tell(HintShown(seat, action))

    def undo(self) -> bool:
        """Back to the last point the seat to act may undo to (`undo_points`): True if the game changed."""
        st = self.state
        points = st.undo_points()
        if not points:
            return False
        before = actions_of(st)
        self.model.state = st.rewind(points[-1])
        self.held = None
        self._tell(Undone(st.current_seat, points[-1], before))
        return True
