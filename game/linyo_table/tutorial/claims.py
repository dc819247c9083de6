"""What the words of Linyo's tutorial claim, as checks over the engine state (`game.tutorial.claims`)."""
from __future__ import annotations

from typing import Any

from game.tutorial.claims import ME, legal
from game.tutorial.parts import Claim


def _lines(state: Any) -> list[dict]:
    return state.view(ME)["seats"][ME]["lines"]


def _grows_from_end(state: Any) -> bool:
    """Every legal move of every line leaves from that line's last field."""
    from engine.linyo.sheets import parse_field
    ends = {i + 1: parse_field(line["fields"][-1]) for i, line in enumerate(_lines(state))}
    for a in legal(state):
        w = a.split()
        if w[0] == "move":
            first = parse_field(w[2].lstrip("+"))
            end = ends[int(w[1])]
            if abs(first - end) not in (1, 11):
                return False
    return True


def _dice_left(state: Any, *words: str) -> bool:
    """The move (all words but the last) is legal and leaves that many dice (the last) unused."""
    action, n = " ".join(words[:-1]), words[-1]
    used = sum(1 for w in action.split()[2:] if not w.startswith("+"))
    return action in legal(state) and len(state.view(ME)["dice"]) - used == int(n)


CLAIMS: dict[str, Claim] = {
    "roll": lambda s, r: s.view(ME)["dice"] == r,
    "legal": lambda s, *a: " ".join(a) in legal(s),
    "illegal": lambda s, *a: " ".join(a) not in legal(s),
    "lines": lambda s, n: len(_lines(s)) == int(n),
    "open": lambda s, n: sum(line["open"] for line in _lines(s)) == int(n),
    "aborted": lambda s, line: not _lines(s)[int(line) - 1]["open"],
    "line_fields": lambda s, line, *fields: _lines(s)[int(line) - 1]["fields"] == list(fields),
    "no_moves": lambda s, line: not any(a.startswith(f"move {line} ") for a in legal(s)),
    "grows_from_end": _grows_from_end,
    "dice_left": _dice_left,
    "phase": lambda s, p: s.view(ME)["phase"] == p,
    "difficulty": lambda s, d: s.view(ME)["seats"][ME]["difficulty"] == int(d),
    "free": lambda s: s.view(ME)["seats"][ME]["free"] == sum(s.view(ME)["seats"][ME]["free_rows"]),
    "over": lambda s: s.is_over,
    "winner": lambda s: s.is_over and ME in s.winners(),
}
