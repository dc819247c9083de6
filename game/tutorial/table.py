"""The tutorial on the real table: a script driver and a guide panel the table hosts.

A tutorial is no kind of table. `tutorial_table(app, game, index)` opens the
game's ordinary table through the one factory (`game.shell.tables.build_table`) at
the script's step `index` (`steps.state_at`), with

- its other seats driven by the script (`game.table.drivers.scripted`), and
- a `GuidePanel` component on top: it lets the table's own input through only
  while the step wants the player to act, vets every action the player makes
  before the engine sees it (`TableBase.vet`: a wrong one is refused with the
  step's text and changes nothing; undoing into the script is refused too),
  and draws the spotlight, the pointer and the step panel over the table. The
  panel goes where it covers neither the spotlight nor what the game keeps in
  view (`keep_clear`: Line-it's other seats), nor where it can the log's heading
  (`rather_clear`), at the first of a few widths that has such a place (`place`),
  and of those where its pointer reaches the spotlight past the table's words
  (`texts`, `pointer.route`); the table's resting tooltip is drawn again on top.

The game half (`game/<game>_table/tutorial/targets.py`, declared in the game's
`GameUI.tutorial`) gives the script and says where a step's targets are on that game's table.

Back, a restart and resume rebuild the table at a step by replaying the
script (`steps.state_at`), so there is one way into any step.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.shell import sound
from game.shell.i18n import N_, _
from game.table.present import FramePush
from game.ui import text as T
from game.ui import theme as C
from game.ui.widgets import Button, label_text, panel

from . import pointer, progress
from .guide import Guide
from .parts import TutorialTable
from .steps import state_at

if TYPE_CHECKING:
    from game.shell.app import App

REFUSAL_SECONDS = 5.0
PANEL_W = 820           # logical units (1920×1080 frame): the narrowest panel
WIDTHS = (PANEL_W, 1000, 1200, 1400, 1600, 600)   # the panel's widths to try: 600 (buttons in two
#                                                    rows) only where no wider one is free
GRID = 24               # logical units between the places tried for the panel
TEXT_SIZE = 30
MAX_LINES = 5           # the most lines a step's text may take in the panel (tests measure it)
TRIES = 30             # the nearest free places of each width whose pointer is tried


class FullFrames(FramePush):
    """The tutorial draws over the whole table every frame: never push only the table's parts."""

    def can_patch(self, app: Any, scene: Any, surface: pygame.Surface, key: Any = None) -> bool:
        return False


def panel_text_width(lay: Any, width: int = PANEL_W) -> int:
    """Pixels a line of step text may take in a panel `width` logical units wide."""
    return lay.px(width - 56)


def panel_height(lay: Any, lines: int, inline: bool = False, rows: int = 1) -> int:
    """Pixels of a panel holding `lines` lines of text, the title above them and the buttons
    below in `rows` rows, or (`inline`, a wide panel) the buttons in the title's row: a lower
    panel fits between the other seats and the line at 1920x1080."""
    line_h = int(lay.font_px(TEXT_SIZE) * 1.25)
    if inline:
        return lay.px(20) + lay.px(60) + lay.px(10) + line_h * lines + lay.px(20)
    return lay.px(24) + line_h + lay.px(10) + line_h * lines + lay.px(18) + lay.px(72) * rows - lay.px(12) \
        + lay.px(20)


def labels_width(buttons: list[Button], lay: Any) -> int:
    """Pixels the buttons take with each label on one line."""
    return sum(T.width(label_text(b.label), lay.font_px(b.font_size), True) + lay.px(40) for b in buttons) \
        + lay.px(12) * (len(buttons) - 1)


