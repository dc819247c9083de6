"""What things on the table are: tooltips for the pieces a new player cannot name at once.

`targets(sc)` lists every such piece with its rectangle and a text made when
shown: the draw pile, the jackpot piles, the first-player token, each seat's
banked pile, its bonus and penalty tokens and the progress of a bet in its
line, and, over the Close line button, what closing now would bank. The
mouse shows the one under it; the I key steps through all of them in this
order (keyboard players).
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Callable

import pygame

from engine.lineit import BetProgress, market_size
from game.shell.i18n import _, ngettext

from ..table.tip import Tip
from . import texts
from .geometry import SUIT_ORDER
from .sprites import TokenSprite

if TYPE_CHECKING:
    from .table_view import LineitTableView



def bet_text(bet: BetProgress) -> str:
    """A line's bet as it stands, in words (the engine's `bet_progress` says how it stands).

    >>> bet_text(BetProgress(value=4, after=2, wins=False))
    'Bet 4: 2 of 4 cards after it. Closing now loses −4.'
    """
    text = ngettext("Bet {v}: {k} of {v} cards after it.", "Bet {v}: {k} of {v} cards after it.",
                    bet.value).format(k=bet.after, v=bet.value)
    if bet.wins:
        return text + " " + _("Closing now wins +{v}.").format(v=bet.value)
    return text + " " + _("Closing now loses \u2212{v}.").format(v=bet.value)


def targets(sc: "LineitTableView") -> list[Tip]:
    """Every piece with a tooltip, in the order the I key steps through them."""
    board = sc.board
    geo = sc.geo
    if geo is None or board.views is None:
        return []
    lay = geo.lay
    spec = sc.ctrl.spectator()
    name = sc.ctrl.name
    out: list[Tip] = []
    n = spec["draw_pile"]
    market = market_size(sc.ctrl.players)
    out.append(Tip(geo.deck, lambda: ngettext(
        "Draw pile: {n} card left. Each round deals {m} cards to the market; when fewer are left, "
        "the final plays begin.",
        "Draw pile: {n} cards left. Each round deals {m} cards to the market; when fewer are left, "
        "the final plays begin.", n).format(n=n, m=market)))
    for suit in SUIT_ORDER:
        k = len(spec["jackpots"][suit])
        out.append(Tip(geo.jackpots[suit].inflate(lay.px(20), lay.px(40)), partial(_jackpot_text, suit, k)))
    first = spec["first_seat"]
    out.append(Tip(_token_rect(board.first), lambda: _(
        "First-player token: {name} starts this round. It passes to the next seat when the round ends.").format(
        name=name(first))))
    for g in [geo.me] + geo.opponents:
        p = g.seat
        seat = spec["seats"][p]
        cnt = seat["stack"]
        pos, h = board._stack_pos(p)
        r = pygame.Rect(0, 0, max(h * 120 // 168, lay.px(40)), h)
        r.center = pos
        out.append(Tip(r, partial(_banked_text, name, p, cnt)))
        for t in board.tokens[p]:
            v = int(t.token.split(":")[1])
            out.append(Tip(_token_rect(t), partial(_token_text, v)))
        bet = sc.ctrl.state.bet_progress(p)
        if bet is not None:
            s = next((s for s in board.sprites_in(("line", p)) if s.card.startswith("B")), None)
            if s is not None:
                out.append(Tip(s.rect(), partial(bet_text, bet)))
    if sc.b_close.visible and "close" in sc._legal():
        out.append(Tip(sc.b_close.rect, sc.close_preview))
    undone = sc.ctrl.undo_action() if sc.my_turn() else None
    if sc.b_undo.visible and undone is not None:
        out.append(Tip(sc.b_undo.rect, lambda: texts.sentence(_("Undo: {action}.").format(
            action=texts.action_label(undone)))))
    return out


def _jackpot_text(suit: str, k: int) -> str:
    return ngettext(
        "{suit} jackpot: {n} card. The third {suit} card in a line wins the whole pile into its banked pile.",
        "{suit} jackpot: {n} cards. The third {suit} card in a line wins the whole pile into its banked pile.",
        k).format(suit=texts.suit_name(suit), n=k)


def _banked_text(name: Callable[[int], str], p: int, cnt: int) -> str:
    return ngettext("{name}'s banked pile: {n} card, one point each.",
                    "{name}'s banked pile: {n} cards, one point each.", cnt).format(name=name(p), n=cnt)


def _token_text(v: int) -> str:
    return (_("Bonus token: +{v} points, for a bet won.") if v > 0 else
            _("Penalty token: \u2212{v} points, for a bet lost.")).format(v=abs(v))


def _token_rect(t: TokenSprite) -> pygame.Rect:
    r = pygame.Rect(0, 0, int(t.h) + 4, int(t.h) + 4)
    r.center = (int(t.x), int(t.y))
    return r


def at(tips: list[Tip], pos: tuple[int, int]) -> Tip | None:
    """The last listed tip under `pos` (tokens lie on panels: the smaller thing wins)."""
    found = None
    for t in tips:
        if t.rect.collidepoint(pos) and (found is None or t.rect.w * t.rect.h <= found.rect.w * found.rect.h):
            found = t
    return found
