"""The Linyo tutorial: alone on sheet A at difficulty 2, with fixed rolls, nine steps.

Lines are numbered in the order of their starts: 1 = e4 (blue), 2 = a1 (blue),
3 = f2 (orange), 4 = a4 (grey). The last move boxes in lines 2 and 4 at once,
so all four lines are aborted and the game ends. `tests/test_tutorial.py` runs
the script through the engine.
"""
from __future__ import annotations

from functools import lru_cache

from engine import linyo

from game.shell.i18n import N_

from game.tutorial.steps import Script, Step

# start roll, then one roll per round
ROLLS = ("bbog", "bogg", "gbbo", "gggg", "obbo", "obgb", "bbbo")


def new_state() -> linyo.State:
    return linyo.new_game(players=1, seed="tutorial", sheet="A", difficulties=[2], first_seat=0,
                          rolls=list(ROLLS))


STEPS = (
    Step(N_("Your sheet: you will draw four lines on it. At the end, every field no line reached "
            "counts against you, so the fewest free fields wins."), point=("sheet",),
         claims=("phase start", "free")),
    Step(N_("The start roll: blue, blue, orange, grey. Mark one start per die, on a field of that "
            "colour. Click the four glowing fields, then Confirm."),
         do=("start e4", "start a1", "start f2", "start a4"),
         claims=("roll bbog", "legal start e4", "legal start f2", "legal start a4"),
         after=N_("Four starts, four lines. Each line only ever grows from its far end."),
         after_claims=("lines 4", "open 4", "grows_from_end")),
    Step(N_("Each step of a move enters a neighbour field whose colour matches an unused die. "
            "Draw from e4 down, left and down again: turns are fine, diagonals are not."),
         do=("move 1 e5 d5 c5 c6",), claims=("legal move 1 e5 d5 c5 c6", "illegal move 1 d5"),
         after=N_("Every die was used once. No line may ever enter a field that is already used."),
         after_claims=("illegal move 1 c5", "grows_from_end")),
    # the after text's "two dice unused" is a fact of the move, checked before it (dice_left)
    Step(N_("From a4, go right, then up onto the blue star. A move that ends on a star earns one "
            "extra step in any colour: take it to a3."),
         do=("move 4 b4 b3 +a3",),
         claims=("legal move 4 b4 b3 +a3", "illegal move 4 b4 b3 a3", "dice_left move 4 b4 b3 +a3 2",
                 "legal move 4 b4 b3"),
         after=N_("You stopped early and left two dice unused. That is allowed."),
         after_claims=("line_fields 4 a4 b4 b3 a3",)),
    Step(N_("Four of a kind! You may turn up to three dice to other colours. Click three dice until "
            "they are orange, keep one grey, then Confirm."),
         do=("set ooog",), point=("dice", "sheet"), claims=("roll gggg", "legal set ooog", "illegal set oooo"),
         after=N_("Three orange dice and one grey: this round, everyone moves with these."),
         after_claims=("roll ooog", "phase move")),
    Step(N_("Now draw line 3 from f2 with the three orange dice and the grey one: right, up, "
            "right, right."),
         do=("move 3 g2 g1 h1 i1",), claims=("roll ooog", "legal move 3 g2 g1 h1 i1")),
    Step(N_("Sometimes no move is good. Press Extend nothing, click line 1, then Confirm: a round "
            "without a move costs you one line of your choice."),
         do=("abort 1",), claims=("legal abort 1", "legal abort 2", "legal abort 4"),
         after=N_("Line 1 is aborted: the × marks its end for good."),
         after_claims=("aborted 1", "no_moves 1")),
    Step(N_("Draw line 3 one field to the right, to j1. You play at difficulty 2, so a move shorter "
            "than two fields aborts its line at the end of the round."),
         do=("move 3 j1",), claims=("legal move 3 j1", "difficulty 2"),
         after=N_("Too short: line 3 is aborted."), after_claims=("aborted 3", "no_moves 3")),
    Step(N_("Draw line 2 from a1 right, down and left, to a2. A line whose end has no free "
            "neighbour is aborted: this move traps line 4 too."),
         do=("move 2 b1 b2 a2",), claims=("legal move 2 b1 b2 a2", "open 2"),
         after=N_("All four lines are aborted, so the game ends. Every free field counts: fewer is "
                  "better."),
         after_claims=("open 0", "aborted 4", "over", "free")),
)


@lru_cache(maxsize=1)
def script() -> Script:
    return Script("linyo", N_("Learn Linyo"), STEPS, new_state,
                  seats=({"name": "", "kind": "human", "level": None, "difficulty": 2},))
