"""What a player sees happen in Line-it, as typed events (engine.core.Event).

``state.apply(action)`` returns the events the action caused, in order, and
``state.events`` keeps them all, setup first (``first_seat``, the first
``market_dealt``). Card fields are card texts ("17", "B4"); seats are ints;
jackpots are listed per suit in the order of `SUITS` (red, blue, green,
yellow). No event shows the draw pile's order before a card is dealt, and a
card taken into a hand is public (it was face up in the market).

>>> from engine import lineit
>>> s = lineit.new_game(2, seed=1, first_seat=0)
>>> [e.kind for e in s.events]
['lineit.first_seat', 'lineit.market_dealt']
>>> s.apply("take 68 line")
[CardTaken(seat=0, card='68', to='line')]
>>> CardTaken(0, "46", "line").to_json()
{'kind': 'lineit.card_taken', 'seat': 0, 'card': '46', 'to': 'line'}

The events of the hot path (a card taken or played, a direction fixed, a
turn ended, a pass) are interned like actions: `taken`, `played`, ...
look them up instead of building a new value each time, which keeps
`apply` as fast as it was before it returned events.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from engine.core import Event, EventKinds

from .cards import BET_BASE, TEXT

Cards = tuple[str, ...]
PerSuit = tuple[Cards, Cards, Cards, Cards]


@dataclass(frozen=True)
class FirstSeat(Event):
    """The seat that holds the start token (setup)."""

    kind = "lineit.first_seat"
    seat: int


@dataclass(frozen=True)
class MarketDealt(Event):
    """A round starts: these cards are dealt face up from the draw pile (chance)."""

    kind = "lineit.market_dealt"
    round: int
    cards: Cards


@dataclass(frozen=True)
class CardTaken(Event):
    """A market card taken, ``to`` "line" or "hand"."""

    kind = "lineit.card_taken"
    seat: int
    card: str
    to: str


@dataclass(frozen=True)
class CardPlayed(Event):
    """A hand card played onto the line (``final``: in the final plays)."""

    kind = "lineit.card_played"
    seat: int
    card: str
    final: bool


@dataclass(frozen=True)
class DirectionFixed(Event):
    """The line's second Number card fixed its direction: "ascending" or "descending"."""

    kind = "lineit.direction_fixed"
    seat: int
    direction: str


@dataclass(frozen=True)
class JackpotWon(Event):
    """The third card of ``suit`` in the line banked that suit's whole jackpot."""

    kind = "lineit.jackpot_won"
    seat: int
    suit: str
    cards: Cards


@dataclass(frozen=True)
class BetResolved(Event):
    """A closed line's Bet card: ``won`` gives +value, otherwise -value."""

    kind = "lineit.bet_resolved"
    seat: int
    value: int
    won: bool


@dataclass(frozen=True)
class LineClosed(Event):
    """A line closed: the first three Number cards ``discarded``, the rest
    ``banked``; ``points`` = banked cards ± the bet. ``forced``: the seat had
    to close it (`LineitState.must_close`: before the take, with a full hand,
    no market card fitting the line and no hand card it could still play
    onto it first: RULES.md "Forced close")."""

    kind = "lineit.line_closed"
    seat: int
    banked: Cards
    discarded: Cards
    forced: bool
    points: int


@dataclass(frozen=True)
class TurnEnded(Event):
    kind = "lineit.turn_ended"
    seat: int


@dataclass(frozen=True)
class RoundEnded(Event):
    """The market's leftovers went to their jackpots (per suit), its Bet cards left the game;
    the start token passed to ``token_to``."""

    kind = "lineit.round_ended"
    round: int
    to_jackpots: PerSuit
    bets_gone: Cards
    token_to: int


@dataclass(frozen=True)
class RemainderDealt(Event):
    """The draw pile could not fill a market: its ``cards`` (chance) went to the jackpots
    (per suit), its Bet cards left the game."""

    kind = "lineit.remainder_dealt"
    cards: Cards
    to_jackpots: PerSuit
    bets_gone: Cards


