"""What a hint teaches besides "play this": facts about the position a move leaves.

    facts("lineit", view, "take 17 line")   # [Reason, ...] for the seat of `view`

Each fact is a `Reason` (engine/bots/reasons.py: a key, an English template
the front end translates, and params), computed from the seat's view alone:

* Line-it: how many numbers still to come fit the line (``fit_left``), the
  bet's progress and risk (``bet_progress``, or ``bet_lost_cause`` once the
  cards still to come cannot win it), and each jackpot the line is one card
  from, with the cards still to come that would win it (``jackpot_odds``).
* Linyo: the free fields the seat's open lines can still reach and those the
  move cuts off for good (``reach_after``; the cut fields' names are in
  ``params["cut_fields"]``, for the sheet to draw).

"Still to come" counts the cards no one has seen (the draw pile); cards in
other hands are public in Line-it (they were taken face up from the market).
"""
from __future__ import annotations

from typing import Any, Mapping

from engine.core import Rng

from .reasons import Reason, reason


def facts(game: str, view: Mapping[str, Any], action: str) -> list[Reason]:
    """The facts about the position `action` leaves for the seat of `view` ([] if none)."""
    if game == "lineit":
        return _lineit(dict(view), action)
    if game == "linyo":
        return _linyo(view, action)
    return []


def _lineit(view: dict, action: str) -> list[Reason]:
    from engine import lineit
    from engine.lineit.cards import BET_BASE, SUITS
    from engine.lineit.line import fit_row

    t = lineit.determinize(view, Rng(0))  # the draw pile's order is never used: only what it holds
    p = t.cur
    a = lineit.parse_action(action)
    if a.kind != "end":  # the end leaves the seat's line as it is (and would deal made-up cards)
        t.apply_unchecked(a)
    if t.phase is not lineit.Phase.TURN:
        return []
    row = fit_row(t.ldir[p], t.llast[p], t.lbet[p])
    unseen = [c for c in t.deck[t.pos:] if c <= BET_BASE]
    fitting = [c for c in unseen if row[c]]
    out = []
    if t.lnum[p]:
        out.append(reason("fit_left", n=len(fitting), unseen=len(unseen)))
    v = t.lbet[p]
    if v:
        after = t.lafter[p]
        need = max(0, v - after)
        if need > len(fitting):
            out.append(reason("bet_lost_cause", v=v, after=after, need=need, fit=len(fitting)))
        else:
            out.append(reason("bet_progress", v=v, after=after, need=need, fit=len(fitting)))
    for si, suit in enumerate(SUITS):
        if t.lsuit[p * 4 + si] == 2 and t.jack[si]:
            wins = sum(1 for c in fitting if (c - 1) & 3 == si)
            out.append(reason("jackpot_odds", suit=suit, n=len(t.jack[si]), fit=wins))
    return out


def _linyo(view: Mapping[str, Any], action: str) -> list[Reason]:
    from engine import linyo
    from engine.linyo import Phase, state_from_view

    from .linyo_bots import reach

    s = state_from_view(view)
    seat = s.current_seat
    if seat is None or s.phase is not Phase.MOVE:
        return []
    _, cut_before = reach(s, seat)
    s.apply(linyo.parse_action(action))
    reachable, cut = reach(s, seat)
    newly = [f for f in cut if f not in set(cut_before)]
    return [reason("reach_after", reach=len(reachable), newly=len(newly), cut_fields=newly)]
