"""Play from here: a new game whose past is the replay's first `k` actions.

Line-it: the cards dealt up to moment k come up in the same order (the new
game's deck starts with them), the rest of the deck is shuffled with a new
seed; then the record's first k actions are applied. Linyo: the rolls made up
to moment k are kept, the seeded source rolls afresh after them. Either way
the new game is an ordinary seeded game with its own record (its setup names
the deck or the rolls), so the table autosaves, counts and keeps it like any
other.

>>> from engine.bots.arena import seat_game
>>> from game.replay.model import Replay
>>> st, _s, bots = seat_game("lineit", ["easy"] * 2, 0, 5, {})
>>> for _ in range(6):
...     _ = st.apply(st.legal_actions()[0])
>>> rp = Replay("lineit", st, [{"name": "A", "kind": "human"}, {"name": "B", "kind": "bot", "level": "easy"}])
>>> new = branch_state(rp, 4, seed=99)
>>> new.to_json()["actions"] == rp.actions[:4], new.view(0) == rp.state_at(4).view(0)
(True, True)
"""
from __future__ import annotations

import random
from typing import Any

from game.shell.frontends import frontend

from game.files import schema
from .model import Replay


def chance_upto(final: Any, k: int) -> list[dict]:
    """The record's chance outcomes already seen at moment k."""
    return [c for c in final.to_json()["chance"] if c["at"] <= k]


def branch_state(rp: Replay, k: int, seed: int | None = None) -> Any:
    """A new engine state: the replay's past up to moment k, fresh chance after it (the game's
    `branch_game` hook keeps the chance seen so far and starts a new seeded game with it)."""
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else int(seed)
    state = frontend(rp.game).branch_game(rp.final, chance_upto(rp.final, k), seed)
    for action in rp.actions[:k]:
        state.apply(action)
    return state


def branch_config(rp: Replay, me: int, seed: int, k: int = 0) -> dict:
    """The setup config of the new game: `me` is the person, every other seat a bot; the game's
    options (and each seat's own, such as a Linyo difficulty) are the record's (`setup_of` hook);
    "branch" names the game and the moment it came from (the History lists it as a branch)."""
    from game.table.base import new_game_id
    options, seat_options = frontend(rp.game).setup_of(rp.final)
    # a name from a hand-made file may hold control characters or lone surrogates: cleaned, so
    # the new game's autosaves and statistics (which refuse such names) keep and count it
    seats = [{"name": schema.clean_name(s.name), "kind": "human" if p == me else "bot",
              "level": None if p == me else (s.level or "normal"), **seat_options[p]}
             for p, s in enumerate(rp.seats)]
    return {"game": rp.game, "seed": seed, "seats": seats, "game_id": new_game_id(), **options,
            "branch": {"at": k, "of": rp.file_id}}


def branch_envelope(rp: Replay, k: int, me: int, seed: int | None = None) -> dict:
    """What `tables.open_table` opens: a save of the new game (so its past is there at once)."""
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else int(seed)
    state = branch_state(rp, k, seed)
    return {"kind": "save", "game": rp.game,
            "payload": {"config": branch_config(rp, me, seed, k), "record": state.to_json()}}
