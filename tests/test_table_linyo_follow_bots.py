"""The Linyo table follows the bots (issue 26 item 4) and its flaws met as a new player (item 6):
driven headless through the real scene loop."""
from __future__ import annotations

import concurrent.futures
import random

import pygame

from engine import linyo
from engine.linyo.events import DiceRolled
from game.shell.app import App
from game.shell.i18n import set_language
from game.linyo_table import texts, tips
from game.linyo_table.log import describe
from game.linyo_table.path import preview
from game.linyo_table.results import ResultsScene
from game.linyo_table.scene import TableScene as LinyoTable
from game.table.overlays import PauseScene

from test_table_linyo import (DT, HUMAN, bot, centre, click, config, home, human_turn, open_game,  # noqa: F401
                              play_out, post, start_app, _to_first_move)
from test_table_linyo_follow import key, table
from appkit import menu_app

BOTS = ["Bruno", "Chloé", "Dmitri", "Elif", "Farid"]


def to_next_turn(app: App, scene: LinyoTable) -> None:
    """From a person's decision just made, on until the next one (the bots answering meanwhile)."""
    for _ in range(4000):
        if scene.human_turn():
            return
        if scene.pending is not None and not scene.pending.done():
            concurrent.futures.wait([scene.pending], timeout=10)
        app.step(DT)
    raise AssertionError("the person's turn never came")


def second_move(app: App, players: int) -> LinyoTable:
    """A table of one person and bots, at the person's second move (a whole round of bots behind)."""
    scene = open_game(app, config([HUMAN] + [bot(n) for n in BOTS[:players - 1]], seed=5))
    _to_first_move(app, scene)
    human_turn(app, scene)
    to_next_turn(app, scene)
    app.run(frames=30, dt=DT)            # the strokes on paper
    return scene


# ------------------------------------------------------------------ following the bots
def test_each_bots_last_move_is_marked_and_said_on_its_thumbnail(home):
    app = start_app()
    scene = second_move(app, 3)
    lay = app.lay
    for seat in (1, 2):
        last = scene.follow.last_move(seat)
        assert last is not None and last.turn[0] == "move"
        words = texts.last_move_words(last.events)
        assert words.startswith("line ") and ("+" in words or "×" in words), words
        marks = scene._marks(seat)
        assert marks == last.fields and marks
        desc = scene._make_thumb_item(seat, scene.thumb_rects[seat], lay, frozenset()).desc
        # marked and said on its thumbnail (its lines, last in the description)
        assert tuple(sorted(marks)) in desc and " ".join(desc[-1]) == words
    shot = pygame.Surface(app.screen.get_size())
    scene.zoom_seat, scene.zoom_t = 1, 1.0
    scene.draw(shot)                                               # the zoomed sheet draws its marks too
    assert app.errors == 0


def test_since_your_last_turn_lists_the_others_moves_and_goes_once_you_draw(home):
    app = start_app()
    scene = second_move(app, 4)
    since = scene.since_last_turn(0)
    said = [text for _seat, text in since]
    assert scene.moves_since(0) == said
    st = scene.state
    after = {seat for seat in (1, 2, 3) if scene.follow.last_move(seat).turn == ("move", st.round)}
    assert after                            # the bots that moved after Ada, each in the log's words
    for seat in after:
        assert any(s == seat and ": line " in text for s, text in since), (seat, said)
    assert not any(s == 0 and "line" in text for s, text in since if "aborted" not in text)
    assert scene.since_last_turn(1) != since
    panel = " ".join(op[0] for op in scene._info_ops(app.lay))
    assert "Since your last turn:" in panel and all(scene.g.name(seat) in panel for seat in after)
    # the person starts drawing: the summary gives the panel back
    move = next(m for ms in linyo.moves_by_line(st, 0).values() for m in ms)
    end = st.lines[0][move.line - 1][-1]
    scene.path.begin(move.line)
    assert scene.path.extend(move.fields[0]) and scene.path.end_of(move.line) == end
    assert "Since your last turn:" not in " ".join(op[0] for op in scene._info_ops(app.lay))


