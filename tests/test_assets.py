"""The committed art and sounds are complete and well-formed.

The app loads images by manifest name and sounds by file name and never runs
the generator scripts, so a missing file or a wrong size here is a crash (or
a blurry card) in the player's hands. Reads PNG headers directly: fast and
without pygame.
"""

from __future__ import annotations

import array
import json
import struct
import sys
import wave
from pathlib import Path

import pytest

from game.ui import palette as P

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "assets" / "cards"
SOUNDS = ROOT / "assets" / "sounds"

REQUIRED_IMAGES = (
    [f"card-{n}" for n in range(1, 101)]
    + [f"bet-B{v}" for v in (3, 4, 5)]
    + ["back", "slot", "first-player", "start", "end", "card-shadow", "card-glow"]
    + [f"token+{v}" for v in (3, 4, 5)]
    + [f"token-{v}" for v in (3, 4, 5)]
    + [f"jackpot-{s}" for s in ("red", "blue", "green", "yellow")]
    + [f"die-{f}" for f in "bog"]
    + [f"field-{f}" for f in "bog"]
    + [f"field-{f}-star" for f in "bog"]
    + [f"icon-{s}" for s in (256, 128, 64, 48, 32, 16)]
)
REQUIRED_SOUNDS = ("pick", "place", "deal", "jackpot", "bet_won", "bet_lost", "close_line",
                   "your_turn", "dice", "click")


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:33]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.fixture(scope="module")
def manifest() -> dict:
    return json.loads((CARDS / "manifest.json").read_text())


def test_manifest_lists_every_required_image(manifest):
    missing = [n for n in REQUIRED_IMAGES if n not in manifest["images"]]
    assert not missing


def test_every_image_exists_at_both_resolutions_with_its_size(manifest):
    assert set(manifest["scales"]) == {"1x", "2x"}
    for name, entry in manifest["images"].items():
        assert set(entry) == {"1x", "2x"}, name
        w1, h1 = entry["1x"]["size"]
        assert entry["2x"]["size"] == [2 * w1, 2 * h1], name
        for res in ("1x", "2x"):
            path = CARDS / entry[res]["file"]
            assert path.is_file(), path
            assert list(png_size(path)) == entry[res]["size"], path


def test_every_png_stays_8_bit_rgba(manifest):
    """tools/make_art.py recompresses the PNGs without "reductions": a palette or grey PNG would
    load as an 8-bit surface, which pygame's smoothscale (every picture goes through it) refuses."""
    for entry in manifest["images"].values():
        for res in ("1x", "2x"):
            head = (CARDS / entry[res]["file"]).read_bytes()[:29]
            depth, colour_type, _, _, interlace = struct.unpack(">BBBBB", head[24:29])
            assert (depth, colour_type, interlace) == (8, 6, 0), entry[res]["file"]


def test_sizes_the_table_relies_on(manifest):
    img = manifest["images"]
    assert img["card-1"]["1x"]["size"] == [120, 168]
    assert img["back"]["1x"]["size"] == img["bet-B5"]["1x"]["size"] == [120, 168]
    for s in (256, 128, 64, 48, 32, 16):
        assert img[f"icon-{s}"]["1x"]["size"] == [s, s]
    pad = manifest["card_shadow_pad"]["1x"]
    assert img["card-shadow"]["1x"]["size"] == [120 + 2 * pad, 168 + 2 * pad]
    assert img["card-glow"]["1x"]["size"] == [120 + 2 * pad, 168 + 2 * pad]


def test_no_stray_files_and_small_total(manifest):
    listed = {CARDS / e[r]["file"] for e in manifest["images"].values() for r in e}
    on_disk = {p for p in CARDS.rglob("*.png")}
    assert on_disk == listed
    total = sum(p.stat().st_size for p in on_disk) + sum(
        p.stat().st_size for p in SOUNDS.glob("*.wav"))
    assert total < 5_000_000


@pytest.mark.parametrize("name", REQUIRED_SOUNDS)
def test_sound_format_length_and_headroom(name):
    path = SOUNDS / f"{name}.wav"
    with wave.open(str(path), "rb") as w:
        assert w.getframerate() == 44100
        assert w.getsampwidth() == 2
        assert w.getnchannels() == 1
        n = w.getnframes()
        frames = w.readframes(n)
    assert 0 < n <= 44100            # at most one second
    pcm = array.array("h", frames)
    if sys.byteorder == "big":
        pcm.byteswap()
    peak = max(abs(v) for v in pcm)
    assert 0.1 * 32767 < peak < 0.9 * 32767     # audible, never clipping


def test_palette_has_suits_and_die_colours():
    assert P.SUITS == ("red", "blue", "green", "yellow")
    for table in (P.SUIT_COLORS, P.SUIT_INK, P.SUIT_TINT, P.SUIT_ON, P.SUIT_SYMBOLS):
        assert set(table) == set(P.SUITS)
    assert set(P.DIE_COLORS) == set(P.DIE_MARKS) == set(P.FIELD_COLORS) == {"b", "o", "g"}
    assert len(set(P.DIE_MARKS.values())) == 3       # a distinct mark per die colour
    assert len(set(P.SUIT_SYMBOLS.values())) == 4
    for c in list(P.SUIT_COLORS.values()) + list(P.DIE_COLORS.values()) + [P.FELT, P.ACCENT]:
        assert len(c) == 3 and all(isinstance(v, int) and 0 <= v <= 255 for v in c)


def test_suit_of_follows_the_rules_table():
    assert [P.suit_of(n) for n in (1, 2, 3, 4, 5, 100)] == [
        "red", "blue", "green", "yellow", "red", "yellow"]
    with pytest.raises(ValueError):
        P.suit_of(0)


def luminance(c: tuple[int, int, int]) -> float:
    def lin(v: int) -> float:
        v = v / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_card_numbers_have_readable_contrast():
    # numbers are printed in SUIT_INK on the card face and the suit tint
    for s in P.SUITS:
        assert contrast(P.SUIT_INK[s], P.CARD_FACE) >= 4.5, s
        assert contrast(P.SUIT_INK[s], P.SUIT_TINT[s]) >= 4.5, s
    assert contrast(P.TEXT_LIGHT, P.FELT) >= 4.5
