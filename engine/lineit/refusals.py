"""Every refusal Line-it can raise: its stable code and its English template.

This is the only place the English sentences are written. The rules raise
``REFUSALS.refuse("line.not_ascending", above=57)``; screens translate the
code with its params and never parse the sentence.

>>> e = REFUSALS.refuse("line.not_ascending", above=57)
>>> (str(e), e.code, e.params)
('ascending line: play above 57', 'line.not_ascending', {'above': 57})
"""
from __future__ import annotations

from engine.core import Refusals

ACTION_HELP = "an action is 'take 17 line', 'take B4 hand', 'play 17', 'close', 'end' or 'pass'"

REFUSALS = Refusals({
    # text that is not an action (params: the text as given, the card text)
    "action.unknown": "{text!r} is not an action (" + ACTION_HELP + ")",
    "action.not_a_card": "{text!r} is not a card (a number 1 to 100, or B3, B4, B5)",
    "action.where": "{text!r}: say where the card goes, e.g. 'take {card} line' or 'take {card} hand'",
    # the rules (params: card texts, numbers)
    "game.over": "the game is over",
    "final.play_or_pass": "the draw pile is spent: in the final plays you may only play a card "
                          "from your hand or pass",
    "final.pass_only": "'pass' is only for the final plays; end your turn with 'end'",
    "hand.not_held": "{card} is not in your hand",
    "hand.full": "your hand is full ({limit} cards)",
    "market.not_there": "{card} is not in the market",
    "line.bet_taken": "your line already holds a bet card (B{bet}): one per line",
    "line.not_ascending": "ascending line: play above {above}",
    "line.not_descending": "descending line: play below {below}",
    "line.empty": "your line is empty: there is nothing to close",
    "turn.already_taken": "you already took a market card this turn",
    "turn.already_played": "you already played a card from your hand this turn",
    "turn.already_closed": "you already closed your line this turn",
    "turn.not_taken": "take a market card first",
    # explicit chance (params: what is needed, what was given)
    "chance.pending": "the game waits for chance first ({kind}: {count})",
    "chance.not_needed": "no chance outcome is needed now",
    "chance.wrong_count": "{kind} needs {count} outcomes, not {given}",
    "chance.impossible": "{card} cannot come up: it is not left in the draw pile",
    "chance.bad_seat": "{seat!r} is not a seat from 0 to {last}",
    "chance.bare_text": "an outcome is a list of texts, not the one text {given!r}",
})
