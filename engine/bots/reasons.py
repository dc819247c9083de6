"""Why a bot likes a move, in words a player can read — and translate.

A `Reason` is a str (the English sentence, so it prints and logs as is) that
also keeps its template key and parameters. The UI translates it with its
own catalogue: `_(reason.template).format(**reason.params)`, where every
template below is a msgid of the UI's catalogues. Parameters that are words
themselves (suit and colour names) are translated by the UI the same way.

>>> r = reason("jackpot", suit="red", n=4)
>>> r
'wins the red jackpot (4 cards)'
>>> r.key, r.params["n"]
('jackpot', 4)
"""
from __future__ import annotations

from typing import Any

# key -> English template. Add freely; never change a key's meaning.
TEMPLATES: dict[str, str] = {
    # Line-it
    "jackpot": "wins the {suit} jackpot ({n} cards)",
    "extend": "extends your line with a small gap ({gap})",
    "start_line": "starts a new line near the edge ({card})",
    "new_line": "starts a new line with {card}",
    "keep": "keeps {card} in hand for later",
    "keep_jackpot": "keeps {card} in hand: the third {suit} card of your line wins the {suit} jackpot "
                    "({n} cards) when you play it, and nobody else can take it",
    "bet": "places a bet you can win (+{v})",
    "bet_won": "wins your bet (+{v})",
    "close": "banks {n} cards now, before the line runs out of room",
    "restart": "clears a short line to start afresh (nothing is banked)",
    "forced_close": "must close the line: the card fits nowhere else",
    "deny": "takes {card} away from the next player",
    "final_play": "plays a last card from hand",
    "pass": "nothing left to do",
    "end": "ends the turn",
    "simulated": "best in {n} simulated games (average score {score})",
    # Linyo
    "long_move": "extends line {line} by {n} fields",
    "star": "ends on a star for a free extra step",
    "space": "keeps room for your other lines ({n} free fields they can still reach)",
    "abort_least": "gives up the line with the least room left (line {line})",
    "start_field": "starts on {field}, with room to grow",
    "set_dice": "sets the dice to {roll}",
    "last_move": "adds {n} last fields to line {line}, which then ends",
    "random_pick": "a random legal choice",
    # facts a hint teaches (engine/bots/teach.py), about the position the move leaves
    "fit_left": "numbers still to come that fit your line: {n} of {unseen}",
    "bet_progress": "your bet {v}: {after} of {v} numbers after it, {need} more to win it; "
                    "{fit} still to come fit your line",
    "bet_lost_cause": "your bet {v} can no longer win: it needs {need} more numbers, only {fit} still "
                      "to come fit your line; closing costs {v}",
    "jackpot_odds": "the {suit} jackpot ({n} cards) goes to your next {suit} card: {fit} still to come "
                    "fit your line",
    "reach_after": "free fields your lines can still reach: {reach}; cut off for good by this move: {newly}",
    # the post-game review (engine/bots/review.py); params ending in _why are nested reasons
    # ({key, template, params}), the moves are action texts
    "review_points": "{played}: {played_why} (about {played_value} points at the end); "
                     "{better} was worth about {better_value}: it {better_why}",
    "review_fields": "{played}: fields cut off: {played_cut}, about {played_free} free at the end; "
                     "{better}: cut off {better_cut}, about {better_free}; it {better_why}",
    "review_summary_points": "decisions checked: {decisions}; those that cost points: {costly}, "
                             "about {lost} points in all",
    "review_summary_fields": "decisions checked: {decisions}; those that cost free fields: {costly}, "
                             "about {lost} fields in all",
    "review_clean": "decisions checked: {decisions}; the hard bot found nothing better",
}


class Reason(str):
    """An English sentence that remembers its template key and parameters."""

    key: str
    params: dict[str, Any]
    template: str

    def __new__(cls, key: str, **params: Any) -> "Reason":
        template = TEMPLATES[key]
        # a nested reason ({key, template, params, text}) reads as its English text
        shown = {k: v["text"] if isinstance(v, dict) and "text" in v else v for k, v in params.items()}
        obj = super().__new__(cls, template.format(**shown))
        obj.key = key
        obj.params = params
        obj.template = template
        return obj


def reason(key: str, **params: Any) -> Reason:
    return Reason(key, **params)
