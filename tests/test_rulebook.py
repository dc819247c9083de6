"""The in-app rulebook: markup reader, same structure in all languages,
well-formed pictures that agree with RULES.md, and key facts in every text."""
import re

import pytest

from game import rulebook
from game.rulebook import Block, parse, parse_picture, suit_of

LANGS = rulebook.LANGUAGES


# --- the reader ---------------------------------------------------------

def test_parse_all_constructs():
    src = (
        "% a comment\n"
        "# Line-it\n"
        "\n"
        "First line\n"
        "second line with **bold**.\n"
        "\n"
        "## Sub\n"
        "- one\n"
        "  continued\n"
        "- two\n"
        "[[card:1 bet:B4 token:-3 jackpot:green die:o field:g* start end back]]\n"
        "After pictures.\n"
    )
    assert parse(src) == [
        Block("h1", "Line-it"),
        Block("para", "First line second line with **bold**."),
        Block("h2", "Sub"),
        Block("bullet", "one continued"),
        Block("bullet", "two"),
        Block("pictures", "", ("card:1", "bet:B4", "token:-3", "jackpot:green",
                               "die:o", "field:g*", "start", "end", "back")),
        Block("para", "After pictures."),
    ]


def test_paragraph_after_bullet_is_separate():
    assert parse("- item\nnot indented\n") == [Block("bullet", "item"), Block("para", "not indented")]


@pytest.mark.parametrize("bad", [
    "[[card:0]]", "[[card:101]]", "[[card:07]]", "[[bet:B2]]", "[[bet:4]]",
    "[[token:+6]]", "[[token:4]]", "[[jackpot:purple]]", "[[die:r]]",
    "[[field:b**]]", "[[star]]", "[[card:1", "[[]]",
])
def test_malformed_pictures_are_rejected(bad):
    with pytest.raises(ValueError):
        parse(bad + "\n")


def test_parse_picture_values():
    assert parse_picture("card:100") == rulebook.Picture("card", 100)
    assert parse_picture("token:-5").value == -5
    assert parse_picture("bet:B3").value == 3
    assert parse_picture("field:o*") == rulebook.Picture("field", "orange", True)
    assert parse_picture("die:g").value == "grey"


def test_spans():
    assert rulebook.spans("a **b** c") == [("a ", False), ("b", True), (" c", False)]
    assert rulebook.spans("plain") == [("plain", False)]


def test_suit_table_matches_rules():
    assert [suit_of(n) for n in (1, 2, 3, 4, 5, 100)] == ["red", "blue", "green", "yellow", "red", "yellow"]


def test_unknown_language_falls_back_to_english():
    en = rulebook.load("en")
    assert rulebook.load("xx") == en
    assert rulebook.load(None) == en
    assert rulebook.load("de_AT") == rulebook.load("de")
    assert rulebook.load("fr-CA") == rulebook.load("fr")
    assert rulebook.load("de") != en


def test_load_returns_a_fresh_list():
    first = rulebook.load("en")
    first.clear()
    assert rulebook.load("en")


def test_sections_and_headings():
    for lang in LANGS:
        secs = rulebook.sections(lang)
        assert list(secs) == ["lineit", "linyo"]
        for game, blocks in secs.items():
            assert blocks[0].kind == "h1"
            assert [b.kind for b in blocks].count("h1") == 1
            assert rulebook.section(lang, game) == blocks
        book = rulebook.load(lang)
        for index, kind, text in rulebook.headings(lang):
            assert book[index].kind == kind and book[index].text == text
    with pytest.raises(KeyError):
        rulebook.section("en", "chess")


# --- the texts: structure -------------------------------------------------

def test_all_languages_have_the_same_structure():
    shapes = {lang: [(b.kind, b.items) for b in rulebook.load(lang)] for lang in LANGS}
    for lang in LANGS:
        assert len(shapes[lang]) == len(shapes["en"]), lang
        for i, (a, b) in enumerate(zip(shapes["en"], shapes[lang])):
            assert a == b, f"{lang}: block {i} differs from English: {a} vs {b}"