def place(screen: pygame.Rect, sizes: list[tuple[int, int]], avoid: list[pygame.Rect],
          spots: list[pygame.Rect], step: int, margin: int,
          grade: Callable[[pygame.Rect], int] = lambda box: 0,
          rather: tuple[pygame.Rect, ...] | list[pygame.Rect] = ()) -> pygame.Rect:
    """Where the panel goes: a rect of one of `sizes` (tried in order) inside `screen` that
    covers none of `avoid` (what the table shows that the step may talk about: the other seats)
    nor `spots` (what the step spotlights), and where it can none of `rather` (the log's heading:
    a refusal's taller panel may have to), the nearest to the first spot (the arrow stays short)
    of those whose pointer `grade`s 0 (crosses no text), else 1 (stops at a text in front of the
    spot); when nothing is free, the one covering least, a spotlight counting four times."""
    inner = screen.inflate(-2 * margin, -2 * margin)
    aim = spots[0].center if spots else (screen.centerx, screen.top)
    best: tuple[float, float, pygame.Rect] | None = None
    clear: list[pygame.Rect] = []                 # free places of each size, nearest first
    second: list[pygame.Rect] = []                # free but over some of `rather`, least first

    def area(box: pygame.Rect, rects: list[pygame.Rect] | tuple[pygame.Rect, ...]) -> int:
        return sum(box.clip(r).w * box.clip(r).h for r in rects)

    for w, h in sizes:
        if w > inner.w or h > inner.h:
            continue
        here: list[tuple[int, float, pygame.Rect]] = []
        for y in range(inner.top, inner.bottom - h + 1, step):
            for x in range(inner.left, inner.right - w + 1, step):
                box = pygame.Rect(x, y, w, h)
                cost = 0.0
                if box.collidelist(spots) >= 0 or box.collidelist(avoid) >= 0:
                    cost = 4 * area(box, spots) + area(box, avoid)
                dist = math.hypot(box.centerx - aim[0], box.centery - aim[1])
                if cost == 0:
                    here.append((area(box, rather) if box.collidelist(list(rather)) >= 0 else 0, dist, box))
                if best is None or (cost, dist) < best[:2]:
                    best = (cost, dist, box)
        here.sort(key=lambda t: t[:2])
        clear += [box for hid, _d, box in here if not hid][:TRIES]
        second += [box for hid, _d, box in here if hid][:TRIES]
    grades: dict[tuple[int, ...], int] = {}
    for pool in (clear, second):
        for want in (0, 1):
            for box in pool:
                key = tuple(box)
                if key not in grades:
                    grades[key] = grade(box)
                if grades[key] == want:
                    return box
    if clear or second:
        return (clear or second)[0]
    if best is None:                    # a window too small for any panel: the top, clamped
        w, h = sizes[0]
        return pygame.Rect(screen.x, screen.y, w, h).clamp(screen)
    return best[2]


