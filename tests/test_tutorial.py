"""The tutorials: the scripts through the engine, played to the end by mouse with a wrong try at
every step, resume after a restart, and every text in three languages fitting its box at 800x600."""
from __future__ import annotations

import pygame
import pytest

from engine import lineit
from game.shell import i18n
from game.shell.app import App
from game.table.results import TableResults
from game.tutorial import open_tutorial, progress
from game.lineit_table.tutorial.script import script as lineit_script
from game.linyo_table.tutorial.script import script as linyo_script
from game.tutorial.steps import state_at
from game.tutorial.table import MAX_LINES, TEXT_SIZE, GuidePanel, panel_text_width
from game.ui import text as T
from game.ui.widgets import label_text
from tools.compile_locale import po_path, read_po

from tutorial_player import panel, right_gesture, wrong_gesture

from appkit import menu_app  # noqa: E402

DT = 1 / 60
SCRIPTS = {"lineit": lineit_script, "linyo": linyo_script}


@pytest.fixture
def home(headless_home):
    yield headless_home


def start(size=(1280, 720)) -> App:
    return menu_app(size, anim_speed="fast", bot_pace="instant")


def opened(game: str, size, lang: str) -> App:
    """An app at `size` in `lang` with `game`'s tutorial open at its first step."""
    app = start(size)
    app.change_settings(language=lang)
    open_tutorial(app, game, 0)
    app.run(frames=3, dt=DT)
    return app


def post(kind, **kw) -> None:
    pygame.event.post(pygame.event.Event(kind, **kw))


