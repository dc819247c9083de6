"""Bots that think off the frame loop.

The table asks `BotWorker.ask(...)` for a decision and gets a Future at once;
it polls `future.done()` each frame and keeps animating meanwhile. The bot
runs in a separate process, so a long search never takes the interpreter
lock from the frame loop. Where no process can be started (some sandboxes,
or a frozen app without multiprocessing support) it falls back to a thread,
which still never blocks the loop but shares the interpreter.

    worker = BotWorker()
    future = worker.ask("lineit", "hard", seed=3, view=state.view(seat))
    ...                        # each frame: if future.done(): text = future.result()
    worker.close()

Answers are action *texts*, so nothing engine-specific crosses the process edge.

A post-game review (engine/bots/review.py) is asked the same way and reports
how far it got: `job = worker.review(record, seat)`; each frame the screen
draws `job.progress` (0.0 to 1.0, a value shared with the worker process)
and reads `job.future.result()` once `job.future.done()` — plain data
(`Review.to_json()`). The worker does one thing at a time: a review asked
during a game delays the bots' moves, so screens ask it once a game is over.

The worker process ends when the app ends, however it ends: a thread in the
worker waits on the parent's sentinel (a pipe the parent holds; EOF when the
parent dies, even by SIGKILL) and exits at once. Without it a killed app left
the worker running forever, and with it multiprocessing's resource tracker,
which only exits once every holder of its pipe (the app and the worker) is gone.
"""
from __future__ import annotations

import importlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
import time
import weakref
from collections import OrderedDict
from types import SimpleNamespace
from typing import Any, Callable
from concurrent.futures import Executor, Future, InvalidStateError, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from . import make_bot, view_digest
from .base import Watch, superseded


#: answers the worker keeps (`ranked`): a hint asked for a position a bot has just decided, or
#: asked again, is answered without a new search.
ANSWERS_KEPT = 32
Plans = dict[str, list[str]]
"""A bot's whole-turn plan for each action it ranked, as action texts (the action first; `bot.plans`)."""
_ANSWERS: OrderedDict[tuple[Any, ...], tuple[float | None, int, list[tuple[Any, float, Any]], Plans]] = OrderedDict()


def ranked(game: str, level: str, seed: int, view: dict, k: int, budget: int | None,
           time_limit: float | None, watch: Watch | None = None) -> list[tuple[Any, float, Any]]:
    """`bot.rank(view, k)` of that bot (runs inside the worker), remembered per position."""
    return ranked_plans(game, level, seed, view, k, budget, time_limit, watch)[0]


def ranked_plans(game: str, level: str, seed: int, view: dict, k: int, budget: int | None,
                 time_limit: float | None, watch: Watch | None = None
                 ) -> tuple[list[tuple[Any, float, Any]], Plans]:
    """`bot.rank(view, k)` of that bot (runs inside the worker), remembered per position, with the
    whole-turn plan of each ranked action where the bot plans turns (`Plans`; else empty).

    A bot's answer is a function of its level, seed, budget and the view
    (`decision_rng`), and its top k is the first k of its top k+1 (the ranking
    does not depend on k), so a known answer with at least k entries is reused
    when it had no less time: it was found without a limit, or with a limit no
    shorter than this one. `decide` answers through here too: a hint for the
    position a bot has just decided costs no search.

    With a `watch` (a hint's search) the search may stop early (`base.Watch`): such
    an answer is never kept here, so a bot's own decision never reuses it.
    """
    key = (game, level, seed, budget, view_digest(view))
    known = _ANSWERS.get(key)
    if known is not None:
        limit, kept, answer, plans = known
        if kept >= k and (limit is None or (time_limit is not None and limit >= time_limit)):
            _ANSWERS.move_to_end(key)
            if watch is not None:
                watch.stopped = "known"
            return answer[:max(1, k)], plans
    bot = make_bot(game, level, seed=seed, budget=budget, time_limit=time_limit)
    if watch is not None and hasattr(bot, "watch"):
        bot.watch = watch
    answer = bot.rank(view, k)
    plans = {str(a): [str(b) for b in plan] for a, plan in getattr(bot, "plans", {}).items()}
    if watch is not None and watch.stopped != "budget":
        return answer, plans
    _ANSWERS[key] = (time_limit, k, answer, plans)
    _ANSWERS.move_to_end(key)
    while len(_ANSWERS) > ANSWERS_KEPT:
        _ANSWERS.popitem(last=False)
    return answer, plans


