"""A finished game's consequences below the window (no App): each listener alone, and the chain
killed at every step of game over and of the daily's start, then started again.

The game is today's Linyo daily (a person and the day's bots), played by random legal
actions headless. Its autosave lags behind the game by a few moves, as the table's
writer thread does under load, and "Continue" after a kill plays the rest with other
choices (a person plays on differently), so an ending run twice on two different
records shows as two copies.

Each kill test has three entry points, `game_over`, `restart` and `start_daily`: the
rest only looks at the files.
"""
from __future__ import annotations

import os
from functools import partial
from types import SimpleNamespace

import pytest

from engine.core import Rng
from game import history, stats, storage
from game.daily import attempts
from game.daily.day import challenge
from game.scenes.daily import status
from game.linyo_table.model import TableGame
from game.match import outcome
from game.match.counts import Counts
from game.match.facts import Applied, By, Finished, HintShown, Undone
from game.match.played_with import PlayedWith, Tally

LAG = 3          # the autosave on disk is this many moves behind the game (the writer thread under load)
GAME_ID = "a1b2c3d4e5f60718"


class Killed(BaseException):
    """The process was killed here (nothing after it runs; no `except Exception` stops it)."""


def shell() -> SimpleNamespace:
    """What the tips step needs of the app: its settings and a way to change them."""
    settings = SimpleNamespace(first_game_tips=True, first_game_tips_settled=False)

    def change_settings(**values):
        for key, value in values.items():
            setattr(settings, key, value)
    return SimpleNamespace(settings=settings, change_settings=change_settings)


# ---------------------------------------------------------------- the entry points

def game_over(tg: TableGame, app: SimpleNamespace) -> None:
    """What a table does when the engine says the game is over."""
    outcome.finish(Finished("linyo", tg.config["game_id"], tg.result(), tg.state.to_json(), config=tg.config,
                            counts=Counts(kept=True, counted=True, saved=True, offered=True)), app)


def restart(app: SimpleNamespace) -> None:
    """What the next start does before the menu."""
    storage.at_start()
    outcome.settle_pending(app)


def start_daily(game_id: str) -> dict:
    """The daily screen's "Play (counts)": the day's new game and its first autosave."""
    def keep(config: dict) -> None:
        storage.write_autosave("linyo", TableGame.new(config).payload())
    return attempts.start(challenge("linyo"), game_id, "Ada", keep)


# ---------------------------------------------------------------- playing headless

def play(tg: TableGame, rng: Rng, autosave: bool = True) -> None:
    """Random legal actions to the end; the autosave written every LAG moves (it lags)."""
    n = 0
    while not tg.state.is_over:
        actions = tg.state.legal_actions()
        tg.state.apply(actions[rng.below(len(actions))])
        n += 1
        if autosave and n % LAG == 0 and not tg.state.is_over:
            storage.write_autosave("linyo", tg.payload())


def continue_and_finish(app: SimpleNamespace) -> None:
    """The menu's Continue, if it offers a game: played on, with other choices, to its end."""
    env = storage.latest_autosave()
    if env is None:
        return
    tg = TableGame.from_payload(env["payload"])
    if tg.state.is_over:
        return              # a finished table shows its end; nothing plays
    play(tg, Rng(99))
    game_over(tg, app)


def autosave_game_id() -> str | None:
    """The game id of the game Continue would open."""
    env = storage.read_save(storage.autosave_path("linyo")) if storage.autosave_path("linyo").exists() else None
    return env["payload"]["config"].get("game_id") if env else None


def daily_game() -> TableGame:
    config = start_daily(GAME_ID)
    tg = TableGame.from_payload(storage.read_save(storage.autosave_path("linyo"))["payload"])
    assert tg.config["game_id"] == GAME_ID == config["game_id"]
    return tg


