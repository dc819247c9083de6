"""The Linyo table, following the game and deciding safely: driven headless through the real
scene loop with synthetic events (issue 16 items 4-10)."""
from __future__ import annotations

import time

import pygame
import pytest

from engine import linyo
from game.files import stats, storage
from game.shell.app import App
from game.linyo_table.model import TableGame
from game.linyo_table.scene import TableScene as LinyoTable
from game.table.drivers import TableOptions
from game.scenes.dialogs import ConfirmScene
from game.scenes.load import LoadScene
from game.table.overlays import PauseScene, SaveScene

from test_table_linyo import (DT, HUMAN, bot, centre, click, config, drag, human_turn, home, open_game,  # noqa: F401
                              play_out, post, start_app, _to_first_move)


def table(app: App, state: linyo.State, seats: list[dict] | None = None) -> LinyoTable:
    scene = LinyoTable(app, TableGame(config(seats or [HUMAN], seed=11), state))
    app.reset(scene)
    app.run(frames=2, dt=DT)
    return scene


def place_starts(app: App, scene: LinyoTable) -> None:
    human_turn(app, scene)
    app.run(frames=30, dt=DT)


def short_move(scene: LinyoTable) -> linyo.Move:
    """A legal move that grows its line by one field only (too short at difficulty 2)."""
    st = scene.state
    for moves in linyo.moves_by_line(st, st.current_seat).values():
        for m in moves:
            if len(m.fields) == 1 and m.star is None:
                return m
    raise AssertionError("no one-field move here")


def draw_move(app: App, scene: LinyoTable, move: linyo.Move) -> None:
    st = scene.state
    fields = [st.lines[st.current_seat][move.line - 1][-1], *move.fields]
    drag(app, [centre(scene, f) for f in fields])
    assert scene.path.action() == move


def key(app: App, k: int) -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)
    app.step(DT)


# ------------------------------------------------------------------ decisions are safe
def test_a_move_that_aborts_its_line_asks_first(home):
    app = start_app()
    scene = table(app, linyo.new_game(players=1, seed=11, rolls=["bbog", "bbbo", "bbbo"], first_seat=0))
    _to_first_move(app, scene)
    move = short_move(scene)
    draw_move(app, scene, move)
    assert any("will be aborted" in text for text, _ in scene._preview_lines())
    before = list(scene.state.log)
    click(app, scene.b_confirm.rect.center)
    assert isinstance(app.top, ConfirmScene)
    assert "line {}".format(move.line) in app.top.text and "aborted" in app.top.text
    click(app, app.top.buttons[1].rect.center)          # Cancel: nothing played, the path stays
    assert app.top is scene and scene.state.log == before and scene.path.action() == move
    click(app, scene.b_confirm.rect.center)
    click(app, app.top.buttons[0].rect.center)          # yes
    assert scene.state.log == before + [str(move)]
    assert not scene.state.open[0][move.line - 1]


def test_without_the_setting_the_move_is_played_at_once(home):
    app = start_app()
    app.settings.confirm_close_line = False
    scene = table(app, linyo.new_game(players=1, seed=11, rolls=["bbog", "bbbo", "bbbo"], first_seat=0))
    _to_first_move(app, scene)
    move = short_move(scene)
    draw_move(app, scene, move)
    click(app, scene.b_confirm.rect.center)
    assert app.top is scene and scene.state.log[-1] == str(move)


def test_enter_never_throws_away_a_drawn_path(home):
    app = start_app()
    scene = table(app, linyo.new_game(players=1, seed=11, rolls=["bbog", "bbbo", "bbbo"], first_seat=0))
    _to_first_move(app, scene)
    move = short_move(scene)
    draw_move(app, scene, move)
    scene.set_focus(scene.b_nothing)                    # the keyboard reached "Extend nothing"
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, ConfirmScene)            # asked, not thrown away
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and scene.path.action() == move and not scene.abort_mode


