"""Every table of the Schwanzer spec: card points, triggering, scoring, zero sum, result."""

from __future__ import annotations

import re

import pytest

from scorekeeper.cards import Card, mask_of, parse_cards
from scorekeeper.events import Event
from scorekeeper.games.base import ResultError
from scorekeeper.games.sheepshead.deck import hand_schwanzer_points, schwanzer_points
from tests.games.sheepshead.test_tricks import GAME, record
from tests.told import refusal

CARD_POINTS = [
    ("A1", "Q♥", 3, "Queens are worth 3"),
    ("A2", "Q♦", 3, "Queens are always 3, not 3+1 for diamond"),
    ("A3", "J♠", 2, "Jacks are worth 2"),
    ("A4", "J♦", 2, "Jacks are always 2, not 2+1 for diamond"),
    ("A5", "A♦", 1, "Non-Q/J diamond = 1"),
    ("A6", "7♦", 1, "Non-Q/J diamond = 1"),
    ("A7", "A♥", 0, "Non-trump fail card = 0"),
    ("A8", "10♠", 0, "Non-trump fail card = 0"),
]


@pytest.mark.parametrize(
    ("number", "card", "points", "why"),
    [pytest.param(*row, id=f"{row[0]} {row[1]} = {row[2]}: {row[3]}") for row in CARD_POINTS],
)
def test_schwanzer_point_calculation(number, card, points, why):
    assert schwanzer_points(Card.parse(card)) == points


def _deal(hand, texts):
    for seat, text in enumerate(texts):
        record(hand, Event("deal", seat=seat, cards=parse_cards(text)))


FIVE_HANDS = (
    "Q♣ Q♠ J♣ 7♦ A♥ 10♥",
    "Q♥ J♠ J♥ 7♥ 8♥ 9♥",
    "Q♦ 8♦ 9♦ A♣ 10♣ K♣",
    "J♦ 10♦ 9♣ 8♣ 7♣ K♥",
    "A♦ K♦ A♠ 10♠ K♠ 9♠",
)


def test_five_hands_evaluated():
    assert [hand_schwanzer_points(mask_of(parse_cards(h))) for h in FIVE_HANDS] == [9, 7, 5, 3, 2]


TRIGGERING = [
    ("B1", 5, "Schwanzer triggered", "No one picked"),
    ("B2", 4, "Normal hand", "Someone picked"),
]


@pytest.mark.parametrize(
    ("number", "passes", "result", "why"),
    [
        pytest.param(*row, id=f"{row[0]} {row[1]} passes -> {row[2]}: {row[3]}")
        for row in TRIGGERING
    ],
)
def test_schwanzer_triggering(number, passes, result, why):
    hand = GAME.new_hand(GAME.settings(), dealer=0)
    _deal(hand, FIVE_HANDS)
    for _ in range(passes):
        record(hand, Event("pass", seat=hand.to_act))
    if passes == 5:
        assert (hand.mode, hand.phase) == ("schwanzer", hand.OVER)
        outcome = GAME.score_hand(hand)
        assert outcome.details["type"] == "schwanzer"
        assert outcome.points == (-4, 1, 1, 1, 1)
    else:
        record(hand, Event("pick", seat=hand.to_act))
        assert (hand.mode, hand.phase, hand.picker) == ("picker", hand.CALLING, 0)


def test_schwanzer_card_by_card_needs_every_hand():
    hand = GAME.new_hand(GAME.settings(), dealer=0)
    _deal(hand, FIVE_HANDS[:4])
    for _ in range(5):
        record(hand, Event("pass", seat=hand.to_act))
    with pytest.raises(ResultError) as error:
        GAME.score_hand(hand)
    assert "record the hand of Eve," in refusal(error.value)
    record(hand, Event("deal", seat=4, cards=parse_cards(FIVE_HANDS[4])))  # shown afterwards
    assert GAME.score_hand(hand).details["losers"] == [0]


