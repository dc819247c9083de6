"""The match below the window: both games, every driver, no pygame and no SDL.

A `Match` is driven here as a table drives it (`step(now)` each frame, `submit`
for a person here, `undo`), on a clock the test moves, and what it tells its
listeners is checked: every action once and in order, by whom, the hint shown,
the undo, and the end of the game exactly once.
"""
from __future__ import annotations

import logging
import subprocess
import sys
import threading
import time
from concurrent import futures
from pathlib import Path

import pytest

import game.table.bots as table_bots
from engine.bots.worker import BotWorker
from engine.core import IllegalAction
from game.frontends import frontend
from game.lineit_table.model import TableGame as LineitGame
from game.linyo_table.model import TableGame as LinyoGame
from game.match.facts import Applied, By, Dealt, Finished, HintShown, Undone
from game.match.match import STEADY, Match, Pacing, actions_of
from game.match.seating import Driver, Role, Script, Seating, local, online, record, scripted
from game.table.bots import TableBots, fallback
from game.tutorial import lineit_script
from game.tutorial.guide import Guide
from game.tutorial.steps import state_at

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("lineit", "linyo")
MODELS = {"lineit": LineitGame, "linyo": LinyoGame}
DEADLINE = 300.0        # seconds a whole game may take on a loaded machine (it takes a few)


def config(game: str, kinds: list[str], seed: int = 7, level: str = "easy") -> dict:
    seats = [{"name": f"P{p}", "kind": k, "level": None if k == "human" else level, "difficulty": 2}
             for p, k in enumerate(kinds)]
    return {"game": game, "seats": seats, "seed": seed, "first_seat": 0, "final_plays": 1, "sheet": "A",
            "game_id": f"test-{game}-{seed}"}


def model(game: str, conf: dict, **more: object) -> object:
    return MODELS[game](conf, frontend(game).new_state(conf, **more))


class Heard(list):
    """A listener that keeps every fact."""

    def __call__(self, fact: object) -> None:
        self.append(fact)

    def of(self, kind: type) -> list:
        return [f for f in self if isinstance(f, kind)]


def opened(game: str, kinds: list[str], seating: Seating | None = None, pace: float = 0.0,
           pacing: Pacing = STEADY, **more: object) -> tuple[Match, Heard]:
    conf = config(game, kinds)
    tg = model(game, conf, **more)
    m = Match(game, tg, seating or local(game, conf, len(kinds)), lambda: pace, pacing)
    heard = Heard()
    m.subscribe(heard)
    return m, heard


@pytest.fixture
def thread_worker(monkeypatch):
    """Bots think in a real `BotWorker` (in a thread: no process to spawn on a busy machine);
    every worker a test starts is closed at its end."""
    monkeypatch.setattr(table_bots, "WORKER_FACTORY", lambda: BotWorker(use_process=False))
    started: list[TableBots] = []
    yield started
    for bots in started:
        bots.close()


def started(bots: TableBots, keep: list[TableBots]) -> None:
    bots.start()
    keep.append(bots)
    assert bots._thread is not None
    bots._thread.join(60)
    assert bots.ready, bots.error


def played_out(m: Match, heard: Heard, people: set[int] = frozenset(), person=None) -> float:
    """Step the match on a moving clock to the end of its game, a person here playing `person(state)`;
    waits only on the bot's own answer (never a fixed sleep). Returns the clock."""
    now, end = 0.0, time.monotonic() + DEADLINE
    while not m.state.is_over:
        assert time.monotonic() < end, "the game did not end in time"
        seat = m.state.current_seat
        if seat in people and not m.step(now):
            m.submit(person(m.state))
        elif not m.step(now):
            pending = m.seating.worker.pending
            if pending is not None:
                futures.wait([pending], timeout=60)
        now += 10.0
    return now


def check_whole_game(m: Match, heard: Heard) -> None:
    """Every action of the record was told once, in order; Finished once, last, with the result."""
    applied = heard.of(Applied)
    record = m.state.to_json()
    assert [a.action for a in applied] == [str(a) for a in record["actions"]]
    finished = heard.of(Finished)
    assert len(finished) == 1 and heard[-1] is finished[0]
    assert finished[0].game == m.game and finished[0].game_id == m.model.config["game_id"]
    assert finished[0].result["winners"] == m.state.winners()
    assert finished[0].record == record
    # a finished match stays finished: stepping on tells nothing more
    assert m.step(1e9) == [] and len(heard.of(Finished)) == 1


# ---------------------------------------------------------------- no pygame

