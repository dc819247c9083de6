"""The game log of the Line-it table: what happened, written from the engine's events.

`event_text(event, name)` is one event's sentence in the current language;
`log_lines(events, name)` the log's entries for some events, each naming the
seat it is about and the cards it names (lit on the table while the pointer
rests on the entry). The other sentences of the table (refusals, card names,
bot reasons) are `texts`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Callable

from engine.core import Event
from engine.lineit import events as E
from game.shell.i18n import _, ngettext

from . import texts
from .texts import card_label, suit_name


@dataclass(frozen=True, eq=False)
class LogEntry:
    """One line of the game log: who it is about (None: the table), its text made when drawn
    (so a language switch changes the log too) and the cards it names (lit while hovered)."""

    seat: int | None
    text: Callable[[], str]
    cards: tuple[str, ...] = ()


def cards_list(cards: tuple[str, ...] | list[str]) -> str:
    return ", ".join(card_label(c) for c in cards)


def per_suit(piles: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    return tuple(c for pile in piles for c in pile)


def _closed_text(e: E.LineClosed, name: Callable[[int], str]) -> str:
    banked, dropped = len(e.banked), len(e.discarded)
    if e.forced:        # one sentence: a whole round of the log fits at 800×600
        text = ngettext("{name} had to close the line (full hand, no card fitted): {n} card banked",
                        "{name} had to close the line (full hand, no card fitted): {n} cards banked",
                        banked).format(name=name(e.seat), n=banked)
    else:
        text = ngettext("{name} closes the line: {n} card banked", "{name} closes the line: {n} cards banked",
                        banked).format(name=name(e.seat), n=banked)
    text += ngettext(", {n} discarded", ", {n} discarded", dropped).format(n=dropped)
    points = f"\u2212{-e.points}" if e.points < 0 else str(e.points)
    text += ngettext(" ({points} point).", " ({points} points).", abs(e.points)).format(points=points)
    return text


def _round_text(e: E.RoundEnded, name: Callable[[int], str]) -> str:
    left = per_suit(e.to_jackpots)
    text = _("End of round {n}.").format(n=e.round)
    if left:
        text += " " + ngettext("To the jackpots: {cards}.", "To the jackpots: {cards}.", len(left)).format(
            cards=cards_list(left))
    if e.bets_gone:
        text += " " + texts.sentence(ngettext("{cards} leaves the game.", "{cards} leave the game.",
                                              len(e.bets_gone)).format(cards=cards_list(e.bets_gone)))
    return text + " " + _("{name} starts the next round.").format(name=name(e.token_to))


def _remainder_text(e: E.RemainderDealt) -> str:
    left = per_suit(e.to_jackpots)
    if left:
        text = ngettext("The draw pile cannot fill a market: its last card goes to the jackpots: {cards}.",
                        "The draw pile cannot fill a market: its last cards go to the jackpots: {cards}.",
                        len(left)).format(cards=cards_list(left))
    else:           # nothing moves to the jackpots (the pile is empty, or held only Bet cards)
        text = _("The draw pile cannot fill a market.")
    if e.bets_gone:
        text += " " + texts.sentence(ngettext("{cards} leaves the game.", "{cards} leave the game.",
                                              len(e.bets_gone)).format(cards=cards_list(e.bets_gone)))
    return text


def event_text(e: Event, name: Callable[[int], str]) -> str:
    """What one engine event says, in the current language (every Line-it event kind has a
    sentence). A sentence that starts with a card starts with a capital ("Bet 5 leaves the game.");
    one that starts with a name keeps the name as the player wrote it."""
    if isinstance(e, E.FirstSeat):
        return _("{name} holds the first-player token and starts.").format(name=name(e.seat))
    if isinstance(e, E.MarketDealt):
        return _("Round {n}: the market is dealt: {cards}.").format(n=e.round, cards=cards_list(e.cards))
    if isinstance(e, E.CardTaken):
        return (_("{name} takes {card} to the line.") if e.to == "line" else
                _("{name} takes {card} into the hand.")).format(name=name(e.seat), card=card_label(e.card))
    if isinstance(e, E.CardPlayed):
        return (_("{name} plays {card} from the hand (final play).") if e.final else
                _("{name} plays {card} from the hand.")).format(name=name(e.seat), card=card_label(e.card))
    if isinstance(e, E.DirectionFixed):
        return (_("The line of {name} is ascending.") if e.direction == "ascending" else
                _("The line of {name} is descending.")).format(name=name(e.seat))
    if isinstance(e, E.JackpotWon):
        n = len(e.cards)
        return ngettext("Third {suit} card: {name} wins the {suit} jackpot, {n} card.",
                        "Third {suit} card: {name} wins the {suit} jackpot, {n} cards.", n).format(
            suit=suit_name(e.suit), name=name(e.seat), n=n)
    if isinstance(e, E.BetResolved):
        return (_("{name} wins the bet {v}: +{v}.") if e.won else
                _("{name} loses the bet {v}: \u2212{v}.")).format(name=name(e.seat), v=e.value)
    if isinstance(e, E.LineClosed):
        return _closed_text(e, name)
    if isinstance(e, E.RoundEnded):
        return _round_text(e, name)
    if isinstance(e, E.RemainderDealt):
        return _remainder_text(e)
    if isinstance(e, E.TurnEnded):
        return _("{name} ends the turn.").format(name=name(e.seat))
    if isinstance(e, E.FinalPlaysBegun):
        return ngettext("Final plays: each player may play one card from the hand, starting with {name}.",
                        "Final plays: each player may play up to {n} cards from the hand, one per pass, "
                        "starting with {name}.", e.passes).format(name=name(e.first_seat), n=e.passes)
    if isinstance(e, E.Passed):
        return _("{name} passes.").format(name=name(e.seat))
    if isinstance(e, E.FinalCloses):
        return _("Every line is closed and scored.")
    if isinstance(e, E.GameOver):
        best = max(e.scores) if e.scores else 0
        names = ", ".join(name(p) for p in e.winners)
        if len(e.winners) > 1:
            return ngettext("Game over: shared victory of {names} with {points} point.",
                            "Game over: shared victory of {names} with {points} points.", abs(best)).format(
                names=names, points=best)
        return ngettext("Game over: {names} wins with {points} point.",
                        "Game over: {names} wins with {points} points.", abs(best)).format(names=names, points=best)
    return e.kind


def event_cards(e: Event) -> tuple[str, ...]:
    """The cards an event names (lit on the table while its log entry is hovered)."""
    if isinstance(e, (E.CardTaken, E.CardPlayed)):
        return (e.card,)
    if isinstance(e, (E.MarketDealt, E.JackpotWon)):
        return tuple(e.cards)
    if isinstance(e, E.LineClosed):
        return tuple(e.banked) + tuple(e.discarded)
    if isinstance(e, (E.RoundEnded, E.RemainderDealt)):
        return per_suit(e.to_jackpots)
    return ()


def logged(e: Event) -> bool:
    """The log has an entry for every event but a turn's end (the next seat's move says it) and a
    line's direction (said in the entry of the move that fixed it): a whole round of six seats
    fits the log at 800×600."""
    return not isinstance(e, (E.TurnEnded, E.DirectionFixed))


def _with_direction(move: Event, fixed: E.DirectionFixed, name: Callable[[int], str]) -> str:
    """A move's sentence and the direction it gave the line ("... to the line (now ascending).")."""
    text = event_text(move, name).rstrip(".")
    return text + " " + (_("(now ascending).") if fixed.direction == "ascending" else _("(now descending)."))


def log_lines(events: list[Event], name: Callable[[int], str]) -> list[LogEntry]:
    """The log entries of some engine events, one per event the log shows (`logged`); the
    direction a move fixed joins that move's entry (the engine says it right after the move)."""
    out: list[LogEntry] = []
    for i, e in enumerate(events):
        if isinstance(e, E.DirectionFixed):
            move = events[i - 1] if i else None
            if isinstance(move, (E.CardTaken, E.CardPlayed)) and move.seat == e.seat and out:
                out[-1] = LogEntry(e.seat, partial(_with_direction, move, e, name), event_cards(move))
            continue
        if logged(e):
            out.append(LogEntry(getattr(e, "seat", None), partial(event_text, e, name), event_cards(e)))
    return out
