"""What the words of Line-it's tutorial claim, as checks over the engine state (`game.tutorial.claims`)."""
from __future__ import annotations

from typing import Any

from game.tutorial.claims import ME, legal
from game.tutorial.parts import Claim


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
        fits = f"take {c} line" in legal(state)
        ok &= fits == (int(c) > line[-1] if up else int(c) < line[-1])
    return ok


def _suit_count(state: Any, suit: str, n: str) -> bool:
    return sum(_suit(c) == suit for c in _me(state)["line"] if not c.startswith("B")) == int(n)


def _hand_full(state: Any) -> bool:
    now = legal(state)
    return len(_me(state)["hand"]) == 2 and not any(a.startswith("take") and a.endswith("hand") for a in now) \
        and state.current_seat == ME


def _no_market_fits(state: Any) -> bool:
    return not any(a.startswith("take") and a.endswith("line") for a in legal(state))


def _one_bet(state: Any) -> bool:
    """A line with a Bet card accepts no second one (checked on every Bet card the engine offers)."""
    has_bet = any(c.startswith("B") for c in _me(state)["line"])
    bets = [c for c in state.view(ME)["market"] if c.startswith("B")]
    return has_bet and all(f"take {b} line" not in legal(state) for b in bets)


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


CLAIMS: dict[str, Claim] = {
    "market_size": lambda s, n: len(s.view(ME)["market"]) == s.players + 2 == int(n),
    "may_take": lambda s, c, where: f"take {c} {where}" in legal(s),
    "may_not_take": lambda s, c, where: f"take {c} {where}" not in legal(s),
    "may_play": lambda s, c: f"play {c}" in legal(s),
    "may_close": lambda s: "close" in legal(s),
    "must_take": lambda s: "end" not in legal(s) and any(a.startswith("take") for a in legal(s)),
    "direction": _direction,
    "only_beyond": _only_beyond,
    "suit_count": _suit_count,
    "hand": lambda s, n: len(_me(s)["hand"]) == int(n),
    "hand_full": _hand_full,
    "no_market_fits": _no_market_fits,
    "must_close": lambda s: s.must_close(),
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