def decide(game: str, level: str, seed: int, view: dict, budget: int | None,
           time_limit: float | None) -> str:
    """One decision, as action text (runs inside the worker): the bot's `choose`,
    which is its best ranked action."""
    return str(ranked(game, level, seed, view, 1, budget, time_limit)[0][0])


def rank(game: str, level: str, seed: int, view: dict, k: int, budget: int | None,
         time_limit: float | None, ask_id: int = 0) -> list[dict]:
    """The bot's top-k choices, best first — for hints.

    Each is {"action": text, "score": float, "reason": English text,
    "template": msgid, "params": {...}, "facts": [...]}: plain data, so it
    crosses the process edge, and the UI can translate it as
    `_(template).format(**params)`. "facts" are what the move teaches about
    the position it leaves (engine/bots/teach.py: the numbers that still fit
    the line, the bet's progress, a jackpot's odds; the fields Linyo's lines
    still reach and those cut off), each {"text", "key", "template", "params"}.
    "search" is what the search did (`base.Watch.report`: its iterations, seconds,
    seconds from the player's wait to the answer, and why it stopped: "budget",
    "settled", "deadline", "superseded" or "known"). Where the bot planned the
    whole turn (Line-it), "plan" holds the plan's later steps, each
    {"action", "reason", "template", "params", "facts"} said from the position
    before it: the table hints them without a new search as the player follows
    the plan (`game.table.bots.TableBots`).

    `ask_id` names the question (`BotWorker.hint`): once the table says the player
    waits for it (`BotWorker.hurry`), the search answers as soon as its best move is
    settled, and at the latest `base.ANSWER_WITHIN` seconds later; once a newer
    question is asked, at once (its answer is then marked "superseded").
    """
    watch = _watch(ask_id)
    out = []
    answer, plans = ranked_plans(game, level, seed, view, k, budget, time_limit, watch)
    for action, score, why in answer:
        hint = _words(game, view, str(action), why)
        hint.update(score=float(score), search=watch.report)
        plan = plans.get(str(action), [])
        if len(plan) > 1:
            steps = importlib.import_module(f"engine.bots.{game}_bots").plan_steps(view, plan)
            hint["plan"] = [_words(game, before, a, w) for a, w, before in steps]
        out.append(hint)
    return out


def _words(game: str, view: dict, action: str, why: Any) -> dict:
    """What a hint says about `action` in `view`: its reason and what it teaches (`rank`)."""
    from .review import reason_json
    from .teach import facts

    return {"action": action, "reason": str(why), "template": getattr(why, "template", str(why)),
            "singular": getattr(why, "singular", ""),
            "params": dict(getattr(why, "params", {})),
            "facts": [reason_json(f) for f in facts(game, view, action)]}


def _watch(ask_id: int) -> Watch:
    """The watch of question `ask_id`: waited for once the table hurries it, superseded once a newer
    question is asked (the shared values `BotWorker` writes, `_start` keeps)."""
    newest, hurry = getattr(_CALLS, "newest", None), getattr(_CALLS, "hurry", None)
    if newest is None or hurry is None or not ask_id:
        return Watch(lambda: False)
    return Watch(waiting=lambda: hurry.value == ask_id, superseded=lambda: newest.value > ask_id)


log = logging.getLogger("linebox.bots")

