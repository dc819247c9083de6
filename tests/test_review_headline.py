"""A review's headline adds up (issue 35): it counts the decisions it lists, their costs add up to
what it says was lost, and a Linyo sheet never lost more free fields than it ended with (a game
that ended with 22 free fields was said to have lost "about 40"; a Line-it summary counted 5
costly decisions and listed 3). The judge is a stand-in that calls every decision costly, so
the sums are large; the games, the decisions and the summary are the engine's."""
from __future__ import annotations

import pytest

from engine import lineit, linyo
from engine.bots import review as R
from engine.bots.reasons import reason
from engine.core import Rng
from game.lineit_table import suggest as lineit_suggest
from game.linyo_table import suggest as linyo_suggest

COST = {"lineit": 3.0, "linyo": 5.0}


def finished(game: str, seed: int) -> dict:
    rng = Rng(seed)
    s = lineit.new_game(2, seed=seed) if game == "lineit" else linyo.new_game(players=1, seed=seed)
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    return s.to_json()


def costly_judge(game: str):
    """Every decision cost `COST`: the played move worth that much less than another."""
    def judge(view: dict, played: str, *rest):
        why = {"key": "end", "template": "ends the turn", "singular": "", "params": {}, "text": "ends the turn"}
        if game == "lineit":
            return "end", 10.0, 10.0 + COST[game], reason(
                "review_points", played=played, better="end", played_value=10.0, better_value=10.0 + COST[game],
                played_why=why, better_why=why)
        return "abort 1", 10.0 + COST[game], 10.0, reason(
            "review_fields", played=played, better="abort 1", played_free=10.0 + COST[game], better_free=10.0,
            played_cut=0, better_cut=0, better_why=why)
    return judge


@pytest.mark.parametrize("game, seed", [("lineit", 3), ("linyo", 4), ("linyo", 9)])
def test_the_summary_counts_what_it_lists_and_never_more_than_could_be_lost(monkeypatch, game, seed):
    record = finished(game, seed)
    unit = "points" if game == "lineit" else "free_fields"
    monkeypatch.setitem(R.JUDGES, game, (lambda _seed: costly_judge(game), unit))
    r = R.review(record, 0)
    decisions = len(R.decisions(record, 0))
    assert r.decisions == decisions and decisions > 3
    assert r.costly == len(r.findings) == decisions, "the summary counts what it lists"
    listed = sum(f.cost for f in r.findings)
    if game == "linyo":
        free = linyo.from_json(record).scores()[0]
        assert listed > free, "the stand-in judge claims more than the sheet had free"
        assert r.lost == pytest.approx(min(listed, free)), "never more lost than the free fields at the end"
    else:
        assert r.lost == pytest.approx(listed)
    result = r.to_json()
    assert result["summary"]["params"]["costly"] == len(result["findings"])
    words = (lineit_suggest if game == "lineit" else linyo_suggest).review_summary(result)
    assert f"{decisions} decisions checked: {len(result['findings'])} cost" in words, words


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_a_finding_says_why_of_both_moves_and_each_reason_holds(game):
    """The review's words about the played and the better move are reasons the claims test
    checks (tests/test_hint_claims.py), true at that decision; the Line-it played move is
    judged with the rest of the player's turn, as its hint is."""
    from test_hint_claims import lineit_claim, linyo_claim

    record = finished(game, 5)
    judge = R.JUDGES[game][0](0)
    actions = [str(a) for a in record["actions"]]
    for index, view, played in R.decisions(record, 0)[:12]:
        verdict = judge(view, played, actions[index + 1:])
        if verdict is None:
            continue
        params = verdict[3].params
        assert params["played_why"]["key"] and params["better_why"]["key"]
        state = R.game_info(game).from_json(record).rewind(index, any=True)
        why = R.Reason(params["played_why"]["key"], **params["played_why"]["params"])
        if game == "lineit":
            turn = [lineit.parse_action(a) for a in [played, *actions[index + 1:]]]
            turn = turn[:next(i for i, a in enumerate(turn) if a.kind in ("end", "pass")) + 1]
            assert lineit_claim(why, state, turn) == "", str(why)
        else:
            assert linyo_claim(why, state, 0, linyo.parse_action(played)) == "", str(why)
        return
    pytest.fail("no decision the hard bot would have played otherwise")
