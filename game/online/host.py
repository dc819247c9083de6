"""The host's duties at a table, as pure decisions: chance outcomes and the bots' questions.

`HostDuty(setup, seed)` keeps the dealer (`rules.dealer_game`: the table's
setup with a secret seed) in step with the table and says what to post next.
It looks *ahead*: `project(replica, posted, chance_posted)` is the table as it
will be once what the host already posted is applied, so a bot's move, the
deal after it and the next bot's move can go out together, in one event,
without waiting for each to come back from the homeserver (a homeserver
limits sends per user; at Synapse's defaults, one every 5 s after a burst).

* `chance(ahead)`: the outcome the projected game waits for (from the
  dealer's own record of chance, exactly the engine's `ChanceOutcome`);
* `bot_questions(ahead, posted)`: for every bot seat that can decide now, the
  view and seed to ask the bot worker with (`engine.bots.worker`: the bots
  never think on the frame loop), and the number the answer goes under.

Restores of redacted events are every client's duty, not only the host's
(`replica.TableReplica.restores_by`).

The seed never leaves the host: it is kept in the host's data folder
(`tables.HostSecrets`), so a host that restarts deals on.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from .protocol import BOT, ActionMsg, ChanceMsg, TableSetup
from .replica import TableReplica
from .rules import dealer_game, next_slot, same_roll


@dataclasses.dataclass(frozen=True)
class Ahead:
    """The table once the host's posts are applied: the state (never the replica's own object
    when anything was projected), its action count, its chance count and its action texts."""

    state: Any
    seq: int
    chance_count: int
    actions: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class BotQuestion:
    """A bot seat that can decide now: where (`position`, maybe a what-if copy), under which number.
    `ask()` gives the worker's arguments (the view is made only when the question is asked)."""

    seq: int
    seat: int
    position: Any
    setup: TableSetup
    seed: int

    def ask(self) -> tuple[str, str, int, Any]:
        """(game, level, seed, view) for `BotWorker.ask`."""
        return self.setup.game, self.setup.bot_level, self.seed, self.position.view(self.seat)


class HostDuty:
    def __init__(self, setup: TableSetup, seed: int) -> None:
        self.setup = setup
        self.seed = seed
        self.dealer = dealer_game(setup, seed)
        self.dealt: list[str] = []  # the actions the dealer has played

    def _catch_up(self, actions: Any) -> None:
        actions = list(actions)
        if actions[:len(self.dealt)] != self.dealt:  # a projection that did not come true: deal again
            self.dealer, self.dealt = dealer_game(self.setup, self.seed), []
        for text in actions[len(self.dealt):]:
            self.dealer.apply(text)
            self.dealt.append(text)

    def project(self, replica: TableReplica, posted: Mapping[int, Mapping[int, str]],
                chance_posted: Mapping[int, ChanceMsg]) -> Ahead:
        """The table after the moves and outcomes the host posted that the room has not applied yet,
        taken in the engine's order (a move for a later seat of the same roll waits for the seats
        before it, as it does in the room)."""
        state, seq, k = replica.state, replica.next_seq, replica.chance_count
        actions = list(replica.actions)
        copied = False
        while not state.is_over:
            need = getattr(state, "chance_needed", None)
            if need is not None:
                msg = chance_posted.get(k)
                if msg is None:
                    break
                item: Any = ("chance", msg)
            else:
                text = posted.get(state.current_seat, {}).get(seq)
                if text is None:
                    break
                item = ("action", text)
            if not copied:
                state, copied = state.clone(), True
            try:
                if item[0] == "chance":
                    state.resolve_chance(list(item[1].outcome))
                    k += 1
                else:
                    state.apply(item[1])
                    actions.append(item[1])
                    seq += 1
            except ValueError:  # what we posted will be refused too: the room's answer decides
                break
        return Ahead(state, seq, k, tuple(actions))

    def chance(self, ahead: Ahead) -> ChanceMsg | None:
        """The outcome the projected table waits for, or None."""
        need = getattr(ahead.state, "chance_needed", None)
        if need is None:
            return None
        self._catch_up(ahead.actions)
        outcomes = self.dealer.chance
        k = ahead.chance_count
        if k >= len(outcomes):
            raise RuntimeError(f"the dealer has no chance outcome {k} (it drew {len(outcomes)})")
        o = outcomes[k]
        if o.kind != need.kind:
            raise RuntimeError(f"the dealer drew {o.kind} where the table needs {need.kind}")
        return ChanceMsg(k, o.at, o.kind, tuple(o.outcome))

    def bot_questions(self, ahead: Ahead, posted: Mapping[int, Mapping[int, str]]) -> list[BotQuestion]:
        """What to ask the bot worker: each bot seat that can decide now, where, under which number."""
        out = []
        for seat, holder in enumerate(self.setup.seats):
            if holder != BOT:
                continue
            mine = [text for q, text in sorted(posted.get(seat, {}).items()) if q >= ahead.seq]
            slot = next_slot(ahead.state, seat, ahead.seq, mine, same_roll(self.setup))
            if slot is None:
                continue
            seq, position = slot
            out.append(BotQuestion(seq, seat, position, self.setup, (self.seed + 7919 * seat + 104729 * seq) % (1 << 62)))
        return out

    def bot_moves(self, replica: TableReplica, posted: Mapping[int, Mapping[int, str]]) -> list[ActionMsg]:
        """The bots' moves decided here and now, for tests and tools only: a table asks the worker."""
        from engine.bots.worker import decide
        ahead = self.project(replica, posted, {})
        return [ActionMsg(q.seq, q.seat, decide(*q.ask(), None, None)) for q in self.bot_questions(ahead, posted)]
