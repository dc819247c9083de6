"""The monkey: a seeded stream of random input over the real App, headless.

    python -m game.dev.monkey --events 100000 --seed 7 --lang de

Mouse motion, clicks (often on a widget of the top scene, so buttons really
get pressed), drags, wheel, keys with modifiers (Esc, Enter, Tab, F1, F11,
Ctrl+Z/V/A, arrows, digits), awkward text (NUL, ², right-to-left, emoji,
1000-character strings), window sizes from 1×1 to 2560×1440 and random frame
times. Pure chance would rarely reach a table's end or the save box, so every
`JUMP_EVERY` events the monkey jumps, through the App's own API, to the least
visited of the places it must cover (both tables with bots and humans,
hot-seat, pause, save, load, settings at every UI scale, both results
screens) and goes on from there at random.

The App's safety net logs every exception to `<LINEBOX_HOME>/logs/linebox.log`;
any entry there is a failure. The run prints events, frames, events/s, the
scenes visited and the distinct tracebacks, and exits 1 if the log is not
empty or a required place was never visited.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import socket
import sys
import tempfile
import faulthandler
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable

from engine.games import game as game_info
from engine.games import games

JUMP_EVERY = 60          # events between jumps to the least visited place
HANG_SECONDS = 120      # one event (a jump may play a whole bots-only game) may take this long
RESULTS_SECONDS = 90     # wall time a bots-only game may take to reach its results

AWKWARD_TEXT = ("\x00", "a\x00b", "²", "³", "¹", "4²", "٣", "שלום עולם", "مرحبا", "\u202eevil", "🙂", "👩‍👩‍👧",
                "x" * 1000, "W" * 1000 + " " + "é" * 1000, "\t\n\r", "\ud800", "ß", "ÿ", "7", "42", " ", "")

GAMES = tuple(g.name for g in games())       # the registry's games
# A pass screen stands between two people at one screen when hands are hidden (a rules trait).
PASS_GAME = next(g.name for g in games() if g.hidden_hands)
# Places the monkey must visit: scene names, plus settings at each UI scale; each game's table and results.
SCENES = ("menu", "setup", "settings", "rules", "stats", "load", "message", "confirm",
          "history", "table_pause", "table_save", "table_pass",
          *(f"{g}_{place}" for g in GAMES for place in ("table", "results")))


@dataclass
class Report:
    events: int = 0
    frames: int = 0
    seconds: float = 0.0
    visited: Counter = field(default_factory=Counter)
    languages: set = field(default_factory=set)
    first_error_at: dict = field(default_factory=dict)     # traceback signature -> event index
    tracebacks: dict = field(default_factory=dict)          # signature -> text

    def required(self) -> list[str]:
        from game.files.settings import UI_SCALES
        return list(SCENES) + [f"settings@{s}" for s in UI_SCALES]

    def missing(self) -> list[str]:
        return [name for name in self.required() if not self.visited[name]]


def _signature(entry: str) -> str:
    """A traceback's identity: its last frame and its exception line."""
    entry = re.sub(r"^\S+ \S+ ", "", entry.strip())     # without its timestamp
    lines = [ln for ln in entry.splitlines() if ln.strip()]
    frames = [ln.strip() for ln in lines if ln.strip().startswith("File ")]
    last = lines[-1].strip() if lines else entry
    return f"{frames[-1] if frames else ''} | {last[:200]}"


