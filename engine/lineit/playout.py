"""The fast path for search bots: play a state to the end, return the scores.

``playout(state, rng, policy=None) -> list[int]`` never touches `state`.
It copies what the rest of the game needs into local ints and lists (card
ints in the market, hands and draw pile; counts for lines, stacks and
jackpots, since only counts matter for the final score) and plays with
integer move codes: no Action objects, no views, no log.

Policies:

* ``None`` or ``"random"`` — uniform over exactly the moves
  `legal_actions()` would list at each decision (takes, plays, close, end,
  pass), so a random playout is the same random game the public contract
  would play.
* ``"greedy"`` — a cheap one-ply heuristic for rollouts: extend the line
  with the card of the smallest gap in its direction, go for a jackpot on
  the third card of a suit, start lines near an end of the 1..100 range,
  keep a card in hand when the market offers nothing good, play a Bet card
  early on a line with room, close a line that has little room left or
  when forced, play a final card when one fits. Ties are broken at random.

Randomness: the given engine.core.Rng is advanced once (one `next64()`),
which seeds a 64-bit LCG inline in the loop (high 32 bits scaled by
multiply-shift). So the same rng state and state give the same playout on
every platform, and the Rng remains the only source of randomness.

>>> from engine.lineit import new_game
>>> import dataclasses

from engine.core import Rng
>>> len(playout(new_game(4, seed=3), Rng(1)))
4
"""
from __future__ import annotations

import dataclasses

from engine.core import Rng

from .cards import BET_BASE, market_size
from .line import N_CODES
from .line import CLOSE as _CLOSE
from .line import END as _END
from .line import HAND as _HAND
from .line import PASS as _PASS
from .line import PLAY as _PLAY
from .line import moves as gen
from .state import FINAL, OVER, TURN, LineitState

_M64 = (1 << 64) - 1
_A = 6364136223846793005
_C = 1442695040888963407
CODES = list(range(N_CODES))
"""Move codes are action codes (take line c -> c, take hand c -> 128 + c, play
c -> 256 + c, close, end, pass): `line.moves` lists them as they are."""


def playout(state: LineitState, rng: Rng, policy: str | None = None) -> list[int]:
    """Play `state` (unchanged) to the end and return the final scores.

    policy: None/"random" (uniform over legal moves) or "greedy".
    """
    if policy is None or policy == "random":
        greedy = False
    elif policy == "greedy":
        greedy = True
    else:
        raise ValueError(f"unknown playout policy {policy!r} (use None, 'random' or 'greedy')")
    if state.phase is OVER:
        return [len(state.stacks[p]) + state.bonus[p] - state.penalty[p] for p in range(state.n)]
    scores = _play(state, rng.next64(), greedy, None)
    assert isinstance(scores, list)  # played to the end: the scores
    return scores


@dataclasses.dataclass(slots=True, eq=False)
class Position:
    """Where a shortened greedy playout stopped (`greedy_turns`): the counts a
    static evaluation reads. `jack` holds ranges whose lengths are the jackpot
    counts (the cards themselves are not tracked)."""

    n: int
    first: int
    cur: int
    deck: tuple[int, ...]
    pos: int
    market: list[int]
    hands: list[list[int]]
    stack: list[int]
    bonus: list[int]
    penalty: list[int]
    lnum: list[int]
    ldir: list[int]
    llast: list[int]
    lbet: list[int]
    lafter: list[int]
    lsuit: list[int]
    jack: list[range]


def greedy_turns(state: LineitState, x: int, turns: int) -> Position:
    """Play `state` (unchanged, in its turn phase) with the greedy policy for
    `turns` more turns, `x` seeding the tie-breaking LCG; the `Position` it
    reached. It stops early, before dealing, when the draw pile cannot fill the
    next market (bots play such ends out with `playout` instead).
    """
    if state.phase is not TURN:
        raise ValueError("greedy_turns plays the turn phase only")
    leaf = _play(state, x, True, turns)
    assert isinstance(leaf, Position)  # it stops before the final plays, so never at the end
    return leaf


