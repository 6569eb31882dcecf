"""The practice table: seeded deals, simulated seats playing by the advice, a person's
events ruled on through the ledger, and whole simulated matches with valid ledgers."""

from __future__ import annotations

import pytest

from scorekeeper.adjudicator import Refused
from scorekeeper.advice import NoAdvice, advise
from scorekeeper.advice.practice import PracticeTable
from scorekeeper.cards import Card, cards_in, parse_cards
from scorekeeper.events import Event, play
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.ledger import Ledger

DEFAULT_COUNT = 40
"""Simulated matches of each game in the suite; the slow test plays FULL_COUNT."""
FULL_COUNT = 1000


def simulated_match(game_id: str, seed: int) -> PracticeTable:
    game = get_game(game_id)
    players = [f"Player {seat + 1}" for seat in range(game.seats)]
    table = PracticeTable.new(
        game_id,
        players,
        range(game.seats),
        seed,
        game.settings(**game.samples.short_match),
        first_dealer=seed % game.seats,
    )
    hands = game.samples.match_hands or None  # None: to the match's end
    while not table.over and len(table.ledger.hands) != hands:
        table.deal()
        table.advance()
        assert table.hand.is_over, "the simulated seats stopped before the hand was over"
    return table


def assert_valid(table: PracticeTable) -> None:
    ledger = table.ledger
    game = ledger.game
    assert ledger.violations() == []
    assert all(hand.is_over for hand in ledger.hands)
    scores = ledger.scores
    assert len(scores) == len(ledger.hands)
    running = (0,) * len(ledger.sides)
    for score in scores:
        running = tuple(a + b for a, b in zip(running, score.points, strict=True))
        if not game.new_tally(ledger.settings).counts():  # counts (bags) may cost points
            assert score.totals == running
    if game.zero_sum:
        assert sum(ledger.totals) == 0
    if not game.samples.match_hands:
        assert ledger.game_over and ledger.winners
    again = Ledger(ledger.info, ledger.records())
    assert again.totals == ledger.totals and again.violations() == []


def run_matches(game_id: str, count: int) -> None:
    hands = 0
    for seed in range(count):
        table = simulated_match(game_id, seed)
        assert_valid(table)
        hands += len(table.ledger.hands)
    print(f"{count} simulated {game_id} matches, {hands} hands, every ledger valid")


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_simulated_matches_finish_with_valid_ledgers(game_id: str) -> None:
    run_matches(game_id, DEFAULT_COUNT)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_a_thousand_simulated_matches_finish_with_valid_ledgers(game_id: str) -> None:
    run_matches(game_id, FULL_COUNT)


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_the_same_seed_replays_the_same_match(game_id: str) -> None:
    first = simulated_match(game_id, 7).ledger.records()
    assert simulated_match(game_id, 7).ledger.records() == first
    assert simulated_match(game_id, 8).ledger.records() != first


def euchre_with_a_person(seat: int = 0) -> PracticeTable:
    players = ["Ann", "Bob", "Cy", "Di"]
    simulated = [s for s in range(4) if s != seat]
    return PracticeTable.new(
        "euchre", players, simulated, seed=3, settings=get_game("euchre").settings("kata")
    )


def test_the_table_waits_for_the_person_and_plays_the_simulated_seats() -> None:
    table = euchre_with_a_person()
    table.deal()
    assert table.hand.state.hands[0] is not None  # the deal is on record: hands known
    table.advance()
    while table.to_act is not None:
        assert table.to_act == 0 and table.person_to_act
        assert table.step() is None
        advice = table.hint()
        assert advice == advise(table.hand.state, 0)
        assert table.record(advice.event).accepted
        table.advance()
    assert table.hand.is_over and table.over  # the kata plays a single hand


def person_must_follow(seed: int) -> PracticeTable | None:
    """A standard Euchre table where seat 1 (a person, playing by the hints) must follow
    suit holding a card that does not; None when the hand never gets there."""
    table = PracticeTable.new("euchre", ["A", "B", "C", "D"], [1, 2, 3], seed)
    table.deal()
    table.advance()
    while table.to_act == 0:
        state = table.hand.state
        if state.phase == "play" and state.hands[0] & ~state.legal_plays(0, state.hands[0]):
            return table
        table.record(table.hint().event)
        table.advance()
    return None


def test_a_persons_illegal_play_is_ruled_on_as_at_a_real_table() -> None:
    table = next(filter(None, map(person_must_follow, range(100))))
    state = table.hand.state
    hand = state.hands[0]
    wrong = next(card for card in cards_in(hand & ~state.legal_plays(0, hand)))
    ruling = table.record(play(0, wrong))
    assert [v.rule_id for v in ruling.violations] == ["euchre.play.follow-suit"]
    assert table.pending and table.person_to_act and table.step() is None
    table.decide("take_back")
    assert table.pending == [] and table.to_act == 0
    assert table.record(table.hint().event).accepted


def test_a_simulated_seat_is_not_played_by_a_person() -> None:
    table = euchre_with_a_person(seat=2)
    table.deal()
    with pytest.raises(Refused, match="Bob is played by the computer"):
        table.record(advise(table.hand.state).event)


def test_dealing_before_the_hand_is_over_is_refused() -> None:
    table = euchre_with_a_person()
    table.deal()
    with pytest.raises(Refused, match="not over"):
        table.deal()


def test_a_seat_outside_the_table_cannot_be_simulated() -> None:
    with pytest.raises(
        Refused, match=r"seat 4 is not at a Euchre table \(seats count from 0 to 3\)"
    ):
        PracticeTable.new("euchre", ["A", "B", "C", "D"], [4], seed=1)


def test_without_a_seed_the_table_deals_nothing_and_waits_for_the_cards() -> None:
    recorded = []
    ledger = Ledger(PracticeTable.new("euchre", ["A", "B", "C", "D"], [], 0).ledger.info)

    def record(event):
        recorded.append(event)
        return ledger.record(event)

    table = PracticeTable(ledger, [1], seed=None, record=record)
    with pytest.raises(Refused, match="dealt at the table"):
        table.deal()
    table.record(Event("upcard", card=Card.parse("KH")))
    with pytest.raises(NoAdvice, match="seat 1 \\(counting from 0\\)'s cards are not on record"):
        table.step()
    table.record(Event("deal", seat=1, cards=parse_cards("9H QH AH 9C 10S")))
    assert table.step() == Event("order_up", seat=1)
    assert recorded[-1] == Event("order_up", seat=1) and len(recorded) == 3
