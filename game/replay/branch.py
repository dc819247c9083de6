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
from collections import Counter
from typing import Any

from .. import schema
from .model import Replay


def _chance_upto(rp: Replay, k: int) -> list[dict]:
    """The record's chance outcomes already seen at moment k."""
    return [c for c in rp.final.to_json()["chance"] if c["at"] <= k]


def _first_seat(rp: Replay) -> int:
    return int(rp.state_at(0).current_seat if rp.game == "lineit" else _linyo_first(rp))


def _linyo_first(rp: Replay) -> int:
    setup = rp.final.to_json()["setup"]
    if setup.get("first_seat") is not None:
        return int(setup["first_seat"])
    return next(int(c["outcome"][0]) for c in rp.final.to_json()["chance"] if c["kind"] == "first_seat")


def branch_state(rp: Replay, k: int, seed: int | None = None) -> Any:
    """A new engine state: the replay's past up to moment k, fresh chance after it."""
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else int(seed)
    setup = rp.final.to_json()["setup"]
    seen = _chance_upto(rp, k)
    if rp.game == "lineit":
        from engine import lineit
        dealt = [t for c in seen if c["kind"] in ("deal", "remainder") for t in c["outcome"]]
        left = Counter(lineit.card_text(c) for c in lineit.FULL_DECK) - Counter(dealt)
        rest = sorted(left.elements(), key=lambda t: (len(t), t))
        random.Random(seed).shuffle(rest)
        state = lineit.new_game(players=rp.final.players, seed=seed, first_seat=_first_seat(rp),
                                final_plays=setup.get("final_plays", 1), deck=dealt + rest)
    else:
        from engine import linyo
        rolls = ["".join(c["outcome"]) for c in seen if c["kind"] == "roll"]
        state = linyo.new_game(players=rp.final.players, seed=seed, sheet=setup.get("sheet", "A"),
                               difficulties=setup.get("difficulties"), first_seat=_first_seat(rp),
                               rolls=rolls, sheet_seed=setup.get("sheet_seed"))
    for action in rp.actions[:k]:
        state.apply(action)
    return state


def branch_config(rp: Replay, me: int, seed: int) -> dict:
    """The setup config of the new game: `me` is the person, every other seat a bot."""
    from game.table.base import new_game_id
    seats = []
    for p, s in enumerate(rp.seats):
        # a name from a hand-made file may hold control characters or lone surrogates: cleaned, so
        # the new game's autosaves and statistics (which refuse such names) keep and count it
        seat: dict[str, Any] = {"name": schema.clean_name(s.name), "kind": "human" if p == me else "bot",
                                "level": None if p == me else (s.level or "normal")}
        if rp.game == "linyo":
            seat["difficulty"] = int(rp.final.difficulties[p])
        seats.append(seat)
    setup = rp.final.to_json()["setup"]
    config: dict[str, Any] = {"game": rp.game, "seed": seed, "first_seat": _first_seat(rp), "seats": seats,
                              "game_id": new_game_id()}
    if rp.game == "lineit":
        config["final_plays"] = setup.get("final_plays", 1)
    else:
        sheet = setup.get("sheet", "A")
        config["sheet"] = sheet if sheet in ("A", "B", "random") else "A"
    return config


def branch_envelope(rp: Replay, k: int, me: int, seed: int | None = None) -> dict:
    """What `tables.open_table` opens: a save of the new game (so its past is there at once)."""
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else int(seed)
    state = branch_state(rp, k, seed)
    return {"kind": "save", "game": rp.game,
            "payload": {"config": branch_config(rp, me, seed), "record": state.to_json()}}
