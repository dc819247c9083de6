"""Every rule of RULES.md Game 1 on hand-built decks (deck=)."""
from __future__ import annotations

import pytest

from engine import IllegalAction, lineit
from engine.core import BadSave
from test_lineit_helpers import ALL_TEXTS, autoplay_round, deck_with, hand_turn_to, new2, play, rnd, snapshot


def refused(s, text: str, message: str) -> None:
    """text is refused with exactly `message`, and nothing changes."""
    before = snapshot(s)
    json_before = s.to_json()
    with pytest.raises(IllegalAction) as info:
        s.apply(text)
    assert str(info.value) == message
    assert snapshot(s) == before
    assert s.to_json() == json_before
    assert not s.is_legal(text)
    assert s.why_illegal(text) == message


def test_suits_cycle_with_the_numbers():
    assert [lineit.suit_of(n) for n in (1, 2, 3, 4, 5, 6, 99, 100)] == [
        "red", "blue", "green", "yellow", "red", "blue", "green", "yellow"]
    assert lineit.suit_of("17") == "red"
    with pytest.raises(ValueError):
        lineit.suit_of("B3")


def test_worked_example_nine_cards_four_after_a_plus_four_bet_make_ten():
    mine = ["10", "20", "30", "40", "50", "B4", "60", "70", "80", "90"]
    theirs = ["99", "98", "97", "96", "95", "94", "93", "92", "91", "89"]
    s = new2([[a, b] for a, b in zip(mine, theirs)])
    for a, b in zip(mine, theirs):
        rnd(s, f"take {a} line", f"take {b} line")
    assert s.view(0)["seats"][0]["line"] == mine
    hand_turn_to(s, 0)
    before = s.scores()[0]
    gone_before = len(s.gone)
    s.apply("close")
    assert s.scores()[0] - before == 10
    v = s.view(0)
    assert v["seats"][0]["bonus"] == 4 and v["seats"][0]["line"] == []
    assert v["gone"][gone_before:] == ["B4", "10", "20", "30"]  # bet, then the first three in play order
    assert v["seats"][0]["stack_cards"][-6:] == ["40", "50", "60", "70", "80", "90"]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_market_holds_players_plus_two(players):
    s = lineit.new_game(players, seed=5)
    v = s.view(0)
    assert len(v["market"]) == players + 2
    assert v["draw_pile"] == 106 - players - 2
    assert v["round"] == 1 and v["log"][0]["seat"] is None and v["log"][0]["text"].startswith("market ")


def test_market_keeps_draw_order_and_deck_is_top_first():
    s = new2([["5", "B3", "77", "12"]])
    assert s.view(0)["market"] == ["5", "B3", "77", "12"]
    assert s.view(0)["log"][0] == {"seat": None, "text": "market 5 B3 77 12"}


def test_hand_limit_is_two():
    s = new2([["1", "2", "3", "4"], ["5", "6", "7", "8"]])
    rnd(s, "take 1 hand", "take 2 line")
    rnd(s, "take 5 hand", "take 6 line")
    assert s.view(0)["seats"][0]["hand"] == ["1", "5"]
    assert s.view(1)["seats"][0]["hand"] is None and s.view(1)["seats"][0]["hand_count"] == 2
    market = s.view(0)["market"]
    refused(s, f"take {market[0]} hand", "your hand is full (2 cards)")
    assert all(a.kind != "take_hand" for a in s.legal_actions())


def test_one_hand_play_per_turn_at_any_moment():
    s = new2([["10", "90", "20", "80"], ["30", "70", "40", "60"], ["50", "55"]])
    rnd(s, "take 10 hand", "take 90 line")
    rnd(s, "take 30 hand", "take 70 line")
    assert s.current_seat == 0  # the token passed twice: seat 0 leads round 3
    s.apply("play 10")  # before taking
    refused(s, "play 30", "you already played a card from your hand this turn")
    play(s, "take 50 line", "end")
    assert s.view(0)["seats"][0]["line"] == ["10", "50"]