def log_entries(path: Path) -> list[str]:
    """Entries of linebox.log (each starts with a timestamp)."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8", errors="replace")
    return [e for e in re.split(r"\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)", text) if e.strip()]


class Monkey:
    """Drives one App with a seeded random stream."""

    def __init__(self, seed: int, lang: str, log: Callable[[str], None] = print, jump_every: int = JUMP_EVERY) -> None:
        import pygame

        from game.shell import tables
        from game.shell.app import App

        self.pg = pygame
        self.rng = random.Random(seed)
        self.say = log
        self.report = Report()
        _threads_for_bots()
        _loopback_only()
        self.app = App(size=(1280, 720))
        self.app.change_settings(language=lang, anim_speed="fast", bot_pace="instant")
        self.app.to_menu()
        self.tables = tables
        self.log_path = Path(self.app.log_path) if self.app.log_path else None
        self._seen_entries = 0
        self.jump_every = jump_every

    # ------------------------------------------------------------ bookkeeping
    def frame(self, dt: float | None = None) -> None:
        app = self.app
        if dt is None:
            dt = self.rng.choice((1 / 60, 1 / 60, 1 / 30, 0.0, self.rng.uniform(0, 0.25), 1.0))
        try:
            app.step(dt)
        except Exception as exc:      # more than 20 errors in a row: the net gave up; note and go on
            self.say(f"app gave up: {exc!r}")
            app.errors = 0
            app.stack.clear()
            app.to_menu()
        self.report.frames += 1
        if not app.running:           # a Quit button: start over at the menu
            app.running = True
            app.to_menu()
        self.note()

    def note(self) -> None:
        app = self.app
        top = app.top
        if top is not None:
            name = getattr(top, "name", type(top).__name__)
            self.report.visited[name] += 1
            if name == "settings":
                self.report.visited[f"settings@{app.lay.ui_scale}"] += 1
        self.report.languages.add(app.settings.language)
        if app.errors:
            app.errors = 0            # the log has it; keep the safety net from giving up
            self._read_log()

    def _read_log(self) -> None:
        if self.log_path is None:
            return
        entries = log_entries(self.log_path)
        for entry in entries[self._seen_entries:]:
            sig = _signature(entry)
            if sig not in self.report.tracebacks:
                self.report.tracebacks[sig] = entry
                self.report.first_error_at[sig] = self.report.events
        self._seen_entries = len(entries)

    # ------------------------------------------------------------ random input
    def post(self, kind: int, **kw) -> None:
        self.pg.event.post(self.pg.event.Event(kind, **kw))

    def pos(self) -> tuple[int, int]:
        w, h = self.app.screen.get_size()
        top = self.app.top
        widgets = [wd for wd in getattr(top, "widgets", []) if getattr(wd, "visible", True)]
        if widgets and self.rng.random() < 0.5:
            r = self.rng.choice(widgets).rect
            return (self.rng.randint(r.left, max(r.left, r.right - 1)), self.rng.randint(r.top, max(r.top, r.bottom - 1)))
        if self.rng.random() < 0.05:
            return (self.rng.randint(-50, w + 50), self.rng.randint(-50, h + 50))
        return (self.rng.randrange(max(1, w)), self.rng.randrange(max(1, h)))

    def random_event(self) -> None:
        pg, rng = self.pg, self.rng
        roll = rng.random()
        if roll < 0.22:
            self.post(pg.MOUSEMOTION, pos=self.pos(), rel=(rng.randint(-9, 9), rng.randint(-9, 9)),
                      buttons=(rng.random() < 0.1, 0, 0))
        elif roll < 0.45:
            p, b = self.pos(), rng.choice((1, 1, 1, 1, 2, 3))
            self.post(pg.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))
            self.post(pg.MOUSEBUTTONDOWN, pos=p, button=b)
            self.post(pg.MOUSEBUTTONUP, pos=p, button=b)
        elif roll < 0.52:
            self.drag()
            return
        elif roll < 0.56:
            self.post(pg.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False, precise_x=0.0,
                      precise_y=0.0)
        elif roll < 0.82:
            self.key()
        elif roll < 0.9:
            self.post(pg.TEXTINPUT, text=rng.choice(AWKWARD_TEXT))
        elif roll < 0.92:
            self.post(pg.TEXTEDITING, text=rng.choice(AWKWARD_TEXT), start=0, length=0)
        elif roll < 0.95:
            w = rng.choice((1, 320, 640, 800, 1024, 1280, 1920, 2560, rng.randint(1, 2560)))
            h = rng.choice((1, 240, 480, 600, 720, 1080, 1440, rng.randint(1, 1440)))
            self.post(pg.VIDEORESIZE, w=w, h=h, size=(w, h))
        elif roll < 0.97:
            self.post(rng.choice((pg.WINDOWSIZECHANGED, pg.WINDOWEXPOSED, pg.WINDOWFOCUSLOST, pg.WINDOWFOCUSGAINED,
                                  pg.WINDOWRESTORED, pg.WINDOWMOVED)), x=0, y=0)
        else:
            self.post(pg.ACTIVEEVENT, gain=rng.randint(0, 1), state=1)
        if rng.random() < 0.6:
            self.frame()

    def key(self) -> None:
        pg, rng = self.pg, self.rng
        keys = (pg.K_ESCAPE, pg.K_RETURN, pg.K_KP_ENTER, pg.K_SPACE, pg.K_TAB, pg.K_F1, pg.K_F11, pg.K_z, pg.K_v,
                pg.K_a, pg.K_UP, pg.K_DOWN, pg.K_LEFT, pg.K_RIGHT, pg.K_HOME, pg.K_END, pg.K_PAGEUP, pg.K_PAGEDOWN,
                pg.K_BACKSPACE, pg.K_DELETE, pg.K_0, pg.K_1, pg.K_2, pg.K_3, pg.K_4, pg.K_5, pg.K_6, pg.K_7,
                pg.K_8, pg.K_9, pg.K_u, pg.K_s, pg.K_h, pg.K_n, pg.K_q)
        k = rng.choice(keys)
        if k == pg.K_F11 and rng.random() < 0.7:     # full screen is fine, but not every tenth event
            k = pg.K_TAB
        mod = rng.choice((0, 0, 0, pg.KMOD_CTRL, pg.KMOD_SHIFT, pg.KMOD_ALT, pg.KMOD_CTRL | pg.KMOD_SHIFT,
                          pg.KMOD_META))
        uni = chr(k) if 32 <= k < 127 and not mod & (pg.KMOD_CTRL | pg.KMOD_META) else ""
        self.post(pg.KEYDOWN, key=k, mod=mod, unicode=uni, scancode=0)
        self.post(pg.KEYUP, key=k, mod=mod, unicode=uni, scancode=0)
        if uni and rng.random() < 0.5:
            self.post(pg.TEXTINPUT, text=uni)

    def drag(self) -> None:
        pg, rng = self.pg, self.rng
        a = self.pos()
        self.post(pg.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pg.MOUSEBUTTONDOWN, pos=a, button=1)
        self.frame(1 / 60)
        for _i in range(rng.randint(1, 6)):
            b = self.pos()
            self.post(pg.MOUSEMOTION, pos=b, rel=(b[0] - a[0], b[1] - a[1]), buttons=(1, 0, 0))
            a = b
            self.frame(1 / 60)
        self.post(pg.MOUSEBUTTONUP, pos=a, button=1)
        self.frame(1 / 60)

    # ------------------------------------------------------------ jumps (through the App's API)
    def places(self) -> dict[str, Callable[[], None]]:
        from game.files.settings import UI_SCALES
        out: dict[str, Callable[[], None]] = {
            "setup": lambda: self.open_setup(self.rng.choice(GAMES)),
            "settings": self.open_settings, "rules": lambda: self.app.open_rules(),
            "stats": lambda: self.push("stats"), "load": lambda: self.push("load"),
            "history": lambda: self.push("history"),
            "message": self.hostile_message, "confirm": self.ask_quit,
            "table_pass": lambda: self.play(PASS_GAME, humans=2),
            "table_pause": self.pause, "table_save": self.save, "menu": self.app.to_menu,
        }
        for g in GAMES:
            out[f"{g}_table"] = partial(self.play_some, g)
            out[f"{g}_results"] = partial(self.to_results, g)
        for s in UI_SCALES:
            out[f"settings@{s}"] = partial(self.open_settings, s)
        return out

    def jump(self) -> None:
        places = self.places()
        least = min(places, key=lambda name: (self.report.visited[name], self.rng.random()))
        target = least if self.rng.random() < 0.7 else self.rng.choice(list(places))
        places[target]()
        self.frame(1 / 60)

    def push(self, name: str) -> None:
        """The screen called `name`, over the menu."""
        self.app.to_menu()
        self.app.open(name)

    def open_settings(self, scale: float | None = None) -> None:
        self.push("settings")
        if scale is not None:
            self.app.change_settings(ui_scale=scale)

    def open_setup(self, game: str) -> Any:
        self.app.to_menu()
        return self.app.open("setup", game)

    def hostile_message(self) -> None:
        self.app.message(self.rng.choice(AWKWARD_TEXT) * self.rng.randint(1, 3), self.rng.choice(AWKWARD_TEXT))

    def ask_quit(self) -> None:
        from game.shell.scene import Scene
        self.app.to_menu()
        menu = self.app.top
        if isinstance(menu, Scene):
            menu.back()        # the menu asks "Quit Linebox?"

    def play_some(self, game: str) -> None:
        """A game with one or two people at the screen."""
        self.play(game, humans=self.rng.choice((1, 2)))

    def play(self, game: str, humans: int, level: str | None = None) -> None:
        """Start a game from the setup screen (seats set as a player would)."""
        setup = self.open_setup(game)
        seats = game_info(game).seats
        lo, hi = seats.start, seats.stop - 1
        n = self.rng.randint(max(lo, humans), min(hi, 4))
        setup.set_players(n)
        for i in range(n):
            setup._set_kind(i, "human" if i < humans else "bot")
            if i >= humans:
                setup.seats[i]["level"] = level or self.rng.choice(("easy", "easy", "normal", "hard"))
        if self.rng.random() < 0.3:
            setup.seed_text = str(self.rng.randrange(10 ** 6))
        setup.on_start()
        from game.scenes.dialogs import ConfirmScene
        top = self.app.top
        if isinstance(top, ConfirmScene):     # an unfinished game would be replaced: yes
            top._yes()

    def table(self):
        tables = {f"{g}_table" for g in GAMES}
        return next((s for s in self.app.stack if getattr(s, "name", "") in tables), None)

    def pause(self) -> None:
        if self.table() is None:
            self.play(self.rng.choice(GAMES), humans=1)
        while self.app.top is not self.table() and len(self.app.stack) > 1:
            self.app.pop()
        self.pg.event.post(self.pg.event.Event(self.pg.KEYDOWN, key=self.pg.K_ESCAPE, mod=0, unicode="", scancode=0))

    def save(self) -> None:
        from game.table.overlays import PauseScene
        self.pause()
        self.frame(1 / 60)
        top = self.app.top
        if isinstance(top, PauseScene) and any(getattr(w, "label", "") == "Save game" for w in top.widgets):
            top.save()

    def to_results(self, game: str) -> None:
        """A bots-only game run until its results screen (no input on the way).

        The bots think in a thread and the frame loop never waits for them, so the game's length
        is counted in wall time, not frames: each frame sleeps a moment to let the bot think
        (6000 bare frames passed in 2.5 s here, before an easy Line-it bot had finished a game)."""
        self.play(game, humans=0, level="easy")
        want = f"{game}_results"
        end = time.monotonic() + RESULTS_SECONDS
        while time.monotonic() < end:
            self.frame(0.5)
            if getattr(self.app.top, "name", "") == want or self.table() is None:
                break
            time.sleep(0.002)

    # ------------------------------------------------------------ run
    def run(self, events: int) -> Report:
        t0 = time.perf_counter()
        for i in range(events):
            self.report.events = i + 1
            # a hang is a defect too, and writes no log entry: past HANG_SECONDS on one event the
            # stacks are printed and the run ends (exit 1), so the hang is seen and located
            faulthandler.dump_traceback_later(HANG_SECONDS, exit=True)
            if i % self.jump_every == 0:
                self.jump()
            self.random_event()
        faulthandler.cancel_dump_traceback_later()
        self.frame(1 / 60)
        self._read_log()
        self.report.seconds = time.perf_counter() - t0
        return self.report


def _loopback_only() -> None:
    """The monkey types into the homeserver field and signs in: name look-ups other than this
    machine's fail at once, so no random text ever becomes traffic beyond this machine."""
    real = socket.getaddrinfo

    def guarded(host: Any, *args: Any, **kw: Any) -> Any:
        name = host.decode() if isinstance(host, bytes) else str(host)
        if name not in ("localhost", "::1") and not name.startswith("127."):
            raise socket.gaierror(socket.EAI_NONAME, "the monkey stays on this machine")
        return real(host, *args, **kw)
    socket.getaddrinfo = guarded