def test_the_match_runs_without_pygame():
    """Importing the match, its seating and both games' models loads no pygame (the import walk of
    tests/test_imports.py holds the source; this holds what Python really loads)."""
    code = ("import sys, game.match.match, game.match.seating, game.lineit_table.model, game.linyo_table.model; "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


# ---------------------------------------------------------------- whole games

@pytest.mark.parametrize("game", GAMES)
def test_bots_in_a_real_worker_play_a_whole_game(game, thread_worker):
    m, heard = opened(game, ["bot", "bot"])
    started(m.seating.worker, thread_worker)
    played_out(m, heard)
    check_whole_game(m, heard)
    assert {a.by for a in heard.of(Applied)} == {By.BOT}
    assert {a.seat for a in heard.of(Applied)} == {0, 1}


@pytest.mark.parametrize("game", GAMES)
def test_a_person_here_and_a_bot_play_a_whole_game(game, thread_worker):
    m, heard = opened(game, ["human", "bot"])
    started(m.seating.worker, thread_worker)
    played_out(m, heard, {0}, lambda st: st.legal_actions()[-1])
    check_whole_game(m, heard)
    by_seat = {(a.seat, a.by) for a in heard.of(Applied)}
    assert by_seat == {(0, By.PERSON), (1, By.BOT)}


@pytest.mark.parametrize("game", GAMES)
def test_people_only_play_a_whole_game_through_submit(game):
    m, heard = opened(game, ["human", "human"])
    played_out(m, heard, {0, 1}, lambda st: st.legal_actions()[0])
    check_whole_game(m, heard)
    assert {a.by for a in heard.of(Applied)} == {By.PERSON}


def test_a_refused_person_action_raises_the_engine_refusal_and_changes_nothing():
    for game in GAMES:
        m, heard = opened(game, ["human", "human"])
        before = m.state.to_json()
        with pytest.raises(IllegalAction) as refused:
            m.submit("fly")
        assert refused.value.code == "action.unknown"
        assert m.state.to_json() == before and heard == []


def test_a_match_opened_on_a_finished_game_never_finishes_it_again():
    m, heard = opened("lineit", ["human", "human"])
    played_out(m, heard, {0, 1}, lambda st: st.legal_actions()[0])
    again = Match("lineit", m.model, m.seating)
    later = Heard()
    again.subscribe(later)
    assert again.step(0.0) == [] and later == []


# ---------------------------------------------------------------- the other drivers

class Stubborn:
    """A polled seat whose answer the engine refuses (a bot gone wrong, a forged room event)."""

    role = Role.BOT

    def __init__(self) -> None:
        self.asked = 0

    def ask(self, state, seat):
        self.asked += 1

    def poll(self, state, seat):
        return "fly"

    def answered(self):
        return True

    def deciding(self, state, seat):
        return True


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_polled_action_is_logged_and_the_fallback_played_the_same_in_both_games(game, caplog):
    conf = config(game, ["bot", "bot"])
    tg = model(game, conf)
    drivers: list[Driver] = [Stubborn(), Stubborn()]
    m = Match(game, tg, Seating(drivers, TableBots(game, ["easy"] * 2, [1, 2])))
    heard = Heard()
    m.subscribe(heard)
    expected = fallback(tg.state)
    with caplog.at_level(logging.ERROR, logger="linebox.match"):
        applied = m.step(0.0)
    assert [a.action for a in applied] == [expected] and heard == applied
    assert applied[0].by is By.BOT and applied[0].seat == 0
    assert any("illegal action 'fly'" in r.getMessage() for r in caplog.records)


def test_a_record_seat_is_never_polled_the_viewer_submits_its_actions():
    conf = config("linyo", ["human", "bot"])
    tg = model("linyo", conf)
    m = Match("linyo", tg, record("linyo", conf, 2))
    heard = Heard()
    m.subscribe(heard)
    assert m.step(0.0) == [] and m.step(100.0) == []
    fact = m.submit(tg.state.legal_actions()[0], By.RECORD)
    assert heard == [fact] and fact.by is By.RECORD


def test_a_tutorials_script_plays_its_seat_by_script_after_the_person():
    script = lineit_script.script()
    index = next(i for i, s in enumerate(script.steps) if s.do and s.bots)
    guide = Guide(script, index)
    conf = {**script.config("Ada"), "game_id": "tutorial"}
    tg = LineitGame(conf, state_at(script, index))
    m = Match("lineit", tg, scripted(guide)("lineit", conf, tg.players))
    heard = Heard()
    m.subscribe(heard)
    # the guide hears every applied action, as the tutorial's panel does at a table
    m.subscribe(lambda f: guide.applied(f.action) if isinstance(f, Applied) else None)
    assert isinstance(m.seating.driver(1), Script)
    for action in script.steps[index].do:
        assert m.step(0.0) == []              # the person's part first: the script waits
        m.submit(action)
    now = 0.0
    while not guide.ready():
        assert m.step(now), "the script's seat did not play"
        now += 10.0
    bots = [a for a in heard.of(Applied) if a.by is By.SCRIPT]
    assert [a.action for a in bots] == list(script.steps[index].bots)
    assert [a.by for a in heard.of(Applied)] == [By.PERSON] * len(script.steps[index].do) + [By.SCRIPT] * len(bots)


class Room:
    """An online room kept in memory, as the match meets one (`game.table.remote.RemoteTable`):
    the host's game is the truth (its seed draws the chance, first legal actions play the seats
    that are not ours); ours are posted (`post` ahead, or `applied` after the local game)."""

    def __init__(self, host, mine: set[int]) -> None:
        self.host = host
        self.mine = mine
        self.queued: dict[int, list[str]] = {p: [] for p in mine}
        self.done: list[str] = []
        self.fed: str | None = None
        self.run()

    def run(self) -> None:
        while not self.host.is_over:
            seat = self.host.current_seat
            if seat in self.mine:
                if not self.queued[seat]:
                    return
                self.host.apply(self.queued[seat].pop(0))
            else:
                self.host.apply(self.host.legal_actions()[0])

    @property
    def actions(self) -> list[str]:
        return [str(a) for a in self.host.to_json()["actions"]]

    def next_remote(self, state):
        if state.chance_needed is not None or len(self.done) >= len(self.actions):
            return None
        self.fed = self.actions[len(self.done)]
        return self.fed

    def outcome(self, state):
        k = len(state.chance)
        chance = self.host.to_json()["chance"]
        if k < len(chance) and chance[k]["at"] == len(self.done):
            return list(chance[k]["outcome"])
        return None

    def post(self, seat, action) -> bool:
        if seat not in self.mine:
            return False
        self.queued[seat].append(str(action))
        self.run()
        return True

    def applied(self, text) -> None:
        fed, self.fed = self.fed, None
        self.done.append(text)
        if fed != text:
            assert self.post(self.host.current_seat, text), "ours went to the room"

    def waiting_for(self):
        return [self.host.current_seat]


@pytest.mark.parametrize("game", GAMES)
def test_online_the_room_deals_plays_the_others_and_our_moves_posted_ahead_come_back_in_order(game):
    conf = config(game, ["human", "bot"])
    host = frontend(game).new_state(conf)
    local_conf = {**conf, "seed": None}
    tg = model(game, local_conf, external_chance=True)
    room = Room(host, {0})
    m = Match(game, tg, online(room)(game, local_conf, 2))       # type: ignore[arg-type]
    heard = Heard()
    m.subscribe(heard)
    now, end, ahead = 0.0, time.monotonic() + DEADLINE, 0
    while not m.state.is_over:
        assert time.monotonic() < end
        if not m.step(now) and m.state.current_seat == 0 and not room.queued[0]:
            action = m.state.legal_actions()[0]
            if ahead % 2:
                m.submit(action)                   # applied here, then posted (Line-it's way)
            else:
                assert m.post(0, action, By.HINT)  # posted ahead, played back in the room's order
            ahead += 1
        now += 10.0
    assert m.state.to_json()["actions"] == host.to_json()["actions"]
    assert heard.of(Dealt), "the room's chance outcomes went into the game"
    applied = heard.of(Applied)
    assert {a.by for a in applied if a.seat == 1} == {By.REMOTE}
    assert {a.by for a in applied if a.seat == 0} == {By.HINT, By.PERSON}
    assert len(heard.of(Finished)) == 1 and heard[-1] is heard.of(Finished)[0]


# ---------------------------------------------------------------- the pace, the view, the frame

class Instant:
    """A polled seat that answers at once with the first legal action."""

    role = Role.BOT

    def ask(self, state, seat):
        pass

    def poll(self, state, seat):
        return str(state.legal_actions()[0])

    def answered(self):
        return True

    def deciding(self, state, seat):
        return True


def instant(game: str, pacing: Pacing, players: int = 2) -> tuple[Match, Heard]:
    drivers: list[Driver] = [Instant() for _ in range(players)]
    return opened(game, ["bot"] * players, Seating(drivers, TableBots(game, ["easy"] * players, [1] * players)),
                  pace=1.0, pacing=pacing)


def test_lineit_pace_a_move_waits_out_the_pace_and_a_turn_end_halves_it():
    from game.lineit_table.model import PACING
    m, heard = instant("lineit", PACING)
    now, ends = 0.0, 0
    while ends < 2:
        applied = m.step(now)
        assert applied, "a move due now was not played"
        gap = 0.5 if applied[0].action == "end" else 1.0
        ends += applied[0].action == "end"
        assert m.step(now + gap - 0.01) == []
        now += gap


def test_lineit_pace_counts_while_the_view_is_busy_and_the_move_waits_for_the_view():
    from game.lineit_table.model import PACING
    m, heard = instant("lineit", PACING)
    assert m.step(0.0)
    assert m.step(5.0, ready=lambda seat: False) == []     # the market is still being dealt
    assert m.step(5.0)                                      # landed: the pace passed meanwhile


def test_linyo_pace_counts_only_once_the_view_is_ready_and_starts_are_quick():
    from game.linyo_table.model import PACING
    m, heard = instant("linyo", PACING)
    assert m.state.phase == "start"
    assert m.step(0.0)
    assert m.step(0.34) == [] and m.step(0.35)             # start fields: 0.35 of the pace
    assert m.step(10.0, ready=lambda seat: False) == []    # a stroke is being drawn: the pace starts again
    assert m.step(10.9) == [] and m.step(11.0)


def test_the_view_may_hold_a_due_move_for_one_more_look():
    m, heard = instant("linyo", STEADY)
    looks: list[int] = []

    def before(seat: int) -> bool:
        looks.append(seat)
        return len(looks) > 1        # the first look turns the sheet; the move lands at the next
    assert m.step(0.0, before=before) == []
    assert m.step(0.0, before=before) and looks == [0, 0]


def test_a_persons_forced_move_is_played_for_them_after_the_pace_and_a_short_look():
    forced = Pacing(forced=lambda tg: str(tg.state.legal_actions()[0]), forced_look=0.3)
    m, heard = opened("lineit", ["human", "human"], pace=1.0, pacing=forced)
    assert m.step(0.0, ready=lambda seat: False) == []     # their turn does not show yet
    first = m.step(0.0)
    assert [a.by for a in first] == [By.PERSON]
    assert m.step(0.29) == [] and m.step(0.3)


class Gate:
    """A bot worker whose answer comes only when the test says so (a bot thinking long)."""

    in_process = False

    def __init__(self) -> None:
        self.asked: list[futures.Future] = []

    def ask(self, game, level, seed, view, time_limit=None):
        f: futures.Future = futures.Future()
        self.asked.append(f)
        return f

    def close(self):
        pass


def test_step_never_waits_for_a_thinking_bot():
    m, heard = opened("lineit", ["bot", "human"])
    bots = m.seating.worker
    gate = bots.worker = Gate()
    returned: list[list] = []
    stepping = threading.Thread(target=lambda: returned.extend(m.step(float(k)) for k in range(50)))
    stepping.start()
    stepping.join(60)                  # a step that waited for the bot would hang here
    assert not stepping.is_alive() and returned == [[]] * 50
    assert len(gate.asked) == 1        # asked once for the position, not once a frame
    gate.asked[0].set_result(str(m.state.legal_actions()[0]))
    assert [a.by for a in m.step(100.0)] == [By.BOT]


# ---------------------------------------------------------------- hot seat, hints, undo

@pytest.mark.parametrize("game", GAMES)
def test_hot_seat_the_match_says_when_the_screen_goes_to_another_person(game):
    m, heard = opened(game, ["human", "human"])
    assert m.hand_over() == 0                 # the first person takes the screen
    m.handed(0)
    assert m.hand_over() is None
    while m.state.current_seat == 0:
        m.submit(m.state.legal_actions()[0])
    assert m.hand_over() == 1
    m.handed(1)
    assert m.hand_over() is None


@pytest.mark.parametrize("game", GAMES)
def test_one_person_at_the_screen_is_never_handed_over_to(game):
    m, heard = opened(game, ["human", "bot"])
    assert m.hand_over() is None and m.hand_over(0) is None


def test_a_hint_shown_is_told_and_a_played_hint_is_the_hints():
    m, heard = opened("lineit", ["human", "bot"])
    action = str(m.state.legal_actions()[0])
    m.hint_shown(0, action)
    fact = m.submit(action, By.HINT)
    assert heard == [HintShown(0, action), fact] and fact.by.helped


@pytest.mark.parametrize("game", GAMES)
def test_undo_goes_back_to_the_seats_undo_point_and_says_so(game):
    m, heard = opened(game, ["human", "bot"])
    assert m.undo() is False and heard == []          # nothing to take back yet
    m.submit(m.state.legal_actions()[0])
    points = m.state.undo_points()
    assert points, "the first action of the turn can be taken back"
    before = actions_of(m.state)
    assert m.undo() is True
    assert heard[-1] == Undone(0, points[-1], before)
    assert actions_of(m.state) == points[-1]


def test_an_unsubscribed_listener_hears_nothing_more():
    m, heard = opened("linyo", ["human"])
    later = Heard()
    stop = m.subscribe(later)
    m.submit(m.state.legal_actions()[0])
    stop()
    stop()                                     # twice is harmless
    m.submit(m.state.legal_actions()[0])
    assert len(later) == 1 and len(heard.of(Applied)) == 2