def test_take_into_hand_then_play_it_in_the_same_turn():
    s = new2([["10", "90"]])
    play(s, "take 10 hand", "play 10")
    assert s.view(0)["seats"][0]["line"] == ["10"] and s.view(0)["seats"][0]["hand"] == []
    refused(s, "take 90 line", "you already took a market card this turn")


def test_close_only_nonempty_and_once_per_turn():
    s = new2([["10", "90"], ["20", "80"]])
    refused(s, "close", "your line is empty: there is nothing to close")
    assert lineit.parse_action("close") not in s.legal_actions()
    rnd(s, "take 10 line", "take 90 line")
    assert s.current_seat == 1  # the token passed to seat 1
    play(s, "close", "take 20 line")
    refused(s, "close", "you already closed your line this turn")
    play(s, "end")
    s.apply("close")  # seat 0's turn: a new turn, a new close
    refused(s, "close", "you already closed your line this turn")


def test_end_needs_a_taken_card_and_pass_is_only_final():
    s = new2([["10", "90"]])
    refused(s, "end", "take a market card first")
    refused(s, "pass", "'pass' is only for the final plays; end your turn with 'end'")
    refused(s, "take 33 line", "33 is not in the market")
    refused(s, "play 10", "10 is not in your hand")


def test_forced_close():
    # Seat 0: ascending line 10, 95; hand 1, 2. Round 3 market holds only cards below 95.
    s = new2([["1", "99", "98", "97"], ["2", "96", "94", "93"], ["10", "92"], ["95", "91"],
              ["3", "4", "5", "6"]])
    rnd(s, "take 1 hand", "take 99 line")
    rnd(s, "take 2 hand", "take 96 line")
    rnd(s, "take 10 line", "take 92 line")
    rnd(s, "take 95 line", "take 91 line")
    assert s.current_seat == 0 and s.view(0)["seats"][0]["line"] == ["10", "95"]
    assert s.view(0)["seats"][0]["hand"] == ["1", "2"]
    assert s.view(0)["market"] == ["3", "4", "5", "6"]
    legal = [str(a) for a in s.legal_actions()]
    assert legal == ["close"]  # hand cards 1, 2 do not fit either
    refused(s, "take 3 line", "ascending line: play above 95")
    refused(s, "take 3 hand", "your hand is full (2 cards)")
    s.apply("close")
    legal = [str(a) for a in s.legal_actions()]
    assert legal == ["take 3 line", "take 4 line", "take 5 line", "take 6 line", "play 1", "play 2"]
    play(s, "take 5 line", "play 2")  # the new line: 5, 2 is descending
    assert s.ldir[0] == -1
    s.apply("end")


def test_direction_fixed_by_first_two_numbers_ignoring_the_bet():
    s = new2([["B3", "B5"], ["40", "60"], ["30", "70"], ["35", "65"], ["20", "80"]])
    rnd(s, "take B3 line", "take B5 line")
    rnd(s, "take 40 line", "take 60 line")
    rnd(s, "take 30 line", "take 70 line")
    assert s.view(0)["seats"][0]["line"] == ["B3", "40", "30"]
    assert s.view(0)["seats"][1]["line"] == ["B5", "60", "70"]
    assert s.current_seat == 1
    refused(s, "take 65 line", "ascending line: play above 70")
    play(s, "take 65 hand", "end")
    refused(s, "take 35 line", "descending line: play below 30")
    play(s, "take 35 hand", "end")
    rnd(s, "take 20 line", "take 80 line")


