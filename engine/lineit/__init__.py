"""Line-it: the card-drafting game of RULES.md (Game 1), for 2 to 6 players.

    from engine import lineit, IllegalAction
    s = lineit.new_game(players=4, seed=7, first_seat=0, final_plays=1)
    s.legal_actions(); s.apply("take 17 line"); s.view(0); s.to_json()
    lineit.from_json(d); lineit.parse_action("play 17"); lineit.suit_of(17)

For the bots: `determinize(view, rng)` builds a full state consistent with a
seat's view, and `playout(state, rng, policy)` plays it to the end fast.
The contract and every engine decision are written down in docs/LINEIT.md.
"""
from .actions import ALL_ACTIONS, Action, parse_action
from .cards import FULL_DECK, SUITS, SYMBOLS, card_text, parse_card, suit_of
from .determinize import determinize
from .playout import playout
from .state import HAND_LIMIT, LineitState, from_json, new_game

__all__ = [
    "ALL_ACTIONS", "Action", "FULL_DECK", "HAND_LIMIT", "LineitState", "SUITS", "SYMBOLS",
    "card_text", "determinize", "from_json", "new_game", "parse_action", "parse_card",
    "playout", "suit_of",
]
