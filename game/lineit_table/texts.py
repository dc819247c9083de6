"""Every sentence of the Line-it table a player reads, in the current language.

The engine speaks in codes: a refusal is a `Refusal` with a stable `code`
and its `params` (engine/lineit/refusals.py), what happened is a list of
typed events (engine/lineit/events.py), a bot's reason a template key. This
module turns each into a translated sentence, with real plurals.

>>> from engine.lineit.refusals import REFUSALS
>>> refusal(REFUSALS.refuse("line.not_ascending", above=57))
'Ascending line: play above 57'
>>> card_label("B4")
'bet 4'
"""
from __future__ import annotations

from typing import Any, Callable

from engine import lineit
from engine.core import IllegalAction
from game.table.reasons import reason_text
from game.shell.i18n import N_, _, ngettext

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


# One translatable template per refusal code (engine/lineit/refusals.py has them all;
# tests/test_table_lineit_texts.py checks none is missing).
REFUSAL_TEXTS: dict[str, str] = {
    "action.unknown": N_("\u201c{text}\u201d is not an action"),
    "action.not_a_card": N_("\u201c{text}\u201d is not a card (a number 1 to 100, or a bet 3, 4 or 5)"),
    "action.where": N_("\u201c{text}\u201d: say where the card goes, your line or your hand"),
    "game.over": N_("the game is over"),
    "final.play_or_pass": N_("the draw pile is spent: in the final plays you may only play a card from your hand "
                             "or pass"),
    "final.pass_only": N_("passing is only for the final plays: end your turn instead"),
    "hand.not_held": N_("{card} is not in your hand"),
    "market.not_there": N_("{card} is not in the market"),
    "line.bet_taken": N_("your line already holds a bet card (bet {bet}): one per line"),
    "line.not_ascending": N_("ascending line: play above {above}"),
    "line.not_descending": N_("descending line: play below {below}"),
    "line.empty": N_("your line is empty: there is nothing to close"),
    "turn.already_taken": N_("you already took a market card this turn"),
    "turn.already_played": N_("you already played a card from your hand this turn"),
    "turn.already_closed": N_("you already closed your line this turn"),
    "turn.not_taken": N_("take a market card first"),
    "chance.pending": N_("the game waits for the cards to be dealt first"),
    "chance.not_needed": N_("no cards are to be dealt now"),
    "chance.wrong_count": N_("cards needed: {count}, not {given}"),     # one word for 1 and for 5
    "chance.impossible": N_("{card} cannot come up: it is not left in the draw pile"),
    "chance.bad_seat": N_("\u201c{seat}\u201d is not a seat from 0 to {last}"),
}
# codes whose sentence depends on a number: its form for the params
REFUSAL_PLURALS: dict[str, Callable[[dict[str, Any]], str]] = {
    "hand.full": lambda p: ngettext("your hand is full ({limit} card)", "your hand is full ({limit} cards)",
                                    int(p["limit"])),
}


def sentence(text: str) -> str:
    """A message shown on its own starts with a capital ('Ascending line: ...')."""
    return text[:1].upper() + text[1:]


def refusal_text(code: str, params: dict[str, Any]) -> str:
    """The refusal `code` with its `params` as a sentence in the current language."""
    shown = {k: card_label(str(v)) if k == "card" else v for k, v in params.items()}
    if code in REFUSAL_PLURALS:
        return sentence(REFUSAL_PLURALS[code](shown).format(**shown))
    template = REFUSAL_TEXTS.get(code)
    if template is None:
        raise KeyError(f"no text for the refusal code {code!r}")
    return sentence(_(template).format(**shown))


def refusal(why: Any) -> str:
    """An engine refusal (a `Refusal`: the sentence with `.code` and `.params`) as a sentence."""
    code = getattr(why, "code", None)
    if code is None:
        return sentence(str(why))
    return refusal_text(code, dict(getattr(why, "params", None) or {}))


def bot_reason(hint: dict) -> str:
    """A worker hint's reason in the current language (its card and suit named as the table names them)."""
    def dress(params: dict[str, Any]) -> None:
        if "suit" in params:
            params["suit"] = suit_name(str(params["suit"]))
        if "card" in params:
            params["card"] = card_label(str(params["card"]))
    return reason_text(hint, dress)


