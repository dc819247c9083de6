"""Issue 16 item 10, the last layout nits seen in real windows: the Linyo four-of-a-kind banner, the
Line-it results grid and the Line-it middle labels fit their places in English, German and French at
800×600, 1280×720 and 1920×1080 (headless, the real scenes, measured from what they draw)."""
from __future__ import annotations

import random

import pygame
import pytest

from engine import lineit, linyo
from engine.bots.worker import BotWorker
from game.shell.app import App
from game.shell import i18n
from game.lineit_table.model import TableGame as LineitGame
from game.lineit_table.draw import draw_base
from game.lineit_table.results import COLUMNS, ResultsScene
from game.lineit_table.scene import TableScene
from game.linyo_table import texts
from game.linyo_table.model import TableGame
from game.linyo_table.scene import TableScene as LinyoTable
from game.table import bots as bots_mod
from game.ui import text as T

LANGS = ["en", "de", "fr"]
SIZES = [(800, 600), (1280, 720), (1920, 1080)]
MIN_PX = 11
from appkit import drawn_by, menu_app  # noqa: E402

DT = 1 / 60
LONG_NAME = "Bartholomäus-Johanna"     # as long as the setup lets a name be (20 characters)


@pytest.fixture
def home(headless_home, monkeypatch):
    monkeypatch.setattr(bots_mod, "WORKER_FACTORY", lambda: BotWorker(use_process=False))
    yield headless_home


def start(size: tuple[int, int], lang: str) -> App:
    return menu_app(size, language=lang, anim_speed="reduced", bot_pace="instant")


# ------------------------------------------------------------------ Linyo: the four-of-a-kind banner
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("dice", ["ooog", "gggg"])       # three dice turned; all four kept
def test_four_of_a_kind_banner_fits_the_panel_above_the_dice(home, lang, size, dice):
    app = start(size, lang)
    state = linyo.new_game(players=1, seed=1, rolls=["gggg"], first_seat=0)
    state.apply(f"set {dice}")
    seat = {"name": LONG_NAME, "kind": "human", "level": None, "difficulty": 2}
    scene = LinyoTable(app, TableGame({"game": "linyo", "seats": [seat], "first_seat": 0, "seed": 1,
                                             "sheet": "A"}, state))
    app.reset(scene)
    app.run(frames=3, dt=DT)
    ops = scene._dice_label_ops(app.lay)
    # what is shown is the whole sentence: no line left out
    assert " ".join(op[0] for op in ops) == texts.dice_set_banner(LONG_NAME, "gggg", dice)
    dice_top = min(r.top for r in scene.die_rects)
    inside = scene.panel_rect.inflate(-app.lay.px(8), 0)
    for text, px, colour, pos, anchor, bold in ops:
        r = T.render(text, px, colour, bold).get_rect(**{anchor: pos})
        assert px >= MIN_PX, (text, px)
        assert inside.contains(r), f"{lang} {size}: {text!r} at {r} leaves the panel {inside}"
        assert r.bottom <= dice_top, f"{lang} {size}: {text!r} at {r} runs into the dice (top {dice_top})"
    pygame.display.quit()


# ------------------------------------------------------------------ Linyo: the instruction under the buttons
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_note_and_instruction_stay_inside_the_panel(home, lang, size):
    """The note is drawn bold and was wrapped as plain text: German ran past the panel at 800×600."""
    app = start(size, lang)
    state = linyo.new_game(players=1, seed=1, rolls=["gggg"], first_seat=0)
    seat = {"name": "Ada", "kind": "human", "level": None, "difficulty": 2}
    scene = LinyoTable(app, TableGame({"game": "linyo", "seats": [seat], "first_seat": 0, "seed": 1,
                                             "sheet": "A"}, state))
    app.reset(scene)
    app.run(frames=3, dt=DT)
    assert scene.set_choice is not None                             # "Four of a kind: click up to three dice…"
    for note in ((scene._status(), False), (scene._status(), True)):    # plain, and bold
        scene.notice = note
        ops = scene._info_ops(app.lay)
        assert ops
        inside = scene.panel_rect.inflate(-app.lay.px(8), 0)
        for text, px, colour, pos, anchor, bold in ops:
            r = T.render(text, px, colour, bold).get_rect(**{anchor: pos})
            assert inside.contains(r), f"{lang} {size}: {text!r} at {r} leaves the panel {inside}"
    pygame.display.quit()


# ------------------------------------------------------------------ Linyo: the thumbnails' name lines
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_thumbnails_name_and_free_count_stay_apart_inside_it(home, lang, size, players):
    """A long name is cut with "…" before it reaches the count (a 4-seat table at 1920×1080 drew
    "Bartholomäus" over "63")."""
    app = start(size, lang)
    seats = [{"name": "Ada", "kind": "human", "level": None, "difficulty": 2}]
    seats += [{"name": (LONG_NAME + str(i))[:20], "kind": "bot", "level": "easy", "difficulty": 2}
              for i in range(1, players)]
    state = linyo.new_game(players=players, seed=1, first_seat=0)
    scene = LinyoTable(app, TableGame({"game": "linyo", "seats": seats, "first_seat": 0, "seed": 1,
                                             "sheet": "A"}, state))
    app.reset(scene)
    app.run(frames=3, dt=DT)
    assert scene.thumb_rects
    for seat, rect in scene.thumb_rects.items():
        item = scene._make_thumb_item(seat, rect, app.lay, frozenset())
        drawn = drawn_by(lambda item=item: item.draw(pygame.Surface(app.screen.get_size())))
        line = [(text, r) for text, px, r in drawn if r.top < rect.top + app.lay.px(30)]
        assert len(line) == 2, line
        (name, a), (count, b) = sorted(line, key=lambda t: t[1].x)
        assert name.startswith(seats[seat]["name"][:1]) and count[:1].isdigit(), line
        assert a.right < b.left, f"{lang} {size}: {name!r} {a} runs into {count!r} {b}"
        assert rect.left <= a.left and b.right <= rect.right, (rect, a, b)
    pygame.display.quit()