def test_strictly_above_and_below_the_last_number():
    s = new2([["50", "60"], ["57", "40"], ["56", "58"]])
    rnd(s, "take 50 line", "take 60 line")
    rnd(s, "take 57 line", "take 40 line")
    assert s.view(0)["seats"][0]["line"] == ["50", "57"]
    assert s.view(0)["seats"][1]["line"] == ["60", "40"]
    assert s.current_seat == 0
    refused(s, "take 56 line", "ascending line: play above 57")
    assert [str(a) for a in s.legal_actions() if a.kind == "take_line"] == ["take 58 line"]
    play(s, "take 58 line", "end")
    refused(s, "take 56 line", "descending line: play below 40")
    takes = [a.card for a in s.legal_actions() if a.kind == "take_line"]
    assert takes == [c for c in s.market if c < 40]


def test_one_bet_per_line_and_a_bet_may_start_a_line():
    s = new2([["B5", "10"], ["B4", "20"], ["B3", "30"]])
    rnd(s, "take B5 line", "take 10 line")
    assert s.view(0)["seats"][0]["line"] == ["B5"]
    assert s.current_seat == 1
    play(s, "take 20 hand", "end")
    refused(s, "take B4 line", "your line already holds a bet card (B5): one per line")
    play(s, "close", "take B4 line", "end")  # after a close the new line may take a bet
    assert s.view(1)["seats"][0]["line"] == ["B4"]
    assert s.penalty[0] == 5
    rnd(s, "take 30 line", "take B3 line")
    assert s.view(1)["seats"][1]["line"] == ["10", "B3"]


def test_duplicate_bet_cards_give_one_action():
    s = new2([["B3", "B3", "B4", "1"]])
    legal = [str(a) for a in s.legal_actions()]
    assert legal == ["take B3 line", "take B3 hand", "take B4 line", "take B4 hand", "take 1 line", "take 1 hand"]
    assert len(set(legal)) == len(legal)
    play(s, "take B3 hand", "end")
    assert s.view(0)["market"] == ["B3", "B4", "1"]


def _bet_line(after: int, v: int = 4):
    """Seat 0 builds B{v} then `after` ascending numbers; seat 1 takes fillers."""
    mine = [f"B{v}"] + [str(10 + 5 * i) for i in range(after)]
    theirs = [str(99 - i) for i in range(len(mine))]
    s = new2([[a, b] for a, b in zip(mine, theirs)])
    for a, b in zip(mine, theirs):
        rnd(s, f"take {a} line", f"take {b} line")
    hand_turn_to(s, 0)
    return s


@pytest.mark.parametrize("v", [3, 4, 5])
def test_bet_won_with_exactly_v_numbers_after_it(v):
    s = _bet_line(v, v)
    s.apply("close")
    assert (s.bonus[0], s.penalty[0]) == (v, 0)
    assert f"B{v}" in s.view(0)["gone"]


@pytest.mark.parametrize("v", [3, 4, 5])
def test_bet_lost_with_v_minus_one_numbers_after_it(v):
    s = _bet_line(v - 1, v)
    s.apply("close")
    assert (s.bonus[0], s.penalty[0]) == (0, v)
    assert s.scores()[0] == len(s.stacks[0]) - v


def test_numbers_before_the_bet_do_not_count_for_it():
    s = new2([["10", "90"], ["20", "80"], ["B3", "70"], ["30", "60"], ["40", "50"]])
    rnd(s, "take 10 line", "take 90 line")
    rnd(s, "take 20 line", "take 80 line")
    rnd(s, "take B3 line", "take 70 line")
    rnd(s, "take 30 line", "take 60 line")
    rnd(s, "take 40 line", "take 50 line")
    assert s.view(0)["seats"][0]["line"] == ["10", "20", "B3", "30", "40"]
    hand_turn_to(s, 0)
    s.apply("close")
    assert s.penalty[0] == 3 and s.bonus[0] == 0


