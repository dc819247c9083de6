"""The Line-it rules (RULES.md, Game 1): one state class, legality in one place.

>>> s = new_game(players=4, seed=7, first_seat=0)
>>> s.current_seat, len(s.view(0)["market"])
(0, 6)
>>> a = s.legal_actions()[0]
>>> s.apply(a); s.apply("end")
>>> s.current_seat
1

Internally every card is an int (see cards.py) and the state is a handful
of flat lists, so `clone()` is cheap and `legal_actions()`/`apply()` do no
work beyond the rule itself. Views and the log are built only when asked.
"""
from __future__ import annotations

import os
from collections import Counter
from typing import Any

from engine.core import BadSave, IllegalAction, Rng, read_record, record

from .actions import (
    ACTION_CLOSE,
    ACTION_END,
    ACTION_PASS,
    ACTION_PLAY,
    ACTION_TAKE_HAND,
    ACTION_TAKE_LINE,
    CLOSE,
    END,
    PASS,
    PLAY,
    TAKE_HAND,
    TAKE_LINE,
    Action,
    parse_action,
)
from .cards import BET_BASE, CARD_OF_TEXT, FULL_COUNTS, FULL_DECK, SUITS, TEXT

HAND_LIMIT = 2
PHASE_TURN, PHASE_FINAL, PHASE_OVER = 0, 1, 2
PHASE_NAMES = ("turn", "final", "over")
MIN_PLAYERS, MAX_PLAYERS = 2, 6


