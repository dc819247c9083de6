"""Every seat's last move stays readable under its thumbnail (issue 26, "follow the bots"): headless
through the real scene loop in English, German and French at 800×600 and 1920×1080 with 2 to 6
seats. A move that says two things ("line 4 +1, line 2 ×": a line extended and another left at a
dead end) was cut with "…" at 1920×1080 with six seats; the words now wrap, between the things
they say, and the thumbnails keep the lines the longest of them take."""
from __future__ import annotations

import random
import time
from functools import lru_cache

import pygame
import pytest

from engine import linyo
from engine.linyo.events import DEAD_END, TOO_SHORT, LineAborted, LineMoved
from game.linyo_table import texts
from game.linyo_table.follow import Follow
from game.linyo_table.geometry import MIN_TEXT_PX
from game.linyo_table.path import preview
from game.linyo_table.scene import TableScene as LinyoTable
from game.ui import text as T

from appkit import drawn_by, menu_app
from test_table_linyo import DT, HUMAN, bot, home  # noqa: F401
from test_table_linyo_follow import table

LANGS = ["en", "de", "fr"]
SIZES = [(800, 600), (1920, 1080)]
BOTS = ["Bruno", "Chloé", "Dmitri", "Elif", "Farid"]


def _crosses(state: linyo.State, seat: int) -> bool:
    """`seat`'s last move extended a line and left another one at a dead end."""
    last = Follow(state.events).last_move(seat)
    events = last.events if last is not None else ()
    moved = {e.line for e in events if e.kind == "linyo.line_moved"}
    return bool(moved) and any(e.kind == "linyo.line_aborted" and e.line not in moved for e in events)


@lru_cache(maxsize=None)
def _actions(players: int) -> tuple[int, tuple[linyo.Action, ...]]:
    """A game (its seed and actions) played up to the person's move in a round after which most other
    seats' last moves say two things: the bots prefer moves that leave another line at a dead end."""
    want = min(3, players - 1)
    for seed in range(24, 200):
        rng = random.Random(seed)
        s = linyo.new_game(players=players, seed=seed, first_seat=0)
        done: list[linyo.Action] = []
        while not s.is_over:
            if s.phase == "move" and s.current_seat == 0 and s.round > 1:
                if sum(_crosses(s, k) for k in range(1, players)) >= want:
                    return seed, tuple(done)
            acts = s.legal_actions()
            act = rng.choice(acts)
            if s.phase == "move" and s.current_seat != 0:
                seat = s.current_seat
                moves = [a for a in acts if isinstance(a, linyo.Move)]
                pv = {m: preview(s, seat, m) for m in moves}
                cross = [m for m in moves if any(n != m.line for n in pv[m].closed_dead)]
                whole = [m for m in moves if not pv[m].closed_short and not pv[m].closed_dead]
                pick = cross or whole
                if pick:
                    act = max(pick, key=lambda m: (len(m.fields) + (m.star is not None), rng.random()))
            s.apply(act)
            done.append(act)
    raise AssertionError("no such game")


def position(players: int) -> linyo.State:
    seed, actions = _actions(players)
    s = linyo.new_game(players=players, seed=seed, first_seat=0)
    for a in actions:
        s.apply(a)
    return s


def longest_moves(seat: int, k: int) -> tuple:
    """The longest words a move says, by kind: four dice steps and the star with another line at a
    dead end; a move too short for its line that also closes another; one closing three lines."""
    moved = LineMoved(seat=seat, line=4, fields=("k4", "k5", "k6", "k7"), dice="bbbb", star="j7")
    if k % 3 == 0:
        return moved, LineAborted(seat=seat, line=3, end="a1", why=DEAD_END)
    short = LineMoved(seat=seat, line=1, fields=("k4",), dice="b", star=None)
    if k % 3 == 1:
        return short, LineAborted(seat=seat, line=1, end="k4", why=TOO_SHORT), \
            LineAborted(seat=seat, line=2, end="a1", why=DEAD_END)
    return short, *(LineAborted(seat=seat, line=n, end="a1", why=DEAD_END if n > 1 else TOO_SHORT)
                    for n in (1, 2, 3, 4))


