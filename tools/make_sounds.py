"""Synthesise the game's sound effects into assets/sounds/.

    .venv/bin/python tools/make_sounds.py

Pure standard library (wave, math, array, random with fixed seeds): every
run writes the same bytes. Each sound is a short 44.1 kHz 16-bit mono WAV,
at most 0.8 s, normalised to a soft peak well below full scale, with short
fades so nothing clicks.

Sounds: pick, place, deal, jackpot, bet_won, bet_lost, close_line,
your_turn, dice, click.
"""

from __future__ import annotations

import argparse
import array
import math
import random
import sys
import wave
from pathlib import Path
from typing import Callable

RATE = 44100
ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "sounds"
TAU = 2 * math.pi

Buf = list[float]


# ------------------------------------------------------------- building blocks
def silence(seconds: float) -> Buf:
    return [0.0] * int(round(seconds * RATE))


def add(dst: Buf, src: Buf, at: float = 0.0, gain: float = 1.0) -> Buf:
    """Mix src into dst starting at *at* seconds (dst grows if needed)."""
    start = int(round(at * RATE))
    end = start + len(src)
    if end > len(dst):
        dst.extend([0.0] * (end - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += v * gain
    return dst


def noise(seconds: float, rng: random.Random) -> Buf:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(round(seconds * RATE)))]


def env_exp(n: int, attack: float, decay: float) -> Buf:
    """Linear attack (s) then exponential decay with time constant *decay* (s)."""
    a = max(1, int(attack * RATE))
    out = []
    for i in range(n):
        if i < a:
            out.append(i / a)
        else:
            out.append(math.exp(-(i - a) / (decay * RATE)))
    return out


def apply(buf: Buf, env: Buf) -> Buf:
    return [v * e for v, e in zip(buf, env)]


def bandpass(buf: Buf, freq: Callable[[float], float] | float, q: float) -> Buf:
    """RBJ band-pass biquad (0 dB peak); freq may glide (a function of t)."""
    out = []
    x1 = x2 = y1 = y2 = 0.0
    fixed = not callable(freq)
    coeffs = None
    for i, x in enumerate(buf):
        if coeffs is None or not fixed:
            f = freq if fixed else freq(i / RATE)  # type: ignore[operator]
            w = TAU * min(f, RATE * 0.45) / RATE
            alpha = math.sin(w) / (2 * q)
            a0 = 1 + alpha
            coeffs = (alpha / a0, -alpha / a0, -2 * math.cos(w) / a0, (1 - alpha) / a0)
        b0, b2, a1, a2 = coeffs
        y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1 = x1, x
        y2, y1 = y1, y
        out.append(y)
    return out


def lowpass(buf: Buf, cutoff: float) -> Buf:
    """One-pole low-pass."""
    a = math.exp(-TAU * cutoff / RATE)
    y = 0.0
    out = []
    for x in buf:
        y = (1 - a) * x + a * y
        out.append(y)
    return out


def highpass(buf: Buf, cutoff: float) -> Buf:
    low = lowpass(buf, cutoff)
    return [x - l for x, l in zip(buf, low)]


def tone(freq: float | Callable[[float], float], seconds: float, partials=((1, 1.0),),
         attack: float = 0.004, decay: float = 0.2, decays: dict | None = None) -> Buf:
    """Additive tone: partials are (ratio, amplitude); each partial may decay
    faster (decays maps ratio -> time constant), like a struck bar."""
    n = int(round(seconds * RATE))
    out = [0.0] * n
    glide = callable(freq)
    for ratio, amp in partials:
        d = (decays or {}).get(ratio, decay)
        phase = 0.0
        a = max(1, int(attack * RATE))
        for i in range(n):
            f = (freq(i / RATE) if glide else freq) * ratio  # type: ignore[operator]
            if f < RATE * 0.45:
                e = i / a if i < a else math.exp(-(i - a) / (d * RATE))
                out[i] += amp * e * math.sin(phase)
            phase += TAU * f / RATE
    return out


def marimba(freq: float, seconds: float = 0.5, decay: float = 0.18) -> Buf:
    """A soft wooden bar: fundamental, a quick 4th partial and a faint 10th."""
    return tone(freq, seconds, partials=((1, 1.0), (3.93, 0.25), (9.2, 0.06)),
                attack=0.002, decay=decay, decays={3.93: decay * 0.25, 9.2: decay * 0.1})