def test_bet_alone_in_a_line_is_lost_and_yields_nothing():
    s = new2([["B5", "90"]])
    play(s, "take B5 line", "close")
    assert s.penalty[0] == 5 and s.stacks[0] == [] and s.view(0)["gone"] == ["B5"]


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
def test_discard_three_first_in_play_order(count):
    mine = [str(20 + i) for i in range(count)]
    theirs = [str(99 - i) for i in range(count)]
    s = new2([[a, b] for a, b in zip(mine, theirs)])
    for a, b in zip(mine, theirs):
        rnd(s, f"take {a} line", f"take {b} line")
    hand_turn_to(s, 0)
    stack_before = list(s.view(0)["seats"][0]["stack_cards"])
    gone_before = len(s.gone)
    s.apply("close")
    v = s.view(0)
    assert v["gone"][gone_before:] == mine[:3]
    assert v["seats"][0]["stack_cards"] == stack_before + mine[3:]


def test_jackpot_on_exactly_the_third_card_of_a_suit_not_the_fourth():
    # Red numbers: 1, 5, 9, 13, ... Round 1 leftovers 41, 45 (red) fill the red jackpot.
    s = new2([["1", "99", "41", "45"], ["5", "98", "49", "53"], ["9", "97", "57", "61"], ["13", "96", "65", "69"]])
    rnd(s, "take 1 line", "take 99 line")
    assert s.view(0)["jackpots"]["red"] == ["41", "45"]
    rnd(s, "take 5 line", "take 98 line")
    assert s.view(0)["jackpots"]["red"] == ["41", "45", "49", "53"]
    assert s.stacks[0] == []
    play(s, "take 9 line", "end")  # third red card in seat 0's line
    assert s.view(0)["seats"][0]["stack_cards"] == ["41", "45", "49", "53"]
    assert s.view(0)["jackpots"]["red"] == []
    play(s, "take 97 line", "end")
    assert s.view(0)["jackpots"]["red"] == ["57", "61"]
    rnd(s, "take 13 line", "take 96 line")  # fourth red: nothing
    assert s.view(0)["seats"][0]["stack"] == 4
    assert s.view(0)["jackpots"]["red"] == ["57", "61", "65", "69"]


def test_empty_jackpot_gives_nothing_and_the_suit_is_spent_for_that_line():
    s = new2([["1", "2", "3", "4"], ["5", "6", "7", "8"], ["9", "10", "49", "52"], ["13", "14"]])
    rnd(s, "take 1 line", "take 2 line")
    assert s.view(0)["jackpots"] == {"red": [], "blue": [], "green": ["3"], "yellow": ["4"]}
    rnd(s, "take 5 line", "take 6 line")
    assert s.view(0)["jackpots"]["red"] == []
    play(s, "take 9 line", "end")  # third red card, but the red jackpot is empty
    assert s.stacks[0] == []
    play(s, "take 10 line", "end")  # third blue for seat 1, empty blue jackpot
    assert s.stacks[1] == []
    assert s.view(0)["jackpots"]["red"] == ["49"] and s.view(0)["jackpots"]["blue"] == []
    rnd(s, "take 13 line", "take 14 line")  # the fourth red does not win the red jackpot
    assert s.stacks[0] == [] and "49" in s.view(0)["jackpots"]["red"]


def test_third_card_by_a_hand_play_also_wins():
    s = new2([["1", "99", "41", "45"], ["5", "98"], ["9", "97"]])
    rnd(s, "take 1 line", "take 99 line")
    rnd(s, "take 5 line", "take 98 line")
    play(s, "take 9 hand", "play 9")
    assert s.view(0)["seats"][0]["stack_cards"][:2] == ["41", "45"]


def test_end_of_round_leftovers_and_token():
    s = new2([["10", "20", "B3", "7"], ["30", "40"]])
    assert s.view(0)["first_seat"] == 0
    rnd(s, "take 10 line", "take 20 line")
    v = s.view(0)
    assert v["jackpots"]["green"] == ["7"] and v["gone"] == ["B3"] and v["market"][:2] == ["30", "40"]
    assert v["first_seat"] == 1 and v["current_seat"] == 1 and v["round"] == 2
    assert [e["text"] for e in v["log"]][-2:] == ["end", "market 30 40 " + " ".join(v["market"][2:])]


