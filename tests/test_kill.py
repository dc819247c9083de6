"""Kill test: SIGKILL a process playing Line-it at random moments.

Each child (`drive()`, run through `python -c`) does what the app does at
start (`storage.at_start()`), continues the autosave like the menu's Continue
(or starts a game), and plays every seat through the real `BotWorker`
process, writing the autosave after each action as the table does and
printing `saved N <action>` once the write returned. The test kills it at a
random moment and checks:

- the autosave loads (`TableGame.from_payload`) and holds the last action
  the child reported, or the one after it (killed between write and print);
- no `*.tmp` is left once the next start's cleanup ran;
- no process the child started (bot worker, resource tracker) outlives it.

Several user folders are played in parallel so the 24 kills take a few seconds.

The game-end kills (`finish`) are placed, not random: a child playing a
Linyo game through the real table SIGKILLs itself right after the history
write, or inside the history's or the statistics' write; the next start must
leave no temp file, and Continue must finish the game so that it is kept once
and counted once.
"""
from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
KILLS_PER_HOME = 6
HOMES = 4
MARK = "LINEBOX_KILL_TEST"


def drive() -> None:
    """Play Line-it games forever in $LINEBOX_HOME (the child side)."""
    from engine.bots.worker import BotWorker
    from game.files import storage
    from game.lineit_table.model import TableGame

    storage.at_start()
    worker = BotWorker()
    import multiprocessing.resource_tracker as rt
    print(f"pids {worker.pid} {rt._resource_tracker._pid}", flush=True)
    seed = 1
    while True:
        env = storage.latest_autosave()
        if env is not None:
            ctrl = TableGame.from_payload(env["payload"])
            seed = int(ctrl.config["seed"]) + 1
        if env is None or ctrl.state.is_over:
            seats = [{"name": "Ada", "kind": "human", "level": None}] + [
                {"name": f"Bot {i}", "kind": "bot", "level": "easy"} for i in (1, 2)]
            ctrl = TableGame.new({"game": "lineit", "seats": seats, "first_seat": None, "seed": seed,
                                   "final_plays": 1})
        while not ctrl.state.is_over:
            seat = ctrl.current
            text = worker.ask("lineit", "easy", seed=ctrl.bot_seeds[seat], view=ctrl.state.view(seat)).result(30)
            ctrl.apply(text)
            storage.write_autosave("lineit", ctrl.payload())
            print(f"saved {len(ctrl.state.history)} {text}", flush=True)
        print("over", flush=True)


def finish(where: str) -> None:
    """The child side of the game-end kills: a Linyo solo game played by mouse through the real table.

    `where` is "new" (start a game), "continue" (Continue the autosave, or print "nothing" and stop);
    with a "+kill-..." suffix the child SIGKILLs itself at that moment of the game end:
    "after-history" (the history write returned), "history-write" (a history file's temp file
    written, not renamed), "stats-write" (the statistics' temp file written, not renamed).
    """
    import signal

    from game.files import history, storage
    from game.shell import tables
    import test_table_linyo as YT

    mode, _sep, kill = where.partition("+kill-")
    storage.at_start()

    def die() -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    if kill == "after-history":
        real_record = history.record_game

        def record_then_die(*a, **k):
            kept = real_record(*a, **k)
            print(f"kept {kept.id if kept else None}", flush=True)
            die()
        history.record_game = record_then_die
    elif kill:
        real_replace = os.replace
        target = "statistics.json" if kill == "stats-write" else history.SUFFIX

        def replace(src, dst, *a, **k):
            if os.fspath(dst).endswith(target):
                die()
            return real_replace(src, dst, *a, **k)
        os.replace = replace
    app = YT.start_app()
    if mode == "new":
        scene = YT.open_game(app, YT.config([YT.HUMAN], seed=11))
    else:
        env = storage.latest_autosave()
        if env is None:
            print("nothing", flush=True)
            return
        assert tables.open_table(app, env, storage.autosave_path(env["game"]))
        app.run(frames=2, dt=YT.DT)
        scene = app.top
    YT.play_out(app, scene)
    app.run(frames=3, dt=YT.DT)
    print(f"over errors={app.errors}", flush=True)


