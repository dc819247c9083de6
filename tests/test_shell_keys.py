"""Issue 26 item 6, the shell's keyboard and mouse: Enter starts a setup (Space and ←/→ change a
choice), Quit asks first, one widget is lit at a time, Settings' Done stays clear of the key
line, and End in one game's rules stays in that game's rules (so "Learn by playing" teaches it)."""
from __future__ import annotations

import pygame
import pytest

from appkit import drawn_by, menu_app
from game.shell import i18n
from game.scenes.dialogs import ConfirmScene
from game.scenes.menu import MenuScene
from game.scenes.rules import RulesScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.setup import SetupScene
from game.ui import text as T
from game.ui.widgets import Choice, Toggle

DT = 1 / 60


def key(app, k: int, frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    app.run(frames=frames, dt=DT)


def move(app, pos) -> None:
    """The pointer moves onto `pos` (from a pixel beside it)."""
    for at in ((pos[0] - 1, pos[1]), pos):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0)))
    app.run(frames=1, dt=DT)


def test_enter_on_a_setup_choice_starts_and_space_changes_it(headless_home, monkeypatch):
    from game.shell import tables
    started = []
    monkeypatch.setattr(tables, "open_replacing_autosave", lambda app, cfg: started.append(cfg))
    app = menu_app()
    setup = SetupScene(app, "lineit")
    app.push(setup)
    app.run(frames=2, dt=DT)
    players = setup.option_widgets[0]
    setup.set_focus(players)
    before = players.value
    key(app, pygame.K_SPACE)
    assert setup.option_widgets[0].value == before + 1           # Space changes the choice
    setup.set_focus(setup.option_widgets[0])
    value = setup.option_widgets[0].value
    key(app, pygame.K_RETURN)                                       # Enter starts, as the footer says
    assert len(started) == 1 and len(started[0]["seats"]) == value


def test_enter_in_settings_is_done_and_never_flips_a_switch(headless_home):
    app = menu_app()
    settings = SettingsScene(app)
    app.push(settings)
    app.run(frames=2, dt=DT)
    settings.set_focus(settings.muted)
    key(app, pygame.K_RETURN)
    assert app.settings.muted is False and not isinstance(app.top, SettingsScene)
    for widget in (Choice("x", [(1, "a"), (2, "b")], 1, lambda v: None), Toggle("x", False, lambda v: None)):
        widget.focused = True
        assert not widget.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))


def test_quit_from_the_menu_asks_first_by_keyboard(headless_home):
    app = menu_app()
    menu = app.top
    key(app, pygame.K_UP)                          # round to Quit
    assert menu.focus.label == "Quit"
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, ConfirmScene) and app.running
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene) and app.running


def test_hover_and_focus_light_one_button(headless_home):
    app = menu_app()
    menu = app.top
    buttons = [w for w in menu.widgets if w.visible]
    move(app, buttons[3].rect.center)               # the pointer takes the focus
    app.run(frames=30, dt=DT)
    assert menu.focus is buttons[3]
    assert [b for b in buttons if b.glow > 0.5] == [buttons[3]]
    key(app, pygame.K_DOWN, frames=30)              # a key takes it on, and the hover goes out
    assert menu.focus is buttons[4]
    assert [b for b in buttons if b.glow > 0.5] == [buttons[4]]


def test_a_screen_opening_under_a_resting_pointer_keeps_its_focus(headless_home):
    """Setup opens with Start focused; the pointer resting over Back must not take it (Enter starts)."""
    app = menu_app()
    setup = SetupScene(app, "lineit")
    app.push(setup)
    app.run(frames=2, dt=DT)
    at = setup.back_button.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    app.run(frames=2, dt=DT)
    assert setup.focus is setup.start
    move(app, at)
    assert setup.focus is setup.back_button


def test_the_pointer_leaves_the_focus_in_a_box_being_typed_in(headless_home):
    app = menu_app()
    setup = SetupScene(app, "lineit")
    app.push(setup)
    app.run(frames=2, dt=DT)
    name = setup.seat_rows[0][0]
    setup.set_focus(name)
    move(app, setup.back_button.rect.center)
    assert setup.focus is name


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600)])
def test_settings_done_stays_clear_of_the_key_line(headless_home, lang, size):
    app = menu_app(size, language=lang)
    settings = SettingsScene(app)
    app.push(settings)
    app.run(frames=2, dt=DT)
    drawn = drawn_by(lambda: settings.draw(app.screen))
    key_line = drawn[-1]                           # the hint is drawn last
    assert key_line[0] == i18n._("↑ ↓ choose · ← → Space change · Enter done · Esc back")
    for w in settings.widgets:
        assert not w.rect.colliderect(key_line[2]), (w, w.rect, key_line)
        assert w.rect.bottom <= app.screen.get_height()


def test_end_in_line_it_rules_stays_in_line_it(headless_home):
    app = menu_app(anim_speed="reduced")
    app.open_rules("lineit")
    app.run(frames=3, dt=DT)
    rules = app.top
    assert isinstance(rules, RulesScene) and rules.current_section() == "lineit"
    key(app, pygame.K_END, frames=60)
    assert rules.scroll > 0 and rules.current_section() == "lineit"
    assert rules.scroll + rules.view.h <= rules.sections["linyo"] + 1
    started = []
    app.start = lambda name, *args: started.append((name, args))
    rules.learn.click()
    assert started == [("tutorial", ("lineit",))]
    key(app, pygame.K_RIGHT, frames=60)
    key(app, pygame.K_END, frames=60)
    assert rules.current_section() == "linyo" and rules.scroll == pytest.approx(rules.max_scroll())
    key(app, pygame.K_HOME, frames=60)
    assert rules.scroll == pytest.approx(rules._clamp(rules.sections["linyo"]))


def test_a_label_too_long_for_one_line_takes_two_lines_at_the_largest_size_that_fits(headless_home):
    """Results buttons wrapped into tiny two-line text (11 px) in buttons tall enough for more."""
    from game.ui.layout import Layout
    from game.ui.widgets import Button, fit_row
    pygame.display.init()
    T.start_fonts()
    lay = Layout(800, 600)
    long_ = Button("Nouvelle partie avec les mêmes joueurs", lambda: None, font_size=40)
    short = Button("Menu", lambda: None, font_size=40)
    fit_row([long_, short])
    long_.rect, short.rect = pygame.Rect(10, 10, 240, 60), pygame.Rect(260, 10, 240, 60)
    px = long_.text_px(lay)
    assert px == short.text_px(lay) and px > 11
    lines = T.wrap("Nouvelle partie avec les mêmes joueurs", px, 240 - lay.px(30), True)
    assert len(lines) == 2 and 2 * int(px * 1.1) <= 60
    T.drawn = []
    try:
        long_.draw(pygame.Surface((600, 100)), lay)
        assert [t for t, _p, _r in T.drawn] == lines
    finally:
        T.drawn = None
