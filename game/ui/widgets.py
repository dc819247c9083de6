"""Keyboard-and-mouse widgets drawn at real pixel size.

Why our own and not pygame_gui: pygame_gui lays out in fixed pixels with a
theme file, so it neither scales crisply with our logical 1920×1080 layout
nor moves focus between buttons with the keyboard; both are musts here. The
set is small and complete: Button, Choice (a value cycled with ←/→ or a
click on its arrows), Slider, Toggle and TextInput (SDL text-input events,
so IME composition works; the composition is shown underlined at the caret
and the IME window is placed at the box).

Every widget has a pixel `rect` that its scene sets in `layout()`, draws
hover/focus states that ease in and out (`update(dt)`), and takes events in
`handle(event) -> bool` (True = consumed). Labels are msgids translated at
draw time (so a language switch applies at once) or callables returning text.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from game.shell import sound
from game.shell.i18n import _
from . import text as T
from . import theme as C
from .layout import MIN_FONT_PX, Layout

Label = str | Callable[[], str]


def label_text(label: Label) -> str:
    """The text to show for a label: a msgid translated, or a callable's result."""
    return label() if callable(label) else _(label)


def _approach(value: float, target: float, dt: float, rate: float = 14.0) -> float:
    step = min(1.0, dt * rate)
    return value + (target - value) * step


def panel(surface: pygame.Surface, rect: pygame.Rect, lay: Layout, color: C.Color = C.PANEL,
          edge: C.Color | None = C.PANEL_EDGE, radius: float = 18, shadow: bool = True) -> None:
    """A rounded panel with a soft drop shadow."""
    r = lay.px(radius)
    if shadow:
        off = max(2, lay.px(6))
        pygame.draw.rect(surface, C.SHADOW, rect.move(0, off), border_radius=r)
    pygame.draw.rect(surface, color, rect, border_radius=r)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, width=max(1, lay.px(2)), border_radius=r)


