"""What a tutorial step's words claim, as data the engine can check.

A step lists its claims next to its text (`Step.claims` for `say`,
`Step.after_claims` for `after`), each a short string "name arg…" naming one
predicate below over the real engine state; `holds(state, claim)` evaluates it.
`tests/test_tutorial_claims.py` plays each tutorial by its expected moves and
checks every claim where its words are on screen: `say` claims at the step's
start (a step without actions: at its end too, after the bots' moves), `after`
claims once the step is done and the bots have played. A claim that is false
there fails the test, so a tutorial cannot teach a rule the engine does not
play, nor describe a table that is not there.

Steps that state no rule: Line-it "Add the 52 to your line." only asks (its
claim still checks the 52 fits). Every other step states at least one rule or
fact of the table and carries a claim for each; every `after` carries its own.
Where a sentence of `after` tells a fact of the move itself (Linyo's "left two
dice unused"), its claim is made on the move before it is played
(`dice_left`), in `claims`.
"""
from __future__ import annotations

from typing import Any, Callable

Pred = Callable[..., bool]
ME = 0


def _legal(state: Any) -> set[str]:
    return {str(a) for a in state.legal_actions()}


# ---------------------------------------------------------------- Line-it
def _numbers(cards: list[str]) -> list[int]:
    return [int(c) for c in cards if not c.startswith("B")]


def _suit(card: str) -> str:
    return ("red", "blue", "green", "yellow")[(int(card) - 1) % 4]


def _last(state: Any, kind: str, seat: int = ME) -> Any:
    return next((e for e in reversed(state.events) if e.kind == kind and getattr(e, "seat", seat) == seat), None)


def _me(state: Any) -> dict:
    return state.view(ME)["seats"][ME]


def _direction(state: Any, want: str) -> bool:
    n = _numbers(_me(state)["line"])
    got = "none" if len(n) < 2 else "up" if n[1] > n[0] else "down"
    return got == want


def _only_beyond(state: Any) -> bool:
    """Every market Number card the line accepts is beyond its last Number card, in its direction."""
    line = _numbers(_me(state)["line"])
    if len(line) < 2:
        return True
    up = line[1] > line[0]
    ok = True
    for c in state.view(ME)["market"]:
        if c.startswith("B"):
            continue
        fits = f"take {c} line" in _legal(state)
        ok &= fits == (int(c) > line[-1] if up else int(c) < line[-1])
    return ok


def _suit_count(state: Any, suit: str, n: str) -> bool:
    return sum(_suit(c) == suit for c in _me(state)["line"] if not c.startswith("B")) == int(n)


def _hand_full(state: Any) -> bool:
    legal = _legal(state)
    return len(_me(state)["hand"]) == 2 and not any(a.startswith("take") and a.endswith("hand") for a in legal) \
        and state.current_seat == ME


def _no_market_fits(state: Any) -> bool:
    return not any(a.startswith("take") and a.endswith("line") for a in _legal(state))


def _takes_after_close(state: Any, card: str) -> bool:
    """The card cannot be taken now, but can once the line is closed: it starts the new line."""
    if f"take {card} line" in _legal(state) or "close" not in _legal(state):
        return False
    closed = state.clone()
    closed.apply("close")
    return f"take {card} line" in _legal(closed)


def _one_bet(state: Any) -> bool:
    """A line with a Bet card accepts no second one (checked on every Bet card the engine offers)."""
    has_bet = any(c.startswith("B") for c in _me(state)["line"])
    bets = [c for c in state.view(ME)["market"] if c.startswith("B")]
    return has_bet and all(f"take {b} line" not in _legal(state) for b in bets)


def _jackpot_won(state: Any, suit: str) -> bool:
    e = _last(state, "lineit.jackpot_won")
    return e is not None and e.suit == suit and len(e.cards) > 0


def _closed(state: Any, bet: str, banked: str, forced: str) -> bool:
    e = _last(state, "lineit.line_closed")
    b = _last(state, "lineit.bet_resolved")
    return e is not None and len(e.banked) == int(banked) and e.forced == (forced == "forced") \
        and b is not None and b.won == (bet == "won")


def _winner(state: Any) -> bool:
    return state.is_over and ME in state.winners()


