"""The post-game review (engine/bots/review.py): the costly decisions of one seat, in its unit."""
import time

import pytest

from engine import lineit, linyo
from engine.bots import make_bot
from engine.bots.review import REVIEW_BUDGET, Review, decisions, review
from engine.bots.worker import BotWorker


def _deck(top):
    rest = [str(n) for n in range(1, 101)] + ["B3", "B3", "B4", "B4", "B5", "B5"]
    for card in top:
        rest.remove(card)
    return top + rest


def _jackpot_missed():
    """Seat 0's line 1 5 and seat 1's line 33 29 hold two red cards each; the red jackpot
    holds four (13 17 21 25). The market offers the 9, the third red card for both, and
    seat 0, first to choose, takes the 80: seat 1 takes the 9 and the jackpot."""
    markets = ["1", "33", "13", "17",      # R1: 13 17 are left to the red jackpot
               "29", "5", "21", "25",      # R2: 21 25 too
               "9", "80", "60", "70"]      # R3: the 9 wins the jackpot for whoever takes it
    s = lineit.new_game(2, deck=_deck(markets), seed=1, first_seat=0)
    for a in ["take 1 line", "end", "take 33 line", "end", "take 29 line", "end", "take 5 line", "end"]:
        s.apply(a)
    assert s.view(0)["jackpots"]["red"] == ["13", "17", "21", "25"]
    missed = len(s.history)
    for a in ["take 80 line", "end", "take 9 line", "end"]:
        s.apply(a)
    assert s.scores()[1] == 4
    return s, missed


def test_lineit_review_finds_the_missed_jackpot_with_its_points():
    s, missed = _jackpot_missed()
    r = review(s.to_json(), 0)
    assert isinstance(r, Review) and r.unit == "points" and r.game == "lineit"
    top = r.findings[0]
    # the 9 wins the jackpot, now (line) or on a later turn (hand): either way it is not seat 1's
    assert (top.index, top.played) == (missed, "take 80 line") and top.better in ("take 9 line", "take 9 hand")
    assert top.cost >= 3 and top.better_value > top.played_value
    assert top.reason.key == "review_points"
    assert top.reason.params["better_why"]["key"] in ("jackpot", "keep_jackpot")
    assert top.reason.params["better_why"]["params"] == {"suit": "red", "n": 4, **(
        {"card": "9"} if top.better.endswith("hand") else {})}
    assert f"{top.better} was worth about" in top.reason and "red jackpot (4 cards)" in top.reason
    assert r.summary.key == "review_summary_points" and r.summary.params["costly"] >= 1
    data = r.to_json()
    assert data["findings"][0]["better"] == top.better and data["summary"]["template"]


def test_the_review_sees_only_the_seat_s_view():
    # the other seat's hidden hand changes nothing: the review judges from seat 0's view
    s, missed = _jackpot_missed()
    seen = decisions(s.to_json(), 0)
    assert [i for i, _, _ in seen][:1] == [0] and all(v["seat"] == 0 for _, v, _ in seen)
    assert all(v["seats"][1]["hand"] is None for _, v, _ in seen)
    assert any(i == missed and text == "take 80 line" for i, _, text in seen)


def test_review_refuses_what_is_not_a_record_or_a_seat():
    s, _ = _jackpot_missed()
    with pytest.raises(ValueError):
        review({"game": "chess"}, 0)
    with pytest.raises(ValueError):
        review(s.to_json(), 5)


def _played_by(game, bots, seed, players):
    s = lineit.new_game(players, seed=seed) if game == "lineit" else linyo.new_game(players=players, seed=seed,
                                                                                     sheet="A")
    while not s.is_over:
        q = s.current_seat
        s.apply(bots[q].choose(s.view(q)))
    return s


@pytest.mark.parametrize("seed", [3, 11])
def test_the_reviewing_bot_s_own_game_costs_nothing(seed):
    # seeded property: a seat played by the very bot the review asks (same seed, same budget)
    # made the bot's choice at every decision, so the review finds nothing
    bots = [make_bot("linyo", "hard", seed=0), make_bot("linyo", "easy", seed=1)]
    s = _played_by("linyo", bots, seed, 2)
    r = review(s.to_json(), 0)
    assert r.decisions > 5 and r.findings == () and r.summary.key == "review_clean"
    lineit_bots = [make_bot("lineit", "hard", seed=0, budget=REVIEW_BUDGET), make_bot("lineit", "easy", seed=1)]
    t = _played_by("lineit", lineit_bots, seed, 2)
    q = review(t.to_json(), 0)
    assert q.decisions > 10 and q.findings == () and q.summary.key == "review_clean"


@pytest.mark.parametrize("seed", [2, 7])
def test_linyo_findings_are_legal_better_moves_in_free_fields(seed):
    # seeded property: an easy seat's costly decisions, costliest first; each better move is
    # legal where it was played, and fewer free fields are expected after it
    s = _played_by("linyo", [make_bot("linyo", "easy", seed=seed), make_bot("linyo", "normal", seed=1)], seed, 2)
    record = s.to_json()
    r = review(record, 0, top=10)
    assert r.unit == "free_fields" and r.findings
    costs = [f.cost for f in r.findings]
    assert costs == sorted(costs, reverse=True) and min(costs) >= 0.5
    assert r.lost >= sum(costs) - 1e-9
    for f in r.findings:
        at = s.rewind(f.index, any=True)
        assert at.current_seat == 0 and record["actions"][f.index] == f.played
        assert f.better in {str(a) for a in at.legal_actions()} and f.better != f.played
        assert f.played_value - f.better_value == pytest.approx(f.cost)
        assert f.reason.key == "review_fields"
        assert isinstance(f.reason.params["played_cut"], int) and isinstance(f.reason.params["better_cut"], int)


def test_review_reports_progress_to_the_end():
    s, _ = _jackpot_missed()
    seen = []
    review(s.to_json(), 0, progress=lambda done, total: seen.append((done, total)))
    total = len(decisions(s.to_json(), 0))
    assert seen == [(k, total) for k in range(1, total + 1)]


@pytest.mark.parametrize("use_process", [True, False])
def test_the_worker_reviews_off_the_caller_s_thread_with_progress(use_process):
    s, missed = _jackpot_missed()
    worker = BotWorker(use_process=use_process)
    try:
        job = worker.review(s.to_json(), 0)
        seen = [job.progress]
        deadline = time.monotonic() + 120
        while not job.future.done():
            assert time.monotonic() < deadline, "the review never finished"
            seen.append(job.progress)
            time.sleep(0.01)
        data = job.future.result()
        assert job.progress == 1.0 and all(0.0 <= p <= 1.0 for p in seen)
        assert seen == sorted(seen)
        assert data["findings"][0]["index"] == missed and data["findings"][0]["better"].startswith("take 9 ")
        assert data["summary"]["key"] == "review_summary_points"
    finally:
        worker.close()
