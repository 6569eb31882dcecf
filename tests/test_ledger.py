"""The match ledger: dealer rotation, running totals, corrections, undo across hands."""

from __future__ import annotations

import random

import pytest

from scorekeeper.adjudicator import Refused
from scorekeeper.events import Event
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.ledger import Ledger
from scorekeeper.match import HandRecord, MatchInfo
from scorekeeper.playout import play_hand

PLAYERS = ("Anna", "Ben", "Cleo", "Dan", "Eve")


def new_ledger(game_id: str, preset: str | None = None, **options) -> Ledger:
    game = get_game(game_id)
    settings = game.settings(preset, **options)
    return Ledger(MatchInfo("Friday", game_id, settings, PLAYERS[: game.seats]))


def play_random_hand(ledger: Ledger, rng: random.Random) -> None:
    """Record one random legal hand, card by card, with the hands known."""
    log = ledger.current
    _, events = play_hand(
        ledger.game, ledger.settings, rng, log.dealer, standing=log.standing, number=log.number
    )
    for event in events:
        ledger.record(event)


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_dealer_rotates_left_each_hand(game_id):
    ledger = new_ledger(game_id)
    seats = get_game(game_id).seats
    first = seats - 1  # the last seat deals first, then seat 0, and on to the left
    ledger.info = MatchInfo("Friday", game_id, ledger.settings, PLAYERS[:seats], first_dealer=first)
    assert [ledger.dealer_of(n) for n in range(seats + 1)] == [first, *range(seats)]


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_a_correction_to_hand_1_rescores_like_a_fresh_match(game_id):
    samples = get_game(game_id).samples
    entered, corrected = samples.quick, samples.other_quick
    rng = random.Random(7)
    ledger = new_ledger(game_id)
    ledger.quick(entered)
    while len(ledger.hands) < 50 and not ledger.game_over:
        play_random_hand(ledger, rng)
    records = ledger.records()
    records[0] = HandRecord(records[0].dealer, [Event("result", data=corrected)])
    fresh = Ledger(ledger.info, records)
    ledger.correct(0, 0, Event("result", data=corrected), keep_after_end=True)
    assert ledger.hands_after_end == fresh.hands_after_end
    assert [s.totals for s in ledger.scores] == [s.totals for s in fresh.scores]
    assert ledger.scores[0].points != new_ledger(game_id).quick(entered).points


def test_undo_and_redo_across_hands():
    rng = random.Random(3)
    ledger = new_ledger("euchre")
    play_random_hand(ledger, rng)
    play_random_hand(ledger, rng)
    totals = ledger.totals
    hands = len(ledger.hands)
    count = sum(len(log.events) for log in ledger.hands)
    for _ in range(count):
        ledger.undo()
    assert ledger.hands == [] and ledger.totals == (0, 0)
    with pytest.raises(Refused, match="nothing to undo"):
        ledger.undo()
    for _ in range(count):
        ledger.redo()
    assert (len(ledger.hands), ledger.totals) == (hands, totals)


def test_quick_entry_and_refusal_leave_the_ledger_unchanged():
    ledger = new_ledger("euchre")
    score = ledger.quick({"makers": 0, "tricks": 5})
    assert score.points == (2, 0) and ledger.totals == (2, 0)
    assert ledger.next_dealer == 1
    with pytest.raises(Refused):
        ledger.quick({"makers": 0, "tricks": 6})
    assert len(ledger.hands) == 1 and ledger.totals == (2, 0)


def test_loading_names_the_place_of_a_refused_event():
    ledger = new_ledger("euchre")
    bad = [HandRecord(0, [Event("upcard", card=None)])]
    with pytest.raises(Refused, match=r"hands\[0\]"):
        Ledger(ledger.info, bad)
    with pytest.raises(Refused, match="cannot deal"):
        Ledger(ledger.info, [HandRecord(2, [])])


def test_statistics_count_hands_played_and_won():
    ledger = new_ledger("euchre")
    ledger.quick({"makers": 0, "tricks": 3})
    ledger.quick({"makers": 1, "tricks": 1})
    stats = ledger.statistics()
    assert stats["Anna"]["hands played"] == 2
    assert stats["Anna"]["hands won"] == 2
    assert stats["Ben"]["hands won"] == 0


@pytest.mark.parametrize(
    ("game_id", "results", "expected"),
    [
        pytest.param(
            "sheepshead",
            [
                {"picker": 0, "partner": 1, "points": 70, "tricks": 3},
                {"picker": 0, "alone": True, "points": 40, "tricks": 2},
            ],
            {"Anna": {"picks": 2, "picks won": 1, "picker win rate": 0.5}, "Ben": {"partner": 1}},
            id="sheepshead: picks and picker win rate",
        ),
        pytest.param(
            "euchre",
            [{"maker": 0, "tricks": 4}, {"maker": 0, "tricks": 2}],
            {"Anna": {"made trump": 2, "made": 1, "euchred": 1, "made rate": 0.5}},
            id="euchre: hands made and euchres",
        ),
        pytest.param(
            "spades",
            [{"bids": [3, 4, "nil", 4], "tricks": [4, 4, 0, 5]}],
            {
                "Anna": {"bids": 1, "bids made": 1, "bid success": 1.0},
                "Cleo": {"nils": 1, "nils made": 1, "nil success": 1.0},
            },
            id="spades: bids made and nil success",
        ),
    ],
)
def test_statistics_per_game(game_id, results, expected):
    ledger = new_ledger(game_id)
    for result in results:
        ledger.quick(result)
    stats = ledger.statistics()
    for name, counts in expected.items():
        assert {key: stats[name][key] for key in counts} == counts