def test_a_stale_message_clears_when_the_player_acts(home):
    app = start_app()
    scene = table(app, linyo.new_game(players=1, seed=11, rolls=["bbog", "bbbo", "bbbo"], first_seat=0))
    _to_first_move(app, scene)
    click(app, centre(scene, 76 if scene.state.lines[0][0][-1] != 76 else 0))   # far from any line end
    assert scene.notice is not None and scene.notice[1]
    move = short_move(scene)
    draw_move(app, scene, move)
    assert scene.notice is None


def test_refusals_start_with_a_capital_or_a_field_and_keep_colours_lower_case(home):
    from engine.linyo.refusals import REFUSALS
    from game.shell.i18n import set_language
    from game.linyo_table import texts
    set_language("de")
    assert texts.explain(REFUSALS.refuse("move.no_die", field="j3", colour="blue")) == \
        "j3 ist blau, aber es ist kein blauer Würfel mehr übrig"
    set_language("en")
    for code, template in texts.REFUSAL_TEXTS.items():
        for t in template.values() if isinstance(template, dict) else [template]:
            assert t[0].isupper() or t.startswith(("{field}", "“", "{value}")), (code, t)


def _sample(name: str):
    return {"field": "c4", "prev": "c3", "end": "d5", "colour": "orange", "line": 2, "most": 4, "verb": "jump",
            "text": "zz", "value": 3, "need": "roll", "roll": "bbog", "kind": "roll", "count": 4, "given": 3,
            "face": "x", "seat": 9, "last": 2}[name]


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_every_refusal_code_and_event_kind_has_text_in_every_language(home, lang):
    """Iterates the engine's catalogues: a new code or event kind without text fails here."""
    import string
    from engine.linyo.events import EVENT_KINDS
    from engine.linyo.refusals import REFUSALS
    from game.shell.i18n import _, set_language
    from game.linyo_table import texts
    from game.linyo_table.log import describe
    set_language(lang)
    assert set(texts.REFUSAL_TEXTS) == set(REFUSALS.templates)
    for code, english in REFUSALS.templates.items():
        names = {f for _t, f, _s, _c in string.Formatter().parse(english) if f}
        params = {n: _sample(n) for n in names}
        said = texts.explain(REFUSALS.refuse(code, **params))
        assert said and "{" not in said, (code, said)
        template = texts.REFUSAL_TEXTS[code]
        for t in template.values() if isinstance(template, dict) else [template]:
            assert lang == "en" or _(t) != t, (lang, code, t)       # translated
    samples = {"seat": 1, "roller": 1, "round": 3, "line": 2, "field": "c4", "end": "d5", "faces": ("b", "b", "o", "g"),
               "colour": "b", "dice": "bbog", "fields": ("c5", "c6"), "star": "d6", "why": "too_short",
               "free_rows": ((1,) * 7, (2,) * 7), "free": (7, 14), "longest": (5, 4), "winners": (0,)}
    import dataclasses
    for cls in EVENT_KINDS:
        event = cls(**{f.name: samples[f.name] for f in dataclasses.fields(cls)})
        entry = describe(event, lambda s: ["Ada", "Bruno"][s])
        assert entry is not None, cls.kind
        text = entry.text()
        assert text and "{" not in text, (cls.kind, text)
    for why in ("chosen", "too_short", "dead_end"):
        from engine.linyo.events import LineAborted
        assert describe(LineAborted(seat=0, line=1, end="a1", why=why), lambda s: "Ada").text()