def check_thumbnails(app, scene: LinyoTable, where: str) -> int:
    """Every thumbnail draws its seat's last move whole inside its box, above its sheet; the number of
    moves that said more than one thing."""
    lay = app.lay
    buttons = [b.rect for b in (scene.b_hint, scene.b_rules, scene.b_menu)]
    two = 0
    for seat, rect in scene.thumb_rects.items():
        last = scene.follow.last_move(seat)
        assert last is not None, (where, seat)
        said = texts.last_move_words(last.events)
        two += ", " in said
        T.cuts = []
        try:
            item = scene._make_thumb_item(seat, rect, lay, frozenset())
            drawn = drawn_by(lambda item=item: item.draw(pygame.Surface(app.screen.get_size())))
            cuts = list(T.cuts)
        finally:
            T.cuts = None
        assert not cuts, (where, seat, cuts)
        # the words: every line under the name line
        words = sorted(((r.top, text, px, r) for text, px, r in drawn if r.top > rect.top + lay.px(2)),
                       key=lambda t: t[0])
        lines = [text for _y, text, _px, _r in words]
        assert " ".join(lines) == said and "…" not in said, (where, seat, lines, said)
        paper = pygame.Rect(item.desc[4])          # where the thumbnail put the sheet
        for _y, text, px, r in words:
            assert px >= MIN_TEXT_PX, (where, seat, text, px)
            assert rect.left <= r.left and r.right <= rect.right, (where, seat, text, r, rect)
            assert r.top + px <= rect.bottom, (where, seat, text, r, rect)
            if paper.h >= 7 * 2:             # (a move closing all four lines may leave its sheet no room)
                assert r.top + px <= paper.top + 1, (where, seat, text, r, paper)
        assert scene.panel_rect.contains(rect) and paper.bottom <= rect.bottom + 1, (where, seat, rect, paper)
        assert not any(rect.colliderect(b) for b in buttons), (where, rect)
        assert not rect.colliderect(scene.b_all.rect), (where, rect, scene.b_all.rect)
    assert scene.panel_rect.contains(scene.b_all.rect), (where, scene.b_all.rect)
    return two


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_seats_last_move_is_said_whole_under_its_thumbnail(home, lang, size):
    app = menu_app(size, language=lang, anim_speed="reduced", bot_pace="instant", first_game_tips=False)
    for players in range(2, 7):
        where = f"{lang} {size} {players} seats"
        scene = table(app, position(players), [HUMAN] + [bot(n) for n in BOTS[:players - 1]])
        app.run(frames=3, dt=DT)
        assert scene.human_turn() and scene.state.phase == "move", where
        # the game as played: a line extended and another one crossed, for several seats
        assert check_thumbnails(app, scene, where) >= min(3, players - 1), where
        # the longest words moves say, one kind a seat, through the table's own following
        for k, seat in enumerate(scene.thumb_rects):
            scene.follow.take(longest_moves(seat, k))
        app.run(frames=3, dt=DT)
        check_thumbnails(app, scene, where + " (longest)")
        assert app.errors == 0, where
    pygame.display.quit()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_a_hints_reasons_stay_above_the_thumbnails(home, lang, size):
    """The thumbnails take the All-sheets button's row in a six-seat game: a hint's reasons, longer
    than the panel's room for words, ran into them (and into the button before)."""
    app = menu_app(size, language=lang, anim_speed="reduced", bot_pace="instant", first_game_tips=False)
    scene = table(app, position(6), [HUMAN] + [bot(n) for n in BOTS])
    app.run(frames=3, dt=DT)
    scene.on_hint()
    deadline = time.monotonic() + 60
    while scene.hint is None:
        assert time.monotonic() < deadline, "no hint came"
        app.step(DT)
    assert scene.hint_why
    lay = app.lay
    ops = scene._info_ops(lay)
    said = " ".join(op[0] for op in ops)
    assert scene.hint_why[0].split(" ")[0] in said            # its reasons are there, the first at least
    below = [*scene.thumb_rects.values(), scene.b_all.rect]
    for text, px, colour, pos, anchor, bold in ops:
        r = T.render(text, px, colour, bold).get_rect(**{anchor: pos})
        assert px >= MIN_TEXT_PX, (text, px)
        assert not any(r.colliderect(b) for b in below), (lang, size, text, r)
        assert scene.panel_rect.contains(r), (lang, size, text, r)
    assert app.errors == 0
    pygame.display.quit()
