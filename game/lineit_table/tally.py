"""Per-seat figures of a Line-it game, counted from the engine's events: once, for the
results rows, the statistics panel and the history.

Only what the engine said happened is counted (a jackpot is a `jackpot_won`
event, never a guess from the banked piles), so the tally never re-derives a
rule.

>>> from engine import lineit
>>> s = lineit.new_game(players=2, seed=1)
>>> while not s.is_over: _ = s.apply(s.legal_actions()[0])
>>> t = tally(s); len(t), t[0]["score"] == s.scores()[0]
(2, True)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from engine.lineit import LineitState
from game.files.game_stats import GameStats
from game.shell.i18n import _, ngettext


@dataclass(frozen=True)
class LineitSeat:
    """What one Line-it seat did and scored."""

    ascending: int = 0          # lines whose direction became ascending
    descending: int = 0
    to_hand: int = 0            # market cards taken into the hand
    to_line: int = 0            # market cards taken onto the line
    played: int = 0             # cards played from the hand (final plays too)
    closed: int = 0             # lines closed (the final closes too)
    forced: int = 0             # of which forced (RULES.md "Forced close")
    bets_played: int = 0        # Bet cards put on a line
    bets_won: int = 0
    bets_lost: int = 0
    jackpots: int = 0           # jackpots won
    jackpot_points: int = 0     # cards they banked
    line_points: int = 0        # cards banked by closing lines
    bet_points: int = 0         # bonuses minus penalties
    tokens: tuple[int, ...] = ()  # each bet's token in the order resolved: +v won, -v lost

    @property
    def takes(self) -> int:
        return self.to_hand + self.to_line

    @property
    def score(self) -> int:
        return self.line_points + self.jackpot_points + self.bet_points


def game_stats(events: Sequence[Any], players: int) -> GameStats:
    """The figures of a Line-it game (or of its part so far) from its events."""
    counts: list[dict[str, Any]] = [dict.fromkeys(LineitSeat.__dataclass_fields__, 0) for _ in range(players)]
    for c in counts:
        c["tokens"] = ()
    score = [0] * players
    series: list[list[int]] = [[] for _ in range(players)]
    rounds = 0
    winners: tuple[int, ...] = ()
    finished = False
    for e in events:
        kind = e.kind
        if kind == "lineit.market_dealt":
            rounds += 1
        elif kind == "lineit.card_taken":
            counts[e.seat]["to_hand" if e.to == "hand" else "to_line"] += 1
            if e.to == "line" and e.card.startswith("B"):
                counts[e.seat]["bets_played"] += 1
        elif kind == "lineit.card_played":
            counts[e.seat]["played"] += 1
            if e.card.startswith("B"):
                counts[e.seat]["bets_played"] += 1
        elif kind == "lineit.direction_fixed":
            counts[e.seat][e.direction] += 1
        elif kind == "lineit.jackpot_won":
            counts[e.seat]["jackpots"] += 1
            counts[e.seat]["jackpot_points"] += len(e.cards)
            score[e.seat] += len(e.cards)
        elif kind == "lineit.bet_resolved":
            counts[e.seat]["bets_won" if e.won else "bets_lost"] += 1
            counts[e.seat]["bet_points"] += e.value if e.won else -e.value
            counts[e.seat]["tokens"] += (e.value if e.won else -e.value,)
        elif kind == "lineit.line_closed":
            counts[e.seat]["closed"] += 1
            counts[e.seat]["forced"] += int(e.forced)
            counts[e.seat]["line_points"] += len(e.banked)
            score[e.seat] += e.points          # banked cards ± the bet
        elif kind == "lineit.round_ended":
            for p in range(players):
                series[p].append(score[p])
        elif kind == "lineit.game_over":
            finished, winners = True, tuple(e.winners)
            for p in range(players):     # the final plays and closes: one last point
                series[p].append(score[p])
    return GameStats("lineit", tuple(LineitSeat(**c) for c in counts), rounds,
                     tuple(tuple(s) for s in series), 1, finished, winners)



def tally(state: LineitState) -> list[dict]:
    """One row per seat for the results: score, banked, bonus, penalty, jackpots, lines,
    forced, bets, directions and the bet tokens (the counts are `game_stats`')."""
    view = state.view(None)
    rows = []
    for seat, figures in zip(view["seats"], game_stats(state.events, state.players).seats):
        assert isinstance(figures, LineitSeat)
        rows.append({"score": seat["score"], "banked": seat["stack"], "bonus": seat["bonus"],
                     "penalty": seat["penalty"], "jackpots": figures.jackpots,
                     "jackpot_cards": figures.jackpot_points, "lines": figures.closed, "forced": figures.forced,
                     "bets_won": figures.bets_won, "bets_lost": figures.bets_lost, "up": figures.ascending,
                     "down": figures.descending, "tokens": list(figures.tokens)})
    return rows


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def panel_rows() -> list[tuple[str, Callable[[Any], str]]]:
    """The results panel's rows: (label, value of a seat), in the current language."""
    return [
        (_("Ascending lines"), lambda s: str(s.ascending)),
        (_("Descending lines"), lambda s: str(s.descending)),
        (_("Market cards to hand"), lambda s: str(s.to_hand)),
        (_("Market cards to line"), lambda s: str(s.to_line)),
        (_("Cards played from hand"), lambda s: str(s.played)),
        (_("Lines closed"), lambda s: _("{n} ({forced} forced)").format(n=s.closed, forced=s.forced)
         if s.forced else str(s.closed)),
        (_("Bets played"), lambda s: str(s.bets_played)),
        (_("Bets won / lost"), lambda s: f"{s.bets_won} / {s.bets_lost}"),
        (_("Jackpots won"), lambda s: f"{s.jackpots} ({_points(s.jackpot_points)})" if s.jackpots else "0"),
        (_("Points from lines"), lambda s: str(s.line_points)),
        (_("Points from jackpots"), lambda s: str(s.jackpot_points)),
        (_("Points from bets"), lambda s: f"{s.bet_points:+d}" if s.bet_points else "0"),
        (_("Score"), lambda s: str(s.score)),
    ]


def best_text(best: int, shown: str) -> str:
    """The statistics screen's line for the best score."""
    return ngettext("Best score: {n} point", "Best score: {n} points", best).format(n=shown)


def variant(setup: dict[str, Any]) -> dict[str, Any]:
    """What the games list keeps of a setup: the final plays."""
    return {"final_plays": setup.get("final_plays", 1)}


def variant_text(variant: dict[str, Any]) -> str:
    """The final plays in words, for the games list."""
    return _("two final plays") if variant.get("final_plays", 1) == 2 else _("one final play")
