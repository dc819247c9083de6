"""Issue 26 item 6, the setup screen's words and choices: the daily sheet shows only its own seed,
a solo game offers no random first player, each game's seed note names its own pieces, the default
name follows the language, and "Human" and "Bot" share one size."""
from __future__ import annotations

import pytest

from appkit import drawn_by, menu_app
from game.scenes.setup import SetupScene
from game.ui.widgets import label_text

DT = 1 / 60


def drawn(scene, app) -> list[tuple[str, int, object]]:
    return drawn_by(lambda: scene.draw(app.screen))


def open_setup(app, game: str) -> SetupScene:
    scene = SetupScene(app, game)
    app.push(scene)
    app.run(frames=2, dt=DT)
    return scene


def test_the_daily_sheet_shows_its_own_seed_and_no_random_one(headless_home):
    app = menu_app()
    setup = open_setup(app, "linyo")
    sheet = setup.option_widgets[2]
    while sheet.value != "daily":
        sheet.step(1)
    texts = [t for t, _px, _r in drawn(setup, app)]
    fixed = str(setup.seed())
    assert not any(str(setup.random_seed) in t for t in texts), texts
    assert fixed in texts                                   # the seed in the box's place
    assert not setup.seed_input.visible and setup.seed_input not in setup.focusables()
    while sheet.value != "A":
        sheet.step(1)
    assert setup.seed_input.visible and setup.seed_input in setup.focusables()


def test_a_solo_game_offers_no_random_first_player(headless_home):
    app = menu_app()
    setup = open_setup(app, "linyo")
    setup.set_players(1)
    first = setup.option_widgets[1]
    assert [label_text(lab) for _v, lab in first.options] == [setup._seat_name(0)] and not first.enabled
    setup.set_players(2)
    first = setup.option_widgets[1]
    assert label_text(first.options[0][1]) == "Random" and first.enabled and first.value is None


@pytest.mark.parametrize(("game", "pieces", "other"), [("lineit", "cards", "dice"), ("linyo", "dice", "cards")])
def test_each_setup_names_its_own_pieces(headless_home, game, pieces, other):
    app = menu_app()
    setup = open_setup(app, game)
    box = setup.seed_note_rect
    note = " ".join(t for t, _px, r in drawn(setup, app) if r.top >= box.top and r.left < box.right
                    and r.top < box.top + app.lay.px(200))
    assert pieces in note and other not in note, note


def test_the_default_name_follows_the_language(headless_home):
    app = menu_app()
    setup = open_setup(app, "linyo")
    assert setup.seats[0]["name"] == "Player"
    app.pop()                                             # remembered as "Player"
    app.change_settings(language="de")
    assert SetupScene(app, "linyo").seats[0]["name"] == "Spieler"
    app.change_settings(language="fr")
    assert SetupScene(app, "linyo").seats[0]["name"] == "Joueur"


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_human_and_bot_share_one_size(headless_home, lang, size, game):
    app = menu_app(size, language=lang)
    setup = open_setup(app, game)
    setup.set_players(2)
    kinds = {label_text(lab) for _v, lab in setup.seat_rows[0][1].options}
    sizes = {px for t, px, _r in drawn(setup, app) if t in kinds}
    assert len(sizes) == 1, sizes
