"""Where a table's toasts go (issue 27's screenshots: at 800x600 a German toast had no place that
covered nothing and ran over the board). Real tables through the scene loop, headless, at 800x600
and 1920x1080, with the longest German and French toasts a table shows: each toast lies whole
inside the window and covers none of the words or cards the player needs (every word the table
draws but its log and its key help, every card, the Linyo sheet and dice, the buttons).

The toast is found in the picture itself: the window drawn with and without it differs exactly
there."""
from __future__ import annotations

import pygame
import pytest

from engine import lineit, linyo
from game.shell import i18n
from game.lineit_table.model import TableGame as LineitGame
from game.lineit_table.scene import TableScene as LineitTable
from game.linyo_table.model import TableGame as LinyoGame
from game.linyo_table.scene import TableScene as LinyoTable
from appkit import drawn_by, menu_app

DT = 1 / 60
SIZES = [(800, 600), (1920, 1080)]
LANGS = ["de", "fr", "en"]
NAMES = ["Ada", "Bärbel", "Cleo", "Dan", "Emil", "Fatou"]


def toasts() -> list[str]:
    """The longest toasts a table shows, in the language set now."""
    _ = i18n._
    return [_("Your game could not be saved ({reason}). Play on, but it will be lost when you leave.").format(
                reason="No space left on device"),
            _("Click the table or press Enter to see the results again."),
            _("Practice: today's counted game is played. This one does not count."),
            _("Saved as “{name}”").format(name="Sonntagabend mit der ganzen Familie am Tisch"[:40])]


def lineit_table(app, players: int):
    seats = [{"name": n, "kind": "human" if i == 0 else "bot", "level": None if i == 0 else "easy"}
             for i, n in enumerate(NAMES[:players])]
    cfg = {"game": "lineit", "seed": 3, "first_seat": 0, "final_plays": 1, "seats": seats}
    return LineitTable(app, LineitGame(cfg, lineit.new_game(players=players, seed=3, first_seat=0)))


def linyo_table(app, players: int):
    seats = [{"name": n, "kind": "human" if i == 0 else "bot", "level": None if i == 0 else "easy", "difficulty": 2}
             for i, n in enumerate(NAMES[:players])]
    cfg = {"game": "linyo", "seats": seats, "first_seat": 0, "seed": 1, "sheet": "A"}
    return LinyoTable(app, LinyoGame(cfg, linyo.new_game(players=players, seed=1, first_seat=0)))


def needed(app, sc) -> list[tuple[str, pygame.Rect]]:
    """What the player needs in view: the table's words (painted afresh, recorded) but its log and
    key help, its cards, the Linyo sheet and dice, the buttons."""
    surface = pygame.Surface(app.screen.get_size())
    paint = sc.paint
    sc.paint = type(paint)()
    try:
        words = [(t, pygame.Rect(r)) for t, _px, r in drawn_by(lambda: sc.draw(surface)) if r.w and r.h]
    finally:
        sc.paint = paint
    if sc.game == "lineit":
        spare = [sc.geo.log]
        things = [(f"card {s.card}", s.rect()) for s in sc.board.sprites.values() if s.zone]
    else:
        spare = [sc.keys_rect, sc.log_rect]
        things = [("the sheet", sc.geom.paper)] + [("a die", r) for r in sc.die_rects]
    things += [(f"button {getattr(b, 'label', '')}", b.rect) for b in (sc.buttons if sc.game == "lineit" else sc.widgets) if b.visible]
    return [(t, r) for t, r in words if not any(s.contains(r) for s in spare)] + things


def toast_rects(app) -> list[pygame.Rect]:
    """Where the toasts are: the window drawn with them and without them differs there."""
    size = app.screen.get_size()
    shown, bare = pygame.Surface(size), pygame.Surface(size)
    app.draw(shown)
    kept, app.toasts = app.toasts, []
    app.draw(bare)
    app.toasts = kept
    shown.blit(bare, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    mask = pygame.mask.from_threshold(shown, (0, 0, 0), (1, 1, 1, 255))
    mask.invert()
    return mask.get_bounding_rects()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,players", [("lineit", 2), ("lineit", 4), ("lineit", 6), ("linyo", 1),
                                          ("linyo", 4)])
def test_a_toast_lies_whole_in_the_window_over_nothing_the_player_needs(headless_home, game, players, lang, size):
    app = menu_app(size, language=lang, anim_speed="reduced", bot_pace="instant")
    sc = (lineit_table if game == "lineit" else linyo_table)(app, players)
    app.reset(sc)
    app.run(frames=5, dt=DT)
    keep = needed(app, sc)
    screen = app.screen.get_rect()
    for text in toasts():
        app.toasts = []
        app.toast(text, seconds=60.0)
        app.run(frames=2, dt=DT)
        found = toast_rects(app)
        assert found, f"the toast {text!r} is not drawn"
        where = found[0].unionall(found[1:])
        assert screen.inflate(-2, -2).contains(where), f"{lang} {size}: {text!r} at {where} runs off the window"
        hidden = [f"{t!r} {tuple(r)}" for t, r in keep if where.colliderect(r)]
        assert not hidden, f"{game} {players} {lang} {size}: the toast {text!r} at {where} covers " + ", ".join(hidden)
    assert app.errors == 0
