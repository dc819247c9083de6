"""The engine state as sprites: where each card is, where it goes, and how it gets there.

Two ways move the cards, and neither compares views:

- `lay_out(picture, seconds)` puts every card where the table shows it now
  (`present.Picture`, made from the engine): at once after a new window size,
  a loaded game, a replay's jump or another viewer, or in one short glide after
  an undo. Sprites are kept by card where the picture names the card, and by
  place where it does not (a hand shown face down).
- `run(plan)` plays the moves the presenter (`present.stage`) made from the
  engine's events, each with a start time by its kind, so an action reads as a
  short sequence:

    0  the main move: market -> line or hand, hand -> line; at a round's end,
       the market's leftovers to their jackpots
    1  jackpot sweeps into a stack, three discards leave, the bet card turns
       into its token
    2  the rest of a closed line flies to the stack
    3  round end: the market's Bet cards leave, the first-player token passes
    4  the new market is dealt from the draw pile (face down, flipped in flight)

Nothing here decides anything: the engine state has already changed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pygame
import pytweening

from game.ui import palette as P
from game.ui import text as T
from game.ui.layer import Item

from .geometry import SUIT_ORDER, TableGeometry, card_w, font_px
from .sprites import CardSprite, Images, TokenSprite, Zone, drawn_height, token_of

PHASE_SECONDS = (0.42, 0.42, 0.42, 0.45, 0.40)
DEAL_STAGGER = 0.07
Z_BASE = {"jack": 10, "market": 30, "line": 50, "hand": 70, "deck": 0}


@dataclass(frozen=True)
class Spot:
    """Where one card lies: card `index` of `n` in `zone` (a market card's index is its place);
    `card` is "" where this viewer may not know it."""

    zone: Zone
    index: int
    n: int
    card: str


@dataclass
class Move:
    """One sprite heading for its place: `phase` orders it in the sequence, `extra` staggers a deal."""

    sprite: CardSprite
    phase: int
    pos: tuple[int, int]
    h: float
    face: bool
    alpha: float = 255.0
    remove: bool = False
    extra: float = 0.0


@dataclass
class Plan:
    """What one batch of engine events does to the table (made by `present.stage`)."""

    moves: list[Move] = field(default_factory=list)
    first: int | None = None                            # the seat the first-player token goes to
    tokens: list[tuple[int, int]] = field(default_factory=list)   # (seat, ±value) of bets resolved
    deals: int = 0                                      # cards dealt from the draw pile (staggered)


class Board:
    """All card sprites of one table and the piles drawn as counts."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.images = Images()
        self.sprites: dict[str, CardSprite] = {}
        self.flying: list[CardSprite] = []          # on their way to a stack or out of the game
        self.geo: TableGeometry | None = None
        self.spec: dict[str, Any] | None = None     # the spectator view the board shows
        self.viewer = 0
        #: every seat's hand face up (the replay viewer at the end of a game); else only the viewer's
        self.open_hands = False
        self.first = TokenSprite("first-player", (0, 0), 10)
        self.tokens: list[list[TokenSprite]] = [[] for _ in range(players)]
        self.token_values: list[list[int]] = [[] for _ in range(players)]
        self.incoming = [0] * players               # sprites flying to each stack
        self.stack_of: dict[int, int] = {}          # id() of a flying sprite -> the seat whose stack it joins
        self.speed = 1.0
        self.busy_until = 0.0                       # board clock when the queued animation ends
        self.picked: CardSprite | None = None       # the card the player is moving (until it is staged)
        self.active: set[str] = set()               # cards moved since the table last came to rest
        self.active_version = 0
        self.clock = 0.0

    @property
    def views(self) -> dict[str, Any] | None:
        """The spectator view shown (None before the first layout); tips.py asks it."""
        return self.spec

    # ------------------------------------------------------------ places
    def geometry(self) -> TableGeometry:
        assert self.geo is not None, "the board is laid out first"
        return self.geo

    def phase_seconds(self, phase: int) -> float:
        """How long one phase of the sequence lasts at the current speed (0: no animation)."""
        return 0.0 if self.speed <= 0 else PHASE_SECONDS[phase] / self.speed

    def _token_name(self, v: int) -> str:
        return f"token:{'+' if v > 0 else '-'}{abs(v)}"

    def _token_pos(self, p: int, i: int, n: int | None = None) -> tuple[int, int]:
        """Centre of token `i` of seat `p`: side by side, overlapping only when there is no room."""
        g = self.geometry().seat(p)
        n = max(n if n is not None else len(self.token_values[p]), i + 1)
        room = (g.first[0] - g.token_h) - g.tokens[0] - g.token_h if not g.big else g.token_h * 4
        step = min(int(g.token_h * 1.08), int(room / max(1, n - 1))) if n > 1 else 0
        return (g.tokens[0] + g.token_h // 2 + i * step, g.tokens[1])

    def token_target(self, p: int) -> tuple[tuple[int, int], int]:
        """Where seat `p`'s next token will lie, and its height (a bet card flies there)."""
        n = len(self.tokens[p])
        return self._token_pos(p, n, n + 1), self.geometry().seat(p).token_h

    def _add_token(self, p: int, v: int, delay: float, dur: float) -> None:
        g = self.geometry().seat(p)
        n = len(self.tokens[p]) + 1
        for i, old in enumerate(self.tokens[p]):
            old.move_to(self._token_pos(p, i, n), g.token_h, dur)
        t = TokenSprite(self._token_name(v), self._token_pos(p, n - 1, n), g.token_h)
        t.appear(dur, delay)
        self.tokens[p].append(t)

    def set_tokens(self, values: list[list[int]]) -> None:
        """Every seat's bet tokens, placed at once."""
        self.token_values = [list(v) for v in values]
        self.tokens = [[] for _ in range(self.players)]
        if self.geo is not None:
            for p in range(self.players):
                for v in self.token_values[p]:
                    self._add_token(p, v, 0.0, 0.0)

    def place(self, zone: Zone, i: int, n: int) -> tuple[tuple[int, int], int]:
        """Centre and height of card `i` of `n` in `zone` (a market card's `i` is its place)."""
        geo = self.geometry()
        kind = zone[0]
        if kind == "market":
            slots = geo.market_slots(self.players + 2)
            return slots[min(i, len(slots) - 1)], geo.market_h
        if kind == "line":
            g = geo.seat(int(zone[1]))
            return g.line_pos(i, n), g.card_h
        if kind == "hand":
            g = geo.seat(int(zone[1]))
            return g.hand_pos(i, n), g.hand_h
        return geo.jack_pos(str(zone[1]), i, n), geo.jack_h

    def face_in(self, zone: Zone, card: str) -> bool:
        """Whether a card in `zone` shows its face to this viewer."""
        if zone[0] == "deck":
            return False
        if zone[0] != "hand":
            return True
        return bool(card) and (zone[1] == self.viewer or self.open_hands)

    def deck_pos(self) -> tuple[int, int]:
        return self.geometry().deck.center

    def stack_pos(self, p: int) -> tuple[tuple[int, int], int]:
        """Centre and height of seat `p`'s banked pile."""
        g = self.geometry().seat(p)
        return g.stack.center if g.big else (g.stack.x + card_w(g.stack.h) // 2, g.stack.centery), g.stack.h

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

    # ------------------------------------------------------------ sprites
    def _free_key(self, card: str) -> str:
        """A sprite key for `card`: the card itself (Number cards are unique), else the first free
        "B4/0", "B4/1", ... (Bet cards come in pairs) or "?/0", ... (a card this viewer cannot see)."""
        if card and not card.startswith("B") and card not in self.sprites:
            return card
        stem = card or "?"
        k = 0
        while f"{stem}/{k}" in self.sprites:
            k += 1
        return f"{stem}/{k}"

    def new_sprite(self, card: str, pos: tuple[int, int], h: float, zone: Zone) -> CardSprite:
        s = CardSprite(self._free_key(card), card, pos, h, self.face_in(zone, card))
        s.zone = (zone, 0)
        self.sprites[s.key] = s
        return s

    def name_card(self, s: CardSprite, card: str) -> None:
        """A face-down card turns out to be `card` (it is played): the sprite takes its name."""
        if s.card == card:
            return
        del self.sprites[s.key]
        s.card = card
        s.key = self._free_key(card)
        self.sprites[s.key] = s

    def drop(self, s: CardSprite) -> None:
        """`s` leaves the table's places (it flies off, or the layout has no place for it)."""
        self.sprites.pop(s.key, None)
        self.active.discard(s.key)

    def zone_lists(self) -> dict[Zone, list[CardSprite]]:
        """The sprites of every place, in order (a market card's index is its market place)."""
        out: dict[Zone, list[CardSprite]] = {}
        for s in sorted(self.sprites.values(), key=lambda s: s.zone[1]):
            out.setdefault(s.zone[0], []).append(s)
        return out

    # ------------------------------------------------------------ full layout
    def lay_out(self, picture: Any, seconds: float = 0.0) -> None:
        """Every card, token and count where `picture` (a `present.Picture`) shows it: at once, or
        in one glide of `seconds` (an undo), each card from wherever it is now."""
        self.spec = picture.spec
        if self.geo is None:
            return
        spots: list[Spot] = picture.spots()
        chosen = self._match(spots)
        keep = {s.key for s in chosen}
        for s in [s for s in self.sprites.values() if s.key not in keep]:
            self.drop(s)
        for spot, s in zip(spots, chosen):
            pos, h = self.place(spot.zone, spot.index, spot.n)
            s.zone = (spot.zone, spot.index)
            s.z = Z_BASE[str(spot.zone[0])] + spot.index
            s.move_to(pos, h, self.face_in(spot.zone, s.card), seconds)
        self.set_tokens(picture.tokens)
        geo = self.geometry()
        self.first.move_to(geo.seat(picture.first).first, geo.lay.px(52), seconds)
        if seconds <= 0:
            self.first.jump()
            return
        moved = {s.key for s in chosen if s.tween is not None}
        if moved:
            self.active |= moved
            self.active_version += 1
        self.busy_until = max(self.busy_until, self.clock + seconds)

    def _match(self, spots: list[Spot]) -> list[CardSprite]:
        """A sprite for every spot: the sprite of that card (in that place if there are two), else
        one in that place when either side does not know the card (a hand face down), else a new one."""
        by_card: dict[str, list[CardSprite]] = {}
        for s in self.sprites.values():
            by_card.setdefault(s.card, []).append(s)
        used: set[str] = set()
        chosen: list[CardSprite | None] = [None] * len(spots)
        for i, spot in enumerate(spots):                   # known cards: their own sprite
            free = [s for s in by_card.get(spot.card, []) if s.key not in used] if spot.card else []
            if free:
                own = next((s for s in free if s.zone[0] == spot.zone), free[0])
                chosen[i] = own
                used.add(own.key)
        for i, spot in enumerate(spots):                   # unknown on either side: any in that place
            if chosen[i] is not None:
                continue
            spare = next((s for s in self.sprites.values() if s.key not in used and s.zone[0] == spot.zone
                          and (not spot.card or not s.card)), None)
            if spare is not None:
                if spot.card:
                    self.name_card(spare, spot.card)
                chosen[i] = spare
                used.add(spare.key)
        out: list[CardSprite] = []
        for spot, got in zip(spots, chosen):                # new cards, made in their place
            if got is None:
                got = self.new_sprite(spot.card, self.deck_pos(), self.geometry().market_h, spot.zone)
                used.add(got.key)
            out.append(got)
        return out

    # ------------------------------------------------------------ staged moves
    def run(self, plan: Plan) -> float:
        """Play `plan`'s moves in their phases; returns the seconds the animation takes."""
        geo = self.geometry()
        moves = [m for m in plan.moves if self._real(m)]
        phases = {m.phase for m in moves}
        first = geo.seat(plan.first).first if plan.first is not None else None
        if first is not None and self.first.target[:2] != (float(first[0]), float(first[1])):
            phases.add(3)
        starts: dict[int, float] = {}
        t = 0.0
        for ph in range(len(PHASE_SECONDS)):
            starts[ph] = t
            if ph in phases:
                t += self.phase_seconds(ph)
        instant = self.speed <= 0
        total = 0.0 if instant else t + plan.deals * DEAL_STAGGER / max(0.01, self.speed)
        if not instant:
            self.active.update(m.sprite.key for m in moves if m.sprite.key in self.sprites)
            if moves:
                self.active_version += 1
        for m in moves:
            self._start(m, starts)
        if first is not None:
            self.first.move_to(first, geo.lay.px(52), self.phase_seconds(3), delay=starts[3])
        for p, v in plan.tokens:
            self.token_values[p].append(v)
            self._add_token(p, v, 0.0 if instant else starts[1] + self.phase_seconds(1) * 0.8,
                            0.0 if instant else 0.35 / max(0.01, self.speed))
        self.busy_until = max(self.busy_until, self.clock + total)
        return total

    @staticmethod
    def _real(m: Move) -> bool:
        """The move changes something (a card whose place did not change stays at rest)."""
        to = (float(m.pos[0]), float(m.pos[1]), float(m.h), bool(m.face), float(m.alpha))
        return to != m.sprite.target or m.sprite.remove != m.remove

    def _start(self, m: Move, starts: dict[int, float]) -> None:
        s = m.sprite
        dur = self.phase_seconds(m.phase)
        if dur <= 0:
            s.move_to(m.pos, m.h, m.face, 0.0, alpha=m.alpha, remove=m.remove)
            return
        lay = self.geometry().lay
        arc = lay.px(40) if m.phase in (0, 4) and abs(m.pos[1] - s.y) > lay.px(100) else 0.0
        ease: Callable[[float], float] = pytweening.easeInOutCubic if m.phase else pytweening.easeOutCubic
        s.move_to(m.pos, m.h, m.face, dur, delay=starts[m.phase] + m.extra / self.speed, alpha=m.alpha,
                  remove=m.remove, arc=arc, ease=ease)

    def fly_off(self, s: CardSprite, stack: int | None) -> None:
        """`s` leaves its place for good: to seat `stack`'s banked pile, or out of the game."""
        self.drop(s)
        if stack is not None:
            self.incoming[stack] += 1
            self.stack_of[id(s)] = stack
        self.flying.append(s)

    def _landed(self, s: CardSprite) -> None:
        owner = self.stack_of.pop(id(s), None)
        if owner is not None:
            self.incoming[owner] = max(0, self.incoming[owner] - 1)

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.clock += dt
        for s in self.sprites.values():
            s.update(dt)
        if self.flying:
            keep = []
            for s in self.flying:
                if s.update(dt):
                    self._landed(s)
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
        return any(t.busy for ts in self.tokens for t in ts)

    @property
    def animating(self) -> bool:
        return self.clock < self.busy_until or bool(self.flying) or any(s.moving for s in self.sprites.values())

    def finish(self) -> None:
        """Jump every animation to its end."""
        for s in self.sprites.values():
            s.jump()
        for s in self.flying:
            self._landed(s)
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
            if s.zone[0][0] in zones and s.rect().collidepoint(pos):
                if best is None or s.z > best.z:
                    best = s
        return best

    def sprites_in(self, zone: Zone) -> list[CardSprite]:
        return sorted((s for s in self.sprites.values() if s.zone[0] == zone), key=lambda s: s.zone[1])

    # ------------------------------------------------------------ drawing
    _stack_pos = stack_pos          # tips.py's name for it

    def _spec(self) -> dict[str, Any]:
        assert self.spec is not None, "the board is laid out first"
        return self.spec

    def deck_count(self) -> int:
        """Cards shown in the draw pile: the engine's count plus cards dealt but not yet on their way."""
        dp = self.deck_pos()
        return int(self._spec()["draw_pile"]) + sum(1 for s in self.sprites.values()
                                                    if s.tween is not None and not s.tween.started
                                                    and (s.x, s.y) == dp)

    def draw_slots(self, surface: pygame.Surface) -> None:
        """Empty places of the draw pile and the jackpots with their markers (part of the base)."""
        geo = self.geometry()
        lay = geo.lay
        slot = self.images.get("slot", geo.deck.h)
        surface.blit(slot, slot.get_rect(center=geo.deck.center))
        for suit in SUIT_ORDER:
            r = geo.jackpots[suit]
            surface.blit(self.images.get("slot", r.h), r)
            mark = self.images.get(f"jackpot:{suit}", lay.px(46))
            surface.blit(mark, mark.get_rect(midbottom=(r.centerx, r.y - lay.px(4))))

    def count_items(self) -> list[Item]:
        """Count badges of the draw pile and the stacks, as layer items (they change as cards land)."""
        geo = self.geometry()
        spec = self._spec()
        lay = geo.lay
        out: list[Item] = []

        def badge(key: Any, text: str, size: int, center: tuple[int, int]) -> None:
            box = T.render(text, size, P.TEXT, True)
            br = box.get_rect(center=center)
            bg = br.inflate(lay.px(14), lay.px(4))

            def draw(surface: pygame.Surface, box: pygame.Surface = box, br: pygame.Rect = br,
                     bg: pygame.Rect = bg) -> None:
                pygame.draw.rect(surface, P.CARD_FACE, bg, border_radius=lay.px(8))
                surface.blit(box, br)
            out.append(Item(key, 1500, bg, (text, size, center), draw))

        badge("deck#", str(self.deck_count()), font_px(lay, 30), (geo.deck.centerx, geo.deck.bottom - lay.px(26)))
        for p in range(self.players):
            g = geo.seat(p)
            cnt = max(0, spec["seats"][p]["stack"] - self.incoming[p])
            pos, _h = self.stack_pos(p)
            badge(("stack#", p), str(cnt), font_px(lay, 30 if g.big else 24), pos)
        return out

    def draw_tokens(self, surface: pygame.Surface, first: bool = True) -> None:
        for toks in self.tokens:
            for t in toks:
                t.draw(surface, self.images)
        if first:
            self.first.draw(surface, self.images)

    def draw_cards(self, surface: pygame.Surface, glow: dict[str, tuple[int, int, int]],
                   skip: CardSprite | None = None, which: Callable[[CardSprite], bool] = lambda s: True,
                   flying: bool = False) -> None:
        """Cards at rest by place, then moving ones (those that have started on top)."""
        chosen = [s for s in self.sprites.values() if s is not skip and which(s)]
        still = sorted((s for s in chosen if s.tween is None), key=lambda s: s.z)
        moving = [s for s in chosen if s.tween is not None]
        moving.sort(key=lambda s: (s.tween is not None and s.tween.started, s.z))
        for s in still:
            s.draw(surface, self.images, glow.get(s.key))
        if flying:
            for s in self.flying:
                s.draw(surface, self.images)
        for s in moving:
            s.draw(surface, self.images, glow.get(s.key))
