"""`rounds_left`: the rounds the draw pile still holds, as the table shows them (issue 26 item 4)."""
from __future__ import annotations

import random

import pytest

from engine import lineit
from engine.lineit import events as E


@pytest.mark.parametrize("players", [2, 4, 6])
def test_rounds_left_counts_the_markets_still_dealt(players):
    rng = random.Random(players)
    s = lineit.new_game(players, seed=40 + players, first_seat=0)
    checked = 0
    while not s.is_over:
        left = lineit.rounds_left(s.view(None)["draw_pile"], players)
        if s.view(None)["phase"] == "turn":
            future = s.clone()
            deals = 0
            while not future.is_over:
                deals += sum(isinstance(e, E.MarketDealt) for e in future.apply(rng.choice(future.legal_actions())))
            assert deals == left
            checked += 1
        s.apply(rng.choice(s.legal_actions()))
    assert checked > 10
    assert lineit.rounds_left(s.view(None)["draw_pile"], players) == 0