SCORING = [
    ("C1", "1 loser", [10, 6, 4, 3, 2], -4, 1, "One player has 10 pts, others have less"),
    ("C2", "2 losers tied", [8, 8, 4, 3, 2], -3, 2, "Two players tied at 8 pts, others lower"),
    ("C3", "3 losers tied", [6, 6, 6, 1, 1], -2, 3, "Three players tied at 6 pts, others lower"),
    ("C4", "4 losers tied", [5, 5, 5, 5, 2], -1, 4, "Four players tied at 5 pts, one lower"),
    ("C5", "5-way tie", [5, 5, 5, 5, 5], 0, None, "All players have same points"),
]
SCORE_WORDS = {  # the spec's Loser Score / Winner Score columns
    "C1": ("-4", "+1 each"),
    "C2": ("-3 each", "+2 each"),
    "C3": ("-2 each", "+3 each"),
    "C4": ("-1 each", "+4"),
    "C5": ("0 each", "—"),
}


def _quick(points):
    return GAME.quick_outcome(GAME.settings(), 0, {"schwanzer": points})


@pytest.mark.parametrize(
    ("number", "losers", "points", "loser_score", "winner_score", "example"),
    [
        pytest.param(
            *row,
            id=f"{row[0]} {row[1]}: losers {SCORE_WORDS[row[0]][0]}, "
            f"winners {SCORE_WORDS[row[0]][1]}, sum 0 ({row[5]})",
        )
        for row in SCORING
    ],
)
def test_schwanzer_scoring_by_number_of_losers(
    number, losers, points, loser_score, winner_score, example
):
    outcome = _quick(points)
    most = max(points)
    for seat in range(5):
        expected = loser_score if points[seat] == most else winner_score
        assert outcome.points[seat] == expected
    assert int(losers[0]) == len(outcome.details["losers"])
    assert sum(outcome.points) == 0


ZERO_SUM = [
    ("D1", "1 loser", [10, 6, 4, 3, 2]),
    ("D2", "2 losers", [8, 8, 4, 3, 2]),
    ("D3", "5-way tie", [5] * 5),
]


@pytest.mark.parametrize(
    ("number", "scenario", "points"),
    [pytest.param(*row, id=f"{row[0]} {row[1]}: sum of all 5 scores == 0") for row in ZERO_SUM],
)
def test_schwanzer_zero_sum(number, scenario, points):
    assert sum(_quick(points).points) == 0
    assert sum(_quick(points).details["scores"].values()) == 0


RESULT_FIELDS = [
    ("E1", "type", "schwanzer"),
    ("E2", "losers", [1, 3]),
    ("E3", "winners", [0, 2, 4]),
    ("E4", "player_schwanzer_points", {0: 4, 1: 8, 2: 3, 3: 8, 4: 2}),
    ("E5", "max_schwanzer_points", 8),
    ("E6", "scores", {0: 2, 1: -3, 2: 2, 3: -3, 4: 2}),
]


@pytest.mark.parametrize(
    ("number", "field", "expected"),
    [pytest.param(*row, id=f"{row[0]} result.{row[1]}") for row in RESULT_FIELDS],
)
def test_schwanzer_result_structure(number, field, expected):
    assert _quick([4, 8, 3, 8, 2]).details[field] == expected


@pytest.mark.parametrize(
    ("points", "message"),
    [
        pytest.param(
            [17, 3, 2, 1, 0],
            "schwanzer[0]: expected 0 to 16, not 17",
            id="more than six cards can hold",
        ),
        pytest.param(
            [4, 4, 4, 4, 3], "20 to 26", id="fewer than the deck leaves outside the blind"
        ),
        pytest.param([9, 9, 9, 0, 0], "20 to 26", id="more than the deck holds"),
        pytest.param(
            [1, 2, 3],
            "schwanzer: expected a list of 5, one per seat, not [1, 2, 3]",
            id="not five players",
        ),
    ],
)
def test_impossible_schwanzer_points_are_refused(points, message):
    with pytest.raises(ResultError, match=re.escape(message)):
        _quick(points)


def test_schwanzer_is_refused_where_the_house_plays_leaster():
    with pytest.raises(
        ResultError,
        match=re.escape(
            "Schwanzer (all passed): only when the house plays a Schwanzer after all pass"
        ),
    ):
        GAME.quick_outcome(GAME.settings(all_pass="leaster"), 0, {"schwanzer": [10, 6, 4, 3, 2]})
