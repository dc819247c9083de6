"""Position values and move generation for the Linyo bots, on plain ints.

A seat's position is its `reached` mask (bit i = field i reached by a start,
a line or a ×) and the `(line index, end field)` pairs of its open lines.
`value()` estimates minus the free fields the seat will end with: fields no
open line can reach any more are lost for sure; dead ends (free fields with
one way in) each need a line to stop there; regions only one line can still
reach are at risk; open lines and the room around their ends are worth keeping;
a position where some next roll lets no line make a full move risks a line.

>>> from engine.linyo import SIDE_A
>>> ev = Evaluator(SIDE_A)
>>> ev.value(0, [(0, 0)]) > ev.value(1 << 1, [(0, 0)])
True
"""
from __future__ import annotations

from typing import Callable, Optional, Sequence, Union

from engine.linyo.dice import Roll, four_of_a_kind, set_options
from engine.linyo.sheets import COLS, FULL_MASK, NEIGHBOUR_MASKS, NEIGHBOURS, Sheet, flood
from engine.linyo.state import FastMove, move_paths

# A seat's open lines: (line index 0-3, end field) each.
Ends = list[tuple[int, int]]
# A move, or an int: abort that line (index 0-3).
MoveOrAbort = Union[FastMove, int]
# A position one move can leave: (value, reached mask, open ends).
Reply = tuple[float, int, Ends]

_NOT_FIRST_COL = sum(1 << (r * COLS + c) for r in range(7) for c in range(1, COLS))
_NOT_LAST_COL = sum(1 << (r * COLS + c) for r in range(7) for c in range(COLS - 1))

# The 15 results of four dice with two faces of each colour, and their chances.
ROLLS: list[tuple[Roll, float]] = []
for _b in range(5):
    for _o in range(5 - _b):
        _g = 4 - _b - _o
        _ways = 24 // ([1, 1, 2, 6, 24][_b] * [1, 1, 2, 6, 24][_o] * [1, 1, 2, 6, 24][_g])
        ROLLS.append(((_b, _o, _g), _ways / 81))
del _b, _o, _g, _ways

