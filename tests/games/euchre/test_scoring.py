"""Euchre quick entry, hand summaries and the game tally over a whole match."""

from __future__ import annotations

import random

import pytest

from scorekeeper.adjudicator import Refused
from scorekeeper.games import get_game
from scorekeeper.games.base import ResultError
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from scorekeeper.playout import play_hand
from tests.told import refusal, words

GAME = get_game("euchre")
STANDARD = GAME.settings()


@pytest.mark.parametrize(
    ("settings", "data", "message"),
    [
        pytest.param(
            STANDARD,
            {"makers": 0, "tricks": 6},
            "tricks: expected 0 to 5, not 6",
            id="six tricks",
        ),
        pytest.param(
            STANDARD,
            {"makers": 0, "tricks": -1},
            "tricks: expected 0 to 5, not -1",
            id="negative tricks",
        ),
        pytest.param(
            STANDARD,
            {"makers": 0, "tricks": 2.5},
            "tricks: expected 0 to 5, not 2.5",
            id="half a trick",
        ),
        pytest.param(STANDARD, {"makers": 0}, "how many tricks", id="no tricks given"),
        pytest.param(STANDARD, {"tricks": 3}, "who made trump", id="no makers given"),
        pytest.param(
            STANDARD,
            {"makers": 2, "tricks": 3},
            "makers: expected a side, counted from 0 (0 to 1), not 2",
            id="a third side",
        ),
        pytest.param(
            STANDARD,
            {"maker": 4, "tricks": 3},
            "maker: expected a seat, counted from 0 (0 to 3), not 4",
            id="a fifth seat",
        ),
        pytest.param(
            STANDARD,
            {"maker": 1, "makers": 0, "tricks": 3},
            "Ben is not on the makers' side, Ann & Cy",
            id="seat and side disagree",
        ),
        pytest.param(
            GAME.settings("kata"),
            {"makers": 0, "tricks": 5, "alone": True},
            "kata",
            id="alone in the kata",
        ),
        pytest.param(
            STANDARD,
            {"makers": 0, "tricks": 1, "alone": True, "defender_alone": True},
            "defender_alone: only with the defend alone house option",
            id="defending alone without the option",
        ),
        pytest.param(
            GAME.settings(defend_alone=True),
            {"makers": 0, "tricks": 1, "defender_alone": True},
            "against a player going alone",
            id="defending alone against partners",
        ),
        pytest.param(
            STANDARD,
            {"makers": 0, "tricks": 3, "alone": "yes"},
            "true or false",
            id="alone not a flag",
        ),
        pytest.param(
            STANDARD,
            {"passed": True, "makers": 0},
            "makers: not part of a result of the kind 'Everyone passed'",
            id="passed with makers",
        ),
        pytest.param(
            GAME.settings(stick_the_dealer=True),
            {"passed": True},
            "stick the dealer",
            id="all passed with stick the dealer",
        ),
        pytest.param(
            STANDARD,
            {"makers": 0, "tricks": 3, "points": 1},
            "'points' is not a Euchre result field",
            id="an unknown field",
        ),
        pytest.param(
            STANDARD,
            {"makers": 0, "renege": 2},
            "renege: expected a side, counted from 0 (0 to 1), not 2",
            id="renege by a third side",
        ),
        pytest.param(
            STANDARD,
            {"makers": 0, "tricks": 3, "trump": "stars"},
            "trump: expected one of clubs, diamonds, hearts, spades, not 'stars'",
            id="trump not a suit",
        ),
    ],
)
def test_impossible_results_are_refused_with_the_reason(settings, data, message):
    with pytest.raises(ResultError) as error:
        GAME.quick_outcome(settings, 0, data)
    assert message in refusal(error.value)


@pytest.mark.parametrize(
    ("data", "summary", "result"),
    [
        pytest.param(
            {"maker": 1, "tricks": 3, "trump": "hearts"},
            "Ben made ♥ trump: made, 3 tricks",
            "made",
            id="made",
        ),
        pytest.param(
            {"maker": 2, "tricks": 5, "trump": "spades"},
            "Cy made ♠ trump: march, 5 tricks",
            "march",
            id="march",
        ),
        pytest.param(
            {"makers": 1, "tricks": 5, "alone": True},
            "Ben & Di made trump: alone march, 5 tricks",
            "alone march",
            id="alone march",
        ),
        pytest.param(
            {"makers": 1, "tricks": 2, "trump": "clubs"},
            "Ben & Di made ♣ trump: euchred, 2 tricks",
            "euchred",
            id="euchred",
        ),
        pytest.param({"passed": True}, "all passed: deal again", "passed", id="all passed"),
    ],
)
def test_summaries_and_details(data, summary, result):
    outcome = GAME.quick_outcome(STANDARD, 0, data)
    assert words(outcome.summary) == summary and outcome.details["result"] == result
    assert outcome.penalty is None


def test_maker_seat_gives_the_side():
    outcome = GAME.quick_outcome(STANDARD, 0, {"maker": 3, "tricks": 4})
    assert outcome.points == (0, 1) and outcome.details["maker"] == 3


def test_a_penalty_is_the_outcomes_and_not_a_note_besides():
    """The readers say a hand's penalty once, from the outcome: no note repeats it."""
    outcome = GAME.quick_outcome(STANDARD, 0, {"makers": 0, "renege": 0})
    score = GAME.new_tally(STANDARD).add(outcome)
    assert score.points == (0, 2) and score.notes == ()
    assert words(outcome.penalty) == "renege (by Ann & Cy): 2 to Ben & Di"


@pytest.mark.parametrize("target", [10, 5, 11])
def test_a_long_match_of_random_hands_through_the_tally(target):
    settings = GAME.settings(target=target, defend_alone=True, stick_the_dealer=target == 11)
    rng = random.Random(target)
    tally = GAME.new_tally(settings)
    totals = [0, 0]
    for number in range(200):
        state, _ = play_hand(GAME, settings, rng, dealer=number % 4)
        outcome = GAME.score_hand(state)
        score = tally.add(outcome)
        totals = [t + p for t, p in zip(totals, outcome.points, strict=True)]
        assert list(score.totals) == totals
        if score.game_over:
            break
        assert max(totals) < target
    assert score.game_over and number > 0
    (winner,) = score.winners
    assert totals[winner] >= target > totals[1 - winner]
    with pytest.raises(ValueError, match="the game is over"):
        tally.add(outcome)


def test_a_scripted_match_to_ten():
    results = [
        ({"makers": 0, "tricks": 3}, (1, 0)),
        ({"makers": 1, "tricks": 5, "alone": True}, (1, 4)),
        ({"makers": 1, "tricks": 1}, (3, 4)),
        ({"passed": True}, (3, 4)),
        ({"makers": 0, "tricks": 5}, (5, 4)),
        ({"makers": 1, "renege": 1}, (7, 4)),
        ({"makers": 0, "tricks": 5, "alone": True}, (11, 4)),
    ]
    tally = GAME.new_tally(STANDARD)
    for number, (data, totals) in enumerate(results, start=1):
        score = tally.add(GAME.quick_outcome(STANDARD, 0, data))
        assert score.totals == totals
        assert score.game_over == (number == len(results))
    assert score.winners == (0,)


def test_a_maker_off_the_makers_side_is_named_with_the_side():
    ledger = Ledger(MatchInfo("Names", "euchre", STANDARD, ("Ann", "Ben", "Cy", "Di")))
    with pytest.raises(Refused, match=r"^Ben is not on the makers' side, Ann & Cy$"):
        ledger.quick({"maker": 1, "makers": 0, "tricks": 3})