def perform(app: App, gesture) -> None:
    kind, arg = gesture
    if kind == "click":
        post(pygame.MOUSEMOTION, pos=arg, rel=(0, 0), buttons=(0, 0, 0))
        post(pygame.MOUSEBUTTONDOWN, pos=arg, button=1)
        post(pygame.MOUSEBUTTONUP, pos=arg, button=1)
        app.run(frames=2, dt=DT)
        return
    pts = [(int(x), int(y)) for x, y in arg]
    post(pygame.MOUSEMOTION, pos=pts[0], rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pts[0], button=1)
    app.step(DT)
    for a, b in zip(pts, pts[1:]):
        for i in range(1, 5):
            p = (a[0] + (b[0] - a[0]) * i // 4, a[1] + (b[1] - a[1]) * i // 4)
            post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            app.step(DT)
    post(pygame.MOUSEBUTTONUP, pos=pts[-1], button=1)
    app.run(frames=2, dt=DT)


def advance(app: App, sc) -> None:
    """One move of the tutorial's player: the step's next right gesture, or a frame once its part is done."""
    gesture = right_gesture(app, sc)
    if gesture is None:
        app.step(DT)
    else:
        perform(app, gesture)


def settle(app: App, sc) -> None:
    for _ in range(600):
        busy = sc.board.animating if sc.game == "lineit" else (sc.reveal.busy() or sc.dice.rolling())
        if not busy:
            return
        app.step(DT)


def fingerprint(sc) -> str:
    return str(sc.tg.state.to_json())


def is_tutorial(scene) -> bool:
    return any(isinstance(c, GuidePanel) for c in getattr(scene, "components", ()))


def tutorial(app: App):
    """The table a tutorial's guide panel is on (the top scene, or under a dialog)."""
    return app.top if is_tutorial(app.top) else next(s for s in app.stack if is_tutorial(s))


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_the_script_runs_through_the_engine_to_the_end(game):
    sc = SCRIPTS[game]()
    state = state_at(sc, len(sc.steps))
    assert state.is_over
    for i, step in enumerate(sc.steps):            # every step's actions are the player's, in turn
        s = state_at(sc, i)
        for a in step.do:
            assert s.current_seat == 0, (i, a)
            s.apply(a)
        for a in step.bots:
            assert s.current_seat != 0, (i, a)
            s.apply(a)


def test_lineit_teaches_on_a_stacked_deck():
    sc = lineit_script()
    s = sc.new_state()
    assert len(s.view(0)["market"]) == 4 and s.view(0)["draw_pile"] == 102
    kinds = set()
    for i, step in enumerate(sc.steps):
        s = state_at(sc, i)
        for a in step.do:
            before = s.view(0)["seats"][0]
            s.apply(a)
            after = s.view(0)["seats"][0]
            if a.startswith("take") and after["stack"] > before["stack"] + 2:
                kinds.add("jackpot")
            if after["bonus"] > before["bonus"]:
                kinds.add("bet won")
            if after["penalty"] > before["penalty"]:
                kinds.add("bet lost")
    assert kinds == {"jackpot", "bet won", "bet lost"}
    assert lineit.new_game(2, seed=1).view(0)["draw_pile"] == 102


def play_through(app: App, game: str, wrong: bool) -> None:
    open_tutorial(app, game, 0)
    app.run(frames=3, dt=DT)
    for _ in range(400):
        sc = tutorial(app)
        settle(app, sc)
        if panel(sc).guide.last and panel(sc).guide.ready() and sc.tg.state.is_over:
            break
        if wrong and panel(sc).guide.acting() or (wrong and panel(sc).guide.ready() and panel(sc).guide.done == 0):
            if getattr(sc, "_tried", None) != (panel(sc).guide.index, panel(sc).guide.done):
                sc._tried = (panel(sc).guide.index, panel(sc).guide.done)
                before = fingerprint(sc)
                for gst in wrong_gesture(app, sc):
                    perform(app, gst)
                assert fingerprint(sc) == before, (panel(sc).guide.index, "a wrong action changed the game")
                assert panel(sc).refusal is not None, (panel(sc).guide.index, "a wrong action was not refused")
                if panel(sc).guide.acting():      # the refusal under the task, which stays in view
                    assert panel(sc).guide.say() == panel(sc).guide.text(panel(sc).guide.step.say)
        g = right_gesture(app, sc)
        if g is None:
            app.step(DT)
            continue
        perform(app, g)
    else:
        raise AssertionError("the tutorial did not end")
    assert progress.entry(game)["finished"]


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_play_each_tutorial_by_mouse_with_a_wrong_try_at_every_step(home, game):
    app = start()
    play_through(app, game, wrong=True)
    assert app.errors == 0
    app.run(frames=120, dt=DT)                      # the last explanation stays readable...
    assert not isinstance(app.top, TableResults)
    sc = tutorial(app)
    assert panel(sc).guide.say() == panel(sc).guide.text(panel(sc).guide.step.after)
    perform(app, ("click", panel(sc).b_next.rect.center))   # ...until Finish brings the results
    for _ in range(600):
        if isinstance(app.top, TableResults):
            break
        app.step(DT)
    else:
        raise AssertionError("no results after the tutorial")
    assert not app.top.b_seed.visible               # the stacked deal has no seed to share


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_the_tutorial_resumes_at_the_same_step_after_a_restart(home, game):
    app = start()
    open_tutorial(app, game, 0)
    app.run(frames=3, dt=DT)
    for _ in range(200):
        sc = tutorial(app)
        if panel(sc).guide.index >= 3:
            break
        settle(app, sc)
        g = right_gesture(app, sc)
        if g is not None:
            perform(app, g)
        else:
            app.step(DT)
    sc = tutorial(app)
    index, state = panel(sc).guide.index, fingerprint(sc)
    pygame.display.quit()
    app = start()                                   # a new start of Linebox
    assert open_tutorial(app, game)
    app.run(frames=2, dt=DT)
    again = tutorial(app)
    assert panel(again).guide.index == index == progress.entry(game)["step"]
    assert fingerprint(again) == state
    perform(app, ("click", panel(again).b_back.rect.center))   # back one step: the game as it was there
    assert panel(tutorial(app)).guide.index == index - 1
    back = state_at(SCRIPTS[game](), index - 1).to_json()
    now = tutorial(app).tg.state.to_json()         # the step's bots may have played since
    assert now["actions"][:len(back["actions"])] == back["actions"]
    assert len(now["actions"]) <= len(back["actions"]) + len(SCRIPTS[game]().steps[index - 1].bots)


def tutorial_msgids() -> list[str]:
    from tools.compile_locale import extract
    return extract(domain="tutorial")


def test_every_tutorial_text_exists_in_german_and_french():
    ids = tutorial_msgids()
    assert len(ids) > 40
    for lang in ("de", "fr"):
        entries = read_po(po_path(lang, "tutorial"))
        missing = [m for m in ids if not entries.get(m)]
        assert not missing, (lang, missing)


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_every_step_fits_its_box_at_800x600(home, lang):
    app = start(size=(800, 600))
    app.change_settings(language=lang)
    lay = app.lay
    size = lay.font_px(TEXT_SIZE)
    limit = panel_text_width(lay)
    for make in SCRIPTS.values():
        sc = make()
        for step in sc.steps:
            for msgid in (step.say, step.after):
                if not msgid:
                    continue
                text = i18n._(msgid).format(**dict(step.params))
                if lang != "en":
                    assert text != msgid, (lang, msgid)
                lines = T.wrap(text, size, limit)
                assert len(lines) <= MAX_LINES, (lang, text)
                assert all(T.width(line, size) <= limit for line in lines), (lang, text)


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_panel_buttons_fit_whole_words_and_differ_from_undo_at_800x600(home, lang):
    app = start(size=(800, 600))
    app.change_settings(language=lang)
    for game in SCRIPTS:
        open_tutorial(app, game, 0)
        app.run(frames=3, dt=DT)
        sc = tutorial(app)
        lay = app.lay
        for b in panel(sc).buttons:
            room = b.rect.w - lay.px(30)
            for word in label_text(b.label).split():
                assert T.width(word, b.text_px(lay), True) <= room, (lang, game, word)
        # German and French tables call Undo "Zurück" / "Retour": the step back must read differently
        assert label_text(panel(sc).b_back.label) not in {i18n._("Undo"), i18n._("Back")}, (lang, game)
        panel(sc).leave_tutorial()
        app.run(frames=3, dt=DT)


def test_offered_once_at_setup_always_in_menu_and_rules(home):
    from game.scenes.rules import RulesScene
    from game.scenes.setup import SetupScene
    from game.tutorial.offer import LEARN, LearnChoice
    app = start()
    first = SetupScene(app, "linyo")
    assert first.learn is not None and first.learn in first.widgets
    assert SetupScene(app, "linyo").learn is None            # offered once
    menu = app.top
    button = next(w for w in menu.widgets if getattr(w, "label", None) == LEARN)
    perform(app, ("click", button.rect.center))
    assert isinstance(app.top, LearnChoice)
    perform(app, ("click", app.top.buttons[1].rect.center))
    assert tutorial(app).game == "linyo" and panel(tutorial(app)).script.game == "linyo"
    app.open_rules("lineit")
    app.run(frames=2, dt=DT)
    assert isinstance(app.top, RulesScene)
    perform(app, ("click", app.top.learn.rect.center))
    assert tutorial(app).game == "lineit" and panel(tutorial(app)).script.game == "lineit"


def test_the_line_it_close_step_says_what_the_engine_says():
    """The step that closes with a full hand must not claim the close is forced: the 9 in hand
    still fits the falling line, so the engine's must_close() is False and the log says no
    'had to close'. The step's words say the 9 would fit (they claimed 'you must close first')."""
    from game.tutorial.steps import state_at
    sc = lineit_script()
    index = next(i for i, st in enumerate(sc.steps) if "take 80 line" in st.do)
    state = state_at(sc, index)
    assert not state.must_close()
    assert state.is_legal("play 9")
    assert "9 in your hand would still fit" in sc.steps[index].say
    closed = [e for e in state.clone().apply("close") if e.kind == "lineit.line_closed"]
    assert closed and not closed[0].forced
