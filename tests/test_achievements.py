"""Achievements: each one earned by a game built for it and not by one just short of it; the
daily streak; the statistics file's "achievements" and "bests" sections (old files load, hostile
ones are set aside with a message and kept)."""
from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from engine.core import Rng
from engine.games import game as game_info
from engine.lineit import events as L
from engine.linyo import events as Y
from game.shell import i18n
from game.files import stats, storage
from game.achievements import common, store, streak
from game.achievements.model import Finished

ROOT = Path(__file__).resolve().parent.parent
TODAY = dt.date(2026, 3, 10)
ME = {"name": "Ada", "kind": "human", "level": None}


def bot(level="hard", **more):
    return {"name": "Bot", "kind": "bot", "level": level, **more}


def finished(game, events, seats, winners=(0,), config=None, data=None):
    seats = tuple(seats)
    return Finished(game, tuple(events), seats, store.people_of(seats), tuple(winners),
                    {"seats": list(seats), **(config or {})}, data or stats.empty(), TODAY)


def achievement(aid):
    found = store.by_id(aid)
    assert found is not None, aid
    return found


def closed(seat, banked):
    return L.LineClosed(seat, tuple(str(n) for n in banked), ("1", "2", "3"), False, len(banked))


def over(free_rows):
    """A Linyo game's end with each seat's free fields per row given."""
    return Y.GameOver(tuple(tuple(r) for r in free_rows), tuple(sum(r) for r in free_rows),
                      tuple(10 for _ in free_rows), (0,))


# ------------------------------------------------------------------ Line-it, from its events
EARN = {
    "lineit.jackpot6": ([L.JackpotWon(0, "red", tuple(str(n) for n in (1, 5, 9, 13, 17, 21)))],
                        [L.JackpotWon(0, "red", ("1", "5", "9", "13", "17")),
                         L.JackpotWon(1, "blue", tuple(str(n) for n in range(2, 30, 4)))]),   # the bot's, not mine
    "lineit.bet5": ([L.BetResolved(0, 5, True)], [L.BetResolved(0, 5, False), L.BetResolved(0, 4, True),
                                                   L.BetResolved(1, 5, True)]),
    "lineit.two_jackpots": ([L.JackpotWon(0, "red", ("1",)), L.JackpotWon(0, "blue", ("2",)), closed(0, [9])],
                            [L.JackpotWon(0, "red", ("1",)), closed(0, [9]), L.JackpotWon(0, "blue", ("2",)),
                             L.JackpotWon(1, "green", ("3",)), L.JackpotWon(1, "red", ("5",))]),
    "lineit.bank10": ([closed(0, range(20, 30))], [closed(0, range(20, 29)), closed(1, range(40, 52))]),
}


@pytest.mark.parametrize("aid", sorted(EARN))
def test_each_lineit_achievement_is_earned_by_its_game_and_not_by_one_short_of_it(aid):
    earns, short = EARN[aid]
    a = achievement(aid)
    assert a.game == "lineit"
    assert a.earned_by(finished("lineit", earns, [ME, bot()]))
    assert not a.earned_by(finished("lineit", short, [ME, bot()]))
    assert not a.earned_by(finished("lineit", earns, [bot(), ME], winners=(1,))), "the bot's feat is not mine"


def test_lineit_measures_read_a_real_seeded_game():
    """A real game's events carry what the measures read: the largest jackpot of each seat is found."""
    info = game_info("lineit")
    s = info.new_game(players=4, seed=1)
    rng = Rng(1)
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    seats = [bot()] * 4
    biggest = max(len(e.cards) for e in s.events if e.kind == "lineit.jackpot_won")
    for p in range(4):
        mine = [*seats[:p], ME, *seats[p + 1:]]
        f = store.finished_game("lineit", s, {"seats": mine})
        got = achievement("lineit.jackpot6").measure(f)
        assert got == max((len(e.cards) for e in s.events if e.kind == "lineit.jackpot_won" and e.seat == p),
                          default=0)
    assert biggest >= 1


# ------------------------------------------------------------------ Linyo, from its events and difficulty
ROWS_PERFECT = [[0] * 7]
ROWS_ONE_LEFT = [[0, 0, 0, 1, 0, 0, 0]]


@pytest.mark.parametrize("aid, difficulty, earned", [
    ("linyo.perfect3", 3, True), ("linyo.perfect3", 4, True), ("linyo.perfect3", 2, False),
    ("linyo.perfect4", 4, True), ("linyo.perfect4", 3, False)])
