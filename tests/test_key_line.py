"""The key help at both tables fits its box in every language (issue 26: at 800×600 the French key
line at the Line-it table was cut after "C clore", the German one too): every key the line names
is on screen, no text under 11 px, no line past its box, none over the status or the buttons."""
from __future__ import annotations

import pytest

from game.shell import i18n
from game.shell.app import App
from game.lineit_table import draw as D
from game.lineit_table.geometry import MIN_PX
from game.linyo_table.draw import KEYS_LEADING as LINYO_LEADING
from game.linyo_table.geometry import MIN_TEXT_PX
from game.linyo_table.tutorial import script as linyo_script
from game.tutorial.steps import state_at
from game.ui import text as T

from test_first_tips import DT, bet_lost_state, lineit_at, open_table, start

SIZES = [(800, 600), (1280, 720), (1920, 1080)]
LANGS = ["en", "de", "fr"]

# a turn before the take, after a take into the hand, after closing, and in the final plays
LINEIT_TURNS = {
    "before the take": (lambda: lineit_at(6), ()),
    "after a take": (lambda: lineit_at(6), ("take 9 hand",)),
    "after closing": (lambda: lineit_at(8), ("close",)),
    "final plays": (bet_lost_state, ()),
}
# the Linyo key help for each decision: the starts, a move, turning dice after four of a kind
LINYO_DECISIONS = {"starts": 0, "move": 3, "four of a kind": 4}


@pytest.fixture
def home(headless_home):
    yield headless_home


def open_at(size, lang: str) -> App:
    app = start(size)
    app.change_settings(language=lang, first_game_tips=False)
    return app


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "%dx%d" % s)
@pytest.mark.parametrize("lang", LANGS)
def test_the_lineit_key_line_is_whole_and_inside_its_box(home, lang, size):
    app = open_at(size, lang)
    for turn, (make, then) in LINEIT_TURNS.items():
        sc = open_table(app, "lineit", make())
        for action in then:
            sc.do(action)
        app.run(frames=30, dt=DT)
        assert sc.my_turn(), turn
        (size_px, lines, _c, bold), keys = D.status_layout(sc)
        assert keys, (turn, "the key help made way for the status")
        said = [w for w in " ".join(line for line, _pos, _px in keys).split() if w != "·"]
        parts = " ".join(D.key_parts(sc)).split()
        label = i18n._("Keys: {keys}").format(keys="").split()
        assert said in (parts, label + parts), (turn, said, parts)      # every key, nothing cut
        status, buttons = sc.geo.status, sc.geo.buttons
        status_bottom = status.y + app.lay.px(6) + len(lines) * int(size_px * 1.3)
        for line, (x, bottom), px in keys:
            assert px >= MIN_PX, (turn, line, px)
            assert x >= status.x and x + T.width(line, px) <= status.right, (turn, line)
            assert bottom - int(px * D.KEYS_LEADING) >= status_bottom - 1, (turn, line, "over the status")
            assert bottom <= buttons.top, (turn, line, "over the buttons")
        assert all(T.width(line, size_px, bold) <= status.w for line in lines)
    assert app.errors == 0


@pytest.mark.parametrize("lang", LANGS)
def test_the_most_lineit_keys_a_turn_can_have_fit_two_lines_at_800x600(home, lang):
    """Before the take every key but E can do something, after it every key but 1–8 and H: either
    set, in words, fits the status box's two lines at 11 px."""
    app = open_at((800, 600), lang)
    sc = open_table(app, "lineit", lineit_at(6))
    width = sc.geo.status.w
    words = {need: i18n._(msgid) for need, msgid in D.KEY_PARTS}
    for left_out in ({"end"}, {"take", "hand"}):
        parts = [w for need, w in words.items() if need not in left_out]
        lines = D.pack_parts(parts, MIN_PX, width)
        assert lines is not None and len(lines) <= D.KEYS_MAX_LINES, (left_out, lines)


@pytest.mark.parametrize("lang", LANGS)
def test_the_linyo_key_help_is_whole_and_inside_its_box_at_800x600(home, lang):
    app = open_at((800, 600), lang)
    for decision, step in LINYO_DECISIONS.items():
        sc = open_table(app, "linyo", state_at(linyo_script.script(), step))
        app.run(frames=10, dt=DT)
        ops = sc._keys_ops(sc.table_lay)
        assert ops, decision
        said = " ".join(op[0] for op in ops).split()
        assert said == sc.key_help().split(), (decision, said)
        r = sc.keys_rect
        for text, px, _c, (x, y), _a, _b in ops:
            assert px >= MIN_TEXT_PX
            assert x >= r.x and x + T.width(text, px) <= r.right, (decision, text)
            assert y >= r.y and y + int(px * LINYO_LEADING) <= r.bottom + 2, (decision, text)
    assert app.errors == 0
