"""Golden transcripts: whole seeded games pinned action by action.

Each file in tests/golden/ holds a random game played through the public
contract (tests/conformance.py `transcript`): every action, the number of
legal actions at each decision (perft-style), the final scores and winners.
A rules change that alters any of them shows up here as a diff. After an
intended change, regenerate with:

    python tests/test_golden.py --write
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from conformance import transcript  # noqa: E402

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "lineit-2p-seed11": ("lineit", 2, 11, {}),
    "lineit-5p-seed12-final2": ("lineit", 5, 12, {"final_plays": 2}),
    "linyo-1p-seed13-A": ("linyo", 1, 13, {"sheet": "A"}),
    "linyo-3p-seed14-B-mixed": ("linyo", 3, 14, {"sheet": "B", "difficulties": [2, 3, 4]}),
    "linyo-2p-seed15-random": ("linyo", 2, 15, {"sheet": "random"}),
    "linyo-1p-seed16-B-longest": ("linyo", 1, 16, {"sheet": "B", "policy": "longest"}),
    "linyo-2p-seed17-random-longest": ("linyo", 2, 17, {"sheet": "random", "policy": "longest",
                                                        "difficulties": [3, 2]}),
    "lineit-3p-seed18-longest": ("lineit", 3, 18, {"policy": "longest"}),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_game_matches_its_golden_transcript(name):
    game, players, seed, options = CASES[name]
    expected = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    actual = transcript(game, players, seed, **options)
    assert actual["legal_counts"] == expected["legal_counts"]
    assert actual["actions"] == expected["actions"]
    assert actual["scores"] == expected["scores"]
    assert actual["winners"] == expected["winners"]


if __name__ == "__main__" and "--write" in sys.argv:
    GOLDEN.mkdir(exist_ok=True)
    for name, (game, players, seed, options) in CASES.items():
        data = transcript(game, players, seed, **options)
        (GOLDEN / f"{name}.json").write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
        print(name, len(data["actions"]), "actions, scores", data["scores"])