#: seconds a move or a hint may go unanswered before the worker process is taken as hung (seen
#: under Wine: a spawned worker that started and never took a task). Its question is asked again
#: in a thread, and every later one too: a game never waits for ever on a bot. Far above any
#: decision's real time (a hard bot's p95 is ~0.3 s, its limit at a table 2.5 s).
WATCH_TICK = 0.5         # how often the watchdog looks at the questions in flight
HUNG_SECONDS = 30.0

_PROGRESS: Any = None
"""The worker's share of the progress value (`BotWorker.progress_value`), set by `_start`."""
_CALLS = threading.local()
"""The worker's share of `BotWorker.newest` and `BotWorker.hurried`, set by `_start` in the thread
that runs the questions (per thread: two workers in threads of one process never mix them up)."""


def review_game(record: dict, seat: int, top: int | None, seed: int) -> dict:
    """A post-game review as plain data (runs inside the worker), reporting its progress."""
    from .review import review

    progress = _PROGRESS

    def report(done: int, total: int) -> None:
        if progress is not None:
            progress.value = done / total if total else 1.0

    report(0, 1)
    result = review(record, seat, top=top, seed=seed, progress=report).to_json()
    report(1, 1)
    return result


class ReviewJob:
    """A review under way: `future` resolves to `Review.to_json()`; `progress` is 0.0-1.0."""

    def __init__(self, future: Future, value: Any) -> None:
        self.future = future
        self._value = value

    @property
    def progress(self) -> float:
        """How much of the review is done (never blocks: one shared float)."""
        return 1.0 if self.future.done() else float(self._value.value)


def _start(progress: Any, newest: Any, hurry: Any, in_process: bool) -> None:
    """Worker initializer: keep the shared values; a process also ends with its parent."""
    global _PROGRESS
    _PROGRESS = progress
    _CALLS.newest, _CALLS.hurry = newest, hurry
    if in_process:
        _exit_with_parent()


