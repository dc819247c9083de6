"""French speaks to the player in one voice, *vous*, everywhere (tables, menus, dialogs, tutorials),
and what is said about a saved game agrees with its noun."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

FR = Path(__file__).resolve().parent.parent / "game" / "locale" / "fr" / "LC_MESSAGES"
# the familiar pronouns and possessives, and "-toi" as in "Connecte-toi"
TU = re.compile(r"(?i)(?<![\w’'-])(tu|ton|ta|tes|toi|te|tien|tienne|tiens)(?![\w’'])|-toi\b|\bt[’']")


def msgstrs(po: Path) -> list[str]:
    """The translations of one catalogue (plural forms too), no-break spaces as spaces."""
    return [m.group(1).replace("\u00a0", " ") for m in re.finditer(r'^msgstr(?:\[\d\])? "(.*)"$', po.read_text("utf-8"),
                                                                 re.M) if m.group(1)]


@pytest.mark.parametrize("po", sorted(FR.glob("*.po")), ids=lambda p: p.stem)
def test_french_addresses_the_player_as_vous(po):
    familiar = [text for text in msgstrs(po) if TU.search(text)]
    assert not familiar, f"{po.name}: {familiar[:5]}"


def translations(po: Path) -> dict[str, str]:
    """msgid -> msgstr of the single-form entries of one catalogue."""
    return {m.group(1): m.group(2).replace("\u00a0", " ")
            for m in re.finditer(r'^msgid "(.*)"\nmsgstr "(.*)"$', po.read_text("utf-8"), re.M)}


def test_a_saved_game_agrees_with_its_noun():
    """"partie" and "sauvegarde" are feminine: no "partie sauvegardé". Storage messages say of their
    subject "{what} n’a pas pu être lu / enregistré", "il est abîmé", "sans lui": every subject they
    are given is a file (masculine), not "la partie" or "la sauvegarde"."""
    texts = [t for po in FR.glob("*.po") for t in msgstrs(po)]
    assert not [t for t in texts if re.search(r"(?i)(partie|sauvegarde)\s+(sauvegardé|enregistré)(?!e)", t)]
    fr = translations(FR / "linebox.po")
    subjects = ["Your settings file", "Your statistics file", "The autosave", "The saved game “{name}”",
                "The saved game"]
    wrong = {s: fr[s] for s in subjects if not fr[s].startswith(("Le fichier", "Votre fichier"))}
    assert not wrong, wrong
