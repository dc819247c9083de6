"""Line-it's first-game tips: what is worth a word the first time it happens (see `tips`).

Everything here reads the player's own view (never the hidden draw pile or
another hand), so a tip never tells more than the player could know:

- `jackpot`    a market card would be the third of its suit in your line, and
               that suit's jackpot is not empty;
- `bet_lost`   your bet needs more Number cards than can still reach your line
               (at most one take per turn left, plus the cards in your hand);
- `hand_full`  your hand has just become full;
- `forced`     no market card fits your line or your hand: you must close.

`still` says whether a shown tip is still true: each holds only during your
turn, and only while what it found is there.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from engine.lineit import HAND_LIMIT
from engine.lineit.cards import suit_of

from game.shell.i18n import _, ngettext

from game.tutorial.parts import Found
from game.tutorial.tips import box

if TYPE_CHECKING:
    from game.lineit_table.scene import TableScene


def _numbers(cards: list[str]) -> list[str]:
    return [c for c in cards if not c.startswith("B")]


def position(sc: "TableScene") -> Any:
    st = sc.ctrl.state
    return (id(st), len(st.history), sc.viewer, sc.my_turn())


def turns_left(view: dict) -> int:
    """The turns with a take the viewer still has, this one included (from the view only): this
    round's, then one per market the draw pile can still fill."""
    if view["phase"] != "turn":
        return 0
    now = 0 if view["turn"]["taken"] else 1
    return now + view["draw_pile"] // (view["players"] + 2)


def bet_short(view: dict, seat: int) -> tuple[int, int] | None:
    """(bet value, Number cards it still needs) when the line's bet can no longer be won, else None."""
    me = view["seats"][seat]
    line = me["line"]
    bets = [i for i, c in enumerate(line) if c.startswith("B")]
    if not bets:
        return None
    value = int(line[bets[0]][1:])
    need = value - len(_numbers(line[bets[0] + 1:]))
    reachable = turns_left(view) + len(_numbers(me["hand"] or []))
    if view["phase"] == "final":
        reachable = len(_numbers(me["hand"] or []))
    return (value, need) if need > reachable else None


def jackpot_chance(view: dict, seat: int, legal: set[str]) -> str | None:
    """A market card that would win a jackpot on the viewer's line now, or None."""
    line = _numbers(view["seats"][seat]["line"])
    for card in view["market"]:
        if card.startswith("B") or f"take {card} line" not in legal:
            continue
        suit = suit_of(card)
        if view["jackpots"][suit] and sum(1 for c in line if suit_of(c) == suit) == 2:
            return card
    return None


def on_turn(sc: "TableScene") -> list[Found]:
    if not sc.my_turn() or sc.geo is None:
        return []
    seat = sc.viewer
    if seat is None:          # my_turn() says someone at this screen plays
        return []
    view = sc.ctrl.views()[seat]
    legal = sc.ctrl.legal_texts()
    geo = sc.geo
    out: list[Found] = []
    takes = [a for a in legal if a.startswith("take")]
    if not view["turn"]["taken"] and not takes and not any(a.startswith("play") for a in legal) \
            and "close" in legal:
        out.append(Found("lineit.forced", lambda: _(
            "No market card fits your line or your hand: you must close your line. The card you take "
            "then starts a new line."), box(sc.b_close.rect), seat))
    card = jackpot_chance(view, seat, legal)
    if card is not None:
        n = len(view["jackpots"][suit_of(card)])
        sprite = next((s for s in sc.board.sprites.values() if s.card == card and s.zone
                       and s.zone[0] == ("market",)), None)
        near = sprite.rect() if sprite is not None else geo.market
        out.append(Found("lineit.jackpot", partial(_jackpot_text, card, n), box(near), seat))
    short = bet_short(view, seat)
    if short is not None:
        value, need = short
        out.append(Found("lineit.bet_lost", partial(_bet_lost_text, value, need), box(geo.me.line), seat))
    return out


def _jackpot_text(card: str, n: int) -> str:
    return ngettext(
        "Jackpot chance: the {card} would be the third card of its suit in your line and win its "
        "jackpot ({n} card).",
        "Jackpot chance: the {card} would be the third card of its suit in your line and win its "
        "jackpot ({n} cards).", n).format(card=card, n=n)


def _bet_lost_text(v: int, k: int) -> str:
    return ngettext(
        "Your bet {v} needs {k} more Number card in your line, but fewer can still reach it: "
        "closing the line costs {v} points either way.",
        "Your bet {v} needs {k} more Number cards in your line, but fewer can still reach it: "
        "closing the line costs {v} points either way.", k).format(v=v, k=k)


def hand_full(sc: "TableScene") -> bool:
    """The viewer's hand is full during the viewer's turn."""
    seat = sc.viewer
    if seat is None or sc.ctrl.current != seat or sc.ctrl.state.is_over:
        return False
    return len(sc.ctrl.views()[seat]["seats"][seat]["hand"] or []) >= HAND_LIMIT


def still(sc: "TableScene", key: str) -> bool:
    """The shown tip `key` still holds (else it goes: "your hand is full" stayed up after a card
    was played from the hand, and into the next seat's turn)."""
    if key == "lineit.hand_full":
        return hand_full(sc)
    return any(f.key == key for f in on_turn(sc))


def after_applied(sc: "TableScene", action: str, events: list) -> list[Found]:
    seat = sc.viewer
    if seat is None or sc.geo is None or not sc.ctrl.is_human(seat) or not action.endswith(" hand"):
        return []
    if not hand_full(sc):
        return []
    return [Found("lineit.hand_full", lambda: _(
        "Your hand is full: two cards. Play one onto your line to make room. If no market card then "
        "fits your line, you will have to close it."), box(sc.geo.me.hand), seat)]