class LineitState:
    """A Line-it game in progress. Create it with `new_game` or `from_json`.

    Public: `current_seat`, `legal_actions()`, `apply()`, `is_over`,
    `scores()`, `winners()`, `view(seat)`, `to_json()`, `clone()`.
    All other attributes are internal (ints and lists of ints).
    """

    __slots__ = (
        "n", "final_plays", "seed", "setup_first", "setup_deck", "rng_state",
        "deck", "pos", "market", "hands", "lines",
        "ldir", "llast", "lnum", "lbet", "lafter", "lsuit",
        "jack", "stacks", "bonus", "penalty", "gone",
        "phase", "round", "first", "cur", "taken", "played", "closed",
        "fpass", "fdone", "history", "hseats", "marks",
    )

    # ------------------------------------------------------------------ public
    @property
    def current_seat(self) -> int | None:
        """The seat to act, or None once the game is over."""
        return None if self.phase == PHASE_OVER else self.cur

    @property
    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def players(self) -> int:
        return self.n

    def scores(self) -> list[int]:
        """Score per seat: cards banked + bonus tokens - penalty tokens.

        During the game this is the score so far (cards in lines and hands
        do not count yet).
        """
        return [len(st) + b - p for st, b, p in zip(self.stacks, self.bonus, self.penalty)]

    def winners(self) -> list[int]:
        """Seats with the highest final score (several on a tie); [] before the end."""
        if self.phase != PHASE_OVER:
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, sc in enumerate(scores) if sc == best]

    def legal_actions(self) -> list[Action]:
        """Every action the current seat may take now, without duplicates.

        Order: takes in market order (line before hand), plays in hand
        order, close, end; in the final plays: plays, then pass.
        """
        phase = self.phase
        if phase == PHASE_OVER:
            return []
        p = self.cur
        hand = self.hands[p]
        d = self.ldir[p]
        last = self.llast[p]
        nobet = not self.lbet[p]
        out: list[Action] = []
        if phase == PHASE_FINAL:
            prev = 0
            for c in hand:
                if c != prev and (nobet if c > BET_BASE else (d == 0 or (c > last if d > 0 else c < last))):
                    out.append(ACTION_PLAY[c])
                prev = c
            out.append(ACTION_PASS)
            return out
        if not self.taken:
            room = len(hand) < HAND_LIMIT
            seen_bet = 0
            for c in self.market:
                if c > BET_BASE:
                    if seen_bet & (1 << (c - BET_BASE)):
                        continue
                    seen_bet |= 1 << (c - BET_BASE)
                    if nobet:
                        out.append(ACTION_TAKE_LINE[c])
                elif d == 0 or (c > last if d > 0 else c < last):
                    out.append(ACTION_TAKE_LINE[c])
                if room:
                    out.append(ACTION_TAKE_HAND[c])
        if not self.played:
            prev = 0
            for c in hand:
                if c != prev and (nobet if c > BET_BASE else (d == 0 or (c > last if d > 0 else c < last))):
                    out.append(ACTION_PLAY[c])
                prev = c
        if not self.closed and self.lines[p]:
            out.append(ACTION_CLOSE)
        if self.taken:
            out.append(ACTION_END)
        return out

    def is_legal(self, action: Action | str) -> bool:
        """True if `apply(action)` would succeed now."""
        try:
            if not isinstance(action, Action):
                action = parse_action(action)
            self._check(action)
        except IllegalAction:
            return False
        return True

    def why_illegal(self, action: Action | str) -> str | None:
        """The player-facing reason `action` is refused now, or None if legal."""
        try:
            if not isinstance(action, Action):
                action = parse_action(action)
            self._check(action)
        except IllegalAction as exc:
            return str(exc)
        return None

    def apply(self, action: Action | str) -> None:
        """Play `action` (an Action or its text) for the current seat.

        Raises IllegalAction with a player-facing message and leaves the state
        exactly as it was if the action is not legal now.
        """
        if action.__class__ is not Action:
            action = parse_action(action)
        self._check(action)
        self.history.append(action)
        self.hseats.append(self.cur)
        self._do(action.k, action.card)

    def clone(self) -> "LineitState":
        """An independent copy (cheap: flat lists of ints)."""
        s = LineitState.__new__(LineitState)
        s.n = self.n
        s.final_plays = self.final_plays
        s.seed = self.seed
        s.setup_first = self.setup_first
        s.setup_deck = self.setup_deck  # never mutated
        s.rng_state = self.rng_state
        s.deck = self.deck  # a tuple, never mutated
        s.pos = self.pos
        s.market = self.market[:]
        s.hands = [h[:] for h in self.hands]
        s.lines = [ln[:] for ln in self.lines]
        s.ldir = self.ldir[:]
        s.llast = self.llast[:]
        s.lnum = self.lnum[:]
        s.lbet = self.lbet[:]
        s.lafter = self.lafter[:]
        s.lsuit = self.lsuit[:]
        s.jack = [j[:] for j in self.jack]
        s.stacks = [st[:] for st in self.stacks]
        s.bonus = self.bonus[:]
        s.penalty = self.penalty[:]
        s.gone = self.gone[:]
        s.phase = self.phase
        s.round = self.round
        s.first = self.first
        s.cur = self.cur
        s.taken = self.taken
        s.played = self.played
        s.closed = self.closed
        s.fpass = self.fpass
        s.fdone = self.fdone
        s.history = self.history[:]
        s.hseats = self.hseats[:]
        s.marks = self.marks[:]
        return s

    def to_json(self) -> dict:
        """The game as a record: setup + seed + action texts (engine.core.record).

        A pure function of the game: no clock, no refused actions.
        """
        setup: dict[str, Any] = {"players": self.n, "first_seat": self.setup_first, "final_plays": self.final_plays}
        if self.setup_deck is not None:
            setup["deck"] = list(self.setup_deck)
        return record("lineit", setup, self.seed, [a.text for a in self.history])

    def view(self, seat: int | None) -> dict:
        """What `seat` may see, as a JSON-able dict (None: a spectator, no hand).

        Keys: game, seat, players, final_plays, setup_first_seat, phase,
        round, first_seat, current_seat, final_pass, market, draw_pile,
        jackpots, seats (line, hand, hand_count, stack, stack_cards, bonus,
        penalty, score), turn, gone, log. Never the draw-pile order, never
        another seat's hand (only its count).
        """
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.n):
            raise ValueError(f"seat {seat!r} is not at this table of {self.n}")
        T = TEXT
        seats = []
        for p in range(self.n):
            st = self.stacks[p]
            seats.append({
                "line": [T[c] for c in self.lines[p]],
                "hand": [T[c] for c in self.hands[p]] if p == seat else None,
                "hand_count": len(self.hands[p]),
                "stack": len(st),
                "stack_cards": [T[c] for c in st],
                "bonus": self.bonus[p],
                "penalty": self.penalty[p],
                "score": len(st) + self.bonus[p] - self.penalty[p],
            })
        in_turn = self.phase == PHASE_TURN
        return {
            "game": "lineit",
            "seat": seat,
            "players": self.n,
            "final_plays": self.final_plays,
            "setup_first_seat": self.setup_first,
            "phase": PHASE_NAMES[self.phase],
            "round": self.round,
            "first_seat": self.first,
            "current_seat": self.current_seat,
            "final_pass": self.fpass if self.phase == PHASE_FINAL else 0,
            "market": [T[c] for c in self.market],
            "draw_pile": len(self.deck) - self.pos,
            "jackpots": {SUITS[i]: [T[c] for c in self.jack[i]] for i in range(4)},
            "seats": seats,
            "turn": {
                "taken": bool(self.taken) and in_turn,
                "played_from_hand": bool(self.played) and in_turn,
                "closed": bool(self.closed) and in_turn,
            },
            "gone": [T[c] for c in self.gone],
            "log": self.log(),
        }

    def log(self) -> list[dict]:
        """The public record: round starts ("market 12 45 B3 77"), the end of
        the draw pile ("remainder 3 B5", its cards went to the jackpots or
        left) and every applied action with its seat."""
        out: list[dict] = []
        marks = self.marks
        mi = 0
        deck = self.deck
        history = self.history
        hseats = self.hseats
        for i in range(len(history) + 1):
            while mi < len(marks) and marks[mi][0] == i:
                _, word, a, b = marks[mi]
                out.append({"seat": None, "text": " ".join([word, *(TEXT[c] for c in deck[a:b])])})
                mi += 1
            if i < len(history):
                out.append({"seat": hseats[i], "text": history[i].text})
        return out

    def __repr__(self) -> str:
        return (f"<Line-it {self.n} players, round {self.round}, {PHASE_NAMES[self.phase]}, "
                f"seat {self.current_seat} to act, {len(self.history)} actions>")

    # ----------------------------------------------------------------- checks
    def _line_refusal(self, p: int, c: int) -> str | None:
        """Why card c cannot go at the end of seat p's line, or None if it can."""
        if c > BET_BASE:
            if self.lbet[p]:
                return f"your line already holds a bet card (B{self.lbet[p]}): one per line"
            return None
        d = self.ldir[p]
        last = self.llast[p]
        if d > 0 and c < last:
            return f"ascending line: play above {last}"
        if d < 0 and c > last:
            return f"descending line: play below {last}"
        return None

    def _check(self, action: Action) -> None:
        """Raise IllegalAction (player words) unless `action` is legal now."""
        phase = self.phase
        k = action.k
        if phase == PHASE_OVER:
            raise IllegalAction("the game is over")
        p = self.cur
        c = action.card
        if phase == PHASE_FINAL:
            if k == PASS:
                return
            if k != PLAY:
                raise IllegalAction("the draw pile is spent: in the final plays you may only play a card "
                                    "from your hand or pass")
            if c not in self.hands[p]:
                raise IllegalAction(f"{TEXT[c]} is not in your hand")
            why = self._line_refusal(p, c)
            if why:
                raise IllegalAction(why)
            return
        if k == TAKE_LINE or k == TAKE_HAND:
            if self.taken:
                raise IllegalAction("you already took a market card this turn")
            if c not in self.market:
                raise IllegalAction(f"{TEXT[c]} is not in the market")
            if k == TAKE_HAND:
                if len(self.hands[p]) >= HAND_LIMIT:
                    raise IllegalAction(f"your hand is full ({HAND_LIMIT} cards)")
                return
            why = self._line_refusal(p, c)
            if why:
                raise IllegalAction(why)
            return
        if k == PLAY:
            if self.played:
                raise IllegalAction("you already played a card from your hand this turn")
            if c not in self.hands[p]:
                raise IllegalAction(f"{TEXT[c]} is not in your hand")
            why = self._line_refusal(p, c)
            if why:
                raise IllegalAction(why)
            return
        if k == CLOSE:
            if self.closed:
                raise IllegalAction("you already closed your line this turn")
            if not self.lines[p]:
                raise IllegalAction("your line is empty: there is nothing to close")
            return
        if k == END:
            if not self.taken:
                raise IllegalAction("take a market card first")
            return
        if k == PASS:
            raise IllegalAction("'pass' is only for the final plays; end your turn with 'end'")
        raise IllegalAction(f"{action.text!r} is not an action")  # pragma: no cover

    # --------------------------------------------------------------- mutation
    def _do(self, k: int, c: int) -> None:
        """Perform an already-checked action (kind number k, card int c)."""
        p = self.cur
        if k == TAKE_LINE:
            self.market.remove(c)
            self.taken = 1
            self._to_line(p, c)
        elif k == TAKE_HAND:
            self.market.remove(c)
            self.taken = 1
            hand = self.hands[p]
            hand.append(c)
        elif k == PLAY:
            self.hands[p].remove(c)
            self._to_line(p, c)
            if self.phase == PHASE_FINAL:
                self._final_next()
            else:
                self.played = 1
        elif k == CLOSE:
            self._close(p)
            self.closed = 1
        elif k == END:
            self._end_turn()
        else:  # PASS
            self._final_next()

    def _to_line(self, p: int, c: int) -> None:
        """Put card c at the end of seat p's line (legality already checked)."""
        self.lines[p].append(c)
        if c > BET_BASE:
            self.lbet[p] = c - BET_BASE
            return
        k = self.lnum[p]
        if k == 1:
            self.ldir[p] = 1 if c > self.llast[p] else -1
        self.llast[p] = c
        self.lnum[p] = k + 1
        if self.lbet[p]:
            self.lafter[p] += 1
        s = (c - 1) & 3
        i = p * 4 + s
        n = self.lsuit[i] + 1
        self.lsuit[i] = n
        if n == 3:
            j = self.jack[s]
            if j:
                self.stacks[p].extend(j)
                self.jack[s] = []

    def _close(self, p: int) -> None:
        """Close seat p's line: resolve the bet, discard the first three Number
        cards in play order, bank the rest."""
        line = self.lines[p]
        v = self.lbet[p]
        gone = self.gone
        if v:
            if self.lafter[p] >= v:
                self.bonus[p] += v
            else:
                self.penalty[p] += v
            gone.append(BET_BASE + v)
            nums = [c for c in line if c <= BET_BASE]
        else:
            nums = line
        gone.extend(nums[:3])
        if len(nums) > 3:
            self.stacks[p].extend(nums[3:])
        self.lines[p] = []
        self.ldir[p] = 0
        self.llast[p] = 0
        self.lnum[p] = 0
        self.lbet[p] = 0
        self.lafter[p] = 0
        i = p * 4
        self.lsuit[i:i + 4] = (0, 0, 0, 0)

    def _end_turn(self) -> None:
        self.taken = self.played = self.closed = 0
        nxt = self.cur + 1
        if nxt == self.n:
            nxt = 0
        if nxt != self.first:
            self.cur = nxt
            return
        # End of round: market leftovers to the jackpots, bets leave; token passes.
        jack = self.jack
        for c in self.market:
            if c > BET_BASE:
                self.gone.append(c)
            else:
                jack[(c - 1) & 3].append(c)
        self.market = []
        self.first = nxt = (self.first + 1) % self.n
        self.cur = nxt
        self._start_round()

    def _start_round(self) -> None:
        deck = self.deck
        pos = self.pos
        size = self.n + 2
        if len(deck) - pos < size:
            # End of game: the rest of the draw pile goes to the jackpots / leaves.
            for c in deck[pos:]:
                if c > BET_BASE:
                    self.gone.append(c)
                else:
                    self.jack[(c - 1) & 3].append(c)
            self.marks.append((len(self.history), "remainder", pos, len(deck)))
            self.pos = len(deck)
            self.phase = PHASE_FINAL
            self.fpass = 1
            self.fdone = 0
            self.cur = self.first
            return
        self.market = list(deck[pos:pos + size])
        self.marks.append((len(self.history), "market", pos, pos + size))
        self.pos = pos + size
        self.round += 1

    def _final_next(self) -> None:
        self.fdone += 1
        self.cur = (self.cur + 1) % self.n
        if self.fdone < self.n:
            return
        if self.fpass < self.final_plays:
            self.fpass += 1
            self.fdone = 0
            return
        for k in range(self.n):  # every line closes, from the token holder on
            self._close((self.first + k) % self.n)
        self.phase = PHASE_OVER
        self.fpass = 0
        self.fdone = 0

    def _recompute_line(self, p: int) -> None:
        """Rebuild the derived line fields of seat p from its cards (no jackpots)."""
        self.ldir[p] = self.llast[p] = self.lnum[p] = self.lbet[p] = self.lafter[p] = 0
        self.lsuit[p * 4:p * 4 + 4] = (0, 0, 0, 0)
        first = 0
        for c in self.lines[p]:
            if c > BET_BASE:
                self.lbet[p] = c - BET_BASE
                continue
            if self.lnum[p] == 0:
                first = c
            elif self.lnum[p] == 1:
                self.ldir[p] = 1 if c > first else -1
            self.llast[p] = c
            self.lnum[p] += 1
            if self.lbet[p]:
                self.lafter[p] += 1
            self.lsuit[p * 4 + ((c - 1) & 3)] += 1

    def _all_cards(self) -> Counter:
        """Every card of the game once: market, draw pile, hands, lines,
        stacks, jackpots, gone (used by tests of the accounting)."""
        cards = Counter(self.market)
        cards.update(self.deck[self.pos:])
        for group in (self.hands, self.lines, self.stacks, self.jack):
            for cs in group:
                cards.update(cs)
        cards.update(self.gone)
        return cards