def bell(freq: float, seconds: float = 0.6, decay: float = 0.25) -> Buf:
    return tone(freq, seconds, partials=((1, 1.0), (2.0, 0.35), (2.76, 0.18), (5.4, 0.06)),
                attack=0.003, decay=decay,
                decays={2.0: decay * 0.7, 2.76: decay * 0.4, 5.4: decay * 0.2})


def note(name: str) -> float:
    """'A4' -> 440.0; sharps as 'C#5'."""
    names = {"C": -9, "C#": -8, "D": -7, "D#": -6, "E": -5, "F": -4, "F#": -3, "G": -2,
             "G#": -1, "A": 0, "A#": 1, "B": 2}
    pitch, octave = name[:-1], int(name[-1])
    return 440.0 * 2 ** ((names[pitch] + 12 * (octave - 4)) / 12)


def finish(buf: Buf, peak: float, fade_in: float = 0.002, fade_out: float = 0.03) -> Buf:
    """Remove DC, fade both ends, scale so the highest sample is *peak*."""
    if not buf:
        return buf
    mean = sum(buf) / len(buf)
    buf = [v - mean for v in buf]
    fi, fo = max(1, int(fade_in * RATE)), max(1, int(fade_out * RATE))
    for i in range(min(fi, len(buf))):
        buf[i] *= i / fi
    for i in range(min(fo, len(buf))):
        buf[-1 - i] *= i / fo
    top = max(abs(v) for v in buf) or 1.0
    return [v * peak / top for v in buf]


# ------------------------------------------------------------------- sounds
def s_pick(rng: random.Random) -> Buf:
    """Lifting a card: a short upward 'thwip' of filtered noise."""
    n = noise(0.09, rng)
    swish = bandpass(n, lambda t: 1400 + 30000 * t, 1.4)
    swish = apply(swish, env_exp(len(swish), 0.012, 0.02))
    return finish(lowpass(lowpass(swish, 7000), 9000), 0.38, fade_out=0.02)


def s_place(rng: random.Random) -> Buf:
    """Putting a card down: a soft papery tap with a low body."""
    tap = bandpass(noise(0.06, rng), 2600, 0.9)
    tap = apply(tap, env_exp(len(tap), 0.001, 0.008))
    body = tone(lambda t: 190 - 500 * t, 0.09, partials=((1, 1.0), (2.1, 0.2)),
                attack=0.001, decay=0.018)
    out = add(silence(0.12), tap, 0, 0.9)
    add(out, body, 0.0, 0.8)
    return finish(lowpass(out, 6000), 0.5)


def s_deal(rng: random.Random) -> Buf:
    """Dealing a card onto the table: a downward flick and a light landing."""
    flick = bandpass(noise(0.1, rng), lambda t: 5200 - 32000 * t, 1.6)
    flick = apply(flick, env_exp(len(flick), 0.006, 0.025))
    land = bandpass(noise(0.04, rng), 1800, 1.0)
    land = apply(land, env_exp(len(land), 0.001, 0.006))
    out = add(silence(0.16), flick)
    add(out, land, 0.07, 0.5)
    return finish(lowpass(out, 8000), 0.38)


def s_jackpot(rng: random.Random) -> Buf:
    """Winning a jackpot: a bright rising arpeggio with a little sparkle."""
    out = silence(0.78)
    for i, name in enumerate(("C5", "E5", "G5", "C6", "E6")):
        add(out, marimba(note(name), 0.5, decay=0.16 + 0.03 * i), 0.065 * i, 0.9 - 0.06 * i)
    add(out, bell(note("C7"), 0.4, decay=0.12), 0.33, 0.18)
    # sparkle: a few tiny high pings at random moments
    for _ in range(7):
        at = 0.3 + rng.random() * 0.3
        f = rng.choice((note("G7"), note("C8"), note("E7")))
        add(out, tone(f, 0.06, attack=0.001, decay=0.015), at, 0.05)
    return finish(out, 0.6, fade_out=0.08)


def s_bet_won(rng: random.Random) -> Buf:
    """A bet paid out: two bell tones a fifth apart, rising."""
    out = silence(0.7)
    add(out, bell(note("G5"), 0.6, decay=0.18), 0.0, 0.8)
    add(out, bell(note("D6"), 0.55, decay=0.22), 0.11, 0.9)
    add(out, bell(note("G6"), 0.45, decay=0.18), 0.22, 0.35)
    return finish(out, 0.55, fade_out=0.08)