# ------------------------------------------------------------------ Line-it: the results grid
def finished_lineit(app: App, players: int = 4) -> TableScene:
    """A Line-it table whose game is over (random legal moves), its results screen up."""
    names = ["Ada", "Bärbel", "Cleo", "Dan", "Emil", "Fatou"][:players]
    cfg = {"game": "lineit", "seed": 3, "first_seat": 0, "final_plays": 1,
           "seats": [{"name": n, "kind": "human" if i == 0 else "bot", "level": None if i == 0 else "easy"}
                     for i, n in enumerate(names)]}
    state = lineit.new_game(players=players, seed=3, first_seat=0)
    pick = random.Random(5)
    while not state.is_over:
        state.apply(pick.choice(state.legal_actions()))
    scene = TableScene(app, LineitGame(cfg, state))
    app.reset(scene)
    for _ in range(600):
        if isinstance(app.top, ResultsScene):
            return scene
        app.step(DT)
    raise AssertionError("no results screen")


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("lang", LANGS)
def test_results_cells_stay_in_their_rows_and_headers_keep_symbols_together(home, monkeypatch, lang, size):
    app = start(size, lang)
    finished_lineit(app, players=6)
    res = app.top
    for r in res.rows:       # the widest a row gets: many jackpots, lines, tokens and bets
        r.update(jackpots=4, jackpot_cards=22, lines=11, forced=3, bonus=12, penalty=10, bets_won=12,
                 bets_lost=13, banked=35, up=10, down=11)
    res.layout(app.lay)
    lay = app.lay
    # measured from what the screen draws: the rows' backgrounds and every line of text
    rows: list[pygame.Rect] = []
    real_rect = pygame.draw.rect

    def rect(surface, colour, r, *a, **kw):
        r = pygame.Rect(r)
        if r.w == res.box.w - lay.px(60) and r not in rows:
            rows.append(r)
        return real_rect(surface, colour, r, *a, **kw)
    monkeypatch.setattr(pygame.draw, "rect", rect)
    lines = [(t, px, r) for t, px, r in drawn_by(lambda: res.draw(app.screen)) if res.body_top(lay) <= r.top]
    monkeypatch.setattr(pygame.draw, "rect", real_rect)
    assert len(rows) == 6
    buttons = min(b.rect.top for b in res.shown_buttons())
    lines = [(t, px, r) for t, px, r in lines if r.bottom <= buttons or r.top < rows[-1].bottom]
    assert min(px for _t, px, _r in lines) >= MIN_PX
    heads = [(t, r) for t, _px, r in lines if r.centery < rows[0].top]
    for text, r in heads:        # "Lines" over "↑ / ↓" reads well; a "↓" alone under "Lines ↑ /" does not
        assert len(text.split()) > 1 or any(ch.isalnum() for ch in text), f"{lang} {size}: {text!r} alone"
        assert r.bottom <= rows[0].top, f"{lang} {size}: the header {text!r} runs into the first row"
    cells = " ".join(res.cell(0, key) for key, _l in COLUMNS if key != "score").split()   # the same in every row
    for row in rows:
        inside = [t for t, _px, r in lines if row.contains(r)]
        for text, _px, r in lines:
            if r.centery >= rows[0].top and r.colliderect(row):
                assert row.contains(r), f"{lang} {size}: {text!r} at {r} leaves its row {row}"
        words = " ".join(inside).split()
        assert all(words.count(w) >= cells.count(w) for w in cells), f"{lang} {size}: a cell lost words: {words} {cells}"
    assert rows[-1].bottom <= buttons, "the last row runs into the buttons"
    pygame.display.quit()


# ------------------------------------------------------------------ Line-it: the labels of the middle row
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_draw_pile_and_market_labels_keep_a_gap(home, lang, size):
    app = start(size, lang)
    names = ["Ada", "Bärbel", "Cleo", "Dan"]
    cfg = {"game": "lineit", "seed": 3, "first_seat": 0, "final_plays": 1,
           "seats": [{"name": n, "kind": "human" if i == 0 else "bot", "level": None if i == 0 else "easy"}
                     for i, n in enumerate(names)]}
    scene = TableScene(app, LineitGame(cfg, lineit.new_game(players=4, seed=3, first_seat=0)))
    app.reset(scene)
    app.run(frames=3, dt=DT)
    lines = {t: (px, r) for t, px, r in drawn_by(lambda: draw_base(scene, app.screen))}
    pile_px, pile = lines[i18n._("Draw pile")]
    market_px, market = lines[i18n._("Market")]
    _px, jackpots = lines[i18n._("Jackpots")]
    assert min(pile_px, market_px) >= MIN_PX
    assert market.left - pile.right >= 10, f"{lang} {size}: {pile} and {market} touch"
    assert market.right < jackpots.left
    pygame.display.quit()
