"""The Linyo rules: one `State` per game, changed only through `apply`.

`apply` returns the events it caused (and `state.events` keeps them all):

>>> s = new_game(players=1, seed=7, sheet="A", rolls=["bbog", "boog"])
>>> s.phase, s.view(0)["dice"]
('start', 'bbog')
>>> s.events
[FirstSeatChosen(seat=0), DiceRolled(round=0, roller=0, faces=('b', 'b', 'o', 'g'))]
>>> for text in ["start a1", "start b1", "start e1"]:
...     _ = s.apply(text)
>>> s.apply("start k1")  # the last start ends round 0; round 1 is rolled at once
[StartPlaced(seat=0, line=4, field='k1'), RoundEnded(round=0), DiceRolled(round=1, roller=0, faces=('b', 'o', 'o', 'g'))]
>>> s.phase, s.round, s.view(0)["dice"]
('move', 1, 'boog')

A refusal names its reason by a stable code (see `refusals.py`):

>>> r = s.why_illegal("move 2 b2 b3")
>>> (r, r.code, r.params)
('b3 is blue but no blue die is left', 'move.no_die', {'field': 'b3', 'colour': 'blue'})
>>> s.apply("move 1 a2 a3")[:2]
[LineMoved(seat=0, line=1, fields=('a2', 'a3'), dice='bg', star=None), RoundEnded(round=1)]
>>> s.view(0)["seats"][0]["lines"][0]
{'fields': ['a1', 'a2', 'a3'], 'open': True}
>>> s.scores()
[71]
"""
from __future__ import annotations

import os
from enum import Enum
from typing import Any, Final, Mapping, Optional, Sequence, Union

from engine.core import (
    BadSave,
    ChanceNeed,
    ChanceOutcome,
    Event,
    IllegalAction,
    Refusal,
    Rng,
    chance_outcomes,
    checked_outcome,
    places,
    read_record,
    record,
)

from .actions import ABORTS, LINES, MAX_DICE_STEPS, STARTS, Abort, Action, Move, SetDice, Start, moves_of, parse_action
from .dice import (
    COLOURS,
    DICE,
    Roll,
    faces_roll,
    four_of_a_kind,
    parse_roll,
    roll_dice,
    roll_faces,
    roll_text,
    set_options,
)
from .events import (
    CHOSEN,
    DEAD_END,
    TOO_SHORT,
    DiceRolled,
    DiceSet,
    FirstSeatChosen,
    FourOfAKindOffered,
    GameOver,
    LineAborted,
    LineMoved,
    RoundEnded,
    StartPlaced,
)
from .refusals import REFUSALS
from .view_types import LinyoSeatView, LinyoView
from .sheets import (
    COLOUR_WORDS,
    FIELDS,
    FULL_MASK,
    NEIGHBOUR_MASKS,
    NEIGHBOURS,
    SHEETS,
    Sheet,
    FIELD_NAMES,
    field_name,
    flood,
    free_rows,
    parse_field,
    random_sheet,
)

GAME: Final = "linyo"
MIN_PLAYERS = 1
MAX_PLAYERS = 6
DIFFICULTIES = (2, 3, 4)

# A move in the fast path: (line index 0-3, dice-step fields, star field or -1).
FastMove = tuple[int, tuple[int, ...], int]

_ROLL_NEED = ChanceNeed("roll", DICE)
_FIRST_SEAT_NEED = ChanceNeed("first_seat", 1)


class Phase(str, Enum):
    """What the game waits for. Members are the public strings of old ("start" ...):
    ``s.phase == "start"`` holds, and they print and serialise as those strings."""

    CHANCE = "chance"  # an outcome from outside (external chance only): see `chance_needed`
    SET = "set"        # the roller sets the dice after a four of a kind
    START = "start"    # seats mark their start fields
    MOVE = "move"      # seats move or abort
    OVER = "over"

    __str__ = str.__str__

    def __format__(self, spec: str) -> str:  # f"{phase}" is the plain string, as before
        return str.__format__(self.value, spec)

    def __repr__(self) -> str:
        return repr(self.value)


def _fresh_seed() -> int:
    """A new random seed, kept below 2**53 so any JSON reader keeps it exact."""
    return int.from_bytes(os.urandom(8), "big") >> 11


def move_paths(colours: Sequence[int], star_mask: int, reached: int, ends: list[tuple[int, int]],
               dice: Sequence[int]) -> list[FastMove]:
    """Every move from the open line ends `ends` ((line index, end field)) as
    ``(line index, dice-step fields, star field or -1)``.

    THE move rule (the state's legality check is membership in this list; the
    bots generate with it): orthogonal steps onto fields not in `reached`,
    each spending a die (`dice` = counts b, o, g) of the entered field's
    colour, at most MAX_DICE_STEPS, and the optional star step when the dice
    steps end on a star.
    """
    counts = list(dice)
    out: list[FastMove] = []
    path: list[int] = []

    def grow(li: int, pos: int, used: int) -> None:
        for n in NEIGHBOURS[pos]:
            bit = 1 << n
            if used & bit:
                continue
            k = colours[n]
            if not counts[k]:
                continue
            counts[k] -= 1
            path.append(n)
            t = tuple(path)
            out.append((li, t, -1))
            now = used | bit
            if star_mask & bit:
                for s in NEIGHBOURS[n]:
                    if not now >> s & 1:
                        out.append((li, t, s))
            if len(path) < MAX_DICE_STEPS:
                grow(li, n, now)
            path.pop()
            counts[k] += 1

    for li, end in ends:
        grow(li, end, reached)
    return out


def start_fields(colours: Sequence[int], left: Sequence[int], reached: int) -> list[int]:
    """THE start rule: the fields a seat may start on with the dice `left` (counts b, o, g)
    when `reached` is its mask — free and of a colour with a die left."""
    return [f for f in range(FIELDS) if left[colours[f]] and not reached >> f & 1]