def test_a_perfect_sheet_counts_at_its_difficulty(aid, difficulty, earned):
    a = achievement(aid)
    me = {**ME, "difficulty": difficulty}
    assert a.earned_by(finished("linyo", [over(ROWS_PERFECT)], [me])) is earned
    assert not a.earned_by(finished("linyo", [over(ROWS_ONE_LEFT)], [me])), "one free field is not perfect"


def test_a_bots_perfect_sheet_is_not_mine():
    f = finished("linyo", [over([[3] * 7, [0] * 7])], [{**ME, "difficulty": 4}, bot(difficulty=4)], winners=(1,))
    assert not achievement("linyo.perfect4").earned_by(f) and not achievement("linyo.perfect3").earned_by(f)


def test_linyo_nearly_full_row_and_stars():
    me = {**ME, "difficulty": 2}
    five = [[1, 1, 1, 1, 1, 0, 0]]
    six = [[1, 1, 1, 1, 1, 1, 0]]
    assert achievement("linyo.five_free").earned_by(finished("linyo", [over(five)], [me]))
    assert not achievement("linyo.five_free").earned_by(finished("linyo", [over(six)], [me]))
    assert achievement("linyo.full_row").earned_by(finished("linyo", [over(six)], [me]))
    assert not achievement("linyo.full_row").earned_by(finished("linyo", [over([[1] * 7])], [me]))
    star = [Y.LineMoved(0, 1, ("a1",), "b", "a2")] * 3
    plain = [Y.LineMoved(0, 1, ("a1",), "b", None)] * 5 + [Y.LineMoved(1, 1, ("a1",), "b", "a2")] * 3
    assert achievement("linyo.stars3").earned_by(finished("linyo", star, [me, bot()]))
    assert not achievement("linyo.stars3").earned_by(finished("linyo", star[:2] + plain, [me, bot()]))


def test_an_unfinished_linyo_game_measures_nothing():
    assert achievement("linyo.perfect3").measure(finished("linyo", [], [{**ME, "difficulty": 3}])) is None


# ------------------------------------------------------------------ any game
@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_three_hard_bots_beaten(game):
    a = achievement("any.hard_bots3")
    assert a.game is None
    assert a.earned_by(finished(game, [], [ME, bot(), bot(), bot()], winners=(0, 2)))     # shared victory
    assert not a.earned_by(finished(game, [], [ME, bot(), bot(), bot()], winners=(1,)))   # lost
    assert not a.earned_by(finished(game, [], [ME, bot(), bot(), bot("normal")], winners=(0,)))


def test_a_daily_counts_unless_it_is_practice():
    a = achievement("any.daily1")
    assert a.earned_by(finished("linyo", [], [ME], config={"daily": "2026-03-10"}))
    assert not a.earned_by(finished("linyo", [], [ME], config={"daily": "2026-03-10", "challenge": "practice"}))
    assert a.earned_by(finished("linyo", [], [ME], config={"daily": "2026-03-10", "challenge": "counted"}))
    assert not a.earned_by(finished("linyo", [], [ME]))
    assert not a.earned_by(finished("linyo", [], [ME], config={"daily": "not a date"}))


# ------------------------------------------------------------------ streaks
def days(*texts):
    return streak.parse_days(texts)


def test_streak_edges():
    run = days("2026-03-01", "2026-03-02", "2026-03-03")
    assert streak.current(run, dt.date(2026, 3, 3)) == 3
    assert streak.current(run, dt.date(2026, 3, 4)) == 3, "today not played yet breaks nothing"
    assert streak.current(run, dt.date(2026, 3, 5)) == 0, "a whole day missed breaks it"
    assert streak.current(set(), TODAY) == 0 and streak.longest(set()) == 0
    gap = days("2026-03-01", "2026-03-02", "2026-03-04", "2026-03-05", "2026-03-06")
    assert streak.current(gap, dt.date(2026, 3, 6)) == 3 and streak.longest(gap) == 3
    months = days("2026-02-27", "2026-02-28", "2026-03-01", "2024-02-28", "2024-02-29", "2024-03-01")
    assert streak.current(months, dt.date(2026, 3, 1)) == 3 and streak.longest(months) == 3
    years = days("2025-12-31", "2026-01-01")
    assert streak.current(years, dt.date(2026, 1, 1)) == 2
    assert streak.parse_days(["2026-03-01T23:59:00", 7, None, "x"]) == days("2026-03-01")


