"""Linyo dice: four dice, each face blue, orange or grey (two faces each).

A roll is kept as counts per colour ``(blue, orange, grey)`` and written as
four letters sorted b, o, g:

>>> roll_text((1, 2, 1))
'boog'
>>> parse_roll("gobb")
(2, 1, 1)
>>> [roll_text(r) for r in set_options((0, 0, 4))][:4]
['gggg', 'bbbg', 'bbgg', 'bbog']
"""
from __future__ import annotations

from typing import Sequence

from engine.core import Rng

from .sheets import COLOURS, COLOUR_WORDS

DICE = 4
FACES = "bboogg"  # the six faces of every die
_FACE_COLOUR = tuple(COLOURS.index(f) for f in FACES)

Roll = tuple[int, int, int]


def roll_faces(rng: Rng) -> tuple[str, ...]:
    """Roll the four dice: each die shows one of its six faces, uniformly.

    The faces come as thrown, one letter per die (a chance outcome).
    """
    below = rng.below
    return (FACES[below(6)], FACES[below(6)], FACES[below(6)], FACES[below(6)])


def roll_dice(rng: Rng) -> Roll:
    """`roll_faces` as counts per colour (the fast path's roll; same draws)."""
    counts = [0, 0, 0]
    for _ in range(DICE):
        counts[_FACE_COLOUR[rng.below(6)]] += 1
    return (counts[0], counts[1], counts[2])


def faces_roll(faces: Sequence[str]) -> Roll:
    """Counts per colour of four faces ("b", "o", "g"); ValueError for anything else."""
    if len(faces) != DICE or any(f not in COLOURS for f in faces):
        raise ValueError(f"{list(faces)!r} are not four faces of b, o, g")
    faces = tuple(faces)
    return (faces.count("b"), faces.count("o"), faces.count("g"))


def roll_text(roll: Roll) -> str:
    """The roll as four letters in the order b, o, g."""
    return "b" * roll[0] + "o" * roll[1] + "g" * roll[2]


def parse_roll(text: str) -> Roll:
    """Counts per colour of a roll text (any letter order, case-insensitive).

    Raises ValueError unless it is exactly four of b, o, g.
    """
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not a roll (four letters of b, o, g)")
    t = text.strip().lower()
    if len(t) != DICE or any(ch not in COLOURS for ch in t):
        raise ValueError(f"{text!r} is not a roll (four letters of b, o, g)")
    return (t.count("b"), t.count("o"), t.count("g"))


def four_of_a_kind(roll: Roll) -> int | None:
    """The colour index when all four dice show one colour, else None."""
    for k in range(3):
        if roll[k] == DICE:
            return k
    return None


def set_options(rolled: Roll) -> list[Roll]:
    """Every result the roller may choose after a four of a kind.

    Up to three dice are turned to any colour, so at least one die keeps the
    rolled colour. The rolled result itself comes first (keeping it is a
    choice too), then the others in text order.
    """
    k = four_of_a_kind(rolled)
    if k is None:
        return []
    out = [rolled]
    for b in range(DICE + 1):
        for o in range(DICE + 1 - b):
            r = (b, o, DICE - b - o)
            if r[k] >= 1 and r != rolled:
                out.append(r)
    out[1:] = sorted(out[1:], key=roll_text)
    return out


def colour_word(k: int) -> str:
    """The English name of colour `k` (0 blue, 1 orange, 2 grey)."""
    return COLOUR_WORDS[k]
