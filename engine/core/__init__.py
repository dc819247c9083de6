"""The shared core of both games: randomness, errors, records."""
from .errors import BadSave, IllegalAction
from .record import FORMAT, read_record, record
from .rng import Rng, seed_state

__all__ = ["BadSave", "IllegalAction", "FORMAT", "read_record", "record", "Rng", "seed_state"]
