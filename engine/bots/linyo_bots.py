"""Linyo bots: random, easy, normal and hard.

    from engine.bots import make_bot
    bot = make_bot("linyo", "hard", seed=1)
    action = bot.choose(state.view(state.current_seat))

Every bot decides from the seat's view alone (rebuilt with
`linyo.state_from_view`, whose future rolls are the bot's own, never the
game's) for the seat to act, and plays its own sheet as well as it can (the
sheets of a table never interact).

- ``random``: a uniform legal action (the arena's baseline).
- ``easy``: the longest move it sees, whatever it does to the sheet; aborts
  the line with the least room; starts on any field with room around it.
- ``normal``: the move (or abort) that leaves the best position by
  `linyo_eval.Evaluator.value` (fields lost for good, dead ends, regions
  only one line can reach, open lines, room at the ends).
- ``hard``: the best few `normal` candidates, each valued by the expected
  value of the best next move over all 15 results of the next roll (with
  their chances; a four of a kind is set by its roller) — an exact
  expectimax step over the rolls the seat cannot know. At a table with
  others it also watches how soon another seat may end the game
  (`rounds_left`) and, the sooner, the more it values fields covered now.

`budget` counts simulations: one candidate valued against one roll result
(default 180, i.e. twelve candidates); `time_limit` (seconds) stops the search
early (the best candidate so far is played).
"""
from __future__ import annotations

import time
from functools import partial
from typing import Any, Mapping, Optional, cast

from engine.linyo import (
    Abort, Action, Move, Phase, SetDice, Sheet, Start, State, set_options, state_from_view,
)
from engine.linyo.actions import LINES
from engine.linyo.sheets import COLS, FULL_MASK, NEIGHBOUR_MASKS, field_name, flood

from .base import Watch, decision_rng
from .linyo_eval import ROLLS, Evaluator, MoveOrAbort
from .reasons import Reason, reason

# One ranked choice: (action, score, reason), higher scores better.
Ranked = tuple[Action, float, Reason]
# A move candidate being valued: [value, reached mask, open ends, move or abort] (the value is
# rewritten in place by the lookahead).
Candidate = list[Any]

DEFAULT_BUDGET = 180         # simulations per decision (candidate x roll result)
SIMS_PER_CANDIDATE = len(ROLLS)
# Two rolls deep for the best DEEP_CANDIDATES (each roll: the DEEP_WIDTH best replies by
# value, then the expectation over the roll after), when at most DEEP_MAX_POSITIONS[difficulty]
# distinct positions are open (the end of the game, where moves are few; a value costs more
# at higher difficulties, so the gate is tighter there).
DEEP_CANDIDATES = 3
DEEP_WIDTH = 2
DEEP_MAX_POSITIONS = {2: 30, 3: 20, 4: 15}
# Start fields: spread out (Manhattan distance to the seat's other starts, capped),
# room around them, and edges and corners, which are hard to reach later.
START_SPREAD = 9
START_ROOM = 0.5
START_EDGE = 4.5

# Multi-seat games end after the round in which any seat has no open line left, which
# `Evaluator.value` (tuned solo) does not know. Hard estimates the rounds left from the other
# seats' sheets (the free fields their open lines can still reach, HORIZON_FIELDS per round,
# or sooner at the pace they have lost lines so far) and, closer than
# HORIZON_NEAR rounds, counts every field its move covers now extra: HORIZON_WEIGHT x
# (HORIZON_NEAR - rounds left) per field. Tuned on 3-seat games against two normal and against
# two easy bots (side A, seed 4), checked on seed 9 with 2-4 seats (docs/BOTS.md). Solo play
# is unchanged.
HORIZON_FIELDS = 3.0
HORIZON_NEAR = 22.0
HORIZON_WEIGHT = 0.2

_EVALUATORS: dict[tuple[tuple[str, ...], int], Evaluator] = {}


def reach(state: State, seat: int) -> tuple[list[str], list[str]]:
    """`seat`'s free fields split in two, as field names in sheet order: those some
    open line of the seat can still reach (through free fields from its end) and
    those cut off for good (free at the end of the game whatever happens next)."""
    free = ~state.reached[seat] & FULL_MASK
    reachable = 0
    for _, end in state.open_ends(seat):
        reachable |= flood(1 << end, free)
    cut = free & ~reachable
    names = lambda mask: [field_name(f) for f in range(FULL_MASK.bit_length()) if mask >> f & 1]  # noqa: E731
    return names(reachable), names(cut)


