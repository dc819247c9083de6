"""The App: window, clock, scene stack, transitions, and the safety net.

    app = App()                      # opens the window, loads settings
    app.to_menu()
    app.run()                        # until the player quits

Tests drive the same loop a frame at a time: post events with
`pygame.event.post(...)`, then `app.step(1 / 60)` or `app.run(frames=n)`.

Screens are reached by name (`game.scenes.SCENES`, the one list of them):
`open(name, ...)` pushes one, `start(name, ...)` clears the stack and starts
there, `make(name, ...)` only builds it; the App imports no screen itself, so
a screen's module is loaded the first time it is opened. Scene changes:
`push` (overlay or next screen), `pop`, `replace`, `reset` (clear the stack,
e.g. back to the menu). Each change crossfades from the last frame with
pytweening easing (skipped with reduced motion).

Safety net: an exception raised inside a scene is logged to
`<log dir>/linebox.log`, the stack goes back to the menu, and the player sees
a plain message. Global keys: F11 fullscreen, F1 rules. A file dropped on the
window (also how macOS hands over "open with Linebox") opens in the replay
viewer if it is a `.linebox` game file.
"""
from __future__ import annotations

import logging
import os
import traceback
from functools import partial
from typing import Any, Callable, Protocol

import pygame

from . import i18n, sound
from game.files import storage
from .i18n import _
from game.files.logfile import QuietRotatingFileHandler
from game.files.paths import log_dir
from game.scenes import factory
from game.files.settings import Settings
from game.ui import text as T
from game.ui import theme as C
from game.ui.layout import Layout

log = logging.getLogger("linebox")
FPS = 60
TRANSITION_SECONDS = 0.32
MIN_SIZE = (640, 480)
HEADLESS = ("dummy", "offscreen")
HEADLESS_MAX = [(3840, 2160)]   # no display to fit (dummy driver): still no giant windows


def _setup_logging() -> str:
    folder = log_dir()
    path = folder / "linebox.log"
    if any(getattr(h, "_linebox", False) for h in log.handlers):
        for h in log.handlers:
            if getattr(h, "_linebox", False) and getattr(h, "baseFilename", "") == str(path):
                return str(path)
        for h in [h for h in log.handlers if getattr(h, "_linebox", False)]:
            log.removeHandler(h)
            h.close()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = QuietRotatingFileHandler(path, maxBytes=512_000, backupCount=2, encoding="utf-8")
    except OSError:
        return ""
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler._linebox = True  # type: ignore[attr-defined]
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    return str(path)


def _window() -> pygame.Surface:
    """The window's surface: the app opens it first thing and keeps it until it quits."""
    surface = pygame.display.get_surface()
    if surface is None:
        raise RuntimeError("the app's window is not open")
    return surface


def fit_window(size: tuple[int, int]) -> tuple[int, int]:
    """`size` clamped to the largest display, and never below MIN_SIZE.

    A stored or given size bigger than the screen made every frame draw (and test) pixels
    nobody sees: 16000×12000 took 88 s to smoke-test.
    """
    w, h = int(size[0]), int(size[1])
    try:
        headless = pygame.display.get_driver() in HEADLESS
        desktops = HEADLESS_MAX if headless else pygame.display.get_desktop_sizes()
    except pygame.error:
        desktops = []
    if desktops:
        w = min(w, max(d[0] for d in desktops))
        h = min(h, max(d[1] for d in desktops))
    return max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)


# events after which the window may not show what we last pushed (uncovered, restored, ...)
_REPAINT_EVENTS = {getattr(pygame, name) for name in (
    "VIDEOEXPOSE", "WINDOWEXPOSED", "WINDOWSHOWN", "WINDOWRESTORED", "WINDOWMAXIMIZED",
    "WINDOWFOCUSGAINED", "WINDOWENTER", "WINDOWDISPLAYCHANGED") if hasattr(pygame, name)}


class Scene(Protocol):
    """What the App asks of a screen on its stack (`game.shell.scene.Scene` is the base every screen
    extends; the App names only this, so it imports no screen)."""

    opaque: bool
    name: str

    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...
    def layout(self, lay: Layout) -> None: ...
    def handle(self, event: pygame.event.Event) -> bool: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...