class Widget:
    """Base of every widget: rect, hover/focus easing, enabled flag."""

    focusable = True
    #: the focus stays here when the pointer moves over another widget (a text box being typed in)
    keeps_focus = False

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.focused = False
        self.enabled = True
        self.visible = True
        self.glow = 0.0      # 0..1, eased toward hover/focus
        self.tooltip: Label | None = None

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        target = 1.0 if (self.hover or self.focused) and self.enabled else 0.0
        self.glow = _approach(self.glow, target, dt)

    def draw(self, surface: pygame.Surface, lay: Layout) -> None:
        raise NotImplementedError

    def set_focus(self, focused: bool) -> None:
        self.focused = focused

    def focus_ring(self, surface: pygame.Surface, lay: Layout, radius: float = 16, color: C.Color = C.ACCENT) -> None:
        if self.focused:
            pad = lay.px(5)
            pygame.draw.rect(surface, color, self.rect.inflate(pad * 2, pad * 2),
                             width=max(2, lay.px(4)), border_radius=lay.px(radius + 5))

    @staticmethod
    def activates(event: pygame.event.Event) -> bool:
        return event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Button(Widget):
    """A push button; `style` is 'normal', 'primary' or 'quiet'."""

    def __init__(self, label: Label, on_click: Callable[[], Any], style: str = "normal",
                 font_size: float = 34, sound_name: str = "click") -> None:
        super().__init__()
        self.label = label
        self.on_click = on_click
        self.style = style
        self.font_size = font_size
        self.sound_name = sound_name
        self.pressed = 0.0
        # the buttons whose labels share one font size with this one (`fit_row`)
        self.row: tuple[Button, ...] = ()

    def click(self) -> None:
        if self.enabled:
            self.pressed = 1.0
            sound.play(self.sound_name)
            self.on_click()

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if self.activates(event):
            self.click()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(event.pos):
            self.click()
            return True
        return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.pressed = max(0.0, self.pressed - dt * 6)

    def draw(self, surface: pygame.Surface, lay: Layout) -> None:
        if not self.visible:
            return
        rect = self.rect.move(0, int(lay.px(3) * self.pressed))
        if self.style == "primary":
            base = C.mix(C.ACCENT_DARK, C.ACCENT, 0.5 + 0.5 * self.glow)
            fg = C.TEXT_DARK
        elif self.style == "quiet":
            base = C.mix(C.PANEL, C.BUTTON, self.glow)
            fg = C.TEXT
        else:
            base = C.mix(C.BUTTON, C.BUTTON_HOVER, self.glow)
            fg = C.TEXT
        if not self.enabled:
            base, fg = C.mix(C.PANEL, C.BUTTON, 0.3), C.TEXT_DIM
        radius = lay.px(16)
        panel(surface, rect, lay, base, C.mix(C.PANEL_EDGE, C.ACCENT, self.glow) if self.style != "primary" else None,
              radius=16, shadow=self.style != "quiet")
        if self.glow > 0.01 and self.enabled and self.style != "primary":
            # hover/focus: the button's whole left edge takes the accent, like a tab; a thin bar
            # inside the button looked like a text cursor
            edge = pygame.Rect(rect.x, rect.y, max(3, int(lay.px(12) * self.glow)), rect.h)
            pygame.draw.rect(surface, C.ACCENT, edge, border_top_left_radius=radius, border_bottom_left_radius=radius)
        size = self.text_px(lay)
        text = label_text(self.label)
        room = rect.w - lay.px(30)
        lines = [text] if T.width(text, size, True) <= room else T.wrap(text, size, room, True)
        line_h = int(size * 1.1)
        y = rect.centery - (len(lines) - 1) * line_h // 2
        for line in lines:
            T.blit_text(surface, line, size, fg, (rect.centerx, y), "center", bold=True)
            y += line_h
        self.focus_ring(surface, lay, color=C.PAPER if self.style == "primary" else C.ACCENT)

    def text_px(self, lay: Layout) -> int:
        """The label's pixel size: the largest at which every label of its row fits its button on one
        line; when one does not fit even at the readable floor, the largest at which each takes at
        most two lines of the button's height (it wrapped into tiny two-line text at the floor)."""
        members = [b for b in self.row if b.visible] or [self]
        # each label in its own button's room (the setup's long "Learn by playing (about 5 minutes)"
        # has a wide one: measured in Back's room, it took the whole row down to ~18 px at 1920x1080)
        rooms = [(label_text(b.label), b.rect.w - lay.px(30)) for b in members]
        top = min(lay.font_px(b.font_size) for b in members)      # one size for the row
        one = min(T.fit_size([t], top, room, bold=True, floor=MIN_FONT_PX) for t, room in rooms)
        if all(T.width(t, one, True) <= room for t, room in rooms):
            return one
        height = min(b.rect.h for b in members) - lay.px(10)
        two = next((s for s in range(top, one, -1)
                    if 2 * int(s * 1.1) <= height
                    and all(len(T.wrap(t, s, room, True)) <= 2 and all(T.width(ln, s, True) <= room
                                                                         for ln in T.wrap(t, s, room, True))
                            for t, room in rooms)), None)
        return one if two is None else two


def fit_row(buttons: Sequence[Button]) -> None:
    """Give `buttons` (a row, or a column, seen together) one label size: the largest at which
    all their labels fit. Call once after making them; it follows language changes by itself."""
    row = tuple(buttons)
    for b in row:
        b.row = row


