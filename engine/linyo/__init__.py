"""Linyo, the roll & write game: rules, sheets, dice and action texts.

>>> from engine import linyo
>>> s = linyo.new_game(players=2, seed=7, sheet="B", first_seat=0)
>>> [e.kind for e in s.apply(s.legal_actions()[0])]
['linyo.start_placed']
>>> linyo.from_json(s.to_json()).view(0) == s.view(0)
True

See docs/LINYO.md for the contract and every rules decision.
"""
from engine.core.registry import GameInfo, Option

from .actions import Abort, Action, Move, SetDice, Start, parse_action
from .dice import parse_roll, roll_text, set_options
from .events import EVENT_KINDS
from .playout import longest_first, playout
from .refusals import REFUSALS
from .sheets import (
    COLOURS,
    COLS,
    FIELDS,
    ROWS,
    SHEETS,
    SIDE_A,
    SIDE_B,
    Sheet,
    design_problems,
    field_at,
    field_name,
    free_rows,
    parse_field,
    random_sheet,
)
from .state import (
    DIFFICULTIES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    FastMove,
    Phase,
    State,
    from_json,
    moves_by_line,
    new_game,
    state_from_view,
)

# A seat's score is its free fields (RULES.md "Scoring"): fields no line of the seat reached.
# Before the first start mark every field is free (77); a perfect sheet reaches them all (0).
SCORE_BOUNDS = (0, FIELDS)

INFO = GameInfo(
    name="linyo",
    title="Linyo",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        Option("sheet", "A", ("A", "B", "random")),
        Option("difficulty", 2, DIFFICULTIES, per_seat_keyword="difficulties"),
    ),
    lower_is_better=True,
    new_game=new_game,
    from_json=from_json,
    parse_action=parse_action,
    event_kinds=EVENT_KINDS,
    refusals=REFUSALS,
    same_roll_decisions=True,
    score_bounds=SCORE_BOUNDS,
)

__all__ = [
    "Abort", "Action", "Move", "SetDice", "Start", "parse_action",
    "parse_roll", "roll_text", "set_options",
    "COLOURS", "COLS", "FIELDS", "ROWS", "SCORE_BOUNDS", "SHEETS", "SIDE_A", "SIDE_B", "Sheet",
    "design_problems", "field_at", "field_name", "free_rows", "parse_field", "random_sheet",
    "EVENT_KINDS", "INFO", "REFUSALS", "Phase",
    "FastMove", "State", "from_json", "longest_first", "moves_by_line",
    "new_game", "playout", "state_from_view",
]
