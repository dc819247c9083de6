"""One translation function for everything a player reads.

    from game.shell.i18n import _, N_, ngettext
    label = N_("Play Line-it")     # marks a msgid for extraction, unchanged
    text = _(label)                # translated into the current language
    ngettext("{n} card", "{n} cards", n).format(n=n)   # the form for the number n

`_()` always uses the language set last by `set_language()`, so a language
switch applies at once to anything drawn after it. Catalogues are gettext
`.mo` files in `game/locale/<lang>/LC_MESSAGES/<domain>.mo`, compiled from the
`.po` files by `tools/compile_locale.py`: `linebox` for the shell and the
bots' hints, one domain per game table. `_()` looks in all of them.
English is the source language.
"""
from __future__ import annotations

import gettext
import locale
import os

from game.files.paths import LOCALE

DOMAIN = "linebox"
TABLE_DOMAINS = ("lineit_table", "linyo_table", "tutorial", "online")
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français"}

_current = "en"
_translation: gettext.NullTranslations = gettext.NullTranslations()


def N_(msgid: str) -> str:
    """Mark `msgid` for translation without translating it now."""
    return msgid


def _(msgid: str) -> str:
    """`msgid` in the current language (itself when no translation exists)."""
    return _translation.gettext(msgid)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a text for the number `n` in the current language (real plurals:
    English and German say "1 card" / "0 cards", French "0 carte").

    >>> set_language("en"); ngettext("{n} card", "{n} cards", 1).format(n=1)
    'en'
    '1 card'
    """
    return _translation.ngettext(singular, plural, n)


def current_language() -> str:
    """The code of the current language: 'en', 'de' or 'fr'."""
    return _current


def set_language(lang: str) -> str:
    """Switch every later `_()` call to `lang`; unknown codes fall back to 'en'.

    >>> set_language("de"); _("Settings")
    'de'
    'Einstellungen'
    """
    global _current, _translation
    if lang not in LANGUAGES:
        lang = "en"
    if lang == "en":
        _translation = gettext.NullTranslations()
    else:
        _translation = gettext.translation(DOMAIN, localedir=str(LOCALE), languages=[lang], fallback=True)
        for domain in TABLE_DOMAINS:  # a table's own catalogue, when it has one
            _translation.add_fallback(
                gettext.translation(domain, localedir=str(LOCALE), languages=[lang], fallback=True))
    _current = lang
    return lang


def system_language() -> str:
    """The player's system language if Linebox speaks it, else 'en'."""
    candidates: list[str] = []
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        value = os.environ.get(var)
        if value:
            candidates.extend(value.split(":"))
    try:
        loc = locale.getlocale()[0]
        if loc:
            candidates.append(loc)
    except ValueError:
        pass
    for cand in candidates:
        code = cand.split("_")[0].split(".")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"