class KillAt:
    """Kills the process at the `n`-th durable write (`os.replace` of a temp file) from now on."""

    def __init__(self, n: int | None) -> None:
        self.n, self.seen = n, 0
        self.real = os.replace

    def __call__(self, src, dst, *a, **k):
        if self.n is not None and self.seen == self.n:
            raise Killed(f"write {self.n}: {os.path.basename(os.fspath(dst))}")
        self.seen += 1
        return self.real(src, dst, *a, **k)


def settled_once(app: SimpleNamespace) -> None:
    """What every kill must leave once the next start and Continue have run."""
    kept = history.load()
    finished = [kept.entry(i) for i in range(len(kept)) if kept.entry(i).finished]
    assert len(finished) == 1, f"{len(finished)} copies in History"
    data = stats.load()
    assert data["games"]["linyo"]["games"] == 1, "the statistics count it {} times".format(
        data["games"]["linyo"]["games"])
    assert data["ids"].count(GAME_ID) == 1
    assert GAME_ID in data["achievements"]["seen"], "its achievements were never looked at"
    day = attempts.day_of(challenge("linyo"), data)
    assert day is not None and day["game_id"] == GAME_ID and day["score"] is not None
    assert day["history"] == finished[0].id
    assert [q["date"] for q in attempts.queued()] == [challenge("linyo").date]
    assert storage.latest_autosave() is None
    assert app.settings.first_game_tips_settled
    assert outcome.pending() == []


def writes_of(act) -> int:
    """How many durable writes `act()` makes (the kill points of the tests below)."""
    counter = KillAt(None)
    os.replace = counter
    try:
        act()
    finally:
        os.replace = counter.real
    return counter.seen


def killed_at(k: int, act) -> bool:
    """Run `act()`, killed at its k-th durable write; False if it wrote fewer times."""
    kill = KillAt(k)
    os.replace = kill
    try:
        act()
    except Killed:
        return True
    finally:
        os.replace = kill.real
    return False


def each_in_its_home(home, monkeypatch, n: int):
    """0..n-1, each with a user folder of its own (LINEBOX_HOME)."""
    for k in range(n):
        monkeypatch.setenv("LINEBOX_HOME", str(home / f"kill{k}"))
        storage.problems.clear()
        yield k


# ---------------------------------------------------------------- the kill tests

@pytest.fixture
def fresh(headless_home):
    storage.problems.clear()
    return headless_home


def test_a_whole_ending_settles_everything_once(fresh):
    app = shell()
    tg = daily_game()
    play(tg, Rng(5))
    game_over(tg, app)
    settled_once(app)
    game_over(tg, app)          # the same game id ended again: nothing twice
    restart(app)
    settled_once(app)


def test_a_kill_at_every_write_of_game_over_is_settled_after_a_restart(fresh, monkeypatch):
    """SIGKILL at each durable write of game over in turn (the temp file written, never renamed):
    the next start and Continue leave the game kept once, counted once, its achievements looked
    at, its daily day scored and queued, no autosave and nothing pending."""
    def finished_game() -> TableGame:
        tg = daily_game()
        play(tg, Rng(5))
        return tg
    probe = finished_game()
    writes = writes_of(lambda: game_over(probe, shell()))
    assert writes >= 6            # the marker, History's file and index, statistics, ... (8 today)
    for k in each_in_its_home(fresh, monkeypatch, writes):
        app = shell()
        tg = finished_game()
        assert killed_at(k, partial(game_over, tg, app))
        restart(app)
        continue_and_finish(app)
        settled_once(app)


@pytest.mark.parametrize("step", [name for name, _ in outcome.STEPS])
def test_a_kill_between_the_steps_of_game_over_is_settled_after_a_restart(fresh, monkeypatch, step):
    """Killed just before each listener of `Finished` runs (the ones before it done)."""
    app = shell()
    tg = daily_game()
    play(tg, Rng(5))

    def killed(run):
        raise Killed(step)
    real = outcome.STEPS
    monkeypatch.setattr(outcome, "STEPS", tuple((name, killed if name == step else fn) for name, fn in real))
    with pytest.raises(Killed):
        game_over(tg, app)
    monkeypatch.setattr(outcome, "STEPS", real)
    restart(app)
    continue_and_finish(app)
    settled_once(app)


