"""The challenge dialogs name the game's own things (issue 26: both said "the same cards or dice"):
the same cards for Line-it, the same sheet and dice for Linyo, in three languages, through the
real dialogs; and the seats and bots counted in proper plurals ("1 bots")."""
from __future__ import annotations

import pytest

from engine import lineit, linyo
from game import challenge as ch
from game.shell import i18n
from game.challenge.scenes import ChallengeEnter, ChallengeOffer

from test_first_tips import DT, open_table, start

# the game's own thing, and the other game's, as each language says them
THINGS = {"en": {"lineit": "cards", "linyo": "dice"},
          "de": {"lineit": "Karten", "linyo": "Würfel"},
          "fr": {"lineit": "cartes", "linyo": "dés"}}
COUNTS = {"en": {"lineit": "2 seats, 1 bot", "linyo": "1 seat, 0 bots"},
          "de": {"lineit": "2 Plätze, 1 Bot", "linyo": "1 Platz, 0 Bots"},
          "fr": {"lineit": "2 places, 1 bot", "linyo": "1 place, 0 bot"}}


@pytest.fixture
def home(headless_home):
    yield headless_home


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_the_challenge_dialogs_name_the_games_own_things(home, game, lang):
    app = start()
    app.change_settings(language=lang, first_game_tips=False)
    state = lineit.new_game(2, seed=5, first_seat=0) if game == "lineit" else linyo.new_game(players=1, seed=11)
    sc = open_table(app, game, state)
    own, other = THINGS[lang][game], THINGS[lang]["linyo" if game == "lineit" else "lineit"]
    offer = ChallengeOffer(app, sc)
    app.push(offer)
    app.run(frames=3, dt=DT)
    assert own in offer.text and other not in offer.text, offer.text
    code = offer.code
    enter = ChallengeEnter(app, code)
    app.push(enter)
    app.run(frames=3, dt=DT)
    about = enter.about()
    assert own in about and other not in about, about
    assert COUNTS[lang][game] in about, about
    assert ch.decode(code).game == game
    if lang != "en":
        i18n.set_language("en")
        assert enter.about() != about           # translated, not the English words
    assert app.errors == 0
