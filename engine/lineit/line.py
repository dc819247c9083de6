"""The line rule of Line-it, written once: which card may go at the end of a line,
and which moves a seat has — for the rules, the playout and the bots alike.

A line is described by three ints: its ``direction`` (0 while fewer than two
Number cards fixed none, +1 ascending, -1 descending), its ``last`` Number
card (0 for none) and its ``bet`` (the value of its Bet card, 0 for none).

>>> fits(58, 1, 57, 0), fits(56, 1, 57, 0), fits(12, 0, 57, 0), fits(104, 0, 0, 3)
(True, False, True, False)

The hot loops (move generation here, used by `legal_actions()` and by
`playout()`, and the legality check of `apply()`) test a card with one
lookup, ``row[card]``, in a row of `FIT`; the rows are built from `fits`
itself at import, so the rule still has one home. A row is a tuple of 0/1
ints, not bytes: the interpreter indexes a tuple in its fast path (bytes
go through the generic one): about 2 % fewer instructions per game.
"""
from __future__ import annotations

from typing import Sequence, TypeVar

from .cards import BET_BASE

M = TypeVar("M")

HAND_LIMIT = 2

# Move codes are action codes (actions.py): kind * 128 + card.
HAND = 128
PLAY = 256
CLOSE = 384
END = 512
PASS = 640
N_CODES = 768


def bet_wins(after: int, value: int) -> bool:
    """THE bet rule: a Bet card of `value` wins when its line closes with at least
    `value` Number cards placed after it (else the seat loses `value`).

    >>> bet_wins(4, 4), bet_wins(2, 3)
    (True, False)
    """
    return after >= value


def fits(card: int, direction: int, last: int, bet: int) -> bool:
    """True if `card` may go at the end of the line (direction, last, bet).

    A Bet card fits a line without one (one per line); a Number card fits a
    line with no direction yet, or goes strictly above (ascending) or below
    (descending) the last Number card.
    """
    if card > BET_BASE:
        return not bet
    return direction == 0 or (card > last if direction > 0 else card < last)


Row = tuple[int, ...]
"""A fit row: ``row[card]`` is 1 where the card fits, else 0."""


def _rows(bet: int) -> tuple[tuple[Row, ...], ...]:
    """The fit rows of lines with (bet > 0) or without a Bet card, per direction
    0, +1, -1 (so -1 indexes the last one) and last Number card 0..100."""
    seen: dict[Row, Row] = {}  # equal rows shared (every row of direction 0 is one): fewer cache lines
    return tuple(tuple(seen.setdefault(row, row) for row in (
        tuple([int(fits(c, d, last, bet)) for c in range(BET_BASE + 6)]) for last in range(101)))
        for d in (0, 1, -1))


_NO_BET, _BET = _rows(0), _rows(1)
FIT: tuple[tuple[tuple[Row, ...], ...], ...] = (_NO_BET, _BET, _BET, _BET, _BET, _BET)
"""``FIT[bet][direction][last][card]`` is 1 where ``fits(card, direction, last, bet)``
(bet 0..5: a Bet card's value or 0): `fits` tabulated at import, for the hot
loops — four subscripts instead of a call."""


def fit_row(direction: int, last: int, bet: int) -> Row:
    """``fit_row(d, last, bet)[card]`` is 1 where `fits(card, d, last, bet)`."""
    return FIT[bet][direction][last]


def moves(codes: Sequence[M], final: bool, market: Sequence[int], hand: Sequence[int],
          direction: int, last: int, bet: int, taken: int, played: int, closed: int) -> list[M]:
    """Every move of the seat to act, as ``codes[move code]``, without duplicates.

    `codes` maps a move code to what the caller wants: the `Action` objects
    (legal_actions) or the codes themselves (playout). The seat's line is
    (direction, last, bet) as in `fits`; `last` is 0 only for a line with
    no Number card. Order: takes in
    market order (line before hand), plays in hand order, close, end; in the
    final plays: plays, then pass. Two equal Bet cards give one move.
    """
    out: list[M] = []
    row = FIT[bet][direction][last]  # fit_row, inlined: the hot path
    if not final and not taken:
        room = len(hand) < HAND_LIMIT
        seen_bet = 0
        for c in market:
            if c > BET_BASE:
                bit = 1 << (c - BET_BASE)
                if seen_bet & bit:
                    continue
                seen_bet |= bit
            if row[c]:
                out.append(codes[c])
            if room:
                out.append(codes[HAND + c])
    if final or not played:
        prev = 0
        for c in hand:
            if c != prev and row[c]:
                out.append(codes[PLAY + c])
            prev = c
    if final:
        out.append(codes[PASS])
        return out
    if not closed and (last or bet):  # a line holding a card may close
        out.append(codes[CLOSE])
    if taken:
        out.append(codes[END])
    return out