def test_turn_flags_in_the_view():
    s = new2([["10", "20"]])
    assert s.view(0)["turn"] == {"taken": False, "played_from_hand": False, "closed": False}
    play(s, "take 10 hand", "play 10", "close")
    assert s.view(1)["turn"] == {"taken": True, "played_from_hand": True, "closed": True}


def _to_final(final_plays: int):
    """A 2-player game driven to its last round with autoplay; the last market
    (cards 100..103 of the deck) is then scripted; deck remainder 7, B5."""
    last = ["3", "B4", "98", "2"]
    deck = deck_with([], 2, tail=last + ["7", "B5"])
    s = lineit.new_game(players=2, first_seat=0, final_plays=final_plays, deck=deck)
    while s.round < 26:
        autoplay_round(s)
    assert s.round == 26 and s.current_seat == 1 and s.view(0)["market"] == last
    if s.lines[1]:
        s.apply("close")
    play(s, "take B4 hand", "end")
    if s.lines[0]:
        s.apply("close")
    play(s, "take 3 hand", "end")
    return s


def test_end_of_game_deck_remainder_and_final_first_player():
    s = _to_final(1)
    v = s.view(0)
    assert v["phase"] == "final" and v["final_pass"] == 1 and v["draw_pile"] == 0
    assert v["first_seat"] == 0 and v["current_seat"] == 0  # the token passed after round 26
    assert "7" in v["jackpots"]["green"] and v["gone"][-1] == "B5"
    assert v["log"][-1] == {"seat": None, "text": "remainder 7 B5"}
    assert v["market"] == [] and all(x["line"] == [] for x in v["seats"])
    assert s.hands[0][-1] == 3 and s.hands[1][-1] == 104


def test_final_plays_one():
    s = _to_final(1)
    hand0 = list(s.view(0)["seats"][0]["hand"])
    refused(s, "take 98 line", "the draw pile is spent: in the final plays you may only play a card from your hand or pass")
    refused(s, "close", "the draw pile is spent: in the final plays you may only play a card from your hand or pass")
    refused(s, "end", "the draw pile is spent: in the final plays you may only play a card from your hand or pass")
    legal = [str(a) for a in s.legal_actions()]
    assert legal[-1] == "pass" and "play 3" in legal
    s.apply("play 3")
    assert s.current_seat == 1
    assert [str(a) for a in s.legal_actions()][-1] == "pass"
    s.apply("pass")
    assert s.is_over and s.current_seat is None and s.legal_actions() == []
    assert s.view(0)["phase"] == "over"
    refused(s, "pass", "the game is over")
    # the forced final close: seat 0's line of one card yielded nothing, lines are empty
    assert all(not line for line in s.lines)
    assert "3" in s.view(0)["gone"]
    assert s.view(0)["seats"][0]["hand_count"] == len(hand0) - 1
    assert sum(s._all_cards().values()) == 106


def test_final_plays_two_second_pass_in_the_same_order():
    s = _to_final(2)
    penalty = s.penalty[1]
    play(s, "pass")
    assert s.view(1)["final_pass"] == 1
    play(s, "pass")
    assert s.view(0)["final_pass"] == 2 and s.current_seat == 0  # a full second round of the table
    play(s, "play 3", "play B4")
    assert s.is_over
    assert s.penalty[1] - penalty == 4  # B4 alone in the line: lost on the final close


