"""Post-game review: where a seat's points (Line-it) or free fields (Linyo) went.

    from engine.bots.review import review
    r = review(state.to_json(), seat=0)
    r.summary                      # decisions checked: 41; those that cost points: 3, about 9 points in all
    for f in r.findings:           # every decision that cost something, costliest first (the 3 the summary counts)
        f.index, f.played, f.better, f.played_value, f.better_value, f.reason

The hard bot looks at each decision of `seat` from that seat's view at the
time (as it does when it plays: nothing hidden is used) and names its best
move. Where it agrees, the decision cost nothing. Where it does not, both
moves are valued in the game's own unit, the same way for both:

* Line-it, points: the seat's final score, averaged over worlds drawn from
  the view (`lineit.determinize`), each played out with the greedy policy
  after the move (`lineit.playout`); both moves meet the same worlds and
  the same playout seeds, so the difference is the move's, not luck's.
* Linyo, free fields: the seat's free fields at the end, averaged over
  futures of rolls drawn from the view (`linyo.state_from_view`), each
  played out (`linyo.playout`, longest moves first) after the move; the same rolls for
  both moves. The reason also counts the fields each move cuts off (no
  open line can reach them any more, `linyo_bots.reach`).

Every finding carries a `Reason` (engine/bots/reasons.py) whose params hold
the two moves' own reasons as nested {key, template, params} dicts (the
params ending in ``_why``), so the front end translates every word.
`progress(done, total)` is called after each decision checked.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Mapping, Optional

from engine.core import Rng
from engine.games import game as game_info

from .base import decision_rng
from .reasons import Reason, reason

Progress = Callable[[int, int], None]
Judge = Callable[[dict, str, list[str]], Optional[tuple[str, float, float, Reason]]]
"""A game's judge of one decision: (the seat's view, the action played, the actions after it) ->
(the better action, the played one's value, the better one's, the reason), or None: no better."""

WORLDS = 24
"""Line-it: worlds (with their playouts) each of the two moves is valued in."""
WORLDS_LINYO = 12
"""Linyo: futures of rolls (with their playouts) each of the two moves is valued in."""
REVIEW_BUDGET = 200
"""Line-it: simulations the hard bot spends per reviewed decision (its table
default spends more; a review checks dozens of decisions at once)."""
MIN_COST = {"points": 0.5, "free_fields": 0.5}
"""A decision costs something only from this much on (estimates are not exact)."""


def _why(r: Reason) -> dict[str, Any]:
    """A reason as plain data, nested inside another reason's params."""
    return {"key": r.key, "template": r.template, "singular": r.singular, "params": dict(r.params), "text": str(r)}


def reason_json(r: Reason) -> dict[str, Any]:
    """A reason as plain data (crosses the worker's process edge): its English text,
    template key, msgid and params (nested reasons as dicts)."""
    return {"text": str(r), "key": r.key, "template": r.template, "singular": r.singular, "params": dict(r.params)}


@dataclasses.dataclass(frozen=True)
class Finding:
    """One decision that cost something: at action count `index` the seat played
    `played` where `better` (an action text) was worth more."""

    index: int
    played: str
    better: str
    played_value: float
    better_value: float
    unit: str                  # "points" (more is better) or "free_fields" (fewer is better)
    reason: Reason

    @property
    def cost(self) -> float:
        """What the decision cost, in `unit`, always >= 0."""
        gap = self.better_value - self.played_value
        return gap if self.unit == "points" else -gap

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "played": self.played, "better": self.better,
                "played_value": self.played_value, "better_value": self.better_value,
                "unit": self.unit, "cost": round(self.cost, 1), "reason": reason_json(self.reason)}


@dataclasses.dataclass(frozen=True)
class Review:
    """The review of one seat's game: its decisions checked, the costliest ones, a summary."""

    game: str
    seat: int
    decisions: int             # decisions with a choice, all checked
    costly: int                # of which cost something
    lost: float                # their cost together, in `unit`
    unit: str
    findings: tuple[Finding, ...]
    summary: Reason

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seat": self.seat, "decisions": self.decisions, "costly": self.costly,
                "lost": round(self.lost, 1), "unit": self.unit,
                "findings": [f.to_json() for f in self.findings], "summary": reason_json(self.summary)}


# ------------------------------------------------------------------ decisions

def decisions(record: Mapping[str, Any], seat: int) -> list[tuple[int, dict, str]]:
    """Every decision of `seat` with a choice in the game of `record`:
    (action count before it, the seat's view then, the action text played)."""
    info = game_info(record.get("game", "")) if isinstance(record, Mapping) else None
    if info is None:
        raise ValueError("not a game record")
    final = info.from_json(record)
    if not 0 <= seat < final.players:
        raise ValueError(f"seat {seat!r} is not at this table of {final.players}")
    actions = [str(a) for a in record["actions"]]
    chance = final.chance
    s = final.rewind(0, any=True)
    fed = sum(1 for c in chance if c.at == 0)
    out = []
    for i, text in enumerate(actions):
        if s.current_seat == seat and len(s.legal_actions()) > 1:
            out.append((i, s.view(seat), text))
        s.apply(text)
        while s.chance_needed is not None and fed < len(chance) and chance[fed].at == i + 1:
            s.resolve_chance(chance[fed].outcome)
            fed += 1
    return out


# ------------------------------------------------------------------ Line-it

