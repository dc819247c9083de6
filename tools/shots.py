"""Screenshots of every item of issue 26, from the real app in a real X window (a developer's tool).

    Xvfb :78 -screen 0 1920x1080x24 &
    DISPLAY=:78 SDL_VIDEODRIVER=x11 SDL_AUDIODRIVER=dummy PYTHONPATH=$PWD \\
        python tools/shots.py [--out /tmp/shots] [--langs en,de,fr] [--sizes 800x600,1920x1080] [--only review,hint]

For each language and window size it opens the App in-process (as the benches in
game/*_table/hint_bench.py do), drives it through the scenes' and tables' own API and
seeded games (bots at the "instant" pace, fast animations, the test helpers in tests/
reaching states where they exist) to each item's screen, and saves the window as
`<item>_<lang>_<W>x<H>.png` under --out: with ImageMagick's `import -window <id>` on X11,
else pygame's window surface after a present. Each language and size runs in its own
process with its own throwaway LINEBOX_HOME. Give each run its own X display: `import`
reads the screen, so two runs on one display photograph each other's windows (black or
mixed pictures). Not bundled: the installers take only `engine` and `game`.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent import futures
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]   # the test helpers are plain modules there (untyped for mypy)
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from engine.bots.worker import BotWorker  # noqa: E402
from game.files import history  # noqa: E402
from game.shell import tables  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.table import bots as bots_mod  # noqa: E402

DT = 1 / 60
LANGS = ("en", "de", "fr")
SIZES = ((800, 600), (1920, 1080))


class Shooter:
    """Saves the window of `app` as one item's PNG for the language and size being run."""

    def __init__(self, out: Path, lang: str, size: tuple[int, int]) -> None:
        self.out, self.lang, self.size = out, lang, size
        self.saved: list[Path] = []

    def __call__(self, app: App, item: str, frames: int = 30) -> None:
        app.run(frames=frames, dt=DT)          # crossfades and fast animations come to rest
        pygame.display.flip()                  # the whole window, not just the last frame's changed parts
        path = self.out / f"{item}_{self.lang}_{self.size[0]}x{self.size[1]}.png"
        window = pygame.display.get_wm_info().get("window")
        if pygame.display.get_driver() == "x11" and window and shutil.which("import"):
            for _ in range(3):
                time.sleep(0.15)               # the X server has drawn the pushed frame
                subprocess.run(["import", "-window", str(window), str(path)], check=True, timeout=60)
                if same_picture(pygame.image.load(str(path)), app.screen):
                    break
            else:
                print(f"  {path.name}: the X window shows something else (another window over it?)",
                      file=sys.stderr)
        else:
            pygame.image.save(app.screen, str(path))
        self.saved.append(path)
        print(f"  {path.name}", flush=True)


