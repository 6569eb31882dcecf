"""California Jack scoring: the count after every trick, the winner of a game, the renege
penalty, quick entry and its refusals, and a match through the tally."""

from __future__ import annotations

import random
import re

import pytest

from scorekeeper.cards import Card, parse_cards
from scorekeeper.events import Event, play
from scorekeeper.games import get_game
from scorekeeper.games.base import ResultError, Violation
from scorekeeper.games.california_jack.scoring import (
    GamesWonTally,
    Standing,
    decide,
    outcome,
)
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from scorekeeper.playout import play_hand
from tests.told import all_words, words

GAME = get_game("california_jack")
SETTINGS = GAME.settings()
C = Card.parse


def hand_to(hand_0: str, hand_1: str, trump: str, *plays: tuple[int, str]):
    state = GAME.new_hand(SETTINGS, 1)
    for event in (
        Event("deal", seat=0, cards=parse_cards(hand_0)),
        Event("deal", seat=1, cards=parse_cards(hand_1)),
        Event("trump_card", card=C(trump)),
        *(play(seat, card) for seat, card in plays),
    ):
        assert not [v for v in state.check(event) if v.rule.refuses], event
        state.apply(event)
    return state


# -- the count (spec §4, rules of record §4) -------------------------------------------


@pytest.mark.parametrize(
    ("lead", "follow", "totals", "honours"),
    [
        pytest.param("AS", "3S", [5, 0], {"high": 0}, id="High: A of trump captured = 1 + 4"),
        pytest.param("3S", "2S", [1, 0], {"low": 0}, id="Low: 2 of trump captured = 1"),
        pytest.param("JS", "3S", [2, 0], {"jack": 0}, id="Jack: J of trump captured = 1 + 1"),
        pytest.param("AH", "3H", [4, 0], {}, id="an ace not of trump = 4, no High"),
        pytest.param("JH", "3H", [1, 0], {}, id="a jack not of trump = 1, no Jack"),
        pytest.param("KH", "3H", [3, 0], {}, id="K = 3"),
        pytest.param("QH", "3H", [2, 0], {}, id="Q = 2"),
        pytest.param("9H", "3H", [0, 0], {}, id="9 = 0"),
        pytest.param("2H", "3H", [0, 0], {}, id="a 2 not of trump = 0, no Low"),
        pytest.param("3H", "2S", [0, 1], {"low": 1}, id="the follower trumps and captures Low"),
    ],
)
def test_current_total_is_high_plus_low_plus_jack_plus_game_points(lead, follow, totals, honours):
    state = hand_to(
        f"{lead} 4D 5D 6D 7D 8D", f"{follow} 4C 5C 6C 7C 8C", "9S", (0, lead), (1, follow)
    )
    assert state.totals() == totals
    details = GAME.score_hand(state).details
    assert {k: details[k] for k in ("high", "low", "jack") if details[k] is not None} == honours


def test_a_ten_alone_reaches_10_and_wins_at_once():
    state = hand_to("10H 4D 5D 6D 7D 8D", "3H 4C 5C 6C 7C 8C", "9S", (0, "10H"), (1, "3H"))
    assert state.totals() == [10, 0] and state.phase == "over"


def test_9_is_not_enough_and_play_goes_on():
    state = hand_to("AH KH QH 6D 7D 8D", "3H 4H 5H 6C 7C 8C", "9S", (0, "AH"), (1, "3H"))
    assert state.totals() == [4, 0] and state.phase == "draw"


@pytest.mark.parametrize(
    ("totals", "winner"),
    [
        pytest.param((10, 3), 0, id="10 or more wins"),
        pytest.param((4, 29), 1, id="the player at 10 or more wins, seat 2"),
        pytest.param((9, 7), 0, id="nobody at 10: the higher total wins"),
        pytest.param((2, 8), 1, id="nobody at 10: the higher total wins, seat 2"),
        pytest.param((6, 6), None, id="nobody at 10, equal totals: a tie"),
    ],
)
def test_winning(totals, winner):
    assert decide(totals) == winner


def test_a_hand_stopped_with_nobody_at_10_goes_to_the_higher_total():
    state = hand_to("AH KH QH 6D 7D 8D", "3H 4H 5H 6C 7C 8C", "9S", (0, "AH"), (1, "3H"))
    result = GAME.score_hand(state)
    assert result.points == (1, 0) and words(result.summary) == "Ann wins 4–0, nobody at 10"
    assert result.details["ended"] == "stopped"


