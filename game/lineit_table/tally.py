"""Per-seat results of a Line-it game, read from its record.

The game is replayed action by action through the engine and each step is
read with `events.analyse`, so the tally never re-derives a rule.

>>> from engine import lineit
>>> s = lineit.new_game(players=2, seed=1)
>>> while not s.is_over: _ = s.apply(s.legal_actions()[0])
>>> t = tally(s); len(t), t[0]["score"] == s.scores()[0]
(2, True)
"""
from __future__ import annotations

from engine import lineit
from engine.lineit import LineitState

from .events import Outcome, analyse


def empty_row() -> dict:
    return {"score": 0, "banked": 0, "bonus": 0, "penalty": 0, "jackpots": 0, "jackpot_cards": 0,
            "lines": 0, "forced": 0, "bets_won": 0, "bets_lost": 0, "up": 0, "down": 0, "tokens": []}


def add(rows: list[dict], out: Outcome) -> None:
    """Count one action's outcome into `rows` (one dict per seat)."""
    if out.jackpot:
        rows[out.seat]["jackpots"] += 1
        rows[out.seat]["jackpot_cards"] += out.jackpot[1]
    if out.forced:
        rows[out.seat]["forced"] += 1
    for c in out.closes:
        row = rows[c.seat]
        row["lines"] += 1
        if c.bet:
            row["bets_won" if c.bet_won else "bets_lost"] += 1
            row["tokens"].append(c.bet if c.bet_won else -c.bet)
        if c.direction:
            row[c.direction] += 1


def replay(state: LineitState, upto: int | None = None):
    """Yield (before, action, after, pre_close) for the first `upto` actions of `state`."""
    record = state.to_json()
    actions = record["actions"][:upto] if upto is not None else record["actions"]
    setup = record["setup"]
    s = lineit.new_game(players=setup["players"], seed=record["seed"], first_seat=setup["first_seat"],
                        final_plays=setup.get("final_plays", 1), deck=setup.get("deck"))
    pre_close = None
    for a in actions:
        before = s.clone()
        s.apply(a)
        yield before, a, s, pre_close
        pre_close = next_pre_close(before, a, pre_close)


def next_pre_close(before: LineitState, action: str, pre_close: LineitState | None) -> LineitState | None:
    """The state before a close made ahead of the take this turn (for forced closes)."""
    if action == "close" and not before.view(None)["turn"]["taken"]:
        return before
    if action.startswith("take") or action in ("end", "pass"):
        return None
    return pre_close


def tally(state: LineitState) -> list[dict]:
    """One row per seat: score, banked, bonus, penalty, jackpots, lines, forced, bets, directions."""
    rows = [empty_row() for _ in range(state.players)]
    for before, a, after, pre in replay(state):
        add(rows, analyse(before, a, after, pre))
    view = state.view(None)
    for p, seat in enumerate(view["seats"]):
        rows[p].update(score=seat["score"], banked=seat["stack"], bonus=seat["bonus"], penalty=seat["penalty"])
    return rows