def test_a_kill_at_every_write_of_the_daily_start_never_spends_the_day_without_a_game(fresh, monkeypatch):
    """Killed at each write of "Play (counts)" in turn: after the restart the day is either not
    spent (Play counts again) or spent on a game that exists (Continue offers it); never spent on
    none, and the game then played is the day's one counted game."""
    writes = writes_of(lambda: start_daily("probe"))
    assert writes >= 2            # the game's autosave, the day's entry
    daily = challenge("linyo")
    for k in each_in_its_home(fresh, monkeypatch, writes):
        assert killed_at(k, lambda: start_daily(GAME_ID))
        restart(shell())
        day = attempts.day_of(daily)
        if day is not None:
            assert autosave_game_id() == day["game_id"], \
                "the day is spent and its game is gone"
        plan = attempts.plan(daily)
        assert plan in (attempts.COUNTED, attempts.CONTINUE)
        app = shell()
        if plan == attempts.COUNTED:
            tg = daily_game()
        else:
            tg = TableGame.from_payload(storage.read_save(storage.autosave_path("linyo"))["payload"])
        play(tg, Rng(5))
        game_over(tg, app)
        settled_once(app)


# ---------------------------------------------------------------- each listener alone

def finished(tg: TableGame, **counts: bool) -> Finished:
    standing = Counts(**{"kept": True, "counted": True, "saved": True, "offered": True, **counts})
    return Finished("linyo", tg.config["game_id"], tg.result(), tg.state.to_json(), config=tg.config,
                    counts=standing)


def run_step(name: str, fact: Finished, history_id: str | None = None) -> outcome.Run:
    run = outcome.Run(fact, fact.counts or outcome.HERE, shell(), history_id=history_id)
    dict(outcome.STEPS)[name](run)
    return run


def test_final_puts_the_finished_game_on_disk_before_anything_else(fresh):
    tg = daily_game()
    play(tg, Rng(5))
    run_step("final", finished(tg))
    assert len(outcome.pending()) == 1 and history.load().ids() == set()
    assert stats.load()["games"]["linyo"]["games"] == 0
    app = shell()
    assert outcome.settle_pending(app) == 1
    settled_once(app)


def test_history_keeps_the_game_with_what_it_was_played_with(fresh):
    tg = daily_game()
    tg.config["played_with"] = {"hints": 2, "undos": 1}
    play(tg, Rng(5))
    run = run_step("history", finished(tg))
    assert run_step("history", finished(tg)).history_id == run.history_id      # once
    file = history.game_file(str(run.history_id))
    assert file["played_with"] == {"hints": 2, "hint_moves": 0, "undos": 1, "counted": True}
    tg.config["challenge"] = "practice"
    run_step("history", finished(tg))
    assert history.load().entry(0).played == PlayedWith(2, 0, 1, True)      # the kept one, as kept


def test_statistics_count_a_game_id_once_and_only_a_counted_game(fresh):
    tg = daily_game()
    play(tg, Rng(5))
    run_step("statistics", finished(tg, counted=False))
    assert stats.load()["games"]["linyo"]["games"] == 0
    tg.config["played_with"] = {"hints": 1}
    run_step("statistics", finished(tg), "h1")
    run_step("statistics", finished(tg), "h1")
    data = stats.load()
    assert data["games"]["linyo"]["games"] == 1 and data["history"][-1]["helped"] is True