def rounds_left(state: State, seat: int) -> Optional[float]:
    """About how many rounds after this one the game lasts, judged by the other seats alone
    (None without other seats)."""
    out: Optional[float] = None
    for q in range(state.players):
        if q == seat:
            continue
        ends = state.open_ends(q)
        reach = flood(sum(1 << e for _, e in ends), ~state.reached[q] & FULL_MASK)
        life = reach.bit_count() / HORIZON_FIELDS
        lost = LINES - len(ends)
        if lost:
            # lines die of dead ends and bad rolls long before their room is used up: at the
            # pace this seat has lost them so far, its open lines last about this long
            life = min(life, len(ends) * max(1, state.round) / lost)
        out = life if out is None else min(out, life)
    return out


def evaluator(sheet: Sheet, difficulty: int = 2) -> Evaluator:
    """One cached `Evaluator` per sheet and difficulty (sheets are fixed data)."""
    key = (sheet.rows, difficulty)
    ev = _EVALUATORS.get(key)
    if ev is None:
        if len(_EVALUATORS) > 32:
            _EVALUATORS.clear()
        ev = _EVALUATORS[key] = Evaluator(sheet, difficulty=difficulty)
    return ev


def _to_action(m: MoveOrAbort) -> Action:
    if isinstance(m, int):
        return Abort(m + 1)
    li, fields, star = m
    return Move(li + 1, fields, None if star < 0 else star)


def _length(m: MoveOrAbort) -> int:
    return 0 if isinstance(m, int) else len(m[1]) + (m[2] >= 0)


def _set_reason(ev: Evaluator, reached: int, ends: Any, option: tuple) -> Reason:
    """What setting the dice to `option` allows: its longest move and the line it is on."""
    moves = [m for m in ev.moves(reached, ends, option) if not isinstance(m, int)]
    if not moves:
        return reason("set_no_move")
    top = max(moves, key=lambda m: (_length(m), -m[0]))
    return reason("set_longest", n=_length(top), line=top[0] + 1)


def _abort_reason(state: State, seat: int, li: int) -> Reason:
    """Giving up line `li` (0-based): the least room of the open lines, or the room it had."""
    free = ~state.reached[seat] & FULL_MASK
    rooms = {i: flood(1 << end, free).bit_count() for i, end in state.open_ends(seat)}
    if rooms.get(li, 0) <= min(rooms.values(), default=0):
        return reason("abort_least", line=li + 1, n=rooms.get(li, 0))
    return reason("abort_line", line=li + 1, n=rooms[li])