def test_a_stopped_hand_with_equal_totals_is_a_tie():
    state = hand_to("2H KH QH 6D 7D 8D", "3H 4H 5H 6C 7C 8C", "9S")
    result = GAME.score_hand(state)
    assert result.points == (0, 0) and words(result.summary) == "Tie 0–0, nobody at 10"


def test_the_outcome_details_give_each_honour_and_card_points_when_the_game_ended():
    state = hand_to(
        "AS JS 10H 4D 5D 6D",
        "2S 3S 3H 4C 5C 6C",
        "9S",
        (0, "AS"),
        (1, "2S"),
    )
    result = GAME.score_hand(state)
    assert result.details["high"] == 0 and result.details["low"] == 0
    assert result.details["jack"] is None
    assert result.details["card_points"] == [4, 0] and result.details["totals"] == [6, 0]
    assert result.details["stats"]["0"] == {"high": 1, "low": 1, "jack": 0, "card points": 4}


# -- the renege penalty ------------------------------------------------------------------


def test_a_renege_let_stand_loses_the_game_whatever_the_points():
    state = hand_to("10H 4D 5D 6D 7D 8D", "3H 4C 5C 6C 7C 8C", "9S", (0, "10H"))
    follow = GAME.rules["california_jack.play.follow-suit"]
    state.penalties.append(Violation(follow, 1, C("4C"), 1, ("had to follow hearts",)))
    state.apply(play(1, "4C"))
    result = GAME.score_hand(state)
    assert state.totals() == [10, 0]
    assert result.points == (1, 0)
    state.penalties[0] = Violation(follow, 0, C("10H"), 1)
    result = GAME.score_hand(state)
    assert result.points == (0, 1)
    assert words(result.summary) == "Ben wins on a renege (0–10)"  # the winner's score first
    assert words(result.penalty).startswith("Follow suit: Ann")
    assert words(result.penalty).endswith("Ben wins the game")


# -- quick entry --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "points", "totals"),
    [
        pytest.param(
            {"card_points": [11, 3], "honours": [["high"], ["low", "jack"]]},
            (1, 0),
            [12, 5],
            id="12 to 5 with high to seat 1, low and jack to seat 2",
        ),
        pytest.param(
            {"card_points": [0, 10], "honours": [[], []]}, (0, 1), [0, 10], id="a ten: 0 to 10"
        ),
        pytest.param({"card_points": [3, 5]}, (0, 1), [3, 5], id="stopped early: 3 to 5"),
        pytest.param({"card_points": [4, 3], "honours": [[], ["low"]]}, (0, 0), [4, 4], id="tie"),
        pytest.param(
            {"card_points": [29, 0], "honours": [[], []]}, (1, 0), [29, 0], id="the most: 29"
        ),
    ],
)
def test_quick_entry(data, points, totals):
    result = GAME.quick_outcome(SETTINGS, 0, data)
    assert result.points == points and result.details["totals"] == totals


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param(
            [1, 2],
            "a California Jack result is a set of named fields, not [1, 2]",
            id="not a mapping",
        ),
        pytest.param(
            {"card_points": [1, 2], "bid": 3},
            "'bid' is not a California Jack result field (valid: card_points, honours)",
            id="unknown key",
        ),
        pytest.param(
            {},
            "card_points: missing (Card points captured: one per seat: 0 to 80)",
            id="card points missing",
        ),
        pytest.param(
            {"card_points": [1]},
            "card_points: expected a list of 2, one per seat, not [1]",
            id="one player only",
        ),
        pytest.param(
            {"card_points": [1.5, 2]}, "card_points[0]: expected 0 to 80, not 1.5", id="not whole"
        ),
        pytest.param(
            {"card_points": [True, 2]},
            "card_points[0]: expected 0 to 80, not True",
            id="not a number",
        ),
        pytest.param(
            {"card_points": [-1, 2]},
            "card_points[0]: expected 0 to 80, not -1",
            id="negative points",
        ),
        pytest.param(
            {"card_points": [81, 0]},
            "card_points[0]: expected 0 to 80, not 81",
            id="above the deck's 80",
        ),
        pytest.param(
            {"card_points": [50, 40]}, "50 + 40 = 90 is more than the deck's 80", id="sum above 80"
        ),
        pytest.param(
            {"card_points": [5, 1], "honours": [["jack"], ["jack"]]},
            "'jack' is given to both players",
            id="honours to two players",
        ),
        pytest.param(
            {"card_points": [5, 1], "honours": [["high", "high"], []]},
            "honours[0]: an entry is listed twice in ['high', 'high']",
            id="an honour listed twice",
        ),
        pytest.param(
            {"card_points": [5, 1], "honours": [["game"], []]},
            "honours[0]: 'game' is not one of high, low, jack",
            id="not an honour",
        ),
        pytest.param(
            {"card_points": [5, 1], "honours": "high"},
            "honours: expected a list of 2, one per seat, not 'high'",
            id="bad list",
        ),
        pytest.param(
            {"card_points": [5, 1], "honours": ["high", []]},
            "honours[0]: expected a list of any of high, low, jack, not 'high'",
            id="a bare name",
        ),
        pytest.param(
            {"card_points": [2, 1], "honours": [["high"], []]},
            "worth 4 card points, but has only 2",
            id="High without the ace's 4 card points",
        ),
        pytest.param(
            {"card_points": [0, 0], "honours": [[], ["jack"]]},
            "worth 1 card point, but has only 0",
            id="Jack without the jack's card point",
        ),
        pytest.param(
            {"card_points": [9, 70], "honours": [[], []]},
            "at most 75 card points were captured",
            id="ace and jack of trump untaken: at most 75",
        ),
        pytest.param(
            {"card_points": [10, 10], "honours": [["high"], ["jack"]]},
            "both players have 10 or more",
            id="both at 10 or more",
        ),
        pytest.param(
            {"card_points": [30, 0], "honours": [[], []]},
            "a winner has at most 9 plus the 20 of one trick (29)",
            id="30 is more than 9 plus one trick",
        ),
    ],
)
def test_quick_entry_refuses_impossible_results(data, message):
    with pytest.raises(ResultError, match=re.escape(message)):
        GAME.quick_outcome(SETTINGS, 0, data)


