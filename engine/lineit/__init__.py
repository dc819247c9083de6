"""Line-it: the card-drafting game of RULES.md (Game 1), for 2 to 6 players.

    from engine import lineit, IllegalAction
    s = lineit.new_game(players=4, seed=7, first_seat=0, final_plays=1)
    s.legal_actions(); events = s.apply("take 17 line"); s.view(0); s.to_json()
    lineit.from_json(d); lineit.parse_action("play 17"); lineit.suit_of(17)
    s.why_illegal("play 17").code; s.undo_points(); s.rewind(n)
    t = lineit.new_game(players=2, external_chance=True); t.chance_needed; t.resolve_chance([...])

For the bots: `determinize(view, rng)` builds a full state consistent with a
seat's view, `playout(state, rng, policy)` plays it to the end fast, `fits`
is the line rule, `apply_unchecked` the fast path on a clone.
The contract and every engine decision are written down in docs/LINEIT.md.
"""
from engine.core.registry import GameInfo, Option

from .actions import ACTION_CLOSE, ACTION_END, ACTION_PASS, ALL_ACTIONS, Action, parse_action, play, take
from .cards import (BET_VALUES, DECK_SIZE, FULL_DECK, SUITS, SYMBOLS, card_text, market_size, parse_card,
                    rounds_left, suit_of)
from .determinize import determinize
from .events import EVENT_KINDS
from .hands import public_hands
from .line import bet_wins, fits
from .playout import playout
from .refusals import REFUSALS
from .state import HAND_LIMIT, MAX_PLAYERS, MIN_PLAYERS, BetProgress, LineitState, Phase, from_json, new_game

# The score of a seat at any moment (RULES.md "Closing a line", "End of game": banked cards
# + bonus tokens - penalty tokens). Each Bet card is resolved once, then leaves the game, so
# the tokens of one seat add to at most sum(BET_VALUES) = 24 either way: the lowest score is
# -24 (every bet lost, nothing banked). A seat banks Number cards only through a line holding
# at least three of them (a line banks what follows its first three; a jackpot needs the third
# card of a suit in the line), and those three are never banked: at most 100 - 3 = 97 cards,
# so the highest score is 97 + 24 = 121 (whatever the number of players).
SCORE_BOUNDS = (-sum(BET_VALUES), DECK_SIZE - len(BET_VALUES) - 3 + sum(BET_VALUES))

INFO = GameInfo(
    name="lineit",
    title="Line-it",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(Option("final_plays", 1, (1, 2)),),
    lower_is_better=False,
    new_game=new_game,
    from_json=from_json,
    parse_action=parse_action,
    event_kinds=EVENT_KINDS,
    refusals=REFUSALS,
    hidden_hands=True,
    score_bounds=SCORE_BOUNDS,
)

__all__ = [
    "ACTION_CLOSE", "ACTION_END", "ACTION_PASS", "ALL_ACTIONS", "Action", "BetProgress", "EVENT_KINDS",
    "FULL_DECK", "HAND_LIMIT", "INFO", "LineitState", "Phase", "REFUSALS", "SCORE_BOUNDS", "SUITS", "SYMBOLS",
    "bet_wins", "card_text", "determinize", "fits", "from_json", "market_size", "new_game", "parse_action",
    "parse_card", "rounds_left", "play", "playout", "public_hands", "suit_of", "take",
]
