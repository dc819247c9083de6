"""Why a bot likes a move, in words a player can read — and translate.

A `Reason` is a str (the English sentence, so it prints and logs as is) that
also keeps its template key and parameters. The UI translates it with its
own catalogue: `_(reason.template).format(**reason.params)`, where every
template below is a msgid of the UI's catalogues (a template with a count `n` may
have a singular, `SINGULAR`: the pair is one plural entry, said with
`ngettext(singular, template, n)`, `game/table/reasons.py`). Parameters that are words
themselves (suit and colour names) are translated by the UI the same way.

>>> r = reason("jackpot", suit="red", n=4)
>>> r
'wins the red jackpot (4 cards)'
>>> reason("jackpot", suit="red", n=1)
'wins the red jackpot (1 card)'
>>> r.key, r.params["n"]
('jackpot', 4)
"""
from __future__ import annotations

from typing import Any

# key -> English template. Add freely; never change a key's meaning.
TEMPLATES: dict[str, str] = {
    # Line-it
    "jackpot": "wins the {suit} jackpot ({n} cards)",
    "extend": "extends your line from {last}: a gap of {gap}",
    "start_line": "starts a new line near the edge ({card})",
    "new_line": "starts a new line with {card}",
    "keep_fits": "keeps {card} in hand: it fits your line after {last} (a gap of {gap}) on a later turn",
    "keep_next": "keeps {card} in hand: it does not fit this line, it can start your next one",
    "keep_start": "keeps {card} in hand to start your line with later",
    "keep_bet": "keeps the bet {v} in hand to place on a later turn",
    "close_then_play": "goes into your hand; then you close your line and {card} starts the new one",
    "keep_jackpot": "keeps {card} in hand: the third {suit} card of your line wins the {suit} jackpot "
                    "({n} cards) when you play it, and nobody else can take it",
    "bet": "places a bet of {v}: {v} more numbers on this line win +{v}, fewer cost {v}",
    "bet_won": "wins your bet (+{v})",
    "close": "closes the line now and banks {n} cards (its first three are discarded)",
    "restart": "clears a short line to start afresh (nothing is banked)",
    "forced_close": "must close the line: the card fits nowhere else",
    "deny": "takes {card} away from the next player",
    "final_play": "plays a last card from hand",
    "pass": "nothing left to do",
    "end": "ends the turn",
    # Linyo
    "long_move": "extends line {line} by {n} fields",
    "star": "ends on a star for a free extra step",
    "space": "keeps room for your other lines ({n} free fields they can still reach)",
    "abort_least": "gives up line {line}, the line with the least room left ({n} free fields its end can reach)",
    "abort_line": "gives up line {line}, though its end can still reach {n} free fields",
    "start_field": "starts on {field}, with room to grow",
    "set_starts": "its colours let you start on {fields}",
    "set_longest": "its longest move is {n} fields, on line {line}",
    "set_no_move": "no line can move with these dice either",
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

SINGULAR: dict[str, str] = {
    "jackpot": "wins the {suit} jackpot ({n} card)",
    "keep_jackpot": "keeps {card} in hand: the third {suit} card of your line wins the {suit} jackpot "
                    "({n} card) when you play it, and nobody else can take it",
    "close": "closes the line now and banks {n} card (its first three are discarded)",
    "long_move": "extends line {line} by {n} field",
    "space": "keeps room for your other lines ({n} free field they can still reach)",
    "abort_least": "gives up line {line}, the line with the least room left ({n} free field its end can reach)",
    "abort_line": "gives up line {line}, though its end can still reach {n} free field",
    "set_longest": "its longest move is {n} field, on line {line}",
    "last_move": "adds {n} last field to line {line}, which then ends",
}
"""key -> the template's singular, for a count `n` of 1 (TEMPLATES holds the plural): the pair is
one plural entry of the catalogues (tools/compile_locale.py), the UI says it with ngettext."""


def template_for(key: str, n: Any) -> str:
    """The English template of `key` for the count `n` (its singular for 1, where it has one)."""
    return SINGULAR[key] if n == 1 and key in SINGULAR else TEMPLATES[key]


class Reason(str):
    """An English sentence that remembers its template key and parameters."""

    key: str
    params: dict[str, Any]
    template: str
    singular: str    # the template's singular ("" if it has none): `SINGULAR`

    def __new__(cls, key: str, **params: Any) -> "Reason":
        template = TEMPLATES[key]
        # a nested reason ({key, template, params, text}) reads as its English text
        shown = {k: v["text"] if isinstance(v, dict) and "text" in v else v for k, v in params.items()}
        obj = super().__new__(cls, template_for(key, params.get("n")).format(**shown))
        obj.key = key
        obj.params = params
        obj.template = template
        obj.singular = SINGULAR.get(key, "")
        return obj


def reason(key: str, **params: Any) -> Reason:
    return Reason(key, **params)
