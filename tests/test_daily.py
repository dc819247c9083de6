"""The daily challenge without a homeserver: the seed from the date, the day's setup, the check of
an entry by replay (forged scores, seeds, options, times, sizes), the ranking, and the statistics'
daily section with one counted attempt a day."""
from __future__ import annotations

import datetime as dt

import pytest

from game.files import stats
from game.daily import attempts
from game.leaderboard.bench import event, played
from game.daily.day import Daily, challenge, games, seed_for
from game.daily.entry import MAX_BYTES, MIN_MS_PER_MOVE, Verifier, rank, verify

DAY = dt.date(2026, 3, 14)


@pytest.fixture(scope="module")
def games_played():
    """One finished game of each day's challenge, played by bots (two different ones for ranking)."""
    return {g: [played(Daily(g, DAY), bot_seed=s) for s in (1, 2)] for g in games()}


def late(daily: Daily) -> int:
    """A posting time any number of moves could have been made by: the next day."""
    return daily.start_ms + 86_400_000


def test_every_game_has_a_daily_and_the_seed_comes_from_the_date_and_the_game():
    assert games() == ["lineit", "linyo"]
    assert seed_for("linyo", DAY) == seed_for("linyo", dt.date(2026, 3, 14))
    seeds = {seed_for(g, DAY + dt.timedelta(days=d)) for g in games() for d in range(30)}
    assert len(seeds) == 60                      # another day or another game: another seed
    assert all(0 <= s < 2 ** 53 for s in seeds)


def test_the_days_setup_is_the_games_own_declaration():
    linyo = Daily("linyo", DAY)
    assert linyo.players == 1 and linyo.setup["sheet"] == "random"
    assert linyo.setup["difficulties"][0] in (2, 3, 4)
    # one difficulty a day, derived from the date: over a month every difficulty comes up
    assert {Daily("linyo", DAY + dt.timedelta(days=d)).setup["difficulties"][0] for d in range(30)} == {2, 3, 4}
    lineit = Daily("lineit", DAY)
    config = lineit.config("Ada", "counted")
    assert [(s["kind"], s["level"]) for s in config["seats"]] == [("human", None)] + [("bot", "hard")] * 3
    assert config["seed"] == lineit.seed and config["first_seat"] == 0 and config["daily"] == "2026-03-14"
    # everybody's game of the day starts the same: the same deal for the same day
    assert Daily("lineit", DAY).start.view(0) == lineit.start.view(0)
    assert Daily("lineit", DAY + dt.timedelta(days=1)).start.view(0) != lineit.start.view(0)


def test_today_is_the_utc_date():
    assert challenge("linyo").day == dt.datetime.now(dt.timezone.utc).date()


@pytest.mark.parametrize("game", ["linyo", "lineit"])
def test_a_real_entry_is_verified_and_forged_ones_are_refused(games_played, game):
    daily = Daily(game, DAY)
    file = games_played[game][0]
    good = verify(daily, event(daily, file, "@ada:x", "$good", late(daily)))
    assert good.ok, good.reason
    assert good.moves > 0 and good.name == "Ada"

    def refused(ev) -> str:
        v = verify(daily, ev)
        assert not v.ok
        return v.reason
    score = good.score
    assert "does not match" in refused(event(daily, file, "@eve:x", "$1", late(daily), score=score + 1))
    other_seed = {**file, "record": {**file["record"], "seed": daily.seed + 1}}
    assert refused(event(daily, file, "@eve:x", "$2", late(daily), file=other_seed)) == "another seed"
    # another day's game, claimed for this day
    other_day = Daily(game, DAY + dt.timedelta(days=1))
    assert refused(event(daily, played(other_day), "@eve:x", "$3", late(daily), date=daily.date)) == "another seed"
    setup = dict(file["record"]["setup"])
    setup["first_seat"] = 1 if game == "lineit" else setup["first_seat"]
    setup.setdefault("difficulties", None)
    if game == "linyo":
        setup["difficulties"] = [5 - setup["difficulties"][0] if setup["difficulties"][0] != 3 else 2]
    other_setup = {**file, "record": {**file["record"], "setup": setup}}
    assert refused(event(daily, file, "@eve:x", "$4", late(daily), file=other_setup)) == "other options"
    humans = {**file, "seats": [{**s, "kind": "human", "level": None} for s in file["seats"]]}
    if game == "lineit":      # every seat played by a person: not the day's three hard bots
        assert refused(event(daily, file, "@eve:x", "$5", late(daily), file=humans)) == "other options"
    cut = {**file, "record": {**file["record"], "actions": file["record"]["actions"][:-1]}}
    assert "not finished" in refused(event(daily, file, "@eve:x", "$6", late(daily), file=cut))
    bent = {**file, "record": {**file["record"], "actions": ["fly"] + file["record"]["actions"][1:]}}
    assert "does not replay" in refused(event(daily, file, "@eve:x", "$7", late(daily), file=bent))
    # posted before its moves could have been made: too soon after the day began
    early = daily.start_ms + good.moves * MIN_MS_PER_MOVE - 1
    assert "before its" in refused(event(daily, file, "@eve:x", "$8", early))
    assert "before its" in refused(event(daily, file, "@eve:x", "$9", daily.start_ms - 60_000))
    assert verify(daily, event(daily, file, "@ann:x", "$10", early + 1)).ok