def test_final_play_may_win_a_jackpot():
    tail = ["81", "2", "3", "4", "73", "6", "5", "8", "77", "10", "11", "12", "97", "98"]
    s = lineit.new_game(players=2, first_seat=0, deck=deck_with([], 2, tail=tail))
    while s.round < 24:
        autoplay_round(s)
    assert s.view(0)["market"] == ["81", "2", "3", "4"] and s.hands == [[], []]
    rnd(s, "take 81 hand", "take 2 hand")
    rnd(s, ("close; " if s.lines[0] else "") + "take 73 line", "take 6 hand")
    rnd(s, "take 77 line", ("close; " if s.lines[1] else "") + "take 10 line")
    assert s.phase == 1 and s.current_seat == 0
    red = s.view(0)["jackpots"]["red"]
    assert "97" in red  # the deck remainder went to its jackpot
    stack = len(s.stacks[0])
    s.apply("play 81")  # 73, 77, 81: the third red card of the line
    assert len(s.stacks[0]) == stack + len(red)
    assert s.view(0)["jackpots"]["red"] == []


def test_scores_and_winners_over_a_whole_game():
    s = lineit.new_game(3, seed=11)
    while not s.is_over:
        s.apply(s.legal_actions()[-1])
    sc = s.scores()
    assert sc == [len(s.stacks[p]) + s.bonus[p] - s.penalty[p] for p in range(3)]
    assert s.winners() == [p for p in range(3) if sc[p] == max(sc)]


def test_shared_victory():
    from engine.core import Rng
    for seed in range(200):
        s = lineit.new_game(2, seed=seed)
        rng = Rng(seed)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        if len(s.winners()) > 1:
            assert s.winners() == [0, 1] and s.scores()[0] == s.scores()[1]
            return
    pytest.fail("no tied game in 200 seeds")


def test_winners_empty_before_the_end():
    assert lineit.new_game(2, seed=1).winners() == []


@pytest.mark.parametrize("players,rounds", [(2, 26), (3, 21), (4, 17), (5, 15), (6, 13)])
def test_whole_games_for_every_table_size(players, rounds):
    s = lineit.new_game(players, seed=players, first_seat=players - 1)
    while not s.is_over:
        autoplay_round(s) if s.phase == 0 else s.apply("pass")
    assert s.round == rounds
    assert sum(s._all_cards().values()) == 106
    finals = [e for e in s.view(0)["log"] if e["text"] == "pass"]
    assert len(finals) == players


def test_bad_decks_are_rejected():
    with pytest.raises(BadSave, match="exactly the 106 cards"):
        lineit.new_game(2, deck=ALL_TEXTS[:-1])
    with pytest.raises(BadSave, match="missing 1; too many 2"):
        lineit.new_game(2, deck=["2"] + ALL_TEXTS[1:])
    with pytest.raises(BadSave, match="missing B5; too many B3"):
        lineit.new_game(2, deck=ALL_TEXTS[:-1] + ["B3"])
    with pytest.raises(BadSave, match="not cards"):
        lineit.new_game(2, deck=ALL_TEXTS[:-1] + ["B7"])
    with pytest.raises(BadSave):
        lineit.new_game(2, deck="1 2 3")


@pytest.mark.parametrize("kw", [dict(players=1), dict(players=7), dict(players=2, first_seat=2),
                                dict(players=2, final_plays=3), dict(players=2, seed=1.5)])
def test_bad_setups_are_rejected(kw):
    with pytest.raises(BadSave):
        lineit.new_game(**kw)


def test_seed_and_first_seat_resolution():
    a = lineit.new_game(4)
    assert isinstance(a.seed, int) and a.to_json()["seed"] == a.seed
    b = lineit.new_game(4, seed=a.seed)
    assert b.to_json() == a.to_json() and b.view(0)["market"] == a.view(0)["market"]
    drawn = [lineit.new_game(4, seed=i) for i in range(40)]  # the seed's Rng draws the first seat: a chance outcome
    assert {s.chance[0].outcome for s in drawn} == {("0",), ("1",), ("2",), ("3",)}
    assert all(s.chance[0].kind == "first_seat" and s.to_json()["setup"]["first_seat"] is None for s in drawn)
    assert lineit.new_game(4, seed=1, first_seat=2).to_json()["setup"]["first_seat"] == 2
    assert "deck" not in a.to_json()["setup"]
    d = lineit.new_game(2, deck=ALL_TEXTS, first_seat=1).to_json()["setup"]
    assert d["deck"] == ALL_TEXTS and d["first_seat"] == 1