# What an action says, by the engine's action kind, in two voices: an instruction to the player
# (the Undo tooltip, "taken back" notices) and the log's words about the table (in hot-seat
# another person takes a move back).
ACTION_WORDS: dict[str, tuple[str, str]] = {
    "take_line": (N_("take {card} to your line"), N_("{card} to the line")),
    "take_hand": (N_("take {card} into your hand"), N_("{card} into the hand")),
    "play": (N_("play {card} from your hand"), N_("playing {card} from the hand")),
    "close": (N_("close your line"), N_("closing the line")),
    "end": (N_("end your turn"), N_("ending the turn")),
    "pass": (N_("pass"), N_("passing")),
}


def _action_words(text: lineit.Action | str, voice: int) -> str:
    try:
        action = lineit.parse_action(text)      # the engine reads its own action texts
    except IllegalAction:
        return str(text)
    card = card_label(lineit.card_text(action.card)) if action.card else ""
    return _(ACTION_WORDS[action.kind][voice]).format(card=card)


def action_label(text: lineit.Action | str) -> str:
    """An action text ('take 57 line') as an instruction for the player."""
    return _action_words(text, 0)


def logged_action(text: lineit.Action | str) -> str:
    """An action text ('take 57 line') as the log names a move taken back: about the table, not
    addressed to the player."""
    return _action_words(text, 1)


def move_words(e: Any, short: bool = False) -> str:
    """A seat's own last move as its panel says it ("took 57 to the line"; `short`: "57 → line"),
    from its event (`CardTaken`, `CardPlayed`, `LineClosed`, `Passed`); "" for any other event."""
    from engine.lineit import events as E
    if isinstance(e, E.CardTaken):
        if short:
            text = _("{card} \u2192 line") if e.to == "line" else _("{card} \u2192 hand")
        else:
            text = _("took {card} to the line") if e.to == "line" else _("took {card} into the hand")
        return text.format(card=card_label(e.card))
    if isinstance(e, E.CardPlayed):
        return (_("{card} played") if short else _("played {card} from the hand")).format(card=card_label(e.card))
    if isinstance(e, E.LineClosed):
        shown = f"\u2212{-e.points}" if e.points < 0 else f"+{e.points}"
        return (_("closed ({points})") if short else _("closed the line ({points})")).format(points=shown)
    if isinstance(e, E.Passed):
        return _("passed")
    return ""


def fact_text(fact: dict) -> str:
    """One fact a hint teaches (engine/bots/teach.py: its key and params) as a sentence, with real
    plurals; "" for a fact this table does not know."""
    key = fact.get("key")
    p = dict(fact.get("params") or {})
    try:
        if key == "fit_left":
            return ngettext("{n} of the {unseen} numbers still to come fits your line.",
                            "{n} of the {unseen} numbers still to come fit your line.", int(p["n"])).format(**p)
        if key == "bet_progress":
            if int(p["need"]) <= 0:
                return _("Your bet {v} is won already: closing the line adds +{v}.").format(**p)
            return (ngettext("Your bet {v} needs {need} more number after it to win;",
                             "Your bet {v} needs {need} more numbers after it to win;", int(p["need"]))
                    + " " + ngettext("{fit} still to come fits your line.", "{fit} still to come fit your line.",
                                     int(p["fit"]))).format(**p)
        if key == "bet_lost_cause":
            return (ngettext("Your bet {v} cannot be won any more: it needs {need} more number,",
                             "Your bet {v} cannot be won any more: it needs {need} more numbers,", int(p["need"]))
                    + " " + ngettext("and only {fit} still to come fits your line.",
                                     "and only {fit} still to come fit your line.", int(p["fit"]))
                    + " " + _("Closing costs {v}.")).format(**p)
        if key == "jackpot_odds":
            suit = suit_name(str(p["suit"]))
            return (ngettext("Your next {suit} card wins the {suit} jackpot ({n} card);",
                             "Your next {suit} card wins the {suit} jackpot ({n} cards);", int(p["n"]))
                    + " " + ngettext("{fit} still to come fits your line.", "{fit} still to come fit your line.",
                                     int(p["fit"]))).format(**{**p, "suit": suit})
    except (KeyError, ValueError, TypeError):
        return ""
    return ""


def hint_facts(hint: dict | None) -> list[str]:
    """What a hint teaches about the position its move leaves, sentence by sentence."""
    if not hint:
        return []
    out = [fact_text(f) for f in hint.get("facts") or () if isinstance(f, dict)]
    return [t for t in out if t]
