"""What one action did, found by comparing the engine's public views.

The table never re-derives a rule: it applies an action to the engine and
then reads what changed (cards that moved, a jackpot banked, a bet resolved,
a round ended) from `view(None)` before and after. The same `Outcome` drives
the action log, the sounds and the results tally.

>>> from engine import lineit
>>> s = lineit.new_game(players=2, seed=3, first_seat=0)
>>> before = s.clone(); a = str(s.legal_actions()[0]); _ = s.apply(a)
>>> analyse(before, a, s).kind
'take'
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.lineit import LineitState, suit_of


@dataclass
class Closed:
    """One line closed: by `seat`, what it banked and how its bet went."""

    seat: int
    cards: list[str]                  # the line as it was
    banked: int
    discarded: list[str]
    bet: int = 0                      # value of the bet card, 0 for none
    bet_won: bool = False
    direction: str | None = None      # "up", "down" or None (fewer than 2 Number cards)
    forced: bool = False


@dataclass
class Outcome:
    seat: int
    action: str
    kind: str                         # take, play, close, end, pass
    card: str | None = None
    to: str | None = None             # "line" / "hand" for a take
    jackpot: tuple[str, int] | None = None     # (suit, cards banked)
    closes: list[Closed] = field(default_factory=list)
    forced: bool = False              # this take followed a close it needed
    leftovers: list[str] = field(default_factory=list)   # market -> jackpots / out at round end
    new_market: list[str] = field(default_factory=list)
    new_round: int = 0
    remainder: list[str] = field(default_factory=list)    # draw pile spent: to jackpots / out
    final_started: bool = False
    game_over: bool = False
    first_seat_moved: bool = False


def direction(cards: list[str]) -> str | None:
    nums = [int(c) for c in cards if not c.startswith("B")]
    if len(nums) < 2:
        return None
    return "up" if nums[1] > nums[0] else "down"


def _closed(seat: int, line: list[str], vb: dict, va: dict) -> Closed:
    """Read a close from the views: discarded = the line's cards that left the game."""
    sb, sa = vb["seats"][seat], va["seats"][seat]
    bet = next((int(c[1:]) for c in line if c.startswith("B")), 0)
    won = sa["bonus"] > sb["bonus"]
    left = set(va["gone"][len(vb["gone"]):])
    nums = [c for c in line if not c.startswith("B")]
    discarded = [c for c in nums if c in left]
    return Closed(seat, list(line), len(nums) - len(discarded), discarded, bet, won, direction(line))


def forced_take(pre_close: LineitState | None, action: str) -> bool:
    """True if `action` (a take to the line) needed the close made before it this turn."""
    if pre_close is None or not action.startswith("take") or not action.endswith(" line"):
        return False
    card = action.split()[1]
    return not pre_close.is_legal(f"take {card} line") and not pre_close.is_legal(f"take {card} hand")


def analyse(before: LineitState, action: str, after: LineitState, pre_close: LineitState | None = None,
            vb: dict | None = None, va: dict | None = None) -> Outcome:
    """What `action` (just applied to `before`, giving `after`) did.

    `vb` and `va` are the spectator views of `before` and `after` when the caller has them already.
    """
    if vb is None:
        vb = before.view(None)
    if va is None:
        va = after.view(None)
    seat = vb["current_seat"]
    parts = action.split()
    out = Outcome(seat=seat, action=action, kind=parts[0])
    if parts[0] in ("take", "play"):
        out.card = parts[1]
        out.to = parts[2] if parts[0] == "take" else "line"
        if out.to == "line" and not out.card.startswith("B"):
            gained = va["seats"][seat]["stack"] - vb["seats"][seat]["stack"]
            if gained > 0:
                out.jackpot = (suit_of(int(out.card)), gained)
        out.forced = parts[0] == "take" and forced_take(pre_close, action)
    elif parts[0] == "close":
        out.closes.append(_closed(seat, vb["seats"][seat]["line"], vb, va))
    if va["round"] != vb["round"] or (va["phase"] != vb["phase"] and vb["phase"] == "turn"):
        out.leftovers = list(vb["market"])
        out.first_seat_moved = va["first_seat"] != vb["first_seat"]
        if va["phase"] == "turn":
            out.new_market = list(va["market"])
            out.new_round = va["round"]
    if va["phase"] == "final" and vb["phase"] == "turn":
        out.final_started = True
        log = va["log"]
        for entry in reversed(log):
            if entry["seat"] is None and entry["text"].startswith("remainder"):
                out.remainder = entry["text"].split()[1:]
                break
    if va["phase"] == "over" and vb["phase"] != "over":
        out.game_over = True
        n = vb["players"]
        for k in range(n):
            p = (va["first_seat"] + k) % n
            line = vb["seats"][p]["line"]
            if p == seat and parts[0] == "play":
                line = line + [parts[1]]
            if line:
                out.closes.append(_closed(p, line, vb, va))
    return out


def hands_from_log(log: list[dict], players: int) -> list[list[str]]:
    """Every seat's hand, rebuilt from the public log.

    Every hand card was taken from the face-up market, so the log knows them
    all (the bots' determinize does the same). The table uses this only to
    follow each card's sprite; other seats' hands are drawn face down.
    """
    hands: list[list[str]] = [[] for _ in range(players)]
    for entry in log:
        seat = entry["seat"]
        if seat is None:
            continue
        parts = entry["text"].split()
        if parts[0] == "take" and parts[2] == "hand":
            hands[seat].append(parts[1])
        elif parts[0] == "play":
            hands[seat].remove(parts[1])
    return hands
