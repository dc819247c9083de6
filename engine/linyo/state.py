"""The Linyo rules: one `State` per game, changed only through `apply`.

>>> s = new_game(players=1, seed=7, sheet="A", rolls=["bbog", "boog"])
>>> s.phase, s.view(0)["dice"]
('start', 'bbog')
>>> for text in ["start a1", "start b1", "start e1", "start k1"]:
...     s.apply(text)
>>> s.phase, s.round, s.view(0)["dice"]
('move', 1, 'boog')
>>> s.apply("move 1 a2 a3")
>>> s.view(0)["seats"][0]["lines"][0]
{'fields': ['a1', 'a2', 'a3'], 'open': True}
>>> s.scores()
[71]
"""
from __future__ import annotations

import os
from typing import Any, Callable, Optional, Sequence, Union

from engine.core import BadSave, IllegalAction, Rng, read_record, record

from .actions import LINES, MAX_DICE_STEPS, Abort, Action, Move, SetDice, Start, parse_action
from .dice import Roll, four_of_a_kind, parse_roll, roll_dice, roll_text, set_options
from .sheets import (
    COLOUR_WORDS,
    COLS,
    FIELDS,
    FULL_MASK,
    NEIGHBOUR_MASKS,
    NEIGHBOURS,
    ROWS,
    SHEETS,
    Sheet,
    field_name,
    random_sheet,
)

GAME = "linyo"
MIN_PLAYERS = 1
MAX_PLAYERS = 6
DIFFICULTIES = (2, 3, 4)

# A move in the fast path: (line index 0-3, dice-step fields, star field or -1).
FastMove = tuple[int, tuple[int, ...], int]
# A playout policy: (state, seat, moves, rng) -> one of `moves`, or an int line
# index (0-3) to abort that line instead.
Policy = Callable[["State", int, list, Rng], Union[FastMove, int]]

_ROW_MASKS = tuple(((1 << COLS) - 1) << (r * COLS) for r in range(ROWS))


def _fresh_seed() -> int:
    """A new random seed, kept below 2**53 so any JSON reader keeps it exact."""
    return int.from_bytes(os.urandom(8), "big") >> 11



