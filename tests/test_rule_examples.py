"""The examples of the rules as the specification words them (docs/examples): each is what
the engine plays today, passes ``scorekeeper check``, and shows its sentence."""

from __future__ import annotations

import pytest

from scorekeeper import cli
from scorekeeper.matchfile import dumps, load_match, match_document
from tests.storage.rule_examples import ALONE, rule_examples
from tests.storage.samples import EXAMPLES
from tests.told import words

EXAMPLES_NOW = rule_examples()


@pytest.mark.parametrize("name", list(EXAMPLES_NOW))
def test_the_example_is_what_the_engine_plays_today(name):
    """When the engine changes how a hand goes, rewrite them:
    python -m tests.storage.rule_examples"""
    info, records = EXAMPLES_NOW[name]
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    assert dumps(match_document(info, records)) == text
    ledger = load_match(EXAMPLES / name)
    assert dumps(match_document(ledger.info, ledger.records())) == text


@pytest.mark.parametrize(
    ("name", "status", "said"),
    [
        pytest.param("spades_classic.json", 0, "Ann & Cy bid 1 took 8", id="spades classic"),
        pytest.param("euchre_kata.json", 1, "1 rule broken", id="euchre kata"),
        pytest.param(
            "sheepshead_alone_by_choice.json", 0, "Cy picked alone", id="sheepshead alone"
        ),
    ],
)
def test_the_example_passes_check(capsys, name, status, said):
    assert cli.main(["check", str(EXAMPLES / name)]) == status
    assert said in capsys.readouterr().out


def test_spades_classic_each_team_signs_a_contract_and_trick_1_is_in_any_order():
    ledger = load_match(EXAMPLES / "spades_classic.json")
    played, quick = ledger.hands
    contracts = [e for e in played.events if e.kind == "contract"]
    assert contracts[0].seat % 2 != played.dealer % 2  # the non-dealing side first
    assert len(contracts) == 2 and all(1 <= e.value <= 13 for e in contracts)
    # "It doesn't matter who leads to the first trick": recorded from the dealer's seat
    first, second = played.state.tricks[:2]
    assert first.seats == [0, 3, 2, 1]
    assert second.leader == first.winner  # the highest club leads to the next trick
    assert ledger.violations() == []
    # the quick hand: a side contract of 1 (not 1 + 0, which scored a nil)
    assert quick.events[0].data["contracts"][0] == 1
    assert words(ledger.outcome(1).summary).startswith("Ann & Cy bid 1 took 8")
    assert ledger.outcome(1).points[0] == 10 + 7  # the contract and 7 bags, no nil's +60


def test_euchre_kata_the_lowest_discard_is_ruled_from_hidden_hands(capsys):
    ledger = load_match(EXAMPLES / "euchre_kata.json")
    (hand,) = ledger.hands
    assert not any(e.kind == "deal" for e in hand.events)  # every hand hidden
    ((_, violation),) = ledger.violations()
    discard = hand.events[violation.event_index]
    assert violation.rule.id == "euchre.bidding.kata-lowest-discard"
    assert discard.kind == "discard" and violation.card == discard.card
    proof = hand.events[violation.proved_by]
    assert proof.kind == "play" and proof.seat == hand.dealer
    assert proof.card.rank < discard.card.rank
    cli.main(["check", str(EXAMPLES / "euchre_kata.json")])
    out = capsys.readouterr().out
    assert f"so {proof.card} was in hand at the discard." in out


def test_sheepshead_the_picker_goes_alone_by_choice():
    ledger = load_match(EXAMPLES / "sheepshead_alone_by_choice.json")
    assert ledger.settings.get(ledger.game.option("alone_by_choice")) is True
    (hand,) = ledger.hands
    at = hand.events.index(ALONE)
    before = load_match(EXAMPLES / "sheepshead_alone_by_choice.json").hands[0]
    for _ in range(len(hand.events) - at):
        before.undo()
    calls = [e for e in before.state.legal_events() if e.kind == "call"]
    assert ALONE in calls and any(e != ALONE for e in calls)  # a partner could be called
    assert ledger.violations() == []
