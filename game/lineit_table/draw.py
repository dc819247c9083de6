"""Painting the Line-it table (called from `TableScene.draw`).

Drawing changes no state of the table: what it keeps between frames (the
backdrop, the retained layer, cached texts) lives in the scene's `Paint`, and
what it left in the window in the base's `FramePush`.
"""
from __future__ import annotations

import math
import time
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

import pygame

from engine import lineit
from engine.core import IllegalAction
from game.ui import palette as P
from game.shell import i18n
from game.shell.i18n import N_, _, ngettext
from game.ui import text as T
from game.ui import theme as C
from game.ui.widgets import label_text

from . import texts
from .geometry import MIN_PX, SUIT_ORDER, SeatGeom, TableGeometry, card_w, font_px
from ..table.present import SPARE_FRAME_S
from ..ui.layer import Item, merge_rects
from .sprites import GLOW_HINT, GLOW_SELECT, CardSprite

JACK_GAP_PX = 10                # at least this much between two jackpot counts: they never touch
JACK_WORDS_PX = 14              # "3 cards" smaller than this gives way to "3"
GLOW_LOG = (255, 255, 255)      # the cards of the log entry under the mouse

if TYPE_CHECKING:
    from .table_view import LineitTableView, TableMixin

SEAT_COLORS = ((236, 190, 84), (120, 200, 230), (230, 140, 170), (150, 220, 140), (200, 170, 240), (240, 160, 110))


def seat_color(p: int) -> tuple[int, int, int]:
    return SEAT_COLORS[p % len(SEAT_COLORS)]


_PANELS: dict[tuple, pygame.Surface] = {}


RGB = tuple[int, int, int]


def _alpha_rect(surface: pygame.Surface, rect: pygame.Rect, color: RGB, alpha: int, radius: int, width: int = 0) -> None:
    """A translucent rounded rect (the surface is kept per size and colour)."""
    key = (rect.size, tuple(color), alpha, radius, width)
    s = _PANELS.get(key)
    if s is None:
        s = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(s, (*color, alpha), s.get_rect(), width, border_radius=radius)
        if len(_PANELS) > 64:
            _PANELS.clear()
        _PANELS[key] = s
    surface.blit(s, rect)


def level_label(level: str | None) -> str:
    return {"easy": _("easy bot"), "normal": _("normal bot"), "hard": _("hard bot")}.get(level or "", _("bot"))


def points_label(n: int) -> str:
    """'1 point', '17 points', '−3 points' (a real minus)."""
    shown = f"\u2212{-n}" if n < 0 else str(n)
    return ngettext("{n} point", "{n} points", abs(n)).format(n=shown)


def direction(cards: list[str]) -> str | None:
    """'up', 'down', or None while the line has fewer than two Number cards (display only)."""
    nums = [int(c) for c in cards if not c.startswith("B")]
    if len(nums) < 2:
        return None
    return "up" if nums[1] > nums[0] else "down"


def line_rule(line: list[str]) -> str:
    """'↑ above 57' for the player's orientation (display only; the engine decides)."""
    d = direction(line)
    nums = [c for c in line if not c.startswith("B")]
    if d is None:
        return _("any number fits") if len(nums) < 2 else ""
    return (_("ascending: above {n}") if d == "up" else _("descending: below {n}")).format(n=nums[-1])


def base_signature(sc: "LineitTableView", surface: pygame.Surface) -> tuple:
    spec = sc.ctrl.spectator()
    # the log's title depends on where Menu and Recap sit and whether they show
    buttons = tuple((b.rect.y, b.visible) for b in (sc.b_menu, sc.b_recap))
    return (surface.get_size(), i18n.current_language(), sc.viewer, spec["phase"], table_geo(sc).lay, sc.hotseat,
            buttons)


def table_geo(sc: "LineitTableView") -> TableGeometry:
    """The table's geometry (the scene is laid out before anything is drawn)."""
    assert sc.geo is not None, "the table is laid out before it is drawn"
    return sc.geo


def blit_at(img: pygame.Surface, at: pygame.Rect) -> Callable[[pygame.Surface], None]:
    """A layer item's painter that puts `img` at `at`."""
    def draw(surface: pygame.Surface) -> None:
        surface.blit(img, at)
    return draw


def is_dynamic(sc: "LineitTableView", s: CardSprite) -> bool:
    return s.key in sc.board.active or s.tween is not None or s.lift > 0 or s is sc.drag


def draw_table(sc: "TableMixin", surface: pygame.Surface) -> None:
    """Base and resting layer (repainted only where something changed), then texts and what moves.
    `sc` is the scene itself (a `TableMixin`): the window is pushed in part only when it is on top."""
    began = time.perf_counter()
    paint = sc.paint
    bsig = base_signature(sc, surface)
    if paint.base is None or paint.base_sig != bsig or paint.base.get_size() != surface.get_size():
        if paint.base is None or paint.base.get_size() != surface.get_size():
            paint.base = pygame.Surface(surface.get_size()).convert(surface)
        draw_base(sc, paint.base)
        paint.base_sig = bsig
        paint.base_version += 1
    layer = paint.layer
    layer.update(paint.base, paint.base_version,
                 layer_items(sc) + text_items(sc) + sc.board.count_items() + control_items(sc))
    if not sc.board.animating and time.perf_counter() - began < SPARE_FRAME_S:
        sc.board.warm()
    app = sc.app
    push = sc.frame_push
    # The window keeps last frame's picture: when nothing else drew over it, only the places where
    # something moved last frame, and those the layer repainted, are copied from the layer.
    clean = push.can_patch(app, sc, surface, layer.full)
    resting = layer.surface
    assert resting is not None            # `update` made it
    if clean:
        restored = merge_rects(push.rects + layer.take_changed())
        for r in restored:
            surface.blit(resting, r, r)
    else:
        layer.take_changed()
        surface.blit(resting, (0, 0))
    rects = draw_dynamic(sc, surface)
    if clean:
        push.push(app, surface, restored + rects)
    if surface is app.screen:
        push.drawn(app, surface, rects, layer.full)