@pytest.mark.parametrize("text", ["", "jump", "take 17", "take 17 table", "take 101 line", "play B7",
                                  "take 0 hand", "play", "close now", "end 3"])
def test_parse_errors(text):
    with pytest.raises(IllegalAction):
        lineit.parse_action(text)
    s = lineit.new_game(2, seed=1)
    before = snapshot(s)
    with pytest.raises(IllegalAction):
        s.apply(text)
    assert snapshot(s) == before


def test_every_action_text_round_trips():
    assert len(lineit.ALL_ACTIONS) == 103 * 3 + 3
    for a in lineit.ALL_ACTIONS:
        assert lineit.parse_action(str(a)) == a
        assert lineit.parse_action(str(a)) is a
        assert hash(lineit.parse_action(a.text)) == hash(a)
    assert lineit.parse_action("  Take b4   LINE ") == lineit.parse_action("take B4 line")
    with pytest.raises(AttributeError):
        lineit.parse_action("close").card = 3


# --- answers the table asks instead of re-deriving them -------------------------------------------


def test_bet_progress_follows_the_worked_example():
    mine = ["10", "20", "30", "40", "50", "B4", "60", "70", "80", "90"]
    theirs = ["99", "98", "97", "96", "95", "94", "93", "92", "91", "89"]
    s = new2([[a, b] for a, b in zip(mine, theirs)])
    seen = []
    for a, b in zip(mine, theirs):
        rnd(s, f"take {a} line", f"take {b} line")
        seen.append(s.bet_progress(0))
    assert seen[:5] == [None] * 5 and s.bet_progress(1) is None
    assert seen[5:] == [(4, 0, False), (4, 1, False), (4, 2, False), (4, 3, False), (4, 4, True)]
    assert seen[-1].value == 4 and seen[-1].after == 4 and seen[-1].wins
    hand_turn_to(s, 0)
    s.apply("close")
    assert s.bet_progress(0) is None and s.view(0)["seats"][0]["bonus"] == 4   # closing now won, as it said


def test_bet_wins_is_the_close_rule():
    assert [lineit.bet_wins(after, 4) for after in range(6)] == [False] * 4 + [True] * 2


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_market_is_market_size_and_the_rest_is_smaller(players):
    s = lineit.new_game(players, seed=players)
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    dealt = [e for e in s.events if e.kind == "lineit.market_dealt"]
    rest = [e for e in s.events if e.kind == "lineit.remainder_dealt"]
    assert dealt and all(len(e.cards) == lineit.market_size(players) for e in dealt)
    assert len(rest) <= 1 and all(len(e.cards) < lineit.market_size(players) for e in rest)
    assert len(dealt) == 106 // lineit.market_size(players)


@pytest.mark.parametrize("seed", range(1, 9))
def test_public_hands_are_the_hands_at_every_step(seed):
    from engine.core import Rng

    players = 2 + seed % 5
    s = lineit.new_game(players, seed=seed)
    rng = Rng(seed)
    while not s.is_over:
        spectator = s.view(None)
        known = lineit.public_hands(spectator["log"], players)
        assert [sorted(h) for h in known] == [sorted(s.view(p)["seats"][p]["hand"]) for p in range(players)]
        assert [len(h) for h in known] == [seat["hand_count"] for seat in spectator["seats"]]
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])


def test_places_share_a_tie_and_winners_wait_for_the_end():
    s = lineit.new_game(2, seed=1)
    assert s.places() == [1, 1] and s.winners() == []
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    sc = s.scores()
    assert s.places() == [1 + sum(o > x for o in sc) for x in sc]
    assert s.winners() == [p for p in range(2) if sc[p] == max(sc)]
