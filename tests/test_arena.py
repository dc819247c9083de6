"""`python -m engine arena`: labels, seat rotation, reproducible tables."""
from __future__ import annotations

import pytest

from engine.bots import LEVELS, arena, make_bot
from engine.games import games


def test_labels_expand_and_must_fill_the_seats():
    assert arena.parse_bots("hard,normal*3", 4) == ["hard", "normal", "normal", "normal"]
    assert arena.parse_bots("easy", 3) == ["easy"] * 3
    with pytest.raises(SystemExit):
        arena.parse_bots("hard,normal", 3)


def test_a_label_may_carry_its_own_budget():
    bot = arena._make("lineit", "ismcts@25", seed=1, budget=900)
    assert bot.iterations == 25
    assert arena._make("lineit", "ismcts", seed=1, budget=40).iterations == 40
    with pytest.raises(SystemExit):
        arena._make("lineit", "ismcts@many", seed=1, budget=None)


def test_every_registered_game_has_bots_and_no_other():
    """make_bot knows the games from the registry: each has every level, an unknown one is refused by name."""
    names = [info.name for info in games()]
    for name in names:
        for level in LEVELS + ("random",):
            assert make_bot(name, level, seed=1).game == name
    with pytest.raises(ValueError, match=", ".join(names)):
        make_bot("chess", "hard")


def _table(results, game):
    # the table without the three time columns, which depend on the machine
    return [line.split()[:-3] for line in arena.summarise(game, results).splitlines()]


def test_same_command_same_table_and_seats_rotate():
    labels = ["normal", "easy"]
    one = arena.run("lineit", labels, 4, seed=3, options={})
    # (one job: a forked pool inside the test run could inherit a lock held by another test's thread)
    two = arena.run("lineit", labels, 4, seed=3, options={})
    assert [r.scores for r in one] == [r.scores for r in two]
    assert _table(one, "lineit") == _table(two, "lineit")
    assert [r.labels for r in one] == [labels, labels[::-1]] * 2


def test_solo_linyo_table_counts_perfect_sheets():
    results = arena.run("linyo", ["easy"], 3, seed=2, options={"sheet": "B", "difficulty": 2})
    header, row = arena.summarise("linyo", results).splitlines()
    assert header.split()[:7] == ["bot", "games", "mean", "median", "min", "max", "perfect"]
    scores = [r.scores[0] for r in results]
    assert row.split()[1] == "3" and int(row.split()[4]) == min(scores)
    assert int(row.split()[6]) == sum(1 for s in scores if s == 0)