def test_every_text_block_has_text_and_balanced_bold():
    for lang in LANGS:
        for b in rulebook.load(lang):
            if b.kind == "pictures":
                assert b.items and not b.text
            else:
                assert b.text.strip() and not b.items
                assert b.text.count("**") % 2 == 0, (lang, b.text)
                assert "[[" not in b.text and "]]" not in b.text


def _words(blocks):
    return sum(len(b.text.split()) for b in blocks)


@pytest.mark.parametrize("lang", LANGS)
def test_each_game_stays_readable_length(lang):
    for game, blocks in rulebook.sections(lang).items():
        assert 900 <= _words(blocks) <= 1550, (lang, game, _words(blocks))


# --- the pictures agree with the rules --------------------------------------

def _pictures(lang="en"):
    return [b.items for b in rulebook.load(lang) if b.kind == "pictures"]


def _legal_line(tokens):
    """RULES.md, The line: at most one Bet card; direction from the first two
    Number cards (the Bet card never counts); then strictly monotone."""
    pics = [parse_picture(t) for t in tokens]
    if sum(p.kind == "bet" for p in pics) > 1:
        return False
    numbers = [p.value for p in pics if p.kind == "card"]
    if len(numbers) < 2:
        return True
    up = numbers[1] > numbers[0]
    return all((b > a) if up else (b < a) for a, b in zip(numbers[1:], numbers[2:]))


def test_card_rows_are_legal_lines():
    """A row with a face-down card shows a market; every other row with cards
    shows a player's line and must be one the engine would accept."""
    rows = [r for r in _pictures() if any(t.startswith("card:") for t in r) and "back" not in r]
    assert len(rows) >= 5
    for row in rows:
        assert _legal_line(row), row
    assert not _legal_line(("card:17", "card:21", "bet:B4", "card:19"))  # the helper bites


def test_market_row_has_players_plus_two_cards():
    markets = [r for r in _pictures() if "back" in r]
    assert markets
    for row in markets:
        assert len(row) - 1 == 2 + 2  # the caption speaks of two players


def test_jackpot_rows_show_the_third_card_of_that_suit():
    rows = [r for r in _pictures() if any(t.startswith("jackpot:") for t in r)]
    assert rows
    for row in rows:
        suit = parse_picture(row[-1]).value
        cards = [parse_picture(t).value for t in row if t.startswith("card:")]
        assert [suit_of(n) for n in cards].count(suit) == 3, row
        assert suit_of(cards[-1]) == suit, row


def test_bet_rows_with_a_token_show_the_right_outcome():
    rows = [r for r in _pictures() if any(t.startswith("token:") for t in r) and any(t.startswith("card:") for t in r)]
    assert rows
    for row in rows:
        pics = [parse_picture(t) for t in row]
        bet_at = next(i for i, p in enumerate(pics) if p.kind == "bet")
        after = sum(p.kind == "card" for p in pics[bet_at + 1:])
        token = next(p.value for p in pics if p.kind == "token")
        v = pics[bet_at].value
        assert token == (v if after >= v else -v), row


def test_suit_showcase_is_in_suit_order():
    first = _pictures()[0]
    assert [suit_of(parse_picture(t).value) for t in first] == list(rulebook.SUITS)


def test_four_of_a_kind_keeps_one_die():
    rows = _pictures()
    pairs = [(a, b) for a, b in zip(rows, rows[1:])
             if len(a) == 4 and len(set(a)) == 1 and a[0].startswith("die:")]
    assert pairs
    for rolled, turned in pairs:
        assert all(t.startswith("die:") for t in turned) and len(turned) == 4
        assert rolled[0] in turned  # at least one die keeps its colour
        assert sum(t != rolled[0] for t in turned) <= 3


def test_move_example_uses_each_die_once_on_matching_colours():
    rows = _pictures()
    pairs = [(a, b) for a, b in zip(rows, rows[1:])
             if all(t.startswith("die:") for t in a) and b[0] == "start"]
    assert pairs
    for dice, path in pairs:
        colours = sorted(t[4:] for t in dice)
        entered = sorted(t[6] for t in path[1:] if t.startswith("field:"))
        assert entered == colours, (dice, path)
        assert 1 <= len(entered) <= 4


