"""Issue 26: the results' statistics table fits its box in English, German and French: no figure is
cut ("3 (1 erzwu…" at 800×600 in German), no text is under 11 px, nothing leaves the box."""
from __future__ import annotations

import random

import pygame
import pytest

from engine.games import game as game_info
from game.shell import i18n
from game.ui import text as T
from game.ui.game_stats_panel import GameStatsPanel

NAMES = ["Ada", "Bruno", "Chloé", "Dario", "Emma", "Félix"]


def forced_game(players: int):
    """A finished Line-it game in which some seat closed a line by force."""
    for seed in range(1, 60):
        s = game_info("lineit").new_game(players=players, seed=seed, first_seat=0)
        pick = random.Random(seed)
        while not s.is_over:
            s.apply(pick.choice(s.legal_actions()))
        panel = GameStatsPanel("lineit", s, NAMES[:players])
        if any(seat.forced for seat in panel.stats.seats):
            return s
    raise AssertionError("no seeded game with a forced close")


@pytest.fixture(scope="module")
def games():
    return {n: forced_game(n) for n in (4, 6)}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("box", [(690, 330), (560, 420), (1000, 500)])
def test_every_figure_shows_whole_inside_the_box(games, lang, players, box):
    pygame.display.init()
    T.start_fonts()
    i18n.set_language(lang)
    try:
        surface = pygame.Surface((1200, 800))
        rect = pygame.Rect(20, 20, *box)
        panel = GameStatsPanel("lineit", games[players], NAMES[:players])
        T.drawn = []
        panel.draw(surface, rect, 13)
        drawn = list(T.drawn)
        names = set(NAMES)
        figures = [(t, px, r) for t, px, r in drawn if t not in names]
        assert figures
        for text, px, r in figures:
            assert px >= 11, (text, px)
            assert not text.endswith("…"), f"{lang}: {text!r} is cut"
            assert rect.inflate(2, 2).contains(r), f"{lang}: {text!r} at {r} leaves {rect}"
        # every figure of the table is there, whole (joined again where it wrapped), when its rows fit
        shown = " ".join(t for t, _px, _r in figures)
        rows = panel.rows() if panel.fit(panel.rows(), rect, 13).height <= rect.h else []
        for _label, value in rows:
            for seat in panel.stats.seats:
                for word in value(seat).split():
                    assert word in shown, (lang, value(seat))
    finally:
        T.drawn = None
        i18n.set_language("en")
