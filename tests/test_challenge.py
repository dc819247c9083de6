"""Challenge a friend: the code and the file carry the seed and options (not the moves), so the
friend's table deals the same cards or rolls the same dice; bad codes and files are refused
with a reason; the friend's results compare both games."""
from __future__ import annotations

import json

import pytest

from engine.core import Rng
from engine.games import game as game_info
from game import challenge as ch
from game.shell.frontends import frontend


def played(game, seats, seed, **options):
    """A finished game (seeded random moves) and the table config it was played from."""
    info = game_info(game)
    kwargs = info.new_game_kwargs(len(seats), options)
    if "difficulty" in seats[0]:
        kwargs["difficulties"] = [s["difficulty"] for s in seats]
    state = info.new_game(players=len(seats), seed=seed, **kwargs)
    rng = Rng(seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state, {"game": game, "seats": seats, "seed": seed, "first_seat": None, **options}


ADA = {"name": "Ada", "kind": "human", "level": None}


def hard(i):
    return {"name": f"Bot {i}", "kind": "bot", "level": "hard"}


def first_chance(state):
    """The first deal or roll, and the sheet: what the same seed and options must repeat."""
    events = [e.to_json() for e in state.events]
    chance = [e for e in events if e["kind"] in ("lineit.market_dealt", "linyo.dice_rolled")][:2]
    return chance, state.to_json()["setup"]


CASES = [
    ("lineit", [ADA, hard(1), hard(2), hard(3)], 987654321, {"final_plays": 2}),
    ("lineit", [ADA, {**hard(1), "level": "easy"}], 7, {"final_plays": 1}),
    ("linyo", [{**ADA, "difficulty": 3}], 20260310, {"sheet": "random"}),
    ("linyo", [{**ADA, "difficulty": 4}, {**hard(1), "difficulty": 2}], 2**40 + 3, {"sheet": "B"}),
]


@pytest.mark.parametrize("game, seats, seed, options", CASES)
def test_the_code_round_trip_sets_up_the_same_first_deal_or_rolls(game, seats, seed, options):
    state, config = played(game, seats, seed, **options)
    made = ch.of_game(game, config, state)
    code = made.code()
    assert len(code) <= 40 and code == code.upper()
    back = ch.decode(f"  {code.lower()} ")
    assert back == made
    friend = back.config("Bea")
    assert friend["seed"] == seed and [s["kind"] for s in friend["seats"]] == [s["kind"] for s in seats]
    assert friend["seats"][0]["name"] == "Bea" and [s.get("level") for s in friend["seats"][1:]] == [
        s["level"] for s in seats[1:]]
    tg = frontend(game).make_game(friend)          # the table's own way to set a game up
    assert first_chance(tg.state) == first_chance(state.rewind(0, any=True))
    assert ch.matches(friend, tg.state) == back


@pytest.mark.parametrize("code, why", [
    ("", "mistyped"), ("hello", "mistyped"), ("X" * 500, "not a challenge code"),
    ("LINEIT-5-PHHH-R-1-M4-01", "mistyped"), ("LINEIT-5-PHHH-R-1-M5-00", "mistyped"),
    ("LINEÏT-5-PH-R-1-ZZ", "not a challenge code")])
def test_a_bad_code_is_refused_with_a_reason(code, why):
    with pytest.raises(ch.BadChallenge) as refused:
        ch.decode(code)
    assert why in str(refused.value)
    assert str(refused.value) in refused.value.text()


def sealed(body):
    return body + "-" + ch._check(body)


@pytest.mark.parametrize("body", [
    "CHESS-5-PH-R-1", "LINEIT-5-HH-R-1", "LINEIT-5-P-R-1", "LINEIT-5-PHHHHHH-R-1", "LINEIT-5-PH-9-1",
    "LINEIT-5-PH-R-3", "LINEIT-5-PX-R-1", "LINYO-5-P7-R-A", "LINYO-5-P-R-A", "LINYO-5-P2-R-Z",
    "LINEIT-" + "Z" * 20 + "-PH-R-1", "LINEIT-5-PH-R-1-ABC", "LINEIT-5-PH-R-1.2"])
def test_a_well_sealed_but_impossible_code_is_refused(body):
    with pytest.raises(ch.BadChallenge):
        ch.decode(sealed(body))


def test_a_text_seed_has_no_code():
    state, config = played("lineit", [ADA, hard(1)], 3)
    state.seed = "words"
    assert ch.of_game("lineit", config, state) is None


# ------------------------------------------------------------------ files
def test_the_file_round_trip_carries_the_challengers_game(headless_home, tmp_path):
    state, config = played("lineit", [ADA, hard(1), hard(2), hard(3)], 4242, final_plays=1)
    made = ch.of_game("lineit", config, state)
    path = ch.write_file(made, state.to_json(), config["seats"], tmp_path)
    assert path.name.endswith(".linebox") and made.code() in path.name
    opened = ch.read(str(path))
    assert opened.challenge.code() == made.code() and opened.challenge.name == "Ada"
    assert opened.game_file["record"]["actions"] == state.to_json()["actions"]
    friend = ch.config_for(opened, "Bea")
    assert friend[ch.CONFIG_KEY]["from"] == "Ada" and friend[ch.CONFIG_KEY]["score"] == made.score
    kept = ch.kept_game(friend[ch.CONFIG_KEY]["game"])
    assert kept is not None and kept["result"]["scores"] == list(state.scores())
    # an older Linebox opens it as a plain game: it is one
    from game.files import history
    assert history._checked(history.read_file(path))["finished"]


def test_a_tampered_file_is_refused_and_nothing_is_kept(headless_home, tmp_path):
    state, config = played("linyo", [{**ADA, "difficulty": 3}], 99, sheet="A")
    made = ch.of_game("linyo", config, state)
    path = ch.write_file(made, state.to_json(), config["seats"], tmp_path / "mine")
    data = json.loads(path.read_text())
    other = ch.Challenge("linyo", 100, made.seats, None, made.options, made.score)
    cases = {
        "wrong seed": {**data, "challenge": other.code()},
        "not a challenge": {k: v for k, v in data.items() if k != "challenge"},
        "moves that break the rules": {**data, "record": {**data["record"], "actions": ["fly"]}},
        "unfinished": {**data, "record": {**data["record"], "actions": data["record"]["actions"][:3]}},
        "mistyped": {**data, "challenge": made.code()[:-1] + "#"},
    }
    for why, bad in cases.items():
        path.write_text(json.dumps(bad))
        with pytest.raises(ch.BadChallenge, match="."):
            ch.read(str(path))
            pytest.fail(why)
    path.write_bytes(b"\x00" * 2_000_000)
    with pytest.raises(ch.BadChallenge):
        ch.read(str(path))
    assert not (headless_home / "challenges").exists()


def test_play_again_is_no_longer_the_challenge():
    state, config = played("lineit", [ADA, hard(1)], 5)
    made = ch.of_game("lineit", config, state)
    friend = made.config("Bea")
    again, _config = played("lineit", [ADA, hard(1)], 6)
    assert ch.matches(friend, again) is None
    assert ch.matches({ch.CONFIG_KEY: {"code": "nonsense"}}, state) is None


def test_the_ghost_stands_where_the_challenger_stood_after_as_many_decisions():
    from game.challenge.ghost import Ghost, decisions
    from game.replay.model import Replay
    state, config = played("lineit", [hard(0), ADA, hard(2)], 31)
    rp = Replay.from_state("lineit", state, config["seats"])
    ghost = Ghost(rp)
    assert ghost.seat == 1
    made = decisions(rp, 1)
    assert made[0] == 0 and made[-1] == ghost.total > 0
    assert all(b - a in (0, 1) for a, b in zip(made, made[1:]))
    for d in range(ghost.total + 1):
        k = ghost.moment(d)
        assert made[k] == d and (d == 0 or made[k - 1] == d - 1), "right after the d-th decision"
    assert ghost.moment(ghost.total + 5) == ghost.moment(ghost.total)
    assert ghost.said(0) == "" and ghost.said(1)