def _finish_in_child(home: Path, where: str) -> tuple[int, str]:
    env = {**os.environ, "LINEBOX_HOME": str(home), "PYTHONPATH": str(ROOT),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    code = f"import sys; sys.path.insert(0, {str(ROOT / 'tests')!r}); import test_kill; test_kill.finish({where!r})"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    return done.returncode, done.stdout


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SIGKILL")
@pytest.mark.parametrize("kill", ["after-history", "history-write", "stats-write"])
def test_a_kill_at_the_game_end_keeps_the_game_once_and_counts_it_once(tmp_path, monkeypatch, kill):
    """Killed between the history write and the autosave clear, or inside the history's or the
    statistics' write: the next start cleans the temp files and Continue finishes the game, which is
    then in the history once and counted once (issue 24)."""
    from game.files import history, stats, storage

    home = tmp_path / "home"
    home.mkdir()
    code, out = _finish_in_child(home, f"new+kill-{kill}")
    assert code == -9, out
    if kill == "history-write":
        assert list((home / "history").glob("*.tmp")), "the kill left no temp file: it came too late"
    code, out = _finish_in_child(home, "continue")
    assert code == 0 and "over errors=0" in out, out
    monkeypatch.setenv("LINEBOX_HOME", str(home))
    storage.problems.clear()
    assert list(home.rglob("*.tmp")) == []
    assert len(history.load()) == 1
    assert stats.load()["games"]["linyo"]["games"] == 1
    assert storage.latest_autosave() is None and storage.take_problems() == []


def _alive_with_mark(token: str) -> list[int]:
    """Living (not zombie) processes whose environment carries `token`."""
    found = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            if f"{MARK}={token}".encode() not in Path(entry.path, "environ").read_bytes():
                continue
            state = Path(entry.path, "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state not in ("Z", "X"):
            found.append(int(entry.name))
    return found


def _run_and_kill(home: Path, rng: random.Random, after_save: bool) -> tuple[list[str], str]:
    """Start a child playing in `home`, SIGKILL it after a random time; its output lines.

    With `after_save` the random time starts once the child reported a save, so
    a slow (loaded) machine still kills mid-game, not only during start-up.

    Output goes to files, not pipes: a leaked worker would hold a pipe open
    and hang the reader instead of failing the check below.
    """
    token = uuid.uuid4().hex
    env = {**os.environ, "LINEBOX_HOME": str(home), "PYTHONPATH": str(ROOT), MARK: token,
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    code = f"import sys; sys.path.insert(0, {str(ROOT / 'tests')!r}); import test_kill; test_kill.drive()"
    out, err = home.parent / f"{home.name}-{token}.out", home.parent / f"{home.name}-{token}.err"
    with open(out, "w") as fout, open(err, "w") as ferr:
        child = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=fout, stderr=ferr)
    started = time.time()
    while out.stat().st_size == 0 and child.poll() is None and time.time() - started < 20:
        time.sleep(0.01)          # the first line: the worker process exists
    while after_save and b"saved " not in out.read_bytes() and child.poll() is None \
            and time.time() - started < 30:
        time.sleep(0.01)
    time.sleep(rng.uniform(0.0, 1.0))
    child.kill()
    child.wait()
    assert "Traceback" not in err.read_text(), err.read_text()
    lines = out.read_text().splitlines(keepends=True)
    return [ln for ln in lines if ln.endswith("\n")], token     # a line cut by the kill is not a report


def _check_after_kill(home: Path, lines: list[str], token: str, spent: float) -> str:
    """The next start in `home`: what the kill left must be whole and nothing may run on."""
    from game.files import storage
    from game.lineit_table.model import TableGame

    tmp_left = len(list(home.rglob("*.tmp")))
    storage.at_start()
    assert list(home.rglob("*.tmp")) == []
    assert not any(p.name.endswith(".bad") for p in home.iterdir())
    env = storage.latest_autosave()
    assert storage.take_problems() == []
    events = [ln.split(maxsplit=2) for ln in lines if ln.startswith(("saved ", "over"))]
    if events:
        assert env is not None
        actions = [str(a) for a in TableGame.from_payload(env["payload"]).state.history]
        if events[-1][0] == "over":       # the finished game, or the next one's first action
            assert len(actions) == int(events[-2][1]) or len(actions) == 1
        else:
            n, text = int(events[-1][1]), events[-1][2].strip()
            assert len(actions) in (n, n + 1), (n, len(actions))
            assert actions[n - 1] == text
    # nothing the child started outlives it (zombies waiting for init are dead)
    deadline = time.time() + 5
    while _alive_with_mark(token) and time.time() < deadline:
        time.sleep(0.05)
    assert _alive_with_mark(token) == [], "a process outlived the killed app"
    pids = [ln.split()[1:] for ln in lines if ln.startswith("pids ")]
    saves = sum(ln.startswith("saved ") for ln in lines)
    return f"{saves} saves in {spent:.2f} s, worker/tracker pids {pids[0] if pids else 'not yet'}, temp files left: {tmp_left}"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigkill_at_random_moments_loses_nothing_and_leaks_no_process(tmp_path, monkeypatch):
    log: list[str] = []
    failures: list[BaseException] = []
    checking = threading.Lock()      # the checks set LINEBOX_HOME, which is process-wide

    def home_loop(k: int) -> None:
        home = tmp_path / f"home{k}"
        home.mkdir()
        rng = random.Random(1000 + k)
        try:
            for i in range(KILLS_PER_HOME):
                t0 = time.perf_counter()
                lines, token = _run_and_kill(home, rng, after_save=i % 2 == 1)
                spent = time.perf_counter() - t0
                with checking:
                    monkeypatch.setenv("LINEBOX_HOME", str(home))
                    log.append(_check_after_kill(home, lines, token, spent))
        except BaseException as exc:  # noqa: BLE001 - raised in the test thread below
            failures.append(exc)

    threads = [threading.Thread(target=home_loop, args=(k,)) for k in range(HOMES)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failures:
        raise failures[0]
    print(f"\n{len(log)} kills:", *log, sep="\n  ")
    assert len(log) == HOMES * KILLS_PER_HOME >= 20
    assert sum(int(entry.split()[0]) > 0 for entry in log) >= 6, "too few kills came after a save"