def _lineit_judge(seed: int) -> Judge:
    from engine import lineit
    from engine.lineit.actions import parse_action

    from .lineit_bots import HardBot, explain

    bot = HardBot("hard", seed=seed, budget=REVIEW_BUDGET)

    def judge(view: dict, played: str, rest: list[str]) -> Optional[tuple[str, float, float, Reason]]:
        best, _, better_why = bot.rank(view, 1)[0]
        if str(best) == played:
            return None
        mine = parse_action(played)
        turn = [mine, *_turn_rest(rest, parse_action)]
        p = view["seat"]
        rng = decision_rng(seed, view)
        totals = [0.0, 0.0]
        sample = None
        for _ in range(WORLDS):
            world = lineit.determinize(view, rng)
            x = rng.next64()
            for k, a in enumerate((mine, best)):
                t = world.clone()
                t.apply_unchecked(a)
                totals[k] += lineit.playout(t, Rng(x), "greedy")[p]
            sample = world
        assert sample is not None
        played_value, better_value = totals[0] / WORLDS, totals[1] / WORLDS
        played_why = explain(sample, turn)   # judged with what the player did next in that turn
        why = reason("review_points", played=played, better=str(best),
                     played_value=round(played_value, 1), better_value=round(better_value, 1),
                     played_why=_why(played_why), better_why=_why(better_why))
        return str(best), played_value, better_value, why

    return judge


# ------------------------------------------------------------------ Linyo

def _linyo_judge(seed: int) -> Judge:
    from engine import linyo
    from engine.linyo import Phase, state_from_view

    from .linyo_bots import LinyoBot, reach

    bot = LinyoBot("hard", seed=seed)
    words = LinyoBot("easy", seed=seed)   # words every legal move: the played one's reason
    # the playout's own policy, longest moves first: the greedy one costs ~6x more, and
    # with the same rolls for both moves the difference is what the review needs
    POLICY = None

    def judge(view: dict, played: str, rest: list[str]) -> Optional[tuple[str, float, float, Reason]]:
        s = state_from_view(view)
        # the start fields are not valued in free fields by the bot; the rest is
        if s.phase is Phase.START or (s.phase is Phase.SET and s.round == 0):
            return None
        best, _, better_why = bot.rank(view, 1)[0]
        if str(best) == played:
            return None
        seat = view["seat"]
        moves = (linyo.parse_action(played), best)
        totals = [0.0, 0.0]
        cut = [0, 0]
        base = decision_rng(seed, view).next64()
        for w in range(WORLDS_LINYO):
            for k, a in enumerate(moves):
                t = state_from_view(view, rng_seed=base + w)  # the same future rolls for both moves
                t.apply(a)
                if w == 0:
                    cut[k] = len(reach(t, seat)[1])
                totals[k] += linyo.playout(t, Rng(base + w), POLICY)[seat]
        played_free, better_free = totals[0] / WORLDS_LINYO, totals[1] / WORLDS_LINYO
        played_why = next((w for a, _, w in words.rank(view, 1 << 12) if str(a) == played), None)
        why = reason("review_fields", played=played, better=str(best),
                     played_free=round(played_free, 1), better_free=round(better_free, 1),
                     played_cut=cut[0], better_cut=cut[1], better_why=_why(better_why),
                     **({"played_why": _why(played_why)} if played_why is not None else {}))
        return str(best), played_free, better_free, why

    return judge


def _turn_rest(rest: list[str], parse: Callable[[str], Any]) -> list[Any]:
    """The actions after a Line-it decision that finish its turn (up to its end or pass)."""
    out = []
    for text in rest:
        a = parse(text)
        out.append(a)
        if a.kind in ("end", "pass"):
            break
    return out


def bound(record: Mapping[str, Any], seat: int, unit: str) -> Optional[float]:
    """The most a seat's decisions can have cost in all, where the game's end fixes it: a Linyo
    sheet cannot have lost more free fields than it ended with (None: no such bound)."""
    if unit != "free_fields":
        return None
    info = game_info(record.get("game", ""))
    assert info is not None
    return float(info.from_json(record).scores()[seat])


JUDGES = {"lineit": (_lineit_judge, "points"), "linyo": (_linyo_judge, "free_fields")}


def review(record: Mapping[str, Any], seat: int, top: Optional[int] = None, seed: int = 0,
           progress: Optional[Progress] = None) -> Review:
    """Review `seat`'s decisions in the finished (or not) game of `record` (`to_json()`),
    costliest first: every decision that cost something, or the `top` costliest. The summary
    counts the findings returned, and their cost together, never more than `bound` allows.
    ValueError for a record or seat that is not one."""
    name = record.get("game") if isinstance(record, Mapping) else None
    if name not in JUDGES:
        raise ValueError(f"no review for {name!r}")
    make, unit = JUDGES[name]
    judge = make(seed)
    todo = decisions(record, seat)
    actions = [str(a) for a in record["actions"]]
    found: list[Finding] = []
    for n, (index, view, played) in enumerate(todo):
        verdict = judge(view, played, actions[index + 1:])
        if verdict is not None:
            better, played_value, better_value, why = verdict
            f = Finding(index, played, better, played_value, better_value, unit, why)
            if f.cost >= MIN_COST[unit]:
                found.append(f)
        if progress is not None:
            progress(n + 1, len(todo))
    found.sort(key=lambda f: (-f.cost, f.index))
    listed = tuple(found if top is None else found[:max(0, top)])
    lost = sum(f.cost for f in listed)
    most = bound(record, seat, unit)
    if most is not None:
        # each cost is an estimate against the same past: together they overlap, never past the bound
        lost = min(lost, most)
    if not listed:
        summary = reason("review_clean", decisions=len(todo))
    else:
        summary = reason("review_summary_points" if unit == "points" else "review_summary_fields",
                         decisions=len(todo), costly=len(listed), lost=round(lost, 1))
    return Review(name, seat, len(todo), len(listed), lost, unit, listed, summary)
