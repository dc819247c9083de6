"""Issue 26 item 6, words a newcomer met: Undo is not Back, one word for a round in French, one
word for the final plays, the settings name each game's line."""
from __future__ import annotations

import pytest

from game.shell import i18n


@pytest.fixture
def lang():
    yield i18n.set_language
    i18n.set_language("en")


@pytest.mark.parametrize("code", ["de", "fr"])
def test_undo_reads_differently_from_back_and_cancel(lang, code):
    lang(code)
    assert i18n._("Undo") not in {i18n._("Back"), i18n._("Cancel")}
    assert i18n._("Undo: {action}.").startswith(i18n._("Undo"))
    assert i18n._("Undo").lower() in i18n._("U undo")       # the Line-it key help's word for U


def test_french_says_manche_for_every_round(lang):
    lang("fr")
    for msgid in ("Round {n}", "Round {r}", "Line-it, round {n}", "Linyo, round {n}", "End of round {n}.",
                  "Extend nothing: click the line you abort this round.",
                  "All your lines will be closed: the game ends after this round."):
        text = i18n._(msgid)
        assert "manche" in text.lower() and " tour " not in f" {text.lower()} ", (msgid, text)


@pytest.mark.parametrize("code", ["de", "fr"])
def test_final_plays_have_one_name(lang, code):
    lang(code)
    word = i18n._("Final plays").split()[0].lower()[:4]          # "schl(usszüge)", "coup(s)"
    for msgid in ("two final plays", "one final play"):
        assert word in i18n._(msgid).lower(), (code, msgid, i18n._(msgid))


def test_german_settings_name_both_games_lines(lang):
    lang("de")
    text = i18n._("Ask before closing a line")
    assert "Reihe" in text and "Linie" in text      # Line-it's row of cards, Linyo's drawn line
    assert "Linie" in i18n._("Line {n}: draw through the lit fields.")
    assert "Reihe" in i18n._("Close line")


@pytest.mark.parametrize("code", ["en", "de", "fr"])
def test_the_rules_name_the_undo_button_as_the_tables_do(lang, code):
    from pathlib import Path
    lang(code)
    book = (Path(__file__).resolve().parent.parent / "game" / "rulebook" / f"{code}.txt").read_text(encoding="utf-8")
    assert book.count(f"**{i18n._('Undo')}**") == 2          # once per game
