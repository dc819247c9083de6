"""Line-it bots: random, easy, normal and hard (see docs/BOTS.md, Line-it).

    from engine.bots.lineit_bots import make
    bot = make("hard", seed=1)
    action = bot.choose(state.view(seat))
    bot.rank(view, k=3)   # [(Action, score, Reason), ...], best first

Every bot decides from the view alone. It rebuilds a full state with
`lineit.determinize(view, rng)` (other hands come from the public log; only
the draw pile's order is unknown and is shuffled), where `rng` is
`decision_rng(seed, view)`: the same view and seed always give the same
choice, and nothing the seat cannot see can change it.

Levels
  random  uniform over the legal actions (the arena's baseline).
  easy    one action at a time: scores each legal action by what it does to
          its own line right now, with noise; never looks at the others.
  normal  plans the whole turn (take, play from hand, close, in any order),
          and scores each end-of-turn position with a static evaluation:
          banked points, the room left in the line's direction against the
          unseen cards that fit, jackpots within reach, bets it can still
          win, the hand, and what the market leaves the next player.
  hard    the same whole-turn plans, each judged by simulation: many sampled
          draw-pile orders (shared by all plans: common random numbers), the
          plan applied, then three rounds played with the greedy playout
          policy and the position scored by normal's evaluation, turned into
          a win chance (near the end: the game played out to the end).
          Plans are pruned by successive halving; the value is win share
          (chance) plus a small score-margin term. The turn is replayed
          action by action: each call re-plans from the view.
"""
from __future__ import annotations

import math
import time
from functools import partial
from typing import Any, Union
from bisect import bisect_left, bisect_right

from engine import lineit
from engine.core import Rng
from engine.lineit import Action, LineitState, Phase, fits
from engine.lineit.actions import ACTION_END, CLOSE, END, PASS, PLAY, TAKE_HAND
from engine.lineit.cards import BET_BASE, SUITS
from engine.lineit.playout import Position, greedy_turns

from .base import Watch, decision_rng
from .reasons import Reason, reason

Board = Union[LineitState, Position]
"""What the evaluation reads: a full state, or where a truncated rollout stopped."""
Plan = tuple[list[Action], LineitState, dict[Action, list[Action]]]
"""A plan of `enumerate_plans`: its actions, the state before its `end`, and
its first actions (of every plan reaching the same position)."""
Scores = dict[Any, Any]
"""What a bot's `_score` gives `rank`."""

LEVELS = ("random", "easy", "normal", "hard")
DEFAULT_BUDGET = {"hard": 3000}
"""Simulations per decision of the hard bot for 2 players; fewer for more
players (a rollout costs more), see `HardBot.budget_for`. A simulation is a
truncated rollout (three rounds), about 2.5 times cheaper on average than the
whole-game playouts of the first version, whose default was 1200: the two
have about the same p95 CPU time per decision (the mean is higher now, since
a truncated rollout costs as much late in the game as early)."""


# ----------------------------------------------------------------- helpers

def _pool(s: Board) -> list[int]:
    """Sorted Number cards no seat owns yet: draw pile + market (a set the view
    fixes, whatever order the determinization chose)."""
    return sorted(c for c in (*s.deck[s.pos:], *s.market) if c < BET_BASE)


def _turns_left(s: Board, p: int) -> int:
    """Full turns seat p still gets after the current one (roughly)."""
    size = s.n + 2
    return (len(s.deck) - s.pos) // size


def _room(pool: list[int], d: int, last: int, k: int) -> int:
    """Unseen Number cards that would still fit the line."""
    if k == 0:
        return len(pool)
    lo = bisect_left(pool, last)
    hi = bisect_right(pool, last)
    if d > 0:
        return len(pool) - hi
    if d < 0:
        return lo
    return max(lo, len(pool) - hi)


def _p_at_least(n: float, r: int, q: float = 0.25) -> float:
    """P(Binomial(n, q) >= r) for a real n (rounded down, interpolated)."""
    if r <= 0:
        return 1.0
    if n <= 0:
        return 0.0

    def at(m: int) -> float:
        if m < r:
            return 0.0
        below = 0.0
        for i in range(r):
            below += math.comb(m, i) * q ** i * (1 - q) ** (m - i)
        return 1.0 - below

    lo = int(n)
    f = n - lo
    return at(lo) * (1 - f) + at(lo + 1) * f