# _SAT[b * 25 + o * 5 + g]: the rolls (bit i = ROLLS[i]) holding at least those dice;
# _PROB[mask]: the chance of a roll in `mask`.
_SAT = [0] * 125
for _i in range(125):
    _need = (_i // 25, _i // 5 % 5, _i % 5)
    _SAT[_i] = sum(1 << j for j, (dice, _) in enumerate(ROLLS) if all(n <= k for n, k in zip(_need, dice)))
_PROB = [0.0] * (1 << len(ROLLS))
for _m in range(1, 1 << len(ROLLS)):
    _low = _m & -_m
    _PROB[_m] = _PROB[_m ^ _low] + ROLLS[_low.bit_length() - 1][1]
_COLOUR_STEP = (25, 5, 1)
del _i, _need, _m, _low

# Weights of `value` (tuned with solo playouts on sides A and B).
W_LOST = 1.0       # a field no open line can reach: gone for good
W_DEAD = 0.6       # a free field with one way in: some line must stop there
W_DEAD_EXCESS = 1.0  # dead ends beyond the number of open lines
W_EXCL = 0.05      # a field only one line can still reach
W_OPEN = 6.0       # an open line (scaled by the room left)
W_ROOM = 0.25      # a free field next to an open end
W_STAR_END = 0.3   # an end that lies on a star (its star is spent)
W_STUCK = 6.0      # the chance that no open line can make a full move with the next roll


def _flood(seed: int, within: int) -> int:
    """`sheets.flood` with the spread inlined (the hot loop of every value)."""
    region = seed
    while True:
        grown = (region | ((region << 1) & _NOT_FIRST_COL) | ((region >> 1) & _NOT_LAST_COL)
                 | (region << COLS) | (region >> COLS)) & within
        if grown == region:
            return region
        region = grown


def at_least_two_neighbours(passable: int) -> int:
    """Fields with at least two orthogonal neighbours inside `passable`."""
    right = (passable >> 1) & _NOT_LAST_COL
    left = (passable << 1) & _NOT_FIRST_COL
    down = passable >> COLS
    up = (passable << COLS) & FULL_MASK
    return (right & (left | down | up)) | (left & (down | up)) | (down & up)


class Evaluator:
    """Values and moves of one sheet (colours and stars)."""

    __slots__ = ("colours", "star_mask", "weights", "memo", "difficulty", "balls", "line_memo",
                 "expect_memo")

    def __init__(self, sheet: Sheet, weights: Optional[dict[str, float]] = None, difficulty: int = 2) -> None:
        self.colours = sheet.colours
        self.star_mask = sheet.star_mask
        w = dict(W_LOST=W_LOST, W_DEAD=W_DEAD, W_DEAD_EXCESS=W_DEAD_EXCESS, W_EXCL=W_EXCL,
                 W_OPEN=W_OPEN, W_ROOM=W_ROOM, W_STAR_END=W_STAR_END, W_STUCK=W_STUCK)
        if weights:
            w.update(weights)
        self.weights = w
        self.difficulty = difficulty
        # (reached, end fields) -> value; values depend on nothing else
        self.memo: dict[tuple[int, tuple[int, ...]], float] = {}
        # (end, reached near it) -> rolls that allow a full move
        self.line_memo: dict[tuple[int, int], int] = {}
        # (reached, end fields, set by me) -> `expect`
        self.expect_memo: dict[tuple[int, tuple[int, ...], bool], float] = {}
        # balls[e]: the fields a full move from e can touch (Manhattan distance <= difficulty)
        self.balls = [sum(1 << f for f in range(77)
                          if abs(f // COLS - e // COLS) + abs(f % COLS - e % COLS) <= difficulty)
                      for e in range(77)]

    def line_rolls(self, reached: int, end: int) -> int:
        """The rolls (bit i = ROLLS[i]) with which the line ending on `end` makes a full move
        (at least `difficulty` fields, the star step included)."""
        key = (end, reached & self.balls[end])
        m = self.line_memo.get(key)
        if m is not None:
            return m
        if len(self.line_memo) > 200_000:
            self.line_memo.clear()
        colours = self.colours
        star_mask = self.star_mask
        d = self.difficulty
        out = 0

        def grow(pos: int, used: int, depth: int, need: int) -> None:
            nonlocal out
            for n in NEIGHBOURS[pos]:
                bit = 1 << n
                if used & bit:
                    continue
                nd = need + _COLOUR_STEP[colours[n]]
                if depth + 1 >= d:
                    out |= _SAT[nd]
                    continue
                now = used | bit
                if depth + 2 == d and star_mask & bit and NEIGHBOUR_MASKS[n] & ~now:
                    out |= _SAT[nd]
                    continue
                grow(n, now, depth + 1, nd)

        grow(end, reached, 0, 0)
        self.line_memo[key] = out
        return out

    # --- values ------------------------------------------------------------------------
    def features(self, reached: int, ends: Ends) -> dict[str, int]:
        """The terms of `value`, for reasons and tests."""
        free = ~reached & FULL_MASK
        nfree = free.bit_count()
        once = twice = 0
        ends_mask = 0
        room = 0
        star_ends = 0
        for _, e in ends:
            bit = 1 << e
            ends_mask |= bit
            region = flood(bit, free)
            twice |= once & region
            once |= region
            room += (NEIGHBOUR_MASKS[e] & free).bit_count()
            if self.star_mask & bit:
                star_ends += 1
        reach = once.bit_count()
        dead = (once & ~at_least_two_neighbours(free | ends_mask)).bit_count()
        return {
            "free": nfree,
            "reach": reach,
            "lost": nfree - reach,
            "dead": dead,
            "excess": max(0, dead - len(ends)),
            "exclusive": (once & ~twice).bit_count(),
            "open": len(ends),
            "room": room,
            "star_ends": star_ends,
        }

    def value(self, reached: int, ends: list[tuple[int, int]]) -> float:
        """About minus the free fields this position will end with (higher is better)."""
        key = (reached, tuple([e for _, e in ends]))  # a list first: no generator frame
        v = self.memo.get(key)
        if v is None:
            if len(self.memo) > 200_000:
                self.memo.clear()
            v = self.memo[key] = self._value(reached, ends)
        return v

    def _value(self, reached: int, ends: list[tuple[int, int]]) -> float:
        free = ~reached & FULL_MASK
        nfree = free.bit_count()
        if not ends:
            return -float(nfree)
        w = self.weights
        once = twice = 0
        ends_mask = 0
        room = 0
        star_ends = 0
        regions: list[int] = []
        for _, e in ends:
            bit = 1 << e
            ends_mask |= bit
            near = NEIGHBOUR_MASKS[e] & free
            for known in regions:  # same component as an earlier end: no new flood
                if not near & ~known:
                    region = known
                    break
            else:
                region = _flood(bit, free)
                regions.append(region)
            twice |= once & region
            once |= region
            room += near.bit_count()
            if self.star_mask & bit:
                star_ends += 1
        reach = once.bit_count()
        dead = (once & ~at_least_two_neighbours(free | ends_mask)).bit_count()
        excess = dead - len(ends)
        scale = min(reach, 24) / 24
        v = (
            -w["W_LOST"] * (nfree - reach)
            - w["W_DEAD"] * dead
            - w["W_EXCL"] * (once & ~twice).bit_count()
            + w["W_OPEN"] * len(ends) * scale
            + w["W_ROOM"] * room * scale
            - w["W_STAR_END"] * star_ends
        )
        if excess > 0:
            v -= w["W_DEAD_EXCESS"] * excess
        if w["W_STUCK"]:  # a roll no line can use costs a line (worth less as the room shrinks)
            any_roll = 0
            for _, e in ends:
                any_roll |= self.line_rolls(reached, e)
            v -= w["W_STUCK"] * (1.0 - _PROB[any_roll]) * scale
        return v

    # --- moves ---------------------------------------------------------------------------
    def moves(self, reached: int, ends: Ends, dice: Sequence[int]) -> list[FastMove]:
        """Every move `(line, dice fields, star or -1)` with `dice` (counts b, o, g)."""
        return move_paths(self.colours, self.star_mask, reached, ends, dice)

    @staticmethod
    def after(reached: int, ends: Ends, move: MoveOrAbort, difficulty: int) -> tuple[int, Ends]:
        """`(reached, open ends)` after `move`; `move` may be an int: abort that line."""
        if isinstance(move, int):
            return reached, [(lj, e) for lj, e in ends if lj != move]
        li, fields, star = move
        r = reached
        for f in fields:
            r |= 1 << f
        grown = len(fields)
        if star >= 0:
            r |= 1 << star
            grown += 1
        out = []
        for lj, e in ends:
            if lj == li:
                if grown < difficulty:
                    continue
                e = star if star >= 0 else fields[-1]
            if NEIGHBOUR_MASKS[e] & ~r:
                out.append((lj, e))
        return r, out

    def distinct(self, reached: int, ends: Ends, moves: Sequence[FastMove],
                 difficulty: int) -> dict[tuple[object, ...], MoveOrAbort]:
        """Moves grouped by the position they leave: {(reached, ends): first such move}.

        (Values and keys are loose so callers may add aborts under keys of their own.)
        """
        out: dict[tuple[object, ...], MoveOrAbort] = {}
        for m in moves:
            r, e = self.after(reached, ends, m, difficulty)
            key = (r, tuple(e))
            if key not in out:
                out[key] = m
        return out

    def replies(self, reached: int, ends: Ends, dice: Sequence[int], difficulty: int) -> list[Reply]:
        """Every distinct position `(value, reached, ends)` one move (or abort) with `dice`
        can leave, unsorted: per line its moves (`moves`, the engine's move rule) in
        their order, one per reached fields and end, then its abort."""
        value = self.value
        after = self.after
        moves = self.moves(reached, ends, dice)
        out: list[Reply] = []
        j = 0
        for i, (li, _) in enumerate(ends):
            seen: set[tuple[int, int]] = set()
            while j < len(moves) and moves[j][0] == li:
                m = moves[j]
                j += 1
                r, new = after(reached, ends, m, difficulty)
                key = (r, m[2] if m[2] >= 0 else m[1][-1])
                if key not in seen:
                    seen.add(key)
                    out.append((value(r, new), r, new))
            rest = ends[:i] + ends[i + 1:]  # aborting by choice is always allowed
            out.append((value(reached, rest), reached, rest))
        return out

    def best_reply(self, reached: int, ends: Ends, dice: Sequence[int], difficulty: int) -> float:
        """The value of the best move (or abort) with `dice` by `value`."""
        if not ends:
            return self.value(reached, ends)
        return max(t[0] for t in self.replies(reached, ends, dice, difficulty))

    def roll_options(self, dice: Roll, my_roll: bool) -> list[Roll]:
        """The dice the seat may play after rolling `dice` (a four of a kind is set by
        its roller: every setting when that is this seat, else kept as rolled)."""
        if my_roll and four_of_a_kind(dice) is not None:
            return set_options(dice)
        return [dice]

    def expect(self, reached: int, ends: Ends, difficulty: int, my_roll: bool) -> float:
        """The expected value of the best next move (by `value`) over the 15 roll results."""
        if not ends:
            return self.value(reached, ends)
        key = (reached, tuple([e for _, e in ends]), my_roll)
        v = self.expect_memo.get(key)
        if v is not None:
            return v
        if len(self.expect_memo) > 100_000:
            self.expect_memo.clear()
        total = 0.0
        for dice, p in ROLLS:
            total += p * max(self.best_reply(reached, ends, option, difficulty)
                             for option in self.roll_options(dice, my_roll))
        self.expect_memo[key] = total
        return total

    def expect2(self, reached: int, ends: Ends, difficulty: int, my_roll: bool, then_my_roll: bool,
                width: int, stop: Optional[Callable[[], bool]] = None) -> Optional[float]:
        """Two rolls deep: over the 15 results of the next roll, the best of the `width`
        best moves by `value`, each valued by `expect` (the roll after that). None once `stop()`
        says so (asked between rolls: a hint someone waits for)."""
        if not ends:
            return self.value(reached, ends)
        total = 0.0
        for dice, p in ROLLS:
            if stop is not None and stop():
                return None
            found: list[Reply] = []
            for option in self.roll_options(dice, my_roll):
                found.extend(self.replies(reached, ends, option, difficulty))
            found.sort(key=lambda t: -t[0])
            best: Optional[float] = None
            seen: set[tuple[int, tuple[tuple[int, int], ...]]] = set()
            for _, r, e in found:
                key = (r, tuple(e))
                if key in seen:
                    continue
                seen.add(key)
                v = self.expect(r, e, difficulty, then_my_roll)
                if best is None or v > best:
                    best = v
                if len(seen) >= width:
                    break
            assert best is not None  # every roll leaves at least the aborts
            total += p * best
        return total
