"""The presenter: what the table shows, from the engine, and how the engine's events move it.

- `Picture.of(state, viewer)` is the table as one seat may see it: the
  spectator view, that seat's own hand (`state.view(viewer)`), the other hands
  face down by count, the market cards in the places they were dealt to, the
  bet tokens. `Board.lay_out` puts every card there (a new window, a loaded
  game, a replay's jump, an undo). With ``open_hands`` (the replay after the
  game) every seat's hand comes from that seat's own view.
- `stage(board, events)` turns the events one action caused (`CardTaken`,
  `CardPlayed`, `JackpotWon`, `BetResolved`, `LineClosed`, `RoundEnded`,
  `MarketDealt`, `RemainderDealt`, `FirstSeat`) into the board's staged moves
  (`board.Plan`); `board.run(plan)` plays them. Each event moves the cards it
  names; the places they leave and join close up after it.

>>> from engine import lineit
>>> s = lineit.new_game(2, seed=1, first_seat=0)
>>> p = Picture.of(s, 0)
>>> [spot.zone for spot in p.spots()][:2], p.hands
([('market',), ('market',)], ((), ()))
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from engine.core import Event
from engine.lineit import LineitState
from engine.lineit import events as E

from .board import DEAL_STAGGER, Z_BASE, Board, Move, Plan, Spot
from .geometry import SUIT_ORDER
from .sprites import CardSprite, Zone


@dataclass(frozen=True)
class Picture:
    """The table as seat `viewer` may see it (see the module text)."""

    spec: dict[str, Any]                       # the spectator view
    market: tuple[tuple[int, str], ...]        # (place as dealt, card)
    hands: tuple[tuple[str, ...], ...]         # "" for a card this viewer may not see
    tokens: list[list[int]]                    # every seat's bet tokens, ±value, in the order won or lost
    first: int

    @classmethod
    def of(cls, state: LineitState, viewer: int, open_hands: bool = False,
           spec: dict[str, Any] | None = None) -> "Picture":
        spec = spec if spec is not None else state.view(None)
        hands = []
        for p in range(state.players):
            if p == viewer or open_hands:
                hands.append(tuple(state.view(p)["seats"][p]["hand"]))
            else:
                hands.append(("",) * spec["seats"][p]["hand_count"])
        return cls(spec, market_places(state.events, spec["market"]), tuple(hands),
                   tokens_of(state.events, state.players), spec["first_seat"])

    def with_lines(self, lines: list[list[str]]) -> "Picture":
        """The same table with these lines shown (the final lines after the game)."""
        seats = [{**seat, "line": list(line)} for seat, line in zip(self.spec["seats"], lines)]
        return Picture({**self.spec, "seats": seats}, self.market, self.hands, self.tokens, self.first)

    def spots(self) -> list[Spot]:
        """Every card's place: market, lines, hands, jackpots."""
        out = [Spot(("market",), i, len(self.market), c) for i, c in self.market]
        for p, seat in enumerate(self.spec["seats"]):
            line = seat["line"]
            out += [Spot(("line", p), i, len(line), c) for i, c in enumerate(line)]
            out += [Spot(("hand", p), i, len(self.hands[p]), c) for i, c in enumerate(self.hands[p])]
        for suit in SUIT_ORDER:
            pile = self.spec["jackpots"][suit]
            out += [Spot(("jack", suit), i, len(pile), c) for i, c in enumerate(pile)]
        return out


def market_places(events: list[Event], market: list[str]) -> tuple[tuple[int, str], ...]:
    """Each market card with the place it was dealt to (a taken card leaves its place empty). The
    engine takes the first of two alike Bet cards, so those left are the last ones dealt."""
    dealt = next((e.cards for e in reversed(events) if isinstance(e, E.MarketDealt)), ())
    if Counter(market) - Counter(dealt):
        return tuple(enumerate(market))          # not the cards dealt (should not happen): in order
    places: dict[str, list[int]] = {}
    for i, card in enumerate(dealt):
        places.setdefault(card, []).append(i)
    left = {card: places[card][len(places[card]) - market.count(card):] for card in set(market)}
    return tuple((left[card].pop(0), card) for card in market)


