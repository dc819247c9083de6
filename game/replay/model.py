"""A kept game as a replay: its moments, rounds and the state at any moment.

A moment `k` is the game after its first `k` actions (0: the setup, with the
first market dealt or the start roll made; `n`: the end). The state at a
moment is the engine's own `rewind(k, any=True)` of the replayed record, so a
replay shows exactly what the rules made of the record. One forward pass at
load time notes, for every moment, the round and how many events the game
had, which gives the scrubber its round marks and the log its moments.

>>> from engine.bots.arena import seat_game
>>> state, _seated, _bots = seat_game("lineit", ["easy"] * 2, 0, 3, {})
>>> rp = Replay.from_state("lineit", state, [{"name": "A", "kind": "bot"}, {"name": "B", "kind": "bot"}])
>>> rp.n, rp.state_at(0).history
(0, [])
"""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from game.files import history

DAILY_DAYS = 31          # an old file's daily (no "daily" field): looked for up to a month before it was kept


def action_count(state: Any) -> int:
    """Actions applied so far (Line-it keeps them in `history`, Linyo in `log`)."""
    acts = getattr(state, "history", None)
    return len(acts if acts is not None else state.log)


def daily_date(game: str, data: Mapping[str, Any]) -> str | None:
    """The UTC date (YYYY-MM-DD) of the daily challenge or daily sheet a game file was, else None.

    The file says so in its "daily" (`history.said_daily`: written when the game was kept); a
    game that was none is none, whatever its seed.

    Only for files from before Linebox wrote "daily" (or whose "daily" is unusable): the day's
    seed is the day's alone (`game.daily.day.seed_for`, 53 bits of a hash), so the file's seed
    is checked against the days up to `DAILY_DAYS` before it was played, and the day after
    (`played_at` is a local time, a UTC day off at most).

    >>> from game.daily.day import seed_for
    >>> seed = seed_for("linyo", _dt.date(2026, 3, 1))
    >>> daily_date("linyo", {"seed": seed, "daily": {"date": "2026-03-01", "game": "linyo"}})
    '2026-03-01'
    >>> daily_date("linyo", {"seed": seed, "played_at": "2026-03-02T00:30:00", "daily": None}) is None
    True
    >>> daily_date("linyo", {"seed": seed, "played_at": "2026-03-02T00:30:00"})      # an older file
    '2026-03-01'
    >>> daily_date("linyo", {"seed": 12345, "played_at": "2026-03-02T00:30:00"}) is None
    True
    """
    known, date = history.said_daily(game, data)
    if known:
        return date
    return _daily_by_seed(game, data)


def _daily_by_seed(game: str, data: Mapping[str, Any]) -> str | None:
    """The day whose daily seed is the file's, near `played_at`: for old files only (see `daily_date`)."""
    from game.daily.day import seed_for
    seed, played = data.get("seed"), data.get("played_at")
    if type(seed) is not int or not isinstance(played, str):
        return None
    try:
        last = _dt.datetime.fromisoformat(played).date() + _dt.timedelta(days=1)
    except ValueError:
        return None
    for back in range(DAILY_DAYS + 2):
        day = last - _dt.timedelta(days=back)
        if seed_for(game, day) == seed:
            return day.isoformat()
    return None


def actions(state: Any) -> list[str]:
    """The game's action texts, as its record keeps them."""
    return list(state.to_json()["actions"])


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str
    level: str | None
    remote: bool = False     # a person at another window (online)


class Replay:
    """One game to replay: the final state, its seats and per-moment marks."""

    def __init__(self, game: str, final: Any, seats: Sequence[Mapping[str, Any]], file_id: str | None = None,
                 daily: str | None = None) -> None:
        self.game = game
        self.final = final
        self.file_id = file_id
        self.daily = daily        # the date of the daily challenge or sheet it was (the table names it)
        self.seats = [Seat(str(s.get("name") or f"#{i + 1}"), str(s.get("kind") or "bot"), s.get("level"),
                           s.get("remote") is True) for i, s in enumerate(seats)]
        self.actions = actions(final)
        self.n = len(self.actions)
        self.rounds: list[int] = []       # round at each moment 0..n
        self.event_counts: list[int] = []  # events the game had at each moment 0..n
        self._walk()

    # ------------------------------------------------------------ building
    @classmethod
    def from_state(cls, game: str, state: Any, seats: Sequence[Mapping[str, Any]],
                   file_id: str | None = None) -> "Replay":
        return cls(game, state, seats, file_id)

    @classmethod
    def from_file(cls, data: Mapping[str, Any], file_id: str | None = None) -> "Replay":
        """A checked game file (`history.read_file`); BadGameFile if its record does not replay."""
        game = data.get("game")
        final = history.replay(str(game), data.get("record"))
        seats = history._seats(data.get("seats"), len(final.scores()))
        # the replayed record's seed, not the file's word for it (a posted file is read unchecked)
        return cls(str(game), final, seats, file_id, daily_date(str(game), {**data, "seed": final.seed}))

    def _walk(self) -> None:
        """Round and event count at every moment, in one pass over the game."""
        state = self.final.rewind(0, any=True)
        self.rounds.append(int(state.round))
        self.event_counts.append(len(state.events))
        for k in range(self.n):
            state = self.step(state, k)
            self.rounds.append(int(state.round))
            self.event_counts.append(len(state.events))

    def step(self, state: Any, k: int) -> Any:
        """`state` (at moment k) taken to moment k + 1: the record's action, then its chance outcomes."""
        state.apply(self.actions[k])
        if state.chance_needed is not None:      # an external-chance record: take what was recorded
            return self.state_at(k + 1)
        return state

    # ------------------------------------------------------------ queries
    @property
    def finished(self) -> bool:
        return bool(self.final.is_over)

    def state_at(self, k: int) -> Any:
        """The game after its first `k` actions, rebuilt from the record."""
        return self.final.rewind(max(0, min(self.n, k)), any=True)

    def round_starts(self) -> list[tuple[int, int]]:
        """(moment, round) where each round begins, for the scrubber's marks."""
        out: list[tuple[int, int]] = []
        for k, r in enumerate(self.rounds):
            if not out or r != out[-1][1]:
                out.append((k, r))
        return out

    def round_jump(self, k: int, step: int) -> int:
        """The start of the next (step 1) or this/previous (step -1) round from moment k."""
        starts = [m for m, _r in self.round_starts()]
        if step > 0:
            return next((m for m in starts if m > k), self.n)
        return next((m for m in reversed(starts) if m < k), 0)

    def moment_of_event(self, index: int) -> int:
        """The moment right after the action that caused event `index` (setup events: moment 0)."""
        for k, count in enumerate(self.event_counts):
            if count > index:
                return k
        return self.n