def _colour_refusal(code_prefix: str, f: int, colour: int, rolled: Roll) -> IllegalAction:
    """No die of `f`'s colour is left: say whether none was rolled at all."""
    word = COLOUR_WORDS[colour]
    why = "not_rolled" if not rolled[colour] else "no_die"
    return REFUSALS.refuse(f"{code_prefix}.{why}", field=field_name(f), colour=word)


class State:
    """A Linyo game in progress. Read it through its attributes and `view`.

    Public attributes: ``players``, ``difficulties``, ``first_seat`` (None
    while an external first seat is pending), ``sheet`` (a `Sheet`),
    ``seed`` (None with external chance), ``phase`` (a `Phase`, equal to
    "set", "start", "move", "over", or "chance" while waiting for chance from
    outside), ``round`` (0 = the start roll), ``roller``, ``current_seat``
    (None once over or while chance is pending), ``dice`` (counts per colour
    or None), ``log`` (action texts so far), ``events`` (every event so far),
    ``chance`` (every `ChanceOutcome` so far), ``chance_needed`` (a
    `ChanceNeed` or None).
    """

    # --- construction -----------------------------------------------------------------
    def __init__(self) -> None:  # use new_game() / from_json() instead
        raise TypeError("use linyo.new_game() or linyo.from_json()")

    @classmethod
    def _make(cls, players: int, sheet: Sheet, difficulties: list[int], first_seat: Optional[int],
              seed: Optional[Union[int, str]], setup: dict[str, Any], rng: Rng,
              fixed_rolls: list[Roll], external: bool, replayable: bool) -> "State":
        """The one place that lists a state's fields (every field is set here)."""
        s = object.__new__(cls)
        s.players = players
        s.sheet = sheet
        s.difficulties = difficulties
        s.first_seat = first_seat
        s.seed = seed
        s.setup = setup
        s.rng = rng
        s.fixed_rolls = fixed_rolls
        s.roll_index = 0
        s.external = external
        s.replayable = replayable
        s.phase = Phase.START
        s.round = 0
        s.roller = first_seat
        s.current_seat = first_seat
        s.dice = None
        s.rolled = None
        s.to_move = []
        s.start_left = [0, 0, 0]
        s.lines = [[] for _ in range(players)]
        s.open = [[] for _ in range(players)]
        s.reached = [0] * players
        s.log = []
        s.actors = []        # the seat of each action in `log`
        s.events = []
        s.chance = []
        s.chance_needed = None
        s.last_roll_at = 0   # len(log) when the dice were last rolled (undo stops there)
        s._moves_key = None  # the position `_moves_now` last generated for, and its moves
        s._moves_now_list = ()
        return s

    # Declared for readers and type checkers; `_make` sets each of them.
    players: int
    sheet: Sheet
    difficulties: list[int]
    first_seat: Optional[int]
    seed: Optional[Union[int, str]]
    setup: dict[str, Any]
    rng: Rng
    fixed_rolls: list[Roll]
    roll_index: int
    external: bool
    replayable: bool
    phase: Phase
    round: int
    roller: Optional[int]
    current_seat: Optional[int]
    dice: Optional[Roll]
    rolled: Optional[Roll]
    to_move: list[int]
    start_left: list[int]
    lines: list[list[list[int]]]
    open: list[list[bool]]
    reached: list[int]
    log: list[str]
    actors: list[int]
    events: list[Event]
    chance: list[ChanceOutcome]
    chance_needed: Optional[ChanceNeed]
    last_roll_at: int
    _moves_key: Any
    _moves_now_list: Sequence[FastMove]

    # --- public contract --------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def legal_actions(self) -> list[Action]:
        """Every distinct legal action of the current seat (all move paths).

        Set phase: the `set` choices (keeping the roll first). Start phase:
        `start` on every field still allowed. Move phase: every `move`, then
        `abort N` for every open line. Over, or waiting for chance: empty.
        """
        phase = self.phase
        if phase is Phase.MOVE:
            seat = self.current_seat
            assert seat is not None  # a seat acts in every phase but chance and over
            out: list[Action] = moves_of(self._moves_now())  # type: ignore[assignment]
            opened = self.open[seat]
            out.extend(ABORTS[li] for li in range(LINES) if opened[li])
            return out
        if phase is Phase.START:
            return [STARTS[f] for f in self.start_options()]
        if phase is Phase.SET:
            return [SetDice(r) for r in set_options(self._set_roll())]
        return []

    def apply(self, action: Union[str, Action]) -> list[Event]:
        """Play one action (a value or its text) for the current seat; returns its events.

        Raises a coded IllegalAction (see `refusals.py`) and leaves the state
        exactly as it was when the action is refused.
        """
        a = self._check(action)
        seat = self.current_seat
        assert seat is not None  # `_check` refuses while no seat is to act
        out: list[Event] = []
        self.log.append(str(a))
        self.actors.append(seat)
        self._do(a, out)
        self.events.extend(out)
        return out

    def why_illegal(self, action: Union[str, Action]) -> Optional[Refusal]:
        """The refusal `apply(action)` would raise (its text, ``code`` and ``params``), or None."""
        try:
            self._check(action)
        except IllegalAction as exc:
            return exc.refusal
        return None

    def apply_unchecked(self, action: Action) -> None:
        """The bots' fast path: play a LEGAL action value with no check, no log and no events.

        Only for lookahead on a clone (or a `state_from_view` state): an
        illegal action corrupts the state, and the state has no replayable
        record afterwards (`to_json` refuses).
        """
        self.replayable = False
        self._do(action, None)

    def resolve_chance(self, outcome: Sequence[str]) -> list[Event]:
        """Take the outcome `chance_needed` asks for; returns the events it caused.

        A roll is four faces "b", "o", "g" (in the order thrown); a first seat
        is one seat number as text ("2"). An impossible outcome raises a coded
        IllegalAction ("chance.*") and changes nothing.
        """
        need = self.chance_needed
        faces = checked_outcome(need, outcome, REFUSALS, self.players)
        assert need is not None
        out: list[Event] = []
        if need.kind == "first_seat":
            text = faces[0]
            self.chance_needed = None
            self.chance.append(ChanceOutcome(len(self.log), need.kind, faces))
            self._seat_first(int(text), out)
            self._begin_roll(None, out)
        else:
            for face in faces:
                if not (isinstance(face, str) and len(face) == 1 and face in COLOURS):
                    raise REFUSALS.refuse("chance.bad_face", face=face)
            self.chance_needed = None
            self.chance.append(ChanceOutcome(len(self.log), need.kind, faces))
            self._rolled(faces, faces_roll(faces), out)
        self.events.extend(out)
        return out

    def scores(self) -> list[int]:
        """Free fields per seat (lower is better)."""
        return [FIELDS - r.bit_count() for r in self.reached]

    def longest(self, seat: int) -> int:
        """Fields in the seat's longest line, counting its start and end."""
        return max((len(line) for line in self.lines[seat]), default=0)

    def rounds_left_at_most(self) -> Optional[int]:
        """The most rounds the game can still last, the one being played included (0 once over;
        None before every start is marked). A bound, not a forecast: in every round a seat either
        keeps its moved line open, which reaches at least its difficulty in free fields its open
        line ends can still reach, or loses an open line; the game ends with the round in which
        some seat has no open line left.

        >>> s = new_game(players=1, seed=3, first_seat=0, rolls=["bbog", "bbbo"])
        >>> s.rounds_left_at_most() is None
        True
        >>> for t in ["start a1", "start b1", "start e1", "start k1"]: _ = s.apply(t)
        >>> s.rounds_left_at_most() == (77 - 4) // 2 + 4
        True
        """
        if self.phase is Phase.OVER:
            return 0
        if self.round == 0 or not all(self.lines):
            return None
        waiting = self.to_move if self.phase is Phase.MOVE else range(self.players)
        bounds = []
        for s in range(self.players):
            ends = sum(1 << line[-1] for line, o in zip(self.lines[s], self.open[s]) if o)
            reach = flood(ends, ~self.reached[s] & FULL_MASK).bit_count()     # only shrinks as lines grow
            bounds.append(reach // self.difficulties[s] + sum(self.open[s]) + (s not in waiting))
        return max(1, min(bounds))

    def places(self) -> list[int]:
        """Each seat's place (1 = best; ties share): the fewest free fields first, then
        the longest line; still equal, a shared place. The standing so far before the end.

        >>> s = new_game(players=2, seed=1, first_seat=0, rolls=["bbog"])
        >>> s.places()               # nobody has started: equal free fields, no line yet
        [1, 1]
        """
        scores = self.scores()
        return places([(scores[s], -self.longest(s)) for s in range(self.players)])

    def winners(self) -> list[int]:
        """The seats in first place once the game is over; [] before the end."""
        if self.phase is not Phase.OVER:
            return []
        return [s for s, place in enumerate(self.places()) if place == 1]

    def free_rows(self, seat: int) -> list[int]:
        """The seat's free fields per row, top row first."""
        return free_rows(self.reached[seat])

    def view(self, seat: int) -> LinyoView:
        """What `seat` sees: everything in Linyo is public, but no future roll.

        Keys: ``phase``, ``round``, ``roller``, ``current_seat``, ``dice``
        (roll text or None), ``rolled`` (the four of a kind before `set`, else
        None), ``sheet`` (7 strings, upper case = star), ``sheet_name``,
        ``players``, ``first_seat``, ``seat`` (whose view), ``to_move`` (seats
        still to act this round, current first), ``starts_left`` (colours the
        current seat still has to start, text, start phase only), ``log``
        and ``seats``: per seat ``difficulty``, ``lines`` (list of {"fields":
        [names], "open": bool}), ``free``, ``free_rows`` (7 counts) and
        ``longest``.
        """
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat} in a game of {self.players}")
        seats: list[LinyoSeatView] = []
        for s in range(self.players):
            seats.append(
                {
                    "difficulty": self.difficulties[s],
                    "lines": [
                        {"fields": [field_name(f) for f in line], "open": self.open[s][li]}
                        for li, line in enumerate(self.lines[s])
                    ],
                    "free": FIELDS - self.reached[s].bit_count(),
                    "free_rows": self.free_rows(s),
                    "longest": self.longest(s),
                }
            )
        return {
            "game": GAME,
            "seat": seat,
            "players": self.players,
            "first_seat": self.first_seat,
            "phase": self.phase.value,
            "round": self.round,
            "roller": self.roller,
            "current_seat": self.current_seat,
            "dice": None if self.dice is None else roll_text(self.dice),
            "rolled": None if self.phase is not Phase.SET else roll_text(self._set_roll()),
            "sheet": list(self.sheet.rows),
            "sheet_name": self.sheet.name,
            "to_move": list(self.to_move),
            "starts_left": roll_text_partial(self.start_left) if self.phase is Phase.START else None,
            "log": list(self.log),
            "seats": seats,
        }

    def to_json(self) -> dict:
        """The game as ``engine.core.record("linyo", setup, seed, actions, chance)`` (format 2)."""
        if not self.replayable:
            raise ValueError("this state was rebuilt from a view or played out; it has no replayable record")
        return record(GAME, dict(self.setup), self.seed, list(self.log), self.chance)

    def clone(self) -> "State":
        """An independent copy (cheap: small lists and ints)."""
        c = object.__new__(State)
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.clone()
        c.setup = dict(self.setup)
        c.lines = [[list(line) for line in lines] for lines in self.lines]
        c.open = [list(o) for o in self.open]
        c.reached = list(self.reached)
        c.to_move = list(self.to_move)
        c.start_left = list(self.start_left)
        c.log = list(self.log)
        c.actors = list(self.actors)
        c.events = list(self.events)
        c.chance = list(self.chance)
        return c

    # --- undo by replay ----------------------------------------------------------------
    def undo_points(self) -> list[int]:
        """The action counts the current seat may rewind to, ascending.

        In Linyo a seat's turn is one action except its four start fields:
        while a seat places them, it may go back to before any of its starts
        of this turn (and before its own `set` of the start roll, which
        revealed nothing). Never before the last roll (undo never re-rolls),
        never into another seat's actions. A move is one action: the
        table's drawing before it is confirmed is not the engine's.
        """
        seat = self.current_seat
        if seat is None:
            return []
        k = len(self.log)
        while k > self.last_roll_at and self.actors[k - 1] == seat:
            k -= 1
        return list(range(k, len(self.log)))

    def rewind(self, n: int, any: bool = False) -> "State":
        """A NEW state rebuilt from this game's record up to its first `n` actions.

        `n` must be one of `undo_points()`, unless ``any=True`` (replays:
        any n from 0 to the number of actions). The chance outcomes recorded
        up to there are replayed as they were. ValueError otherwise.
        """
        if not self.replayable:
            raise ValueError("this state has no replayable record to rewind")
        if any:
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= len(self.log):
                raise ValueError(f"rewind to 0..{len(self.log)} actions, not {n!r}")
        elif n not in self.undo_points():
            raise ValueError(f"cannot rewind to {n!r}: the undo points are {self.undo_points()}")
        return _replay(self.setup, self.seed, self.log[:n], [c for c in self.chance if c.at <= n])

    # --- helpers for bots and the UI ---------------------------------------------------
    def start_options(self, seat: Optional[int] = None) -> list[int]:
        """The fields `seat` (default: the current seat) may start on now (empty outside starts)."""
        if self.phase is not Phase.START:
            return []
        if seat is None:
            seat = self.current_seat
            assert seat is not None  # starts are placed by a seat
        return start_fields(self.sheet.colours, self.start_left, self.reached[seat])

    def fast_moves(self, seat: int, dice: Optional[Roll] = None) -> list[FastMove]:
        """Every move of `seat` with `dice` (default: the current roll) as plain tuples.

        Each is ``(line index 0-3, dice-step fields, star field or -1)``;
        ``Move(li + 1, fields, star)`` is its action. Empty outside rounds.
        """
        if dice is None:
            if self.phase is not Phase.MOVE:
                return []
            dice = self._dice_now()
        return move_paths(self.sheet.colours, self.sheet.star_mask, self.reached[seat],
                          self.open_ends(seat), dice)

    def free_mask(self, seat: int) -> int:
        """Bit mask of the seat's free fields (bit i = field i)."""
        return ~self.reached[seat] & FULL_MASK

    def open_ends(self, seat: int) -> list[tuple[int, int]]:
        """``(line index, end field)`` of every open line of `seat`."""
        return [(li, line[-1]) for li, line in enumerate(self.lines[seat]) if self.open[seat][li]]

    def why_not_step(self, line: int, steps: Sequence[int], star: Optional[int], field: int) -> Optional[Refusal]:
        """Why a move being drawn on `line` (dice `steps`, then `star` or None) cannot go on to
        `field` — as a dice step, or as the star step — or None when it can.

        For screens that let a player draw a move field by field.
        """
        steps = tuple(steps)
        if star is not None:
            if NEIGHBOUR_MASKS[star] >> field & 1:
                return REFUSALS.refuse("move.after_star").refusal
            return REFUSALS.refuse("move.not_adjacent", field=field_name(field),
                                   prev=field_name(star)).refusal
        if len(steps) < MAX_DICE_STEPS:
            as_step = self.why_illegal(Move(line, steps + (field,)))
            if as_step is None:
                return None
        else:
            as_step = REFUSALS.refuse("move.too_many_dice", most=MAX_DICE_STEPS).refusal
        if steps and self.why_illegal(Move(line, steps, field)) is None:
            return None
        return as_step

    # --- legality (one place) -----------------------------------------------------------
    def _check(self, action: Union[str, Action]) -> Action:
        """`action` as a value if the current seat may play it now, else its coded refusal.

        A finished game (or one waiting for chance) refuses before the text is
        even read: that is the first thing a player must be told.
        """
        phase = self.phase
        if phase is Phase.OVER:
            raise REFUSALS.refuse("game.over")
        if phase is Phase.CHANCE:
            need = self.chance_needed
            assert need is not None  # the chance phase always says what it needs
            raise REFUSALS.refuse("chance.pending", need=need.kind)
        a = parse_action(action)
        if isinstance(a, Move):
            self._check_phase(Phase.MOVE)
            self._check_move(a)
        elif isinstance(a, Abort):
            self._check_phase(Phase.MOVE)
            self._check_line(a.line)
        elif isinstance(a, Start):
            self._check_phase(Phase.START)
            self._check_start(a)
        else:
            self._check_phase(Phase.SET)
            self._check_set(a)
        return a

    def _check_phase(self, wanted: Phase) -> None:
        """Refuse an action of the `wanted` phase in another one (the game is neither
        over nor waiting for chance: `_check` said so first)."""
        phase = self.phase
        if phase is wanted:
            return
        if wanted is Phase.SET:
            raise REFUSALS.refuse("set.not_now")
        if phase is Phase.SET:
            raise REFUSALS.refuse("turn.set_pending", roll=roll_text(self._set_roll()))
        if phase is Phase.START:
            raise REFUSALS.refuse("turn.starts_pending")
        raise REFUSALS.refuse("start.not_now")  # wanted START in the move phase

    def _check_set(self, a: SetDice) -> None:
        rolled = self._set_roll()
        if a.dice in set_options(rolled):
            return
        if sum(a.dice) != DICE or min(a.dice) < 0:
            raise REFUSALS.refuse("action.bad_roll", text=str(a.dice))
        k = four_of_a_kind(rolled)
        assert k is not None  # the set phase comes only after a four of a kind
        raise REFUSALS.refuse("set.keep_colour", colour=COLOUR_WORDS[k])

    def _check_start(self, a: Start) -> None:
        f = a.field
        if f in self.start_options():
            return
        seat = self.current_seat
        assert seat is not None
        if self.reached[seat] >> f & 1:
            raise REFUSALS.refuse("start.taken", field=field_name(f))
        raise _colour_refusal("start", f, self.sheet.colours[f], self._dice_now())

    def _check_line(self, line: int) -> None:
        seat = self.current_seat
        assert seat is not None
        if not 1 <= line <= len(self.lines[seat]):
            raise REFUSALS.refuse("line.none", line=line)
        if not self.open[seat][line - 1]:
            raise REFUSALS.refuse("line.closed", end=field_name(self.lines[seat][line - 1][-1]))

    def _moves_now(self) -> Sequence[FastMove]:
        """`fast_moves` of the current seat, kept until the position changes (legal_actions
        and the check of the move that follows share one generation)."""
        seat = self.current_seat
        assert seat is not None
        dice = self.dice
        assert dice is not None  # rolled before any move
        ends = self.open_ends(seat)
        key = (seat, self.reached[seat], dice, tuple(ends))
        if key != self._moves_key:
            self._moves_now_list = tuple(move_paths(self.sheet.colours, self.sheet.star_mask,
                                                    self.reached[seat], ends, dice))
            self._moves_key = key
        return self._moves_now_list

    def _check_move(self, a: Move) -> None:
        self._check_line(a.line)
        if (a.line - 1, a.fields, -1 if a.star is None else a.star) in self._moves_now():
            return  # legal: `move_paths` generated it
        raise self._move_refusal(a)

    def _move_refusal(self, a: Move) -> IllegalAction:
        """Why `move_paths` does not generate `a`: the first step that breaks the rule, named.

        (Legality is decided by `move_paths` alone; this only finds the words. A
        property test checks that it finds a reason exactly for the moves not generated.)
        """
        if len(a.fields) > MAX_DICE_STEPS:
            return REFUSALS.refuse("move.too_many_dice", most=MAX_DICE_STEPS)
        if not a.fields:
            return REFUSALS.refuse("action.star_only" if a.star is not None else "action.move_form")
        seat = self.current_seat
        assert seat is not None
        line = self.lines[seat][a.line - 1]
        end = line[-1]
        used = self.reached[seat]
        dice = self._dice_now()
        counts = list(dice)
        colours = self.sheet.colours
        prev = end
        for i, f in enumerate(a.fields):
            if not NEIGHBOUR_MASKS[prev] >> f & 1:
                if i == 0 and (f in line or any(NEIGHBOUR_MASKS[g] >> f & 1 for g in line)):
                    return REFUSALS.refuse("move.not_from_end", end=field_name(end))
                return REFUSALS.refuse("move.not_adjacent", field=field_name(f), prev=field_name(prev))
            if used >> f & 1:
                return self._taken(f, a.fields[:i])
            k = colours[f]
            if not counts[k]:
                return _colour_refusal("move", f, k, dice)
            counts[k] -= 1
            used |= 1 << f
            prev = f
        s = a.star
        if s is None or not self.sheet.is_star(prev):
            return REFUSALS.refuse("move.no_star")
        if not NEIGHBOUR_MASKS[prev] >> s & 1:
            return REFUSALS.refuse("move.not_adjacent", field=field_name(s), prev=field_name(prev))
        if used >> s & 1:
            return self._taken(s, a.fields)
        raise RuntimeError(f"the move rule and its explanation disagree on {a}")

    @staticmethod
    def _taken(f: int, earlier: Sequence[int]) -> IllegalAction:
        if f in earlier:
            return REFUSALS.refuse("move.repeated", field=field_name(f))
        return REFUSALS.refuse("move.taken", field=field_name(f))

    # --- effects (shared by apply, apply_unchecked and the playout) ---------------------
    # `rng` is the playout's own dice source (None: the game's rolls); `out` collects the
    # events (None on the fast paths, which build none).
    def _do(self, a: Action, out: Optional[list[Event]]) -> None:
        if isinstance(a, Move):
            self._do_move(a.line - 1, a.fields, -1 if a.star is None else a.star, None, out)
        elif isinstance(a, Abort):
            self._do_abort(a.line - 1, None, out)
        elif isinstance(a, Start):
            self._do_start(a.field, None, out)
        else:
            self._do_set(a.dice, None, out)

    def _seat_first(self, seat: int, out: Optional[list[Event]]) -> None:
        self.first_seat = self.roller = self.current_seat = seat
        self.setup["first_seat"] = seat
        self.phase = Phase.START
        if out is not None:
            out.append(FirstSeatChosen(seat))

    def _begin_roll(self, rng: Optional[Rng], out: Optional[list[Event]]) -> None:
        """Roll for the round that starts now (round 0 = the start roll)."""
        if rng is not None:  # the playout's dice: no record, no events
            self._after_roll(roll_dice(rng), None)
            return
        if self.roll_index < len(self.fixed_rolls):
            roll = self.fixed_rolls[self.roll_index]
            self.roll_index += 1
            self._rolled(tuple(roll_text(roll)), roll, out)
        elif self.external:
            self.phase = Phase.CHANCE
            self.chance_needed = _ROLL_NEED
            self.current_seat = None
            self.to_move = []
        else:
            faces = roll_faces(self.rng)
            self.chance.append(ChanceOutcome(len(self.log), "roll", faces))
            self._rolled(faces, faces_roll(faces), out)

    def _rolled(self, faces: tuple[str, ...], roll: Roll, out: Optional[list[Event]]) -> None:
        self.last_roll_at = len(self.log)
        if out is not None:
            out.append(DiceRolled(self.round, self._roller_now(), faces))
        self._after_roll(roll, out)

    def _after_roll(self, roll: Roll, out: Optional[list[Event]]) -> None:
        self.dice = roll
        k = four_of_a_kind(roll)
        if k is not None:
            roller = self._roller_now()
            self.phase = Phase.SET
            self.rolled = roll
            self.current_seat = roller
            self.to_move = [roller]
            if out is not None:
                out.append(FourOfAKindOffered(roller, COLOURS[k]))
        else:
            self._begin_decisions()

    # The rolls, once made: None only before the first roll (or, for `rolled`, outside the
    # set phase), when nothing asks for them.
    def _roller_now(self) -> int:
        """The seat that rolls this round."""
        roller = self.roller
        assert roller is not None  # the first seat is known before the first roll
        return roller

    def _dice_now(self) -> Roll:
        """The dice of this round."""
        dice = self.dice
        assert dice is not None  # asked only once rolled
        return dice

    def _set_roll(self) -> Roll:
        """The four of a kind the roller sets (set phase only)."""
        rolled = self.rolled
        assert rolled is not None  # the set phase keeps it
        return rolled

    def _seats_from(self, first: int) -> list[int]:
        return [(first + i) % self.players for i in range(self.players)]

    def _begin_decisions(self) -> None:
        self.rolled = None
        self.to_move = self._seats_from(self._roller_now())
        self.current_seat = self.to_move[0]
        if self.round == 0:
            self.phase = Phase.START
            self.start_left = list(self._dice_now())
        else:
            self.phase = Phase.MOVE

    def _do_set(self, dice: Roll, rng: Optional[Rng], out: Optional[list[Event]] = None) -> None:
        self.dice = dice
        if out is not None:
            out.append(DiceSet(self._roller_now(), roll_text(dice)))
        self._begin_decisions()

    def _do_start(self, f: int, rng: Optional[Rng], out: Optional[list[Event]] = None) -> None:
        seat = self.current_seat
        assert seat is not None
        self.start_left[self.sheet.colours[f]] -= 1
        self.lines[seat].append([f])
        self.open[seat].append(True)
        self.reached[seat] |= 1 << f
        if out is not None:
            out.append(StartPlaced(seat, len(self.lines[seat]), field_name(f)))
        if any(self.start_left):
            return
        self.to_move.pop(0)
        if self.to_move:
            self.current_seat = self.to_move[0]
            self.start_left = list(self._dice_now())
            return
        self.start_left = [0, 0, 0]
        if out is not None:
            out.append(RoundEnded(self.round))
        self._next_round(rng, out)

    def _do_move(self, li: int, fields: Sequence[int], star: int, rng: Optional[Rng],
                 out: Optional[list[Event]] = None) -> None:
        seat = self.current_seat
        assert seat is not None
        line = self.lines[seat][li]
        line.extend(fields)
        mask = self.reached[seat]
        for f in fields:
            mask |= 1 << f
        grown = len(fields)
        if star >= 0:
            line.append(star)
            mask |= 1 << star
            grown += 1
        self.reached[seat] = mask
        if out is not None:
            colours = self.sheet.colours
            used = [0, 0, 0]
            for f in fields:
                used[colours[f]] += 1
            names = FIELD_NAMES
            out.append(LineMoved(seat, li + 1, tuple([names[f] for f in fields]), roll_text_partial(used),
                                 names[star] if star >= 0 else None))
        if grown < self.difficulties[seat]:  # check 2
            self.open[seat][li] = False
            if out is not None:
                out.append(LineAborted(seat, li + 1, field_name(line[-1]), TOO_SHORT))
        self._round_end_checks(seat, rng, out)

    def _do_abort(self, li: int, rng: Optional[Rng], out: Optional[list[Event]] = None) -> None:
        seat = self.current_seat
        assert seat is not None
        self.open[seat][li] = False  # check 1
        if out is not None:
            out.append(LineAborted(seat, li + 1, field_name(self.lines[seat][li][-1]), CHOSEN))
        self._round_end_checks(seat, rng, out)

    def _round_end_checks(self, seat: int, rng: Optional[Rng], out: Optional[list[Event]]) -> None:
        reached = self.reached[seat]
        lines = self.lines[seat]
        opened = self.open[seat]
        for li in range(len(lines)):  # check 3: dead ends
            if opened[li] and not NEIGHBOUR_MASKS[lines[li][-1]] & ~reached:
                opened[li] = False
                if out is not None:
                    out.append(LineAborted(seat, li + 1, field_name(lines[li][-1]), DEAD_END))
        self.to_move.pop(0)
        if self.to_move:
            self.current_seat = self.to_move[0]
            return
        if out is not None:
            out.append(RoundEnded(self.round))
        if any(not any(o) for o in self.open):
            self.phase = Phase.OVER
            self.current_seat = None
            if out is not None:
                out.append(GameOver(
                    tuple(tuple(self.free_rows(s)) for s in range(self.players)), tuple(self.scores()),
                    tuple(self.longest(s) for s in range(self.players)), tuple(self.winners())))
            return
        self._next_round(rng, out)

    def _next_round(self, rng: Optional[Rng], out: Optional[list[Event]]) -> None:
        first = self.first_seat
        assert first is not None  # drawn (or given) before the first roll
        self.round += 1
        self.roller = (first + self.round) % self.players
        self._begin_roll(rng, out)


