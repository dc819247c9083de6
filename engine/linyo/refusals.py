"""Every refusal Linyo can raise: a stable code and its English sentence.

This is the only place the engine writes a refusal sentence. The rules raise
``REFUSALS.refuse(code, **params)``; screens translate the ``code`` with its
``params`` and never read the English. Field and colour parameters are the
texts a player reads in English ("d5", "orange"); translations map them.

>>> e = REFUSALS.refuse("move.no_die", field="d5", colour="orange")
>>> (str(e), e.code, e.params)
('d5 is orange but no orange die is left', 'move.no_die', {'field': 'd5', 'colour': 'orange'})
"""
from __future__ import annotations

from engine.core import Refusals

REFUSALS = Refusals({
    # --- texts that are not actions (parse_action) ---
    "action.not_text": "{value} is not an action",
    "action.empty": "an empty text is not an action",
    "action.unknown": "{verb!r} is not an action (set, start, move or abort)",
    "action.set_form": "write the dice after set, e.g. 'set bbog'",
    "action.start_form": "write one field after start, e.g. 'start c4'",
    "action.abort_form": "write one line number after abort, e.g. 'abort 3'",
    "action.move_form": "write a line and its fields, e.g. 'move 2 c5 c6'",
    "action.bad_roll": "{text!r} is not a roll (four letters of b, o, g)",
    "action.bad_field": "{text!r} is not a field (a1 to k7)",
    "action.bad_line": "{text!r} is not a line number (1 to 4)",
    "action.star_not_last": "only the last field of a move can be the star step (+)",
    "action.star_only": "a move needs at least one dice step before the star step",
    "move.too_many_dice": "a move uses at most {most} dice",
    # --- the game's course ---
    "game.over": "the game is over",
    "chance.pending": "the game waits for chance from outside ({need})",
    "turn.set_pending": "first the roller sets the dice after the four of a kind (e.g. 'set {roll}')",
    "turn.starts_pending": "first every player marks start fields (e.g. 'start c4')",
    "set.not_now": "there is no four of a kind to set",
    "start.not_now": "the start fields are already marked",
    # --- four of a kind ---
    "set.keep_colour": "at least one die keeps its colour ({colour})",
    # --- start fields ---
    "start.taken": "{field} is already on one of your lines",
    "start.no_die": "{field} is {colour} but no {colour} die is left",
    "start.not_rolled": "{field} is {colour} but no {colour} die was rolled",
    # --- lines and moves ---
    "line.none": "there is no line {line}",
    "line.closed": "that line is closed (× on {end})",
    "move.not_from_end": "a line grows from its end ({end})",
    "move.not_adjacent": "{field} is not next to {prev} (steps go up, down, left or right)",
    "move.repeated": "{field} is already on this move",
    "move.taken": "{field} is already on one of your lines",
    "move.no_die": "{field} is {colour} but no {colour} die is left",
    "move.not_rolled": "{field} is {colour} but no {colour} die was rolled",
    "move.no_star": "the star step comes only after a move ends on a star",
    "move.after_star": "the star step is the last step of a move",
    # --- outcomes from outside (resolve_chance) ---
    "chance.not_needed": "no chance outcome is needed now",
    "chance.wrong_count": "a {kind} outcome has {count} parts, not {given}",
    "chance.bad_face": "{face!r} is not a face of the dice (b, o, g)",
    "chance.bad_seat": "{seat!r} is not a seat of this game (0 to {last})",
    "chance.bare_text": "an outcome is a list of texts, not the one text {given!r}",
})