def same_picture(a: pygame.Surface, b: pygame.Surface) -> bool:
    """The screenshot shows the app's frame: the same size and, block by block, the same colours."""
    if a.get_size() != b.get_size():
        return False
    w, h = a.get_size()
    for x in range(0, w - w // 4 + 1, w // 4):
        for y in range(0, h - h // 4 + 1, h // 4):
            r = pygame.Rect(x, y, w // 4, h // 4)
            ca, cb = pygame.transform.average_color(a, r), pygame.transform.average_color(b, r)
            if max(abs(int(p) - int(q)) for p, q in zip(ca[:3], cb[:3])) > 6:
                return False
    return True


# ------------------------------------------------------------------ driving the app
def fresh(size: tuple[int, int], lang: str, **settings: Any) -> App:
    """A new App at `size` in `lang` at the menu: instant bots, fast animations, no first-game tips."""
    from game.scenes.menu import MenuScene
    for attempt in range(5):
        try:
            app = App(size=size)
            break
        except pygame.error:              # the X server refused a connection for a moment: again
            if attempt == 4:
                raise
            pygame.display.quit()
            time.sleep(2)
    values = dict(language=lang, anim_speed="fast", bot_pace="instant", first_game_tips=False)
    values.update(settings)
    app.change_settings(**values)
    app.reset(MenuScene(app))
    app.run(frames=2, dt=DT)
    return app


def until(app: App, cond: Callable[[], bool], seconds: float = 240.0) -> None:
    """Frames until `cond()`, letting a bot's thread answer between them; a generous deadline."""
    deadline = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > deadline:
            raise TimeoutError("the state was never reached")
        tick(app)


def tick(app: App) -> None:
    """One frame, after a bot thinking in its thread has answered (frames would only spin)."""
    for scene in app.stack:
        pending = getattr(getattr(scene, "bots", None), "pending", None) or getattr(scene, "pending", None)
        if isinstance(pending, futures.Future) and not pending.done():
            futures.wait([pending], timeout=10)
    app.step(DT)


def key(app: App, k: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=unicode, scancode=0))
    app.step(DT)


def click(app: App, pos: tuple[int, int]) -> None:
    pos = (int(pos[0]), int(pos[1]))
    for kind, extra in ((pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
                        (pygame.MOUSEBUTTONDOWN, {"button": 1}), (pygame.MOUSEBUTTONUP, {"button": 1})):
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
    app.run(frames=2, dt=DT)


def perform(app: App, gesture: tuple[str, Any]) -> None:
    """A tutorial player's gesture (tests/tutorial_player.py): a click or a drag through points."""
    kind, arg = gesture
    if kind == "click":
        click(app, arg)
        return
    pts = [(int(x), int(y)) for x, y in arg]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pts[0], rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pts[0], button=1))
    app.step(DT)
    for a, b in zip(pts, pts[1:]):
        for i in range(1, 5):
            p = (a[0] + (b[0] - a[0]) * i // 4, a[1] + (b[1] - a[1]) * i // 4)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
            app.step(DT)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pts[-1], button=1))
    app.run(frames=2, dt=DT)


_FINISHED: dict[str, tuple[Any, dict[str, Any]]] = {}


def finished(game: str) -> tuple[Any, dict[str, Any]]:
    """A seeded 2-seat game played to its end, and the engine's review of seat 0 (made once)."""
    if game not in _FINISHED:
        from engine.bots.review import review
        from game.replay import review as R
        from game.replay.__main__ import finished_game
        st = finished_game(game, 2, 3, "easy")
        _FINISHED[game] = (st, review(st.to_json(), 0, top=R.TOP).to_json())
    return _FINISHED[game]


def seats(game: str, n: int) -> list[dict[str, Any]]:
    names = ["Ada", "Bruno", "Chloé", "Dmitri", "Elif", "Farid"]
    out: list[dict[str, Any]] = [{"name": names[p], "kind": "human" if p == 0 else "bot",
                                  "level": None if p == 0 else "easy"} for p in range(n)]
    if game == "linyo":
        for s in out:
            s["difficulty"] = 2
    return out


# ------------------------------------------------------------------ the items
def review_items(shoot: Shooter, size: tuple[int, int], lang: str) -> None:
    """1. The review list after a game, and a jump to one decision with the better move drawn."""
    from game.replay import review as R
    for game in ("lineit", "linyo"):
        st, expected = finished(game)
        R._CACHE[(R.record_key(st.to_json()), 0)] = expected       # the engine's answer, made once above
        kept = history.record_game(game, st.to_json(), seats(game, st.players))
        assert kept is not None
        app = fresh(size, lang)
        sc: Any = app.open("review", kept.id, 0)
        until(app, reviewed(sc))
        shoot(app, f"review_{game}")
        key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN, "\r")       # the second costliest decision, its better move drawn
        shoot(app, f"review_{game}_jump")
        done(app)


def reviewed(sc: Any) -> Callable[[], bool]:
    return lambda: sc.review is not None and sc.review.run.done