def test_a_refusal_names_the_real_reason(home):
    app = start_app()
    # the start roll has no grey die: a grey start field is refused for that, not for "none left"
    scene = table(app, linyo.new_game(players=1, seed=11, rolls=["bboo", "bbbo"], first_seat=0))
    grey = next(f for f in range(77) if scene.state.sheet.colours[f] == 2)
    click(app, centre(scene, grey))
    assert scene.notice is not None and "no grey die was rolled" in scene.notice[0]
    assert scene.starts.why_not(grey).code == "start.not_rolled"
    # after a star step, a far field is "not next to", a neighbour is "the star step is the last step"
    st = scene.state
    path_state = linyo.new_game(players=1, seed=11, rolls=["bbog", "bbbo"], first_seat=0)
    from game.linyo_table.path import MovePath
    for t in ["start a1", "start b1", "start e1", "start k1"]:
        path_state.apply(t)
    p = MovePath(path_state, 0)
    starred = [(ln, m) for ln, ms in linyo.moves_by_line(path_state, 0).items() for m in ms if m.star is not None]
    assert starred                     # these dice reach a star
    ln, m = starred[0]
    p.begin(ln)
    for f in m.fields:
        assert p.extend(f)
    assert p.extend(m.star)
    near = next(f for f in linyo.sheets.NEIGHBOURS[m.star] if f not in p.fields() and f != p.end_of(ln))
    far = next(f for f in range(77) if abs(f % 11 - m.star % 11) + abs(f // 11 - m.star // 11) > 3)
    assert p.why_not(near).code == "move.after_star"
    assert p.why_not(far).code == "move.not_adjacent"
    assert st is scene.state


# ------------------------------------------------------------------ following the game
def test_four_of_a_kind_banner_and_turned_dice_marked_only_until_set(home):
    app = start_app()
    scene = table(app, linyo.new_game(players=1, seed=1, rolls=["gggg"], first_seat=0))
    click(app, scene.die_rects[0].center)          # g -> b
    assert scene._dice_args()[4] == [True, False, False, False]
    click(app, scene.b_confirm.rect.center)
    app.run(frames=30, dt=DT)
    assert scene.state.phase == "start"
    assert scene._dice_args()[4] is None           # the turned die is not marked any more
    label = scene._dice_label_ops(app.lay)[0][0]
    assert "Ada" in label and "turned" in label and "blue" in label
    # the dice keep their order when the game is continued
    shown = list(scene.dice.faces)
    again = LinyoTable(app, TableGame.from_payload(scene.g.payload()), options=TableOptions(at_rest=True))
    assert again.dice.faces == shown


def test_free_counts_follow_the_starts_being_placed(home):
    app = start_app()
    scene = table(app, linyo.new_game(players=1, seed=11, rolls=["bbog"], first_seat=0))
    total = lambda: max(int(op[0]) for op in scene._count_ops(scene.geom, 0)[0] if op[0].isdigit())   # noqa: E731
    assert total() == 77
    click(app, centre(scene, sorted(scene.starts.allowed())[0]))
    assert total() == 76


def test_the_last_move_of_every_seat_stays_marked_until_it_moves_again(home):
    app = start_app()
    scene = open_game(app, config([HUMAN, bot("Bruno")], seed=9))
    _to_first_move(app, scene)
    starts = {scene.state.lines[0][i][0] for i in range(4)}
    assert scene.follow.marks(0) == frozenset(starts)          # the four starts: one decision
    bruno = scene.follow.marks(1)
    assert bruno and bruno <= {f for line in scene.state.lines[1] for f in line}
    move: list[str] = []
    for _ in range(2000):                  # until Bruno moved again, the human moving when it is their turn
        if move and scene.follow.marks(1) != bruno:
            break
        if scene.human_turn():
            human_turn(app, scene)
            move = scene.state.log[-1].split()
        else:
            app.step(DT)
    mine = scene.follow.marks(0)
    assert {linyo.field_name(f) for f in mine} >= {t.lstrip("+") for t in move[2:]}
    assert not mine & starts
    assert scene.follow.marks(1) != bruno
    app.run(frames=60, dt=DT)
    assert scene._marks(0) == mine          # drawn on the sheet once the ink is there


def test_a_bots_only_table_draws_each_stroke_on_the_big_sheet(home):
    """The big sheet follows the mover: it turns to a seat before that seat's move lands, and a
    stroke being drawn is always on it (it used to turn to the next seat as the move landed, so
    every stroke was drawn on a thumbnail)."""
    app = start_app(fast=False)
    scene = open_game(app, config([bot("Ada"), bot("Bruno"), bot("Cleo")], seed=5))
    seen: set[int] = set()
    for _ in range(3000):
        moved = len(scene.state.log)
        seat = scene.state.current_seat
        app.step(DT)
        busy = [s for s in range(3) if scene.reveal.busy(s)]
        assert busy in ([], [scene.focus_seat]), (busy, scene.focus_seat)
        if len(scene.state.log) > moved and scene.state.phase == "move" and seat is not None:
            assert scene.focus_seat == seat          # the move of the seat in view
            seen.add(seat)
        if len(seen) == 3:
            break
    assert seen == {0, 1, 2}


def test_hint_draws_the_hard_bots_move_with_its_reason(home):
    app = start_app()
    scene = table(app, linyo.new_game(players=1, seed=11, rolls=["bbog", "bbbo"], first_seat=0))
    assert scene.b_hint.visible and scene.b_hint.enabled
    click(app, scene.b_hint.rect.center)
    assert scene.hint_wanted or scene.hint is not None
    deadline = time.monotonic() + 120      # the worker answers in its own time on a loaded machine
    while scene.hint is None and time.monotonic() < deadline:
        app.step(DT)
    assert scene.hint is not None
    glows = scene._glows(0)
    assert [f for f, style in glows.items() if style == "hint"] == scene._hint_fields() != []
    assert scene._status().startswith("Hint: mark a start on ")
    human_turn(app, scene)                 # playing clears the hint
    assert scene.hint is None


# ------------------------------------------------------------------ saves and statistics
def test_named_save_loads_and_a_game_finished_twice_counts_once(home):
    app = start_app()
    scene = open_game(app, config([HUMAN], seed=11))
    assert scene.save_name() == "Linyo, start"          # as the header calls it, not "round 0"
    _to_first_move(app, scene)
    scene.open_pause()
    app.step(DT)
    assert isinstance(app.top, PauseScene)
    app.top.save()
    app.step(DT)
    assert isinstance(app.top, SaveScene)
    assert app.top.text == "Linyo, round 1" and app.top.input.selected    # typing replaces it
    post(pygame.TEXTINPUT, text="Evening")
    app.step(DT)
    app.top.save()
    app.step(DT)
    saves = storage.list_saves()
    assert [s.game for s in saves] == ["linyo"] and [s.name for s in saves] == ["Evening"]
    play_out(app, scene)
    # a solo game the engine puts its one seat first in is a win, as the History says (issue 26)
    assert stats.load()["games"]["linyo"] == {**stats.load()["games"]["linyo"], "games": 1, "wins": 1}
    # the Load screen opens the Linyo save; finishing it again does not count again
    app.reset(LoadScene(app))
    app.run(frames=2, dt=DT)
    click(app, app.top.rows[0].rect.center)
    app.run(frames=2, dt=DT)
    again = app.top
    assert isinstance(again, LinyoTable) and not again.state.is_over
    assert again.g.config["game_id"] == scene.g.config["game_id"]
    play_out(app, again)
    data = stats.load()
    assert data["games"]["linyo"]["games"] == 1 and data["linyo_solo"]["A/2"]["games"] == 1
    assert app.errors == 0


# ------------------------------------------------------------------ knowing what things are
def test_tooltips_by_hover_and_by_the_i_key(home):
    app = start_app()
    scene = table(app, linyo.new_game(players=1, seed=11, rolls=["bbog", "bbbo"], first_seat=0))
    x, y = scene.geom.row_count_pos(2)
    post(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0))
    app.step(DT)
    assert scene.current_tip() is None                 # not while the pointer moves
    app.run(frames=40, dt=DT)
    assert scene.current_tip().text().startswith("Row 3: free fields left: 11")
    star = scene.state.sheet.stars[0]
    post(pygame.MOUSEMOTION, pos=tuple(int(v) for v in scene.geom.center(star)), rel=(0, 0), buttons=(0, 0, 0))
    app.run(frames=40, dt=DT)
    assert scene.current_tip().text().startswith("Star:")
    key(app, pygame.K_i)
    first = scene.current_tip().text()
    key(app, pygame.K_i)
    assert scene.current_tip().text() != first
    texts_seen = set()
    for _ in range(40):
        texts_seen.add(scene.current_tip().text().split(":")[0])
        key(app, pygame.K_i)
    assert {"Row 1", "Free fields in all", "Die", "Difficulty 2", "Star"} <= texts_seen
    shot = pygame.Surface(app.screen.get_size())
    scene.draw(shot)                                     # the box draws, and drawing changes nothing
    assert app.errors == 0


def test_all_sheets_side_by_side(home):
    from game.linyo_table.all_sheets import AllSheets
    app = start_app()
    scene = open_game(app, config([HUMAN, bot("Bruno"), bot("Chloé")], seed=9))
    _to_first_move(app, scene)
    assert scene.b_all.visible
    click(app, scene.b_all.rect.center)
    assert isinstance(app.top, AllSheets)
    app.run(frames=3, dt=DT)
    key(app, pygame.K_SPACE)
    assert app.top is scene
    key(app, pygame.K_a)
    assert isinstance(app.top, AllSheets)
    click(app, (10, 10))
    assert app.top is scene and app.errors == 0


def test_the_log_scrolls_and_an_entry_lights_up_its_fields(home):
    from game.linyo_table.log import LogEntry
    app = start_app()
    scene = table(app, linyo.new_game(players=1, seed=11, rolls=["bbog", "bbbo"], first_seat=0))
    scene.log.clear()
    for k in range(40):
        scene.log.add(LogEntry(0, lambda k=k: f"entry {k}", frozenset({k})))
    app.step(DT)
    rows = scene.log_rows(app.lay)
    assert rows[0][1] == 39 and 3 <= len(rows) < 40          # the newest at the bottom, the rest above
    post(pygame.MOUSEWHEEL, x=0, y=3, flipped=False, precise_x=0.0, precise_y=3.0)
    app.step(DT)
    assert scene.log.scroll == 3 and scene.log_rows(app.lay)[0][1] == 36
    key(app, pygame.K_END)
    assert scene.log.scroll == 0
    key(app, pygame.K_PAGEUP)
    assert scene.log.scroll > 0
    key(app, pygame.K_HOME)
    assert scene.log_rows(app.lay)[-1][1] == 0              # the oldest in view
    key(app, pygame.K_END)
    # a drag downward on the log scrolls back in time
    r = scene.log_rect
    post(pygame.MOUSEMOTION, pos=(r.centerx, r.y + 5), rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=(r.centerx, r.y + 5), button=1)
    post(pygame.MOUSEMOTION, pos=(r.centerx, r.bottom - 5), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=(r.centerx, r.bottom - 5), button=1)
    app.step(DT)
    assert scene.log.scroll > 0
    key(app, pygame.K_END)
    # the pointer on an entry lights up its fields on the sheet
    rect, index, _lines = scene.log_rows(app.lay)[1]
    post(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))
    app.step(DT)
    assert scene.log.hover == index == 38
    assert scene._glows(0).get(38) == "log"
    assert scene.state.log == []                            # none of this played anything


