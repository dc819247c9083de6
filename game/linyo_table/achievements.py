"""Linyo's achievements, measured from the engine's events (`engine.linyo.events`) and each
seat's difficulty in the setup config.

A *perfect sheet* is RULES.md's: 0 free fields, every one of the sheet's 77
fields reached by a line (start fields and × count as reached), which is the
same as every row's free count being 0 (`GameOver.free` / `free_rows`). The
rules say difficulty 3 can reach it with skill and nobody has on difficulty 4;
the dice allow it there too (a move may grow a line by 4 dice steps and a star
step), so both are real goals. Declared through the front end's hook
"achievements" (`game.achievements` lists them).
"""
from __future__ import annotations

from typing import Any

from game.achievements.model import Achievement, Finished
from game.shell.i18n import N_

OVER = "linyo.game_over"
MOVED = "linyo.line_moved"


def _game_over(f: Finished) -> Any:
    return next((e for e in reversed(f.events) if e.kind == OVER), None)


def _difficulty(f: Finished, seat: int) -> int:
    seats = f.seats
    return int(seats[seat].get("difficulty", 2)) if seat < len(seats) else 2


def fewest_free(at_least: int) -> Any:
    """The measure: the fewest free fields a person's sheet ended with at difficulty `at_least` or more."""
    def measure(f: Finished) -> float | None:
        over = _game_over(f)
        if over is None:
            return None
        frees = [over.free[p] for p in f.people if p < len(over.free) and _difficulty(f, p) >= at_least]
        return min(frees) if frees else None
    measure.__name__ = f"fewest_free_d{at_least}"
    return measure


def full_rows(f: Finished) -> float:
    """The most rows of one person's sheet with no free field left."""
    over = _game_over(f)
    if over is None:
        return 0
    return max((sum(1 for n in over.free_rows[p] if n == 0) for p in f.people if p < len(over.free_rows)),
               default=0)


def star_steps(f: Finished) -> float:
    """The most star steps one person took in the game."""
    per_seat = [sum(1 for e in f.of_people(MOVED) if e.seat == p and e.star is not None) for p in f.people]
    return max(per_seat, default=0)


ACHIEVEMENTS = (
    Achievement("linyo.perfect3", N_("Perfect sheet"),
                N_("Finish with 0 free fields at difficulty 3 or 4: every field of the sheet reached by a line."),
                "linyo", fewest_free(3), goal=0, lower=True),
    Achievement("linyo.perfect4", N_("The impossible sheet"),
                N_("Finish with 0 free fields at difficulty 4, which nobody is known to have done."),
                "linyo", fewest_free(4), goal=0, lower=True),
    Achievement("linyo.five_free", N_("Nearly there"),
                N_("Finish with five or fewer free fields, at any difficulty."),
                "linyo", fewest_free(1), goal=5, lower=True),
    Achievement("linyo.full_row", N_("Row by row"),
                N_("Finish with a whole row of your sheet reached: its free count is 0."), "linyo", full_rows),
    Achievement("linyo.stars3", N_("Star gazer"),
                N_("Take three star steps in one game: end a move on a star, then one more step onto any free "
                   "field."), "linyo", star_steps, goal=3),
)


def declared() -> tuple[Achievement, ...]:
    """The front end's hook "achievements"."""
    return ACHIEVEMENTS
