"""Helpers shared by the Line-it tests: hand-built decks and snapshots."""
from __future__ import annotations

from engine import lineit
from engine.lineit.cards import FULL_DECK, TEXT

ALL_TEXTS = [TEXT[c] for c in FULL_DECK]


def deck_with(markets: list[list[str]], players: int, tail: list[str] | None = None) -> list[str]:
    """A full 106-card deck whose first markets start with the given cards.

    Each market is filled up to players + 2 cards with unused filler cards
    (numbers from the middle of the range first, Bet cards last), then the
    unused rest follows; `tail` cards are moved to the very bottom.
    """
    size = players + 2
    wanted = [c for m in markets for c in m] + list(tail or [])
    pool = list(ALL_TEXTS)
    for c in wanted:
        pool.remove(c)  # raises if a card is asked for twice
    # fillers: numbers ordered by closeness to 50, so they rarely matter
    numbers = sorted((c for c in pool if not c.startswith("B")), key=lambda t: (abs(int(t) - 50), int(t)))
    bets = [c for c in pool if c.startswith("B")]
    filler = numbers + bets
    deck: list[str] = []
    for m in markets:
        assert len(m) <= size
        deck.extend(m)
        for _ in range(size - len(m)):
            deck.append(filler.pop(0))
    deck.extend(filler)
    deck.extend(tail or [])
    assert sorted(deck) == sorted(ALL_TEXTS)
    return deck


def play(s, *texts: str) -> None:
    for t in texts:
        s.apply(t)


def snapshot(s) -> tuple:
    """Every internal field of a state, deep-copied into tuples."""
    out = []
    for name in type(s).__slots__:
        v = getattr(s, name)
        if isinstance(v, list):
            v = tuple(tuple(x) if isinstance(x, list) else x for x in v)
        out.append((name, v))
    return tuple(out)


def autoplay_round(s) -> None:
    """Play one whole round with a fixed simple policy that never uses the
    hand: take the first market card to the line, closing first if needed."""
    start = s.round
    while s.round == start and s.phase == 0:
        first = s.market[0]
        text = f"take {TEXT[first]} line"
        if not s.is_legal(text):
            s.apply("close")
        s.apply(text)
        s.apply("end")


def seat_view(s, seat):
    return s.view(seat)["seats"][seat]


def new2(markets, tail=None, **kw):
    return lineit.new_game(players=2, first_seat=0, deck=deck_with(markets, 2, tail), **kw)


def rnd(s, *per_seat) -> None:
    """Play one round: per_seat[k] is a string of ';'-separated actions for
    seat k (its 'end' is added), applied in the round's seat order."""
    start = s.round
    for _ in range(s.n):
        seat = s.current_seat
        for text in [t.strip() for t in per_seat[seat].split(";") if t.strip()]:
            s.apply(text)
        s.apply("end")
    assert s.round == start + 1 or s.phase != 0


def hand_turn_to(s, seat: int) -> None:
    """Let other seats take the first market card into their hand (or line)
    and end, until it is `seat`'s turn."""
    while s.current_seat != seat:
        c = TEXT[s.market[0]]
        s.apply(f"take {c} hand" if s.is_legal(f"take {c} hand") else f"take {c} line")
        s.apply("end")