def test_the_log_holds_a_whole_round_of_six_seats_at_800x600(home):
    app = menu_app((800, 600), anim_speed="reduced", bot_pace="instant")
    scene = open_game(app, config([HUMAN] + [bot(n) for n in BOTS], seed=5))
    _to_first_move(app, scene)
    human_turn(app, scene)
    mine = len(scene.log.entries) - 1          # Ada's move: from here on, a whole round of the others
    to_next_turn(app, scene)
    app.run(frames=3, dt=DT)
    rows = scene.log_rows(app.lay)
    shown = {i for _r, i, _l in rows}
    assert set(range(mine, len(scene.log.entries))) <= shown, (mine, len(scene.log.entries), sorted(shown))
    # with room to spare: half a round more (the old log held 8 entries, just the round, and the
    # key help under the sheet takes a strip of it)
    round_len = len(scene.log.entries) - mine
    assert len(rows) >= round_len * 3 // 2, (len(rows), round_len)
    from game.linyo_table.geometry import font_px
    assert font_px(app.lay, 20) >= 11
    assert all(r.colliderect(scene.log_rect) and scene.log_rect.contains(r) for r, _i, _l in rows)


def test_the_heading_says_the_round_and_the_rounds_left(home):
    app = start_app()
    scene = second_move(app, 2)
    title = scene._header_ops(app.lay)[0][0]
    most = scene.state.rounds_left_at_most()
    assert most is not None and most > 1
    assert f"Round {scene.state.round}" in title and f"at most {most - 1} more round" in title


# ------------------------------------------------------------------ flaws
def test_a_turned_die_stays_where_it_was_clicked_and_four_of_a_kind_is_said_once(home):
    app = start_app()
    scene = table(app, linyo.new_game(players=1, seed=1, rolls=["gggg"], first_seat=0))
    said = [scene._status()] + ([scene.notice[0]] if scene.notice else [])
    assert sum(t.count("Four of a kind") for t in said) == 1, said
    click(app, scene.die_rects[2].center)          # the third die: g -> b
    click(app, scene.b_confirm.rect.center)
    app.run(frames=30, dt=DT)
    assert scene.state.phase == "start"
    assert scene.dice.faces == ["g", "g", "b", "g"]


def test_the_log_lists_the_dice_in_the_panels_order(home):
    entry = describe(DiceRolled(round=2, roller=0, faces=("g", "b", "o", "b")), lambda s: "Ada")
    assert entry.text() == "Round 2: Ada rolls blue, blue, orange, grey."


def test_a_tooltip_leaves_the_field_and_its_neighbours_in_view(home):
    app = start_app()
    scene = table(app, linyo.new_game(players=1, seed=11, rolls=["bbog", "bbbo"], first_seat=0))
    for f in scene.state.sheet.stars:          # a star's tip (every star, all over the sheet)
        post(pygame.MOUSEMOTION, pos=tuple(int(v) for v in scene.geom.center(f)), rel=(0, 0), buttons=(0, 0, 0))
        app.run(frames=40, dt=DT)
        box = scene._tip_box(app.lay)
        assert box is not None
        cell = int(scene.geom.cell)
        around = scene.geom.cell_rect(f).inflate(2 * cell - 2, 2 * cell - 2)
        assert not box[0].colliderect(around), (f, box[0], around)
    # the first-game tips keep the lit start fields in view too
    lit = scene.lit_rects()
    assert lit and all(r in scene.tip_keep_clear() for r in lit)


def _two_lines_closed() -> tuple[linyo.State, linyo.Move]:
    """A solo position where one move aborts its own line (too short) and traps another."""
    for seed in range(200):
        rng = random.Random(seed)
        s = linyo.new_game(players=1, seed=seed, first_seat=0)
        while not s.is_over:
            if s.phase == "move":
                for m in (a for a in s.legal_actions() if isinstance(a, linyo.Move)):
                    pv = preview(s, 0, m)
                    if pv.closed_short and pv.closed_dead:
                        return s, m
            s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("no such position")


def test_the_close_question_names_every_line_it_closes(home):
    state, move = _two_lines_closed()
    app = start_app()
    scene = table(app, state)
    assert scene.human_turn() and scene.state.phase == "move"
    pv = preview(scene.state, 0, move)
    question = scene._closes(move)
    for n in pv.closed_short + pv.closed_dead:
        assert f"line {n} " in question, (n, question)
    assert "aborted" in question