def _fresh_seed() -> int:
    return int.from_bytes(os.urandom(8), "big") >> 1


def _parse_deck(deck: Any) -> tuple[int, ...]:
    """Check a deck= argument (106 card texts, top first) and return ints."""
    if isinstance(deck, (str, bytes)) or not hasattr(deck, "__iter__"):
        raise BadSave("deck= must be a list of the 106 card texts, top first")
    cards: list[int] = []
    unknown: list[str] = []
    for item in deck:
        text = str(item) if isinstance(item, int) and not isinstance(item, bool) else item
        c = CARD_OF_TEXT.get(text) if isinstance(text, str) else None
        if c is None:
            unknown.append(repr(item))
        else:
            cards.append(c)
    if unknown:
        raise BadSave(f"the deck holds things that are not cards: {', '.join(unknown[:5])}")
    have = Counter(cards)
    if have != FULL_COUNTS:
        missing = sorted((FULL_COUNTS - have).elements())
        extra = sorted((have - FULL_COUNTS).elements())
        parts = [f"the deck must hold exactly the {len(FULL_DECK)} cards (it has {len(cards)})"]
        if missing:
            parts.append("missing " + " ".join(TEXT[c] for c in missing[:10]) + (" ..." if len(missing) > 10 else ""))
        if extra:
            parts.append("too many " + " ".join(TEXT[c] for c in extra[:10]) + (" ..." if len(extra) > 10 else ""))
        raise BadSave("; ".join(parts))
    return tuple(cards)


