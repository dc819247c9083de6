"""A textbook information-set MCTS for Line-it: the hard bot's sparring partner.

Not a level players meet: it exists so the arena can measure `hard` against a
search bot built the standard way and not by us for this game — single-observer
ISMCTS (Cowling, Powley & Whitehouse, 2012) with uniformly random playouts:

- every iteration deals a new hidden world consistent with the view
  (`lineit.determinize`: the draw pile's order is all a Line-it seat cannot see);
- it descends one tree of the bot's information set, choosing among the actions
  legal *in that world* by UCB1 with availability counts, expands one untried
  action, plays the world out at random (`lineit.playout`), and backs up each
  seat's result (1 for a win, 1/k for a k-way shared win, else 0) to the nodes
  that seat chose.

    python -m engine arena lineit --players 2 --bots hard,ismcts --games 100 --seed 3

`budget` = iterations per decision (default 2000), `time_limit` stops earlier.
Like every bot it decides from the view alone and is deterministic for a seed.
"""
from __future__ import annotations

import math
import time

from engine import lineit
from engine.core import Rng
from engine.lineit import Action, LineitState

from .base import decision_rng
from .reasons import Reason, reason

DEFAULT_ITERATIONS = 2000
EXPLORATION = 0.7    # UCB1 constant for rewards in [0, 1]


class _Node:
    __slots__ = ("children", "visits", "reward", "avail", "seat")

    def __init__(self, seat: int | None) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.reward = 0.0     # summed results of `seat`, the seat that chose this node
        self.avail = 0        # iterations in which this node's action was legal
        self.seat = seat


def _results(scores: list[int]) -> list[float]:
    best = max(scores)
    winners = [p for p, s in enumerate(scores) if s == best]
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(len(scores))]


class IsmctsBot:
    """See the module docstring."""

    game = "lineit"
    level = "ismcts"

    def __init__(self, seed: int = 0, budget: int | None = None, time_limit: float | None = None) -> None:
        self.seed = seed
        self.iterations = DEFAULT_ITERATIONS if budget is None else max(1, int(budget))
        self.time_limit = time_limit

    def choose(self, view: dict) -> lineit.Action:
        return self.rank(view, 1)[0][0]

    def rank(self, view: dict, k: int = 3) -> list[tuple[lineit.Action, float, Reason]]:
        rng = decision_rng(self.seed, view)
        root = _Node(None)
        world = lineit.determinize(view, rng)
        legal = world.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0, reason("random_pick"))]
        started = time.perf_counter()
        for i in range(self.iterations):
            if self.time_limit is not None and i and time.perf_counter() - started > self.time_limit:
                break
            self._iterate(root, lineit.determinize(view, rng), rng)
        by_text = {str(a): a for a in legal}
        ranked = sorted(((n.visits, n.reward / max(1, n.visits), text) for text, n in root.children.items()
                         if text in by_text), reverse=True)
        out = [(by_text[text], share, reason("random_pick")) for _, share, text in ranked[:max(1, k)]]
        return out or [(legal[0], 0.0, reason("random_pick"))]

    def _iterate(self, root: _Node, world: LineitState, rng: Rng) -> None:
        node = root
        path: list[_Node] = []
        while not world.is_over:
            seat = world.cur  # a determinized world never waits for chance
            legal = world.legal_actions()
            untried = [a for a in legal if str(a) not in node.children]
            for a in legal:
                child = node.children.get(str(a))
                if child is not None:
                    child.avail += 1
            if untried:
                action = untried[rng.below(len(untried))]
                child = node.children[str(action)] = _Node(seat)
                child.avail += 1
                world.apply_unchecked(action)
                path.append(child)
                break
            best: tuple[Action, _Node] | None = None
            best_u = -1.0
            for a in legal:
                child = node.children[str(a)]
                u = child.reward / child.visits + EXPLORATION * math.sqrt(math.log(child.avail) / child.visits)
                if u > best_u:
                    best, best_u = (a, child), u
            assert best is not None  # every legal action has a child by now
            action, node = best
            world.apply_unchecked(action)
            path.append(node)
        scores = world.scores() if world.is_over else lineit.playout(world, rng)
        results = _results(scores)
        for n in path:
            assert n.seat is not None  # only the root has no seat
            n.visits += 1
            n.reward += results[n.seat]


def make(level: str = "ismcts", seed: int = 0, budget: int | None = None,
         time_limit: float | None = None) -> IsmctsBot:
    return IsmctsBot(seed=seed, budget=budget, time_limit=time_limit)
