"""Golden figures (perft-style): a rule change shows up as a number that moved.

Each row: a seeded game with first seat 0, played with Rng(seed).choice over
legal_actions(); we pin the number of decisions, the sum and the first
counts of legal actions, the final scores and two digests of the record:
the record as format 1 wrote it (setup, seed, actions: the digests pinned
before format 2 added the chance list, so they prove the game is unchanged)
and the chance list (every market dealt and the deck's rest).
If a rule is changed on purpose, regenerate these and say why in the commit.
"""
import hashlib
import json

import pytest

from engine import lineit
from engine.core import Rng

GOLDEN = [
    # players, seed, final_plays, decisions, sum of counts, first counts, scores,
    # format-1 record digest, chance digest
    (2, 1, 1, 160, 663, [8, 2, 6, 2, 9, 3, 7, 3, 2, 1, 8, 2], [-7, 0], "f5dd36eacf37bd20", "ae463ca045245633"),
    (4, 7, 1, 199, 909, [12, 2, 2, 1, 10, 2, 8, 2, 1, 6, 2, 13], [-3, -4, -5, -8], "6c14b5ff32c06426", "70d68a1ee853a573"),
    (6, 3, 2, 238, 1225, [16, 2, 14, 2, 12, 2, 10, 2, 1, 8, 2, 1], [-8, -5, 0, 0, 0, -3], "e52addc8607f364b",
     "75efbf424913ed15"),
]


def _digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize("players,seed,final_plays,decisions,total,first,scores,digest,chance", GOLDEN)
def test_golden_games(players, seed, final_plays, decisions, total, first, scores, digest, chance):
    s = lineit.new_game(players, seed=seed, first_seat=0, final_plays=final_plays)
    r = Rng(seed)
    counts = []
    while not s.is_over:
        legal = s.legal_actions()
        counts.append(len(legal))
        s.apply(r.choice(legal))
    assert (len(counts), sum(counts), counts[:12]) == (decisions, total, first)
    assert s.scores() == scores
    record = s.to_json()
    assert record["format"] == 2
    old = {**{k: v for k, v in record.items() if k != "chance"}, "format": 1}
    assert _digest(old) == digest
    assert _digest(record["chance"]) == chance
    assert len(record["chance"]) == s.round + 1  # every market, then the deck's rest
    assert lineit.from_json(old).to_json() == record  # a format-1 save redraws the same chance


def test_first_market_of_a_known_seed_never_changes():
    s = lineit.new_game(4, seed=7, first_seat=0)
    assert s.view(0)["log"][0]["text"] == "market " + " ".join(s.view(0)["market"])
    assert s.view(0)["market"] == GOLDEN_MARKET


GOLDEN_MARKET = ['83', '100', '49', '71', '46', '66']