# -- the match: a series of games ----------------------------------------------------------


def test_the_tally_counts_games_won_and_ties_count_for_nobody():
    tally = GAME.new_tally(SETTINGS)
    win = outcome(Standing((10, 3), dict.fromkeys(("high", "low", "jack"))), "ten")
    tie = outcome(Standing((4, 4), dict.fromkeys(("high", "low", "jack"))), "stopped")
    first = tally.add(win)
    assert first.totals == (1, 0) and all_words(first.notes) == ("Ann wins game 1",)
    second = tally.add(tie)
    assert second.totals == (1, 0) and all_words(second.notes) == ("tie: no game won",)
    assert not second.game_over


def test_a_match_to_3_games_ends_with_its_winner():
    tally = GamesWonTally(3)
    honours = dict.fromkeys(("high", "low", "jack"))
    scores = [tally.add(outcome(Standing((0, 12), honours), "ten")) for _ in range(3)]
    assert [s.game_over for s in scores] == [False, False, True]
    assert scores[-1].winners == (1,) and scores[-1].totals == (0, 3)
    with pytest.raises(ValueError, match="the match is already won"):
        tally.add(outcome(Standing((12, 0), honours), "ten"))


@pytest.mark.parametrize("games", [0, 5])
def test_a_long_match_through_the_ledger(games):
    settings = GAME.settings(match_games=games)
    info = MatchInfo("night", "california_jack", settings, ("Ann", "Bob"))
    ledger = Ledger(info)
    rng = random.Random(games)
    wins = [0, 0]
    for number in range(40):
        if ledger.game_over:
            break
        dealer = ledger.next_dealer
        assert dealer == number % 2
        state, events = play_hand(GAME, settings, rng, dealer)
        for event in events:
            ledger.record(event)
        result = ledger.outcome(number)
        assert result == GAME.score_hand(state)
        winner = result.details["winner"]
        wins[winner] += 1
        assert ledger.totals == tuple(wins)
    assert sum(wins) == len(ledger.scores)
    if games:
        assert ledger.game_over and ledger.winners == (wins.index(games),)
        assert max(wins) == games and sum(wins) < 40
    else:
        assert not ledger.game_over and sum(wins) == 40


def test_a_quick_entry_hand_in_the_ledger():
    info = MatchInfo("night", "california_jack", SETTINGS, ("Ann", "Bob"))
    ledger = Ledger(info)
    score = ledger.quick({"card_points": [3, 11], "honours": [["low"], []]})
    assert score.points == (0, 1) and score.totals == (0, 1)
    assert ledger.statistics()["Ann"]["low"] == 1
    assert ledger.statistics()["Bob"]["card points"] == 11


def test_honours_written_as_null_are_left_out_like_a_missing_key():
    """``null`` is the same as left out: no honour was captured."""
    data = {"card_points": [0, 0]}
    assert GAME.quick_outcome(SETTINGS, 0, {**data, "honours": None}) == GAME.quick_outcome(
        SETTINGS, 0, data
    )
