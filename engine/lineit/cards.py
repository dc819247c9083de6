"""Line-it cards: 100 Number cards in four suits and six Bet cards.

Inside the engine a card is a small int, so the rules work on ints and
precomputed tables:

* a Number card is its number, 1..100;
* a Bet card of value v is ``100 + v`` (103, 104, 105).

Outside (saves, views, action texts) a card is its text: ``"17"`` or
``"B4"``. The two B3 (B4, B5) cards are identical, so both have the text
``"B3"`` and the deck is a multiset of 106 texts.

>>> suit_of(1), suit_of(2), suit_of(3), suit_of(4), suit_of(5)
('red', 'blue', 'green', 'yellow', 'red')
>>> card_text(104), parse_card("B4"), parse_card("17")
('B4', 104, 17)
"""
from __future__ import annotations

from collections import Counter

from .refusals import REFUSALS

SUITS: tuple[str, ...] = ("red", "blue", "green", "yellow")
"""Suit order of RULES.md: number n has suit (n - 1) mod 4. Never changes."""

SYMBOLS: dict[str, str] = {"red": "\u2665", "blue": "\u2666", "green": "\u2663", "yellow": "\u2605"}

BET_VALUES: tuple[int, ...] = (3, 3, 4, 4, 5, 5)
BET_BASE = 100
"""A Bet card of value v is the int BET_BASE + v."""

FULL_DECK: tuple[int, ...] = tuple(range(1, 101)) + tuple(BET_BASE + v for v in BET_VALUES)
"""The 106 cards, as ints: 1..100 then 103, 103, 104, 104, 105, 105."""

DECK_SIZE = len(FULL_DECK)


def market_size(players: int) -> int:
    """Cards a round reveals (RULES.md "A round"): one per seat and two more. A draw pile
    holding fewer starts the end of the game.

    >>> market_size(2), market_size(6)
    (4, 8)
    """
    return players + 2


def rounds_left(draw_pile: int, players: int) -> int:
    """Rounds still to be dealt after the current one: the full markets the draw pile holds
    (its rest, fewer than a market, goes to the jackpots and the final plays begin).

    >>> rounds_left(106 - 6, 4), rounds_left(5, 4), rounds_left(0, 2)
    (16, 0, 0)
    """
    return max(0, draw_pile) // market_size(players)

# Tables indexed by the card int (0..105); index 0 and 101, 102 are unused.
SUIT_INDEX: tuple[int, ...] = tuple(((c - 1) & 3) if 1 <= c <= 100 else -1 for c in range(BET_BASE + 6))
TEXT: tuple[str, ...] = tuple(
    str(c) if 1 <= c <= 100 else (f"B{c - BET_BASE}" if c > BET_BASE + 2 else "") for c in range(BET_BASE + 6)
)
CARD_OF_TEXT: dict[str, int] = {t: c for c, t in enumerate(TEXT) if t}
FULL_COUNTS: Counter = Counter(FULL_DECK)


def is_bet(card: int) -> bool:
    """True for a Bet card int (103..105)."""
    return card > BET_BASE


def bet_value(card: int) -> int:
    """The value v of a Bet card int (``bet_value(104) == 4``)."""
    return card - BET_BASE


def suit_of(n: int | str) -> str:
    """The suit of a Number card: ``suit_of(17) == 'red'``.

    Accepts the number or its text; a Bet card has no suit (ValueError).
    """
    card = parse_card(n) if isinstance(n, str) else n
    if isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= 100:
        raise ValueError(f"{n!r} is not a Number card (1..100)")
    return SUITS[(card - 1) & 3]


def card_text(card: int) -> str:
    """The text of a card int: ``card_text(17) == '17'``, ``card_text(105) == 'B5'``."""
    return TEXT[card]


def parse_card(text: str) -> int:
    """The card int of a card text; IllegalAction (a ValueError) if none.

    Accepts ``"b4"`` for ``"B4"`` and surrounding spaces.
    """
    card = CARD_OF_TEXT.get(text)
    if card is None and isinstance(text, str):
        card = CARD_OF_TEXT.get(text.strip().upper())
    if card is None:
        raise REFUSALS.refuse("action.not_a_card", text=text)
    return card