def roll_text_partial(counts: Sequence[int]) -> str:
    """Letters for any number of dice, sorted b, o, g (e.g. the start colours left)."""
    return "b" * counts[0] + "o" * counts[1] + "g" * counts[2]


def _setup_sheet(
    sheet: Union[str, Sequence[str]],
    sheet_seed: Optional[Union[int, str]],
    seed: Optional[Union[int, str]],
    setup: dict[str, Any],
) -> Sheet:
    """`new_game`'s sheet: the one named, generated or given; records how in ``setup``."""
    if isinstance(sheet, str) and sheet in SHEETS:
        setup["sheet"] = sheet
        return SHEETS[sheet]
    if sheet == "random":
        if sheet_seed is None:
            sheet_seed = seed if seed is not None else _fresh_seed()
        if isinstance(sheet_seed, bool) or not isinstance(sheet_seed, (int, str)):
            raise ValueError(f"a sheet seed is a whole number or a text, not {sheet_seed!r}")
        the_sheet = random_sheet(sheet_seed)
        setup["sheet"] = "random"
        setup["sheet_seed"] = sheet_seed
        return the_sheet
    if isinstance(sheet, (list, tuple)):
        the_sheet = Sheet.from_rows(sheet, "custom")
        setup["sheet"] = list(the_sheet.rows)
        return the_sheet
    raise ValueError(f"the sheet is 'A', 'B', 'random' or 7 rows of letters, not {sheet!r}")


