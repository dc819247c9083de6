"""Player-readable texts of the Linyo table: refusals, the dice banner, hints.

A refusal is shown from its code and parameters (the engine's
`IllegalAction.code` / `.params`, see `engine/linyo/refusals.py`) through one
table of translatable templates, `REFUSAL_TEXTS`. A colour is part of the
sentence itself, never a word put into it ("j3 ist blau, aber ..."): German
and French inflect colour adjectives, so each colour has its own sentence.

>>> from engine.linyo.refusals import REFUSALS
>>> explain(REFUSALS.refuse("move.no_die", field="d5", colour="orange"))
'd5 is orange, but no orange die is left'
>>> refusal("line.closed", {"end": "c4"})
'That line is closed (× on c4)'
"""
from __future__ import annotations

import gettext
from functools import lru_cache
from typing import Any, NamedTuple

from engine import linyo
from engine.linyo.events import DEAD_END, LineAborted, LineMoved

from game.shell.i18n import N_, _, current_language, ngettext
from game.files.paths import LOCALE
from ..table.reasons import reason_text

COLOURS = ("blue", "orange", "grey")
COLOUR_NAMES = {"blue": N_("blue"), "orange": N_("orange"), "grey": N_("grey"),
                "b": N_("blue"), "o": N_("orange"), "g": N_("grey")}

#: code -> template (or, for a sentence about a colour, colour -> template)
# a start and a move are refused the same way for a field whose colour has no die (per colour:
# the sentence agrees with the colour in German and French)
_NO_DIE = {"blue": N_("{field} is blue, but no blue die is left"),
           "orange": N_("{field} is orange, but no orange die is left"),
           "grey": N_("{field} is grey, but no grey die is left")}
_NOT_ROLLED = {"blue": N_("{field} is blue, but no blue die was rolled"),
               "orange": N_("{field} is orange, but no orange die was rolled"),
               "grey": N_("{field} is grey, but no grey die was rolled")}
REFUSAL_TEXTS: dict[str, Any] = {
    "action.not_text": N_("{value} is not an action"),
    "action.empty": N_("An empty text is not an action"),
    "action.unknown": N_("“{verb}” is not an action (set, start, move or abort)"),
    "action.set_form": N_("Write the dice after set, e.g. “set bbog”"),
    "action.start_form": N_("Write one field after start, e.g. “start c4”"),
    "action.abort_form": N_("Write one line number after abort, e.g. “abort 3”"),
    "action.move_form": N_("Write a line and its fields, e.g. “move 2 c5 c6”"),
    "action.bad_roll": N_("“{text}” is not a roll (four letters of b, o, g)"),
    "action.bad_field": N_("“{text}” is not a field (a1 to k7)"),
    "action.bad_line": N_("“{text}” is not a line number (1 to 4)"),
    "action.star_not_last": N_("Only the last field of a move can be the star step"),
    "action.star_only": N_("A move needs at least one dice step before the star step"),
    "move.too_many_dice": N_("A move uses at most four dice"),
    "game.over": N_("The game is over"),
    "chance.pending": N_("The game waits for the dice"),
    "turn.set_pending": N_("First the roller sets the dice after the four of a kind"),
    "turn.starts_pending": N_("First every player marks start fields"),
    "set.not_now": N_("There is no four of a kind to set"),
    "start.not_now": N_("The start fields are already marked"),
    "set.keep_colour": {"blue": N_("At least one die stays blue"),
                        "orange": N_("At least one die stays orange"),
                        "grey": N_("At least one die stays grey")},
    "start.taken": N_("{field} is already on one of your lines"),
    "start.no_die": _NO_DIE,
    "start.not_rolled": _NOT_ROLLED,
    "line.none": N_("There is no line {line}"),
    "line.closed": N_("That line is closed (× on {end})"),
    "move.not_from_end": N_("A line grows from its end ({end})"),
    "move.not_adjacent": N_("{field} is not next to {prev} (steps go up, down, left or right)"),
    "move.repeated": N_("{field} is already on this move"),
    "move.taken": N_("{field} is already on one of your lines"),
    "move.no_die": _NO_DIE,
    "move.not_rolled": _NOT_ROLLED,
    "move.no_star": N_("The star step comes only after a move ends on a star"),
    "move.after_star": N_("The star step is the last step of a move"),
    "chance.not_needed": N_("No dice are needed now"),
    "chance.wrong_count": N_("Four dice are needed"),
    "chance.bad_face": N_("“{face}” is not a face of the dice (b, o, g)"),
    "chance.bad_seat": N_("“{seat}” is not a seat of this game"),
}


def refusal(code: str, params: dict[str, Any]) -> str:
    """The refusal `code` with its `params`, in the player's language.

    Every template starts with a capital, or with a field name, which stays as the sheet writes it ("j3")."""
    template = REFUSAL_TEXTS.get(code)
    if isinstance(template, dict):
        colour = str(params.get("colour", ""))
        template = template.get(COLOUR_NAMES.get(colour, colour) if len(colour) == 1 else colour)
    if template is None:
        text = str(params.get("message", "")) or code
    else:
        try:
            text = _(template).format(**params)
        except (KeyError, IndexError, ValueError):
            text = _(template)
    return text


def explain(reason: Any) -> str:
    """A refusal (an `IllegalAction` or a `Refusal`: its code and params) in the player's language."""
    code = getattr(reason, "code", None)
    if code in REFUSAL_TEXTS:
        return refusal(code, dict(getattr(reason, "params", {})))
    message = str(reason)            # a code this table does not know yet: the engine's words
    return message[:1].upper() + message[1:]