def test_the_autosave_goes_only_when_it_holds_this_game(fresh):
    tg = daily_game()
    play(tg, Rng(5))
    storage.write_autosave("linyo", {**tg.payload(), "config": {**tg.config, "game_id": "newer"}})
    run_step("autosave", finished(tg))
    assert storage.autosave_path("linyo").exists()              # a newer game's autosave stays
    storage.write_autosave("linyo", tg.payload())
    run_step("autosave", finished(tg, saved=False))
    assert storage.autosave_path("linyo").exists()              # an online table keeps no autosave here
    run_step("autosave", finished(tg))
    assert not storage.autosave_path("linyo").exists()


def test_achievements_are_looked_at_once_without_any_screen(fresh):
    tg = daily_game()
    play(tg, Rng(5))
    run_step("achievements", finished(tg))
    data = stats.load()
    assert GAME_ID in data["achievements"]["seen"]
    assert "any.daily1" in data["achievements"]["earned"]
    run_step("achievements", finished(tg))
    assert stats.load()["achievements"] == data["achievements"]


def test_the_daily_step_adopts_an_unspent_attempt_and_scores_its_day(fresh):
    daily = challenge("linyo")
    tg = TableGame.new({**daily.config("Ada", attempts.COUNTED), "game_id": GAME_ID})
    storage.write_autosave("linyo", tg.payload())     # killed after the autosave, before `begin`
    assert attempts.day_of(daily) is None and attempts.plan(daily) == attempts.CONTINUE
    play(tg, Rng(5))
    tg.config["played_with"] = {"hints": 1}
    run = run_step("history", finished(tg))
    run_step("statistics", finished(tg), run.history_id)
    run_step("daily", finished(tg))
    day = attempts.day_of(daily)
    assert day is not None and day["game_id"] == GAME_ID and day["history"] == run.history_id
    assert day["helped"] is True and status(daily).endswith(" · with hints")
    assert len(attempts.queued()) == 1
    assert attempts.queued()[0]["content"]["file"]["played_with"]["hints"] == 1     # the board will mark it


def test_tips_end_with_the_first_counted_game_only(fresh):
    tg = daily_game()
    play(tg, Rng(5))
    run = outcome.Run(finished(tg, counted=False), Counts(True, False, False, True), shell())
    dict(outcome.STEPS)["tips"](run)
    assert run.shell.settings.first_game_tips
    run = outcome.Run(finished(tg), outcome.HERE, shell())
    dict(outcome.STEPS)["tips"](run)
    assert not run.shell.settings.first_game_tips and run.shell.settings.first_game_tips_settled


def test_a_broken_pending_file_is_set_aside_and_told(fresh):
    (fresh / f"{outcome.PREFIX}x.json").write_text('{"version": 1, "game": "chess"}')
    assert outcome.settle_pending(shell()) == 0
    assert outcome.pending() == [] and any("finished game" in p for p in storage.take_problems())


# ---------------------------------------------------------------- the played-with tally

def test_the_tally_counts_hints_shown_hint_moves_and_undos_into_the_config():
    config: dict = {}
    tally = Tally(config)
    for fact in (HintShown(0, "x"), HintShown(0), Applied("a", (), By.HINT, 0), Applied("b", (), By.BOT, 1),
                 Undone(0, 4, 6), Finished("linyo", "g", {}, {})):
        tally(fact)
    assert config["played_with"] == {"hints": 2, "hint_moves": 1, "undos": 1}
    assert PlayedWith.read({"played_with": {"hints": "many"}}) is None       # a hand-made value: unknown


def test_a_pending_file_with_a_hostile_config_is_set_aside_not_settled(fresh):
    tg = daily_game()
    play(tg, Rng(5))
    run_step("final", finished(tg))
    [path] = outcome.pending()
    data = storage.parse(path.read_bytes())
    data["config"]["seats"] = [{"name": "\x00" * 5, "kind": "human"}]
    storage.write_json(path, data)
    assert outcome.settle_pending(shell()) == 0
    assert outcome.pending() == [] and history.load().ids() == set()
