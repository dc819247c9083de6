"""Linyo sheets: 7 rows x 11 columns of blue, orange and grey fields, some with a star.

A sheet is written as 7 strings of 11 letters, top row first: ``b`` blue,
``o`` orange, ``g`` grey; an upper-case letter marks a star on that field.
Fields are named by column letter a-k (left to right) and row 1-7 (top to
bottom), so ``a1`` is the top-left field and ``k7`` the bottom-right one.
Internally a field is an index ``row * 11 + col`` (0..76).

>>> field_name(parse_field("c4"))
'c4'
>>> SHEETS["A"].colour_of(parse_field("a1"))
'b'
>>> random_sheet(7).rows == random_sheet(7).rows
True
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from engine.core import Rng, seed_state

ROWS = 7
COLS = 11
FIELDS = ROWS * COLS
COLUMN_LETTERS = "abcdefghijk"
COLOURS = "bog"  # colour index 0 blue, 1 orange, 2 grey
COLOUR_WORDS = ("blue", "orange", "grey")

# Design limits of the project's sheets (RULES.md, "Decision - the sheets").
MIN_PER_COLOUR = 24
MAX_PER_COLOUR = 28
MIN_STARS = 6
MAX_STARS = 10
MIN_STAR_DISTANCE = 3  # Manhattan distance between any two stars
STAR_BANDS = ((0, 4), (4, 7), (7, 11))  # column ranges a-d, e-g, h-k
MIN_STARS_PER_BAND = 2


FIELD_NAMES: tuple[str, ...] = tuple(f"{COLUMN_LETTERS[i % COLS]}{i // COLS + 1}" for i in range(FIELDS))
"""``FIELD_NAMES[index]`` is `field_name(index)`, made once (events name many fields)."""


def field_name(index: int) -> str:
    """The text name of a field index: ``field_name(0) == 'a1'``, ``field_name(76) == 'k7'``."""
    if not 0 <= index < FIELDS:
        raise ValueError(f"no field number {index}")
    return FIELD_NAMES[index]


def field_at(row: int, col: int) -> int:
    """The field index of row 0-6 and column 0-10."""
    if not (0 <= row < ROWS and 0 <= col < COLS):
        raise ValueError(f"no field at row {row}, column {col}")
    return row * COLS + col


def parse_field(text: str) -> int:
    """The field index of a name such as ``c4`` (case-insensitive).

    Raises ValueError with a plain message for anything else.
    """
    t = text.strip().lower()
    if len(t) != 2 or t[0] not in COLUMN_LETTERS or t[1] not in "1234567":
        raise ValueError(f"{text!r} is not a field (a1 to k7)")
    return (int(t[1]) - 1) * COLS + COLUMN_LETTERS.index(t[0])


def _neighbours(index: int) -> tuple[int, ...]:
    row, col = divmod(index, COLS)
    out = []
    if row > 0:
        out.append(index - COLS)
    if col > 0:
        out.append(index - 1)
    if col < COLS - 1:
        out.append(index + 1)
    if row < ROWS - 1:
        out.append(index + COLS)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(FIELDS))
"""NEIGHBOURS[i]: the orthogonal neighbours of field i, in a fixed order (up, left, right, down)."""

NEIGHBOUR_MASKS: tuple[int, ...] = tuple(sum(1 << n for n in NEIGHBOURS[i]) for i in range(FIELDS))
FULL_MASK = (1 << FIELDS) - 1
ROW_MASKS: tuple[int, ...] = tuple(((1 << COLS) - 1) << (r * COLS) for r in range(ROWS))


def free_rows(reached: int | Iterable[int]) -> list[int]:
    """THE count of the score: free fields per row, top row first, when `reached` (a mask,
    bit i = field i, or field indices, each counted once) are the fields some line reached.

    >>> free_rows([0, 1, 11, 76])
    [9, 10, 11, 11, 11, 11, 10]
    >>> sum(free_rows(0)) == FIELDS
    True
    """
    mask = reached if isinstance(reached, int) else sum(1 << f for f in set(reached))
    free = ~mask & FULL_MASK
    return [(free & m).bit_count() for m in ROW_MASKS]
_NOT_FIRST_COL = sum(1 << field_at(r, c) for r in range(ROWS) for c in range(1, COLS))
_NOT_LAST_COL = sum(1 << field_at(r, c) for r in range(ROWS) for c in range(COLS - 1))


def spread(mask: int) -> int:
    """The fields orthogonally next to any field of ``mask`` (bit i = field i)."""
    return (
        ((mask << 1) & _NOT_FIRST_COL)
        | ((mask >> 1) & _NOT_LAST_COL)
        | ((mask << COLS) & FULL_MASK)
        | (mask >> COLS)
    )


def flood(seeds: int, within: int) -> int:
    """All fields of ``within`` connected to ``seeds`` through ``within`` (seeds not included unless inside)."""
    region = spread(seeds) & within
    while True:
        grown = region | (spread(region) & within)
        if grown == region:
            return region
        region = grown


@dataclass(frozen=True)
class Sheet:
    """One sheet side: colours and stars of the 77 fields.

    ``colours[i]`` is 0 blue, 1 orange or 2 grey; ``stars`` is a bit mask.
    ``name`` is "A", "B", "random" or "custom".
    """

    name: str
    rows: tuple[str, ...]
    colours: tuple[int, ...]
    star_mask: int

    @classmethod
    def from_rows(cls, rows: Iterable[str], name: str = "custom") -> "Sheet":
        """Read 7 strings of 11 letters (b/o/g, upper case = star).

        Raises ValueError when the shape or a letter is wrong; the design
        limits are checked separately by `design_problems`.
        """
        rows = tuple(rows)
        if len(rows) != ROWS or not all(isinstance(r, str) and len(r) == COLS for r in rows):
            raise ValueError("a sheet is 7 rows of 11 letters")
        colours = []
        stars = 0
        for r, line in enumerate(rows):
            for c, ch in enumerate(line):
                k = COLOURS.find(ch.lower())
                if k < 0:
                    raise ValueError(f"field {field_name(field_at(r, c))} has colour {ch!r} (b, o or g)")
                colours.append(k)
                if ch.isupper():
                    stars |= 1 << field_at(r, c)
        return cls(name, rows, tuple(colours), stars)

    def colour_of(self, index: int) -> str:
        """The colour letter of a field: 'b', 'o' or 'g'."""
        return COLOURS[self.colours[index]]

    def is_star(self, index: int) -> bool:
        return bool(self.star_mask >> index & 1)

    @property
    def stars(self) -> list[int]:
        return [i for i in range(FIELDS) if self.star_mask >> i & 1]

    def counts(self) -> tuple[int, int, int]:
        """Fields per colour (blue, orange, grey)."""
        return tuple(self.colours.count(k) for k in range(3))  # type: ignore[return-value]

    def drawing(self) -> str:
        """The sheet as text with column letters and row numbers; ``*`` marks a star."""
        lines = ["    " + "  ".join(COLUMN_LETTERS)]
        for r, row in enumerate(self.rows):
            cells = []
            for ch in row:
                cells.append(ch.lower() + ("*" if ch.isupper() else " "))
            lines.append(f"{r + 1}   " + " ".join(cells).rstrip())
        return "\n".join(lines)


def design_problems(sheet: Sheet) -> list[str]:
    """Why a sheet breaks the project's design limits (empty list = fine)."""
    problems = []
    for k, n in enumerate(sheet.counts()):
        if not MIN_PER_COLOUR <= n <= MAX_PER_COLOUR:
            problems.append(f"{COLOUR_WORDS[k]} covers {n} fields (24-28 allowed)")
    stars = sheet.stars
    if not MIN_STARS <= len(stars) <= MAX_STARS:
        problems.append(f"{len(stars)} stars (6-10 allowed)")
    for i, a in enumerate(stars):
        for b in stars[i + 1:]:
            ra, ca = divmod(a, COLS)
            rb, cb = divmod(b, COLS)
            if abs(ra - rb) + abs(ca - cb) < MIN_STAR_DISTANCE:
                problems.append(f"stars {field_name(a)} and {field_name(b)} are too close")
    for lo, hi in STAR_BANDS:
        n = sum(1 for s in stars if lo <= s % COLS < hi)
        if n < MIN_STARS_PER_BAND:
            problems.append(
                f"columns {COLUMN_LETTERS[lo]}-{COLUMN_LETTERS[hi - 1]} hold {n} stars (at least 2)"
            )
    return problems


