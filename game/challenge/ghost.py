"""The challenger's game as a ghost in the replay viewer, decision by decision.

`GhostReplay` is the replay viewer (`game.replay.scene.ReplayScene`) of your
finished challenge game with a strip between the table and the viewer's bar:
at every moment it shows where the challenger's game stood after the same
number of decisions of its person (your 12th decision beside their 12th): the
sentence of their last decision (the game's own log text, `GameUI` hook
"event_text") and both scores at that point. Nothing names a game.

`app.open("challenge_ghost", history_id, their_game)` (a kept challenger's
game file, `game.challenge.kept_game`); None with a message when your game is
no longer in the history.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

import pygame

from . import history
from game.shell.frontends import frontend
from game.shell.i18n import _
from game.replay.model import Replay
from game.replay.scene import ReplayScene
from game.ui import text as T
from game.ui import theme as C
from game.ui.layout import Layout

if TYPE_CHECKING:
    from game.shell.app import App

GHOST_H = 64          # logical height of the ghost's strip
MIN_GHOST_PX = 28


def person(rp: Replay) -> int:
    """The seat whose decisions are counted: the game's first person."""
    return next((p for p, s in enumerate(rp.seats) if s.kind == "human"), 0)


def decisions(rp: Replay, seat: int) -> list[int]:
    """For each moment 0..n, how many decisions `seat` had made by then (one pass over the game)."""
    state = rp.final.rewind(0, any=True)
    made = [0]
    for k in range(rp.n):
        acted = state.current_seat == seat
        state = rp.step(state, k)
        made.append(made[-1] + int(acted))
    return made


class Ghost:
    """The challenger's game, looked up by decision count."""

    def __init__(self, rp: Replay) -> None:
        self.rp = rp
        self.seat = person(rp)
        self.made = decisions(rp, self.seat)
        self.after: dict[int, int] = {}          # decision d -> the moment right after it
        for k in range(1, len(self.made)):
            if self.made[k] != self.made[k - 1]:
                self.after[self.made[k]] = k

    @property
    def total(self) -> int:
        return self.made[-1]

    def moment(self, d: int) -> int:
        """Their moment after their `d`-th decision (their end when they made fewer)."""
        if d <= 0:
            return 0
        return self.after.get(min(d, self.total), self.rp.n)

    def said(self, d: int) -> str:
        """Their `d`-th decision in the game's own words ("" before the first)."""
        k = self.moment(d)
        if d <= 0 or k <= 0:
            return ""
        events = self.rp.final.events[self.rp.event_counts[k - 1]:self.rp.event_counts[k]]
        text = frontend(self.rp.game).event_text
        names = self.rp.seats

        def name(p: int) -> str:
            return names[p].name if 0 <= p < len(names) else f"#{p + 1}"
        lines = [str(text(e, name)) for e in events if getattr(e, "seat", None) == self.seat]
        return " ".join(line for line in lines if line)

    def score(self, d: int) -> float:
        return float(self.rp.state_at(self.moment(d)).scores()[self.seat])


class GhostReplay(ReplayScene):
    """The replay viewer of your game with the challenger's ghost (see the module text)."""

    name = "challenge_ghost"

    def __init__(self, app: "App", mine: Replay, theirs: Replay) -> None:
        self.ghost = Ghost(theirs)
        self.mine_made = decisions(mine, person(mine))
        self.ghost_rect = pygame.Rect(0, 0, 0, 0)
        super().__init__(app, mine, seat=person(mine))

    def layout(self, lay: Layout) -> None:
        super().layout(lay)
        strip = min(lay.height // 6, max(lay.px(GHOST_H), MIN_GHOST_PX))
        self.ghost_rect = pygame.Rect(0, self.bar.y - strip, lay.width, strip)
        self.table_lay = Layout(lay.width, self.ghost_rect.y, lay.ui_scale)
        self._lay_table()

    def ghost_lines(self) -> tuple[str, str]:
        d = self.mine_made[self.k]
        g = self.ghost
        who = g.rp.seats[g.seat].name
        mine = self.rp.state_at(self.k).scores()[person(self.rp)]
        head = _("Ghost of {name} after {d} of {total} decisions: {theirs} · you: {mine}").format(
            name=who, d=min(d, g.total), total=g.total, theirs=f"{g.score(d):g}", mine=f"{mine:g}")
        return head, g.said(d)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay = self.app.lay
        r = self.ghost_rect
        pygame.draw.rect(surface, C.PANEL_HI, r)
        pygame.draw.line(surface, C.PANEL_EDGE, r.topleft, r.topright, max(1, lay.px(2)))
        head, said = self.ghost_lines()
        size = max(11, min(r.h * 2 // 5, lay.font_px(24)))
        pad = max(4, lay.px(16))
        room = r.w - 2 * pad
        T.blit_text(surface, T.cut(head, size, room, True), size, C.ACCENT, (r.x + pad, r.y + r.h // 4), "midleft",
                    bold=True)
        T.blit_text(surface, T.cut(said or "–", size, room), size, C.TEXT, (r.x + pad, r.y + r.h * 3 // 4), "midleft")


def ghost_viewer(app: "App", history_id: str | None, their_game: Mapping[str, Any]) -> GhostReplay | None:
    """The ghost viewer of your game `history_id` beside `their_game`; None after a message."""
    try:
        mine = Replay.from_file(history.game_file(str(history_id)), history_id)
        theirs = Replay.from_file(their_game)
    except (history.BadGameFile, ValueError) as exc:
        app.message(_("This game file cannot be opened: {reason}").format(reason=str(exc)))
        return None
    return GhostReplay(app, mine, theirs)
