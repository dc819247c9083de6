"""A better move shown on the Line-it table, and the review's words about a decision.

    draw_suggestion(table, surface, "take 9 line")   # the card ringed, its target framed, a "Better" label
    review_lines(item)                    # (its cost, what was played, what was better), translated
    review_summary(result)                # one line for the whole game

The post-game review (`game.replay.review`) calls these through the front end's
fields `draw_suggestion`, `review_lines` and `review_summary`; the sentences
are built from the engine's typed facts (action texts, values, the moves' own
reasons as {template, params}), never from its English text.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

import pygame

from engine import lineit
from engine.core import IllegalAction
from game.shell.i18n import N_, _, ngettext
from game.ui import text as T
from game.ui import theme as C

from . import texts
from .geometry import MIN_PX, font_px

if TYPE_CHECKING:
    from game.replay.review import Item

    from .table_view import LineitTableView

SUGGEST = (96, 226, 140)         # the better move's ring: apart from the hint's blue and the selection's gold

PLAYED_WORDS = {
    "take_line": N_("You took {card} to your line"),
    "take_hand": N_("You took {card} into your hand"),
    "play": N_("You played {card} from your hand"),
    "close": N_("You closed your line"),
    "end": N_("You ended your turn"),
    "pass": N_("You passed"),
}


def points(n: float) -> str:
    k = int(round(n))
    return ngettext("{n} point", "{n} points", k).format(n=k)


def played_words(action: str) -> str:
    try:
        a = lineit.parse_action(action)
    except IllegalAction:
        return action
    card = texts.card_label(lineit.card_text(a.card)) if a.card else ""
    return _(PLAYED_WORDS[a.kind]).format(card=card)


#: a move's own reasons that only restate the move ("ends the turn"): not said again
SAYS_NOTHING = frozenset({"end", "pass", "final_play", "random_pick"})


def _why(params: Mapping[str, Any], key: str) -> str:
    why = params.get(key)
    if not isinstance(why, Mapping) or why.get("key") in SAYS_NOTHING:
        return ""
    return texts.bot_reason(dict(why))


def review_lines(item: "Item") -> tuple[str, str, str]:
    """(what the decision cost, the move played and its outcome, the better move and its outcome)."""
    p = item.params
    n = max(1, int(round(item.cost)))
    cost = ngettext("Cost about {n} point", "Cost about {n} points", n).format(n=n)
    why = _why(p, "played_why")
    played = played_words(item.played)
    played = (_("{move}: it {why}; about {points} at the end.") if why else
              _("{move}: about {points} at the end.")).format(
        move=played, why=why, points=points(float(p.get("played_value", 0.0))))
    why = _why(p, "better_why")
    better = texts.action_label(item.better)
    better = (_("Better: {move}: it {why}; about {points}.") if why else _("Better: {move}: about {points}.")).format(
        move=better, why=why, points=points(float(p.get("better_value", 0.0))))
    return cost, played, better


def review_summary(result: Mapping[str, Any]) -> str:
    """The review's one-line summary in Line-it's units: points."""
    from game.table.review_words import summary
    return summary(result, lambda n: ngettext("{n} cost points", "{n} cost points", n).format(n=n), points)


# ---------------------------------------------------------------- on the table

def _card_rect(table: "LineitTableView", card: str, zone: str) -> pygame.Rect | None:
    for s in table.board.sprites.values():
        if s.card == card and s.zone[0][0] == zone:
            return s.rect()
    return None


def targets(table: "LineitTableView", action: str) -> tuple[pygame.Rect | None, pygame.Rect | None]:
    """Where the better move starts (the card, None for close/end/pass) and where it goes."""
    a = lineit.parse_action(action)
    geo = table.geo
    assert geo is not None, "the table is laid out before it is drawn"
    me = geo.seat(table.viewer)
    card = lineit.card_text(a.card) if a.card else ""
    source = _card_rect(table, card, "hand" if a.kind == "play" else "market") if card else None
    target = {"take_line": me.line, "take_hand": me.hand, "play": me.line, "close": me.line}.get(a.kind, me.panel)
    return source, target


def draw_suggestion(table: "LineitTableView", surface: pygame.Surface, action: str) -> list[pygame.Rect]:
    """The better move over the table: its card ringed, its target framed and joined to it, and a
    label saying what it is (so colour is never the only cue). Returns the rects drawn."""
    try:
        source, target = targets(table, action)
    except (IllegalAction, AssertionError):
        return []
    assert table.geo is not None
    lay = table.geo.lay
    width = max(3, lay.px(6))
    drawn: list[pygame.Rect] = []
    if target is not None:
        frame = target.inflate(lay.px(12), lay.px(12))
        pygame.draw.rect(surface, SUGGEST, frame, max(2, width // 2), border_radius=lay.px(14))
        drawn.append(frame)
    if source is not None:
        ring = source.inflate(lay.px(14), lay.px(14))
        pygame.draw.rect(surface, SUGGEST, ring, width, border_radius=lay.px(12))
        drawn.append(ring)
        if target is not None:
            pygame.draw.line(surface, SUGGEST, ring.center, target.center, max(2, width // 2))
            pygame.draw.circle(surface, SUGGEST, target.center, width * 2)
    anchor = drawn[-1] if drawn else surface.get_rect()
    size = max(MIN_PX, font_px(lay, 26))
    label = _("Better: {move}").format(move=texts.action_label(action))
    box = T.render(label, size, C.SHADOW, True)
    pill = box.get_rect().inflate(lay.px(20), lay.px(8))
    pill.midbottom = (anchor.centerx, anchor.top - lay.px(4))
    pill.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, SUGGEST, pill, border_radius=pill.h // 2)
    surface.blit(box, box.get_rect(center=pill.center))
    drawn.append(pill)
    return drawn
