"""The step model of a tutorial: immutable steps, a script, and the state a step starts from.

A `Step` says what to look at and what to do, in one or two short sentences
(`say`, a msgid), lists the player's actions in order (`do`, action texts the
engine checks), what to say once they are done (`after`), the bot seats'
actions that follow (`bots`, played by the table at its normal pace instead of
the bot worker), and actions applied at once when the step begins (`auto`: a
fast forward over rounds that teach nothing new). A step with no `do` is read
and left with Next. `point` names what a step without an action points at;
a step with actions points at the thing its next action uses (the table
resolves names to rectangles), and keeps its `point` places clear of the
panel. `claims` / `after_claims` are what the words of `say` / `after` claim,
as predicates over the engine state (`claims.py`); the tests hold them to the
engine where the words are on screen.

`state_at(script, i)` rebuilds the game at step i from the fixed chance and
the actions of the steps before it, so Back, a restart and resume are all the
same thing: replay.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True)
class Step:
    say: str                                  # msgid: what to do and why
    do: tuple[str, ...] = ()                  # the player's actions, in order
    after: str = ""                           # msgid: what happened
    bots: tuple[str, ...] = ()                # the bot seats' actions after `do`
    auto: tuple[str, ...] = ()                # applied at once when the step begins
    point: tuple[str, ...] = ()               # named places: lit (no action) or kept in view
    params: tuple[tuple[str, str], ...] = ()  # formatted into `say` / `after`
    claims: tuple[str, ...] = ()              # what `say` claims (game.tutorial.claims)
    after_claims: tuple[str, ...] = ()        # what `after` claims

    @property
    def pages(self) -> int:
        """How many texts the panel shows in this step: the task, then what happened."""
        return 2 if self.do and self.after else 1


@dataclass(frozen=True)
class Script:
    game: str                                 # "lineit" | "linyo"
    title: str                                # msgid
    steps: tuple[Step, ...]
    new_state: Callable[[], Any] = field(compare=False)   # the game with its fixed chance
    seats: tuple[dict, ...] = ()              # the setup config's seats (the player is seat 0)

    def config(self, player: str) -> dict:
        """The setup config; the person's seat carries `player`, their own name, because the table's
        sentences embed seat names ("Startwurf von {name}" reads wrong with a pronoun)."""
        from game.shell.i18n import _
        seats = [dict(s, name=player if s["kind"] == "human" else _(s["name"])) for s in self.seats]
        return {"game": self.game, "seats": seats, "first_seat": 0,
                "seed": 0, "final_plays": 1, "sheet": "A", "tutorial": True}


def apply_all(state: Any, actions: tuple[str, ...] | list[str]) -> None:
    for a in actions:
        state.apply(a)


def state_at(script: Script, index: int) -> Any:
    """The game as step `index` begins (its `auto` actions applied)."""
    state = script.new_state()
    for step in script.steps[:index]:
        apply_all(state, step.auto + step.do + step.bots)
    if index < len(script.steps):
        apply_all(state, script.steps[index].auto)
    return state