@dataclass(frozen=True)
class FinalPlaysBegun(Event):
    """The final plays start with ``first_seat``, ``passes`` times round the table."""

    kind = "lineit.final_plays_begun"
    first_seat: int
    passes: int


@dataclass(frozen=True)
class Passed(Event):
    """A seat played nothing in the final plays."""

    kind = "lineit.passed"
    seat: int


@dataclass(frozen=True)
class FinalCloses(Event):
    """Every line closes, in this seat order (one `LineClosed` each follows)."""

    kind = "lineit.final_closes"
    order: tuple[int, ...]


@dataclass(frozen=True)
class GameOver(Event):
    kind = "lineit.game_over"
    scores: tuple[int, ...]
    winners: tuple[int, ...]


EVENT_KINDS = EventKinds([
    FirstSeat, MarketDealt, CardTaken, CardPlayed, DirectionFixed, JackpotWon, BetResolved,
    LineClosed, TurnEnded, RoundEnded, RemainderDealt, FinalPlaysBegun, Passed, FinalCloses, GameOver,
])


def _quick_init(cls: type[Event]) -> None:
    """Give `cls` the same ``__init__`` as its frozen dataclass one, written
    for speed: it stores the fields straight into the instance dict instead
    of one ``object.__setattr__`` call per field (about half the time). A
    game builds one event per close or round end (dozens per game), so
    `apply` stays as fast as it was before it returned events. The instance
    is exactly the dataclass one: frozen, same fields, ``==``, repr."""
    fields = dataclasses.fields(cls)
    if any(f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING for f in fields):
        raise TypeError(f"{cls.__name__}: _quick_init does not write defaults")
    names = [f.name for f in fields]
    body = "".join(f"    d[{name!r}] = {name}\n" for name in names)
    source = f"def __init__(self, {', '.join(names)}):\n    d = self.__dict__\n{body}"
    space: dict[str, Any] = {}
    exec(source, space)  # noqa: S102 - a fixed template over the dataclass's own field names
    init = space["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]


for _cls in EVENT_KINDS:
    _quick_init(_cls)

# ------------------------------------------------------- interned events
MAX_SEATS = 6
_CARDS = [c for c in range(BET_BASE + 6) if TEXT[c]]


def _per_card(make) -> list[list]:  # type: ignore[no-untyped-def]
    table = []
    for seat in range(MAX_SEATS):
        row: list = [None] * (BET_BASE + 6)
        for c in _CARDS:
            row[c] = make(seat, TEXT[c])
        table.append(row)
    return table


TAKEN_LINE: list[list[CardTaken]] = _per_card(lambda p, t: CardTaken(p, t, "line"))
"""``TAKEN_LINE[seat][card int]``; likewise the tables below."""
TAKEN_HAND: list[list[CardTaken]] = _per_card(lambda p, t: CardTaken(p, t, "hand"))
PLAYED: list[list[CardPlayed]] = _per_card(lambda p, t: CardPlayed(p, t, False))
PLAYED_FINAL: list[list[CardPlayed]] = _per_card(lambda p, t: CardPlayed(p, t, True))
TURN_ENDED: list[TurnEnded] = [TurnEnded(p) for p in range(MAX_SEATS)]
PASSED: list[Passed] = [Passed(p) for p in range(MAX_SEATS)]
BET_RESOLVED: tuple[list[list[BetResolved]], ...] = tuple(
    [[BetResolved(p, v, won) for p in range(MAX_SEATS)] for v in range(6)] for won in (False, True)
)
"""``BET_RESOLVED[won][value][seat]``."""
DIRECTION: dict[int, list[DirectionFixed]] = {
    d: [DirectionFixed(p, "ascending" if d > 0 else "descending") for p in range(MAX_SEATS)] for d in (1, -1)
}
