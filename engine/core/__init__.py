"""The shared core of both games: randomness, errors, events, chance, records,
the state `GameState` protocol and the game registry.

It names no game: each game declares itself to the registry
(`engine.core.registry`), and `engine.games` lists them.
"""
from .chance import ChanceNeed, ChanceOutcome, checked_outcome
from .errors import BadSave, IllegalAction, Refusal, Refusals
from .events import Event, EventKinds
from .protocol import GameState
from .ranking import places
from .record import FORMAT, chance_outcomes, read_record, record
from .registry import GameInfo, Option
from .rng import Rng, seed_state

__all__ = [
    "BadSave", "ChanceNeed", "ChanceOutcome", "Event", "EventKinds", "FORMAT", "GameInfo",
    "GameState", "IllegalAction", "Option", "Refusal", "Refusals", "Rng", "chance_outcomes", "checked_outcome", "places",
    "read_record", "record", "seed_state",
]