def test_the_streak_day_is_utc(monkeypatch):
    """Just after midnight UTC it is the next day, whatever the local clock says."""
    class Clock(dt.datetime):
        @classmethod
        def now(cls, tz=None):
            return dt.datetime(2026, 3, 10, 0, 5, tzinfo=dt.timezone.utc).astimezone(tz)
    monkeypatch.setattr(streak._dt, "datetime", Clock)
    assert streak.utc_today() == dt.date(2026, 3, 10)


def test_ten_dailies_in_a_row():
    a = achievement("any.daily10")
    data = stats.empty()
    for i in range(9):
        store.award(finished("lineit", [], [ME, bot()], config={"daily": f"2026-03-{i + 1:02d}"}), f"g{i}",
                    data=data)
    ninth = finished("linyo", [], [ME], config={"daily": "2026-03-09"}, data=data)
    assert a.measure(ninth) == 9 and not a.earned_by(ninth)
    new = store.award(finished("linyo", [], [ME], config={"daily": "2026-03-10"}), "g9", data=data)
    assert a in new
    gap = stats.empty()
    for i in (1, 2, 3, 4, 5, 7, 8, 9, 10, 11):       # ten dailies, one day missed
        store.award(finished("linyo", [], [ME], config={"daily": f"2026-03-{i:02d}"}), f"h{i}", data=gap)
    assert "any.daily10" not in gap["achievements"]["earned"]
    assert store.daily_streak(gap, dt.date(2026, 3, 11)) == (5, 5)


def test_the_streak_reads_the_daily_sections_dated_results():
    """The daily challenges' own section (game.daily: game -> UTC date -> day) counts a day once it
    has a score; a day started and not finished yet does not."""
    data = stats.empty()
    data["daily"] = {"lineit": {"2026-03-07": {"game_id": "a", "started": "x", "score": 12},
                                "2026-03-09": {"game_id": "b", "started": "x", "score": None}},
                     "linyo": {"2026-03-08": {"game_id": "c", "started": "x", "score": 20}}}
    data["achievements"]["daily_days"] = ["2026-03-09"]          # seen ending by the achievements
    assert common.daily_days(data) == days("2026-03-07", "2026-03-08", "2026-03-09")
    assert store.daily_streak(data, TODAY) == (3, 3)
    data["achievements"]["daily_days"] = []
    assert store.daily_streak(data, TODAY) == (0, 2)


# ------------------------------------------------------------------ awarding and keeping
def test_award_once_per_game_with_date_game_and_progress(headless_home):
    jackpot4 = [L.JackpotWon(0, "red", ("1", "5", "9", "13"))]
    assert store.award(finished("lineit", jackpot4, [ME, bot()]), "game-1", "hist-1") == []
    data = stats.load()
    assert data["achievements"]["progress"]["lineit.jackpot6"] == 4
    jackpot7 = [L.JackpotWon(0, "red", tuple(str(n) for n in range(1, 29, 4)))]
    new = store.award(finished("lineit", jackpot7, [ME, bot()]), "game-2", "hist-2")
    assert [a.id for a in new] == ["lineit.jackpot6"]
    assert store.award(finished("lineit", jackpot7, [ME, bot()]), "game-2", "hist-2") == [], "looked at once"
    data = stats.load()
    assert data["achievements"]["earned"]["lineit.jackpot6"] == {"date": "2026-03-10", "game": "game-2",
                                                                  "history": "hist-2"}
    assert [a.id for a in store.earned_in(data, "game-2")] == ["lineit.jackpot6"]
    assert store.earned_in(data, "game-1") == []
    rows = store.progress(data, "lineit")
    assert rows[0].achievement.id == "lineit.jackpot6" and rows[0].earned == "2026-03-10" and rows[0].best == 7
    assert {r.achievement.id for r in store.progress(data)} == {a.id for a in store.declared()}


def test_settle_reads_once_and_writes_only_a_new_game(headless_home, monkeypatch):
    writes = []
    real = stats.save
    monkeypatch.setattr(stats, "save", lambda data: (writes.append(1), real(data))[1])
    won = finished("lineit", [L.BetResolved(0, 5, True)], [ME, bot()])
    new, data = store.settle(won, "game-7", "hist-7")
    assert [a.id for a in new] == ["lineit.bet5"] and len(writes) == 1
    again, data = store.settle(won, "game-7", "hist-7")
    assert again == [] and len(writes) == 1, "a results screen shown again writes nothing"
    assert [a.id for a in store.earned_in(data, "game-7")] == ["lineit.bet5"]