def _threads_for_bots() -> None:
    """Bots think in a thread here: a spawned process per table would outlive a crashed run."""
    from engine.bots.worker import BotWorker

    from game.table import bots
    bots.WORKER_FACTORY = lambda: BotWorker(use_process=False)


def run(events: int, seed: int, lang: str, say: Callable[[str], None] = print,
        jump_every: int = JUMP_EVERY) -> Report:
    """One monkey run in the current LINEBOX_HOME; the App is closed afterwards."""
    import pygame
    real_getaddrinfo = socket.getaddrinfo
    monkey = Monkey(seed, lang, say, jump_every)
    try:
        return monkey.run(events)
    finally:
        socket.getaddrinfo = real_getaddrinfo
        for scene in list(monkey.app.stack):      # stop bot threads of an open table
            try:
                scene.exit()
            except Exception:
                pass
        pygame.display.quit()


def print_report(r: Report, seed: int, lang: str) -> None:
    rate = r.events / r.seconds if r.seconds else 0.0
    print(f"monkey: seed {seed}, language {lang}: {r.events} events, {r.frames} frames, "
          f"{r.seconds:.1f} s, {rate:.0f} events/s")
    print("visited: " + ", ".join(f"{k} {v}" for k, v in sorted(r.visited.items())))
    print("languages: " + ", ".join(sorted(r.languages)))
    missing = r.missing()
    print("never visited: " + (", ".join(missing) if missing else "none"))
    print(f"distinct tracebacks: {len(r.tracebacks)}")
    for sig, text in r.tracebacks.items():
        print(f"--- first at event {r.first_error_at[sig]} (seed {seed}): {sig}\n{text}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.dev.monkey", description=__doc__.split("\n\n")[0])
    p.add_argument("--events", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--lang", choices=("en", "de", "fr"), default="en")
    p.add_argument("--home", help="user folder (default: a new temporary folder)")
    args = p.parse_args(argv)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["LINEBOX_HOME"] = args.home or tempfile.mkdtemp(prefix="linebox-monkey-")
    print(f"monkey: user folder {os.environ['LINEBOX_HOME']}")
    report = run(args.events, args.seed, args.lang)
    print_report(report, args.seed, args.lang)
    return 1 if report.tracebacks or report.missing() else 0


if __name__ == "__main__":
    sys.exit(main())