class Choice(Widget):
    """A labelled value cycled with ←/→, Space, or a click on its arrows (Enter is the scene's:
    it starts or confirms, as the footers say, and never changes a value)."""

    def __init__(self, label: Label, options: Sequence[tuple[Any, Label]], value: Any,
                 on_change: Callable[[Any], Any], font_size: float = 30, label_width: float = 0.45) -> None:
        super().__init__()
        self.label = label
        self.options = list(options)
        self.index = next((i for i, (v, _l) in enumerate(self.options) if v == value), 0)
        self.on_change = on_change
        self.font_size = font_size
        self.label_width = label_width

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def set_options(self, options: Sequence[tuple[Any, Label]], value: Any) -> None:
        self.options = list(options)
        self.index = next((i for i, (v, _l) in enumerate(self.options) if v == value), 0)

    def step(self, delta: int) -> None:
        if not self.enabled or len(self.options) < 2:
            return
        self.index = (self.index + delta) % len(self.options)
        sound.play("click")
        self.on_change(self.value)

    def _value_rect(self) -> pygame.Rect:
        if not self.label:
            return self.rect
        lw = int(self.rect.w * self.label_width)
        return pygame.Rect(self.rect.x + lw, self.rect.y, self.rect.w - lw, self.rect.h)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_LEFT:
                self.step(-1)
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_SPACE):
                self.step(1)
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            vr = self._value_rect()
            self.step(-1 if event.pos[0] < vr.x + vr.w // 3 else 1)
            return True
        if event.type == pygame.MOUSEWHEEL and self.hover:
            self.step(-1 if event.y > 0 else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface, lay: Layout) -> None:
        if not self.visible:
            return
        size = lay.font_px(self.font_size)
        fg = C.TEXT if self.enabled else C.TEXT_DIM
        if self.label:
            T.blit_text(surface, label_text(self.label), size, C.TEXT_DIM if not self.focused else C.TEXT,
                        (self.rect.x + lay.px(8), self.rect.centery), "midleft")
        vr = self._value_rect()
        panel(surface, vr, lay, C.mix(C.BUTTON, C.BUTTON_HOVER, self.glow), C.mix(C.PANEL_EDGE, C.ACCENT, self.glow),
              radius=14, shadow=False)
        arrow = C.ACCENT if self.enabled and len(self.options) > 1 else C.TEXT_DIM
        T.blit_text(surface, "◀", size, arrow, (vr.x + lay.px(22), vr.centery), "center")
        T.blit_text(surface, "▶", size, arrow, (vr.right - lay.px(22), vr.centery), "center")
        if self.options:
            value = label_text(self.options[self.index][1])
            # one size for every value of the choice: "Human" came out smaller than "Bot" beside it
            room = vr.w - lay.px(84)
            vsize = T.fit_size([label_text(lab) for _v, lab in self.options], size, room,
                               bold=True, floor=MIN_FONT_PX)
            # still too wide at the floor: two lines between the arrows, never over them
            lines = [value] if T.width(value, vsize, True) <= room else T.wrap(value, vsize, room, True)[:2]
            line_h = int(vsize * 1.1)
            y = vr.centery - (len(lines) - 1) * line_h // 2
            for line in lines:
                T.blit_text(surface, line, vsize, fg, (vr.centerx, y), "center", bold=True)
                y += line_h
        if self.focused:
            pad = lay.px(4)
            pygame.draw.rect(surface, C.ACCENT, vr.inflate(pad * 2, pad * 2), width=max(2, lay.px(4)),
                             border_radius=lay.px(18))


class Toggle(Widget):
    """An on/off switch with a label: Space, ←/→ or a click (Enter is the scene's, as for `Choice`)."""

    def __init__(self, label: Label, value: bool, on_change: Callable[[bool], Any], font_size: float = 30) -> None:
        super().__init__()
        self.label = label
        self.value = bool(value)
        self.on_change = on_change
        self.font_size = font_size
        self.knob = 1.0 if value else 0.0

    def flip(self) -> None:
        if self.enabled:
            self.value = not self.value
            sound.play("click")
            self.on_change(self.value)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_LEFT and not self.value:
                return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_RIGHT and self.value:
                return True
            self.flip()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.flip()
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.knob = _approach(self.knob, 1.0 if self.value else 0.0, dt, 16.0)

    def draw(self, surface: pygame.Surface, lay: Layout) -> None:
        size = lay.font_px(self.font_size)
        T.blit_text(surface, label_text(self.label), size, C.TEXT if self.focused else C.TEXT_DIM,
                    (self.rect.x + lay.px(8), self.rect.centery), "midleft")
        h = lay.px(44)
        w = lay.px(84)
        track = pygame.Rect(0, 0, w, h)
        track.midright = (self.rect.right - lay.px(8), self.rect.centery)
        pygame.draw.rect(surface, C.mix(C.BUTTON, C.GOOD, self.knob), track, border_radius=h // 2)
        pygame.draw.rect(surface, C.mix(C.PANEL_EDGE, C.ACCENT, self.glow), track, width=max(1, lay.px(2)),
                         border_radius=h // 2)
        r = h // 2 - lay.px(5)
        cx = track.x + h // 2 + int((w - h) * self.knob)
        pygame.draw.circle(surface, C.PAPER, (cx, track.centery), r)
        if self.focused:
            pad = lay.px(4)
            pygame.draw.rect(surface, C.ACCENT, track.inflate(pad * 2, pad * 2), width=max(2, lay.px(4)),
                             border_radius=h)


class Slider(Widget):
    """A value in [0, 1] set with ←/→ (Home/End), a click or a drag."""

    def __init__(self, label: Label, value: float, on_change: Callable[[float], Any], step: float = 0.05,
                 font_size: float = 30, label_width: float = 0.45) -> None:
        super().__init__()
        self.label = label
        self.value = float(value)
        self.on_change = on_change
        self.step_size = step
        self.font_size = font_size
        self.label_width = label_width
        self.dragging = False

    def _track(self) -> pygame.Rect:
        lw = int(self.rect.w * self.label_width)
        pad = int(self.rect.h * 0.5)
        return pygame.Rect(self.rect.x + lw + pad // 2, self.rect.centery - 3, self.rect.w - lw - pad * 3, 6)

    def set(self, value: float) -> None:
        value = round(max(0.0, min(1.0, value)) / self.step_size) * self.step_size
        value = round(max(0.0, min(1.0, value)), 4)
        if value != self.value:
            self.value = value
            self.on_change(value)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_LEFT: self.value - self.step_size, pygame.K_RIGHT: self.value + self.step_size,
                    pygame.K_HOME: 0.0, pygame.K_END: 1.0}
            if event.key in keys:
                self.set(keys[event.key])
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.dragging = True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            sound.play("click")
            return True
        if (event.type == pygame.MOUSEBUTTONDOWN and self.dragging) or (event.type == pygame.MOUSEMOTION and self.dragging):
            tr = self._track()
            self.set((event.pos[0] - tr.x) / max(1, tr.w))
            return True
        return False

    def draw(self, surface: pygame.Surface, lay: Layout) -> None:
        size = lay.font_px(self.font_size)
        T.blit_text(surface, label_text(self.label), size, C.TEXT if self.focused else C.TEXT_DIM,
                    (self.rect.x + lay.px(8), self.rect.centery), "midleft")
        tr = self._track()
        tr.h = max(4, lay.px(10))
        tr.centery = self.rect.centery
        pygame.draw.rect(surface, C.BUTTON, tr, border_radius=tr.h // 2)
        filled = tr.copy()
        filled.w = int(tr.w * self.value)
        pygame.draw.rect(surface, C.ACCENT, filled, border_radius=tr.h // 2)
        r = lay.px(16 + 4 * self.glow)
        pygame.draw.circle(surface, C.PAPER, (tr.x + filled.w, tr.centery), r)
        if self.focused:
            pygame.draw.circle(surface, C.ACCENT, (tr.x + filled.w, tr.centery), r + lay.px(5), max(2, lay.px(4)))
        T.blit_text(surface, f"{int(round(self.value * 100))} %", size, C.TEXT,
                    (self.rect.right, self.rect.centery), "midright")


def _clean_input(text: object) -> str:
    """Only printable characters (no NUL, no control codes) of typed or stored text."""
    return "".join(ch for ch in text if ch.isprintable()) if isinstance(text, str) else ""


def _copy(text: str) -> None:
    """`text` to the clipboard, where the system has one (a failure loses nothing: the field keeps it)."""
    try:
        if hasattr(pygame.scrap, "put_text"):
            pygame.scrap.put_text(text)
    except pygame.error:
        pass


class TextInput(Widget):
    """One line of text entry, IME-safe (SDL TEXTINPUT/TEXTEDITING events)."""

    keeps_focus = True

    def __init__(self, text: str, on_change: Callable[[str], Any], placeholder: Label = "",
                 max_len: int = 24, font_size: float = 30, allowed: Callable[[str], bool] | None = None,
                 selected: bool = False) -> None:
        super().__init__()
        self.text = _clean_input(text)[:max_len]
        self.caret = len(self.text)
        # a suggested text (a save's name) starts selected: typing replaces it, an arrow key keeps it
        self.selected = selected and bool(self.text)
        self.on_change = on_change
        self.placeholder = placeholder
        self.max_len = max_len
        self.font_size = font_size
        self.allowed = allowed
        self.composition = ""
        self.blink = 0.0

    def set_focus(self, focused: bool) -> None:
        if focused and not self.focused:
            pygame.key.start_text_input()
            try:
                pygame.key.set_text_input_rect(self.rect)
            except (pygame.error, TypeError):
                pass
        elif not focused and self.focused:
            self.composition = ""
        self.focused = focused
        self.blink = 0.0

    def _insert(self, s: str) -> None:
        s = _clean_input(s[:self.max_len * 4])   # a pasted megabyte is cut before it is looked at
        if self.allowed is not None:
            s = "".join(ch for ch in s if self.allowed(ch))
        if self.selected and s:
            self._clear_selection()
        room = self.max_len - len(self.text)
        if room <= 0 or not s:
            return
        s = s[:room]
        self.text = self.text[:self.caret] + s + self.text[self.caret:]
        self.caret += len(s)
        self.on_change(self.text)

    def _clear_selection(self) -> None:
        """The selected text goes (typing or deleting over it)."""
        self.selected = False
        self.text, self.caret = "", 0

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.caret = len(self.text)
            self.selected = False
            return True
        if not self.focused:
            return False
        if event.type == pygame.TEXTEDITING:
            self.composition = T.safe(getattr(event, "text", ""), 80)
            return True
        if event.type == pygame.TEXTINPUT:
            self.composition = ""
            self._insert(getattr(event, "text", ""))
            self.blink = 0.0
            return True
        if event.type == pygame.KEYDOWN:
            self.blink = 0.0
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        """A key pressed in the box: editing, the caret, paste; printable keys are kept from the scene."""
        k = event.key
        if self.selected and k in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self._clear_selection()
            self.on_change(self.text)
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self.selected = False
        if k == pygame.K_BACKSPACE:
            if self.caret > 0:
                self.text = self.text[:self.caret - 1] + self.text[self.caret:]
                self.caret -= 1
                self.on_change(self.text)
            return True
        if k == pygame.K_DELETE:
            if self.caret < len(self.text):
                self.text = self.text[:self.caret] + self.text[self.caret + 1:]
                self.on_change(self.text)
            return True
        if k == pygame.K_LEFT:
            self.caret = max(0, self.caret - 1)
            return True
        if k == pygame.K_RIGHT:
            self.caret = min(len(self.text), self.caret + 1)
            return True
        if k == pygame.K_HOME:
            self.caret = 0
            return True
        if k == pygame.K_END:
            self.caret = len(self.text)
            return True
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if k == pygame.K_a and ctrl:
            # select all: typing or a paste replaces it, Backspace clears it (it did nothing)
            self.selected = bool(self.text)
            self.caret = len(self.text)
            return True
        if k == pygame.K_c and ctrl:
            if self.selected:
                _copy(self.text)
            return True
        if k == pygame.K_v and ctrl:
            try:
                clip = pygame.scrap.get_text() if hasattr(pygame.scrap, "get_text") else ""
            except pygame.error:
                clip = ""
            if clip:
                self._insert(clip.replace("\n", " "))
            return True
        # printable keys arrive again as TEXTINPUT: keep them from scene shortcuts
        if event.unicode and event.unicode.isprintable():
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.blink += dt

    def draw(self, surface: pygame.Surface, lay: Layout) -> None:
        size = lay.font_px(self.font_size)
        pygame.draw.rect(surface, C.mix(C.BG_BOTTOM, C.PANEL, 0.6 + 0.4 * self.glow), self.rect,
                         border_radius=lay.px(12))
        pygame.draw.rect(surface, C.ACCENT if self.focused else C.mix(C.PANEL_EDGE, C.ACCENT, self.glow * 0.6),
                         self.rect, width=max(1, lay.px(3) if self.focused else lay.px(2)), border_radius=lay.px(12))
        x = self.rect.x + lay.px(14)
        cy = self.rect.centery
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-lay.px(6), 0))
        if not self.text and not self.composition:
            ph = label_text(self.placeholder) if self.placeholder else ""
            if ph:
                T.blit_text(surface, ph, size, C.TEXT_DIM, (x, cy), "midleft")
        before = self.text[:self.caret]
        bw = T.width(before, size) if before else 0
        shift = max(0, bw - (self.rect.w - lay.px(40)))
        if self.text and self.selected and self.focused:
            r = T.render(self.text, size, C.TEXT).get_rect(midleft=(x - shift, cy))
            pygame.draw.rect(surface, C.mix(C.PANEL, C.ACCENT, 0.45), r.inflate(lay.px(6), lay.px(4)),
                             border_radius=lay.px(4))
        if self.text:
            T.blit_text(surface, self.text, size, C.TEXT, (x - shift, cy), "midleft")
        cx = x - shift + bw
        if self.focused and self.composition:
            r = T.blit_text(surface, self.composition, size, C.ACCENT, (cx, cy), "midleft")
            pygame.draw.line(surface, C.ACCENT, r.bottomleft, r.bottomright, max(1, lay.px(2)))
            cx = r.right
        if self.focused and (self.blink % 1.0) < 0.6:
            h = int(size * 1.1)
            pygame.draw.line(surface, C.ACCENT, (cx + 1, cy - h // 2), (cx + 1, cy + h // 2), max(2, lay.px(3)))
        surface.set_clip(clip)