def test_declared_as_data_at_most_twelve_each_translated():
    every = store.declared()
    assert 8 <= len(every) <= 12
    assert len({a.id for a in every}) == len(every)
    for a in every:
        assert a.title and a.description and re.fullmatch(r"[a-z]+\.[a-z0-9_]+", a.id)
        assert a.game is None or a.id.startswith(a.game + ".")
    titles: dict[str, set[str]] = {a.id: set() for a in every}
    for lang in ("de", "fr"):
        i18n.set_language(lang)
        try:
            for a in every:
                assert i18n._(a.description) != a.description, (lang, a.id)
                titles[a.id].add(i18n._(a.title))
        finally:
            i18n.set_language("en")
    # a title may read the same in one language ("Jackpot!"), never in both
    assert all(titles[a.id] - {a.title} for a in every), titles


def test_shared_modules_name_no_game():
    for path in sorted((ROOT / "game/achievements").glob("*.py")):
        code = path.read_text(encoding="utf-8")
        assert not re.search(r"""["'](lineit|linyo)[."']""", code), path


# ------------------------------------------------------------------ the statistics file
def test_an_old_statistics_file_loads_with_empty_sections(headless_home):
    old = stats.empty()
    del old["bests"], old["achievements"]
    storage.write_json(storage.stats_path(), old)
    data = stats.load()
    assert data["bests"] == {} and data["achievements"] == stats.empty_achievements()
    assert not storage.problems


@pytest.mark.parametrize("section", [
    {"achievements": {"earned": {"lineit.jackpot6": {"date": 7}}}},
    {"achievements": {"progress": {"x": "many"}}},
    {"achievements": {"daily_days": ["2026-03-01\x00"]}},
    {"achievements": {"earned": {f"id{i}": {"date": "2026-03-01"} for i in range(500)}}},
    {"bests": {"lineit/2p": {"games": -1, "best": 3}}},
    {"bests": "all of them"}])
def test_a_hostile_statistics_file_is_set_aside_with_a_message_and_kept(headless_home, section):
    data = {**stats.empty(), **section}
    path = storage.stats_path()
    storage.write_json(path, data)
    before = path.read_bytes()
    assert stats.load() == stats.empty()
    assert storage.problems and "statistics" in storage.problems[-1].lower()
    kept = list(path.parent.glob(path.name + "*.bad")) + list(path.parent.glob(path.stem + "*.bad"))
    assert kept and kept[0].read_bytes() == before


def test_an_unknown_achievement_of_a_later_linebox_is_kept(headless_home):
    data = stats.empty()
    data["achievements"]["earned"]["lineit.future"] = {"date": "2027-01-01"}
    stats.save(data)
    store.award(finished("lineit", [L.BetResolved(0, 5, True)], [ME, bot()]), "g")
    earned = stats.load()["achievements"]["earned"]
    assert "lineit.future" in earned and "lineit.bet5" in earned


def test_bests_per_game_seats_sheet_and_difficulty(headless_home):
    def linyo(score, diff, seats=1, sheet="A"):
        return {"seats": [{"name": "Ada", "kind": "human", "level": None, "score": score}] +
                [{"name": "B", "kind": "bot", "level": "easy", "score": 40}] * (seats - 1),
                "winners": [0], "sheet": sheet, "difficulties": [diff] * seats}
    stats.record_result("linyo", linyo(20, 3))
    stats.record_result("linyo", linyo(12, 3))
    stats.record_result("linyo", linyo(15, 3))
    stats.record_result("linyo", linyo(9, 2))
    stats.record_result("linyo", linyo(30, 3, seats=2))
    stats.record_result("lineit", {"seats": [{"name": "Ada", "kind": "human", "level": None, "score": 31},
                                             {"name": "B", "kind": "bot", "level": "hard", "score": 12}],
                                   "winners": [0], "history": "h1"})
    bests = stats.load()["bests"]
    assert bests["linyo/1p/A/d3"]["best"] == 12 and bests["linyo/1p/A/d3"]["games"] == 3
    assert bests["linyo/1p/A/d2"]["best"] == 9 and bests["linyo/2p/A/d3"]["best"] == 30
    assert bests["lineit/2p"] == {"games": 1, "best": 31, "best_game": "h1", "date": bests["lineit/2p"]["date"]}
