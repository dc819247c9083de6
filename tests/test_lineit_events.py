"""Line-it events: every kind is emitted in seeded games, round-trips to JSON,
carries no hidden card, and the events of `apply` are exactly what was added."""
import json

from engine import lineit
from engine.core import Rng
from engine.lineit import EVENT_KINDS
from engine.lineit.events import CardTaken, LineClosed


def _games(count=12):
    for seed in range(count):
        s = lineit.new_game(2 + seed % 5, seed=seed, final_plays=1 + seed % 2)
        r = Rng(seed)
        while not s.is_over:
            before = len(s.events)
            got = s.apply(r.choice(s.legal_actions()))
            assert s.events[before:] == got and got  # every action says what it did
        yield s


def test_every_event_kind_is_emitted_and_round_trips_through_json():
    seen = set()
    for s in _games():
        for e in s.events:
            seen.add(e.kind)
            data = json.loads(json.dumps(e.to_json()))
            assert EVENT_KINDS.from_json(data) == e
    assert seen == set(EVENT_KINDS.by_kind)


def test_events_show_no_card_before_it_is_dealt():
    for s in _games(5):
        dealt: set[str] = set()
        for e in s.events:
            if e.kind in ("lineit.market_dealt", "lineit.remainder_dealt"):
                dealt.update(e.cards)
            for text in json.dumps(e.to_json()).split('"'):
                if text in lineit.parse_card.__globals__["CARD_OF_TEXT"] and e.kind != "lineit.market_dealt" \
                        and e.kind != "lineit.remainder_dealt":
                    assert text in dealt, (e, text)


def test_game_over_and_closes_match_the_scores():
    for s in _games(6):
        over = s.events[-1]
        assert over.kind == "lineit.game_over"
        assert list(over.scores) == s.scores() and list(over.winners) == s.winners()
        points = [0] * s.n
        for e in s.events:
            if e.kind == "lineit.line_closed":
                points[e.seat] += e.points
            elif e.kind == "lineit.jackpot_won":
                points[e.seat] += len(e.cards)
        assert points == s.scores()


def _deck(top):
    rest = [str(n) for n in range(1, 101)] + ["B3", "B3", "B4", "B4", "B5", "B5"]
    for card in top:
        rest.remove(card)
    return top + rest


def test_forced_close_is_flagged_only_when_no_take_was_possible_without_it():
    markets = ["80", "5", "1", "2", "6", "60", "3", "4", "70", "75", "7", "8", "9", "85", "90", "10",
               "95", "96", "97", "98"]
    s = lineit.new_game(2, deck=_deck(markets), seed=1, first_seat=0)
    for a in ["take 80 line", "end", "take 5 line", "end",       # round 1
              "take 6 line", "end", "take 60 line", "end",       # round 2: seat 0 descends 80 60
              "take 70 hand", "end", "take 7 line", "end",       # round 3
              "take 9 line", "end", "take 85 hand", "end"]:      # round 4: seat 0's hand is full
        s.apply(a)
    assert s.view(0)["market"] == ["95", "96", "97", "98"] and s.current_seat == 0
    assert s.why_illegal("take 95 line").code == "line.not_descending"
    closed = [e for e in s.apply("close") if isinstance(e, LineClosed)]
    assert closed == [LineClosed(0, (), ("80", "60"), True, 0)]
    assert s.apply("take 95 line") == [CardTaken(0, "95", "line")]
    # the same close with a card that still fits the line is chosen, not forced
    t = lineit.new_game(2, deck=_deck(markets[:16] + ["50", "96", "97", "98"]), seed=1, first_seat=0)
    for a in s.history[:16]:
        t.apply(a)
    assert [e.forced for e in t.apply("close") if isinstance(e, LineClosed)] == [False]


def _forced_position(hand_second: str):
    """Seat 0: line 80 60 (descending), hand 70 and `hand_second`, market 95 96 97 98
    (none fits the line), before its take."""
    markets = ["80", "5", "1", "2", "6", "60", "3", "4", "70", "75", "7", "8", hand_second, "85", "90", "10",
               "95", "96", "97", "98"]
    s = lineit.new_game(2, deck=_deck(markets), seed=1, first_seat=0)
    for a in ["take 80 line", "end", "take 5 line", "end", "take 6 line", "end", "take 60 line", "end",
              "take 70 hand", "end", "take 7 line", "end", "take 85 line", "end", f"take {hand_second} hand", "end"]:
        s.apply(a)
    assert s.current_seat == 0 and s.view(0)["seats"][0]["hand"] == ["70", hand_second]
    return s


