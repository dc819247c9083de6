"""What a tutorial step's words claim, as data the engine can check.

A step lists its claims next to its text (`Step.claims` for `say`,
`Step.after_claims` for `after`), each a short string "name arg…" naming one
predicate over the real engine state that the game declares with its tutorial
(`game/<game>_table/tutorial/claims.py`, `Tutorial.claims`); `holds(game, state, claim)` evaluates it.
`tests/test_tutorial_claims.py` plays each tutorial by its expected moves and
checks every claim where its words are on screen: `say` claims at the step's
start (a step without actions: at its end too, after the bots' moves), `after`
claims once the step is done and the bots have played. A claim that is false
there fails the test, so a tutorial cannot teach a rule the engine does not
play, nor describe a table that is not there.

Steps that state no rule: Line-it "Add the 52 to your line." only asks (its
claim still checks the 52 fits). Every other step states at least one rule or
fact of the table and carries a claim for each; every `after` carries its own.
Where a sentence of `after` tells a fact of the move itself (Linyo's "left two
dice unused"), its claim is made on the move before it is played
(`dice_left`), in Linyo's claims.
"""
from __future__ import annotations

from typing import Any

from .parts import Claims

ME = 0      # the person's seat in every tutorial


def legal(state: Any) -> set[str]:
    """The legal actions of `state` as texts (the claims compare the script's words with them)."""
    return {str(a) for a in state.legal_actions()}


def of(game: str) -> Claims:
    """Every claim `game`'s tutorial may make, by name (KeyError: the game has no tutorial)."""
    from game.shell.frontends import frontend
    tutorial = frontend(game).tutorial
    if tutorial is None:
        raise KeyError(f"{game} has no tutorial")
    return tutorial.claims()


def holds(game: str, state: Any, claim: str) -> bool:
    """The claim "name arg…" is true of `state` (an unknown name is a KeyError: a typo fails)."""
    name, *args = claim.split()
    return bool(of(game)[name](state, *args))