def hint_items(shoot: Shooter, size: tuple[int, int], lang: str) -> None:
    """2. A Line-it hint with its teaching reason; a Linyo hint, then "Use hint" drawn to confirm."""
    from game.lineit_table.scene import TableScene
    app = fresh(size, lang, confirm_close_line=False)
    cfg = {"game": "lineit", "seed": 11, "first_seat": 0, "final_plays": 1,
           "seats": [{"name": "Ada", "kind": "human", "level": None}, {"name": "Bruno", "kind": "bot", "level": "hard"}]}
    assert tables.open_table(app, cfg)
    sc = next(s for s in app.stack if isinstance(s, TableScene))
    for _ in range(3):                  # a few turns in: lines and bets to teach about
        until(app, lambda: sc.my_turn() and not sc.board.animating)
        from test_table_lineit_follow_bots import play_one_turn  # type: ignore[import-not-found]
        play_one_turn(app, sc)
    until(app, lambda: sc.my_turn() and not sc.board.animating)
    key(app, pygame.K_t, "t")
    until(app, lambda: sc.hint is not None)
    shoot(app, "hint_lineit")
    done(app)

    app, scene = linyo_solo(size, lang)
    key(app, pygame.K_h, "h")
    until(app, lambda: scene.hint is not None)
    shoot(app, "hint_linyo")
    key(app, pygame.K_h, "h")            # Use hint: drawn, for the player to confirm
    shoot(app, "hint_linyo_use")
    done(app)


def linyo_solo(size: tuple[int, int], lang: str) -> tuple[App, Any]:
    """A solo Linyo game (seed 21) at its first move, played by keyboard as tests/test_table_linyo_keys does."""
    from test_table_linyo_keys import HUMAN, to_move  # type: ignore[import-not-found]
    app = fresh(size, lang)
    assert tables.open_table(app, {"game": "linyo", "seats": [HUMAN], "first_seat": 0, "seed": 21, "sheet": "A"})
    app.run(frames=2, dt=DT)
    scene: Any = app.top
    to_move(app, scene)
    app.run(frames=30, dt=DT)
    return app, scene


def reach_items(shoot: Shooter, size: tuple[int, int], lang: str) -> None:
    """3. Linyo's reach preview after a roll; keyboard drawing (cursor on the sheet, key help)."""
    from engine.linyo.reach import reach
    from test_table_linyo_keys import go_to  # type: ignore[import-not-found]
    app, scene = linyo_solo(size, lang)
    shoot(app, "linyo_reach")
    st, seat, p = scene.decide_state, scene.decide_seat, scene.path
    line = max(p.lines_with_moves(), key=lambda ln: max(reach(st, seat, ln).values()))
    key(app, pygame.K_1 + line - 1)
    step = min(p.next_fields(), key=lambda f: -max(reach(st, seat, line, [f]).values(), default=0))
    go_to(app, scene, step)
    key(app, pygame.K_RETURN, "\r")
    nxt = sorted(p.next_fields())
    if nxt:
        go_to(app, scene, nxt[0])         # the cursor on the next field, not yet added
    shoot(app, "linyo_keys")
    done(app)


def follow_items(shoot: Shooter, size: tuple[int, int], lang: str) -> None:
    """4. Last-move marks at 6 seats (both games), the log holding a round, the round and rounds
    left, and the hot-seat pass screen followed by "since the last turn"."""
    from test_table_lineit_follow_bots import play_one_turn, six  # type: ignore[import-not-found]
    from game.lineit_table.scene import TableScene
    from game.table.overlays import PassScene, SinceScene
    app = fresh(size, lang, confirm_close_line=False)
    assert tables.open_table(app, six())
    sc = next(s for s in app.stack if isinstance(s, TableScene))
    for _ in range(2):
        until(app, lambda: sc.my_turn() and not sc.board.animating)
        play_one_turn(app, sc)
    until(app, lambda: sc.my_turn() and not sc.board.animating)
    shoot(app, "marks_lineit6")
    done(app)

    from test_table_linyo_follow_bots import second_move  # type: ignore[import-not-found]
    app = fresh(size, lang)
    second_move(app, 6)
    # the helper drew by mouse: the pointer rests on the sheet, and a field's tooltip would come up
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(size[0] - 2, 2), rel=(0, 0), buttons=(0, 0, 0)))
    shoot(app, "marks_linyo6")
    done(app)

    app = fresh(size, lang, confirm_close_line=False)
    cfg = six(hot=True)
    assert tables.open_table(app, cfg)
    app.run(frames=3, dt=DT)
    sc = next(s for s in app.stack if isinstance(s, TableScene))
    seen = 0
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        top = app.top
        if isinstance(top, PassScene):
            if top.seat == 3 and seen:
                break
            seen += top.seat == 0
            click(app, top.widgets[0].rect.center)
            if isinstance(app.top, SinceScene):
                key(app, pygame.K_RETURN, "\r")
        elif sc.my_turn() and app.top is sc and not sc.board.animating:
            play_one_turn(app, sc)
        else:
            tick(app)
    assert isinstance(app.top, PassScene)
    shoot(app, "pass_lineit")
    click(app, app.top.widgets[0].rect.center)
    assert isinstance(app.top, SinceScene)
    shoot(app, "since_lineit")
    done(app)


