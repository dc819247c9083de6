"""Every sentence of the Line-it table a player reads, in the current language.

The engine speaks English (refusals such as ``ascending line: play above 57``,
bot reasons with a template key); this module maps them onto msgids with
placeholders, so German and French players read their own language.

>>> refusal("ascending line: play above 57")
'Ascending line: play above 57'
>>> card_label("B4")
'bet 4'
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from game.i18n import N_, _

SUIT_NAMES = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow")}
SUIT_GLYPHS = {"red": "\u2665", "blue": "\u2666", "green": "\u2663", "yellow": "\u2605"}


def suit_name(suit: str) -> str:
    """'red' -> the translated colour word with its symbol ('red ♥')."""
    return f"{_(SUIT_NAMES.get(suit, suit))} {SUIT_GLYPHS.get(suit, '')}".strip()


def card_label(card: str) -> str:
    """A card as a player names it: '57', or 'bet 4' for a Bet card."""
    if card.startswith("B"):
        return _("bet {v}").format(v=card[1:])
    return card


# Engine refusal texts (engine/lineit/state.py) -> msgid with placeholders.
_REFUSALS: list[tuple[re.Pattern, str]] = [
    (re.compile(r"^ascending line: play above (?P<n>\d+)$"), N_("ascending line: play above {n}")),
    (re.compile(r"^descending line: play below (?P<n>\d+)$"), N_("descending line: play below {n}")),
    (re.compile(r"^your hand is full \((?P<n>\d+) cards\)$"), N_("your hand is full ({n} cards)")),
    (re.compile(r"^you already played a card from your hand this turn$"),
     N_("you already played a card from your hand this turn")),
    (re.compile(r"^you already closed your line this turn$"), N_("you already closed your line this turn")),
    (re.compile(r"^your line is empty: there is nothing to close$"),
     N_("your line is empty: there is nothing to close")),
    (re.compile(r"^your line already holds a bet card \((?P<card>B\d)\): one per line$"),
     N_("your line already holds a bet card ({card}): one per line")),
    (re.compile(r"^take a market card first$"), N_("take a market card first")),
    (re.compile(r"^(?P<card>\w+) is not in the market$"), N_("{card} is not in the market")),
    (re.compile(r"^(?P<card>\w+) is not in your hand$"), N_("{card} is not in your hand")),
    (re.compile(r"^you already took a market card this turn$"), N_("you already took a market card this turn")),
    (re.compile(r"^the draw pile is spent: in the final plays you may only play a card from your hand or pass$"),
     N_("the draw pile is spent: in the final plays you may only play a card from your hand or pass")),
    (re.compile(r"^the game is over$"), N_("the game is over")),
]


def sentence(text: str) -> str:
    """A message shown on its own starts with a capital ('Ascending line: ...')."""
    return text[:1].upper() + text[1:]


def refusal(text: str) -> str:
    """The engine's refusal `text` in the current language, as a sentence (unknown texts pass through)."""
    for pattern, msgid in _REFUSALS:
        m = pattern.match(text)
        if m:
            params = {k: (card_label(v) if k == "card" else v) for k, v in m.groupdict().items()}
            return sentence(_(msgid).format(**params))
    return sentence(text)


def bot_reason(hint: dict) -> str:
    """A worker hint's reason in the current language."""
    template = hint.get("template") or hint.get("reason") or ""
    params = dict(hint.get("params") or {})
    if "suit" in params:
        params["suit"] = suit_name(str(params["suit"]))
    if "card" in params:
        params["card"] = card_label(str(params["card"]))
    try:
        return _(template).format(**params)
    except (KeyError, IndexError, ValueError):
        return str(hint.get("reason", ""))


def action_label(text: str) -> str:
    """An action text ('take 57 line') as an instruction for the player."""
    parts = text.split()
    if parts[0] == "take":
        card = card_label(parts[1])
        return (_("take {card} to your line") if parts[2] == "line" else _("take {card} into your hand")).format(card=card)
    if parts[0] == "play":
        return _("play {card} from your hand").format(card=card_label(parts[1]))
    if parts[0] == "close":
        return _("close your line")
    if parts[0] == "end":
        return _("end your turn")
    if parts[0] == "pass":
        return _("pass")
    return text


@dataclass(frozen=True, eq=False)
class LogEntry:
    """One line of the game log: who it is about (None: the table), its text made when drawn
    (so a language switch changes the log too) and the cards it names (lit while hovered)."""

    seat: int | None
    text: Callable[[], str]
    cards: tuple[str, ...] = ()


def log_lines(out, name) -> list[LogEntry]:
    """The log entries for one action `out` (events.Outcome).

    `name(seat)` gives a seat's name.
    """
    who = name(out.seat) if out.seat is not None else ""
    lines: list[LogEntry] = []
    seat = out.seat
    if out.kind == "take":
        card = out.card
        if out.forced:
            lines.append(LogEntry(seat, lambda: _("{name} had to close the line first: {card} fitted neither line "
                                                  "nor hand.").format(name=who, card=card_label(card)), (card,)))
        if out.to == "line":
            lines.append(LogEntry(seat, lambda: _("{name} takes {card} to the line.").format(
                name=who, card=card_label(card)), (card,)))
        else:
            lines.append(LogEntry(seat, lambda: _("{name} takes {card} into the hand.").format(
                name=who, card=card_label(card)), (card,)))
    elif out.kind == "play":
        card = out.card
        lines.append(LogEntry(seat, lambda: _("{name} plays {card} from the hand.").format(
            name=who, card=card_label(card)), (card,)))
    elif out.kind == "pass":
        lines.append(LogEntry(seat, lambda: _("{name} passes.").format(name=who)))
    if out.jackpot:
        suit, n = out.jackpot
        lines.append(LogEntry(seat, lambda: _("3rd {suit} card: {name} wins the {suit} jackpot, {n} cards.")
                              .format(suit=suit_name(suit), name=who, n=n), (out.card,)))
    for c in out.closes:
        cw = name(c.seat)
        banked, dropped, bet, won = c.banked, len(c.discarded), c.bet, c.bet_won

        def text(cw=cw, banked=banked, dropped=dropped, bet=bet, won=won) -> str:
            s = _("{name} closes the line: banked {banked}, discarded {dropped}.").format(
                name=cw, banked=banked, dropped=dropped)
            if bet:
                s += " " + (_("Bet {v} won: +{v}.") if won else _("Bet {v} lost: \u2212{v}.")).format(v=bet)
            return s
        lines.append(LogEntry(c.seat, text, tuple(c.cards)))
    if out.leftovers:
        nums = [c for c in out.leftovers if not c.startswith("B")]
        if nums:
            lines.append(LogEntry(None, lambda: _("Left in the market, to the jackpots: {cards}.").format(
                cards=", ".join(nums)), tuple(nums)))
    if out.final_started:
        lines.append(LogEntry(None, lambda: _("The draw pile is spent: final plays. Each player may play a card "
                                              "from the hand."), tuple(out.remainder)))
    if out.new_round:
        r = out.new_round
        lines.append(LogEntry(None, lambda: _("Round {n}: a new market is dealt.").format(n=r), tuple(out.new_market)))
    if out.game_over:
        lines.append(LogEntry(None, lambda: _("Game over: every line is closed and scored.")))
    return lines