class App:
    """Owns the window, the clock and the scene stack."""

    def __init__(self, size: tuple[int, int] | None = None) -> None:
        self.log_path = _setup_logging()
        storage.at_start()      # stale temp files go; an unwritable folder is told once
        self.settings = Settings.load()
        if not self.settings.language:
            self.settings.language = i18n.system_language()
            self._save_settings()
        i18n.set_language(self.settings.language)
        pygame.display.init()
        if pygame.display.get_driver() == "x11":
            # X11 has a native window framebuffer (shared memory). SDL's default
            # instead emulates one with a renderer texture: measured at 1920×1080
            # under Xvfb, that doubles memory (224 → 114 MB) and costs ~70 ms per
            # flip. Only X11: some drivers (Wayland, Cocoa) have no native one.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        T.start_fonts()
        # Every attribute exists before anything can call back into the app (relayout,
        # the safety net): a stored full screen used to relayout before the stack existed.
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self.running = True
        self.frames = 0
        self._snapshot: pygame.Surface | None = None
        self._trans_t = 1.0
        self._bg_cache: tuple[tuple[int, int], pygame.Surface] | None = None
        self._dim_cache: tuple[tuple[int, int], pygame.Surface] | None = None
        self._window_dirty = 0.0
        self.errors = 0
        self.toasts: list[list] = []   # [text, seconds left]
        self._toast_place: tuple = (None, [])   # (what it depends on, the toasts' boxes)
        # What the top scene says it changed on the window this frame (see `present_only`);
        # None = push the whole window. A window event forces a whole push next frame.
        self._present: list[pygame.Rect] | None = None
        self._present_all = True
        # The scene that alone painted the whole window last frame (no toast, crossfade, dimmed
        # overlay or window event since): only it may repaint just what moved. Checking only the
        # current frame left the last, faint frame of a toast, a crossfade or a closed dialog on
        # the table (visible at 1920×1080, where frames are slow), and after F11 patched a new,
        # black framebuffer.
        self._alone: Scene | None = None
        self.presented = {"whole": 0, "parts": 0, "none": 0}   # frames by kind (tests, figures)
        self._fullscreen = False
        self._fullscreen_failed = False
        stored_w, stored_h = self.settings.window
        w, h = fit_window(size or (stored_w, stored_h))
        # `--size` is for this run only: that size is never stored (a resize by hand is)
        self._size_for_run: tuple[int, int] | None = (w, h) if size else None
        if self.settings.window_pos and not size:
            os.environ.setdefault("SDL_VIDEO_WINDOW_POS", "%d,%d" % tuple(self.settings.window_pos))
        pygame.display.set_caption("Linebox")
        self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.lay = Layout(*self.screen.get_size(), self.settings.ui_scale)
        if self.settings.fullscreen:
            self.set_fullscreen(True, store=False)
        sound.init()
        sound.set_volume(self.settings.volume, self.settings.muted)

    # ------------------------------------------------------------ settings
    def _save_settings(self) -> None:
        try:
            self.settings.save()
        except OSError as exc:
            log.warning("cannot save settings: %s", exc)

    def change_settings(self, **values) -> None:
        """Set settings, apply them at once (language, sound, scale) and store them."""
        for key, value in values.items():
            setattr(self.settings, key, value)
        if "language" in values:
            i18n.set_language(values["language"])
        if "volume" in values or "muted" in values:
            sound.set_volume(self.settings.volume, self.settings.muted)
        if "fullscreen" in values:
            self.set_fullscreen(bool(values["fullscreen"]), store=False)
        self._save_settings()
        self.relayout()

    def set_fullscreen(self, on: bool, store: bool = True) -> None:
        """Desktop fullscreen on/off (F11)."""
        try:
            # headless (tests, the monkey) there is no screen to fill: only the state changes
            if pygame.display.get_driver() not in HEADLESS and pygame.display.is_fullscreen() != on:
                pygame.display.toggle_fullscreen()
        except pygame.error as exc:  # e.g. a video driver without full screen: say so once
            if not self._fullscreen_failed:
                log.warning("fullscreen %s failed: %s", on, exc)
            self._fullscreen_failed = True
        self._fullscreen = on
        if store:
            self.settings.fullscreen = on
            self._save_settings()
        self.relayout()

    # ------------------------------------------------------------ stack
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    @property
    def in_transition(self) -> bool:
        """A crossfade between scenes is still being drawn over the window."""
        return self._trans_t < 1.0

    def can_push_partial(self, scene: Scene) -> bool:
        """`scene` alone painted the whole window last frame and paints it alone now (top, no
        toast, no crossfade, no window event), so it may repaint and push only what changed
        (`present_only`)."""
        return self.top is scene and self._alone is scene and not self.toasts and not self.in_transition

    def window_changed(self) -> None:
        """The window may no longer show what was drawn (resized, full screen, exposed, a new
        framebuffer): the next frame is drawn whole and pushed whole."""
        self._alone = None
        self._present_all = True

    def _start_transition(self) -> None:
        if self.settings.anim_factor <= 0 or self.frames == 0:
            self._snapshot = None
            self._trans_t = 1.0
            return
        self._snapshot = self.screen.copy()
        self._trans_t = 0.0

    def push(self, scene: Scene) -> None:
        """Put `scene` on top (the one below is paused)."""
        self._start_transition()
        if self.stack:
            self._guard(self.stack[-1].pause)
        self.stack.append(scene)
        self._guard(lambda: scene.layout(self.lay))
        self._guard(scene.enter)

    def pop(self) -> Scene | None:
        """Remove the top scene (the one below resumes); the root is never popped."""
        if len(self.stack) <= 1:
            return None
        self._start_transition()
        scene = self.stack.pop()
        self._guard(scene.exit)
        self._guard(self.stack[-1].resume)
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for `scene`."""
        self._start_transition()
        if self.stack:
            old = self.stack.pop()
            self._guard(old.exit)
        self.stack.append(scene)
        self._guard(lambda: scene.layout(self.lay))
        self._guard(scene.enter)

    def reset(self, scene: Scene) -> None:
        """Clear the stack and start over at `scene`."""
        self._start_transition()
        while self.stack:
            self._guard(self.stack.pop().exit)
        self.stack.append(scene)
        self._guard(lambda: scene.layout(self.lay))
        self._guard(scene.enter)

    # ------------------------------------------------------------ by name
    def make(self, name: str, *args: Any, **kwargs: Any) -> Scene | None:
        """Build the screen called `name` (see `game.scenes.SCENES`) with these arguments; None when
        it could not be opened (it told the player why)."""
        return factory(name)(self, *args, **kwargs)

    def open(self, name: str, *args: Any, **kwargs: Any) -> Scene | None:
        """Push the screen called `name`; returns it (None: it could not be opened)."""
        scene = self.make(name, *args, **kwargs)
        if scene is not None:
            self.push(scene)
        return scene

    def start(self, name: str, *args: Any, **kwargs: Any) -> Scene | None:
        """Clear the stack and start at the screen called `name` (None: it could not be opened,
        and the stack is as it was)."""
        scene = self.make(name, *args, **kwargs)
        if scene is not None:
            self.reset(scene)
        return scene

    def to_menu(self) -> None:
        """Back to the main menu, whatever is on the stack."""
        self.start("menu")

    def quit(self) -> None:
        self.running = False
        self._store_window()

    # ------------------------------------------------------------ messages
    def message(self, text: str, title: str | None = None) -> None:
        """Show `text` in a box over the current scene until the player closes it."""
        self.open("message", text, title)

    def confirm(self, text: str, on_yes: Callable[[], None], yes: str | None = None) -> None:
        """Ask yes/no over the current scene; `on_yes` runs after the box closed."""
        self.open("confirm", text, on_yes, yes)

    def toast(self, text: str, seconds: float = 2.5) -> None:
        """A short note at the top of the window that fades by itself."""
        self.toasts.append([text, seconds])

    def show_problems(self) -> None:
        """Show (once) what storage had to tell: files set aside, writes that failed."""
        msgs = list(dict.fromkeys(storage.take_problems()))   # a file read twice is told once
        if msgs:
            self.message("\n\n".join(msgs), _("About your files"))

    def open_rules(self, game: str | None = None) -> None:
        """Push the rules reader (F1 anywhere), opened at `game`'s section (not a second one)."""
        if self.top is None or self.top.name != "rules":
            self.open("rules", game)

    # ------------------------------------------------------------ safety net
    def _guard(self, fn: Callable[[], object]) -> object:
        try:
            return fn()
        except Exception as exc:  # the safety net: never crash to the desktop
            self._crashed(exc)
            return None

    def _crashed(self, exc: BaseException) -> None:
        self.errors += 1
        log.error("uncaught error in a scene:\n%s", "".join(traceback.format_exception(exc)))
        if self.errors > 20:
            raise exc  # something is broken beyond recovery; do not loop forever
        where = self.log_path or _("the log file")
        text = _("Something went wrong, so Linebox went back to the menu. "
                 "Details were written to {file}.").format(file=where)
        self.stack.clear()
        self._snapshot = None
        self._trans_t = 1.0
        self.window_changed()
        try:
            self.to_menu()
            self.message(text, _("Sorry"))
        except Exception as again:  # the menu itself failed: keep a bare stack
            log.error("menu failed too: %s", again)
            self.stack.clear()

    # ------------------------------------------------------------ window
    def relayout(self) -> None:
        self.window_changed()
        self.screen = _window()
        self.lay = Layout(*self.screen.get_size(), self.settings.ui_scale)
        for scene in list(self.stack):
            self._guard(partial(scene.layout, self.lay))

    def resize(self, w: int, h: int) -> None:
        """Set the window to w×h pixels (tests, and VIDEORESIZE)."""
        w, h = fit_window((w, h))
        if not self._fullscreen and _window().get_size() != (w, h):
            pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self._note_window()
        self.relayout()

    def _note_window(self) -> None:
        size = _window().get_size()
        if not self._fullscreen and size != self._size_for_run:
            self.settings.window = list(size)
            try:
                self.settings.window_pos = list(pygame.display.get_window_position())
            except (pygame.error, TypeError):
                pass
        self._window_dirty = 0.6

    def _store_window(self) -> None:
        if not self._fullscreen:
            self._note_window()
        self._window_dirty = 0.0
        self._save_settings()

    def _global_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_F11:
            self.set_fullscreen(not self._fullscreen)
            return True
        if event.key == pygame.K_F1:
            game = getattr(self.top, "game", None)
            self.open_rules(game if isinstance(game, str) else None)
            return True
        return False

    def open_dropped(self, path: str) -> bool:
        """A file dropped on the window: a game file opens in the replay viewer, anything else is told."""
        return self.open("dropped_file", path) is not None

    # ------------------------------------------------------------ loop
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.w, event.h)
            return
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWMOVED):
            self.window_changed()
            self._note_window()
            return
        if event.type in _REPAINT_EVENTS:
            self.window_changed()
        if event.type == pygame.KEYDOWN and self._global_key(event):
            return
        if event.type == pygame.DROPFILE:
            self._guard(lambda: self.open_dropped(event.file))
            return
        top = self.top
        if top is not None:
            self._guard(lambda: top.handle(event))

    def step(self, dt: float | None = None) -> bool:
        """Run one frame: events, update, draw, flip. False once quitting.

        With `dt` given the clock does not wait (tests); otherwise the frame
        rate is capped at 60.
        """
        if dt is None:
            dt = min(0.1, self.clock.tick(FPS) / 1000.0)
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return False
        if _window().get_size() != self.lay_size:
            self._note_window()
            self.relayout()
        if self._window_dirty > 0:
            self._window_dirty -= dt
            if self._window_dirty <= 0:
                self._save_settings()
        top = self.top
        if top is not None:
            self._guard(lambda: top.update(dt))
        if self._trans_t < 1.0:
            speed = max(0.25, self.settings.anim_factor)
            self._trans_t = min(1.0, self._trans_t + dt * speed / TRANSITION_SECONDS)
        for toast in self.toasts:
            toast[1] -= dt
        self.toasts = [t for t in self.toasts if t[1] > 0]
        self._present = None
        self._guard(self.draw)
        self._push()
        self.frames += 1
        return self.running

    def present_only(self, rects: list[pygame.Rect]) -> None:
        """Called by the top scene from its draw: this frame it changed the window only in
        `rects` (the rest still shows the last frame). The app then pushes just those to the
        screen, unless something else drew this frame (a transition, a toast, an overlay)."""
        self._present = list(rects)

    def _push(self) -> None:
        parts = self._present
        if (parts is None or self._present_all or self.toasts or self._trans_t < 1.0
                or not self.stack or not self.stack[-1].opaque):
            pygame.display.flip()
            self._present_all = False
            self.presented["whole"] += 1
        elif parts:
            pygame.display.update(parts)
            self.presented["parts"] += 1
        else:
            self.presented["none"] += 1

    @property
    def lay_size(self) -> tuple[int, int]:
        return (self.lay.width, self.lay.height)

    def run(self, frames: int | None = None, dt: float | None = None) -> None:
        """Loop until quit, or for `frames` frames (with a fixed `dt` if given)."""
        n = 0
        while self.running and (frames is None or n < frames):
            self.step(dt)
            n += 1

    # ------------------------------------------------------------ drawing
    def background(self, surface: pygame.Surface) -> None:
        """The shared backdrop: a vertical gradient with faint suit symbols (cached)."""
        size = surface.get_size()
        if self._bg_cache is None or self._bg_cache[0] != size:
            w, h = size
            # one pixel per row, stretched sideways: a line per row cost the first frame ~30 ms
            column = pygame.Surface((1, max(1, h))).convert()    # the window's format: no big convert
            for y in range(h):
                column.set_at((0, y), C.mix(C.BG_TOP, C.BG_BOTTOM, y / max(1, h - 1)))
            bg = pygame.transform.scale(column, size)
            fsize = self.lay.font_px(150)
            for i, (col, sym) in enumerate(C.SUITS * 3):
                glyph = T.font(fsize, True).render(sym, True, C.mix(C.BG_BOTTOM, col, 0.22))
                glyph.set_alpha(45)
                x = int(w * ((i * 0.37 + 0.08) % 1.0))
                y = int(h * ((i * 0.53 + 0.12) % 1.0))
                bg.blit(glyph, glyph.get_rect(center=(x, y)))
            self._bg_cache = (size, bg)
        surface.blit(self._bg_cache[1], (0, 0))

    def _dim(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._dim_cache is None or self._dim_cache[0] != size:
            dim = pygame.Surface(size, pygame.SRCALPHA)
            dim.fill((*C.SHADOW, 165))
            self._dim_cache = (size, dim)
        surface.blit(self._dim_cache[1], (0, 0))

    def draw(self, surface: pygame.Surface | None = None) -> None:
        """Draw the stack, the crossfade and the toasts into the window (or into `surface`: a
        whole picture from scratch, as tests compare the window with)."""
        surface = self.screen if surface is None else surface
        first = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                first = i
                break
        if not self.stack or not self.stack[first].opaque:
            self.background(surface)
        for i in range(first, len(self.stack)):
            if i > first:
                self._dim(surface)
            self.stack[i].draw(surface)
        faded = False
        if self._snapshot is not None and self._trans_t < 1.0:
            if self._snapshot.get_size() == surface.get_size():
                import pytweening       # here: the first frame has no crossfade to ease
                e = pytweening.easeInOutCubic(self._trans_t)
                self._snapshot.set_alpha(int(255 * (1.0 - e)))
                surface.blit(self._snapshot, (0, -int(self.lay.px(24) * e)))
                faded = True
        self._draw_toasts(surface)
        if surface is self.screen:
            alone = self.stack and first == len(self.stack) - 1 and self.stack[first].opaque
            self._alone = self.stack[-1] if alone and not faded and not self.toasts else None

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        if not self.toasts:
            return
        from game.ui.toast import draw_toast, toast_layout
        # the scene on top may say what its toasts must leave in view (a table: names, cards, ...);
        # a toast keeps the place it got, however the scene moves under it
        top = self.stack[-1] if self.stack else None
        texts = [text for text, _left in self.toasts]
        key = (tuple(texts), surface.get_size(), self.lay.scale, id(top))
        if self._toast_place[0] != key:
            keep, spare = getattr(top, "toast_keep", lambda: ([], []))()
            self._toast_place = (key, toast_layout(self.lay, surface.get_rect(), texts, keep, spare))
        for box, (_text, left) in zip(self._toast_place[1], self.toasts):
            draw_toast(surface, self.lay, box, max(0.0, min(1.0, left / 0.4)))