def tutorial_items(shoot: Shooter, size: tuple[int, int], lang: str) -> None:
    """5. A step of each tutorial with its bubble off what it talks about; Line-it's results, won."""
    from game.table.results import TableResults
    from game.tutorial import open_tutorial
    from tutorial_player import panel, right_gesture  # type: ignore[import-not-found]

    def tutorial(app: App) -> Any:
        return next(s for s in reversed(app.stack) if any(
            type(c).__name__ == "GuidePanel" for c in getattr(s, "components", ())))

    for game, at in (("lineit", 6), ("linyo", 4)):
        app = fresh(size, lang)
        open_tutorial(app, game, 0)
        app.run(frames=3, dt=DT)
        shot_at = False
        for _ in range(5000):
            sc = tutorial(app)
            g = panel(sc).guide
            busy = sc.board.animating if game == "lineit" else (sc.reveal.busy() or sc.dice.rolling())
            if busy:
                app.step(DT)
                continue
            if g.index == at and not shot_at:
                shoot(app, f"tutorial_{game}")
                shot_at = True
                if game == "linyo":
                    break
            if g.last and g.ready() and sc.tg.state.is_over:
                shoot(app, f"tutorial_{game}_last")
                perform(app, ("click", panel(sc).b_next.rect.center))     # Finish
                until(app, showing(app, TableResults))
                shoot(app, f"tutorial_{game}_won")
                break
            gesture = right_gesture(app, sc)
            if gesture is None:
                app.step(DT)
            else:
                perform(app, gesture)
        done(app)


def toast_items(shoot: Shooter, size: tuple[int, int], lang: str) -> None:
    """7. The longest toast a table shows (the autosave failed, the language's words) over a
    4-seat Line-it table and a solo Linyo table, where it covers nothing the player needs."""
    from game.shell.i18n import _
    text = _("Your game could not be saved ({reason}). Play on, but it will be lost when you leave.").format(
        reason="No space left on device")
    app = fresh(size, lang)
    assert tables.open_table(app, {"game": "lineit", "seed": 3, "first_seat": 0, "final_plays": 1,
                                   "seats": seats("lineit", 4)})
    app.run(frames=10, dt=DT)
    app.toast(text, seconds=60.0)
    shoot(app, "toast_lineit")
    done(app)
    app, _scene = linyo_solo(size, lang)
    app.toast(text, seconds=60.0)
    shoot(app, "toast_linyo")
    done(app)


def showing(app: App, kind: type) -> Callable[[], bool]:
    return lambda: isinstance(app.top, kind)


def shell_items(shoot: Shooter, size: tuple[int, int], lang: str) -> None:
    """6. Settings, both setups, the end of Line-it's rules, History with a branch, Statistics."""
    import shell_walk as W  # type: ignore[import-not-found]
    for name in ("settings", "setup_lineit", "setup_linyo", "history_branch", "statistics_played"):
        app = fresh(size, lang)
        W.open_scene(app, name)
        shoot(app, name)
        done(app)
    from game.scenes.rules import RulesScene
    app = fresh(size, lang)
    app.push(RulesScene(app))
    app.run(frames=5, dt=DT)
    key(app, pygame.K_END)
    shoot(app, "rules_lineit_end")
    done(app)


