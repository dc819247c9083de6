"""The shared core: randomness that never changes, records that validate."""
import json

import pytest

from engine.core import FORMAT, BadSave, IllegalAction, Rng, read_record, record


def test_rng_golden_values_never_change():
    # Saves and replays depend on these exact numbers on every platform.
    r = Rng(7)
    assert [r.below(10) for _ in range(5)] == [7, 4, 6, 3, 4]
    r = Rng(0)
    assert r.next64() == 0xE220A8397B1DCDAF  # the published SplitMix64 value for seed 0
    deck = list(range(10))
    Rng(12345).shuffle(deck)
    assert deck == GOLDEN_SHUFFLE


GOLDEN_SHUFFLE = [8, 6, 7, 2, 1, 3, 9, 5, 0, 4]


def test_rng_shuffle_draws_exactly_as_below_does():
    # shuffle writes next64/below out inline for speed: the same draws, in the same order,
    # and the same state after, for every seed and length (bounds near a power of two too)
    for seed in [0, 1, 7, "x", 2**63, 12345]:
        for size in [0, 1, 2, 3, 5, 17, 64, 65, 106, 129, 255, 256, 300]:
            items, ref = list(range(size)), list(range(size))
            a, b = Rng(seed), Rng(seed)
            a.shuffle(items)
            for i in range(size - 1, 0, -1):
                j = b.below(i + 1)
                ref[i], ref[j] = ref[j], ref[i]
            assert items == ref and a.state == b.state


def _state_before(draw: int, value: int) -> int:
    """The Rng state whose draw number `draw` (0 first) of next64 is `value`:
    SplitMix64's mix undone step by step."""
    mask = (1 << 64) - 1

    def unshift(x: int, s: int) -> int:  # the y with y ^ (y >> s) == x
        y = x
        for _ in range(64 // s + 1):
            y = x ^ (y >> s)
        return y

    z = unshift(value, 31)
    z = unshift(z * pow(0x94D049BB133111EB, -1, 1 << 64) & mask, 27)
    z = unshift(z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & mask, 30)
    return (z - (draw + 1) * 0x9E3779B97F4A7C15) & mask


def test_rng_shuffle_draws_again_where_below_would():
    # shuffle makes all its draws at once: a draw `below` rejects (too near 2**64 to be
    # unbiased) must be drawn again there, as the loop of below() does
    top = (1 << 64) - 1  # rejected for every bound that is not a power of two
    for size, draw in [(106, 0), (106, 40), (106, 104), (17, 3)]:
        state = _state_before(draw, top)
        a, b = Rng.from_state(state), Rng.from_state(state)
        probe = Rng.from_state(state)
        assert [probe.next64() for _ in range(draw + 1)][-1] == top
        items, ref = list(range(size)), list(range(size))
        a.shuffle(items)
        for i in range(size - 1, 0, -1):
            j = b.below(i + 1)
            ref[i], ref[j] = ref[j], ref[i]
        assert items == ref and a.state == b.state


def test_rng_string_seeds_are_stable():
    assert Rng("2026-11-22").state == Rng("2026-11-22").state
    assert Rng("2026-11-22").state != Rng("2026-11-23").state


def test_rng_state_round_trips():
    r = Rng(99)
    for _ in range(3):
        r.next64()
    copy = Rng.from_state(r.state)
    assert [r.below(1000) for _ in range(20)] == [copy.below(1000) for _ in range(20)]


def test_rng_below_is_in_range_and_covers():
    r = Rng(3)
    seen = {r.below(6) for _ in range(600)}
    assert seen == set(range(6))
    with pytest.raises(ValueError):
        r.below(0)


def test_rng_rejects_odd_seeds():
    with pytest.raises(TypeError):
        Rng(1.5)
    with pytest.raises(TypeError):
        Rng(True)


def test_illegal_action_is_a_value_error():
    assert issubclass(IllegalAction, ValueError)
    assert issubclass(BadSave, ValueError)


def test_record_round_trips_through_json():
    rec = record("lineit", {"players": 2}, 7, ["take 1 line", "end"])
    again = read_record(json.dumps(rec), "lineit")
    assert again == rec
    assert again["format"] == FORMAT


@pytest.mark.parametrize(
    "data, words",
    [
        ("{not json", "not JSON"),
        ("[]", "JSON object"),
        ({"game": "lineit"}, "format"),
        ({"format": FORMAT + 1, "game": "lineit"}, "newer"),
        ({"format": FORMAT, "game": "linyo", "setup": {}, "seed": 1, "actions": []}, "not 'lineit'"),
        ({"format": FORMAT, "game": "lineit", "setup": 3, "seed": 1, "actions": []}, "setup"),
        ({"format": FORMAT, "game": "lineit", "setup": {}, "seed": [1], "actions": []}, "seed"),
        ({"format": FORMAT, "game": "lineit", "setup": {}, "seed": 1, "actions": [1]}, "actions"),
    ],
)
def test_bad_records_are_refused_in_plain_words(data, words):
    with pytest.raises(BadSave, match=words):
        read_record(data, "lineit")
