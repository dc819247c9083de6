"""Linyo, the roll & write game: rules, sheets, dice and action texts.

>>> from engine import linyo
>>> s = linyo.new_game(players=2, seed=7, sheet="B", first_seat=0)
>>> s.apply(s.legal_actions()[0])
>>> linyo.from_json(s.to_json()).view(0) == s.view(0)
True

See docs/LINYO.md for the contract and every rules decision.
"""
from .actions import Abort, Action, Move, SetDice, Start, parse_action
from .dice import parse_roll, roll_text, set_options
from .sheets import (
    COLOURS,
    SHEETS,
    SIDE_A,
    SIDE_B,
    Sheet,
    design_problems,
    field_at,
    field_name,
    parse_field,
    random_sheet,
)
from .state import (
    FastMove,
    State,
    from_json,
    longest_first,
    moves_by_line,
    new_game,
    playout,
    state_from_view,
)

__all__ = [
    "Abort", "Action", "Move", "SetDice", "Start", "parse_action",
    "parse_roll", "roll_text", "set_options",
    "COLOURS", "SHEETS", "SIDE_A", "SIDE_B", "Sheet", "design_problems",
    "field_at", "field_name", "parse_field", "random_sheet",
    "FastMove", "State", "from_json", "longest_first", "moves_by_line",
    "new_game", "playout", "state_from_view",
]