def _future_adds(room: int, pool_n: int, turns: int, m: int) -> float:
    """How many more cards a line with `room` fitting unseen cards may get."""
    if turns <= 0 or room <= 0 or pool_n <= 0:
        return 0.0
    seen = room * min(1.0, turns * m / pool_n)
    return min(turns * 0.8, 1.7 * math.sqrt(seen))


class Evaluator:
    """The static evaluation of a position, for one seat (normal and easy)."""

    def __init__(self, s: Board, horizon: int | None = None) -> None:
        self.pool = _pool(s)
        self.n = s.n
        self.m = max(2, s.n + 2 - s.n // 2)
        self.turns = _turns_left(s, s.cur)
        if horizon is not None:
            self.turns = min(self.turns, horizon)

    def line_value(self, s: Board, p: int, extra_hand: int = 0) -> float:
        """Value of seat p's line (future included) and hand."""
        pool = self.pool
        npool = len(pool)
        k = s.lnum[p]
        d = s.ldir[p]
        last = s.llast[p]
        hand = s.hands[p]
        room = _room(pool, d, last, k)
        adds = _future_adds(room, npool, self.turns, self.m)
        fit_hand = 0
        junk = 0
        for c in hand:
            if c > BET_BASE:
                if s.lbet[p]:
                    junk += 1
                continue
            if fits(c, d, last, 0):
                fit_hand += 1
            else:
                junk += 1
        adds = min(adds + 0.7 * fit_hand, self.turns + fit_hand) if self.turns else 0.5 * min(fit_hand, 1)
        value = max(0.0, k + adds - 3.0)
        if k < 3:
            value += 0.15 * k  # progress towards the three discards
        # jackpots within reach on this line
        base = p * 4
        growth = 0.25 * min(self.turns, 6)  # two cards a round feed four jackpots
        for si in range(4):
            have = s.lsuit[base + si]
            if have >= 3:
                continue
            jsize = len(s.jack[si]) + growth
            if jsize <= 0:
                continue
            prob = _p_at_least(adds, 3 - have)
            value += 0.6 * prob * jsize
        # the bet
        v = s.lbet[p]
        if v:
            need = v - s.lafter[p]
            if need <= 0:
                value += v
            else:
                prob = 1.0 / (1.0 + math.exp(-1.6 * (adds - need + 0.3)))
                value += v * (2 * prob - 1)
        else:
            for c in hand:
                if c > BET_BASE:
                    value += 0.3
                    break
        value -= 0.3 * junk * (len(hand) >= 2)
        return value

    def seat_value(self, s: LineitState, p: int) -> float:
        banked = len(s.stacks[p]) + s.bonus[p] - s.penalty[p]
        return banked + self.line_value(s, p)

    def threat(self, s: Board, q: int) -> float:
        """What seat q can grab from the market on its next turn (jackpots)."""
        d = s.ldir[q]
        last = s.llast[q]
        best = 0.0
        for c in s.market:
            if c > BET_BASE:
                continue
            if not fits(c, d, last, 0):
                continue
            si = (c - 1) & 3
            if s.lsuit[q * 4 + si] == 2:
                best = max(best, float(len(s.jack[si])))
        return best


def enumerate_plans(s: LineitState) -> list[Plan]:
    """Every distinct way to finish the current turn from state `s`.

    Returns (plan, state before its final `end`, {first action: plan} for
    every plan reaching the same position). In the final plays a plan is one
    action and the state is the state after it.
    """
    out: list[Plan] = []
    if s.phase == Phase.FINAL:
        for a in s.legal_actions():
            t = s.clone()
            t.apply_unchecked(a)
            out.append(([a], t, {a: [a]}))
        return out
    seen: dict[tuple[Any, ...], int] = {}

    def sig(t: LineitState) -> tuple[Any, ...]:
        p = t.cur
        return (tuple(t.lines[p]), tuple(sorted(t.hands[p])), len(t.stacks[p]), t.bonus[p], t.penalty[p],
                tuple(t.market))

    def dfs(t: LineitState, path: list[Action]) -> None:
        for a in t.legal_actions():
            if a.k == END:
                key = sig(t)
                i = seen.get(key)
                plan = path + [a]
                if i is None:
                    seen[key] = len(out)
                    out.append((plan, t, {plan[0]: plan}))
                else:
                    out[i][2].setdefault(plan[0], plan)
                continue
            u = t.clone()
            u.apply_unchecked(a)
            dfs(u, path + [a])

    dfs(s, [])
    return out


# ------------------------------------------------------------------ reasons

def explain(s: LineitState, plan: list[Action]) -> Reason:
    """A player-readable reason for the first action of `plan` in state `s`.

    A card taken into the hand and played later in the same plan is judged against the line
    it is played onto then (after a close in between, a new line), not the line it was taken
    beside: every claim is about what the plan does (tests/test_hint_claims.py checks them)."""
    a = plan[0]
    p = s.cur
    if a.k == PASS:
        return reason("pass")
    if a.k == END:
        return reason("end")
    if a.k == CLOSE:
        if s.must_close():  # RULES.md "Forced close", as the engine flags it
            return reason("forced_close")
        banked = s.lnum[p] - 3
        # closing three cards or fewer banks nothing: the point is a line with no direction yet
        return reason("close", n=banked) if banked > 0 else reason("restart")
    c = a.card
    if a.k == TAKE_HAND:
        played = next((i for i, b in enumerate(plan) if i and b.k == PLAY and b.card == c), None)
        if played is not None:
            t = s.clone()
            for b in plan[:played]:
                t.apply_unchecked(b)
            why = _line_reason(t, p, c)
            closed = any(b.k == CLOSE for b in plan[1:played])
            if closed and why.key in ("start_line", "new_line"):
                return reason("close_then_play", card=lineit.card_text(c))
            return why
        why = _line_reason(s, p, c)
        if why.key == "jackpot" and fits(c, s.ldir[p], s.llast[p], s.lbet[p]):
            # kept, not played: the jackpot stays this seat's to win on a later turn
            return reason("keep_jackpot", card=lineit.card_text(c), **why.params)
        if why.key == "deny":
            return why
        return _keep_reason(s, p, c)
    if a.k == PLAY and s.phase == Phase.FINAL:
        return reason("final_play")
    return _line_reason(s, p, c)


def _keep_reason(s: LineitState, p: int, c: int) -> Reason:
    """Why a card goes into the hand and stays there this turn: what it can do for the line."""
    card = lineit.card_text(c)
    if c > BET_BASE:
        return reason("keep_bet", card=card, v=c - BET_BASE) if not s.lbet[p] else reason("keep_next", card=card)
    if s.lnum[p] == 0:
        return reason("keep_start", card=card)
    if fits(c, s.ldir[p], s.llast[p], s.lbet[p]):
        return reason("keep_fits", card=card, gap=abs(c - s.llast[p]), last=s.llast[p])
    return reason("keep_next", card=card)


def _line_reason(s: LineitState, p: int, c: int) -> Reason:
    if c > BET_BASE:
        return reason("bet", v=c - BET_BASE)
    si = (c - 1) & 3
    if s.lsuit[p * 4 + si] == 2 and s.jack[si]:
        return reason("jackpot", suit=SUITS[si], n=len(s.jack[si]))
    nxt = (p + 1) % s.n
    if s.n > 1 and c in s.market and s.lsuit[nxt * 4 + si] == 2 and len(s.jack[si]) >= 3:
        d, last = s.ldir[nxt], s.llast[nxt]
        if fits(c, d, last, 0):
            return reason("deny", card=lineit.card_text(c))
    if s.lnum[p] == 0:
        return reason("start_line" if abs(c - 50.5) >= 25 else "new_line", card=lineit.card_text(c))
    return reason("extend", gap=abs(c - s.llast[p]), last=s.llast[p])


def plan_steps(view: dict, plan: list[str]) -> list[tuple[str, Reason, dict]]:
    """The steps of a turn's `plan` (action texts, from `view`) after its first: each action with its
    reason and the seat's view before it. Nothing hidden is dealt within a turn, so the draw pile's
    order plays no part; a plan that stops being legal (never, for a bot's own) ends there."""
    s = lineit.determinize(view, Rng(0))
    seat = s.cur
    out: list[tuple[str, Reason, dict]] = []
    actions = [lineit.parse_action(a) for a in plan]
    for i, a in enumerate(actions):
        if not s.is_legal(a):
            break
        if i:
            out.append((a.text, explain(s, actions[i:]), s.view(seat)))
        if a.k in (END, PASS):
            break
        s.apply(a)
    return out


# --------------------------------------------------------------------- bots

class LineitBot:
    """Shared plumbing: determinize the view, answer trivial decisions at once."""

    game = "lineit"

    def __init__(self, level: str, seed: int = 0, budget: int | None = None,
                 time_limit: float | None = None) -> None:
        self.level = level
        self.seed = seed
        self.budget = budget
        self.time_limit = time_limit
        self.watch: Watch | None = None   # a hint's search: someone may wait for it (`base.Watch`)
        # the last `rank`'s whole-turn plan for each action it ranked (the action first): a hint
        # carries the rest of its turn (`worker.rank`); nothing the bot decides reads it
        self.plans: dict[Action, list[Action]] = {}

    def choose(self, view: dict) -> Action:
        return self.rank(view, 1)[0][0]

    def rank(self, view: dict, k: int = 3) -> list[tuple[Action, float, Reason]]:
        rng = decision_rng(self.seed, view)
        s = lineit.determinize(view, rng)
        legal = s.legal_actions()
        if len(legal) == 1:
            a = legal[0]
            self.plans = {a: [a]}
            return [(a, 0.0, explain(s, [a]))]
        scored = self._score(s, legal, rng, k)  # action -> (score, plan)
        order = sorted(scored.items(), key=lambda kv: (-kv[1][0], kv[0].code))[:max(1, k)]
        self.plans = {a: list(plan) for a, (_sc, plan) in order}
        return [(a, float(sc), explain(s, plan)) for a, (sc, plan) in order]

    def _score(self, s: LineitState, legal: list[Action], rng: Rng, k: int) -> Scores:
        raise NotImplementedError


class RandomBot(LineitBot):
    def _score(self, s: LineitState, legal: list[Action], rng: Rng, k: int) -> Scores:
        order = legal[:]
        rng.shuffle(order)
        return {a: (float(len(order) - i), [a]) for i, a in enumerate(order)}


class EasyBot(LineitBot):
    """One action at a time, own line only, a short horizon, and noise."""

    NOISE = 1.2

    def _score(self, s: LineitState, legal: list[Action], rng: Rng, k: int) -> Scores:
        ev = Evaluator(s, horizon=4)
        p = s.cur
        out = {}
        for a in legal:
            t = s.clone()
            t.apply_unchecked(a)
            if a.k == END:
                v = ev.seat_value(s, p) - 0.2
            else:
                v = ev.seat_value(t, p)
            if a.k == CLOSE:
                v -= 1.0  # shy of closing
            v += self.NOISE * (rng.below(1 << 20) / (1 << 20) - 0.5) * 2
            out[a] = (v, [a])
        return out


def _plan_value(ev: Evaluator, t: LineitState, p: int, n: int) -> float:
    mine = ev.seat_value(t, p)
    if n == 1:
        return mine
    others = [ev.seat_value(t, q) for q in range(n) if q != p]
    nxt = (p + 1) % n
    threat = ev.threat(t, nxt)
    return mine - 0.5 * max(others) - 0.5 * sum(others) / len(others) - 0.6 * threat


class NormalBot(LineitBot):
    """Whole-turn plans judged by the static evaluation."""

    def _score(self, s: LineitState, legal: list[Action], rng: Rng, k: int) -> Scores:
        return self.plan_scores(s)[0]

    @staticmethod
    def plan_scores(s: LineitState) -> tuple[dict[Action, tuple[float, list[Action]]], list[Plan], list[float]]:
        p = s.cur
        plans = enumerate_plans(s)
        ev = Evaluator(s)
        by_action: dict[Action, tuple[float, list[Action]]] = {}
        values: list[float] = []
        for _plan, t, firsts in plans:
            if s.phase == Phase.FINAL:
                v = _final_value(t, p)
            else:
                v = _plan_value(ev, t, p, s.n)
            values.append(v)
            for a, path in firsts.items():
                cur = by_action.get(a)
                if cur is None or v > cur[0]:
                    by_action[a] = (v, path)
        return by_action, plans, values


def _final_value(t: LineitState, p: int) -> float:
    """Final plays: play the rest out greedily (no hidden cards left)."""
    scores = lineit.playout(t, Rng(1), "greedy")
    others = [sc for q, sc in enumerate(scores) if q != p]
    return scores[p] - max(others) + 0.01 * scores[p]


def _outcome(scores: list[int], p: int) -> float:
    me = scores[p]
    best_other = max(sc for q, sc in enumerate(scores) if q != p)
    if me > best_other:
        win = 1.0
    elif me == best_other:
        win = 1.0 / (1 + sum(1 for q, sc in enumerate(scores) if q != p and sc == me))
    else:
        win = 0.0
    return win + 0.03 * max(-15, min(15, me - best_other))


# ------------------------------------------------------- truncated rollouts

def _rollout(state: LineitState, x: int, turns: int, p: int, scale: float) -> float:
    """Play `state` (unchanged, turn phase) greedily for `turns` turns
    (`lineit.playout.greedy_turns`, `x` seeding its tie-breaks), then value the
    position for seat p.

    Every seat is valued by `Evaluator` (banked points + the line's future),
    and the margin over the best other seat becomes a win chance through a
    logistic of width `scale` · √(turns left + 1), plus `_outcome`'s margin
    term. The caller plays the game out with `lineit.playout` instead when
    it would end within `turns` (`_turns_to_end`); should the draw pile run
    out anyway, the position is valued as it stands.
    """
    leaf = greedy_turns(state, x, turns)
    ev = Evaluator(leaf)
    vals = [leaf.stack[q] + leaf.bonus[q] - leaf.penalty[q] + ev.line_value(leaf, q) for q in range(leaf.n)]
    me = vals[p]
    best_other = max(v for q, v in enumerate(vals) if q != p)
    margin = me - best_other
    z = margin / (scale * math.sqrt(ev.turns + 1))
    win = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return win + 0.03 * max(-15.0, min(15.0, margin))


def _turns_to_end(t: LineitState) -> int:
    """Turns still to play (this round's included) before the draw pile is spent."""
    n = t.n
    return ((t.first - t.cur) % n or n) + n * ((len(t.deck) - t.pos) // (n + 2))


def _simulate(t0: LineitState, deck: tuple, wseed: int, horizon: int | None, p: int, scale: float) -> float:
    """One simulation of a plan (its state before `end`, `t0`) in one world (a draw pile and a seed)."""
    t = t0.clone()
    t.deck = deck
    t.apply_unchecked(ACTION_END)
    if horizon is None or t.phase != Phase.TURN or _turns_to_end(t) <= horizon:
        return _outcome(lineit.playout(t, Rng(wseed), "greedy"), p)
    return _rollout(t, wseed, horizon, p, scale)


PER_PLAN = 225
"""At most this many simulations per alternative plan."""


class HardBot(LineitBot):
    """Determinized rollouts over whole-turn plans, successive halving."""

    MAX_PLANS = 20
    PER_PLAN = PER_PLAN
    HORIZON: int | None = 3
    """Rounds a rollout plays before the static evaluation scores it (None:
    to the end of the game, as the first version did)."""
    SCALE = 1.5
    """Width of the logistic that turns an evaluation margin into a win
    chance, times √(turns left + 1); fitted on normal-vs-normal games
    (1.6 for 2 players, 1.2 for 4)."""

    def budget_for(self, n: int) -> int:
        if self.budget is not None:
            return max(1, int(self.budget))
        # a rollout plays HORIZON rounds of n turns and values n seats: its
        # cost grows with n (the whole-game playouts grew only with n + 2)
        return int(DEFAULT_BUDGET["hard"] * 2 / n)

    def _score(self, s: LineitState, legal: list[Action], rng: Rng, k: int) -> Scores:
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        by_action, plans, values = NormalBot.plan_scores(s)
        p = s.cur
        if s.phase == Phase.FINAL:  # nothing hidden is left: the normal evaluation is exact enough
            return by_action
        order = sorted(range(len(plans)), key=lambda i: -values[i])
        budget = self.budget_for(s.n)
        # a small budget is better spent on the few plans the evaluation likes
        alive = order[:max(4, min(self.MAX_PLANS, budget // 40))]
        if len(alive) == 1:
            return by_action
        # fewer alternatives (mid-turn: play, close or end) need fewer simulations
        budget = min(budget, self.PER_PLAN * len(alive))
        unseen = list(s.deck[s.pos:])
        head = s.deck[:s.pos]
        worlds: list[tuple[tuple, int]] = []

        def world(i: int) -> tuple[tuple, int]:
            while len(worlds) <= i:
                cards = unseen[:]
                rng.shuffle(cards)
                worlds.append((head + tuple(cards), rng.next64()))
            return worlds[i]

        horizon = None if self.HORIZON is None else self.HORIZON * s.n  # whole rounds: every seat as often
        scale = self.SCALE
        total = {i: 0.0 for i in alive}
        count = {i: 0 for i in alive}
        tier = {i: 0 for i in alive}
        watch = self.watch
        sims: dict[int, list[float]] = {i: [] for i in alive}   # each world's value, for `_settled`
        rounds = max(1, math.ceil(math.log2(len(alive))))
        spent = 0
        halted = False                     # the watch stopped the search (a hint someone waits for)
        for r in range(rounds):
            per = max(1, (budget - spent) // ((rounds - r) * len(alive)))
            stop = False
            for i in alive:
                t0 = plans[i][1]
                for j in range(count[i], count[i] + per):
                    x = _simulate(t0, *world(j), horizon, p, scale)
                    total[i] += x
                    count[i] += 1
                    spent += 1
                    if watch is not None:
                        sims[i].append(x)
                        if watch.stop(partial(_settled, alive, sims) if spent % SETTLE_EVERY == 0 else _unsettled):
                            halted = stop = True
                            break
                if stop or (deadline is not None and time.perf_counter() > deadline):
                    stop = True
                    break
            if halted:
                # stopped within a round: the plans still in it, by their mean so far
                alive = sorted((i for i in alive if count[i]), key=lambda i: (-total[i] / count[i], i))
                break
            most = max(count[i] for i in alive)
            alive = [i for i in alive if count[i] == most]
            alive.sort(key=lambda i: (-total[i] / count[i], i))
            if stop or r == rounds - 1:
                break
            alive = alive[:max(2, (len(alive) + 1) // 2)]
            for i in alive:
                tier[i] = r + 1
        for i in alive:
            tier[i] = rounds + 1
        if watch is not None:
            watch.done(spent)
        result: dict[Action, tuple[float, list[Action]]] = {}
        for i in range(len(plans)):
            plan, _, firsts = plans[i]
            if count.get(i):
                v = 2.0 * tier[i] + total[i] / count[i]
            else:
                v = -10.0 + values[i] / 100.0
            for a, path in firsts.items():
                cur = result.get(a)
                if cur is None or v > cur[0]:
                    result[a] = (v, path)
        return result


SETTLE_WORLDS = 24
"""Worlds every plan still in the race must have been simulated on before `_settled` judges."""
SETTLE_EVERY = 8
"""Simulations between two `_settled` tests (each reads every simulation so far)."""
SETTLE_Z = 2.0
"""How many standard errors the leader's paired lead over each other plan must be (one-sided,
about 2% that the order is wrong for one pair): past that, more simulations rarely change it."""


def _unsettled() -> bool:
    return False


def _settled(alive: list[int], sims: dict[int, list[float]]) -> bool:
    """Whether the best plan so far is clear: its mean beats every other plan still in the race by
    SETTLE_Z standard errors of the paired difference (the same worlds for both: common random
    numbers make the difference far less noisy than either value)."""
    if any(len(sims[i]) < SETTLE_WORLDS for i in alive):
        return False
    lead = max(alive, key=lambda i: (sum(sims[i]) / len(sims[i]), -i))
    mine = sims[lead]
    for i in alive:
        if i == lead:
            continue
        other = sims[i]
        n = min(len(mine), len(other))
        d = [mine[j] - other[j] for j in range(n)]
        mean = sum(d) / n
        var = sum((x - mean) ** 2 for x in d) / (n - 1)
        if mean <= SETTLE_Z * math.sqrt(var / n):
            return False
    return True


_CLASSES = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make(level: str, seed: int = 0, budget: int | None = None, time_limit: float | None = None) -> LineitBot:
    """A Line-it bot of `level` ("random", "easy", "normal", "hard")."""
    try:
        cls = _CLASSES[level]
    except KeyError:
        raise ValueError(f"unknown Line-it bot level {level!r}; levels are {', '.join(LEVELS)}") from None
    return cls(level, seed=seed, budget=budget, time_limit=time_limit)