def s_bet_lost(rng: random.Random) -> Buf:
    """A bet lost: a soft falling tone with a slight wobble."""
    def f(t: float) -> float:
        return 392 * 2 ** (-t * 1.6) * (1 + 0.012 * math.sin(TAU * 6 * t))

    out = tone(f, 0.62, partials=((1, 1.0), (2, 0.3), (3, 0.12)), attack=0.015, decay=0.22)
    out = lowpass(out, 2500)
    return finish(out, 0.5, fade_out=0.1)


def s_close_line(rng: random.Random) -> Buf:
    """Closing a line: cards swept together (three flicks) and a settling chord."""
    out = silence(0.62)
    for i in range(3):
        flick = bandpass(noise(0.07, rng), lambda t, i=i: 3800 - 1200 * i - 20000 * t, 1.5)
        flick = apply(flick, env_exp(len(flick), 0.004, 0.016))
        add(out, flick, 0.055 * i, 0.7)
    thud = tone(lambda t: 150 - 300 * t, 0.12, attack=0.001, decay=0.03)
    add(out, thud, 0.19, 0.6)
    for name, g in (("C4", 0.5), ("G4", 0.4), ("E5", 0.3)):
        add(out, marimba(note(name), 0.42, decay=0.14), 0.2, g)
    return finish(out, 0.5, fade_out=0.08)


def s_your_turn(rng: random.Random) -> Buf:
    """It is your turn: a gentle two-note chime."""
    out = silence(0.75)
    add(out, bell(note("E5"), 0.6, decay=0.22), 0.0, 0.8)
    add(out, bell(note("A5"), 0.6, decay=0.26), 0.14, 0.8)
    return finish(lowpass(out, 7000), 0.45, fade_out=0.1)


def s_dice(rng: random.Random) -> Buf:
    """Dice rolling: a rattle of clicks and knocks that thins out."""
    out = silence(0.62)
    t = 0.0
    gap = 0.012
    while t < 0.5:
        click = bandpass(noise(0.02, rng), rng.uniform(1800, 4200), rng.uniform(3, 6))
        click = apply(click, env_exp(len(click), 0.0005, rng.uniform(0.002, 0.005)))
        knock = tone(rng.uniform(700, 1500), 0.03, partials=((1, 1.0), (2.7, 0.3)),
                     attack=0.0005, decay=0.006)
        loud = (1.0 - t / 0.6) * rng.uniform(0.4, 1.0)
        add(out, click, t, loud)
        add(out, knock, t, loud * 0.35)
        gap *= 1.09
        t += gap * rng.uniform(0.6, 1.4)
    # final settle: one die drops flat
    add(out, tone(220, 0.08, attack=0.001, decay=0.02), t, 0.25)
    return finish(highpass(out, 200), 0.45, fade_out=0.05)


def s_click(rng: random.Random) -> Buf:
    """A UI click: very short and dry."""
    tick = tone(1900, 0.03, partials=((1, 1.0), (2.4, 0.3)), attack=0.0005, decay=0.004)
    grit = bandpass(noise(0.03, rng), 5000, 2.0)
    grit = apply(grit, env_exp(len(grit), 0.0003, 0.002))
    out = add(tick, grit, 0, 0.4)
    return finish(out, 0.32, fade_in=0.0005, fade_out=0.005)


SOUNDS: dict[str, Callable[[random.Random], Buf]] = {
    "pick": s_pick,
    "place": s_place,
    "deal": s_deal,
    "jackpot": s_jackpot,
    "bet_won": s_bet_won,
    "bet_lost": s_bet_lost,
    "close_line": s_close_line,
    "your_turn": s_your_turn,
    "dice": s_dice,
    "click": s_click,
}


def write_wav(path: Path, buf: Buf) -> None:
    pcm = array.array("h", (max(-32767, min(32767, int(round(v * 32767)))) for v in buf))
    if sys.byteorder == "big":
        pcm.byteswap()
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())


def build(out: Path = OUT) -> list[Path]:
    paths = []
    for name, make in SOUNDS.items():
        rng = random.Random(f"linebox-{name}")   # fixed seed per sound (str seeds are stable)
        buf = make(rng)
        assert len(buf) <= 0.8 * RATE, (name, len(buf) / RATE)
        path = out / f"{name}.wav"
        write_wav(path, buf)
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    for p in build(args.out):
        print(p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
