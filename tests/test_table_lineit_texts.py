"""Every Line-it event kind and refusal code reads as a sentence in English, German and French,
with real plurals (issue 16 item 2)."""
from __future__ import annotations

import random
import string

import pytest

from engine import lineit
from engine.lineit.events import EVENT_KINDS
from engine.lineit.refusals import REFUSALS
from game.shell import i18n
from game.lineit_table import log, texts

SAMPLE = {"card": "57", "above": 57, "below": 12, "limit": 2, "bet": 4, "text": "xyz", "kind": "deal",
          "count": 5, "given": 3, "last": 2, "seat": "9"}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def params_of(code: str) -> dict:
    names = {f for _t, f, _s, _c in string.Formatter().parse(REFUSALS.templates[code]) if f}
    return {n: SAMPLE[n] for n in names}


def one_of_each_event() -> dict[str, object]:
    """A real event of every kind, from seeded games played with random legal moves."""
    found: dict[str, object] = {}
    wanted = {cls.kind for cls in EVENT_KINDS}
    for seed in range(1, 80):
        rng = random.Random(seed)
        s = lineit.new_game(players=2 + seed % 3, seed=seed, final_plays=1 + seed % 2)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        for e in s.events:
            found.setdefault(e.kind, e)
        if wanted <= set(found):
            return found
    raise AssertionError(f"never seen: {sorted(wanted - set(found))}")


def test_every_refusal_code_has_a_template():
    assert set(REFUSALS) == set(texts.REFUSAL_TEXTS) | set(texts.REFUSAL_PLURALS)


@pytest.mark.parametrize("code", sorted(REFUSALS))
def test_every_refusal_code_reads_in_three_languages(code):
    params = params_of(code)
    why = REFUSALS.refuse(code, **params)
    english = texts.refusal(why)
    assert english[0].isupper() or not english[0].isalpha()
    if not code.startswith(("action.", "chance.")) and code not in ("final.pass_only", "line.bet_taken"):
        assert english == texts.sentence(str(why))          # the engine's sentence, as a sentence
    for lang in ("de", "fr"):
        i18n.set_language(lang)
        said = texts.refusal(why)
        assert said != english and (said[0].isupper() or not said[0].isalpha()), (lang, code, said)
        ours = texts.REFUSAL_TEXTS.get(code)
        shown = set(params) if ours is None else {f for _t, f, _s, _c in string.Formatter().parse(ours) if f}
        for name in shown:                       # every value the sentence names is in it
            v = params[name]
            assert texts.card_label(str(v)) in said or str(v) in said, (lang, code, said)
        i18n.set_language("en")


def test_every_event_kind_reads_in_three_languages():
    events = one_of_each_event()
    names = ["Ada", "Ben", "Cleo", "Dan"].__getitem__
    for kind, e in events.items():
        english = log.event_text(e, names)
        assert english and english != kind
        for lang in ("de", "fr"):
            i18n.set_language(lang)
            said = log.event_text(e, names)
            assert said and said != english, (lang, kind, said)
            i18n.set_language("en")


def test_plurals_follow_each_language():
    one = texts.refusal_text("hand.full", {"limit": 1})
    two = texts.refusal_text("hand.full", {"limit": 2})
    assert one.endswith("(1 card)") and two.endswith("(2 cards)")
    i18n.set_language("de")
    assert texts.refusal_text("hand.full", {"limit": 1}).endswith("(1 Karte)")
    assert texts.refusal_text("hand.full", {"limit": 2}).endswith("(2 Karten)")
    i18n.set_language("fr")
    assert texts.refusal_text("hand.full", {"limit": 0}).endswith("(0 carte)")   # French: 0 is singular
    assert texts.refusal_text("hand.full", {"limit": 2}).endswith("(2 cartes)")


def test_french_never_breaks_a_line_before_a_colon():
    from game.ui import text as T
    import pygame
    pygame.font.init()
    i18n.set_language("fr")
    events = one_of_each_event()
    names = ["Ada", "Bartholomäus", "Cléo"].__getitem__
    for e in events.values():
        said = log.event_text(e, names)
        for width in (120, 180, 260):
            for line in T.wrap(said, 11, width):
                assert not line.startswith((":", ";", "?", "!")), (said, line)