def layer_items(sc: "LineitTableView") -> list:
    """Everything at rest on the table, as layer items (see layer.py)."""
    board = sc.board
    geo = table_geo(sc)
    lay = geo.lay
    spec = sc.ctrl.spectator()
    images = board.images
    items: list[Item] = []
    # draw pile and banked stacks (their counts are drawn every frame)
    n = spec["draw_pile"]
    layers = min(4, (n + 9) // 10)
    back = images.get("back", geo.deck.h)

    def deck(surface: pygame.Surface, back: pygame.Surface = back, layers: int = layers) -> None:
        for k in range(layers):
            surface.blit(back, back.get_rect(center=(geo.deck.centerx - k * 2, geo.deck.centery - k * 2)))
    items.append(Item("deck", 0, geo.deck.inflate(lay.px(16), lay.px(16)), (layers,), deck))
    for p in range(board.players):
        cnt = spec["seats"][p]["stack"]
        pos, h = board.stack_pos(p)
        img = images.get("back" if cnt > 0 else "slot", h)
        k = min(3, 1 + cnt // 8) if cnt > 0 else 1

        def stack(surface: pygame.Surface, img: pygame.Surface = img, k: int = k,
                  pos: tuple[int, int] = pos) -> None:
            for j in range(k):
                surface.blit(img, img.get_rect(center=(pos[0] + j * 2, pos[1] - j * 2)))
        r = img.get_rect(center=pos).inflate(lay.px(16), lay.px(16))
        items.append(Item(("stack", p), 0, r, (cnt > 0, k), stack))
    # the next place of the viewer's line
    me = geo.me
    n_line = len(spec["seats"][sc.viewer]["line"])
    if n_line * (card_w(me.card_h) + 8) < me.line.w - card_w(me.card_h):
        nxt = me.line_pos(n_line, n_line + 1) if n_line else me.line_pos(0, 1)
        slot = images.get("slot", me.hand_h)
        r = slot.get_rect(center=nxt)
        items.append(Item("next", 1, r, (nxt,), blit_at(slot, r)))
    # cards at rest
    glow = _glow(sc)
    for s in board.sprites.values():
        if is_dynamic(sc, s):
            continue
        g = glow.get(s.key)
        r = s.rect()
        r = r.inflate(r.h // 4, r.h // 4)
        items.append(Item(s.key, 10 + s.z, r, (s.card, s.face, int(s.x), int(s.y), int(s.h), g),
                          partial(s.draw, images=images, glow=g)))
    items += mark_items(sc)
    # tokens at rest
    if not board.tokens_busy:
        for p, toks in enumerate(board.tokens):
            for i, t in enumerate(toks):
                r = pygame.Rect(0, 0, int(t.h) + 4, int(t.h) + 4)
                r.center = (int(t.x), int(t.y))
                items.append(Item(("tok", p, i), 1000, r, (t.token, r.center, int(t.h)),
                                  partial(t.draw, images=images)))
    if board.first.tween is None:
        t = board.first
        r = pygame.Rect(0, 0, int(t.h) + 4, int(t.h) + 4)
        r.center = (int(t.x), int(t.y))
        items.append(Item("first", 1001, r, (r.center, int(t.h)), partial(t.draw, images=images)))
    return items


def marked_sprites(sc: "LineitTableView") -> list[tuple[int, CardSprite]]:
    """Each seat's last moved card where it lies now (seat, sprite)."""
    out = []
    for seat, (card, zone) in sc.last_moves.items():
        s = next((s for s in sc.board.sprites.values() if s.card == card and s.zone and s.zone[0] == zone), None)
        if s is not None:
            out.append((seat, s))
    return out


def mark_items(sc: "LineitTableView") -> list[Item]:
    """Every seat's last move, marked strongly until it moves again: a ring in its colour round the
    card where it went, and, in the market place it left (until the next deal), a frame in its
    colour with its name and the card."""
    geo = table_geo(sc)
    lay = geo.lay
    items: list[Item] = []
    width = max(2, lay.px(5))
    for seat, s in marked_sprites(sc):
        if is_dynamic(sc, s):
            continue
        r = s.rect().inflate(width * 2, width * 2)
        colour = seat_color(seat)
        items.append(Item(("mark", seat), 2500 + s.z, r.inflate(4, 4), (tuple(r), colour),
                          partial(_ring, rect=r, colour=colour, width=width, radius=max(3, r.h // 14))))
    slots = geo.market_slots(sc.ctrl.players + 2)
    taken = {int(s.zone[1]) for s in sc.board.sprites_in(("market",))}
    for seat, (place, card) in sc.last_from.items():
        if place in taken or place >= len(slots):
            continue
        h = geo.market_h
        r = pygame.Rect(0, 0, card_w(h) - lay.px(8), h - lay.px(8))
        r.center = slots[place]
        colour = seat_color(seat)
        name = sc.ctrl.name(seat)
        label = texts.card_label(card)
        items.append(Item(("left", place), 5, r.inflate(8, 8), (tuple(r), colour, name, label, i18n.current_language()),
                          partial(_left_place, rect=r, colour=colour, name=name, card=label, lay=lay)))
    return items


def _ring(surface: pygame.Surface, rect: pygame.Rect, colour: RGB, width: int, radius: int) -> None:
    pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


def _left_place(surface: pygame.Surface, rect: pygame.Rect, colour: RGB, name: str, card: str, lay: Any) -> None:
    """A market place a seat took its card from: a frame in its colour, its name and the card."""
    pygame.draw.rect(surface, colour, rect, max(2, lay.px(4)), border_radius=max(3, rect.h // 14))
    room = rect.w - lay.px(12)
    size = fit_size(name, font_px(lay, 24), room, True)
    big = fit_size(card, font_px(lay, 40), room, True)
    T.blit_text(surface, name, size, colour, (rect.centerx, rect.centery - lay.px(6)), "midbottom", bold=True)
    T.blit_text(surface, card, big, colour, (rect.centerx, rect.centery + lay.px(2)), "midtop", bold=True)


def _glow(sc: "LineitTableView") -> dict:
    glow: dict[str, tuple] = {}
    if sc.selected is not None:
        glow[sc.selected.key] = GLOW_SELECT
    hovered = set(sc.log_hover.cards) if sc.log_hover is not None else set()
    for s in sc.board.sprites.values():
        if s.card in hovered:
            glow.setdefault(s.key, GLOW_LOG)
    for seat, (card, zone) in sc.last_moves.items():
        for s in sc.board.sprites.values():
            if s.card == card and s.zone and s.zone[0] == zone:
                glow.setdefault(s.key, seat_color(seat))
    hinted = hint_card(sc.hint)
    if hinted:
        for s in sc.board.sprites.values():
            if s.card == hinted and s.zone[0][0] in ("market", "hand"):
                glow.setdefault(s.key, GLOW_HINT)
                break
    return glow


def hint_card(hint: dict[str, Any] | None) -> str:
    """The card the hinted action moves ("" for close, end, pass, or no hint)."""
    if hint is None:
        return ""
    try:
        action = lineit.parse_action(hint["action"])
    except IllegalAction:
        return ""
    return lineit.card_text(action.card) if action.card else ""


def middle_labels(geo: TableGeometry) -> list[tuple[str, int, tuple[int, int]]]:
    """The labels over the draw pile, the market and the jackpots: (text, px, bottom-left). The draw
    pile's label gets smaller to fit before the market; where even 11 px is too wide ("Nachziehstapel"
    at 800×600), the market's label moves right so that a gap stays between them."""
    lay = geo.lay
    fs = font_px(lay, 26)
    gap = max(lay.px(24), 10)      # two spaces or more: a single space read as one label
    pile = _("Draw pile")
    pile_px = fit_size(pile, fs, geo.market.x - geo.deck.x - gap, True)
    y = geo.market_label[1]
    market_x = max(geo.market.x, geo.deck.x + text_width(pile, pile_px, True) + gap)
    return [(pile, pile_px, (geo.deck.x, y)), (_("Market"), fs, (market_x, y)), (_("Jackpots"), fs, geo.jack_label)]


def draw_base(sc: "LineitTableView", surface: pygame.Surface) -> None:
    """Backdrop, panels, labels and empty places: changes only with the seat to act or the window."""
    app = sc.app
    geo = table_geo(sc)
    lay = geo.lay
    board = sc.board
    ctrl = sc.ctrl
    spec = ctrl.spectator()
    app.background(surface)
    for g in geo.opponents + [geo.me]:
        if g.big:
            _alpha_rect(surface, g.panel, P.FELT_DARK, 150, lay.px(18))
        else:
            _alpha_rect(surface, g.panel, C.PANEL, 215, lay.px(16))
            pygame.draw.rect(surface, C.PANEL_EDGE, g.panel, max(1, lay.px(2)), border_radius=lay.px(16))
    r = geo.log
    _alpha_rect(surface, r, C.PANEL, 215, lay.px(16))
    pygame.draw.rect(surface, C.PANEL_EDGE, r, max(1, lay.px(2)), border_radius=lay.px(16))
    title, tsize = log_title(sc)
    if title:
        T.blit_text(surface, title, tsize, C.TEXT_DIM, (r.x + lay.px(16), r.y + lay.px(14)), "topleft", bold=True)
    for text, size, pos in middle_labels(geo):
        T.blit_text(surface, text, size, C.TEXT_DIM, pos, "bottomleft", bold=True)
    slot = board.images.get("slot", geo.market_h)
    if spec["phase"] == "turn":
        for pos in geo.market_slots(ctrl.players + 2):
            surface.blit(slot, slot.get_rect(center=pos))
    elif spec["phase"] == "final":
        T.blit_text(surface, _("Final plays: the draw pile is spent."), font_px(lay, 32), C.ACCENT,
                    geo.market.center, "center", bold=True)
    me = geo.me
    hand_slot = board.images.get("slot", me.hand_h)
    for i in range(2):
        surface.blit(hand_slot, hand_slot.get_rect(center=me.hand_pos(i)))
    mine = ctrl.is_human(sc.viewer) and not sc.hotseat
    T.blit_text(surface, _("Your hand") if mine else _("Hand of {name}").format(name=ctrl.name(sc.viewer)),
                font_px(lay, 22), C.TEXT_DIM, (me.hand.x, me.hand.y - lay.px(4)), "bottomleft")
    board.draw_slots(surface)


class Sink:
    """Collects texts and small marks as layer items (drawn once, repainted when they change)."""

    def __init__(self) -> None:
        self.items: list[Item] = []

    def text(self, key: Any, text: str, size: int, color: RGB, pos: tuple[int, int], anchor: str = "topleft",
             bold: bool = False,
             z: float = 2000) -> pygame.Rect:
        surf = T.render(text, size, color, bold)
        r = surf.get_rect(**{anchor: pos})
        self.items.append(Item(key, z, r, (text, size, color, r.topleft, bold), blit_at(surf, r)))
        return r

    def dot(self, key: Any, color: RGB, center: tuple[int, int], radius: int) -> None:
        r = pygame.Rect(0, 0, 2 * radius + 2, 2 * radius + 2)
        r.center = center
        self.items.append(Item(key, 2000, r, (color, center, radius),
                               partial(_circle, color=color, center=center, radius=radius)))


def text_items(sc: "LineitTableView") -> list[Item]:
    """Names, scores, counts and the log, as layer items (remade only when the game or the window changed)."""
    st = sc.ctrl.state
    key = (i18n.current_language(), id(st), len(st.history), sc.viewer, len(sc.log), id(sc.log[-1]) if sc.log else 0,
           table_geo(sc).lay, sc.hotseat, sc.ctrl.current, sc.log_scroll, id(sc.log_hover), log_bottom(sc))
    paint = sc.paint
    if paint.text_cache is None or paint.text_cache[0] != key:
        paint.text_cache = (key, _text_items(sc))
    return paint.text_cache[1]


def _text_items(sc: "LineitTableView") -> list[Item]:
    geo = table_geo(sc)
    lay = geo.lay
    ctrl = sc.ctrl
    spec = ctrl.spectator()
    cur = ctrl.current
    out = Sink()
    held = sc.paint.seat_texts
    if held is None or held[0] is not geo or len(held[1]) > 256:
        held = sc.paint.seat_texts = (geo, {})
    cache = held[1]
    for g in geo.opponents + [geo.me]:
        p = g.seat
        seat = spec["seats"][p]
        kind = ctrl.seats[p].get("kind")
        # a seat's texts change only with what they say: most moves touch one or two seats
        key = (p, i18n.current_language(), lay, sc.hotseat, p == cur, p == sc.viewer, ctrl.name(p), kind,
               ctrl.seats[p].get("level"), seat["score"], tuple(seat["line"]) if g.big else seat["hand_count"],
               id(sc.last_said.get(p)))
        got = cache.get(key)
        if got is None:
            got = cache[key] = _seat_items(sc, g, seat, p == cur)
        out.items.extend(got)
    # one size and one form for the four piles: "12 cards" where every label fits with a gap to
    # its neighbours at a size that reads, else the counts alone (the tooltip says what they count)
    room = lay.px(geo.log_w / 4) - max(JACK_GAP_PX, lay.px(24))
    counts = {suit: len(spec["jackpots"][suit]) for suit in SUIT_ORDER}
    labels = {suit: ngettext("{n} card", "{n} cards", n).format(n=n) for suit, n in counts.items()}
    base = font_px(lay, 22)
    size = min(fit_size(label, base, room, True) for label in labels.values())
    if size < min(base, JACK_WORDS_PX) or any(text_width(label, size, True) > room for label in labels.values()):
        labels = {suit: str(n) for suit, n in counts.items()}
        size = base
    for suit, n in counts.items():
        out.text(("jack", suit), labels[suit], size, C.TEXT if n else C.TEXT_DIM,
                 (geo.jackpots[suit].centerx, geo.jackpots[suit].bottom + lay.px(6)), "midtop", bold=bool(n))
    for g in geo.opponents:
        strip = number_strip(sc, g, spec["seats"][g.seat]["line"])
        if strip:
            text, size, pos = strip
            out.text(("strip", g.seat), text, size, C.TEXT, pos, "midtop", bold=True)
    rounds = round_text(spec, ctrl.players)
    if rounds:
        market_label = middle_labels(geo)[1]
        x = market_label[2][0] + text_width(market_label[0], market_label[1], True) + max(lay.px(30), 12)
        room = geo.jack_label[0] - x - lay.px(20)
        size = fit_size(rounds, font_px(lay, 24), room)
        if text_width(rounds, size) <= room:
            out.text("rounds", rounds, size, C.TEXT_DIM, (x, market_label[2][1]), "bottomleft")
    entries = log_entries(sc)
    inner = geo.log.inflate(-lay.px(8), 0)
    inner.y, inner.h = geo.log.y + lay.px(8), geo.log.h - lay.px(10)     # the title row too: the "older" mark sits there
    out.items.append(Item("log", 2000, inner, (i18n.current_language(), tuple(entries), sc.log_scroll,
                                               id(sc.log_hover)),
                          partial(_draw_log_on, sc=sc, entries=entries)))
    return out.items





def name_rects(sc: "LineitTableView", seat: int) -> list[pygame.Rect]:
    """Where `seat`'s dot, name, level and score are drawn, and the viewer's line rule beside them
    (what a tip must leave in view)."""
    viewer = table_geo(sc).me.seat
    return [item.rect for item in text_items(sc) if (isinstance(item.key, tuple) and len(item.key) == 2
            and item.key[0] in ("dot", "name", "tag", "score") and item.key[1] == seat)
            or (item.key == "rule" and seat == viewer)]


def _seat_items(sc: "LineitTableView", g: SeatGeom, seat: dict[str, Any], active: bool) -> list[Item]:
    """The name, level, score and line rule (or hand count) of one seat, as layer items."""
    lay = table_geo(sc).lay
    ctrl = sc.ctrl
    out = Sink()
    p = g.seat
    out.dot(("dot", p), seat_color(p), (g.name_pos[0] + lay.px(8), g.name_pos[1]), lay.px(8))
    name = ctrl.name(p)
    tag = sc.seat_tag(p, level_label(ctrl.seats[p].get("level")))     # you / player / the bot's level
    score = points_label(seat["score"])
    sw = text_width(score, g.font, True)
    room = g.score_pos[0] - sw - lay.px(12) - (g.name_pos[0] + lay.px(24))
    nsize = fit_size(name, g.font, room, True)
    nr = out.text(("name", p), name, nsize, C.TEXT, (g.name_pos[0] + lay.px(24), g.name_pos[1]), "midleft", bold=True)
    tsize = max(MIN_PX, int(g.font * 0.75))
    right = g.score_pos[0] - sw - lay.px(12)
    said = _said(sc, g, out)
    if nr.right + lay.px(10) + text_width(tag, tsize) <= right:
        out.text(("tag", p), tag, tsize, C.TEXT_DIM, (nr.right + lay.px(10), g.name_pos[1]), "midleft")
    elif not g.big and not said:   # a narrow panel: the level goes under the line (the last move's place)
        out.text(("tag", p), tag, max(MIN_PX, int(g.font * 0.7)), C.TEXT_DIM, (g.panel.right - lay.px(64), g.hand.y - lay.px(2)),
                 "bottomright")
    out.text(("score", p), score, g.font, C.ACCENT if active else C.TEXT, g.score_pos, "midright", bold=True)
    if g.big:
        rule = line_rule(seat["line"])
        if rule:
            out.text("rule", rule, max(MIN_PX, int(g.font * 0.8)), C.TEXT_DIM, (g.line.centerx, g.name_pos[1]), "center")
    else:
        label = _("hand {n}").format(n=seat["hand_count"])
        out.text(("hand", p), label, max(MIN_PX, int(g.font * 0.7)), C.TEXT_DIM, (g.hand.x, g.hand.y - lay.px(2)), "bottomleft")
    return out.items


def strip_area(sc: "LineitTableView") -> pygame.Rect:
    """Where an online table's strip (chat, whose move) goes: the row of the middle labels, after
    the market's label and the rounds, before the jackpots' label (over the opponents' panels it
    hid the name and score of the seat at the top left)."""
    geo = sc.geo
    assert geo is not None
    lay = geo.lay
    text, size, (x, bottom) = middle_labels(geo)[1]
    x += text_width(text, size, True) + max(lay.px(30), 12)
    rounds = round_text(sc.ctrl.spectator(), sc.ctrl.players)
    if rounds:
        x += text_width(rounds, fit_size(rounds, font_px(lay, 24), geo.jack_label[0] - x - lay.px(20))) \
            + max(lay.px(30), 12)
    h = max(lay.px(36), MIN_PX + 8)
    return pygame.Rect(x, bottom - h + lay.px(4), max(0, geo.jack_label[0] - lay.px(20) - x), h)


def round_text(spec: dict[str, Any], players: int) -> str:
    """"Round 6 · 7 more rounds": the round and the markets the draw pile still holds (the engine
    counts them); "" in the final plays (the heading says them)."""
    if spec["phase"] != "turn":
        return ""
    left = lineit.rounds_left(spec["draw_pile"], players)
    if not left:
        return _("Round {n} · the last round").format(n=spec["round"])
    return ngettext("Round {n} · {left} more round", "Round {n} · {left} more rounds", left).format(
        n=spec["round"], left=left)


def number_strip(sc: "LineitTableView", g: SeatGeom, line: list[str]) -> tuple[str, int, tuple[int, int]] | None:
    """Another seat's line numbers in a row under its cards, where the cards overlap so much that
    their numbers hide (800×600, long lines): (text, px, midtop), or None."""
    geo = table_geo(sc)
    if not geo.strip or len(line) < 2:
        return None
    step = g.line_pos(1, len(line))[0] - g.line_pos(0, len(line))[0]
    if step >= card_w(g.card_h) * 0.7:
        return None
    text = " ".join(texts.card_label(c).replace(" ", "") if c.startswith("B") else c for c in line)
    size = fit_size(text, font_px(geo.lay, 24), g.line.w, True)
    if text_width(text, size, True) > g.line.w:
        text = "\u2026 " + " ".join(line[-6:])
        size = fit_size(text, font_px(geo.lay, 24), g.line.w, True)
    return text, size, (g.line.centerx, g.line.bottom + geo.lay.px(2))


def _said(sc: "LineitTableView", g: SeatGeom, out: Sink) -> bool:
    """Another seat's last move, in its colour, in the row over its hand ("took 57 to the line"; a
    short form where that does not fit at 11 px); False when it has not moved yet."""
    p = g.seat
    if g.big or p not in sc.last_said:
        return False
    lay = table_geo(sc).lay
    e = sc.last_said[p]
    x = g.hand.x + text_width(_("hand {n}").format(n=9), max(MIN_PX, int(g.font * 0.7))) + lay.px(16)
    room = g.panel.right - lay.px(14) - x
    for text in (texts.move_words(e), texts.move_words(e, short=True)):
        size = fit_size(text, max(MIN_PX, int(g.font * 0.75)), room, True)
        if text_width(text, size, True) <= room:
            out.text(("said", p), text, size, seat_color(p), (g.panel.right - lay.px(14), g.hand.y - lay.px(2)),
                     "bottomright", bold=True)
            return True
    return False


def _frame_strips(r: pygame.Rect, t: int) -> list[pygame.Rect]:
    """The four bands, `t` thick, along the inside of `r`: all an outline drawn round `r` touches.

    (Copying the bands back costs a fraction of copying the whole panel every frame.)
    """
    if 2 * t >= min(r.w, r.h):
        return [r]
    return [pygame.Rect(r.x, r.y, r.w, t), pygame.Rect(r.x, r.bottom - t, r.w, t),
            pygame.Rect(r.x, r.y + t, t, r.h - 2 * t), pygame.Rect(r.right - t, r.y + t, t, r.h - 2 * t)]


def draw_dynamic(sc: "LineitTableView", surface: pygame.Surface) -> list[pygame.Rect]:
    """What moves or changes every frame; returns the rectangles it drew on."""
    geo = table_geo(sc)
    lay = geo.lay
    board = sc.board
    ctrl = sc.ctrl
    spec = ctrl.spectator()
    pulse = 0.5 + 0.5 * math.sin(sc.clock * 5.0)
    cur = ctrl.current
    drawn: list[pygame.Rect] = []
    pad = lay.px(8)
    if cur is not None:
        g = geo.seat(cur)
        width, radius = max(2, lay.px(3)), lay.px(18 if g.big else 16)
        pygame.draw.rect(surface, C.ACCENT, g.panel, width, border_radius=radius)
        drawn.extend(_frame_strips(g.panel.inflate(pad, pad), max(width, radius) + pad))
    if cur is not None and sc.thinking(cur):      # a bot is deciding (never in a replay)
        g = geo.seat(cur)
        score = points_label(spec["seats"][cur]["score"])
        right = g.score_pos[0] - text_width(score, g.font, True) - lay.px(16)
        text = _("thinking") + "." * (1 + int(sc.clock * 3) % 3)
        size = max(MIN_PX, int(g.font * 0.75))
        name_right = g.name_pos[0] + lay.px(34) + text_width(ctrl.name(cur), g.font, True)
        if right - text_width(_("thinking") + "...", size) >= name_right:
            r = T.blit_text(surface, text, size, C.ACCENT, (right, g.score_pos[1]), "midright")
            drawn.append(r.inflate(text_width("...", size) * 2, pad))
        # the seat's dot pulses while its bot thinks
        c = (g.name_pos[0] + lay.px(8), g.name_pos[1])
        pygame.draw.circle(surface, seat_color(cur), c, lay.px(8 + 4 * pulse), max(1, lay.px(2)))
        ring = pygame.Rect(0, 0, lay.px(30), lay.px(30))
        ring.center = c
        drawn.append(ring)
    me = geo.me
    moving = sc.drag or sc.selected
    targets = sc.legal_targets(moving) if moving is not None else set()
    for zone, rect in (("line", me.line.inflate(lay.px(16), lay.px(16))), ("hand", me.hand.inflate(lay.px(16), lay.px(16)))):
        if zone in targets:
            col = C.mix(P.LEGAL, P.WHITE, 0.35 * pulse)
            pygame.draw.rect(surface, col, rect, max(2, lay.px(3 + 3 * pulse)), border_radius=lay.px(14))
            drawn.append(rect.inflate(pad, pad))
        if sc.flash_zone and sc.flash_zone[0] == zone:
            pygame.draw.rect(surface, P.ILLEGAL, rect, max(2, lay.px(5)), border_radius=lay.px(14))
            drawn.append(rect.inflate(pad, pad))
    dyn = [s for s in board.sprites.values() if s is not sc.drag and is_dynamic(sc, s)] + board.flying
    board.draw_cards(surface, _glow(sc), skip=sc.drag, which=lambda s: is_dynamic(sc, s), flying=True)
    if sc.drag is not None:
        sc.drag.draw(surface, board.images, GLOW_SELECT)
        dyn.append(sc.drag)
    for s in dyn:
        r = s.rect()
        drawn.append(r.inflate(r.h // 3, r.h // 3))
    if board.tokens_busy:
        board.draw_tokens(surface, first=board.first.tween is not None)
        for ts in board.tokens:
            for t in ts:
                r = pygame.Rect(0, 0, int(t.h * 1.3) + 4, int(t.h * 1.3) + 4)
                r.center = (int(t.x), int(t.y))
                drawn.append(r)
    elif board.first.tween is not None:
        board.first.draw(surface, board.images)
    if board.first.tween is not None or board.tokens_busy:
        t = board.first
        r = pygame.Rect(0, 0, int(t.h * 1.3) + 4, int(t.h * 1.3) + 4)
        r.center = (int(t.x), int(t.y))
        drawn.append(r)
    if sc.hint is not None and sc.my_turn():
        box = draw_hint_facts(sc, surface)
        if box is not None:
            drawn.append(box)
    if sc.zoom_seat is not None and sc.tips_shown():
        drawn.append(draw_zoom(sc, surface, sc.zoom_seat))
    if sc.tip is not None and sc.tips_shown():      # never under a dialog (the close confirmation)
        drawn.append(draw_tip(sc, surface, *sc.tip))
    return drawn


class FactsBox(NamedTuple):
    """The hint's facts as laid out: the box at the bottom of the log and its lines (text, bold)."""

    rect: pygame.Rect
    lines: tuple[tuple[str, bool], ...]
    size: int
    lh: int
    pad: int


_FACTS: dict[tuple, FactsBox] = {}


def facts_box(sc: "LineitTableView") -> FactsBox | None:
    """Where the facts of the hint shown go (the bottom of the log, which ends above them), or
    None: no hint shown, or one without facts."""
    if sc.hint is None or not sc.my_turn():
        return None
    facts = texts.hint_facts(sc.hint)
    if not facts:
        return None
    geo = table_geo(sc)
    key = (tuple(facts), i18n.current_language(), geo.lay, geo.log.topleft, geo.log.size)
    got = _FACTS.get(key)
    if got is not None:
        return got
    lay = geo.lay
    size = font_px(lay, 22)
    lh = int(size * 1.25)
    pad = max(lay.px(14), 6)
    width = geo.log.w - 2 * pad - lay.px(16)
    lines: list[tuple[str, bool]] = [(_("After this move:"), True)]
    for fact in facts:
        for i, line in enumerate(T.wrap(fact, size, width - lay.px(20))):
            lines.append((("\u2022 " if i == 0 else "   ") + line, False))
    # at most about half the entries' room: the newest entries stay in sight above it
    room = geo.log.bottom - log_top(sc) - lay.px(8)
    h = min(len(lines) * lh + 2 * pad, max(lh + 2 * pad, room * 55 // 100))
    box = pygame.Rect(geo.log.x + lay.px(8), 0, geo.log.w - lay.px(16), h)
    box.bottom = geo.log.bottom - lay.px(8)
    if len(_FACTS) > 50:
        _FACTS.clear()
    got = _FACTS[key] = FactsBox(box, tuple(lines), size, lh, pad)
    return got


def draw_hint_facts(sc: "LineitTableView", surface: pygame.Surface) -> pygame.Rect | None:
    """What the hinted move leaves (the hint's facts: numbers that still fit, the bet, the
    jackpots), in a box at the bottom of the log while the hint shows; None without facts."""
    fb = facts_box(sc)
    if fb is None:
        return None
    lay = table_geo(sc).lay
    box = fb.rect
    _alpha_rect(surface, box, (20, 24, 30), 255, lay.px(10))   # opaque: the log under it showed through
    pygame.draw.rect(surface, GLOW_HINT, box, max(1, lay.px(2)), border_radius=lay.px(10))
    y = box.y + fb.pad
    for text, bold in fb.lines:
        if y + fb.lh > box.bottom:
            break
        T.blit_text(surface, text, fb.size, GLOW_HINT if bold else C.TEXT, (box.x + fb.pad, y), "topleft", bold=bold)
        y += fb.lh
    return box.inflate(lay.px(4), lay.px(4))


def draw_zoom(sc: "LineitTableView", surface: pygame.Surface, seat: int) -> pygame.Rect:
    """An opponent's long line, card by card without overlap, under its panel (mouse over the line)."""
    geo = table_geo(sc)
    lay = geo.lay
    g = geo.seat(seat)
    line = sc.ctrl.spectator()["seats"][seat]["line"]
    pad, gap = lay.px(14), lay.px(6)
    room = surface.get_width() - 2 * lay.px(10) - 2 * pad
    h = min(int(g.card_h * 1.25), int((room + gap) / max(1, len(line)) - gap) * 168 // 120)
    w = card_w(h)
    box = pygame.Rect(0, 0, len(line) * (w + gap) - gap + 2 * pad, h + 2 * pad)
    box.midtop = (g.panel.centerx, g.line.bottom + lay.px(8))
    box.clamp_ip(surface.get_rect().inflate(-lay.px(20), -lay.px(20)))
    _alpha_rect(surface, box, C.PANEL, 240, lay.px(14))
    pygame.draw.rect(surface, seat_color(seat), box, max(2, lay.px(3)), border_radius=lay.px(14))
    mark = sc.last_moves.get(seat)
    for i, card in enumerate(line):
        r = pygame.Rect(box.x + pad + i * (w + gap), box.y + pad, w, h)
        if mark is not None and mark[0] == card and mark[1][0] == "line":
            glow = sc.board.images.tinted("card-glow", h + 2 * max(1, h * 8 // 168), seat_color(seat))
            surface.blit(glow, glow.get_rect(center=r.center))
        img = sc.board.images.get(f"bet:{card}" if card.startswith("B") else f"card:{card}", h)
        surface.blit(img, img.get_rect(center=r.center))
    return box.inflate(lay.px(8), lay.px(8))


def draw_tip(sc: "LineitTableView", surface: pygame.Surface, target: pygame.Rect, text: str) -> pygame.Rect:
    """A tooltip by `target`: below it when there is room, else above; inside the window."""
    lay = table_geo(sc).lay
    size = font_px(lay, 22)
    lines = T.wrap(text, size, lay.px(480))
    lh = int(size * 1.3)
    pad = lay.px(12)
    box = pygame.Rect(0, 0, max(T.width(x, size) for x in lines) + 2 * pad, len(lines) * lh + 2 * pad)
    box.midtop = (target.centerx, target.bottom + lay.px(8))
    if box.bottom > surface.get_height() - lay.px(8):
        box.midbottom = (target.centerx, target.top - lay.px(8))
    box.clamp_ip(surface.get_rect().inflate(-lay.px(16), -lay.px(16)))
    _alpha_rect(surface, box, (20, 24, 30), 235, lay.px(10))
    pygame.draw.rect(surface, C.ACCENT, box, max(1, lay.px(2)), border_radius=lay.px(10))
    pygame.draw.rect(surface, C.ACCENT, target.inflate(lay.px(6), lay.px(6)), max(1, lay.px(2)),
                     border_radius=lay.px(8))
    for i, line in enumerate(lines):
        T.blit_text(surface, line, size, C.TEXT, (box.x + pad, box.y + pad + i * lh), "topleft")
    return box.union(target.inflate(lay.px(10), lay.px(10))).inflate(lay.px(4), lay.px(4))


def control_items(sc: "LineitTableView") -> list[Item]:
    """The status line and the buttons, as layer items: repainted only when their text or
    state changes (a hover eases in over a few frames), not copied back and drawn every frame."""
    geo = table_geo(sc)
    lay = geo.lay
    pad = lay.px(8)
    text, color = status_text(sc)
    keys = sc.my_turn() and not sc.demo
    status = pygame.Rect(geo.status.x - pad, geo.status.y - pad, geo.status.w + 2 * pad,
                         geo.buttons.y - geo.status.y + pad)
    items = [Item("status", 3000, status, (text, color, keys, i18n.current_language(), lay),
                  lambda surface: draw_status(sc, surface))]
    for i, b in enumerate(sc.buttons):
        if b.visible:
            desc = (tuple(b.rect), round(b.glow, 3), round(b.pressed, 3), b.enabled, b.focused, b.hover,
                    label_text(b.label), i18n.current_language())
            items.append(Item(("button", i), 3001, b.rect.inflate(lay.px(24), lay.px(28)), desc,
                              partial(b.draw, lay=lay)))
    return items


def status_text(sc: "LineitTableView") -> tuple[str, tuple[int, int, int]]:
    ctrl = sc.ctrl
    spec = ctrl.spectator()
    if sc.refused is not None:
        return sc.refused.what, P.ILLEGAL
    if sc.notice is not None and sc.my_turn():
        return sc.notice.what + " " + instruction(sc), C.TEXT
    if sc.hint is not None and sc.my_turn():
        return _("Hint: {action} — {reason}").format(action=texts.action_label(sc.hint["action"]),
                                                     reason=texts.bot_reason(sc.hint)), GLOW_HINT
    if sc.hint_wanted and sc.my_turn():
        return _("Looking for a good move…"), C.TEXT_DIM
    if sc.my_turn():
        if not spec["turn"]["taken"] and spec["phase"] != "final" and ctrl.legal() == {lineit.ACTION_CLOSE}:
            return instruction(sc), P.ACCENT
        return instruction(sc), C.TEXT
    return sc.others_turn_text(), (C.ACCENT if ctrl.state.is_over else C.TEXT_DIM)   # from the seats' drivers


def instruction(sc: "LineitTableView") -> str:
    """What is left to do this turn, from what the engine allows now (so it is right after an undo too)."""
    ctrl = sc.ctrl
    spec = ctrl.spectator()
    legal = ctrl.legal()
    can_play = any(a.kind == "play" for a in legal)
    if spec["phase"] == "final":
        return _("Final plays: drag a card from your hand onto your line, or pass.") if can_play else \
            _("Final plays: no card of your hand fits your line; you pass.")
    if not spec["turn"]["taken"]:
        if legal == {lineit.ACTION_CLOSE}:
            return _("No market card fits your line, and your hand is full: close your line first. "
                     "The card you take then starts your new line.")
        if spec["turn"]["closed"]:
            return _("Line closed. Now take a market card: it starts your new line or goes into your hand.")
        return _("Your turn: drag a market card onto your line or into your hand.")
    can_close = lineit.ACTION_CLOSE in legal
    if can_play and can_close:
        return _("You may play a card from your hand or close your line, then end your turn.")
    if can_play:
        return _("You may play a card from your hand, then end your turn.")
    if can_close:
        return _("You may close your line, then end your turn.")
    return _("Nothing is left to do: end your turn.")


def draw_status(sc: "LineitTableView", surface: pygame.Surface) -> None:
    """The status above the buttons, and the key help under it (`status_layout`)."""
    geo = table_geo(sc)
    (size, lines, color, bold), keys = status_layout(sc)
    y = geo.status.y + geo.lay.px(6)
    for line in lines:
        T.blit_text(surface, line, size, color, (geo.status.x, y), "topleft", bold=bold)
        y += int(size * 1.3)
    for line, pos, key_px in keys:
        T.blit_text(surface, line, key_px, C.TEXT_DIM, pos, "bottomleft")


def status_layout(sc: "LineitTableView") -> tuple[tuple[int, list[str], RGB, bool], list[tuple[str, tuple[int, int], int]]]:
    """(size, lines, colour, bold) of the status, and each line of key help with its bottom-left
    corner and size. The status never runs into the keys: it gets smaller first, and if it still
    needs the room, the key help makes way."""
    geo = table_geo(sc)
    lay = geo.lay
    text, color = status_text(sc)
    bold = color == P.ILLEGAL
    top = geo.status.y + lay.px(6)
    bottom = geo.buttons.y - lay.px(8)
    keys = key_lines(sc) if sc.my_turn() and not sc.demo else None
    room = bottom - top - (len(keys[0]) * int(keys[1] * KEYS_LEADING) if keys else 0)
    size, lines, whole = T.fit_lines(text, font_px(lay, 28), geo.status.w, room, bold)
    if keys and not whole:
        keys = None
        size, lines, whole = T.fit_lines(text, font_px(lay, 28), geo.status.w, bottom - top, bold)
    placed = []
    if keys:
        step = int(keys[1] * KEYS_LEADING)
        n = len(keys[0])
        placed = [(line, (geo.status.x, bottom - (n - 1 - k) * step), keys[1]) for k, line in enumerate(keys[0])]
    return (size, lines, color, bold), placed


KEYS_LEADING = 1.25      # the key help's line height, in font sizes
KEYS_MAX_LINES = 2       # the key help takes at most this many lines (800×600: two at 11 px)
# the keys and what they do, each shown while it does something now (`key_parts`)
KEY_PARTS = (("take", N_("1–8 market")), ("play", N_("Q W hand")), ("line", N_("L line")),
             ("hand", N_("H hand")), ("close", N_("C close")), ("end", N_("E end")), ("undo", N_("U undo")),
             (None, N_("T hint, A play it")), (None, N_("R recap")), (None, N_("I what is this?")))


def key_parts(sc: "LineitTableView") -> list[str]:
    """The keys that do something in the turn at hand, in words (all of them at once ran out of
    the status box at 800×600, cut after "C close" in French)."""
    legal = sc._legal()
    can = {"take": any(a.startswith("take") for a in legal), "play": any(a.startswith("play") for a in legal),
           "line": any(a.startswith("play") or a.endswith(" line") for a in legal),
           "hand": any(a.startswith("take") and a.endswith(" hand") for a in legal),
           "close": str(lineit.ACTION_CLOSE) in legal, "end": bool(legal & {str(lineit.ACTION_END), str(lineit.ACTION_PASS)}),
           "undo": sc.ctrl.undo_action() is not None}
    return [_(msgid) for need, msgid in KEY_PARTS if need is None or can[need]]


def key_lines(sc: "LineitTableView") -> tuple[list[str], int] | None:
    """The key help packed into at most two lines of the status box's width, whole keys to a line,
    at the largest size that fits (never under 11 px), said to be keys where that fits too (in
    German at 800×600 a turn with nine keys fits two lines only without "Tasten:"); None where it
    cannot fit."""
    geo = table_geo(sc)
    parts = key_parts(sc)
    labelled = [_("Keys: {keys}").format(keys=parts[0])] + parts[1:]
    for shown in (labelled, parts):
        for size in range(max(MIN_PX, font_px(geo.lay, 19)), MIN_PX - 1, -1):
            lines = pack_parts(shown, size, geo.status.w)
            if lines is not None and len(lines) <= KEYS_MAX_LINES:
                return lines, size
    return None


def pack_parts(parts: list[str], size: int, width: int) -> list[str] | None:
    """`parts` joined by " · " into lines of `width` at `size`, never splitting a part (None: one is
    wider than a line)."""
    lines: list[str] = []
    for part in parts:
        if lines and text_width(lines[-1] + " · " + part, size) <= width:
            lines[-1] += " · " + part
        elif text_width(part, size) <= width:
            lines.append(part)
        else:
            return None
    return lines


_LOG_LINES: dict[tuple, tuple] = {}


def log_entries(sc: "LineitTableView") -> list[tuple]:
    """The log entries that fit the panel, from `sc.log_scroll` back: (entry, lines, y), bottom up."""
    geo = table_geo(sc)
    lay = geo.lay
    r = geo.log
    size = font_px(lay, 21)
    lh = log_line_px(lay)
    top = log_top(sc)
    # scrolled back: the "newer entries" mark has its own row under the entries; a hint's facts
    # take the bottom of the panel, and the entries end above them
    y = log_bottom(sc) - lay.px(12) - (newer_mark_h(lay) if sc.log_scroll else 0)
    width = r.w - lay.px(36) - max(lay.px(30), 14)    # the "older entries" mark keeps the right edge
    out = []
    lang = i18n.current_language()
    shown = sc.log[:len(sc.log) - sc.log_scroll]
    for entry in reversed(shown):
        key = (entry, lang, size, width)       # the entry itself is in the key: its id is never reused
        lines = _LOG_LINES.get(key)
        if lines is None:
            if len(_LOG_LINES) > 400:
                _LOG_LINES.clear()
            lines = _LOG_LINES[key] = tuple(T.wrap(entry.text(), size, width))
        h = len(lines) * lh + max(2, lay.px(4))
        if y - h < top:
            keep = (y - top) // lh          # the oldest entry shown: its last lines that fit
            if keep > 0:
                out.append((entry, lines[len(lines) - keep:], y - keep * lh))
            break
        y -= h
        out.append((entry, lines, y))
    return out


LOG_TITLE_SIZE = 26     # logical px of the log's title


def log_title_px(lay: Any, size: float = LOG_TITLE_SIZE) -> int:
    return font_px(lay, size)


def log_top(sc: "LineitTableView") -> int:
    """The top of the log's entries: under its title row and its buttons (a row of their own
    where the title would not fit beside them)."""
    geo = table_geo(sc)
    lay = geo.lay
    buttons = max(geo.menu_button.bottom, sc.b_menu.rect.bottom, sc.b_recap.rect.bottom)
    return geo.log.y + max(lay.px(58), buttons - geo.log.y + lay.px(4))


def log_bottom(sc: "LineitTableView") -> int:
    """The bottom of the log's entries: the panel's, or the top of a hint's facts box over it."""
    fb = facts_box(sc)
    return table_geo(sc).log.bottom if fb is None else fb.rect.top


def log_title(sc: "LineitTableView") -> tuple[str, int]:
    """The log's title and its size: its own size where Menu and Recap sit beside it or under it
    (`TableScene.layout` chooses), smaller only if even the whole row is too narrow, and left out
    where even 11 px is too wide (the panel still reads as the log)."""
    geo = table_geo(sc)
    lay = geo.lay
    title = _("Game log")
    beside = [b for b in (sc.b_recap, sc.b_menu) if b.visible and b.rect.y < geo.log.y + lay.px(30)]
    right = min((b.rect.x for b in beside), default=geo.log.right - lay.px(6))
    room = right - geo.log.x - lay.px(26)
    size = fit_size(title, log_title_px(lay), room, True)
    return (title, size) if text_width(title, size, True) <= room else ("", size)


def log_line_px(lay: Any) -> int:
    """The height of one line of the log."""
    return int(font_px(lay, 21) * 1.16)


def newer_mark_h(lay: Any) -> int:
    """The height of the row the "newer entries" mark takes under a log scrolled back."""
    return log_line_px(lay) + lay.px(6)


def _draw_log_on(surface: pygame.Surface, sc: "LineitTableView", entries: list[tuple[Any, ...]]) -> None:
    draw_log(sc, surface, entries)


def _circle(surface: pygame.Surface, color: tuple[int, int, int], center: tuple[int, int], radius: int) -> None:
    pygame.draw.circle(surface, color, center, radius)


def draw_log(sc: "LineitTableView", surface: pygame.Surface, entries: list[tuple]) -> None:
    geo = table_geo(sc)
    lay = geo.lay
    r = geo.log
    size = font_px(lay, 21)
    lh = log_line_px(lay)
    for entry, lines, y in entries:
        seat = entry.seat
        color = seat_color(seat) if seat is not None else C.TEXT_DIM
        if entry is sc.log_hover:
            band = pygame.Rect(r.x + lay.px(8), y - lay.px(2), r.w - lay.px(16), len(lines) * lh + lay.px(4))
            _alpha_rect(surface, band, C.ACCENT, 40, lay.px(6))
        pygame.draw.circle(surface, color, (r.x + lay.px(22), y + lh // 2), lay.px(5))
        yy = y
        for line in lines:
            T.blit_text(surface, line, size, C.TEXT if seat is not None else C.TEXT_DIM, (r.x + lay.px(36), yy), "topleft")
            yy += lh
    # more below: the log is scrolled back; more above: older entries
    if sc.log_scroll:
        label = _("▼ newer entries (End)")
        T.blit_text(surface, label, fit_size(label, size, r.w - lay.px(40), False, 11), C.ACCENT,
                    (r.centerx, log_bottom(sc) - lay.px(4)), "midbottom")
    if entries and len(entries) + sc.log_scroll < len(sc.log):
        # older entries above: a mark at the right of the top entry (wheel, drag, Page Up)
        T.blit_text(surface, "▲", font_px(lay, 20), C.TEXT_DIM, (r.right - lay.px(8), entries[-1][2]), "topright")


_FIT: dict[tuple, int] = {}
_WIDTH: dict[tuple, int] = {}


def text_width(text: str, size: int, bold: bool = False) -> int:
    """`T.width`, kept (names, scores and labels are measured again at every move)."""
    key = (text, size, bold)
    w = _WIDTH.get(key)
    if w is None:
        if len(_WIDTH) > 2000:
            _WIDTH.clear()
        w = _WIDTH[key] = T.width(text, size, bold)
    return w


def fit_size(text: str, size: int, max_w: int, bold: bool = False, floor: int = MIN_PX) -> int:
    """The largest font size <= `size` at which `text` is at most `max_w` pixels wide."""
    key = (text, size, max_w, bold, floor)
    got = _FIT.get(key)
    if got is not None:
        return got
    start = size
    while size > floor and T.width(text, size, bold) > max_w:
        size -= 1
    if len(_FIT) > 2000:
        _FIT.clear()
    _FIT[(text, start, max_w, bold, floor)] = size
    return size
