"""What each seat may know of a hand (RULES.md, "What each seat may see").

A seat sees its own hand; of another seat's hand the table shows only the
count. Yet nothing in a hand is secret from a perfect memory: every hand
card was taken face up from the market ("take 17 hand") and leaves only by
being played ("play 17"). `public_hands` is that memory, read from the
public log of any view, so a table can follow every card's sprite and a bot
can rebuild the other hands without ever reading a hidden card (the draw
pile's order is the only truly hidden thing).

>>> from engine.lineit import new_game
>>> s = new_game(players=2, seed=3, first_seat=0)
>>> take = next(a for a in s.legal_actions() if a.kind == "take_hand")
>>> _ = s.apply(take)
>>> card = str(take).split()[1]
>>> public_hands(s.view(1)["log"], 2) == [[card], []] == [s.view(0)["seats"][0]["hand"], []]
True
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from .actions import PLAY, TAKE_HAND, parse_action
from .cards import TEXT


def public_hands(log: Iterable[Mapping[str, Any]], players: int) -> list[list[str]]:
    """Every seat's hand (card texts, in the order taken), as the public log shows it."""
    hands: list[list[str]] = [[] for _ in range(players)]
    for entry in log:
        seat = entry["seat"]
        if seat is None:                    # a market or the remainder: no hand changes
            continue
        action = parse_action(entry["text"])
        if action.k == TAKE_HAND:
            hands[seat].append(TEXT[action.card])
        elif action.k == PLAY:
            hands[seat].remove(TEXT[action.card])
    return hands