def _exit_with_parent() -> None:
    """Worker initializer: end this process as soon as the parent is gone."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)   # no cleanup to wait for: the worker holds no files

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


_OPEN: "weakref.WeakSet[BotWorker]" = weakref.WeakSet()
"""Workers made and not closed yet (`close_all`)."""


def close_all() -> int:
    """Close every worker still open; how many there were. What the end of the app's process does
    to its workers (they exit with their parent, `_exit_with_parent`), for a process that outlives
    its apps: a test run, where an App dropped with a table open kept its worker process for good."""
    open_now = list(_OPEN)
    for worker in open_now:
        worker.close()
    return len(open_now)


#: how often the pool's manager thread is woken under Wine (`_keep_waking`): an answer waits at most this
WINE_WAKE_S = 0.1


def _under_wine() -> bool:
    """True in a Windows build running under Wine (ntdll there exports wine_get_version)."""
    if sys.platform != "win32":
        return False
    import ctypes
    try:
        return hasattr(ctypes.WinDLL("ntdll"), "wine_get_version")
    except (OSError, AttributeError):
        return False


def _keep_waking(pool: ProcessPoolExecutor) -> None:
    """Under Wine, wake the pool's manager thread every WINE_WAKE_S until the pool is shut down.

    The manager thread waits for answers in multiprocessing.connection.wait, which parks a
    zero-byte overlapped read on the answers' pipe and cancels it when a question is sent.
    Under Wine 8.0 a later such read is at times never completed when the answer arrives: the
    worker had answered (it logged so), the answer sat in the pipe, the table waited 30 s for
    the watchdog (build/windows/test_setup.sh, 2 of 6 demos). A new wait sees an answer already
    in the pipe at once, so a wake-up every WINE_WAKE_S ends each such wait. Real Windows
    completes the read and never runs this."""
    wakeup = pool._executor_manager_thread_wakeup      # the pool's own "look again" pipe

    def wake() -> None:
        while True:
            time.sleep(WINE_WAKE_S)
            if getattr(pool, "_shutdown_thread", True):
                return
            try:
                wakeup.wakeup()
            except (OSError, ValueError):               # the pool closed its pipe meanwhile
                return
    threading.Thread(target=wake, name="bot-pool-wake", daemon=True).start()


class BotWorker:
    """One background worker shared by all bot seats of a table.

    Creating it never waits: the worker process starts in the background
    while the table animates. If the process cannot start, or dies, the
    question is asked again in a thread, and every later one too — the
    caller only ever sees a Future that resolves to the answer.
    """

    def __init__(self, use_process: bool = True) -> None:
        self.progress_value: Any = SimpleNamespace(value=0.0)
        # shared with the worker (`_watch`): the newest question's id, and the hint the player waits for
        self.newest: Any = SimpleNamespace(value=0)
        self.hurried: Any = SimpleNamespace(value=0)
        self._asked = 0
        # hints answered, by question, the oldest dropped first: asked again, a hint is
        # answered at once, even while the worker thinks about something else
        self._hints: OrderedDict[tuple[Any, ...], list[dict]] = OrderedDict()
        # questions whose process answer is awaited: (deadline, future, patience, ask again), `_watch`
        self._watched: list[tuple[float, Future, float, Callable[[], None]]] = []
        self._watch_lock = threading.Lock()
        self._watchdog: threading.Thread | None = None
        self._closed = threading.Event()     # the watchdog ends with the worker (it held it for good)
        self._pool: Executor = self._thread_pool() if not use_process else self._process_pool()
        _OPEN.add(self)

    def _thread_pool(self) -> Executor:
        return ThreadPoolExecutor(max_workers=1, initializer=_start,
                                  initargs=(self.progress_value, self.newest, self.hurried, False))

    def _process_pool(self) -> Executor:
        try:
            context = multiprocessing.get_context("spawn")
            shared = context.Value("d", 0.0)
            newest, hurried = context.RawValue("q", 0), context.RawValue("q", 0)  # one writer each side
            pool = ProcessPoolExecutor(max_workers=1, mp_context=context,
                                       initializer=_start, initargs=(shared, newest, hurried, True))
            pool.submit(int, 0)  # start the process now, without waiting for it
            self.progress_value, self.newest, self.hurried = shared, newest, hurried
            if _under_wine():
                _keep_waking(pool)
            return pool
        except Exception:  # no process support here: think in a thread instead
            return self._thread_pool()

    @property
    def in_process(self) -> bool:
        return isinstance(self._pool, ProcessPoolExecutor)

    def _to_thread(self) -> None:
        if self.in_process:
            pool, self._pool = self._pool, self._thread_pool()
            processes = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for proc in processes:      # a hung process would never end by itself
                try:
                    proc.terminate()
                except (OSError, ValueError, AttributeError):
                    pass

    def _submit(self, fn: Callable[..., Any], *args: Any, patience: float | None = None) -> Future:
        """`fn(*args)` in the worker; the Future the caller gets always settles. With `patience`, a
        process that has not answered by then is taken as hung: the question goes to a thread."""
        outer: Future = Future()

        def settle(inner: Future) -> None:
            if outer.done():            # a late answer from a process given up on
                return
            try:
                result = inner.result()
            except BrokenProcessPool:
                self._to_thread()
                self._pool.submit(fn, *args).add_done_callback(settle)
                return
            except BaseException as exc:  # the bot's own error reaches the caller
                try:
                    outer.set_exception(exc)
                except InvalidStateError:
                    pass
                return
            try:
                outer.set_result(result)
            except InvalidStateError:   # the thread's answer came first
                pass

        try:
            self._pool.submit(fn, *args).add_done_callback(settle)
        except (BrokenProcessPool, RuntimeError, OSError):
            self._to_thread()
            self._pool.submit(fn, *args).add_done_callback(settle)
        if patience is not None and self.in_process:
            self._watch(outer, patience, lambda: self._pool.submit(fn, *args).add_done_callback(settle))
        return outer

    def _watch(self, outer: Future, patience: float, again: Callable[[], None]) -> None:
        """After `patience` seconds without an answer: the process is hung; think in a thread.

        One watchdog thread per worker looks at the questions in flight (a thread started per
        question cost the frame loop about a millisecond for every bot move)."""
        with self._watch_lock:
            self._watched.append((time.monotonic() + patience, outer, patience, again))
            if self._watchdog is None:
                self._watchdog = threading.Thread(target=self._watch_loop, name="bot-watchdog", daemon=True)
                self._watchdog.start()

    def _watch_loop(self) -> None:
        while not self._closed.wait(WATCH_TICK):
            now = time.monotonic()
            with self._watch_lock:
                self._watched = [w for w in self._watched if not w[1].done()]
                late = [w for w in self._watched if w[0] <= now]
                self._watched = [w for w in self._watched if w[0] > now]
            for _deadline, outer, patience, again in late:
                if outer.done():
                    continue
                if self.in_process:
                    log.error("the bot worker process did not answer in %.0f s: bots think in a thread from "
                              "now on", patience)
                    self._to_thread()
                again()                 # the first answer settles the question, a later one is dropped

    def _next_id(self) -> int:
        """A new question's id; every hint's search asked before it may stop now (superseded)."""
        self._asked += 1
        self.newest.value = self._asked
        return self._asked

    def ask(self, game: str, level: str, seed: int, view: dict, budget: int | None = None,
            time_limit: float | None = None) -> "Future[str]":
        self._next_id()
        return self._submit(decide, game, level, seed, view, budget, time_limit, patience=HUNG_SECONDS)

    def hint(self, game: str, seed: int, view: dict, k: int = 3, level: str = "hard",
             budget: int | None = None, time_limit: float | None = None
             ) -> "Future[list[dict]]":
        """The bot's top `k` for `view` (`rank`): a Future that resolves as soon as
        the search is done, or soon after `hurry(future)` (the player waits); already
        done when this very hint was answered before. The worker also reuses a bot's
        decision for the same position (`ranked`). An answer cut short by a newer
        question ("superseded") is not kept: asked again, the search starts again."""
        key = (game, level, seed, k, budget, time_limit, view_digest(view))
        known = self._hints.get(key)  # (read here, written by the answers' callback thread: no reorder)
        if known is not None:
            done: Future = Future()
            done.set_result([dict(h) for h in known])
            return done
        ask_id = self._next_id()
        future = self._submit(rank, game, level, seed, view, k, budget, time_limit, ask_id, patience=HUNG_SECONDS)
        future.ask_id = ask_id  # type: ignore[attr-defined]  # for `hurry`

        def keep(answered: Future) -> None:
            if not answered.cancelled() and answered.exception() is None and not superseded(answered.result()):
                self._hints[key] = answered.result()
                while len(self._hints) > ANSWERS_KEPT:
                    self._hints.popitem(last=False)

        future.add_done_callback(keep)
        return future

    def hurry(self, future: Future) -> None:
        """The player waits for this hint (`hint`'s Future): its search answers as soon as its best
        move is settled, within `base.ANSWER_WITHIN` seconds (a search not started yet: of its start)."""
        ask_id = getattr(future, "ask_id", 0)
        if ask_id and not future.done():
            self.hurried.value = ask_id

    def review(self, record: dict, seat: int, top: int | None = None, seed: int = 0) -> ReviewJob:
        """Review `seat`'s decisions in the game of `record` (`state.to_json()`); see `ReviewJob`."""
        self._next_id()
        self.progress_value.value = 0.0
        return ReviewJob(self._submit(review_game, record, seat, top, seed), self.progress_value)

    @property
    def pid(self) -> int | None:
        """The worker process's id (None in a thread or before it started)."""
        procs = getattr(self._pool, "_processes", None) or {}
        return next(iter(procs), None)

    def close(self) -> None:
        """Stop: questions not started are dropped, the process ends once its question in hand is
        answered (an idle one at once), and the watchdog ends."""
        self._closed.set()
        _OPEN.discard(self)
        self._pool.shutdown(wait=False, cancel_futures=True)
