"""The in-app rules of Line-it and Linyo, in English, German and French.

The texts live next to this file as ``en.txt``, ``de.txt`` and ``fr.txt``,
written in the project's own words. This module only reads them; it never
imports pygame, so the rules screen, the tests and any tool can share it.

Markup (one construct per line, UTF-8)
--------------------------------------
``# Heading``
    Level-1 heading, exactly one per game. Its text must contain the game's
    name (``Line-it`` or ``Linyo``) so :func:`section` can find it.
``## Subheading``
    Level-2 heading inside a game.
plain lines
    A paragraph. Consecutive lines are joined with a space; a blank line (or
    any other construct) ends the paragraph.
``- item``
    One bullet item. Indented lines that follow it continue the same item.
``[[card:17 card:21 bet:B4]]``
    A row of small pictures, separated by spaces. Kinds:

    - ``card:N``        Number card N, 1 to 100
    - ``bet:B3`` ``bet:B4`` ``bet:B5``   a Bet card
    - ``back``          a face-down card (the draw pile)
    - ``token:+3`` … ``token:-5``       a bonus / penalty token (3, 4 or 5)
    - ``jackpot:red``   a jackpot pile (red, blue, green, yellow)
    - ``die:b`` ``die:o`` ``die:g``     a Linyo die (blue, orange, grey)
    - ``field:b`` … ``field:o*``        a sheet field, ``*`` = with a star
    - ``start``         a start field mark (●)
    - ``end``           an aborted line's end mark (×)

Inside headings, paragraphs and bullets, ``**bold**`` marks bold text;
:func:`spans` splits a text into (text, bold) runs. Lines starting with
``%`` are comments and are ignored.

API
---
``load(lang)``      the whole book as a list of :class:`Block`
``section(lang, game)``  the blocks of one game (``"lineit"``/``"linyo"``)
``sections(lang)``  ``{game: blocks}`` for both games, in book order
``headings(lang)``  ``[(index, kind, text)]`` of every h1/h2, for a contents
                    list or for jumping
``parse_picture(token)`` -> :class:`Picture`, raises ``ValueError`` if the
                    token is not well-formed
Unknown languages (and regional codes such as ``de_AT`` are reduced to
``de`` first) fall back to English.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from engine.games import games
from engine.lineit.cards import BET_VALUES as _BETS
from engine.lineit.cards import SUITS, suit_of
from engine.linyo.sheets import COLOURS as _DIE_LETTERS
from engine.linyo.sheets import COLOUR_WORDS as _DIE_WORDS

__all__ = [
    "Block", "Picture", "LANGUAGES", "GAMES", "SUITS", "load", "section",
    "sections", "headings", "parse_picture", "parse", "spans", "suit_of",
]

LANGUAGES = ("en", "de", "fr")
DEFAULT_LANGUAGE = "en"
# Game id -> the name its level-1 heading contains (same in every language): the registry's titles.
GAMES = {g.name: g.title for g in games()}
# The pieces a picture may show are the rules' own (suits in the engine's order, bet values, die colours).
BET_VALUES = tuple(sorted(set(_BETS)))
DIE_COLOURS = dict(zip(_DIE_LETTERS, _DIE_WORDS))

BLOCK_KINDS = ("h1", "h2", "para", "bullet", "pictures")


@dataclass(frozen=True)
class Block:
    """One piece of the book. ``text`` for headings, paragraphs and bullets
    (may contain ``**bold**``); ``items`` holds the picture tokens of a
    ``pictures`` row and is empty otherwise."""

    kind: str
    text: str = ""
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class Picture:
    """A parsed picture token: ``kind`` is one of card, bet, back, token,
    jackpot, die, field, start, end. ``value`` is the number (card: 1-100,
    bet: 3-5, token: -5..+5 without 0), the colour name (jackpot, die,
    field) or None. ``star`` is only True for a starred field."""

    kind: str
    value: int | str | None = None
    star: bool = False


_TOKEN_RE = re.compile(r"^token:([+-])([345])$")
_CARD_RE = re.compile(r"^card:([1-9][0-9]*)$")
_BET_RE = re.compile(r"^bet:B([345])$")
_FIELD_RE = re.compile(r"^field:([bog])(\*?)$")


def parse_picture(token: str) -> Picture:
    """Parse one picture token; raise ValueError if it is not well-formed."""
    if token in ("back", "start", "end"):
        return Picture(token)
    m = _CARD_RE.match(token)
    if m:
        n = int(m.group(1))
        if not 1 <= n <= 100:
            raise ValueError(f"card number out of range: {token!r}")
        return Picture("card", n)
    m = _BET_RE.match(token)
    if m:
        return Picture("bet", int(m.group(1)))
    m = _TOKEN_RE.match(token)
    if m:
        v = int(m.group(2))
        return Picture("token", v if m.group(1) == "+" else -v)
    if token.startswith("jackpot:") and token[8:] in SUITS:
        return Picture("jackpot", token[8:])
    if token.startswith("die:") and token[4:] in DIE_COLOURS:
        return Picture("die", DIE_COLOURS[token[4:]])
    m = _FIELD_RE.match(token)
    if m:
        return Picture("field", DIE_COLOURS[m.group(1)], star=bool(m.group(2)))
    raise ValueError(f"unknown picture: {token!r}")


_BOLD_RE = re.compile(r"\*\*(.+?)\*\*")


def spans(text: str) -> list[tuple[str, bool]]:
    """Split ``text`` into (run, is_bold) pieces; ``**`` markers removed."""
    return split_marked(text, _BOLD_RE)


def split_marked(text: str, marks: "re.Pattern[str]") -> list[tuple[str, bool]]:
    """Split ``text`` into (run, is_marked) pieces at the matches of ``marks``,
    whose first group is the marked run (the markers themselves are dropped)."""
    out: list[tuple[str, bool]] = []
    pos = 0
    for m in marks.finditer(text):
        if m.start() > pos:
            out.append((text[pos:m.start()], False))
        out.append((m.group(1), True))
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], False))
    return out


def parse(source: str) -> list[Block]:
    """Turn markup text into blocks. Picture tokens are checked with
    :func:`parse_picture`; a malformed picture line raises ValueError."""
    blocks: list[Block] = []
    para: list[str] = []
    bullet: list[str] | None = None

    def flush() -> None:
        nonlocal bullet
        if para:
            blocks.append(Block("para", " ".join(para)))
            para.clear()
        if bullet is not None:
            blocks.append(Block("bullet", " ".join(bullet)))
            bullet = None

    for lineno, raw in enumerate(source.splitlines(), 1):
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        if stripped.startswith("%"):
            continue
        if bullet is not None and line[:1] in (" ", "\t") and not stripped.startswith(("- ", "[[", "#")):
            bullet.append(stripped)
            continue
        if stripped.startswith("## "):
            flush()
            blocks.append(Block("h2", stripped[3:].strip()))
        elif stripped.startswith("# "):
            flush()
            blocks.append(Block("h1", stripped[2:].strip()))
        elif stripped.startswith("- "):
            flush()
            bullet = [stripped[2:].strip()]
        elif stripped.startswith("[["):
            flush()
            if not stripped.endswith("]]"):
                raise ValueError(f"line {lineno}: picture line must end with ]]")
            items = tuple(stripped[2:-2].split())
            if not items:
                raise ValueError(f"line {lineno}: empty picture line")
            for token in items:
                try:
                    parse_picture(token)
                except ValueError as exc:
                    raise ValueError(f"line {lineno}: {exc}") from None
            blocks.append(Block("pictures", "", items))
        else:
            if bullet is not None:
                flush()
            para.append(stripped)
    flush()
    return blocks


def _normalise(lang: str | None) -> str:
    code = (lang or "").strip().lower().replace("-", "_").split("_")[0].split(".")[0]
    return code if code in LANGUAGES else DEFAULT_LANGUAGE


def _read_text(lang: str) -> str:
    name = f"{lang}.txt"
    try:
        from importlib.resources import files

        return files(__name__).joinpath(name).read_text(encoding="utf-8")
    except (ImportError, FileNotFoundError, NotADirectoryError, TypeError, AttributeError):
        # Frozen builds without resource support: the file sits beside us.
        return (Path(__file__).resolve().parent / name).read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def _load(lang: str) -> tuple[Block, ...]:
    return tuple(parse(_read_text(lang)))


def load(lang: str | None) -> list[Block]:
    """The rulebook in ``lang`` (``en``/``de``/``fr``; others -> English)."""
    return list(_load(_normalise(lang)))


def sections(lang: str | None) -> dict[str, list[Block]]:
    """``{game_id: blocks}``, each list starting with the game's h1."""
    out: dict[str, list[Block]] = {}
    current: list[Block] | None = None
    for block in _load(_normalise(lang)):
        if block.kind == "h1":
            game = next((g for g, name in GAMES.items() if name.lower() in block.text.lower()), None)
            if game is None:
                raise ValueError(f"h1 names no known game: {block.text!r}")
            current = out.setdefault(game, [])
        if current is not None:
            current.append(block)
    return out


def section(lang: str | None, game: str) -> list[Block]:
    """The blocks of one game (``"lineit"`` or ``"linyo"``)."""
    if game not in GAMES:
        raise KeyError(game)
    return sections(lang)[game]


def headings(lang: str | None) -> list[tuple[int, str, str]]:
    """``(index in load(lang), kind, text)`` for every h1 and h2."""
    return [(i, b.kind, b.text) for i, b in enumerate(_load(_normalise(lang))) if b.kind in ("h1", "h2")]