def move_paths(colours, star_mask: int, reached: int, ends: list[tuple[int, int]],
               dice) -> list[FastMove]:
    """Every move from the open line ends `ends` ((line index, end field)) as
    ``(line index, dice-step fields, star field or -1)``.

    The one home of the move rule on bit masks: orthogonal steps onto fields
    not in `reached`, each spending a die (`dice` = counts b, o, g) of the
    entered field's colour, at most MAX_DICE_STEPS, and the optional star step
    when the dice steps end on a star. The state and the bots both use it.
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

class State:
    """A Linyo game in progress. Read it through its attributes and `view`.

    Public attributes: ``players``, ``difficulties``, ``first_seat``,
    ``sheet`` (a `Sheet`), ``seed``, ``phase`` ("set", "start", "move",
    "over"), ``round`` (0 = the start roll), ``roller``, ``current_seat``
    (None once over), ``dice`` (counts per colour or None), ``log`` (action
    texts so far).
    """

    # --- construction -----------------------------------------------------------------
    def __init__(self) -> None:  # use new_game() / from_json() instead
        raise TypeError("use linyo.new_game() or linyo.from_json()")

    @classmethod
    def _blank(cls) -> "State":
        return object.__new__(cls)

    # --- public contract --------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self) -> list[Action]:
        """Every distinct legal action of the current seat (all move paths).

        Set phase: the `set` choices (keeping the roll first). Start phase:
        `start` on every field still allowed. Move phase: every `move`, then
        `abort N` for every open line. Over: empty.
        """
        if self.phase == "set":
            return [SetDice(r) for r in set_options(self.rolled)]
        if self.phase == "start":
            seat = self.current_seat
            reached = self.reached[seat]
            left = self.start_left
            colours = self.sheet.colours
            return [
                Start(f) for f in range(FIELDS)
                if left[colours[f]] and not reached >> f & 1
            ]
        if self.phase == "move":
            seat = self.current_seat
            out: list[Action] = [
                Move(li + 1, fields, None if star < 0 else star)
                for li, fields, star in self.fast_moves(seat)
            ]
            out.extend(Abort(li + 1) for li in range(LINES) if self.open[seat][li])
            return out
        return []

    def apply(self, action: Union[str, Action]) -> None:
        """Play one action (a value or its text) for the current seat.

        Raises IllegalAction with a message for the player and leaves the
        state exactly as it was when the action is refused.
        """
        a = parse_action(action)
        if self.phase == "over":
            raise IllegalAction("the game is over")
        if isinstance(a, SetDice):
            self._check_set(a)
            self.log.append(str(a))
            self._do_set(a.dice, None)
        elif isinstance(a, Start):
            self._check_start(a)
            self.log.append(str(a))
            self._do_start(a.field, None)
        elif isinstance(a, Move):
            self._check_move(a)
            self.log.append(str(a))
            self._do_move(a.line - 1, a.fields, -1 if a.star is None else a.star, None)
        else:
            self._check_abort(a)
            self.log.append(str(a))
            self._do_abort(a.line - 1, None)

    def scores(self) -> list[int]:
        """Free fields per seat (lower is better)."""
        return [FIELDS - r.bit_count() for r in self.reached]

    def longest(self, seat: int) -> int:
        """Fields in the seat's longest line, counting its start and end."""
        return max((len(line) for line in self.lines[seat]), default=0)

    def winners(self) -> list[int]:
        """The seats with the fewest free fields; among them the longest line wins; else shared.

        Before the end this names the current leaders.
        """
        scores = self.scores()
        best = min(scores)
        tied = [s for s in range(self.players) if scores[s] == best]
        top = max(self.longest(s) for s in tied)
        return [s for s in tied if self.longest(s) == top]

    def view(self, seat: int) -> dict:
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
        seats = []
        for s in range(self.players):
            free_mask = ~self.reached[s] & FULL_MASK
            seats.append(
                {
                    "difficulty": self.difficulties[s],
                    "lines": [
                        {"fields": [field_name(f) for f in line], "open": self.open[s][li]}
                        for li, line in enumerate(self.lines[s])
                    ],
                    "free": free_mask.bit_count(),
                    "free_rows": [(free_mask & m).bit_count() for m in _ROW_MASKS],
                    "longest": self.longest(s),
                }
            )
        return {
            "game": GAME,
            "seat": seat,
            "players": self.players,
            "first_seat": self.first_seat,
            "phase": self.phase,
            "round": self.round,
            "roller": self.roller,
            "current_seat": self.current_seat,
            "dice": None if self.dice is None else roll_text(self.dice),
            "rolled": None if self.phase != "set" else roll_text(self.rolled),
            "sheet": list(self.sheet.rows),
            "sheet_name": self.sheet.name,
            "to_move": list(self.to_move),
            "starts_left": roll_text_partial(self.start_left) if self.phase == "start" else None,
            "log": list(self.log),
            "seats": seats,
        }

    def to_json(self) -> dict:
        """The game as ``engine.core.record("linyo", setup, seed, actions)``."""
        if not self.replayable:
            raise ValueError("this state was rebuilt from a view or played out; it has no replayable record")
        return record(GAME, dict(self.setup), self.seed, list(self.log))

    def clone(self) -> "State":
        """An independent copy (cheap: small lists and ints)."""
        c = State._blank()
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.clone()
        c.lines = [[list(line) for line in lines] for lines in self.lines]
        c.open = [list(o) for o in self.open]
        c.reached = list(self.reached)
        c.to_move = list(self.to_move)
        c.start_left = list(self.start_left)
        c.log = list(self.log)
        return c

    # --- helpers for bots and the UI ---------------------------------------------------
    def fast_moves(self, seat: int, dice: Optional[Roll] = None) -> list[FastMove]:
        """Every move of `seat` with `dice` (default: the current roll) as plain tuples.

        Each is ``(line index 0-3, dice-step fields, star field or -1)``;
        ``Move(li + 1, fields, star)`` is its action. Empty outside rounds.
        """
        if dice is None:
            if self.phase != "move":
                return []
            dice = self.dice
        ends = [(li, line[-1]) for li, line in enumerate(self.lines[seat]) if self.open[seat][li]]
        return move_paths(self.sheet.colours, self.sheet.star_mask, self.reached[seat], ends, dice)

    def free_mask(self, seat: int) -> int:
        """Bit mask of the seat's free fields (bit i = field i)."""
        return ~self.reached[seat] & FULL_MASK

    def open_ends(self, seat: int) -> list[tuple[int, int]]:
        """``(line index, end field)`` of every open line of `seat`."""
        return [(li, line[-1]) for li, line in enumerate(self.lines[seat]) if self.open[seat][li]]

    # --- legality (one place) -----------------------------------------------------------
    def _phase_problem(self, wanted: str) -> Optional[str]:
        if self.phase == wanted:
            return None
        if wanted == "set":
            return "there is no four of a kind to set"
        if self.phase == "set":
            return f"first the roller sets the dice after the four of a kind (e.g. 'set {roll_text(self.rolled)}')"
        if self.phase == "start":
            return "first every player marks start fields (e.g. 'start c4')"
        return {
            "start": "the start fields are already marked",
            "move": "moves come after the start fields",
        }[wanted]

    def _check_set(self, a: SetDice) -> None:
        problem = self._phase_problem("set")
        if problem:
            raise IllegalAction(problem)
        k = four_of_a_kind(self.rolled)
        if a.dice[k] < 1:
            raise IllegalAction(f"at least one die keeps its colour ({COLOUR_WORDS[k]})")

    def _check_start(self, a: Start) -> None:
        problem = self._phase_problem("start")
        if problem:
            raise IllegalAction(problem)
        f = a.field
        if self.reached[self.current_seat] >> f & 1:
            raise IllegalAction(f"{field_name(f)} is already on one of your lines")
        k = self.sheet.colours[f]
        if not self.start_left[k]:
            raise IllegalAction(f"{field_name(f)} is {COLOUR_WORDS[k]} but no {COLOUR_WORDS[k]} die is left")

    def _check_line(self, line: int) -> None:
        seat = self.current_seat
        if line > len(self.lines[seat]):
            raise IllegalAction(f"there is no line {line}")
        if not self.open[seat][line - 1]:
            raise IllegalAction(f"that line is closed (× on {field_name(self.lines[seat][line - 1][-1])})")

    def _check_move(self, a: Move) -> None:
        problem = self._phase_problem("move")
        if problem:
            raise IllegalAction(problem)
        self._check_line(a.line)
        seat = self.current_seat
        line = self.lines[seat][a.line - 1]
        end = line[-1]
        used = self.reached[seat]
        counts = list(self.dice)
        colours = self.sheet.colours
        prev = end
        for i, f in enumerate(a.fields):
            if not NEIGHBOUR_MASKS[prev] >> f & 1:
                if i == 0 and (f in line or any(NEIGHBOUR_MASKS[g] >> f & 1 for g in line)):
                    raise IllegalAction(f"a line grows from its end ({field_name(end)})")
                raise IllegalAction(
                    f"{field_name(f)} is not next to {field_name(prev)} (steps go up, down, left or right)"
                )
            if used >> f & 1:
                if f in a.fields[:i]:
                    raise IllegalAction(f"{field_name(f)} is already on this move")
                raise IllegalAction(f"{field_name(f)} is already on one of your lines")
            k = colours[f]
            if not counts[k]:
                raise IllegalAction(f"{field_name(f)} is {COLOUR_WORDS[k]} but no {COLOUR_WORDS[k]} die is left")
            counts[k] -= 1
            used |= 1 << f
            prev = f
        if a.star is not None:
            s = a.star
            if not self.sheet.is_star(prev):
                raise IllegalAction("the star step comes only after a move ends on a star")
            if not NEIGHBOUR_MASKS[prev] >> s & 1:
                raise IllegalAction(
                    f"{field_name(s)} is not next to {field_name(prev)} (steps go up, down, left or right)"
                )
            if used >> s & 1:
                if s in a.fields:
                    raise IllegalAction(f"{field_name(s)} is already on this move")
                raise IllegalAction(f"{field_name(s)} is already on one of your lines")

    def _check_abort(self, a: Abort) -> None:
        problem = self._phase_problem("move")
        if problem:
            raise IllegalAction(problem)
        self._check_line(a.line)

    # --- effects (shared by apply and the fast path) ---------------------------------------
    def _next_roll(self, rng: Optional[Rng]) -> Roll:
        if rng is not None:
            return roll_dice(rng)
        if self.roll_index < len(self.fixed_rolls):
            roll = self.fixed_rolls[self.roll_index]
            self.roll_index += 1
            return roll
        return roll_dice(self.rng)

    def _begin_roll(self, rng: Optional[Rng]) -> None:
        """Roll for the round that starts now (round 0 = the start roll)."""
        roll = self._next_roll(rng)
        self.dice = roll
        if four_of_a_kind(roll) is not None:
            self.phase = "set"
            self.rolled = roll
            self.current_seat = self.roller
            self.to_move = [self.roller]
        else:
            self._begin_decisions()

    def _seats_from(self, first: int) -> list[int]:
        return [(first + i) % self.players for i in range(self.players)]

    def _begin_decisions(self) -> None:
        self.rolled = None
        self.to_move = self._seats_from(self.roller)
        self.current_seat = self.to_move[0]
        if self.round == 0:
            self.phase = "start"
            self.start_left = list(self.dice)
        else:
            self.phase = "move"

    def _do_set(self, dice: Roll, rng: Optional[Rng]) -> None:
        self.dice = dice
        self._begin_decisions()

    def _do_start(self, f: int, rng: Optional[Rng]) -> None:
        seat = self.current_seat
        self.start_left[self.sheet.colours[f]] -= 1
        self.lines[seat].append([f])
        self.open[seat].append(True)
        self.reached[seat] |= 1 << f
        if any(self.start_left):
            return
        self.to_move.pop(0)
        if self.to_move:
            self.current_seat = self.to_move[0]
            self.start_left = list(self.dice)
            return
        self.start_left = [0, 0, 0]
        self._next_round(rng)

    def _do_move(self, li: int, fields: Sequence[int], star: int, rng: Optional[Rng]) -> None:
        seat = self.current_seat
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
        if grown < self.difficulties[seat]:
            self.open[seat][li] = False
        self._round_end_checks(seat, rng)

    def _do_abort(self, li: int, rng: Optional[Rng]) -> None:
        seat = self.current_seat
        self.open[seat][li] = False
        self._round_end_checks(seat, rng)

    def _round_end_checks(self, seat: int, rng: Optional[Rng]) -> None:
        reached = self.reached[seat]
        lines = self.lines[seat]
        opened = self.open[seat]
        for li in range(len(lines)):
            if opened[li] and not NEIGHBOUR_MASKS[lines[li][-1]] & ~reached:
                opened[li] = False
        self.to_move.pop(0)
        if self.to_move:
            self.current_seat = self.to_move[0]
            return
        if any(not any(o) for o in self.open):
            self.phase = "over"
            self.current_seat = None
            return
        self._next_round(rng)

    def _next_round(self, rng: Optional[Rng]) -> None:
        self.round += 1
        self.roller = (self.first_seat + self.round) % self.players
        self._begin_roll(rng)


