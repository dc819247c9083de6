"""Linyo's own records in the statistics: the solo bests per sheet and difficulty, and
perfect sheets (0 free fields), with their lines on the statistics screen.

`game.files.stats.record_result` calls `record_more` for every counted game, and the
statistics screen lists `more_bests` after the bests every game has; both reach
them through the game's `GameUI`, so neither names Linyo. The stored shape
("linyo_solo", "perfect") is the statistics file's (`game.files.stats.SCHEMA`).
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from game.files import schema
from game.shell.i18n import _, ngettext
from game.files.stats import MAX_SOLO, better


def _shown(value: float | None) -> str:
    return "–" if value is None else f"{value:g}"


def record_more(data: dict[str, Any], result: dict[str, Any], history_id: str | None, today: str) -> None:
    """Count a finished game into the solo bests and the perfect sheets of `data`."""
    seats = result["seats"]
    sheet = str(result.get("sheet", "A"))
    diffs = result.get("difficulties") or [2] * len(seats)
    key = f"{sheet}/{diffs[0]}"
    solos = data["linyo_solo"]
    if len(seats) == 1 and (key in solos or len(solos) < MAX_SOLO):
        solo = solos.setdefault(key, {"games": 0, "best": None})
        solo["games"] = min(schema.COUNT.hi, solo["games"] + 1)
        if better("linyo", seats[0]["score"], solo["best"]):
            solo["best"], solo["best_game"] = seats[0]["score"], history_id
    for i, seat in enumerate(seats):
        if seat["kind"] == "human" and seat["score"] == 0:
            data["perfect"].append({"name": seat.get("name", ""), "sheet": sheet,
                                    "difficulty": diffs[i] if i < len(diffs) else None, "date": today,
                                    "history": history_id})


def more_bests(data: dict[str, Any]) -> list[tuple[Callable[[], str], Any]]:
    """The statistics screen's Linyo lines: each solo best, then the perfect sheets."""
    out: list[tuple[Callable[[], str], Any]] = []
    for key in sorted(data["linyo_solo"]):
        solo = data["linyo_solo"][key]
        sheet, _sep, diff = key.partition("/")
        out.append((partial(_solo_text, sheet, diff, solo["best"], solo["games"]), solo.get("best_game")))
    perfect = data["perfect"]
    if perfect:
        out.append((partial(_perfect_text, len(perfect)), perfect[-1].get("history")))
    return out


def _solo_text(sheet: str, d: str, best: Any, games: int) -> str:
    return ngettext("Solo, sheet {sheet}, difficulty {d}: best {best} free ({n} game)",
                    "Solo, sheet {sheet}, difficulty {d}: best {best} free ({n} games)", games).format(
        sheet=sheet, d=d, best=_shown(best), n=games)


def _perfect_text(n: int) -> str:
    return ngettext("{n} perfect sheet ★", "{n} perfect sheets ★", n).format(n=n)


def best_text(best: int, shown: str) -> str:
    """The statistics screen's line for the best result."""
    return ngettext("Fewest free fields: {n}", "Fewest free fields: {n}", best).format(n=shown)


def variant(setup: dict[str, Any]) -> dict[str, Any]:
    """What the games list keeps of a setup: the sheet and the difficulties."""
    sheet = setup.get("sheet", "A")
    return {"sheet": sheet if sheet in ("A", "B", "random") else "custom",
            "difficulties": list(setup.get("difficulties", []))}


def variant_text(variant: dict[str, Any]) -> str:
    """The sheet in words, for the games list."""
    sheet = str(variant.get("sheet", "A"))
    if sheet == "random":
        return _("random sheet")
    if sheet == "custom":
        return _("own sheet")
    return _("sheet {sheet}").format(sheet=sheet)
