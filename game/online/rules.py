"""The engine behind a table: an external-chance game for everyone, a seeded dealer for the host.

Every client plays the table's game with ``external_chance=True``: chance
outcomes come only from the host's `org.linebox.chance` events. The host
also keeps a *dealer*: the same setup with a secret seed, fed the same
actions; its ``state.chance`` list is what the host posts, one outcome at a
time, when the public game asks for it. The Line-it draw pile's order so
lives only in the dealer, on the host's machine.

`next_slot(state, seat)`: where `seat`'s next decision goes. In Line-it
that is only when the seat is current. In Linyo every seat decides on the
same roll at once and the engine applies the decisions in seat order; a
seat's choices depend only on the dice and its own sheet, so a *what-if*
copy in which the seats before it took any legal action shows it exactly
the position the engine will give it, and the number of actions in that
copy is the sequence number its decision will have.
"""
from __future__ import annotations

import inspect
from typing import Any, Sequence

from engine.games import game as registry_game
from engine.games import games

from .protocol import TableSetup


def _kwargs(setup: TableSetup) -> dict[str, Any]:
    """`new_game`'s keywords for the table's options: the registry's options (a per-seat one as
    its list), their defaults where the setup says nothing, and the public integers it set."""
    info = registry_game(setup.game)
    o = setup.options
    kw: dict[str, Any] = {"players": setup.players}
    for opt in info.options:
        if opt.per_seat_keyword:
            if opt.per_seat_keyword in o:
                kw[opt.per_seat_keyword] = list(o[opt.per_seat_keyword])
        else:
            kw[opt.key] = o.get(opt.key, opt.default)
    takes = inspect.signature(info.new_game).parameters
    for key, value in o.items():
        if key not in kw and key in takes:
            kw[key] = value
    if "sheet_seed" in takes and "sheet_seed" not in kw:
        kw["sheet_seed"] = 0  # a random layout without a public seed: every client draws the same one
    return kw


def has_external_chance() -> bool:
    """True once the engine takes chance from outside (issue 15's contract)."""
    return all("external_chance" in inspect.signature(g.new_game).parameters for g in games())


def same_roll(setup: TableSetup) -> bool:
    """Every seat decides on the same chance outcome (the registry's trait of the game)."""
    return registry_game(setup.game).same_roll_decisions


def public_game(setup: TableSetup) -> Any:
    """The table's game as every client plays it: chance comes from the host's events."""
    return registry_game(setup.game).new_game(external_chance=True, **_kwargs(setup))


def dealer_game(setup: TableSetup, seed: int) -> Any:
    """The host's private game: the same setup, its outcomes drawn from a secret seed."""
    return registry_game(setup.game).new_game(seed=seed, **_kwargs(setup))


def action_count(state: Any) -> int:
    """Player actions applied so far (the next action's seq)."""
    return len(state.to_json()["actions"])


def next_slot(state: Any, seat: int, actions: int, mine: Sequence[str] = (),
              same_roll: bool = False) -> tuple[int, Any] | None:
    """(seq, a state in which `seat` is to act) for `seat`'s next decision, or None.

    `actions` = actions applied to `state` so far; `mine` = what `seat` has
    posted that the table has not applied yet (Linyo: a seat's start fields
    go in one after the other); `same_roll` = the game's trait (`rules.same_roll`):
    a seat may decide before its turn comes. The returned state is `state` itself or a
    what-if copy: never apply to it what the table has not agreed on.
    """
    if state.is_over or getattr(state, "chance_needed", None) is not None:
        return None
    if state.current_seat == seat and not mine:
        return actions, state
    waits_for_others = state.current_seat != seat
    if waits_for_others and (not same_roll or seat not in state.to_move):
        return None
    probe = state.clone()
    seq = actions
    while probe.current_seat is not None and probe.current_seat != seat:
        if getattr(probe, "chance_needed", None) is not None or probe.is_over:
            return None
        options = probe.legal_actions()
        if not options:
            return None
        probe.apply(options[-1])  # any legal action: another seat's choice never changes ours
        seq += 1
    for text in mine:
        if probe.current_seat != seat:
            return None
        try:
            probe.apply(text)
        except ValueError:  # IllegalAction: what we posted was refused; the caller re-decides
            return None
        seq += 1
    if probe.current_seat != seat or getattr(probe, "chance_needed", None) is not None:
        return None
    return seq, probe