def roll_text_partial(counts: Sequence[int]) -> str:
    """Letters for any number of dice, sorted b, o, g (e.g. the start colours left)."""
    return "b" * counts[0] + "o" * counts[1] + "g" * counts[2]


def new_game(
    players: int,
    seed: Optional[Union[int, str]] = None,
    sheet: Union[str, Sequence[str]] = "A",
    difficulties: Optional[Sequence[int]] = None,
    first_seat: Optional[int] = None,
    rolls: Optional[Sequence[str]] = None,
    sheet_seed: Optional[Union[int, str]] = None,
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

    Raises ValueError for a setup that makes no sense.

    >>> s = new_game(players=2, seed=3, first_seat=1, rolls=["oooo"])
    >>> s.phase, s.current_seat, [str(a) for a in s.legal_actions()][:2]
    ('set', 1, ['set oooo', 'set bbbo'])
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Linyo is for 1 to 6 players, not {players!r}")
    if seed is None:
        seed = _fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ValueError(f"a seed is a whole number or a text, not {seed!r}")
    setup: dict[str, Any] = {"players": players}

    if isinstance(sheet, str) and sheet in SHEETS:
        the_sheet = SHEETS[sheet]
        setup["sheet"] = sheet
    elif sheet == "random":
        if sheet_seed is None:
            sheet_seed = seed
        if isinstance(sheet_seed, bool) or not isinstance(sheet_seed, (int, str)):
            raise ValueError(f"a sheet seed is a whole number or a text, not {sheet_seed!r}")
        the_sheet = random_sheet(sheet_seed)
        setup["sheet"] = "random"
        setup["sheet_seed"] = sheet_seed
    elif isinstance(sheet, (list, tuple)):
        the_sheet = Sheet.from_rows(sheet, "custom")
        setup["sheet"] = list(the_sheet.rows)
    else:
        raise ValueError(f"the sheet is 'A', 'B', 'random' or 7 rows of letters, not {sheet!r}")

    if difficulties is None:
        difficulties = [2] * players
    difficulties = list(difficulties)
    if len(difficulties) != players or any(
        isinstance(d, bool) or d not in DIFFICULTIES for d in difficulties
    ):
        raise ValueError(f"difficulties are 2, 3 or 4, one per seat, not {difficulties!r}")
    setup["difficulties"] = difficulties

    rng = Rng(seed)
    drawn_first = rng.below(players)  # always drawn, so the rolls never depend on first_seat
    if first_seat is None:
        first_seat = drawn_first
    if isinstance(first_seat, bool) or not isinstance(first_seat, int) or not 0 <= first_seat < players:
        raise ValueError(f"the first seat is 0 to {players - 1}, not {first_seat!r}")
    setup["first_seat"] = first_seat

    fixed: list[Roll] = []
    if rolls is not None:
        if isinstance(rolls, str):
            raise ValueError("rolls is a list of roll texts such as ['bbog', 'gggg']")
        fixed = [parse_roll(r) for r in rolls]
        setup["rolls"] = [roll_text(r) for r in fixed]

    s = State._blank()
    s.players = players
    s.difficulties = difficulties
    s.first_seat = first_seat
    s.sheet = the_sheet
    s.seed = seed
    s.setup = setup
    s.rng = rng
    s.fixed_rolls = fixed
    s.roll_index = 0
    s.phase = "start"
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
    s.replayable = True
    s._begin_roll(None)
    return s


_SETUP_KEYS = {"players", "sheet", "difficulties", "first_seat", "rolls", "sheet_seed"}


def from_json(data: Any) -> State:
    """Rebuild a game from `State.to_json()` (a dict or its JSON text) by replaying it.

    Raises engine.core.BadSave with a plain-words reason for anything wrong.
    """
    rec = read_record(data, GAME)
    setup = rec["setup"]
    unknown = set(setup) - _SETUP_KEYS
    if unknown:
        raise BadSave(f"the saved setup has unknown entries: {', '.join(sorted(unknown))}")
    if "players" not in setup:
        raise BadSave("the saved setup does not say how many players")
    try:
        state = new_game(seed=rec["seed"], **setup)
    except (ValueError, TypeError) as exc:
        raise BadSave(f"the saved setup cannot be played: {exc}") from None
    for i, text in enumerate(rec["actions"]):
        try:
            state.apply(text)
        except IllegalAction as exc:
            raise BadSave(f"saved action {i + 1} ({text!r}) breaks the rules: {exc}") from None
    return state


def state_from_view(view: dict, rng_seed: Union[int, str] = 0) -> State:
    """A playable State rebuilt from a `view` (for bots' lookahead).

    The future rolls come from ``Rng(rng_seed)``, never from the real game.
    Such a state has no record (`to_json` refuses).
    """
    try:
        s = State._blank()
        s.players = int(view["players"])
        s.sheet = Sheet.from_rows(view["sheet"], view.get("sheet_name", "custom"))
        s.difficulties = [int(seat["difficulty"]) for seat in view["seats"]]
        s.first_seat = int(view["first_seat"])
        s.seed = None
        s.setup = {}
        s.rng = Rng(rng_seed)
        s.fixed_rolls = []
        s.roll_index = 0
        s.phase = view["phase"]
        s.round = int(view["round"])
        s.roller = int(view["roller"])
        s.current_seat = view["current_seat"]
        s.dice = None if view["dice"] is None else parse_roll(view["dice"])
        s.rolled = None if view.get("rolled") is None else parse_roll(view["rolled"])
        s.to_move = list(view["to_move"])
        left = view.get("starts_left") or ""
        s.start_left = [left.count("b"), left.count("o"), left.count("g")]
        from .sheets import parse_field

        s.lines = [[[parse_field(f) for f in line["fields"]] for line in seat["lines"]] for seat in view["seats"]]
        s.open = [[bool(line["open"]) for line in seat["lines"]] for seat in view["seats"]]
        s.reached = [sum(1 << f for line in lines for f in line) for lines in s.lines]
        s.log = list(view.get("log", []))
        s.replayable = False
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not a Linyo view: {exc}") from None
    return s


def moves_by_line(source: Union[State, dict], seat: Optional[int] = None) -> dict[int, list[Move]]:
    """The seat's legal moves with the current dice, grouped by line number (1-4).

    `source` is a State or a view; `seat` defaults to the current seat. Only
    open lines with at least one move appear. Outside the move phase: {}.

    >>> s = new_game(players=1, seed=7, rolls=["bbog", "boog"])
    >>> for t in ["start a1", "start b1", "start e1", "start k1"]:
    ...     s.apply(t)
    >>> sorted(moves_by_line(s))
    [1, 2, 3, 4]
    """
    state = source if isinstance(source, State) else state_from_view(source)
    if state.phase != "move":
        return {}
    if seat is None:
        seat = state.current_seat
    out: dict[int, list[Move]] = {}
    for li, fields, star in state.fast_moves(seat):
        out.setdefault(li + 1, []).append(Move(li + 1, fields, None if star < 0 else star))
    return out


# --- fast path: play to the end without Action objects or views -------------------------


def longest_first(state: State, seat: int, moves: list, rng: Rng) -> Union[FastMove, int]:
    """The default playout policy: a longest move (random among equals).

    With no move it aborts the open line whose end has the fewest free
    neighbours.
    """
    if moves:
        best = max(len(m[1]) + (m[2] >= 0) for m in moves)
        top = [m for m in moves if len(m[1]) + (m[2] >= 0) == best]
        return top[rng.below(len(top))]
    free = ~state.reached[seat] & FULL_MASK
    ends = state.open_ends(seat)
    return min(ends, key=lambda e: (NEIGHBOUR_MASKS[e[1]] & free).bit_count())[0]


def random_start(state: State, seat: int, options: list[int], rng: Rng) -> int:
    """The default start policy of `playout`: any allowed field."""
    return options[rng.below(len(options))]


def playout(
    state: State,
    rng: Rng,
    policy: Optional[Policy] = None,
    start_policy: Optional[Callable[[State, int, list[int], Rng], int]] = None,
) -> list[int]:
    """Play `state` to the end in place, every seat by `policy`; returns `scores()`.

    Rolls come from `rng` (not from the game's own source nor its fixed
    rolls). Starts come from `start_policy(state, seat, allowed fields, rng)`
    (default: a random allowed field); a four of a kind is
    set to the result that gives the roller the longest move. The state is
    no longer replayable afterwards; clone first to keep the original.
    """
    if policy is None:
        policy = longest_first
    if start_policy is None:
        start_policy = random_start
    state.replayable = False
    colours = state.sheet.colours
    while state.phase != "over":
        seat = state.current_seat
        if state.phase == "move":
            moves = state.fast_moves(seat)
            choice = policy(state, seat, moves, rng)
            if isinstance(choice, int):
                state._do_abort(choice, rng)
            else:
                state._do_move(choice[0], choice[1], choice[2], rng)
        elif state.phase == "start":
            reached = state.reached[seat]
            left = state.start_left
            options = [f for f in range(FIELDS) if left[colours[f]] and not reached >> f & 1]
            state._do_start(start_policy(state, seat, options, rng), rng)
        else:  # set
            best = None
            for option in set_options(state.rolled):
                length = max(
                    (len(m[1]) + (m[2] >= 0) for m in state.fast_moves(seat, option)), default=0
                )
                if best is None or length > best[0]:
                    best = (length, option)
            state._do_set(best[1], rng)
    return state.scores()