LINEIT: dict[str, Pred] = {
    "market_size": lambda s, n: len(s.view(ME)["market"]) == s.players + 2 == int(n),
    "may_take": lambda s, c, where: f"take {c} {where}" in _legal(s),
    "may_not_take": lambda s, c, where: f"take {c} {where}" not in _legal(s),
    "may_play": lambda s, c: f"play {c}" in _legal(s),
    "may_close": lambda s: "close" in _legal(s),
    "must_take": lambda s: "end" not in _legal(s) and any(a.startswith("take") for a in _legal(s)),
    "direction": _direction,
    "only_beyond": _only_beyond,
    "suit_count": _suit_count,
    "hand": lambda s, n: len(_me(s)["hand"]) == int(n),
    "hand_full": _hand_full,
    "no_market_fits": _no_market_fits,
    "must_close": lambda s: s.must_close(),
    "takes_after_close": _takes_after_close,
    "not_must_close": lambda s: not s.must_close(),
    "one_bet": _one_bet,
    "bet_after": lambda s, v, n: (bp := s.bet_progress(ME)) is not None and bp.value == int(v) and bp.after == int(n),
    "jackpot": lambda s, suit, n: len(s.view(ME)["jackpots"][suit]) == int(n),
    "jackpot_won": _jackpot_won,
    "no_new_jackpot": lambda s: (e := _last(s, "lineit.jackpot_won")) is None or s.events[-1] is not e,
    "closed": _closed,
    "line_empty": lambda s: _me(s)["line"] == [],
    "line": lambda s, seat, *cards: s.view(ME)["seats"][int(seat)]["line"] == list(cards),
    "remainder_dealt": lambda s: any(e.kind == "lineit.remainder_dealt" for e in s.events),
    "first_seat": lambda s, seat: s.view(ME)["first_seat"] == int(seat),
    "bet_gone": lambda s, c: c in s.view(ME)["gone"],
    "phase": lambda s, p: s.view(ME)["phase"] == p,
    "draw_pile": lambda s, n: s.view(ME)["draw_pile"] == int(n),
    "score": lambda s: s.scores()[ME] == len(_me(s)["stack_cards"]) + _me(s)["bonus"] - _me(s)["penalty"],
    "winner": _winner,
}


# ---------------------------------------------------------------- Linyo
def _lines(state: Any) -> list[dict]:
    return state.view(ME)["seats"][ME]["lines"]


def _grows_from_end(state: Any) -> bool:
    """Every legal move of every line leaves from that line's last field."""
    from engine.linyo.sheets import parse_field
    ends = {i + 1: parse_field(line["fields"][-1]) for i, line in enumerate(_lines(state))}
    for a in _legal(state):
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
    return action in _legal(state) and len(state.view(ME)["dice"]) - used == int(n)


LINYO: dict[str, Pred] = {
    "roll": lambda s, r: s.view(ME)["dice"] == r,
    "legal": lambda s, *a: " ".join(a) in _legal(s),
    "illegal": lambda s, *a: " ".join(a) not in _legal(s),
    "lines": lambda s, n: len(_lines(s)) == int(n),
    "open": lambda s, n: sum(line["open"] for line in _lines(s)) == int(n),
    "aborted": lambda s, line: not _lines(s)[int(line) - 1]["open"],
    "line_fields": lambda s, line, *fields: _lines(s)[int(line) - 1]["fields"] == list(fields),
    "no_moves": lambda s, line: not any(a.startswith(f"move {line} ") for a in _legal(s)),
    "grows_from_end": _grows_from_end,
    "dice_left": _dice_left,
    "phase": lambda s, p: s.view(ME)["phase"] == p,
    "difficulty": lambda s, d: s.view(ME)["seats"][ME]["difficulty"] == int(d),
    "free": lambda s: s.view(ME)["seats"][ME]["free"] == sum(s.view(ME)["seats"][ME]["free_rows"]),
    "over": lambda s: s.is_over,
    "winner": lambda s: s.is_over and ME in s.winners(),
}

GAMES = {"lineit": LINEIT, "linyo": LINYO}


def holds(game: str, state: Any, claim: str) -> bool:
    """The claim "name arg…" is true of `state` (an unknown name is a KeyError: a typo fails)."""
    name, *args = claim.split()
    return bool(GAMES[game][name](state, *args))
