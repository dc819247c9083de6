"""What hints teach (engine/bots/teach.py): facts about the position a move leaves, from the view."""
import random

from engine import lineit, linyo
from engine.bots import make_bot
from engine.bots.teach import facts
from engine.bots.worker import rank
from engine.lineit.cards import BET_BASE
from engine.lineit.line import fit_row
from engine.linyo.sheets import FIELDS, NEIGHBOURS, parse_field


def _deck(top):
    rest = [str(n) for n in range(1, 101)] + ["B3", "B3", "B4", "B4", "B5", "B5"]
    for card in top:
        rest.remove(card)
    return top + rest


def _red_jackpot_position():
    markets = ["1", "33", "13", "17", "29", "5", "21", "25", "9", "80", "60", "70"]
    s = lineit.new_game(2, deck=_deck(markets), seed=1, first_seat=0)
    for a in ["take 1 line", "end", "take 33 line", "end", "take 29 line", "end", "take 5 line", "end"]:
        s.apply(a)
    return s


def test_lineit_facts_worked_example():
    # line 1 5 (two red), red jackpot 13 17 21 25; seen: 12 numbers, so 88 still to come
    s = _red_jackpot_position()
    view = s.view(0)
    got = {f.key: f.params for f in facts("lineit", view, "take 80 line")}
    # above 80: 81..100 all unseen (20); red ones fitting: 81 85 89 93 97
    assert got == {"fit_left": {"n": 20, "unseen": 88}, "jackpot_odds": {"suit": "red", "n": 4, "fit": 5}}
    won = {f.key: f.params for f in facts("lineit", view, "take 9 line")}
    assert "jackpot_odds" not in won                     # the 9 wins it: nothing left to wait for
    assert won["fit_left"] == {"n": len([n for n in range(10, 101) if n not in
                                         (13, 17, 21, 25, 29, 33, 60, 70, 80)]), "unseen": 88}
    assert str(facts("lineit", view, "take 80 line")[1]) == \
        "the red jackpot (4 cards) goes to your next red card: 5 still to come fit your line"


def test_lineit_facts_agree_with_the_real_game():
    # seeded property: the facts from the seat's view match the real state after the move
    # (the draw pile is the only unseen pile: hands were filled face up)
    rng = random.Random(5)
    seen_bets = 0
    for seed in range(6):
        s = lineit.new_game(rng.choice([2, 3, 4]), seed=seed)
        while not s.is_over:
            p = s.current_seat
            a = rng.choice(s.legal_actions())
            got = {f.key: f.params for f in facts("lineit", s.view(p), str(a))}
            t = s.clone()
            if a.kind != "end":
                t.apply(a)
            if s.phase is lineit.Phase.TURN and t.phase is lineit.Phase.TURN:
                row = fit_row(t.ldir[p], t.llast[p], t.lbet[p])
                pile = [c for c in t.deck[t.pos:] if c <= BET_BASE]
                fitting = [c for c in pile if row[c]]
                if t.lnum[p]:
                    assert got["fit_left"] == {"n": len(fitting), "unseen": len(pile)}
                bet = t.bet_progress(p)
                if bet:
                    seen_bets += 1
                    key = "bet_lost_cause" if bet.value - bet.after > len(fitting) else "bet_progress"
                    assert got[key]["v"] == bet.value and got[key]["after"] == bet.after
                    assert got[key]["need"] == max(0, bet.value - bet.after)
            s.apply(a)
    assert seen_bets > 20


def _reachable(state, seat):
    """The free fields some open line can reach, by a plain breadth-first walk (not flood)."""
    free = {f for f in range(FIELDS) if not state.reached[seat] >> f & 1}
    todo = [end for _, end in state.open_ends(seat)]
    seen = set()
    while todo:
        f = todo.pop()
        for g in NEIGHBOURS[f]:
            if g in free and g not in seen:
                seen.add(g)
                todo.append(g)
    return seen, free


def test_linyo_facts_split_the_free_fields():
    # seeded property: the reachable count is a plain walk's; the fields the move cuts off were
    # reachable before it and are free and unreachable after it
    rng = random.Random(3)
    cuts = 0
    for seed in range(4):
        s = linyo.new_game(players=1, seed=seed, sheet="A")
        bot = make_bot("linyo", "easy", seed=seed)
        while not s.is_over:
            view = s.view(0)
            a = bot.choose(view) if rng.random() < 0.7 else rng.choice(s.legal_actions())
            got = facts("linyo", view, str(a))
            t = s.clone()
            t.apply(a)
            if s.phase == "move":
                (f,) = got
                before, _ = _reachable(s, 0)
                after, free = _reachable(t, 0)
                cut = {parse_field(name) for name in f.params["cut_fields"]}
                assert f.key == "reach_after" and f.params["reach"] == len(after)
                assert f.params["newly"] == len(cut) and cut == (before & free) - after
                cuts += len(cut)
            else:
                assert got == []
            s.apply(a)
    assert cuts > 0


def test_hints_carry_their_facts():
    s = _red_jackpot_position()
    hints = rank("lineit", "normal", 1, s.view(0), 2, None, None)
    assert hints and all(h["facts"] and {"text", "key", "template", "params"} <= set(h["facts"][0]) for h in hints)
