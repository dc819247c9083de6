"""Per-seat results of a Line-it game, counted from the engine's events.

Only what the engine said happened is counted (a jackpot is a `jackpot_won`
event, never a guess from the banked piles), so the tally never re-derives a
rule.

>>> from engine import lineit
>>> s = lineit.new_game(players=2, seed=1)
>>> while not s.is_over: _ = s.apply(s.legal_actions()[0])
>>> t = tally(s); len(t), t[0]["score"] == s.scores()[0]
(2, True)
"""
from __future__ import annotations

from engine.core import Event
from engine.lineit import LineitState
from engine.lineit import events as E


def empty_row() -> dict:
    return {"score": 0, "banked": 0, "bonus": 0, "penalty": 0, "jackpots": 0, "jackpot_cards": 0,
            "lines": 0, "forced": 0, "bets_won": 0, "bets_lost": 0, "up": 0, "down": 0, "tokens": []}


def add(rows: list[dict], events: list[Event]) -> None:
    """Count some events into `rows` (one dict per seat)."""
    for e in events:
        if isinstance(e, E.JackpotWon):
            rows[e.seat]["jackpots"] += 1
            rows[e.seat]["jackpot_cards"] += len(e.cards)
        elif isinstance(e, E.LineClosed):
            rows[e.seat]["lines"] += 1
            rows[e.seat]["forced"] += int(e.forced)
        elif isinstance(e, E.BetResolved):
            rows[e.seat]["bets_won" if e.won else "bets_lost"] += 1
            rows[e.seat]["tokens"].append(e.value if e.won else -e.value)
        elif isinstance(e, E.DirectionFixed):
            rows[e.seat]["up" if e.direction == "ascending" else "down"] += 1


def tally(state: LineitState) -> list[dict]:
    """One row per seat: score, banked, bonus, penalty, jackpots, lines, forced, bets, directions."""
    rows = [empty_row() for _ in range(state.players)]
    add(rows, state.events)
    view = state.view(None)
    for p, seat in enumerate(view["seats"]):
        rows[p].update(score=seat["score"], banked=seat["stack"], bonus=seat["bonus"], penalty=seat["penalty"])
    return rows