# Side A: broad colour regions with ragged borders. Long runs of one colour
# reward saving dice of that colour; the borders are where lines change colour.
SIDE_A_ROWS = (
    "bbbBooooggg",
    "bbbooooGggg",
    "gBbbooggbbg",
    "gggbbOgbbbo",
    "gggobbbbOoo",
    "OogoooGbboo",
    "oooogggggbB",
)

# Side B: a fine mosaic of small patches; nearly every step can change colour,
# so any roll fits somewhere but long single-colour runs are rare.
SIDE_B_ROWS = (
    "Bgobgobgoob",
    "obgoGbogbgo",
    "goObgogBobg",
    "bgbogBgoogb",
    "oGgbobobgbo",
    "bobgooGbogb",
    "gobgbogboGo",
)

SIDE_A = Sheet.from_rows(SIDE_A_ROWS, "A")
SIDE_B = Sheet.from_rows(SIDE_B_ROWS, "B")
SHEETS: dict[str, Sheet] = {"A": SIDE_A, "B": SIDE_B}
"""The two fixed sides by name; a random sheet comes from `random_sheet(seed)`."""

_SHEET_SALT = 0x5EED5EE7  # keeps the sheet's draws apart from the game's dice


@lru_cache(maxsize=256)
def random_sheet(seed: int | str) -> Sheet:
    """A seeded random sheet within the design limits (same seed, same sheet).

    Colour patches grow from 14-20 random centres (a Voronoi map with random
    tie-breaks), counts are then evened out along patch borders, and 6-10
    stars are placed with the spacing rules of `design_problems`.
    """
    rng = Rng(seed_state(seed) ^ _SHEET_SALT)
    while True:
        colours = _random_colours(rng)
        if colours is None:
            continue
        stars = _random_stars(rng)
        if stars is None:
            continue
        rows = []
        for r in range(ROWS):
            rows.append(
                "".join(
                    COLOURS[colours[field_at(r, c)]].upper()
                    if stars >> field_at(r, c) & 1
                    else COLOURS[colours[field_at(r, c)]]
                    for c in range(COLS)
                )
            )
        sheet = Sheet.from_rows(rows, "random")
        if not design_problems(sheet):
            return sheet


