"""The engine state as sprites: where each card belongs, staged animation, drawing.

`Board.sync(views, viewer, first_seat)` is called after every action with the
engine's views (one per seat; a seat's hand identities are needed to follow
its cards, but only the viewer's hand is ever drawn face up). It works out
the target of every card and gives each move a start time by its kind, so an
action reads as a short sequence:

    0  the main move: market -> line or hand, hand -> line
    1  jackpot sweeps into a stack, three discards leave, the bet card turns
       into its token
    2  the rest of a closed line flies to the stack
    3  round end: market leftovers to the jackpots, the first-player token
    4  the new market is dealt from the draw pile (face down, flipped in flight)

Nothing here decides anything: the engine state has already changed.
"""
from __future__ import annotations

import pygame
import pytweening

from game import palette as P
from game.ui import text as T

from .geometry import SUIT_ORDER, TableGeometry, card_w, font_px
from .sprites import CardSprite, Images, TokenSprite, drawn_height, token_of

PHASE_SECONDS = (0.42, 0.42, 0.42, 0.45, 0.40)
DEAL_STAGGER = 0.07


class Board:
    """All card sprites of one table and the piles drawn as counts."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.images = Images()
        self.sprites: dict[str, CardSprite] = {}
        self.flying: list[CardSprite] = []          # on their way to a stack or out of the game
        self.geo: TableGeometry | None = None
        self.views: list[dict] | None = None
        self.viewer = 0
        #: every seat's hand face up (the replay viewer at the end of a game); else only the viewer's
        self.open_hands = False
        self.first = TokenSprite("first-player", (0, 0), 10)
        self.tokens: list[list[TokenSprite]] = [[] for _ in range(players)]
        self.token_values: list[list[int]] = [[] for _ in range(players)]
        self.incoming = [0] * players               # sprites flying to each stack
        self.speed = 1.0
        self.busy_until = 0.0                       # seconds of animation still queued
        self.round_market: list[str] = []           # a loaded game: the market as dealt, for its places
        self.active: set[str] = set()               # cards moved since the table last came to rest
        self.active_version = 0
        self.clock = 0.0

    # ------------------------------------------------------------ placing
    def _dur(self, phase: int) -> float:
        return 0.0 if self.speed <= 0 else PHASE_SECONDS[phase] / self.speed

    def set_geometry(self, geo: TableGeometry) -> None:
        """A new window size or viewer: every sprite jumps to its new place."""
        self.geo = geo
        if self.views is not None:
            self.sync(self.views, self.viewer, instant=True)

    def set_tokens(self, values: list[list[int]]) -> None:
        self.token_values = [list(v) for v in values]
        self.tokens = [[] for _ in range(self.players)]
        if self.geo is not None:
            for p in range(self.players):
                for v in self.token_values[p]:
                    self._add_token(p, v, 0.0, 0.0)

    def _token_name(self, v: int) -> str:
        return f"token:{'+' if v > 0 else '-'}{abs(v)}"

    def _token_pos(self, p: int, i: int, n: int | None = None) -> tuple[int, int]:
        """Centre of token `i` of seat `p`: side by side, overlapping only when there is no room."""
        g = self.geo.seat(p)
        n = max(n if n is not None else len(self.token_values[p]), i + 1)
        room = (g.first[0] - g.token_h) - g.tokens[0] - g.token_h if not g.big else g.token_h * 4
        step = min(int(g.token_h * 1.08), int(room / max(1, n - 1))) if n > 1 else 0
        return (g.tokens[0] + g.token_h // 2 + i * step, g.tokens[1])

    def _add_token(self, p: int, v: int, delay: float, dur: float) -> None:
        g = self.geo.seat(p)
        n = len(self.tokens[p]) + 1
        for i, old in enumerate(self.tokens[p]):
            old.move_to(self._token_pos(p, i, n), g.token_h, dur)
        t = TokenSprite(self._token_name(v), self._token_pos(p, n - 1, n), g.token_h)
        t.appear(dur, delay)
        self.tokens[p].append(t)

    def _place(self, zone: tuple, i: int, n: int) -> tuple[tuple[int, int], int]:
        geo = self.geo
        kind = zone[0]
        if kind == "market":
            slots = geo.market_slots(self.players + 2)
            return slots[min(i, len(slots) - 1)], geo.market_h
        if kind == "line":
            g = geo.seat(zone[1])
            return g.line_pos(i, n), g.card_h
        if kind == "hand":
            g = geo.seat(zone[1])
            return g.hand_pos(i, n), g.hand_h
        return geo.jack_pos(zone[1], i, n), geo.jack_h

    def warm(self) -> bool:
        """Scale one market card to a height it may land at and has not been drawn at: a line,
        the viewer's hand, a jackpot. A frame with time to spare calls it, so the frame where the
        card lands finds its picture made (a new size cost that frame 0.3-0.5 ms). False: nothing
        is left to make now."""
        geo = self.geo
        if geo is None:
            return False
        heights = sorted({drawn_height(h) for h in [geo.seat(p).card_h for p in range(self.players)]
                          + [geo.seat(self.viewer).hand_h, geo.jack_h]})
        for s in self.sprites_in(("market",)):
            token = token_of(s.card)
            for h in heights:
                if self.images.ready(token, h) is False:
                    self.images.get(token, h)
                    return True
        return False

    def deck_pos(self) -> tuple[int, int]:
        return self.geo.deck.center

    def _stack_pos(self, p: int) -> tuple[tuple[int, int], int]:
        g = self.geo.seat(p)
        return g.stack.center if g.big else (g.stack.x + card_w(g.stack.h) // 2, g.stack.centery), g.stack.h

    def sync(self, views: list[dict], viewer: int, instant: bool = False, new_tokens: list[tuple[int, int]] = ()) -> float:
        """Head every card for its place in `views`; returns the seconds the animation takes."""
        geo = self.geo
        self.views = views
        self.viewer = viewer
        if geo is None:
            return 0.0
        spec = views[viewer]
        # where every card should be ------------------------------------------------
        placements: list[tuple[str, tuple, int, int, bool]] = []   # card, zone, index, count, face
        market = spec["market"]
        for i, c in enumerate(market):
            placements.append((c, ("market",), i, len(market), True))
        for p in range(self.players):
            seat = spec["seats"][p]
            for i, c in enumerate(seat["line"]):
                placements.append((c, ("line", p), i, len(seat["line"]), True))
            hand = views[p]["seats"][p]["hand"] or []
            for i, c in enumerate(hand):
                placements.append((c, ("hand", p), i, len(hand), p == viewer or self.open_hands))
        for suit in SUIT_ORDER:
            pile = spec["jackpots"][suit]
            for i, c in enumerate(pile):
                placements.append((c, ("jack", suit), i, len(pile), True))
        # which sprite is which card (Bet cards come in pairs) ---------------------
        assigned: dict[str, tuple] = {}
        taken: set[str] = set()
        placed: set[int] = set()            # id() of the bet placements that have a sprite
        bets = [pl for pl in placements if pl[0].startswith("B")]
        for pl in placements:
            if not pl[0].startswith("B"):
                assigned[pl[0]] = pl
                taken.add(pl[0])
        for rule in (lambda s, pl: s.zone == (pl[1], pl[2]), lambda s, pl: s.zone[:1] == (pl[1],),
                     lambda s, pl: True):
            for pl in bets:
                if id(pl) in placed:
                    continue
                for key, s in self.sprites.items():
                    if s.card == pl[0] and key not in taken and rule(s, pl):
                        assigned[key] = pl
                        taken.add(key)
                        placed.add(id(pl))
                        break
        for pl in bets:
            if id(pl) not in placed:
                k = 0
                while f"{pl[0]}/{k}" in self.sprites or f"{pl[0]}/{k}" in taken:
                    k += 1
                assigned[f"{pl[0]}/{k}"] = pl
                taken.add(f"{pl[0]}/{k}")
        # plan the moves -------------------------------------------------------------
        moves: list[tuple[CardSprite, int, float, tuple, int, bool, float, bool, float]] = []
        stacks = {p: set(spec["seats"][p]["stack_cards"]) for p in range(self.players)}
        phases_used: set[int] = set()
        deal_index = 0
        for key, (card, zone, i, n, face) in assigned.items():
            s = self.sprites.get(key)
            if zone == ("market",) and s is not None and s.zone and s.zone[0] == ("market",):
                i = s.zone[1]      # a market card keeps its place while others are taken
            elif zone == ("market",) and s is None and card in self.round_market:
                i = self.round_market.index(card)
                self.round_market[i] = ""
            pos, h = self._place(zone, i, n)
            if s is None:
                s = CardSprite(key, card, self.deck_pos(), geo.market_h, False)
                s.zone = ("deck",)
                self.sprites[key] = s
            old = s.zone[0] if s.zone else None
            if old == "deck":
                phase, extra = 4, deal_index * DEAL_STAGGER
                deal_index += 1
            elif old == "market" and zone[0] == "jack":
                phase, extra = 3, 0.0
            else:
                phase, extra = 0, 0.0
            s.zone = (zone, i)
            s.z = {"jack": 10, "market": 30, "line": 50, "hand": 70}[zone[0]] + i
            moves.append((s, phase, extra, pos, h, face, 255.0, False, 0.0))
            phases_used.add(phase)
        gone_keys = [k for k in self.sprites if k not in assigned]
        for key in gone_keys:
            s = self.sprites.pop(key)
            zone = s.zone[0] if s.zone else ("deck",)
            owner = zone[1] if zone[0] in ("line", "hand") else None
            dest = next((p for p, st in stacks.items() if s.card in st and not s.card.startswith("B")), None)
            if dest is not None:
                phase = 1 if zone[0] == "jack" else 2
                pos, h = self._stack_pos(dest)
                self.incoming[dest] += 1
                s.stack_owner = dest  # type: ignore[attr-defined]
                moves.append((s, phase, 0.0, pos, h, False, 255.0, True, 0.0))
            elif s.card.startswith("B") and owner is not None and zone[0] == "line":
                phase = 1
                g = geo.seat(owner)
                pos = self._token_pos(owner, len(self.tokens[owner]), len(self.tokens[owner]) + 1)
                moves.append((s, phase, 0.0, pos, g.token_h, True, 0.0, True, 0.0))
            else:
                phase = 1 if zone[0] == "line" else 3
                x, y = s.target[0], s.target[1]
                moves.append((s, phase, 0.0, (x, y + geo.lay.px(60)), s.target[2] * 0.8, True, 0.0, True, 0.0))
            phases_used.add(phase)
            self.flying.append(s)
        fp_target = geo.seat(spec["first_seat"]).first
        # only real moves count (a card whose place did not change stays at rest)
        def real(m) -> bool:
            sp, pos, h, face, alpha = m[0], m[3], m[4], m[5], m[6]
            return (float(pos[0]), float(pos[1]), float(h), bool(face), float(alpha)) != sp.target or sp.remove != m[7]
        if not instant:
            moves = [m for m in moves if real(m)]
        phases_used = {m[1] for m in moves}
        if self.first._to[:2] != (float(fp_target[0]), float(fp_target[1])):
            phases_used.add(3)
        starts: dict[int, float] = {}
        t = 0.0
        for ph in range(5):
            starts[ph] = t
            if ph in phases_used:
                t += self._dur(ph)
        total = t + deal_index * DEAL_STAGGER / max(0.01, self.speed)
        if not (instant or self.speed <= 0):
            self.active.update(m[0].key for m in moves if m[0].key in self.sprites)
            if moves:
                self.active_version += 1
        for s, phase, extra, pos, h, face, alpha, remove, _ in moves:
            if instant or self.speed <= 0:
                s.move_to(pos, h, face, 0.0, alpha=alpha, remove=remove)
                continue
            dur = self._dur(phase)
            arc = geo.lay.px(40) if phase in (0, 4) and (abs(pos[1] - s.y) > geo.lay.px(100)) else 0.0
            s.move_to(pos, h, face, dur, delay=starts[phase] + extra / self.speed, alpha=alpha, remove=remove,
                      arc=arc, ease=pytweening.easeInOutCubic if phase else pytweening.easeOutCubic)
        if instant or self.speed <= 0:
            self.first.move_to(fp_target, geo.lay.px(52), 0.0)
        else:
            self.first.move_to(fp_target, geo.lay.px(52), self._dur(3), delay=starts[3])
        for p, v in new_tokens:
            self.token_values[p].append(v)
            self._add_token(p, v, 0.0 if instant else starts[1] + self._dur(1) * 0.8, 0.0 if instant else 0.35 / max(0.01, self.speed))
        if instant:
            for p in range(self.players):
                for i, tok in enumerate(self.tokens[p]):
                    tok.move_to(self._token_pos(p, i), geo.seat(p).token_h, 0.0)
                    tok.jump()
            self.first.jump()
        self.busy_until = max(self.busy_until, self.clock + (0.0 if instant else total))
        return 0.0 if instant else total

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.clock += dt
        for s in self.sprites.values():
            s.update(dt)
        if self.flying:
            keep = []
            for s in self.flying:
                if s.update(dt):
                    owner = getattr(s, "stack_owner", None)
                    if owner is not None:
                        self.incoming[owner] = max(0, self.incoming[owner] - 1)
                else:
                    keep.append(s)
            self.flying = keep
        self.first.update(dt)
        for toks in self.tokens:
            for t in toks:
                t.update(dt)
        if self.active and not self.flying and not any(s.tween is not None for s in self.sprites.values()):
            self.active.clear()
            self.active_version += 1

    @property
    def tokens_busy(self) -> bool:
        return any(t.tween is not None or t._pop is not None for ts in self.tokens for t in ts)

    @property
    def animating(self) -> bool:
        return self.clock < self.busy_until or bool(self.flying) or any(s.moving for s in self.sprites.values())

    def finish(self) -> None:
        """Jump every animation to its end."""
        for s in self.sprites.values():
            s.jump()
        for s in self.flying:
            owner = getattr(s, "stack_owner", None)
            if owner is not None:
                self.incoming[owner] = max(0, self.incoming[owner] - 1)
        self.flying = []
        self.first.jump()
        for toks in self.tokens:
            for t in toks:
                t.jump()
        self.busy_until = self.clock
        self.active.clear()
        self.active_version += 1

    def sprite_at(self, pos: tuple[int, int], zones: tuple[str, ...]) -> CardSprite | None:
        """The topmost card under `pos` whose zone kind is one of `zones`."""
        best = None
        for s in self.sprites.values():
            if s.zone and s.zone[0][0] in zones and s.rect().collidepoint(pos):
                if best is None or s.z > best.z:
                    best = s
        return best

    def sprites_in(self, zone: tuple) -> list[CardSprite]:
        return sorted((s for s in self.sprites.values() if s.zone and s.zone[0] == zone), key=lambda s: s.zone[1])

    # ------------------------------------------------------------ drawing
    def deck_count(self) -> int:
        """Cards shown in the draw pile: the engine's count plus cards dealt but not yet on their way."""
        spec = self.views[self.viewer]
        dp = self.deck_pos()
        return spec["draw_pile"] + sum(1 for s in self.sprites.values()
                                       if s.tween is not None and not s.tween.started and (s.x, s.y) == dp)

    def draw_slots(self, surface: pygame.Surface) -> None:
        """Empty places of the draw pile and the jackpots with their markers (part of the base)."""
        geo = self.geo
        lay = geo.lay
        slot = self.images.get("slot", geo.deck.h)
        surface.blit(slot, slot.get_rect(center=geo.deck.center))
        for suit in SUIT_ORDER:
            r = geo.jackpots[suit]
            surface.blit(self.images.get("slot", r.h), r)
            mark = self.images.get(f"jackpot:{suit}", lay.px(46))
            surface.blit(mark, mark.get_rect(midbottom=(r.centerx, r.y - lay.px(4))))

    def count_items(self) -> list:
        """Count badges of the draw pile and the stacks, as layer items (they change as cards land)."""
        from ..ui.layer import Item
        geo = self.geo
        spec = self.views[self.viewer]
        lay = geo.lay
        out = []

        def badge(key, text: str, size: int, center: tuple[int, int]) -> None:
            box = T.render(text, size, P.TEXT, True)
            br = box.get_rect(center=center)
            bg = br.inflate(lay.px(14), lay.px(4))

            def draw(surface, box=box, br=br, bg=bg) -> None:
                pygame.draw.rect(surface, P.CARD_FACE, bg, border_radius=lay.px(8))
                surface.blit(box, br)
            out.append(Item(key, 1500, bg, (text, size, center), draw))

        badge("deck#", str(self.deck_count()), font_px(lay, 30), (geo.deck.centerx, geo.deck.bottom - lay.px(26)))
        for p in range(self.players):
            g = geo.seat(p)
            cnt = max(0, spec["seats"][p]["stack"] - self.incoming[p])
            pos, _h = self._stack_pos(p)
            badge(("stack#", p), str(cnt), font_px(lay, 30 if g.big else 24), pos)
        return out

    def draw_tokens(self, surface: pygame.Surface, first: bool = True) -> None:
        for toks in self.tokens:
            for t in toks:
                t.draw(surface, self.images)
        if first:
            self.first.draw(surface, self.images)

    def draw_cards(self, surface: pygame.Surface, glow: dict[str, tuple], skip: CardSprite | None = None,
                   which=lambda s: True, flying: bool = False) -> None:
        """Cards at rest by place, then moving ones (those that have started on top)."""
        chosen = [s for s in self.sprites.values() if s is not skip and which(s)]
        still = sorted((s for s in chosen if s.tween is None), key=lambda s: s.z)
        moving = [s for s in chosen if s.tween is not None]
        moving.sort(key=lambda s: (s.tween.started, s.z))
        for s in still:
            s.draw(surface, self.images, glow.get(s.key))
        if flying:
            for s in self.flying:
                s.draw(surface, self.images)
        for s in moving:
            s.draw(surface, self.images, glow.get(s.key))
