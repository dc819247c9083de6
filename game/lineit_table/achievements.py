"""Line-it's achievements, measured from the engine's events (`engine.lineit.events`).

Declared through the front end's hook "achievements" (`game.achievements`
lists them); each says in its description exactly what earns it.
"""
from __future__ import annotations

from game.achievements.model import Achievement, Finished
from game.shell.i18n import N_

JACKPOT = "lineit.jackpot_won"
BET = "lineit.bet_resolved"
CLOSED = "lineit.line_closed"


def biggest_jackpot(f: Finished) -> float:
    """The most cards one jackpot a person won brought in."""
    return max((len(e.cards) for e in f.of_people(JACKPOT)), default=0)


def top_bet_won(f: Finished) -> float:
    """1 when a person's line won a +5 bet."""
    return 1 if any(e.won and e.value == 5 for e in f.of_people(BET)) else 0


def jackpots_in_one_line(f: Finished) -> float:
    """The most jackpots one line of a person won before it closed (a line is over at its close)."""
    best = 0
    open_line: dict[int, int] = {}
    for e in f.events:
        seat = getattr(e, "seat", None)
        if seat not in f.people:
            continue
        if e.kind == JACKPOT:
            open_line[seat] = open_line.get(seat, 0) + 1
            best = max(best, open_line[seat])
        elif e.kind == CLOSED:
            open_line[seat] = 0
    return best


def most_banked(f: Finished) -> float:
    """The most cards one closed line of a person put into the scoring stack."""
    return max((len(e.banked) for e in f.of_people(CLOSED)), default=0)


ACHIEVEMENTS = (
    Achievement("lineit.jackpot6", N_("Jackpot!"),
                N_("Win a jackpot of six or more cards: leave a suit's pile to grow, then play the third "
                   "card of that suit."), "lineit", biggest_jackpot, goal=6),
    Achievement("lineit.bet5", N_("High roller"),
                N_("Win a +5 bet: place five or more Number cards after a Bet card 5 before the line closes."),
                "lineit", top_bet_won),
    Achievement("lineit.two_jackpots", N_("Double dip"),
                N_("Win two jackpots with one line: the third card of one suit, then of another."),
                "lineit", jackpots_in_one_line, goal=2),
    Achievement("lineit.bank10", N_("The long line"),
                N_("Close a line that banks ten or more cards (the first three of a line are always discarded)."),
                "lineit", most_banked, goal=10),
)


def declared() -> tuple[Achievement, ...]:
    """The front end's hook "achievements"."""
    return ACHIEVEMENTS