def _random_colours(rng: Rng) -> list[int] | None:
    n_centres = 14 + rng.below(7)
    centres = []
    for k in range(n_centres):
        centres.append((rng.below(FIELDS), k % 3))
    # random colour order so that colour 0 is not always the most frequent
    order = [0, 1, 2]
    rng.shuffle(order)
    colours = []
    for i in range(FIELDS):
        r, c = divmod(i, COLS)
        best: tuple[int, int] | None = None  # (distance, colour) of the nearest centre
        for f, k in centres:
            fr, fc = divmod(f, COLS)
            d = (abs(fr - r) + abs(fc - c)) * 8 + rng.below(6)
            if best is None or d < best[0]:
                best = (d, order[k])
        assert best is not None  # there are at least 14 centres
        colours.append(best[1])
    for _ in range(200):
        counts = [colours.count(k) for k in range(3)]
        if all(MIN_PER_COLOUR <= n <= MAX_PER_COLOUR for n in counts):
            return colours
        big = max(range(3), key=lambda k: counts[k])
        small = min(range(3), key=lambda k: counts[k])
        border = [
            i for i in range(FIELDS)
            if colours[i] == big and any(colours[n] == small for n in NEIGHBOURS[i])
        ]
        if not border:
            border = [i for i in range(FIELDS) if colours[i] == big]
        colours[rng.choice(border)] = small
    return None


def _random_stars(rng: Rng) -> int | None:
    want = MIN_STARS + rng.below(MAX_STARS - MIN_STARS + 1)
    for _attempt in range(50):
        stars: list[int] = []
        cells = list(range(FIELDS))
        rng.shuffle(cells)
        for f in cells:
            fr, fc = divmod(f, COLS)
            if all(abs(fr - s // COLS) + abs(fc - s % COLS) >= MIN_STAR_DISTANCE for s in stars):
                stars.append(f)
                if len(stars) == want:
                    break
        if len(stars) == want and all(
            sum(1 for s in stars if lo <= s % COLS < hi) >= MIN_STARS_PER_BAND for lo, hi in STAR_BANDS
        ):
            return sum(1 << s for s in stars)
    return None
