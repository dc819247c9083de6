"""Where everything sits on the Line-it table, in pixels, for one window size.

Logical units (1920×1080, more when the window is narrower or wider, see
`game.ui.layout`) are laid out around fixed edges: the other seats in a row
of panels at the top, the market with the draw pile and the jackpots in the
middle, your line, hand, buttons and the action log at the bottom.

>>> from game.ui.layout import Layout
>>> g = TableGeometry(Layout(1280, 720), players=4, bottom=0)
>>> [s.seat for s in g.opponents]
[1, 2, 3]
>>> g.seat(0).line.bottom <= g.seat(0).hand.top
True
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.layout import Layout

CARD_RATIO = 120 / 168
MIN_PX = 11        # no text on the table is smaller (800×600 included)


def font_px(lay: Layout, size: float) -> int:
    """`lay.font_px`, never below MIN_PX."""
    return max(MIN_PX, lay.font_px(size))


SUIT_ORDER = ("red", "blue", "green", "yellow")


def card_w(h: float) -> int:
    return max(4, int(round(h * CARD_RATIO)))


@dataclass
class SeatGeom:
    seat: int
    panel: pygame.Rect          # background panel of the seat
    name_pos: tuple[int, int]   # midleft of the name
    score_pos: tuple[int, int]  # midright of the score
    line: pygame.Rect           # where the line's cards go (drop zone for the viewer)
    card_h: int                 # height of line cards
    hand: pygame.Rect           # hand cards
    hand_h: int
    stack: pygame.Rect          # banked pile (face-down cards)
    tokens: tuple[int, int]     # midleft of the bonus/penalty tokens
    token_h: int
    first: tuple[int, int]      # centre of the first-player token when this seat holds it
    font: int                   # base text size (px)
    big: bool                   # the viewer's seat at the bottom

    def line_pos(self, i: int, n: int) -> tuple[int, int]:
        """Centre of card `i` of a line of `n` (cards overlap when the line is long)."""
        w = card_w(self.card_h)
        gap = max(2, w // 8)
        step: float = w + gap
        if n > 1:
            step = min(w + gap, (self.line.w - w) / (n - 1))
        return (int(self.line.x + w / 2 + i * step), self.line.centery)

    def hand_pos(self, i: int, n: int = 2) -> tuple[int, int]:
        w = card_w(self.hand_h)
        gap = max(2, w // 8) if self.big else max(1, w // 3)
        if not self.big:
            gap = -w // 2
        return (int(self.hand.x + w / 2 + i * (w + gap)), self.hand.centery)


class TableGeometry:
    """All rects of a table for `players` seats with `bottom` as the viewer's seat."""

    def __init__(self, lay: Layout, players: int, bottom: int, covered: int = 0) -> None:
        """`covered`: window pixels at the right edge a panel lies over (the replay's review at
        800×600): the seats and the market keep left of them, so no score or card hides under it."""
        self.lay = lay
        self.players = players
        self.bottom = bottom
        W, H = lay.logical_w, lay.logical_h
        r = lay.rect
        px = lay.px
        self.W, self.H = W, H
        # a window taller than 16:9 (800×600) has logical height to spare: the other seats' line
        # cards grow with a quarter of it (their numbers stay readable), the log takes the rest,
        # and is wider too (its 11 px lines hold a move each, and a whole round fits)
        spare = max(0.0, H - 1080.0)
        self.log_w = 430 + min(50.0, spare / 7)
        right = W - 20 - self.log_w          # left edge of the right column
        self.right_x = right
        # the seats' and the market's right edge: left of the right column, and of a panel over it
        edge = min(right - 10, W - covered / lay.scale - 12) if covered else right - 10
        # --- opponents: a row of panels at the top
        others = [(bottom + k) % players for k in range(1, players)]
        k = len(others)
        gap = 16
        row_w = W if not covered else edge + 20       # the row centred in what is seen
        pw = min(900.0, (row_w - 40 - (k - 1) * gap) / k)
        x0 = (row_w - (k * pw + (k - 1) * gap)) / 2
        grow = min(110.0, spare / 6)
        top_h = 262 + grow
        self.strip = px(30) if grow > 0 else 0   # the other seats' numbers in a row under their lines
        self.opponents: list[SeatGeom] = []
        for i, seat in enumerate(others):
            x = x0 + i * (pw + gap)
            ch = (104 if pw < 420 else 116) + grow - (30 if grow > 0 else 0)
            hh = 58
            panel = r(x, 14, pw, top_h)
            self.opponents.append(SeatGeom(
                seat=seat, panel=panel,
                name_pos=(panel.x + px(16), panel.y + px(28)),
                score_pos=(panel.right - px(16), panel.y + px(28)),
                line=r(x + 14, 14 + 54, pw - 28, ch), card_h=px(ch),
                hand=r(x + 14, 14 + top_h - hh - 12, 90, hh), hand_h=px(hh),
                stack=r(x + 110, 14 + top_h - hh - 12, card_w(hh) + 40, hh),
                tokens=(panel.x + px(196), panel.y + px(top_h - 12 - hh // 2)), token_h=px(40),
                first=(panel.right - px(34), panel.y + px(top_h - 12 - hh // 2)),
                font=font_px(lay, 26), big=False))
        # --- the viewer's seat at the bottom
        line_h = 190
        line_y = H - 470
        bx = 40
        bw = edge - 20 - bx
        hand_y = H - 232
        line = r(bx, line_y, bw, line_h)
        self.me = SeatGeom(
            seat=bottom, panel=r(20, line_y - 58, edge - 20, H - (line_y - 58) - 16),
            name_pos=(px(bx), px(line_y - 30)), score_pos=(px(bx + bw), px(line_y - 30)),
            line=line, card_h=px(line_h),
            hand=r(bx, hand_y, 2 * card_w(line_h) + 24, line_h), hand_h=px(line_h),
            stack=r(bx + 2 * card_w(line_h) + 60, hand_y + 30, card_w(130), 130),
            tokens=(px(bx + 2 * card_w(line_h) + 60), px(hand_y + 190 - 22)), token_h=px(44),
            first=(0, px(hand_y + 62)),
            font=font_px(lay, 30), big=True)
        # status line and buttons, right of the hand
        cx = bx + 2 * card_w(line_h) + 60 + card_w(130) + (110 if not spare else 60)    # the log's extra width
        # the first-player token midway between the banked pile and the status (at 800×600 it lay
        # over the status's first letters)
        self.me.first = (px(bx + 2 * card_w(line_h) + 60 + card_w(130) + (110 if not spare else 60) / 2),
                         self.me.first[1])
        # from just under the line (clear of its drop frame): the status and two lines of key help
        # fit there at 800×600
        status_y = line_y + line_h + 14
        self.status = r(cx, status_y, edge - 20 - cx, hand_y + 96 - status_y)
        self.buttons = r(cx, H - 116, edge - 20 - cx, 80)
        # --- the middle: draw pile, market, jackpots
        mid_top = 14 + top_h + 20
        mid_bottom = line_y - 70
        mh = max(120.0, min(240.0, mid_bottom - mid_top - 50))
        n = players + 2       # the market must fit without overlap
        while mh > 120 and n * card_w(mh) * 1.16 > edge - 20 - (40 + card_w(mh) + 70):
            mh -= 4
        my = mid_top + (mid_bottom - mid_top - mh) / 2 + 18
        self.market_h = px(mh)
        self.deck = r(40, my, card_w(mh), mh)
        mx0 = 40 + card_w(mh) + 70
        self.market = r(mx0, my, edge - 20 - mx0, mh)
        self.market_label = (self.market.x, px(my - 12))
        # jackpots: four piles in the right column
        jh = min(130.0 if not spare else 104.0, mh - 64)     # a small window: the log starts higher
        self.jack_h = px(jh)
        jw = self.log_w / 4
        self.jackpots = {suit: r(right + i * jw + (jw - card_w(jh)) / 2, my + 40, card_w(jh), jh)
                         for i, suit in enumerate(SUIT_ORDER)}
        self.jack_label = (px(right), px(my - 12))
        # --- action log: from under the jackpots' counts when the window has the height for it
        log_top = min(line_y - 58.0, max(my + 40 + jh + 50, line_y - 58 - spare))
        self.log = r(right, log_top, self.log_w, H - log_top - 16)
        self.menu_button = r(right + self.log_w - 150, log_top + 6, 140, 44)

    def seat(self, seat: int) -> SeatGeom:
        if seat == self.bottom:
            return self.me
        return next(g for g in self.opponents if g.seat == seat)

    def market_slots(self, n: int) -> list[tuple[int, int]]:
        """Centres of `n` market places, centred in the market row."""
        h = self.market_h
        w = card_w(h)
        gap = max(4, w // 7)
        step = min(w + gap, (self.market.w - w) / max(1, n - 1)) if n > 1 else w
        total = w + step * (n - 1)
        x0 = self.market.x + (self.market.w - total) / 2 + w / 2
        return [(int(x0 + i * step), self.market.centery) for i in range(n)]

    def jack_pos(self, suit: str, i: int, n: int) -> tuple[int, int]:
        """Centre of card `i` of a jackpot pile of `n`: a squared pile, the newest card on top."""
        rect = self.jackpots[suit]
        k = max(0, min(i - (n - 6), 5)) if n > 6 else i
        step = max(1, self.lay.px(3))
        return (rect.centerx - k * step // 2, int(rect.centery - k * step))
