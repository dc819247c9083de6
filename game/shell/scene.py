"""Scenes: the screens of the app, kept on the App's stack.

Lifecycle (called by the App, never by the scene itself):

- `enter()`   -- pushed onto the stack (or became the root)
- `pause()`   -- another scene was pushed above it
- `resume()`  -- the scene above it was popped
- `exit()`    -- removed from the stack
- `layout(lay)` -- the window size, UI scale or language changed; place widgets
- `handle(event) -> bool` -- input; True when consumed
- `update(dt)` -- advance animations and logic by `dt` seconds
- `draw(surface)` -- paint; must not change state

`opaque = False` marks an overlay (pause, confirm, rules over a table): the
scenes below it are drawn first, dimmed.

`WidgetScene` adds a list of widgets with keyboard focus (Tab/Shift+Tab,
↑/↓), mouse hover and click, and Esc = `back()`. One widget is lit at a time:
the pointer moving onto a widget takes the focus there (as game menus do), a
key that moves the focus clears the hover. Enter that the focused widget does
not take clicks the scene's `default` button (a form's Start, a box's OK):
Space and ←/→ change a choice, Enter never does.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.layout import Layout
from game.ui.widgets import Widget

if TYPE_CHECKING:
    from .app import App


class Scene:
    """Base scene: does nothing, draws nothing."""

    opaque = True
    #: a short name for logs and the smoke run
    name = "scene"

    def __init__(self, app: "App") -> None:
        self.app = app

    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...
    def layout(self, lay: Layout) -> None: ...

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def back(self) -> None:
        """Esc: leave this scene (pop it)."""
        self.app.pop()


class WidgetScene(Scene):
    """A scene made of widgets with keyboard focus and mouse hover."""

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.widgets: list[Widget] = []
        self.focus: Widget | None = None
        #: the button Enter clicks when the focused widget does not take Enter
        self.default: Widget | None = None
        # where the pointer was last seen on this scene: only a pointer that moves takes the focus
        # (a window opening under a resting pointer must not move it from Start to Back)
        self.pointer: tuple[int, int] | None = None

    def focusables(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.enabled and w.visible]

    def set_focus(self, widget: Widget | None) -> None:
        if widget is self.focus:
            return
        if self.focus is not None:
            self.focus.set_focus(False)
        self.focus = widget
        if widget is not None:
            widget.set_focus(True)

    def move_focus(self, delta: int) -> None:
        items = self.focusables()
        if not items:
            return
        if self.focus not in items:
            self.set_focus(items[0] if delta > 0 else items[-1])
            return
        i = items.index(self.focus)
        self.set_focus(items[(i + delta) % len(items)])

    def key_focus(self, delta: int) -> None:
        """A key moved the focus: the pointer's hover goes out, so one widget stays lit."""
        for w in self.widgets:
            w.hover = False
        self.move_focus(delta)

    def enter(self) -> None:
        self.pointer = None
        if self.focus is None:
            items = self.focusables()
            if items:
                self.set_focus(items[0])

    def exit(self) -> None:
        self.set_focus(None)

    def resume(self) -> None:
        self.pointer = None
        if self.focus is not None:
            self.focus.set_focus(True)

    def pause(self) -> None:
        if self.focus is not None:
            self.focus.set_focus(False)

    def widget_at(self, pos: tuple[int, int]) -> Widget | None:
        for w in reversed(self.widgets):
            if w.visible and w.rect.collidepoint(pos):
                return w
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            under = self.widget_at(event.pos)
            for w in self.widgets:
                w.hover = w is under
            if self.focus is not None and self.focus.handle(event):
                return True
            # the pointer takes the focus, so hover and focus never light two widgets; a box being
            # typed in keeps it (a nudged mouse must not end the typing)
            moved = self.pointer is not None and self.pointer != tuple(event.pos)
            self.pointer = tuple(event.pos)
            if moved and under is not None and under is not self.focus and under.focusable and under.enabled \
                    and not (self.focus is not None and self.focus.keeps_focus):
                self.set_focus(under)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            under = self.widget_at(event.pos)
            if under is not None and under.enabled and under.focusable:
                self.set_focus(under)
                under.handle(event)
                return True
            return False
        if event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            under = self.widget_at(pygame.mouse.get_pos()) if event.type == pygame.MOUSEWHEEL else None
            target = under or self.focus
            if target is not None and target.enabled:
                return target.handle(event)
            return False
        if event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING):
            return self.focus.handle(event) if self.focus is not None else False
        if event.type == pygame.KEYDOWN:
            if self.focus is not None and self.focus.handle(event):
                return True
            if event.key == pygame.K_TAB:
                self.key_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if event.key == pygame.K_DOWN:
                self.key_focus(1)
                return True
            if event.key == pygame.K_UP:
                self.key_focus(-1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.default is not None \
                    and self.default.enabled and self.default.visible:
                self.default.handle(event)
                return True
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
        return False

    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.update(dt)

    def draw_widgets(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        for w in self.widgets:
            if w.visible:
                w.draw(surface, lay)