class LinyoBot:
    """A Linyo bot of one level; see the module docstring."""

    game = "linyo"

    def __init__(self, level: str, seed: int = 0, budget: Optional[int] = None,
                 time_limit: Optional[float] = None) -> None:
        if level not in ("random", "easy", "normal", "hard"):
            raise ValueError(f"unknown bot level {level!r}")
        self.level = level
        self.seed = seed
        self.budget = DEFAULT_BUDGET if budget is None else max(1, int(budget))
        self.time_limit = time_limit
        self.watch: Watch | None = None   # a hint's search: someone may wait for it (`base.Watch`)

    def __repr__(self) -> str:
        return f"LinyoBot({self.level!r}, seed={self.seed})"

    # --- interface -------------------------------------------------------------------------
    def choose(self, view: Mapping[str, Any]) -> Action:
        """The action this bot plays in `view` (always legal)."""
        return self.rank(view, 1)[0][0]

    def rank(self, view: Mapping[str, Any], k: int = 3) -> list[Ranked]:
        """The top `k` distinct actions, best first: (action, score, reason).

        Scores are higher-is-better; for normal and hard they estimate minus
        the free fields the seat will end with.
        """
        state = state_from_view(view)
        if state.phase is Phase.OVER or state.current_seat is None:
            return []
        rng = decision_rng(self.seed, view)
        seat = state.current_seat
        if self.level == "random":
            actions = state.legal_actions()
            order = list(range(len(actions)))
            for i in range(len(order) - 1, 0, -1):  # Fisher-Yates with the decision rng
                j = rng.below(i + 1)
                order[i], order[j] = order[j], order[i]
            return [(actions[i], 0.0, reason("random_pick")) for i in order[:max(1, k)]]
        ev = evaluator(state.sheet, state.difficulties[seat])
        if state.phase is Phase.SET:
            scored = self._rank_set(state, seat, ev)
        elif state.phase is Phase.START:
            scored = self._rank_start(state, seat, ev)
        else:
            scored = self._rank_move(state, seat, ev)
        # stable order: score, then a random tie-break drawn from the decision rng
        keyed = [(s, rng.next64(), a, r) for a, s, r in scored]
        keyed.sort(key=lambda t: (-t[0], t[1]))
        return [(a, float(s), r) for s, _, a, r in keyed[:max(1, k)]]

    # --- start fields ----------------------------------------------------------------------
    def _start_score(self, state: State, seat: int, f: int, ev: Evaluator) -> float:
        """How good a start on `f` is: spread from the other starts, edges and corners first."""
        mine = [line[0] for line in state.lines[seat]]
        r, c = divmod(f, COLS)
        dist = min((abs(r - g // COLS) + abs(c - g % COLS) for g in mine), default=8)
        free = ~state.reached[seat] & FULL_MASK
        room = (NEIGHBOUR_MASKS[f] & free).bit_count()
        if self.level == "easy":
            return room
        edge = (r in (0, 6)) + (c in (0, COLS - 1))
        return min(dist, START_SPREAD) + START_ROOM * room + START_EDGE * edge

    def _rank_start(self, state: State, seat: int, ev: Evaluator) -> list[Ranked]:
        return [(Start(f), self._start_score(state, seat, f, ev), reason("start_field", field=field_name(f)))
                for f in state.start_options(seat)]

    # --- four of a kind ----------------------------------------------------------------------
    def _rank_set(self, state: State, seat: int, ev: Evaluator) -> list[Ranked]:
        rolled = state.rolled
        assert rolled is not None  # the set phase shows the four of a kind
        options = set_options(rolled)
        out: list[Ranked] = []
        if state.round == 0:  # the set decides the start colours
            for option in options:
                probe = state.clone()
                probe.apply_unchecked(SetDice(option))
                total = 0.0
                starts = []
                while probe.phase is Phase.START and probe.current_seat == seat:
                    ranked = self._rank_start(probe, seat, ev)
                    best = max(ranked, key=lambda t: t[1])
                    total += best[1]
                    starts.append(field_name(cast(Start, best[0]).field))
                    probe.apply_unchecked(best[0])
                # the colours set are the starts' colours: the reason names the starts they allow
                out.append((SetDice(option), total, reason("set_starts", fields=" ".join(starts))))
            return out
        d = state.difficulties[seat]
        reached = state.reached[seat]
        ends = state.open_ends(seat)
        for option in options:
            if self.level == "easy":
                v = float(max((_length(m) for m in ev.moves(reached, ends, option)), default=0))
            else:
                v = ev.best_reply(reached, ends, option, d)
            out.append((SetDice(option), v, _set_reason(ev, reached, ends, option)))
        if self.level == "hard" and len(out) > 1:  # look one roll further for the two best settings
            out.sort(key=lambda t: -t[1])
            for i in range(min(2, len(out))):
                probe = state.clone()
                probe.apply_unchecked(out[i][0])
                replies = self._rank_move(probe, seat, ev)
                top = max(t[1] for t in replies)
                out[i] = (out[i][0], top + 1e-6, out[i][2])
            floor = min(out[i][1] for i in range(min(2, len(out))))
            out = [t if i < 2 else (t[0], min(t[1], floor - 1), t[2]) for i, t in enumerate(out)]
        return out

    # --- moves -------------------------------------------------------------------------------
    def _reason(self, state: State, seat: int, m: MoveOrAbort, d: int,
                feats: Optional[dict[str, int]] = None) -> Reason:
        if isinstance(m, int):
            return _abort_reason(state, seat, m)
        li, fields, star = m
        n = _length(m)
        if n < d:
            return reason("last_move", line=li + 1, n=n)
        if star >= 0:
            return reason("star")
        if feats is not None and feats["lost"] == 0 and n >= 3:
            return reason("space", n=feats["reach"])
        return reason("long_move", line=li + 1, n=n)

    def _rank_move(self, state: State, seat: int, ev: Evaluator) -> list[Ranked]:
        d = state.difficulties[seat]
        reached = state.reached[seat]
        ends = state.open_ends(seat)
        dice = state.dice
        assert dice is not None  # the move phase shows the dice
        moves = ev.moves(reached, ends, dice)
        if self.level == "easy":
            out: list[Ranked] = [(_to_action(m), float(_length(m)), self._reason(state, seat, m, d)) for m in moves]
            if not out:
                free = ~reached & FULL_MASK
                for li, end in ends:
                    room = (NEIGHBOUR_MASKS[end] & free).bit_count()
                    out.append((Abort(li + 1), -float(room), _abort_reason(state, seat, li)))
            return out

        # one entry per distinct resulting position (paths covering the same fields to the same end)
        groups = ev.distinct(reached, ends, moves, d)
        for li, _ in ends:
            groups.setdefault(("abort", li), li)
        scored: list[Candidate] = []
        for m in groups.values():
            r, e = ev.after(reached, ends, m, d)
            scored.append([ev.value(r, e), r, e, m])
        scored.sort(key=lambda t: -t[0])
        if self.level == "hard" and len(scored) > 1:  # one candidate: the answer is certain, no search
            self._lookahead(state, seat, ev, scored, d)
            left = rounds_left(state, seat)
            if left is not None and left < HORIZON_NEAR:
                weight = HORIZON_WEIGHT * (HORIZON_NEAR - left)
                for t in scored:
                    t[0] -= weight * (~t[1] & FULL_MASK).bit_count()
                scored.sort(key=lambda t: -t[0])
        return [(_to_action(m), v, self._reason(state, seat, m, d, ev.features(r, e) if i < 3 else None))
                for i, (v, r, e, m) in enumerate(scored)]

    def _lookahead(self, state: State, seat: int, ev: Evaluator, scored: list[Candidate], d: int) -> None:
        """Replace the values of the best candidates by their expected value after the next roll;
        near the end of the game, the best few of those two rolls deep."""
        candidates = max(1, self.budget // SIMS_PER_CANDIDATE)
        started = time.perf_counter()
        first = state.first_seat
        assert first is not None  # a view always names the first seat
        next_round = state.round + 1
        my_roll = (first + next_round) % state.players == seat
        then_my_roll = (first + next_round + 1) % state.players == seat
        done = 0
        watch = self.watch
        gain = 0.0            # the most a candidate's lookahead has raised it over its static value
        for entry in scored[:candidates]:
            if self.time_limit is not None and done and time.perf_counter() - started > self.time_limit:
                break
            if watch is not None and done and watch.stop(partial(_settled, scored, done, candidates, gain)):
                break
            v, r, e, m = entry
            if e:
                entry[0] = ev.expect(r, e, d, my_roll)
            gain = max(gain, entry[0] - v)
            done += 1
        # searched candidates first, by their expected value; the rest keep their order below
        head = sorted(scored[:done], key=lambda t: -t[0])
        deep = min(DEEP_CANDIDATES, done)
        if deep > 1 and len(scored) <= DEEP_MAX_POSITIONS.get(d, 15) and (
                watch is None or watch.stopped in ("budget", "settled")) and (
                self.time_limit is None or time.perf_counter() - started <= self.time_limit / 2):
            # a hint someone waits for keeps the one-roll values when the two-roll ones come too late,
            # and stops early once the best two-roll value is settled (`_settled_deep`)
            stop = None if watch is None else (lambda: watch.stop(_unsettled))
            deeper: list[float] = []
            for v, r, e, _m in head[:deep]:
                if watch is not None and deeper and watch.stop(partial(_settled_deep, head, deeper, deep)):
                    break
                value = ev.expect2(r, e, d, my_roll, then_my_roll, DEEP_WIDTH, stop) if e else v
                if value is None:
                    break
                deeper.append(value)
            if watch is not None and watch.stopped in ("deadline", "superseded"):
                deeper = []
            if deeper:
                deep = len(deeper)
                for entry, value in zip(head[:deep], deeper):
                    entry[0] = value
                top = sorted(head[:deep], key=lambda t: -t[0])
                low = min(t[0] for t in top)
                for t in head[deep:]:
                    t[0] = min(t[0], low) - 1e-3
                head[:deep] = top
        if watch is not None:
            watch.done(done * SIMS_PER_CANDIDATE)
        floor = min(t[0] for t in head)
        for t in scored[done:]:
            t[0] = min(t[0], floor) - 1e-3
        scored[:done] = head


SETTLE_VALUED = 3
"""Candidates valued before `_settled` judges (the largest gain seen means little before)."""
SETTLE_GAIN = 2.0
"""How many times the largest gain seen a candidate still to value would need to pass the best:
on 60 seeded positions the settled answer was the full search's in 85% (1.0: 80%), and the rest
lost little (docs/BOTS.md, "Hints that never wait out a budget")."""


def _unsettled() -> bool:
    return False


def _settled_deep(head: list[Candidate], deeper: list[float], deep: int) -> bool:
    """Whether the best two-roll value so far stays best: none of the candidates still to look two
    rolls deep could pass it unless its value moved SETTLE_GAIN times more than any so far did
    (`head` still holds their one-roll values)."""
    moved = max(abs(value - head[i][0]) for i, value in enumerate(deeper))
    best = max(deeper)
    return all(best > head[j][0] + SETTLE_GAIN * moved for j in range(len(deeper), deep))


def _settled(scored: list[Candidate], done: int, candidates: int, gain: float) -> bool:
    """Whether the best candidate valued so far stays best: no candidate still to value could
    pass it unless its lookahead raised it SETTLE_GAIN times more than any valued one's did
    (`gain`); the candidates are valued in the order of their static value, so the rest start lower."""
    if done >= min(candidates, len(scored)):
        return True
    if done < SETTLE_VALUED:
        return False
    best = max(t[0] for t in scored[:done])
    return best > scored[done][0] + SETTLE_GAIN * gain


def make(level: str, seed: int = 0, budget: Optional[int] = None,
         time_limit: Optional[float] = None) -> LinyoBot:
    """A Linyo bot (see `engine.bots.make_bot`)."""
    return LinyoBot(level, seed=seed, budget=budget, time_limit=time_limit)