def test_star_example_ends_dice_steps_on_a_star():
    rows = [r for r in _pictures() if r[0] == "start" and any(t.endswith("*") for t in r)]
    assert rows
    for row in rows:
        star_at = next(i for i, t in enumerate(row) if t.endswith("*"))
        assert len(row) - star_at - 1 == 1, row  # exactly one free step follows
        assert len(row) - 1 <= 5


# --- the texts: key facts ---------------------------------------------------

KEY_FACTS = {
    "en": {
        "lineit": ["at most **2** cards", "**third**", "at most once per turn", "plus two",
                   "strictly higher", "Three Number cards of the line", "(n − 1) mod 4",
                   "106", "share the victory", "*final plays: 2*", "F1", "Undo", "Hint",
                   "Autosave", "Forced close", "3, 3, 4, 4, 5, 5", "score nothing"],
        "linyo": ["**7 rows × 11 columns**", "**2**, 3 or 4", "**4 start fields**",
                  "up to 4 steps", "**one more step**", "up to 5 fields", "**longest line**",
                  "**fewest**", "in this order", "up to three", "F1", "Undo", "Hint",
                  "Autosave", "random sheet", "all four lines"],
    },
    "de": {
        "lineit": ["höchstens **2** Karten", "**dritte**", "höchstens einmal pro Zug",
                   "plus zwei", "echt höher", "Drei Zahlenkarten der Reihe", "(n − 1) mod 4",
                   "106", "teilen sich alle Beteiligten den Sieg", "*Letzte Karten: 2*", "F1", "Rückgängig",
                   "Tipp", "Automatisch speichern", "musst du zuerst deine Reihe beenden", "3, 3, 4, 4, 5, 5",
                   "zählen nichts"],
        "linyo": ["**7 Zeilen × 11 Spalten**", "**2**, 3 oder 4", "**4 Startfelder**",
                  "bis zu 4 Schritte", "**einen weiteren Schritt**", "bis zu 5 Felder",
                  "**längste Linie**", "**wenigsten**", "in dieser Reihenfolge", "bis zu drei",
                  "F1", "Rückgängig", "Tipp", "Automatisch speichern", "Zufallsblatt",
                  "alle vier Linien"],
    },
    "fr": {
        "lineit": ["au plus **2** cartes", "**troisième**", "au plus une fois par tour",
                   "plus deux", "strictement supérieure", "Trois cartes Numéro de la ligne",
                   "(n − 1) mod 4", "106", "partagent la victoire", "*Dernières cartes\u00a0: 2*",
                   "F1", "Défaire", "Conseil", "Sauvegarde automatique", "Fermeture forcée",
                   "3, 3, 4, 4, 5, 5", "ne rapportent rien"],
        "linyo": ["**7 rangées × 11 colonnes**", "**2**, 3 ou 4", "**4 cases de départ**",
                  "jusqu’à 4 pas", "**un pas de plus**", "jusqu’à 5 cases",
                  "**ligne la plus longue**", "**moins**", "dans cet ordre", "jusqu’à trois",
                  "F1", "Défaire", "Conseil", "Sauvegarde automatique", "feuille aléatoire",
                  "ses quatre lignes"],
    },
}


@pytest.mark.parametrize("lang", LANGS)
def test_key_facts_are_stated(lang):
    for game, facts in KEY_FACTS[lang].items():
        text = "\n".join(b.text for b in rulebook.section(lang, game))
        missing = [f for f in facts if f not in text]
        assert not missing, (lang, game, missing)


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_in_text_match_rules(lang):
    """Every digit-bearing fact that RULES.md fixes appears in each language."""
    lineit = "\n".join(b.text for b in rulebook.section(lang, "lineit"))
    linyo = "\n".join(b.text for b in rulebook.section(lang, "linyo"))
    for n in ("100", "25", "106", "2", "6", "10"):
        assert re.search(rf"(?<!\d){n}(?!\d)", lineit), (lang, n)
    for n in ("77", "24", "28", "6", "10", "5"):
        assert re.search(rf"(?<!\d){n}(?!\d)", linyo), (lang, n)