def new_game(
    players: int,
    seed: Optional[Union[int, str]] = None,
    sheet: Union[str, Sequence[str]] = "A",
    difficulties: Optional[Sequence[int]] = None,
    first_seat: Optional[int] = None,
    rolls: Optional[Sequence[str]] = None,
    sheet_seed: Optional[Union[int, str]] = None,
    external_chance: bool = False,
) -> State:
    """A new Linyo game, already rolled for the start.

    - ``seed``: int or str; None draws a fresh one (still recorded).
    - ``sheet``: "A", "B", "random" (generated from ``sheet_seed``, which
      defaults to the game seed) or 7 strings of 11 letters (a custom sheet
      for tests and tutorials).
    - ``difficulties``: 2, 3 or 4 per seat (default all 2).
    - ``first_seat``: None = drawn from the seeded source.
    - ``rolls``: fixed roll texts, start roll first; the seeded source takes
      over when they run out.
    - ``external_chance``: no seed; every roll (and the first seat unless
      given) comes from outside through `State.resolve_chance` — the state
      waits in phase "chance" with `chance_needed` saying what it needs.
      Fixed ``rolls`` are still used first.

    Raises ValueError for a setup that makes no sense.

    >>> s = new_game(players=2, seed=3, first_seat=1, rolls=["oooo"])
    >>> s.phase, s.current_seat, [str(a) for a in s.legal_actions()][:2]
    ('set', 1, ['set oooo', 'set bbbo'])
    >>> e = new_game(players=2, first_seat=0, external_chance=True)
    >>> e.phase, e.chance_needed, e.current_seat, e.legal_actions()
    ('chance', ChanceNeed(kind='roll', count=4), None, [])
    >>> e.resolve_chance(["g", "b", "o", "b"])
    [DiceRolled(round=0, roller=0, faces=('g', 'b', 'o', 'b'))]
    >>> e.phase, e.view(1)["dice"]
    ('start', 'bbog')
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Linyo is for 1 to 6 players, not {players!r}")
    if external_chance:
        if seed is not None:
            raise ValueError("a game with external chance has no seed")
    elif seed is None:
        seed = _fresh_seed()
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise ValueError(f"a seed is a whole number or a text, not {seed!r}")
    setup: dict[str, Any] = {"players": players}
    the_sheet = _setup_sheet(sheet, sheet_seed, seed, setup)

    if difficulties is None:
        difficulties = [2] * players
    difficulties = list(difficulties)
    if len(difficulties) != players or any(
        isinstance(d, bool) or d not in DIFFICULTIES for d in difficulties
    ):
        raise ValueError(f"difficulties are 2, 3 or 4, one per seat, not {difficulties!r}")
    setup["difficulties"] = difficulties

    rng = Rng(0 if seed is None else seed)
    drawn_first: Optional[int] = None
    if not external_chance:
        drawn_first = rng.below(players)  # always drawn, so the rolls never depend on first_seat
    if first_seat is not None and (
            isinstance(first_seat, bool) or not isinstance(first_seat, int) or not 0 <= first_seat < players):
        raise ValueError(f"the first seat is 0 to {players - 1}, not {first_seat!r}")

    fixed: list[Roll] = []
    if rolls is not None:
        if isinstance(rolls, str):
            raise ValueError("rolls is a list of roll texts such as ['bbog', 'gggg']")
        fixed = [parse_roll(r) for r in rolls]

    s = State._make(players, the_sheet, difficulties, None, seed, setup, rng, fixed,
                    external=external_chance, replayable=True)
    out: list[Event] = []
    if first_seat is not None:
        s._seat_first(first_seat, out)
    elif drawn_first is not None:
        s.chance.append(ChanceOutcome(0, "first_seat", (str(drawn_first),)))
        s._seat_first(drawn_first, out)
    else:
        s.phase = Phase.CHANCE
        s.current_seat = None
        s.chance_needed = _FIRST_SEAT_NEED
    if rolls is not None:
        setup["rolls"] = [roll_text(r) for r in fixed]
    if s.chance_needed is None:
        s._begin_roll(None, out)
    s.events.extend(out)
    return s


_SETUP_KEYS = {"players", "sheet", "difficulties", "first_seat", "rolls", "sheet_seed"}


def _replay(setup: dict, seed: Optional[Union[int, str]], actions: Sequence[str],
            chance: Sequence[ChanceOutcome]) -> State:
    """The game `setup` + `seed` after `actions`, with the recorded `chance` outcomes.

    With a seed the outcomes are redrawn (and must equal `chance`, when it is
    given); with none they are fed in at their ``at`` positions. Raises
    BadSave naming what is wrong.
    """
    unknown = set(setup) - _SETUP_KEYS
    if unknown:
        raise BadSave(f"the saved setup has unknown entries: {', '.join(sorted(unknown))}")
    if "players" not in setup:
        raise BadSave("the saved setup does not say how many players")
    options = dict(setup)
    if any(c.kind == "first_seat" for c in chance):
        options["first_seat"] = None  # drawn (or fed) again, then compared below
    try:
        state = new_game(seed=seed, external_chance=seed is None, **options)
    except (ValueError, TypeError) as exc:
        raise BadSave(f"the saved setup cannot be played: {exc}") from None
    pending = list(chance) if seed is None else []
    checked = 0

    def feed(upto: int) -> None:
        nonlocal checked
        if seed is not None and chance:  # redrawn: each outcome must be the recorded one
            for j in range(checked, len(state.chance)):
                if j >= len(chance) or chance[j] != state.chance[j]:
                    raise BadSave("the saved dice are not the ones its seed rolls (a changed seed?)")
            checked = len(state.chance)
        while pending and pending[0].at <= upto and state.chance_needed is not None:
            c = pending.pop(0)
            if c.at != upto or c.kind != state.chance_needed.kind:
                raise BadSave(f"the saved chance outcome {c.to_json()} does not fit the game")
            try:
                state.resolve_chance(c.outcome)
            except IllegalAction as exc:
                raise BadSave(f"the saved chance outcome {c.to_json()} is impossible: {exc}") from None

    for i, text in enumerate(actions):
        feed(i)
        if state.chance_needed is not None:
            raise BadSave(f"the saved game lacks the chance outcome ({state.chance_needed.kind}) "
                          f"before action {i + 1}")
        try:
            state.apply(text)
        except IllegalAction as exc:
            raise BadSave(f"saved action {i + 1} ({text!r}) breaks the rules: {exc}") from None
    feed(len(actions))
    if pending:
        raise BadSave(f"the saved chance outcome {pending[0].to_json()} does not fit the game")
    if seed is not None and chance and len(chance) != len(state.chance):
        raise BadSave("the saved dice are not the ones its seed rolls (a changed seed?)")
    if "first_seat" in setup and state.first_seat is not None and state.first_seat != setup["first_seat"]:
        raise BadSave("the saved first seat is not the one its seed draws")
    return state


def from_json(data: Any) -> State:
    """Rebuild a game from `State.to_json()` (a dict or its JSON text) by replaying it.

    Format 1 saves (before chance was recorded) load too: their seed redraws
    the rolls. With ``"seed": null`` the recorded chance outcomes are fed in,
    and the game then waits for chance from outside. Raises
    engine.core.BadSave with a plain-words reason for anything wrong.
    """
    rec = read_record(data, GAME)
    return _replay(rec["setup"], rec["seed"], rec["actions"], chance_outcomes(rec))


def state_from_view(view: Mapping[str, Any], rng_seed: Union[int, str] = 0) -> State:
    """A playable State rebuilt from a `view` (for bots' lookahead).

    The future rolls come from ``Rng(rng_seed)``, never from the real game.
    Such a state has no record (`to_json` refuses) and no events.
    """
    try:
        players = int(view["players"])
        first_seat = int(view["first_seat"])
        s = State._make(players, Sheet.from_rows(view["sheet"], view.get("sheet_name", "custom")),
                        [int(seat["difficulty"]) for seat in view["seats"]], first_seat,
                        None, {}, Rng(rng_seed), [], external=False, replayable=False)
        s.phase = Phase(view["phase"])
        s.round = int(view["round"])
        s.roller = int(view["roller"])
        s.current_seat = view["current_seat"]
        s.dice = None if view["dice"] is None else parse_roll(view["dice"])
        s.rolled = None if view.get("rolled") is None else parse_roll(view["rolled"])
        s.to_move = list(view["to_move"])
        left = view.get("starts_left") or ""
        s.start_left = [left.count("b"), left.count("o"), left.count("g")]
        s.lines = [[[parse_field(f) for f in line["fields"]] for line in seat["lines"]] for seat in view["seats"]]
        s.open = [[bool(line["open"]) for line in seat["lines"]] for seat in view["seats"]]
        s.reached = [sum(1 << f for line in lines for f in line) for lines in s.lines]
        s.log = list(view.get("log", []))
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not a Linyo view: {exc}") from None
    return s


def moves_by_line(source: Union[State, Mapping[str, Any]], seat: Optional[int] = None) -> dict[int, list[Move]]:
    """The seat's legal moves with the current dice, grouped by line number (1-4).

    `source` is a State or a view; `seat` defaults to the current seat. Only
    open lines with at least one move appear. Outside the move phase: {}.

    >>> s = new_game(players=1, seed=7, rolls=["bbog", "boog"])
    >>> for t in ["start a1", "start b1", "start e1", "start k1"]:
    ...     _ = s.apply(t)
    >>> sorted(moves_by_line(s))
    [1, 2, 3, 4]
    """
    state = source if isinstance(source, State) else state_from_view(source)
    if state.phase is not Phase.MOVE:
        return {}
    if seat is None:
        seat = state.current_seat
        assert seat is not None  # a seat moves in the move phase
    out: dict[int, list[Move]] = {}
    for m in moves_of(state.fast_moves(seat)):
        out.setdefault(m.line, []).append(m)
    return out
