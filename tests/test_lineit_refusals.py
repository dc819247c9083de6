"""Every Line-it refusal code is raisable, with its params, and the sentence
stays the one docs/LINEIT.md lists; the catalogue holds exactly the codes raised."""
import pytest

from engine import lineit
from engine.core import IllegalAction
from engine.lineit import REFUSALS

from test_lineit_events import _deck

MARKETS = ["80", "5", "1", "2", "6", "60", "3", "4", "70", "75", "7", "8", "9", "85", "90", "10",
           "95", "96", "97", "98"]
OPENING = ["take 80 line", "end", "take 5 line", "end", "take 6 line", "end", "take 60 line", "end",
           "take 70 hand", "end", "take 7 line", "end", "take 9 line", "end", "take 85 hand", "end"]


def _position(actions=OPENING):
    s = lineit.new_game(2, deck=_deck(MARKETS), seed=1, first_seat=0)
    for a in actions:
        s.apply(a)
    return s


def _final():
    s = lineit.new_game(2, seed=3, first_seat=0)
    while s.phase == lineit.Phase.TURN:
        s.apply(s.legal_actions()[0])
    return s


def _over():
    s = _final()
    while not s.is_over:
        s.apply("pass")
    return s


def _bet_line():
    s = lineit.new_game(2, deck=_deck(["B4", "1", "2", "3", "4", "B4", "5", "6"]), seed=1, first_seat=0)
    for a in ["take B4 hand", "play B4", "end", "take 1 line", "end", "take 4 line", "end"]:
        s.apply(a)
    return s  # seat 0: a line holding B4, the market offers the other B4


def _ascending():
    s = lineit.new_game(2, deck=_deck(["40", "50", "1", "2", "6", "60", "3", "4"]), seed=1, first_seat=0)
    for a in ["take 50 line", "end", "take 40 hand", "end", "take 6 hand", "end", "take 60 line", "end"]:
        s.apply(a)
    return s  # seat 0 starts round 3: ascending 50 60, market 5 7 8 9


CASES = [
    # code, position, action or chance outcome, params
    ("action.unknown", _position, "jump", {"text": "jump"}),
    ("action.not_a_card", _position, "take 101 line", {"text": "101"}),
    ("action.where", _position, "take 95", {"text": "take 95", "card": "95"}),
    ("game.over", _over, "pass", {}),
    ("final.play_or_pass", _final, "end", {}),
    ("final.pass_only", _position, "pass", {}),
    ("hand.not_held", _position, "play 95", {"card": "95"}),
    ("hand.full", _position, "take 95 hand", {"limit": 2}),
    ("market.not_there", _position, "take 50 line", {"card": "50"}),
    ("line.bet_taken", _bet_line, "take B4 line", {"bet": 4}),
    ("line.not_ascending", _ascending, "take 5 line", {"above": 60}),
    ("line.not_descending", _position, "take 95 line", {"below": 60}),
    ("line.empty", lambda: _position([]), "close", {}),
    ("turn.already_taken", lambda: _position(OPENING + ["close", "take 95 line"]), "take 96 line", {}),
    ("turn.already_played", lambda: _position(OPENING + ["close", "play 70"]), "play 85", {}),
    ("turn.already_closed", lambda: _position(OPENING + ["close"]), "close", {}),
    ("turn.not_taken", _position, "end", {}),
]


@pytest.mark.parametrize("code,make,action,params", CASES, ids=[c[0] for c in CASES])
def test_each_rule_refusal_is_raised_with_its_params(code, make, action, params):
    s = make()
    before = s.to_json()
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    assert (info.value.code, info.value.params) == (code, params)
    assert str(info.value) == REFUSALS.templates[code].format(**params)
    refusal = s.why_illegal(action)
    assert (refusal, refusal.code, refusal.params) == (str(info.value), code, params)
    assert s.to_json() == before  # a refusal changes nothing


def _external():
    return lineit.new_game(2, first_seat=0, external_chance=True)


CHANCE_CASES = [
    ("chance.pending", lambda s: s.apply("end"), {"kind": "deal", "count": 4}),
    ("chance.not_needed", lambda s: (s.resolve_chance(["1", "2", "3", "4"]), s.resolve_chance(["5"])), {}),
    ("chance.wrong_count", lambda s: s.resolve_chance(["1"]), {"kind": "deal", "count": 4, "given": 1}),
    # "1723" is one text, never the four cards 1, 7, 2 and 3
    ("chance.bare_text", lambda s: s.resolve_chance("1723"), {"given": "1723"}),
    ("chance.impossible", lambda s: s.resolve_chance(["1", "1", "2", "3"]), {"card": "1"}),
    ("chance.bad_seat", lambda s: lineit.new_game(3, external_chance=True).resolve_chance(["3"]),
     {"seat": "3", "last": 2}),
]


@pytest.mark.parametrize("code,run,params", CHANCE_CASES, ids=[c[0] for c in CHANCE_CASES])
def test_each_chance_refusal_is_raised_with_its_params(code, run, params):
    s = _external()
    with pytest.raises(IllegalAction) as info:
        run(s)
    assert (info.value.code, info.value.params) == (code, params)


def test_the_catalogue_holds_exactly_the_codes_raised():
    assert {c[0] for c in CASES} | {c[0] for c in CHANCE_CASES} == set(REFUSALS)


def test_documented_sentences_are_unchanged():
    doc = open("docs/LINEIT.md", encoding="utf-8").read().replace("\n", " ")
    for sentence in ["ascending line: play above 57", "descending line: play below 30",
                     "your hand is full (2 cards)", "you already played a card from your hand this turn",
                     "you already closed your line this turn", "your line is empty: there is nothing to close",
                     "your line already holds a bet card (B5): one per line", "take a market card first",
                     "17 is not in the market", "17 is not in your hand",
                     "you already took a market card this turn", "the game is over"]:
        assert sentence in doc
    assert str(REFUSALS.refuse("line.not_ascending", above=57)) == "ascending line: play above 57"
    assert str(REFUSALS.refuse("line.bet_taken", bet=5)) == "your line already holds a bet card (B5): one per line"
    assert str(REFUSALS.refuse("hand.not_held", card="17")) == "17 is not in your hand"