def results_items(shoot: Shooter, size: tuple[int, int], lang: str) -> None:
    """6. The results of each game, and "Look at the table" after it (final lines; the way back)."""
    for game in ("lineit", "linyo"):
        st, _review = finished(game)
        app = fresh(size, lang)
        env = {"kind": "save", "game": game, "payload": {"config": {"game": game, "seed": st.seed,
                                                                    "seats": seats(game, st.players)},
                                                         "record": st.to_json()}}
        assert tables.open_table(app, env)
        table: Any = app.top
        until(app, counted(table), 60)           # Linyo counts the free fields first
        table.game_over()                          # kept in the history: Watch replay and Review show
        if getattr(table, "results_seen", False) and not table.results_open:
            key(app, pygame.K_RETURN, "\r")       # a finished game opens as looked at: Enter shows the results
        else:                                      # as tests/test_review_ui.py does
            table.show_results()
        until(app, results_up(app), 60)
        results: Any = app.top
        shoot(app, f"results_{game}")
        click(app, results.b_look.rect.center)
        shoot(app, f"look_{game}")
        done(app)


def counted(table: Any) -> Callable[[], bool]:
    return lambda: getattr(table, "finished", True) and getattr(table, "scoring_t", None) is None


def results_up(app: App) -> Callable[[], bool]:
    return lambda: hasattr(app.top, "b_look")


def done(app: App) -> None:
    """Leave the app: the tables stop their bots; the window closes."""
    from game.scenes.menu import MenuScene
    app.reset(MenuScene(app))
    app.run(frames=2, dt=DT)
    app.quit()
    pygame.display.quit()


ITEMS: dict[str, Callable[[Shooter, tuple[int, int], str], None]] = {
    "review": review_items, "hint": hint_items, "reach": reach_items, "follow": follow_items,
    "tutorial": tutorial_items, "shell": shell_items, "results": results_items, "toast": toast_items,
}


def run(out: Path, langs: list[str], sizes: list[tuple[int, int]], only: list[str]) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    bots_mod.WORKER_FACTORY = lambda: BotWorker(use_process=False)   # bots think in a thread of this process
    saved: list[Path] = []
    for lang in langs:
        for size in sizes:
            os.environ["LINEBOX_HOME"] = tempfile.mkdtemp(prefix=f"linebox-shots-{lang}-")
            shoot = Shooter(out, lang, size)
            print(f"{lang} {size[0]}x{size[1]}", flush=True)
            for name in only:
                ITEMS[name](shoot, size, lang)
            saved += shoot.saved
    return saved


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--out", type=Path, default=Path("/tmp/shots"))
    ap.add_argument("--langs", default=",".join(LANGS))
    ap.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    ap.add_argument("--only", default=",".join(ITEMS), help="items: " + ", ".join(ITEMS))
    a = ap.parse_args()
    sizes = [(int(w), int(h)) for w, h in (s.split("x") for s in a.sizes.split(","))]
    only = a.only.split(",")
    unknown = [n for n in only if n not in ITEMS]
    if unknown:
        ap.error(f"unknown items: {', '.join(unknown)}")
    langs = a.langs.split(",")
    if len(langs) * len(sizes) == 1:
        saved = run(a.out, langs, sizes, only)
        print(f"{len(saved)} screenshots in {a.out}")
        return
    # each language and size in its own process: every App opens and closes a window, and a
    # long run in one process came to an X server refusing the next one
    for lang in langs:
        for w, h in sizes:
            subprocess.run([sys.executable, __file__, "--out", str(a.out), "--langs", lang,
                            "--sizes", f"{w}x{h}", "--only", ",".join(only)], check=True)
    print(f"{len(list(a.out.glob('*.png')))} screenshots in {a.out}")


if __name__ == "__main__":
    main()