def test_forced_close_needs_every_hand_card_to_miss_the_line_too():
    # RULES.md "Forced close": the take is impossible only when neither the market nor a hand
    # card played first helps; a hand card that fits frees the hand for any market card
    s = _forced_position("9")                       # 9 fits below 60: playing it first frees the hand
    assert not s.must_close()
    t = s.clone()
    t.apply("play 9")
    assert not t.must_close() and t.is_legal("take 95 hand")
    assert [e.forced for e in s.apply("close") if isinstance(e, LineClosed)] == [False]
    u = _forced_position("B3")                      # a Bet card fits a line without one
    assert not u.must_close()
    v = _forced_position("65")                      # 70 and 65 both miss a line going down from 60
    assert v.must_close()
    assert [e.forced for e in v.apply("close") if isinstance(e, LineClosed)] == [True]
    assert not v.must_close()                       # closed: the take is free now


def test_tutorial_step_16_close_is_a_choice_not_forced():
    # the tutorial's position: line B4 52 38, hand 9 60, market 80 57 66; the 9 fits below 38
    from game.lineit_table.tutorial import script as lineit_script
    from game.tutorial.steps import state_at
    s = state_at(lineit_script.script(), 15)
    view = s.view(0)["seats"][0]
    assert (view["line"], view["hand"], s.view(0)["market"]) == (["B4", "52", "38"], ["9", "60"], ["80", "57", "66"])
    assert not s.must_close()
    assert [e.forced for e in s.clone().apply("close") if isinstance(e, LineClosed)] == [False]
    t = s.clone()
    t.apply("play 9")
    assert t.is_legal("take 80 hand")               # no close needed


def test_must_close_agrees_with_a_search_for_a_take_without_closing():
    # seeded property: must_close() is True exactly when no sequence of plays (at most one
    # from hand) reaches a legal take without a close, at every decision of random games
    import random

    def take_without_close(t) -> bool:
        for a in t.legal_actions():
            if a.kind in ("take_line", "take_hand"):
                return True
            if a.kind == "play":
                u = t.clone()
                u.apply(a)
                if take_without_close(u):
                    return True
        return False

    rng = random.Random(26)
    checked = forced = 0
    for seed in range(40):
        s = lineit.new_game(rng.choice([2, 3, 4]), seed=seed)
        while not s.is_over:
            if s.phase.name == "TURN" and not s.taken:
                assert s.must_close() == (not take_without_close(s)), (seed, s.view(s.cur))
                checked += 1
                forced += s.must_close()
            legal = s.legal_actions()
            # favour the hand so that full hands (the interesting case) come often
            hand = [a for a in legal if a.kind == "take_hand"]
            s.apply(rng.choice(hand if hand and rng.random() < 0.7 else legal))
    assert checked > 1000 and forced > 0


def test_events_with_texts_made_on_demand_are_the_values_built_from_texts():
    """A closed line, a market dealt, a round's end and the draw pile's rest keep card ints until a text
    field is first read (events.py): unread, they already equal, hash, print,
    pickle and copy as the events built from their texts, and reading any field
    first gives the same texts."""
    import copy
    import dataclasses
    import pickle

    from engine.lineit.events import MarketDealt, RemainderDealt, RoundEnded

    lazy = (LineClosed, MarketDealt, RoundEnded, RemainderDealt)
    checked = dict.fromkeys(lazy, 0)
    for s in _games(6):
        t = lineit.from_json(s.to_json())  # a second game, its events still unread
        for e, fresh in zip(s.events, t.events):
            if type(e) not in lazy:
                continue
            assert "_ints" in fresh.__dict__  # nothing read yet: the ints only
            eager = type(e)(**{f.name: EVENT_KINDS.from_json(e.to_json()).__dict__[f.name]
                               for f in dataclasses.fields(e)})
            for twin in (pickle.loads(pickle.dumps(fresh)), copy.copy(fresh), copy.deepcopy(fresh)):
                assert twin == eager and hash(twin) == hash(eager) and repr(twin) == repr(eager)
            last = dataclasses.fields(fresh)[-1].name  # any field first: the texts come all at once
            assert getattr(fresh, last) == getattr(eager, last)
            assert fresh == eager and "_ints" not in fresh.__dict__
            assert fresh.to_json() == eager.to_json()
            checked[type(e)] += 1
    assert all(checked.values()), checked
    try:
        LineClosed(0, (), (), False, 0).nowhere  # noqa: B018 - a missing attribute is still missing
    except AttributeError as exc:
        assert "nowhere" in str(exc)
    else:
        raise AssertionError("no AttributeError")