@lru_cache(maxsize=4)
def _own(lang: str) -> gettext.NullTranslations:
    return gettext.translation("linyo_table", localedir=str(LOCALE), languages=[lang], fallback=True)


def colour(c: str) -> str:
    """A dice colour ('blue', or the letter 'b') in the current language, from this table's own
    catalogue: Line-it's suit "blue" is a noun ("Blau"), a die's colour is an adjective ("blau")."""
    msgid = COLOUR_NAMES.get(c, c)
    lang = current_language()
    return msgid if lang == "en" else _own(lang).gettext(msgid)


def dice_order(faces: Any) -> str:
    """Rolled faces in the one order the table shows dice in: blue, orange, grey."""
    return "".join(sorted(faces, key="bog".index))


def dice_text(letters: str) -> str:
    """Dice letters as the player reads them: 'bbog' -> 'blue, blue, orange, grey'."""
    return ", ".join(colour(c) for c in letters)


def dice_set_banner(name: str, rolled: str, dice: str) -> str:
    """Who set the dice after a four of a kind, and to what."""
    left = list(dice)
    for c in rolled:
        if c in left:
            left.remove(c)
    if not left:
        return _("Four of a kind: {name} kept the dice ({dice}).").format(name=name, dice=dice_text(dice))
    turned = "".join(left)
    return ngettext("Four of a kind: {name} turned a die to {turned}.", "Four of a kind: {name} turned dice to {turned}.",
                    len(turned)).format(name=name, turned=dice_text(turned))


class ActionWords(NamedTuple):
    """The sentences that say a Linyo action, one per kind of action (msgids, said with `action_words`)."""

    set_dice: str
    start: str
    abort: str
    extend: str
    extend_star: str


#: an action as an instruction for the player ("mark a start on c3")
INSTRUCTION = ActionWords(
    N_("set the dice to {dice}"), N_("mark a start on {field}"), N_("extend nothing and abort line {n}"),
    N_("extend line {n} through {fields}"), N_("extend line {n} through {fields}, then the star step to {star}"))


def action_words(text: str, words: ActionWords) -> str:
    """An action text ('move 2 c5 c6 +d6') in `words`' sentences (ValueError if it is no action)."""
    a = linyo.parse_action(text)
    names = linyo.field_name
    if isinstance(a, linyo.SetDice):
        return _(words.set_dice).format(dice=dice_text(linyo.roll_text(a.dice)))
    if isinstance(a, linyo.Start):
        return _(words.start).format(field=names(a.field))
    if isinstance(a, linyo.Abort):
        return _(words.abort).format(n=a.line)
    fields = " ".join(names(f) for f in a.fields)
    if a.star is not None:
        return _(words.extend_star).format(n=a.line, fields=fields, star=names(a.star))
    return _(words.extend).format(n=a.line, fields=fields)


def action_label(text: str) -> str:
    """An action text ('move 2 c5 c6 +d6') as an instruction for the player."""
    return action_words(text, INSTRUCTION)


#: the engine's reason templates with a count, in their singular and plural forms (`bot_reason`)
PLURAL_REASONS = {
    "adds {n} last fields to line {line}, which then ends": lambda n: ngettext(
        "adds {n} last field to line {line}, which then ends", "adds {n} last fields to line {line}, which then ends", n),
    "extends line {line} by {n} fields": lambda n: ngettext(
        "extends line {line} by {n} field", "extends line {line} by {n} fields", n),
}


def bot_reason(hint: dict) -> str:
    """A worker hint's reason in the current language (with the plural its count asks for)."""
    def dress(params: dict[str, Any]) -> None:
        if "roll" in params:
            params["roll"] = dice_text(str(params["roll"]))
    return reason_text(hint, dress, PLURAL_REASONS)


def hint_text(hint: dict) -> str:
    """'Hint: <what to do> — <why>' for the hard bot's top move."""
    try:
        what = action_label(str(hint["action"]))
    except (KeyError, ValueError):
        return ""
    return _("Hint: {action} — {reason}").format(action=what, reason=bot_reason(hint))


def last_move_parts(events: tuple[Any, ...]) -> list[str]:
    """The things a seat's last decision did, each in a few words: "line 2 +4 ★", "line 3 ×", "4 starts"."""
    starts = sum(1 for e in events if e.kind == "linyo.start_placed")
    parts = [ngettext("{n} start", "{n} starts", starts).format(n=starts)] if starts else []
    for e in events:
        if e.kind == "linyo.line_moved":
            k = len(e.fields) + (1 if e.star else 0)
            parts.append(_("line {n} +{k}").format(n=e.line, k=k) + (" ★" if e.star else ""))
        elif e.kind == "linyo.line_aborted":
            parts.append(_("line {n} ×").format(n=e.line))
    return parts


def last_move_words(events: tuple[Any, ...]) -> str:
    """A seat's last decision in a few words, for its panel: "line 2 +4 ★", "line 4 +1, line 3 ×"."""
    return ", ".join(last_move_parts(events))


# The most a move usually says: four dice steps and the star step, and another line left at a dead
# end (its words the widest of that kind: the thumbnails keep room for them).
LONGEST_MOVE = (LineMoved(seat=0, line=4, fields=("a1", "a2", "a3", "a4"), dice="bbbb", star="a5"),
                LineAborted(seat=0, line=3, end="c1", why=DEAD_END))
