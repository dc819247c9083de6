"""The Line-it tutorial: two seats (you and the bot Robin), a stacked deck, 18 steps.

The first twelve rounds are written out card by card (each market is four
cards, players + 2); the rest of the deck is played by a plain rule in one
fast-forward step, then the final plays and the score. `tests/test_tutorial.py`
runs the whole script through the engine.
"""
from __future__ import annotations

from functools import lru_cache

from engine import lineit
from engine.core.rng import Rng
from engine.lineit.cards import FULL_DECK, TEXT

from game.shell.i18n import N_

from game.tutorial.steps import Script, Step, apply_all

BOT = 1

# the markets of rounds 1-12, in deal order (you start: you hold the token in odd rounds)
MARKETS = (
    ("11", "74", "27", "B5"),     # R1  you: 11 to the line; Robin 74; 27 -> green jackpot, B5 leaves
    ("68", "19", "31", "2"),      # R2  Robin 68; you: 19 sets the direction (up)
    ("B3", "50", "43", "14"),     # R3  you: the bet B3; Robin 50
    ("45", "41", "3", "88"),      # R4  Robin 41; you: 45 to the hand
    ("9", "33", "99", "16"),      # R5  you: 9 to the hand (now full); Robin 33
    ("20", "55", "7", "64"),      # R6  Robin 20; you: play 45, take 55 (third green: jackpot)
    ("63", "12", "58", "25"),     # R7  you: 63 (fourth green: no jackpot), close (bet won)
    ("B4", "8", "81", "94"),      # R8  Robin 8; you: B4 starts the new line
    ("52", "1", "77", "86"),      # R9  you: 52; Robin 1
    ("B5", "38", "17", "70"),     # R10 Robin B5; you: 38 (down)
    ("60", "92", "4", "29"),      # R11 you: 60 to the hand (full); Robin 92 to its hand
    ("80", "96", "57", "66"),     # R12 Robin 96; you: close (by choice), 80 starts a new line
)


# the order of the cards after the written markets: the engine's own shuffle of them with this
# seed, chosen so that the plain rounds of the fast forward leave you ahead (22 to 5): a
# tutorial played as it asks is won (tests/test_tutorial_claims.py checks the final scores)
REST_SEED = 16


def deck() -> list[str]:
    """106 card texts, top first: the written markets, then every other card, shuffled by the
    engine's generator with `REST_SEED` (the same order on every machine and version)."""
    top = [c for m in MARKETS for c in m]
    rest = sorted((TEXT[c] for c in FULL_DECK), key=lambda t: (t[0] == "B", -int(t.lstrip("B"))))
    for c in top:
        rest.remove(c)
    Rng(REST_SEED).shuffle(rest)
    return top + rest


def new_state() -> lineit.LineitState:
    return lineit.new_game(players=2, seed="tutorial", first_seat=0, deck=deck())


def plain_move(state: lineit.LineitState) -> list[str]:
    """One whole turn by a plain rule (the fast forward): a card that fits the line, else one to
    the hand, else close and start a new line; the final plays play the first card that fits."""
    legal = [str(a) for a in state.legal_actions()]
    plays = [a for a in legal if a.startswith("play")]
    if "pass" in legal:
        return [plays[0] if plays else "pass"]
    for kind in ("line", "hand"):
        for a in legal:
            if a.startswith("take") and a.endswith(kind):
                return [a, "end"]
    trial = state.clone()
    trial.apply("close")
    take = next(str(a) for a in trial.legal_actions() if str(a).endswith("line"))
    return ["close", take, "end"]


