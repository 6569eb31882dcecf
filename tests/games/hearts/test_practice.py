"""Hearts at a practice table: simulated seats pass and play by the advice to the game's
end, and a person's seat is waited for, in the pass as in play."""

from __future__ import annotations

import pytest

from scorekeeper.advice import advise
from scorekeeper.advice.practice import PracticeTable
from scorekeeper.choices import multi_card_kind, several_card_event
from scorekeeper.games.hearts.hand import PASSING
from scorekeeper.ledger import Ledger

PLAYERS = ["Ann", "Ben", "Cy", "Di"]


@pytest.mark.parametrize("seed", range(3), ids=lambda seed: f"seed {seed}")
def test_simulated_seats_play_a_match_to_its_end_with_no_ruling(seed):
    table = PracticeTable.new("hearts", PLAYERS, range(4), seed, first_dealer=2)
    passes = 0
    while not table.over:
        table.deal()
        passes += sum(event.kind == "pass_cards" for event in table.advance())
        assert table.hand.is_over
    ledger = table.ledger
    passing_hands = sum(1 for log in ledger.hands if log.number % 4 != 3)  # the fourth holds
    assert ledger.violations() == [] and passes == 4 * passing_hands
    assert ledger.game_over and max(ledger.totals) >= 100
    assert ledger.winners == tuple(s for s in range(4) if ledger.totals[s] == min(ledger.totals))
    assert Ledger(ledger.info, ledger.records()).totals == ledger.totals


def test_the_table_waits_for_the_persons_pass_and_takes_it_card_by_card():
    table = PracticeTable.new("hearts", PLAYERS, [0, 2, 3], seed=4)
    table.deal()
    table.advance()
    state = table.hand.state
    assert state.phase == PASSING and table.to_act == 1 and table.person_to_act
    assert multi_card_kind(state) == ("pass_cards", 3)
    advice = table.hint()
    assert advice == advise(state, 1)
    assert table.record(several_card_event(state, "pass_cards", advice.event.cards)).accepted
    table.advance()
    while table.to_act is not None:
        assert table.to_act == 1
        assert table.record(table.hint().event).accepted
        table.advance()
    assert table.hand.is_over