def new_game(players: int, seed: int | str | None = None, first_seat: int | None = None,
             final_plays: int = 1, deck: list[str] | None = None) -> LineitState:
    """A new Line-it game with its first market revealed.

    players: 2..6. seed: int or str; None draws a fresh one from os.urandom
    (it is still recorded in to_json). first_seat: None lets the seeded Rng
    choose. final_plays: 1 (default) or 2. deck: the draw order, top first,
    as 106 card texts (for tests and tutorials; then nothing is shuffled).

    The Rng does, in this order: shuffle the 106 cards (unless deck= is
    given), then draw a first seat (used unless first_seat= is given; it is
    drawn either way, so a replay with the resolved first seat ends in the
    same Rng state).

    >>> s = new_game(players=2, seed=1, first_seat=1)
    >>> s.current_seat, s.view(1)["draw_pile"]
    (1, 102)
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadSave(f"Line-it is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    if final_plays not in (1, 2) or isinstance(final_plays, bool):
        raise BadSave(f"final_plays is 1 or 2, not {final_plays!r}")
    if first_seat is not None and (isinstance(first_seat, bool) or not isinstance(first_seat, int)
                                   or not 0 <= first_seat < players):
        raise BadSave(f"first_seat must be a seat from 0 to {players - 1}, not {first_seat!r}")
    if seed is None:
        seed = _fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise BadSave(f"a seed is a number or a text, not {seed!r}")
    rng = Rng(seed)
    if deck is None:
        cards = list(FULL_DECK)
        rng.shuffle(cards)
        setup_deck = None
    else:
        cards = list(_parse_deck(deck))
        setup_deck = tuple(TEXT[c] for c in cards)
    drawn = rng.below(players)  # always drawn, so the Rng's state never depends on first_seat=
    if first_seat is None:
        first_seat = drawn
    s = LineitState.__new__(LineitState)
    s.n = players
    s.final_plays = final_plays
    s.seed = seed
    s.setup_first = first_seat
    s.setup_deck = setup_deck
    s.rng_state = rng.state
    s.deck = tuple(cards)
    s.pos = 0
    s.market = []
    s.hands = [[] for _ in range(players)]
    s.lines = [[] for _ in range(players)]
    s.ldir = [0] * players
    s.llast = [0] * players
    s.lnum = [0] * players
    s.lbet = [0] * players
    s.lafter = [0] * players
    s.lsuit = [0] * (4 * players)
    s.jack = [[], [], [], []]
    s.stacks = [[] for _ in range(players)]
    s.bonus = [0] * players
    s.penalty = [0] * players
    s.gone = []
    s.phase = PHASE_TURN
    s.round = 0
    s.first = first_seat
    s.cur = first_seat
    s.taken = s.played = s.closed = 0
    s.fpass = s.fdone = 0
    s.history = []
    s.hseats = []
    s.marks = []
    s._start_round()
    return s


def from_json(data: Any) -> LineitState:
    """Rebuild a game from `to_json()` output (a dict or its JSON text).

    The actions are replayed through the rules, so a tampered save cannot
    create a position the rules never allowed. Any problem raises BadSave
    saying which action failed and why.
    """
    data = read_record(data, "lineit")
    setup = data["setup"]
    unknown = set(setup) - {"players", "first_seat", "final_plays", "deck"}
    if unknown:
        raise BadSave(f"the saved setup has unknown entries: {', '.join(sorted(unknown))}")
    if "players" not in setup:
        raise BadSave("the saved setup does not say how many players")
    try:
        state = new_game(players=setup["players"], seed=data["seed"], first_seat=setup.get("first_seat"),
                         final_plays=setup.get("final_plays", 1), deck=setup.get("deck"))
    except BadSave as exc:
        raise BadSave(f"the saved setup is wrong: {exc}") from None
    if data["seed"] is None and setup.get("deck") is None:
        raise BadSave("the saved game has neither a seed nor a deck")
    for i, text in enumerate(data["actions"], start=1):
        try:
            state.apply(text)
        except IllegalAction as exc:
            raise BadSave(f"action {i} ({text!r}) cannot be replayed: {exc}") from None
    return state