# One function on purpose (C901 waived): the search bots run this loop millions of times, and its
# state lives in locals that a split into helper functions would have to pass or re-read each move.
def _play(state: LineitState, x: int, greedy: bool, turns: int | None) -> "Position | list[int]":  # noqa: C901
    """The playout loop: to the end (scores), or for `turns` turns (a Position)."""
    n = state.n
    stack = [len(st) for st in state.stacks]
    bonus = state.bonus[:]
    penalty = state.penalty[:]
    final = state.phase is FINAL
    ends = 0
    deck = state.deck
    pos = state.pos
    ndeck = len(deck)
    market = state.market[:]
    hands = [h[:] for h in state.hands]
    ldir = state.ldir[:]
    llast = state.llast[:]
    lnum = state.lnum[:]
    lbet = state.lbet[:]
    lafter = state.lafter[:]
    lsuit = state.lsuit[:]
    jc = [len(j) for j in state.jack]
    first = state.first
    cur = state.cur
    taken = state.taken
    played = state.played
    closed = state.closed
    fpass = state.fpass
    fdone = state.fdone
    final_plays = state.final_plays
    size = market_size(n)

    def close(p: int) -> None:
        v = lbet[p]
        if v:
            if lafter[p] >= v:
                bonus[p] += v
            else:
                penalty[p] += v
        k = lnum[p]
        if k > 3:
            stack[p] += k - 3
        ldir[p] = llast[p] = lnum[p] = lbet[p] = lafter[p] = 0
        i = p * 4
        lsuit[i] = lsuit[i + 1] = lsuit[i + 2] = lsuit[i + 3] = 0

    def gscore(p: int, m: int) -> float:
        """Greedy value of move m for seat p (higher is better)."""
        if m >= _END:
            return 0.0
        if m == _CLOSE:
            d = ldir[p]
            k = lnum[p]
            room = 99 if d == 0 else (100 - llast[p] if d > 0 else llast[p] - 1)
            v = lbet[p]
            if v and lafter[p] < v:
                return -3.0 if room > 12 else 0.5
            if k >= 4 and room < 10:
                return 2.5
            return -1.0
        if _HAND <= m < _PLAY:
            return 0.8 if not hands[p] else 0.3
        bonus_play = 0.3 if m >= _PLAY else 0.0
        c = m & 127
        d = ldir[p]
        last = llast[p]
        if c > BET_BASE:
            room = 50 if d == 0 else (100 - last if d > 0 else last - 1)
            return (1.2 if room >= 6 * (c - BET_BASE) else -2.0) + bonus_play
        k = lnum[p]
        if k == 0:
            sc = 1.0 + abs(c - 50.5) / 50.0
        elif d == 0:
            sc = 2.0 - abs(c - last) * 0.05
        else:
            sc = 3.0 - (c - last if d > 0 else last - c) * 0.08
        s = (c - 1) & 3
        if lsuit[p * 4 + s] == 2:
            sc += jc[s]
        return sc + bonus_play

    # the loop's constants as locals (a local is cheaper to read than a global)
    gen_, codes, mul, inc, mask = gen, CODES, _A, _C, _M64
    bet_base, hand_code, play_code, close_code, end_code, pass_code = BET_BASE, _HAND, _PLAY, _CLOSE, _END, _PASS
    while turns is None or ends < turns:
        p = cur
        hand = hands[p]
        last = llast[p]
        moves = gen_(codes, final, market, hand, ldir[p], last, lbet[p], taken, played, closed)
        x = (x * mul + inc) & mask
        if greedy and len(moves) > 1:
            best = -1e9
            m = moves[0]
            noise = x >> 40
            for mv in moves:
                noise = (noise * 75 + 74) % 65537
                v = gscore(p, mv) + noise * 1e-7
                if v > best:
                    best = v
                    m = mv
        else:
            m = moves[((x >> 32) * len(moves)) >> 32]

        if m < close_code:
            if m < hand_code:  # take to line
                c = m
                market.remove(c)
                taken = 1
            elif m < play_code:  # take to hand
                market.remove(m - hand_code)
                taken = 1
                hand.append(m - hand_code)
                continue
            else:  # play from hand
                c = m - play_code
                hand.remove(c)
                if not final:
                    played = 1
                else:
                    m = pass_code  # a final play also moves the final turn on
            # the card goes to the end of the line (to_line, inlined)
            if c > bet_base:
                lbet[p] = c - bet_base
            else:
                k = lnum[p]
                if k == 1:
                    ldir[p] = 1 if c > last else -1
                llast[p] = c
                lnum[p] = k + 1
                if lbet[p]:
                    lafter[p] += 1
                s = (c - 1) & 3
                i = p * 4 + s
                v = lsuit[i] + 1
                lsuit[i] = v
                if v == 3 and jc[s]:
                    stack[p] += jc[s]
                    jc[s] = 0
        elif m == close_code:
            close(p)
            closed = 1
        if m == end_code:
            ends += 1
            taken = played = closed = 0
            cur = p + 1 if p + 1 < n else 0
            if cur == first:
                for c in market:
                    if c <= BET_BASE:
                        jc[(c - 1) & 3] += 1
                market = []
                first = cur = first + 1 if first + 1 < n else 0
                if ndeck - pos < size:
                    if turns is not None:
                        break  # a shortened playout stops before the last rounds
                    for c in deck[pos:]:
                        if c <= BET_BASE:
                            jc[(c - 1) & 3] += 1
                    pos = ndeck
                    final = True
                    fpass = 1
                    fdone = 0
                else:
                    market = list(deck[pos:pos + size])
                    pos += size
        elif m == pass_code:
            fdone += 1
            cur = p + 1 if p + 1 < n else 0
            if fdone == n:
                if fpass < final_plays:
                    fpass += 1
                    fdone = 0
                else:
                    for q in range(n):
                        close(q)
                    return [stack[q] + bonus[q] - penalty[q] for q in range(n)]
    return Position(n, first, cur, deck, pos, market, hands, stack, bonus, penalty,
                    lnum, ldir, llast, lbet, lafter, lsuit, [range(c) for c in jc])