def fast_forward(state: lineit.LineitState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(actions up to your final play, Robin's final play after yours, if any)."""
    out: list[str] = []
    s = state.clone()
    while not (s.view(0)["phase"] == "final" and s.current_seat == 0):
        turn = plain_move(s)
        apply_all(s, turn)
        out += turn
    return tuple(out), ()


STEPS_BEFORE_END = (
    Step(N_("This is the market: always as many cards as players, plus two. With two players "
            "that makes four. On your turn you take exactly one of them."), point=("market",),
         claims=("market_size 4", "must_take")),
    Step(N_("Drag the 11 onto your line at the bottom, then press End turn."),
         do=("take 11 line", "end"), bots=("take 74 line", "end"), claims=("may_take 11 line",),
         after=N_("Your line has begun. Robin took the 74 for its own line."),
         after_claims=("line 0 11", "line 1 74")),
    # no action of yours: the words hold while Robin plays first in round 2, and after
    Step(N_("The round is over. The Number cards left in the market went to the jackpot of their "
            "suit; the Bet card left the game. Robin now holds the first-player token, so it plays "
            "first."),
         point=("jackpots",), bots=("take 68 line", "end"),
         claims=("jackpot green 1", "bet_gone B5", "first_seat 1")),
    Step(N_("Add the 19 to your line. The second Number card sets the direction: 19 is higher "
            "than 11, so your line must go up from now on."),
         do=("take 19 line", "end"), claims=("may_take 19 line", "direction none"),
         after=N_("Your line goes up. Every later card must be higher than the last one."),
         after_claims=("direction up", "only_beyond")),
    Step(N_("A Bet card! Put the 3 on your line. If at least three Number cards follow it when the "
            "line closes, you win 3 points; if not, you lose 3."),
         do=("take B3 line", "end"), bots=("take 50 line", "end", "take 41 line", "end"),
         claims=("may_take B3 line",),
         after=N_("A line holds at most one Bet card. Now you need three Number cards after it."),
         after_claims=("one_bet", "bet_after 3 0")),
    Step(N_("The 45 is useful later. Drag it into your hand: a hand card can go onto your line "
            "on a later turn."),
         do=("take 45 hand", "end"), claims=("may_take 45 hand", "may_take 45 line")),
    Step(N_("Take the 9 into your hand too. A hand holds at most two cards."),
         do=("take 9 hand", "end"), bots=("take 33 line", "end", "take 20 line", "end"),
         claims=("may_take 9 hand", "hand 1"), point=("you",),
         after=N_("Your hand is full: a card that fits neither hand nor line cannot be kept."),
         after_claims=("hand_full", "may_not_take 7 line", "may_not_take 7 hand")),
    Step(N_("Once per turn you may play a card from your hand. Drag the 45 from your hand onto "
            "your line."),
         do=("play 45",), claims=("may_play 45",),
         after=N_("Done. You still have to take a market card this turn."), after_claims=("must_take",)),
    Step(N_("Take the 55 to your line. It is your third green card: the third card of a suit wins "
            "that suit's jackpot."),
         do=("take 55 line", "end"), claims=("may_take 55 line", "suit_count green 2"), point=("jackpots",),
         after=N_("The green jackpot went to your scoring stack. A suit pays out only once per line."),
         after_claims=("jackpot_won green",)),
    Step(N_("Take the 63 to your line. It is your fourth green card, so no jackpot this time."),
         do=("take 63 line",), claims=("may_take 63 line", "suit_count green 3", "jackpot green 1"),
         point=("jackpots",)),
    Step(N_("Close your line now. First the bet: three Number cards follow the 3, so it is won. "
            "Then three Number cards are discarded and the rest are banked."),
         do=("close", "end"), bots=("take 12 line", "end", "take 8 line", "end"),
         claims=("may_close", "bet_after 3 3", "no_new_jackpot", "jackpot green 1"),
         after=N_("You won 3 points and banked two cards. Your next line starts from nothing."),
         after_claims=("closed won 2 free", "line_empty")),
    Step(N_("A new line may start with a Bet card. Take the 4: this bet needs four Number cards "
            "after it."),
         do=("take B4 line", "end"), claims=("line_empty", "may_take B4 line")),
    Step(N_("Add the 52 to your line."),
         do=("take 52 line", "end"), bots=("take 1 line", "end", "take B5 line", "end"),
         claims=("may_take 52 line",)),
    Step(N_("Add the 38: lower than 52, so this line goes down."),
         do=("take 38 line", "end"), claims=("may_take 38 line", "direction none"),
         after=N_("Your line goes down: the Bet card does not count for the direction."),
         after_claims=("direction down", "only_beyond")),
    Step(N_("Take the 60 into your hand, beside the 9: that fills it again."),
         do=("take 60 hand", "end"), bots=("take 92 hand", "end", "take 96 hand", "end"),
         claims=("may_take 60 hand", "may_not_take 60 line", "hand 1")),
    # closing here is a choice, not forced: the 9 in hand still fits the falling line (RULES.md)
    Step(N_("No market card fits your line, and your hand is full. The 9 in your hand would still "
            "fit, but close now: press Close line, then take the 80 to start a new line."),
         do=("close", "take 80 line", "end"),
         claims=("no_market_fits", "hand_full", "may_play 9", "not_must_close", "may_close"),
         after=N_("Only two Number cards followed your 4, so that bet cost 4 points. A line of three "
                  "or fewer Number cards banks nothing."),
         after_claims=("closed lost 0 free",)),
)


@lru_cache(maxsize=1)
def script() -> Script:
    state = new_state()
    for step in STEPS_BEFORE_END:
        apply_all(state, step.do + step.bots)
    ahead, _after = fast_forward(state)
    apply_all(state, ahead)
    final = plain_move(state)
    trial = state.clone()
    apply_all(trial, final)
    robin_final: list[str] = []
    while trial.current_seat == BOT and not trial.is_over:
        a = plain_move(trial)
        apply_all(trial, a)
        robin_final += a
    card = final[0].split()[1] if final[0].startswith("play") else ""
    end_steps = (
        Step(N_("Let us jump ahead: the rounds go on like this until the draw pile cannot fill a "
                "market. Then the cards left in it go to the jackpots."),
             auto=ahead, point=("jackpots",), claims=("phase final", "draw_pile 0", "remainder_dealt")),
        Step(N_("The final plays: each player may put one card from hand onto the line. Play the "
                "{card}."), do=tuple(final), bots=tuple(robin_final), params=(("card", card),),
             claims=("phase final", "may_play {card}"),
             after=N_("Every line is closed one last time. Score: banked cards plus bonus tokens "
                      "minus penalty tokens. Cards in hand score nothing."),
             after_claims=("phase over", "score")),
    )
    return Script("lineit", N_("Learn Line-it"), STEPS_BEFORE_END + end_steps, new_state,
                  seats=({"name": "", "kind": "human", "level": None},
                         {"name": "Robin", "kind": "bot", "level": "easy"}))