def test_malformed_and_oversized_entries_are_refused(games_played):
    daily = Daily("linyo", DAY)
    file = games_played["linyo"][0]
    base = event(daily, file, "@eve:x", "$m", late(daily))
    broken = [
        {**base, "content": "text"},
        {**base, "content": {**base["content"], "score": "12"}},
        {**base, "content": {**base["content"], "file": {"kind": "linebox-game"}}},
        {**base, "content": {**base["content"], "name": "x" * 500}},
        {**base, "content": {**base["content"], "v": 99}},
        {**base, "content": {**base["content"], "file": {**file, "record": {"format": 2, "game": "linyo"}}}},
        {**base, "origin_server_ts": "yesterday"},
        "not an event",
    ]
    for ev in broken:
        v = verify(daily, ev)
        assert not v.ok and "malformed" in v.reason, (ev if isinstance(ev, str) else ev.get("content"), v)
    huge = {**base, "content": {**base["content"], "pad": "x" * MAX_BYTES}}
    assert verify(daily, huge).reason == "oversized"
    deep: object = []
    for _ in range(10_000):
        deep = [deep]
    assert not verify(daily, {**base, "content": {**base["content"], "pad": deep}}).ok


def test_the_board_ranks_one_entry_per_player_ties_share_a_rank(games_played):
    daily = Daily("linyo", DAY)
    a, b = games_played["linyo"]
    t = late(daily)
    events = [event(daily, a, "@ann:x", "$1", t), event(daily, b, "@bo:x", "$2", t + 1),
              event(daily, a, "@cy:x", "$3", t + 2),
              event(daily, b, "@ann:x", "$4", t + 3),              # ann's second attempt: refused
              event(daily, a, "@eve:x", "$5", t + 4, score=-1)]    # forged: refused
    v = Verifier(daily)
    v.add(events + [{"type": "m.room.message", "content": {"body": "hi"}}])
    assert v.work(budget=2) == 3 and v.work() == 0
    rows, refused = v.board()
    assert {r.verdict.sender for r in rows} == {"@ann:x", "@bo:x", "@cy:x"}
    assert sorted(r.reason for r in refused) == sorted(["repeats a counted attempt",
                                                        verify(daily, events[4]).reason])
    scores = [r.verdict.score for r in rows]
    assert scores == sorted(scores)                       # Linyo: fewest free fields first
    ranks = {r.verdict.sender: r.rank for r in rows}
    assert ranks["@ann:x"] == ranks["@cy:x"]              # the same game: the same score and rank
    v.add(events)                                         # read again: nothing replayed twice
    assert v.work() == 0 and len(v.verdicts) == 5
    # Line-it: the most points first
    lineit = Daily("lineit", DAY)
    good = [verify(lineit, event(lineit, f, f"@p{i}:x", f"$l{i}", late(lineit)))
            for i, f in enumerate(games_played["lineit"])]
    rows, _ = rank("lineit", good)
    assert [r.verdict.score for r in rows] == sorted((g.score for g in good), reverse=True)


def test_one_counted_attempt_a_day_kept_in_the_statistics(headless_home, games_played):
    daily = Daily("linyo", DAY)
    assert attempts.plan(daily) == attempts.COUNTED
    assert attempts.begin(daily, "g1") == attempts.COUNTED
    assert attempts.plan(daily) == attempts.PRACTICE        # no autosave of g1: it was left
    assert attempts.begin(daily, "g2") == attempts.PRACTICE
    assert attempts.begin(Daily("lineit", DAY), "g3") == attempts.COUNTED   # each game has its own
    from game.files import history
    file = games_played["linyo"][0]
    for game_id in ("g1", "g2"):
        kept = history.record_game("linyo", file["record"], file["seats"], game_id=game_id)
        score = file["result"]["scores"][0]
        stats.record_result("linyo", {"seats": [{"name": "Ada", "kind": "human", "level": None, "score": score}],
                                      "winners": [0], "id": game_id, "history": kept.id})
    done = attempts.settle()
    assert done == [daily]
    data = stats.load()
    day = data["daily"]["linyo"]["2026-03-14"]
    assert day["score"] == file["result"]["scores"][0] and day["practice"] == 1 and day["practice_ids"] == ["g2"]
    assert {r["id"]: r.get("daily") for r in data["history"]} == {"g1": "counted", "g2": "practice"}
    stats.SCHEMA.check(data)
    # the counted game's entry waits in the outbox (on disk), once
    queued = attempts.queued()
    assert [(q["game"], q["date"]) for q in queued] == [("linyo", "2026-03-14")]
    assert verify(daily, {"type": "x", "event_id": "$q", "sender": "@a:x", "origin_server_ts": late(daily),
                          "content": queued[0]["content"]}).ok
    assert attempts.settle() == [] and len(attempts.queued()) == 1
    attempts.posted("linyo", "2026-03-14")
    assert attempts.queued() == []


def test_a_broken_daily_section_or_outbox_is_set_aside_not_used(headless_home):
    from game.files import storage
    data = stats.empty()
    data["daily"] = {"linyo": {"2026-03-14": {"game_id": "g", "started": "x", "score": "lots"}}}
    storage.write_json(storage.stats_path(), data)
    assert stats.load()["daily"] == {}
    attempts.outbox_path().write_text('{"version": 1, "items": [{"game": "linyo"}]}')
    assert attempts.queued() == []
    assert any("statistics" in p for p in storage.problems)