def test_undo_goes_back_through_the_engines_rewind(home):
    app = start_app()
    scene = table(app, linyo.new_game(players=1, seed=1, rolls=["gggg", "bbbo"], first_seat=0))
    click(app, scene.die_rects[0].center)          # g -> b
    click(app, scene.b_confirm.rect.center)        # set bggg
    app.run(frames=30, dt=DT)
    assert scene.state.phase == "start" and scene.state.log == ["set bggg"]
    click(app, centre(scene, sorted(scene.starts.allowed())[0]))
    assert scene.b_undo.enabled
    click(app, scene.b_undo.rect.center)           # first the start just picked (not sent yet)
    assert scene.state.log == ["set bggg"] and scene.starts.picks == []
    assert scene.b_undo.enabled                    # then the engine's undo point: before the set
    click(app, scene.b_undo.rect.center)
    assert scene.state.log == [] and scene.state.phase == "set" and scene.set_choice == list("gggg")
    assert "takes a step back" in scene.log.entries[-1].text()
    assert scene.follow.setting(scene.state) is None
    assert not scene.b_undo.enabled                # nothing before the roll
    human_turn(app, scene)                         # and the game goes on
    assert scene.state.log == ["set gggg"]
    scene.saver.flush()
    assert storage.latest_autosave()["payload"]["record"]["actions"] == ["set gggg"]