def final_lines(events: list[Event], players: int) -> list[list[str]]:
    """Each seat's line as it was when the game's end closed it (`FinalCloses`), from the events
    (the engine's view shows them empty once closed); [] for a seat whose line was empty.

    >>> final_lines([E.CardTaken(0, "5", "line"), E.CardPlayed(0, "9", True), E.FinalCloses((0, 1)),
    ...              E.LineClosed(0, ("9",), ("5",), False, 1)], 2)
    [['5', '9'], []]
    """
    lines: list[list[str]] = [[] for _ in range(players)]
    final: list[list[str]] = [[] for _ in range(players)]
    closing = False
    for e in events:
        if isinstance(e, E.FinalCloses):
            closing = True
        elif isinstance(e, E.CardTaken) and e.to == "line" or isinstance(e, E.CardPlayed):
            lines[e.seat].append(e.card)
        elif isinstance(e, E.LineClosed):
            if closing:
                final[e.seat] = lines[e.seat]
            lines[e.seat] = []
    return final


def tokens_of(events: list[Event], players: int) -> list[list[int]]:
    """Every seat's bet tokens (+value won, -value lost), from the engine's `BetResolved` events."""
    out: list[list[int]] = [[] for _ in range(players)]
    for e in events:
        if isinstance(e, E.BetResolved):
            out[e.seat].append(e.value if e.won else -e.value)
    return out


@dataclass
class _Stage:
    """The places of the table while a batch of events is walked through, and the moves so far."""

    board: Board
    places: dict[Zone, list[CardSprite]]
    market: dict[int, CardSprite]
    plan: Plan = field(default_factory=Plan)
    phase: dict[str, tuple[int, float]] = field(default_factory=dict)   # key -> (phase, stagger)
    touched: set[Zone] = field(default_factory=set)     # places whose cards may have to move

    def join(self, s: CardSprite, zone: Zone, phase: int, extra: float = 0.0) -> None:
        self.places.setdefault(zone, []).append(s)
        self.touched.add(zone)
        self.phase[s.key] = (phase, extra)

    def deal(self, card: str) -> CardSprite:
        """A new card from the draw pile, face down until it lands."""
        b = self.board
        geo = b.geometry()
        s = b.new_sprite(card, b.deck_pos(), geo.market_h, ("deck",))
        self.phase[s.key] = (4, self.plan.deals * DEAL_STAGGER)
        self.plan.deals += 1
        return s

    def leave(self, s: CardSprite, phase: int, pos: tuple[int, int], h: float, face: bool,
              alpha: float = 255.0, stack: int | None = None) -> None:
        """`s` flies off its place for good (to a stack, a token, or out of the game)."""
        self.phase.pop(s.key, None)
        self.board.fly_off(s, stack)
        self.plan.moves.append(Move(s, phase, pos, h, face, alpha, True))

    def fade(self, s: CardSprite, phase: int) -> None:
        """`s` leaves the game: it sinks a little and fades."""
        x, y, h = s.target[0], s.target[1], s.target[2]
        self.leave(s, phase, (int(x), int(y + self.board.geometry().lay.px(60))), h * 0.8, True, 0.0)

    def to_stack(self, s: CardSprite, seat: int, phase: int) -> None:
        pos, h = self.board.stack_pos(seat)
        self.leave(s, phase, pos, h, False, stack=seat)

    def take_from(self, zone: Zone, card: str) -> CardSprite | None:
        """The sprite of `card` in `zone`, out of it (a face-down one takes the card's name)."""
        cards = self.places.get(zone, [])
        s = next((s for s in cards if s.card == card), None) or next((s for s in cards if not s.card), None)
        if s is None:
            return None
        cards.remove(s)
        self.touched.add(zone)
        self.board.name_card(s, card)
        return s

    # ------------------------------------------------------------ the events
    def taken(self, e: E.CardTaken) -> None:
        """The card goes to the line or hand: the one the player picked up, if it is that card (two
        Bet cards may be alike), else the first of its kind, as the engine takes it."""
        places = [i for i in sorted(self.market) if self.market[i].card == e.card]
        place = next((i for i in places if self.market[i] is self.board.picked), places[0] if places else None)
        if place is not None:
            self.join(self.market.pop(place), (e.to, e.seat), 0)

    def played(self, e: E.CardPlayed) -> None:
        s = self.take_from(("hand", e.seat), e.card)
        if s is not None:
            self.join(s, ("line", e.seat), 0)

    def jackpot(self, e: E.JackpotWon) -> None:
        for s in self.places.pop(("jack", e.suit), []):
            self.to_stack(s, e.seat, 1)

    def bet(self, e: E.BetResolved) -> None:
        self.plan.tokens.append((e.seat, e.value if e.won else -e.value))

    def closed(self, e: E.LineClosed) -> None:
        """The bet card turns into its token, the first three Number cards leave, the rest is banked."""
        discarded = set(e.discarded)
        for s in self.places.pop(("line", e.seat), []):
            if s.card.startswith("B"):
                pos, h = self.board.token_target(e.seat)
                self.leave(s, 1, pos, h, True, 0.0)
            elif s.card in discarded:
                self.fade(s, 1)
            else:
                self.to_stack(s, e.seat, 2)

    def round_ended(self, e: E.RoundEnded) -> None:
        """The market's leftovers go to their jackpots, its Bet cards leave; the token passes."""
        for place in sorted(self.market):
            s = self.market.pop(place)
            if s.card.startswith("B"):
                self.fade(s, 3)
            else:           # in the first phase, as it always looked: the token follows them
                self.join(s, ("jack", suit_of(e.to_jackpots, s.card)), 0)
        self.plan.first = e.token_to

    def dealt(self, e: E.MarketDealt) -> None:
        """The new market, one card after another: the Number cards, then the Bet cards (the order
        the table has always dealt in)."""
        order = sorted(range(len(e.cards)), key=lambda i: e.cards[i].startswith("B"))
        for i in order:
            self.market[i] = self.deal(e.cards[i])
        self.touched.add(("market",))

    def remainder(self, e: E.RemainderDealt) -> None:
        """The draw pile's rest goes straight to the jackpots (its Bet cards never show)."""
        for suit, cards in zip(SUIT_ORDER, e.to_jackpots):
            for card in cards:
                s = self.deal(card)
                self.places.setdefault(("jack", suit), []).append(s)
                self.touched.add(("jack", suit))

    def first_seat(self, e: E.FirstSeat) -> None:
        self.plan.first = e.seat

    # ------------------------------------------------------------ after them
    def settle(self) -> Plan:
        """Every card of a place that changed heads for its place there (the others stay; a market
        card keeps its place as others are taken)."""
        if ("market",) in self.touched:
            for place, s in self.market.items():
                self._head(s, ("market",), place, len(self.market))
        for zone in self.touched:
            cards = self.places.get(zone, [])
            for i, s in enumerate(cards):
                self._head(s, zone, i, len(cards))
        return self.plan

    def _head(self, s: CardSprite, zone: Zone, index: int, n: int) -> None:
        b = self.board
        pos, h = b.place(zone, index, n)
        s.zone = (zone, index)
        s.z = Z_BASE[str(zone[0])] + index
        phase, extra = self.phase.get(s.key, (0, 0.0))
        self.plan.moves.append(Move(s, phase, pos, h, b.face_in(zone, s.card), extra=extra))


