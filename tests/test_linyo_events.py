"""Linyo's typed events: every kind appears in seeded games, round-trips through JSON,
and `apply` returns exactly the events it appended to `state.events`."""
import json

from engine import linyo
from engine.core import Rng
from engine.linyo import EVENT_KINDS, Move
from engine.linyo.events import CHOSEN, DEAD_END, TOO_SHORT


def _play(seed, players, sheet, difficulties):
    rng = Rng(seed)
    s = linyo.new_game(players=players, seed=seed, sheet=sheet, difficulties=difficulties)
    while not s.is_over:
        legal = s.legal_actions()
        moves = [a for a in legal if isinstance(a, Move)]
        pick = moves if moves and rng.below(5) else legal
        before = len(s.events)
        got = s.apply(pick[rng.below(len(pick))])
        assert s.events[before:] == got
    return s


def test_every_event_kind_and_every_abort_reason_appears_and_round_trips():
    kinds, whys = set(), set()
    for seed in range(30):
        players = 1 + seed % 3
        s = _play(seed, players, ("A", "B", "random")[seed % 3], [2 + seed % 3] * players)
        for e in s.events:
            kinds.add(e.kind)
            if e.kind == "linyo.line_aborted":
                whys.add(e.why)
            text = json.dumps(e.to_json())
            assert EVENT_KINDS.from_json(json.loads(text)) == e
    assert kinds == set(EVENT_KINDS.by_kind)
    assert whys == {CHOSEN, TOO_SHORT, DEAD_END}


def test_events_tell_the_game():
    s = linyo.new_game(players=1, seed=3, sheet="A", rolls=["bogg", "gggg"], first_seat=0)
    assert [e.kind for e in s.events] == ["linyo.first_seat", "linyo.dice_rolled"]
    for _ in range(4):
        s.apply(s.legal_actions()[0])
    assert [e.kind for e in s.events[-3:]] == ["linyo.round_ended", "linyo.dice_rolled",
                                              "linyo.four_of_a_kind"]
    assert s.events[-1].to_json() == {"kind": "linyo.four_of_a_kind", "roller": 0, "colour": "g"}
    got = s.apply("set bbog")
    assert [e.to_json() for e in got] == [{"kind": "linyo.dice_set", "roller": 0, "dice": "bbog"}]
    rolled = [e for e in s.events if e.kind == "linyo.dice_rolled"]
    assert [(e.round, e.roller) for e in rolled] == [(0, 0), (1, 0)]


def test_the_last_event_is_the_result():
    s = _play(5, 3, "B", [2, 3, 4])
    end = s.events[-1]
    assert end.kind == "linyo.game_over"
    assert list(end.free) == s.scores() and list(end.winners) == s.winners()
    assert [list(r) for r in end.free_rows] == [s.view(0)["seats"][q]["free_rows"] for q in range(3)]
    assert list(end.longest) == [s.longest(q) for q in range(3)]
    assert s.events[-2].kind == "linyo.round_ended"


def test_the_fast_paths_write_no_events():
    s = linyo.new_game(players=2, seed=4)
    n = len(s.events)
    c = s.clone()
    c.apply_unchecked(c.legal_actions()[0])
    linyo.playout(c, Rng(1))
    assert len(c.events) == n and len(s.events) == n


def test_the_examples_in_docs_linyo_run():
    import doctest
    from pathlib import Path

    path = Path(__file__).parent.parent / "docs" / "LINYO.md"
    result = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10 and result.failed == 0