def test_after_look_at_the_table_esc_and_a_button_bring_the_results_back(home):
    app = start_app()
    scene = open_game(app, config([HUMAN], seed=11))
    play_out(app, scene)
    results = app.top
    click(app, results.b_look.rect.center)
    app.run(frames=3, dt=DT)
    assert app.top is scene and scene.b_results.visible
    key(app, pygame.K_ESCAPE)
    app.run(frames=2, dt=DT)
    assert isinstance(app.top, ResultsScene)
    click(app, app.top.b_look.rect.center)
    app.run(frames=3, dt=DT)
    click(app, scene.b_results.rect.center)
    app.run(frames=2, dt=DT)
    assert isinstance(app.top, ResultsScene)
    click(app, app.top.b_look.rect.center)
    app.run(frames=3, dt=DT)
    click(app, scene.b_menu.rect.center)               # the menu of a finished game saves nothing
    app.run(frames=2, dt=DT)
    assert isinstance(app.top, PauseScene)
    assert "Save game" not in [w.label if isinstance(w.label, str) else w.label() for w in app.top.widgets]
    assert app.errors == 0


def test_words_take_the_plural_their_number_asks_for(home):
    set_language("en")
    assert texts.dice_set_banner("Ada", "gggg", "bggg") == "Four of a kind: Ada turned a die to blue."
    assert texts.dice_set_banner("Ada", "gggg", "bogg") == "Four of a kind: Ada turned dice to blue, orange."
    one = {"template": "adds {n} last fields to line {line}, which then ends", "params": {"n": 1, "line": 2}}
    assert texts.bot_reason(one) == "adds 1 last field to line 2, which then ends"
    assert texts.bot_reason({**one, "params": {"n": 3, "line": 2}}) == "adds 3 last fields to line 2, which then ends"
    for lang in ("de", "fr"):
        set_language(lang)
        assert texts.bot_reason(one) != texts.bot_reason({**one, "params": {"n": 3, "line": 2}}).replace("3", "1")
    set_language("en")
    app = start_app()
    scene = table(app, linyo.new_game(players=1, seed=11, rolls=["bbog", "bbbo", "bbbo"], first_seat=0))
    _to_first_move(app, scene)
    solo = [op[0] for op in scene._solo_info_ops(app.lay, 0)]
    assert "Longest line: 1 field" in solo
    start_only = tips.line_text(scene.state, 0, 0)
    b = linyo.field_name(scene.state.lines[0][0][0])
    assert f"from {b} to {b}" not in start_only and b in start_only
    # a path that spends all four dice: nothing is left to draw, so no "or keep drawing"
    st = scene.state
    full = next((m for ms in linyo.moves_by_line(st, 0).values() for m in ms if len(m.fields) == 4 and m.fields[-1] not in st.sheet.stars),
                None)
    assert full is not None
    scene.path.begin(full.line)
    for f in full.fields:
        assert scene.path.extend(f)
    assert scene._status() == f"Line {full.line} grows by 4. Confirm."


def test_hot_seat_each_person_reads_the_others_moves_since_their_own_last_turn(home):
    """Linyo's sheets are all public, so its hot seat has no pass screen: the person whose turn it
    is reads, in the panel, what every other seat (people and bots) did since their last turn."""
    app = start_app()
    ben = dict(HUMAN, name="Ben")
    scene = open_game(app, config([HUMAN, ben, bot("Bruno")], seed=5))
    assert scene.seating.hot_seat
    _to_first_move(app, scene)
    first = scene.decide_seat
    human_turn(app, scene)                  # the first person moves; the next person decides later
    for _ in range(4000):
        if scene.human_turn() and scene.decide_seat != first and scene.state.phase == "move":
            break
        if scene.human_turn():
            human_turn(app, scene)
        else:
            if scene.pending is not None and not scene.pending.done():
                concurrent.futures.wait([scene.pending], timeout=10)
            app.step(DT)
    seat = scene.decide_seat
    assert seat is not None and seat != first
    panel = " ".join(op[0] for op in scene._info_ops(app.lay))
    assert "Since your last turn:" in panel
    said = scene.moves_since(seat)
    assert any(text.startswith(scene.g.name(first) + ": line ") for text in said), said
    assert scene.g.name(first) in panel
