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
turn ended, a pass) are interned like actions: `TAKEN_LINE`, `PLAYED`, ...
look them up instead of building a new value each time. The events that
carry many card texts (a line closed, a market dealt, a round's end, the
draw pile's rest) are made by `line_closed`, `market_dealt`, `round_ended`
and `remainder_dealt` from the card ints,
and their texts are written only when first read: a game played by bots or
replayed for a review reads few of them, and the texts were most of what
events cost `apply`. Either way the event is the same value (`==`, hash,
repr, `to_json`, pickling) as the one built from texts.

>>> e = line_closed(1, [12, 30, 41, 57], False, 1)
>>> e == LineClosed(1, ("57",), ("12", "30", "41"), False, 1), e.banked
(True, ('57',))
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable, Sequence

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

# ------------------------------------------------- card texts made on demand
_new = object.__new__


class _Later:
    """A card field of an event made from card ints (kept under ``_ints`` in
    the instance dict): on the first read of any such field, ``fill(instance
    dict, ints)`` writes them all, and from then on the instance dict answers
    (this descriptor has no ``__set__``, so the dict comes first). An event
    made from texts has them in its dict and never asks. Unlike a
    ``__getattr__`` on the class, this costs nothing when an event is made."""

    __slots__ = ("name", "fill")

    def __init__(self, name: str, fill: Callable[[dict[str, Any], Any], None]) -> None:
        self.name = name
        self.fill = fill

    def __get__(self, obj: Event | None, cls: type | None = None) -> Any:
        if obj is None:
            raise AttributeError(self.name)  # on the class: no such attribute, as for any field
        d = obj.__dict__
        ints = d.get("_ints")
        if ints is not None:  # (two threads may both fill: the same texts)
            self.fill(d, ints)
            d.pop("_ints", None)
        try:
            return d[self.name]
        except KeyError:
            raise AttributeError(f"{type(obj).__name__!r} object has no attribute {self.name!r}") from None


def _texts_later(cls: type[Event], fill: Callable[[dict[str, Any], Any], None], *names: str) -> None:
    """Let events of `cls` be made with the card fields `names` missing and
    their card ints kept under ``_ints`` instead (`_Later`). Set on the class
    after the dataclass is made, so `dataclasses.fields` is the same."""
    for name in names:
        setattr(cls, name, _Later(name, fill))


def _fill_closed(d: dict[str, Any], nums: list[int]) -> None:
    texts = tuple([TEXT[c] for c in nums])
    d["banked"] = texts[3:]
    d["discarded"] = texts[:3]


def _fill_dealt(d: dict[str, Any], cards: tuple[int, ...]) -> None:
    d["cards"] = tuple([TEXT[c] for c in cards])


def _fill_round(d: dict[str, Any], cards: list[int]) -> None:
    d["to_jackpots"], d["bets_gone"] = per_suit(cards)


def _fill_remainder(d: dict[str, Any], cards: tuple[int, ...]) -> None:
    d["cards"] = tuple([TEXT[c] for c in cards])
    d["to_jackpots"], d["bets_gone"] = per_suit(cards)


_texts_later(LineClosed, _fill_closed, "banked", "discarded")
_texts_later(MarketDealt, _fill_dealt, "cards")
_texts_later(RoundEnded, _fill_round, "to_jackpots", "bets_gone")
_texts_later(RemainderDealt, _fill_remainder, "cards", "to_jackpots", "bets_gone")


def line_closed(seat: int, nums: list[int], forced: bool, points: int) -> LineClosed:
    """`LineClosed` of the line's Number cards `nums` (ints, in play order; the
    list becomes the event's: the caller must not change it afterwards)."""
    e = _new(LineClosed)
    d = e.__dict__
    d["seat"] = seat
    d["forced"] = forced
    d["points"] = points
    d["_ints"] = nums
    return e  # type: ignore[no-any-return]


def market_dealt(round: int, cards: tuple[int, ...]) -> MarketDealt:
    """`MarketDealt` of the card ints dealt."""
    e = _new(MarketDealt)
    d = e.__dict__
    d["round"] = round
    d["_ints"] = cards
    return e  # type: ignore[no-any-return]


def round_ended(round: int, leftovers: list[int], token_to: int) -> RoundEnded:
    """`RoundEnded` of the market's leftover card ints (the list becomes the event's)."""
    e = _new(RoundEnded)
    d = e.__dict__
    d["round"] = round
    d["token_to"] = token_to
    d["_ints"] = leftovers
    return e  # type: ignore[no-any-return]


def remainder_dealt(cards: tuple[int, ...]) -> RemainderDealt:
    """`RemainderDealt` of the draw pile's rest (card ints)."""
    e = _new(RemainderDealt)
    e.__dict__["_ints"] = cards
    return e  # type: ignore[no-any-return]


def game_over(scores: tuple[int, ...], winners: tuple[int, ...]) -> GameOver:
    """`GameOver(scores, winners)`, made without a Python ``__init__`` frame."""
    e = _new(GameOver)
    d = e.__dict__
    d["scores"] = scores
    d["winners"] = winners
    return e  # type: ignore[no-any-return]


def per_suit(cards: Sequence[int]) -> tuple[PerSuit, Cards]:
    """The texts of `cards` (ints) per jackpot, in the order of `SUITS`, and
    those of its Bet cards (which leave the game)."""
    out: list[list[str]] = [[], [], [], []]
    bets = []
    for c in cards:
        if c > BET_BASE:
            bets.append(TEXT[c])
        else:
            out[(c - 1) & 3].append(TEXT[c])
    return (tuple(out[0]), tuple(out[1]), tuple(out[2]), tuple(out[3])), tuple(bets)

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
FINAL_PLAYS_BEGUN: dict[int, list[FinalPlaysBegun]] = {
    passes: [FinalPlaysBegun(p, passes) for p in range(MAX_SEATS)] for passes in (1, 2)
}
"""``FINAL_PLAYS_BEGUN[passes][first seat]``."""
