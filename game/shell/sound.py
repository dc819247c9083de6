"""Sound effects by name; silent (never crashing) without audio or files.

    from game.shell import sound
    sound.play("place")

Names: pick, place, deal, jackpot, bet_won, bet_lost, close_line, your_turn,
dice, click — files `assets/sounds/<name>.wav`. `init()` is called once by
the App; `set_volume()` whenever the settings change. `available` is False
when no audio device could be opened (`problem` says why; the Settings scene
shows it).
"""
from __future__ import annotations

import logging

import pygame

from game.files.paths import SOUNDS

NAMES = ("pick", "place", "deal", "jackpot", "bet_won", "bet_lost",
         "close_line", "your_turn", "dice", "click")

available = False
problem = ""
_sounds: dict[str, "pygame.mixer.Sound"] = {}
_volume = 0.8
_muted = False
log = logging.getLogger("linebox.sound")


def init() -> bool:
    """Open the audio device and load every sound file found; True if audible."""
    global available, problem
    _sounds.clear()
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        pygame.mixer.set_num_channels(16)
        available = True
        problem = ""
    except (pygame.error, OSError) as exc:
        available = False
        problem = str(exc) or "no audio device"
        log.info("audio unavailable: %s", problem)
        return False
    for name in NAMES:
        path = SOUNDS / f"{name}.wav"
        if path.is_file():
            try:
                _sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError) as exc:
                log.warning("cannot load %s: %s", path, exc)
    _apply()
    return True


def _apply() -> None:
    for snd in _sounds.values():
        snd.set_volume(0.0 if _muted else _volume)


def set_volume(volume: float, muted: bool) -> None:
    """Volume 0..1 for every sound, or silence when `muted`."""
    global _volume, _muted
    _volume = max(0.0, min(1.0, float(volume)))
    _muted = bool(muted)
    _apply()


def play(name: str) -> None:
    """Play the sound `name` once; nothing happens if it is missing or muted."""
    if not available or _muted:
        return
    snd = _sounds.get(name)
    if snd is not None:
        try:
            snd.play()
        except pygame.error:
            pass


def loaded() -> list[str]:
    """Names of the sounds that were loaded."""
    return sorted(_sounds)
