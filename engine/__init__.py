"""Linebox's rules engine: pure Python, no pygame.

    from engine import lineit, IllegalAction

Each game is a package (`engine.lineit`, `engine.linyo`) with the same
contract: `new_game(...)`, `from_json(d)`, `parse_action(text)`, and a state
with `current_seat`, `legal_actions()`, `apply()`, `is_over`, `scores()`,
`winners()`, `view(seat)`, `to_json()`, `clone()`.
"""
from .core import BadSave, IllegalAction

__all__ = ["BadSave", "IllegalAction"]
