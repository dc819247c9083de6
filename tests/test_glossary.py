"""One word for one thing in each language (issue 35): a glossary over the translation catalogues.

Players met "jackpot" at the Line-it table and "cagnotte" in its hints (and a "cagnotte bleu"),
two German and two French words for a Linyo line that is aborted, and two for the daily
challenge. For each English term the glossary holds the one German and the one French word: every
translated entry whose msgid uses the term must use that word, and none of the alternatives that
crept in. Linyo says "end" where Line-it says "close": its catalogue has no "Close line" button.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from compile_locale import DOMAINS, LANGS, LOCALE, read_po  # noqa: E402

# English term (a regex over the msgid) -> {language: (the word's regex, forbidden alternatives)}
GLOSSARY: dict[str, dict[str, tuple[str, tuple[str, ...]]]] = {
    r"\bjackpots?\b": {"de": (r"Jackpot", (r"\bTopf", r"\bPott")),
                       "fr": (r"jackpot", (r"cagnotte",))},
    r"\bdaily challenges?\b": {"de": (r"Tagesaufgabe", (r"Tages-?[Hh]erausforderung",)),
                               "fr": (r"défis? du jour", (r"défis? quotidiens?",))},
    # the verb, not the typed command "abort 3" (engine words, not translated)
    r"\babort(s|ed)\b|\babort (line|this|its)\b|\bto abort\b": {"de": (r"abbr|abgebrochen|bricht\b.*\bab\b|Abgebrochen|Abbrechen",
                                 (r"\bbeendet\b", r"\bbeenden\b")),
                          "fr": (r"abandonn|[Aa]bandon", (r"\barrêtée?s?\b", r"\bavort"))},
    r"\bdifficulty\b": {"de": (r"Schwierigkeit", (r"\bStufe\b",)),
                        "fr": (r"difficulté", (r"\bniveau",))},
    r"\bbet\b": {"de": (r"Wett", (r"\bEinsatz",)),
                 "fr": (r"pari", (r"\bmise\b",))},
}

ENTRIES = [(lang, po.stem, msgid, msgstr)
           for lang in LANGS for domain in DOMAINS
           for po in [LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"] if po.is_file()
           for msgid, msgstr in read_po(po).items() if msgid and msgstr]


def _forms(msgid: str, msgstr: str) -> list[tuple[str, str]]:
    """(English form, its translation) of an entry; a plural's forms side by side."""
    ids, strs = msgid.split("\0"), msgstr.split("\0")
    return [(ids[min(i, len(ids) - 1)], s) for i, s in enumerate(strs)]


@pytest.mark.parametrize("term", sorted(GLOSSARY))
def test_each_term_has_one_word_per_language(term):
    wrong = []
    for lang, domain, msgid, msgstr in ENTRIES:
        word, forbidden = GLOSSARY[term][lang]
        for english, said in _forms(msgid, msgstr):
            if not re.search(term, english, re.I):
                continue
            bad = [f for f in forbidden if re.search(f, said)]
            if bad or not re.search(word, said, re.I):
                wrong.append(f"{lang}/{domain}: {english!r} -> {said!r}")
    assert not wrong, f"{len(wrong)} entries say another word: " + "\n".join(wrong)


def test_the_catalogues_have_entries_for_every_glossary_term():
    """The glossary checks something: each term is used by some translated entry in each language."""
    for term, words in GLOSSARY.items():
        for lang in words:
            assert any(re.search(term, msgid.split("\0")[0], re.I) for la, _d, msgid, _s in ENTRIES if la == lang), term


def test_linyo_never_calls_ending_a_line_closing_it():
    from compile_locale import extract
    linyo = extract(ROOT / "game", "linyo_table")
    assert not [m for m in linyo if m.split("\0")[0] in ("Close the line", "Close line")]
