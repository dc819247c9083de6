"""The host's duties at a table, as pure decisions: chance outcomes and the bots' moves.

`HostDuty(setup, seed)` keeps the dealer (`rules.dealer_game`: the table's
setup with a secret seed) in step with the table's replica and says what
to post next: `chance(replica)` the outcome the public game waits for (from
the dealer's own record of chance, exactly the engine's `ChanceOutcome`),
`bot_moves(replica, posted)` an action for every bot seat that has a
decision to make. The seed never leaves the host: it is kept in the host's
config folder (`tables.HostSecrets`), so a host that restarts deals on.
"""
from __future__ import annotations

from typing import Any, Callable

from .protocol import BOT, ActionMsg, ChanceMsg, TableSetup
from .replica import TableReplica
from .rules import dealer_game, next_slot


class HostDuty:
    def __init__(self, setup: TableSetup, seed: int,
                 make_bot: Callable[[str, str, int], Any] | None = None) -> None:
        self.setup = setup
        self.seed = seed
        self.dealer = dealer_game(setup, seed)
        self.dealt = 0  # actions of the replica the dealer has played
        if make_bot is None:
            from engine.bots import make_bot as engine_bot
            make_bot = lambda game, level, s: engine_bot(game, level, seed=s)  # noqa: E731
        self._make_bot = make_bot
        self._bots: dict[int, Any] = {}

    def _catch_up(self, replica: TableReplica) -> None:
        for text in replica.actions[self.dealt:]:
            self.dealer.apply(text)
            self.dealt += 1

    def chance(self, replica: TableReplica) -> ChanceMsg | None:
        """The outcome the table waits for, or None."""
        if getattr(replica.state, "chance_needed", None) is None:
            return None
        self._catch_up(replica)
        outcomes = self.dealer.chance
        k = replica.chance_count
        if k >= len(outcomes):
            raise RuntimeError(f"the dealer has no chance outcome {k} (it drew {len(outcomes)})")
        o = outcomes[k]
        need = replica.state.chance_needed
        if o.kind != need.kind:
            raise RuntimeError(f"the dealer drew {o.kind} where the table needs {need.kind}")
        return ChanceMsg(k, o.at, o.kind, tuple(o.outcome))

    def bot(self, seat: int) -> Any:
        if seat not in self._bots:
            self._bots[seat] = self._make_bot(self.setup.game, self.setup.bot_level, self.seed + 7919 * seat)
        return self._bots[seat]

    def bot_moves(self, replica: TableReplica, posted: dict[int, list[str]]) -> list[ActionMsg]:
        """An action for each bot seat that can decide now; `posted` = per seat, actions posted, not yet applied."""
        out = []
        for seat, holder in enumerate(replica.setup.seats):
            if holder != BOT:
                continue
            slot = next_slot(replica.state, seat, replica.next_seq, posted.get(seat, ()))
            if slot is None:
                continue
            seq, position = slot
            action = self.bot(seat).choose(position.view(seat))
            out.append(ActionMsg(seq, seat, str(action)))
        return out