def button_widths(buttons: list[Button], lay: Any, room: int) -> list[int]:
    """The panel buttons' widths sharing `room`: each gets at least its longest word (a label
    may wrap between words, never inside one), then the rest goes towards whole labels on one
    line. Equal quarters broke "Überspringen" in the middle at 800x600."""
    def need(text: str, b: Button) -> int:
        return T.width(text, lay.font_px(b.font_size), True) + lay.px(40)
    labels = [label_text(b.label) for b in buttons]
    least = [max(need(w, b) for w in text.split()) for text, b in zip(labels, buttons)]
    full = [need(text, b) for text, b in zip(labels, buttons)]
    if sum(least) > room:
        return [room * n // sum(least) for n in least]
    if sum(full) <= room:
        return [n + (room - sum(full)) // len(full) for n in full]
    want = sum(f - n for f, n in zip(full, least))
    return [n + (room - sum(least)) * (f - n) // want for f, n in zip(full, least)]


def game_part(game: str) -> TutorialTable:
    """`game`'s half of its tutorial, as its front end declares it (`GameUI.tutorial`)."""
    from game.shell.frontends import frontend
    tutorial = frontend(game).tutorial
    if tutorial is None:
        raise KeyError(f"{game} has no tutorial")
    return tutorial.table()


def player_name(settings: Any, game: str) -> str:
    """The person's own name for the tutorial's seat: the first human seat of the last setup of
    this game (or the other one), else the setup's default name."""
    last = settings.last_setup if isinstance(settings.last_setup, dict) else {}
    for g in (game, *progress.GAMES):
        seats = (last.get(g) or {}).get("seats") or []
        for seat in seats:
            name = seat.get("name") if isinstance(seat, dict) else None
            if seat.get("kind") == "human" and isinstance(name, str) and name.strip():
                return name.strip()
    return _("Player")


def tutorial_table(app: "App", game: str, index: int) -> Any:
    """`game`'s table at step `index` of its tutorial, with the guide panel on top."""
    from game.shell import tables
    from game.table.drivers import scripted
    from game.table.spec import TableSpec

    part = game_part(game)
    sc = part.script()
    guide = Guide(sc, max(0, min(index, len(sc.steps) - 1)))
    spec = TableSpec(game, sc.config(player_name(app.settings, game)), state=state_at(sc, guide.index),
                     drivers=scripted(guide), components=(lambda table: GuidePanel(table, guide, part),))
    return tables.build_table(app, spec)


class GuidePanel:
    """The tutorial on top of a table (see the module text): a `game.table.spec.TableComponent`."""

    def __init__(self, table: Any, guide: Guide, part: TutorialTable) -> None:
        self.table = table
        self.app: "App" = table.app
        self.guide = guide
        self.part = part
        self.script = guide.script
        table.frame_push = FullFrames()      # the panel and the shade cover the table every frame
        self.refusal: tuple[str, float] | None = None
        self.time = 0.0
        self.box = pygame.Rect(0, 0, 0, 0)
        # (what the place depends on, the box, its pointer)
        self._placed: tuple[Any, pygame.Rect, pointer.Route | None] | None = None
        self._route: pointer.Route | None = None
        self.box_w = PANEL_W                                  # its width in logical units
        # not plain "Back": German and French tables call Undo that ("Zurück", "Retour"), right beside it
        self.b_back = Button(N_("Step back"), self.step_back, font_size=26)
        self.b_next = Button(N_("Next"), self.step_next, "primary", font_size=26)
        self.b_leave = Button(N_("Leave"), self.leave_tutorial, "quiet", font_size=24)
        self.b_skip = Button(N_("Skip tutorial"), self.skip_tutorial, "quiet", font_size=24)
        self.buttons = [self.b_back, self.b_next, self.b_leave, self.b_skip]
        progress.update(self.script.game, step=self.guide.index)

    # ------------------------------------------------------------ what the table asks
    def vet(self, actions: list[str]) -> list[str] | None:
        """The player's actions, in the script's order, when they are the step's next ones; None
        (and the step's pointer shown) when not. Start fields picked in another order than the
        script's are sent in the script's order (the lines are numbered by it)."""
        want = list(self.guide.step.do[self.guide.done:self.guide.done + len(actions)])
        if sorted(actions) == sorted(want) and len(actions) > 1:
            actions = want
        why = self.guide.check_all(actions)
        if why is None:
            return actions
        self.refusal = (why, REFUSAL_SECONDS)
        sound.play("click")
        return None

    def allows_rewind(self) -> bool:
        """Undo would leave the script: refused, with the way back said."""
        self.refusal = (_("Undo is off in the tutorial: press Step back to go back a step."), REFUSAL_SECONDS)
        return False

    def hint(self) -> bool:
        """The tutorial's hint is its pointer: it pulses from the start again."""
        self.time = 0.0
        return True

    def applied(self, action: Any, events: list[Any] | None) -> None:
        """Every applied action (the player's or the script's) passes here, from the table's `on_applied`."""
        if action is None:
            return
        self.guide.applied(str(action))
        self.refusal = None
        if self.guide.last and self.guide.ready():
            progress.update(self.script.game, step=0, finished=True, offered=True)
        if self.table.tg.state.is_over:
            # the last explanation stays readable: the results wait for Finish (the table brings
            # up results it has not shown yet once it settles; marked seen, it leaves them to us)
            self.table.results_seen = True

    # ------------------------------------------------------------ steps
    def rebuild(self, index: int) -> None:
        self.app.replace(tutorial_table(self.app, self.script.game, index))

    def step_next(self) -> None:
        g = self.guide
        if not g.ready():
            return
        if g.last:
            if self.table.tg.state.is_over and not self.table.results_open:
                self.table.show_results()
            else:
                self.leave_tutorial()
            return
        if self.script.steps[g.index + 1].auto:
            self.rebuild(g.index + 1)
            return
        g.index += 1
        g.done = g.played = 0
        self.refusal = None
        progress.update(self.script.game, step=g.index)

    def step_back(self) -> None:
        if self.guide.index > 0:
            self.rebuild(self.guide.index - 1)

    def leave_tutorial(self) -> None:
        if not (self.guide.last and self.guide.ready()):
            progress.update(self.script.game, step=self.guide.index)
        self.table.leave()

    def skip_tutorial(self) -> None:
        def skip() -> None:
            progress.update(self.script.game, step=0, offered=True)
            self.table.leave()
        self.app.confirm(_("Skip the tutorial? You can start it again from the menu or the rules."),
                         skip, _("Skip tutorial"))

    # ------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> bool:
        """True when the panel takes the event; False lets the table have it (the step wants the
        player to act, a pointer move, Esc)."""
        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons:
                b.hover = b.rect.collidepoint(event.pos)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and getattr(event, "button", 1) == 1:
            for b in self.buttons:
                if b.visible and b.rect.collidepoint(event.pos):
                    return bool(b.handle(event))
            if self.box.collidepoint(event.pos):
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and not self.guide.acting():
            self.step_next()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return False
        if self.guide.acting() or event.type == pygame.MOUSEMOTION:
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.refusal = (_("Not now: read the note, then press Next."), REFUSAL_SECONDS)
        return True

    def update(self, dt: float) -> None:
        self.time += dt
        if self.guide.moves_on() and not self.part.busy(self.table):
            self.step_next()
        if self.refusal is not None:
            text, left = self.refusal
            self.refusal = (text, left - dt) if left > dt else None
        self.b_back.enabled = self.guide.index > 0
        self.b_next.enabled = self.guide.ready()
        self.b_next.label = N_("Finish") if self.guide.last else N_("Next")
        self.b_skip.visible = not self.guide.last
        for b in self.buttons:
            b.update(dt)

    # ------------------------------------------------------------ drawing
    def panel_lines(self, lay: Any, width: int = PANEL_W) -> list[str]:
        return T.wrap(self.guide.say(), lay.font_px(TEXT_SIZE), panel_text_width(lay, width))

    def refusal_lines(self, lay: Any, width: int = PANEL_W) -> list[str]:
        return T.wrap(self.refusal[0], lay.font_px(TEXT_SIZE), panel_text_width(lay, width)) if self.refusal else []

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Over the table: the shade with its spotlights, the panel and the pointer, then the
        table's resting tooltip again, on top of the shade (every frame is pushed whole while
        the tutorial shows: `FullFrames`). Nothing while the results are up: they close the tutorial."""
        if self.table.results_open:
            return []
        lay = self.app.lay
        rects = [r for r in self.part.targets(self.table, self.guide) if r.w > 0 and r.h > 0]
        self._spotlight(surface, rects)
        box = self._place_panel(lay, surface.get_rect(), rects)
        if self._route is not None:
            self._arrow(surface, lay, self._route)
        self._draw_panel(surface, lay, box)
        self.part.overlay(self.table, surface)
        return []

    def _spotlight(self, surface: pygame.Surface, rects: list[pygame.Rect]) -> None:
        lay = self.app.lay
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((*C.SHADOW, 150 if rects else 0))
        pad = lay.px(10)
        for r in rects:
            pygame.draw.rect(shade, (0, 0, 0, 0), r.inflate(pad * 2, pad * 2), border_radius=lay.px(14))
        surface.blit(shade, (0, 0))
        pulse = 0.5 + 0.5 * math.sin(self.time * 5.0)
        colour = C.DANGER if self.refusal else C.ACCENT
        for r in rects:
            grow = pad + int(lay.px(8) * pulse)
            pygame.draw.rect(surface, colour, r.inflate(grow * 2, grow * 2), width=max(2, lay.px(5)),
                             border_radius=lay.px(16))
        pts = self.part.ghost(self.table, self.guide)
        if len(pts) > 1:
            pygame.draw.lines(surface, C.ACCENT, False, pts, max(2, lay.px(6)))
        for p in pts[1:]:
            pygame.draw.circle(surface, C.ACCENT, (int(p[0]), int(p[1])), max(3, lay.px(10)))

    def _place_panel(self, lay: Any, screen: pygame.Rect, rects: list[pygame.Rect]) -> pygame.Rect:
        """The panel in the free area of the table (`place`), its buttons along its bottom."""
        grow = lay.px(18) * 2 + lay.px(16)         # the spotlight's pulsing frame and some air
        spots = [r.inflate(grow, grow) for r in rects]
        avoid = [r.inflate(lay.px(8), lay.px(8)) for r in self.part.keep_clear(self.table, self.guide)]
        rather = [r.inflate(lay.px(8), lay.px(8)) for r in self.part.rather_clear(self.table)]
        # the pointer shows while the player acts: it goes to the first spot, past the table's words
        target = rects[0] if rects and self.guide.acting() else None
        texts = self.part.texts(self.table) if target is not None else []
        key = (screen.size, lay.scale, self.guide.say(), self.refusal[0] if self.refusal else "",
               tuple(map(tuple, spots)), tuple(map(tuple, avoid)), tuple(map(tuple, rather)),
               tuple(map(tuple, texts)))
        if self._placed is None or self._placed[0] != key:
            # only widths whose buttons show each label whole on one line (800x600 German wrapped
            # "Schritt zurück" into two small lines); all of them if none has the room
            widths = [w for w in WIDTHS if self.labels_fit(lay, w)] or list(WIDTHS)
            sizes = [(lay.px(w), panel_height(lay, len(self.panel_lines(lay, w)) + len(self.refusal_lines(lay, w)),
                                              self.inline(lay, w), self.rows(w))) for w in widths]
            box = place(screen, sizes, avoid, spots, max(4, lay.px(GRID)), lay.px(16),
                        lambda b: pointer.grade(b, target, texts, lay), rather)
            self._placed = (key, box, None if target is None else pointer.route(box, target, texts, lay))
        box = self._placed[1]
        self._route = self._placed[2]
        self.box = box
        self.box_w = next((w for w in WIDTHS if lay.px(w) == box.w), PANEL_W)
        if self.inline(lay, self.box_w):          # right-aligned in the title's row
            x = box.right - lay.px(24) - labels_width(self.buttons, lay)
            for b in self.buttons:
                bw = T.width(label_text(b.label), lay.font_px(b.font_size), True) + lay.px(40)
                b.rect = pygame.Rect(x, box.y + lay.px(20), bw, lay.px(60))
                x += bw + lay.px(12)
            return box
        rows = self.rows(self.box_w)
        per = len(self.buttons) // rows
        for r in range(rows):
            row = self.buttons[r * per:(r + 1) * per]
            x = box.x + lay.px(24)
            y = box.bottom - lay.px(20) - lay.px(60) - lay.px(72) * (rows - 1 - r)
            for b, bw in zip(row, button_widths(row, lay, box.w - lay.px(24) * 2 - lay.px(12) * (len(row) - 1))):
                b.rect = pygame.Rect(x, y, bw, lay.px(60))
                x += bw + lay.px(12)
        return box

    def labels_fit(self, lay: Any, width: int) -> bool:
        """A panel `width` logical units wide holds its buttons, each label on one line at its size."""
        if self.inline(lay, width):
            return True
        rows = self.rows(width)
        per = len(self.buttons) // rows
        room = lay.px(width) - lay.px(24) * 2
        return all(labels_width(self.buttons[r * per:(r + 1) * per], lay) <= room for r in range(rows))

    @staticmethod
    def rows(width: int) -> int:
        """A panel narrower than PANEL_W has its four buttons in two rows (whole words each)."""
        return 1 if width >= PANEL_W else 2

    def title(self, inline: bool = False) -> str:
        """The panel's title; beside the buttons only the step's number (the room is theirs)."""
        return self.guide.progress() if inline else "%s \u00b7 %s" % (_(self.script.title), self.guide.progress())

    def inline(self, lay: Any, width: int) -> bool:
        """A panel `width` logical units wide has room for the buttons beside its (short) title."""
        room = lay.px(width) - lay.px(24) * 3 - T.width(self.title(True), lay.font_px(24), True)
        return labels_width(self.buttons, lay) <= room

    def _arrow(self, surface: pygame.Surface, lay: Any, route: pointer.Route) -> None:
        """The pointer's line (`pointer.route`) and its head, pulsing back and forth at its tip."""
        (sx, sy), (tx, ty) = route.start, route.tip
        dist = math.hypot(tx - sx, ty - sy)
        ux, uy = (tx - sx) / dist, (ty - sy) / dist
        stop = max(lay.px(pointer.SHORTEST), dist - lay.px(10) * (0.5 + 0.5 * math.sin(self.time * 5)))
        ex, ey = sx + ux * stop, sy + uy * stop
        width = max(3, lay.px(8))
        head = lay.px(26)
        pygame.draw.line(surface, C.ACCENT, (sx, sy), (ex - ux * head / 2, ey - uy * head / 2), width)
        left = (ex - ux * head - uy * head * 0.6, ey - uy * head + ux * head * 0.6)
        right = (ex - ux * head + uy * head * 0.6, ey - uy * head - ux * head * 0.6)
        pygame.draw.polygon(surface, C.ACCENT, [(ex, ey), left, right])

    def _draw_panel(self, surface: pygame.Surface, lay: Any, box: pygame.Rect) -> None:
        panel(surface, box, lay, C.PANEL_HI, C.ACCENT)
        size = lay.font_px(TEXT_SIZE)
        line_h = int(size * 1.25)
        width = self.box_w
        x, y = box.x + lay.px(28), box.y + lay.px(24)
        if self.inline(lay, width):
            T.blit_text(surface, self.title(True), lay.font_px(24), C.ACCENT, (x, box.y + lay.px(50)), "midleft",
                        bold=True)
            y = box.y + lay.px(20) + lay.px(60) + lay.px(10)
        else:
            T.blit_text(surface, self.title(), lay.font_px(24), C.ACCENT, (x, y), bold=True)
            y += line_h + lay.px(10)
        for line in self.panel_lines(lay, width):
            T.blit_text(surface, line, size, C.TEXT, (x, y))
            y += line_h
        for line in self.refusal_lines(lay, width):
            T.blit_text(surface, line, size, C.DANGER, (x, y), bold=True)
            y += line_h
        for b in self.buttons:
            if b.visible:
                b.draw(surface, lay)