HANDLERS: dict[type, Callable[[_Stage, Any], None]] = {
    E.CardTaken: _Stage.taken, E.CardPlayed: _Stage.played, E.JackpotWon: _Stage.jackpot,
    E.BetResolved: _Stage.bet, E.LineClosed: _Stage.closed, E.RoundEnded: _Stage.round_ended,
    E.MarketDealt: _Stage.dealt, E.RemainderDealt: _Stage.remainder, E.FirstSeat: _Stage.first_seat,
}


def suit_of(piles: E.PerSuit, card: str) -> str:
    """The jackpot a leftover card went to, as the engine's event says."""
    return next((suit for suit, cards in zip(SUIT_ORDER, piles) if card in cards), SUIT_ORDER[0])


def stage(board: Board, events: list[Event], spec: dict[str, Any]) -> float:
    """Move the board's cards as `events` say (the engine has already applied them); `spec` is the
    spectator view after them (the counts). Returns the seconds the animation takes."""
    board.spec = spec
    if board.geo is None:
        return 0.0
    places = board.zone_lists()
    market = {s.zone[1]: s for s in places.pop(("market",), [])}
    st = _Stage(board, places, market)
    for e in events:
        handler = HANDLERS.get(type(e))
        if handler is not None:
            handler(st, e)
    board.picked = None
    return board.run(st.settle())
