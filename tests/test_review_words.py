"""Both games' one-line review summaries: one sentence (`game.table.review_words`) in each game's
units, as each table said it before the sentence was shared, in English, German and French."""
from __future__ import annotations

import pytest

from game.shell import i18n
from game.lineit_table import suggest as lineit
from game.linyo_table import suggest as linyo

NONE = {"decisions": 1, "costly": 0}
ONE = {"decisions": 12, "costly": 1, "lost": 1.0}
TWO = {"decisions": 12, "costly": 2, "lost": 5.4}

SAID = {
    "en": {
        "none": ("1 decision checked: the hard bot found nothing better.",) * 2,
        "one": ("12 decisions checked: 1 cost points, about 1 point in all.",
                "12 decisions checked: 1 cost free fields, about 1 free field in all."),
        "two": ("12 decisions checked: 2 cost points, about 5 points in all.",
                "12 decisions checked: 2 cost free fields, about 5 free fields in all."),
    },
    "de": {
        "none": ("1 Entscheidung geprüft: Der starke Bot fand nichts Besseres.",) * 2,
        "one": ("12 Entscheidungen geprüft: 1 kostete Punkte, insgesamt etwa 1 Punkt.",
                "12 Entscheidungen geprüft: 1 kostete freie Felder, insgesamt etwa 1 freies Feld."),
        "two": ("12 Entscheidungen geprüft: 2 kosteten Punkte, insgesamt etwa 5 Punkte.",
                "12 Entscheidungen geprüft: 2 kosteten freie Felder, insgesamt etwa 5 freie Felder."),
    },
    "fr": {
        "none": ("1 décision examinée\u00a0: le bot difficile n’a rien trouvé de mieux.",) * 2,
        "one": ("12 décisions examinées\u00a0: 1 a coûté des points, environ 1 point en tout.",
                "12 décisions examinées\u00a0: 1 a coûté des cases libres, environ 1 case libre en tout."),
        "two": ("12 décisions examinées\u00a0: 2 ont coûté des points, environ 5 points en tout.",
                "12 décisions examinées\u00a0: 2 ont coûté des cases libres, environ 5 cases libres en tout."),
    },
}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("case", ["none", "one", "two"])
def test_each_game_says_its_summary_in_its_units(lang, case):
    result = {"none": NONE, "one": ONE, "two": TWO}[case]
    i18n.set_language(lang)
    try:
        assert (lineit.review_summary(result), linyo.review_summary(result)) == SAID[lang][case]
    finally:
        i18n.set_language("en")
