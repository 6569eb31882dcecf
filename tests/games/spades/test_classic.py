"""Spades ``classic`` as the specification words it: one contract per side, the
non-dealing side first, and trick 1 in any seat order; older per-player files still read."""

from __future__ import annotations

import random
import re

import pytest

from scorekeeper.cards import Card, parse_cards
from scorekeeper.events import Event, play
from scorekeeper.games.base import ResultError
from scorekeeper.games.spades import GAME
from scorekeeper.games.spades.phrases import PER_PLAYER_NOTE
from scorekeeper.games.spades.scoring import score_result
from scorekeeper.match import HandRecord
from tests.games.check_support import check_file, rulings
from tests.games.spades.test_play import record
from tests.told import NAMES, refusal, said, words

DEALER = 3  # seats 1 & 3 (0 and 2) are the non-dealing side; the dealer's side is 2 & 4
CONTRACT_RULE = "spades.bid.side-contract"
CLASSIC = GAME.settings("classic")


def contract(seat: int, value) -> Event:
    return Event("contract", seat=seat, value=value)


def nil(seat: int, blind: bool = False) -> Event:
    return Event("bid", seat=seat, value=0, blind=blind)


def new(standing=None, **options):
    return GAME.new_hand(GAME.settings("classic", **options), DEALER, standing)


def refused(state, event) -> list[str]:
    return [v.rule.id for v in state.check(event) if v.rule.refuses]


# -- "Each team signs a contract": the non-dealing side first, then the dealer's side ------


@pytest.mark.parametrize(
    ("earlier", "event", "expected"),
    [
        pytest.param(
            [], contract(0, 4), [], id="the non-trading partners bid first: seat 1 for their side"
        ),
        pytest.param(
            [], contract(2, 4), [], id="the non-trading partners bid first: seat 3 for their side"
        ),
        pytest.param(
            [], contract(1, 4), [CONTRACT_RULE], id="the dealer site bids after the non-dealers"
        ),
        pytest.param(
            [contract(0, 4)],
            contract(3, 6),
            [],
            id="the dealer site then bids in the same way: the dealer for their side",
        ),
        pytest.param(
            [contract(0, 7)],
            contract(2, 7),
            [CONTRACT_RULE],
            id="one contract per side: 7 + 7 is not a contract of 14",
        ),
        pytest.param([], contract(0, 0), [CONTRACT_RULE], id="a 0 is never a side's contract"),
        pytest.param([], contract(0, 14), [CONTRACT_RULE], id="a contract is at most 13"),
        pytest.param([], contract(0, "seven"), [CONTRACT_RULE], id="a word is not a contract"),
        pytest.param(
            [],
            Event("bid", seat=0, value=0),
            [],
            id="a player who can lose every trick declares zero",
        ),
        pytest.param(
            [nil(0)],
            contract(0, 4),
            [CONTRACT_RULE],
            id="his partner announces how many he wants to win: not the zero bidder",
        ),
        pytest.param(
            [nil(0)], nil(2), ["spades.bid.double-nil"], id="both members may not bid zero at once"
        ),
        pytest.param(
            [contract(0, 4), contract(1, 5)],
            contract(2, 3),
            ["table.wrong-phase"],
            id="two contracts end the bidding",
        ),
    ],
)
def test_each_team_signs_a_contract(earlier, event, expected):
    state = record(new(), *earlier)
    assert refused(state, event) == expected
    offered = state.legal_events()
    if expected:
        assert event not in offered
    elif event.seat == state.to_act or event.kind == "bid":
        assert event in offered


def test_the_eventual_bid_is_noted_and_the_dealer_site_then_bids():
    state = new()
    assert state.to_act == 0 and state.phase == "bidding"
    offered = state.legal_events()
    assert [e.value for e in offered if e.kind == "contract"] == list(range(1, 14))
    assert {(e.seat, e.value) for e in offered if e.kind == "bid"} == {(0, 0), (2, 0)}
    record(state, contract(0, 5))
    assert state.to_act == 1  # the dealer's side: seat 2, then its partner, the dealer
    record(state, contract(3, 6))
    assert state.phase == "play" and state.to_act == 0
    assert state.bids == [5, None, None, 6]


@pytest.mark.parametrize(
    ("events", "tricks", "points"),
    [
        pytest.param(
            [contract(0, 1), contract(1, 12)],
            [1, 6, 0, 6],
            (10, 120),
            id="a side contract of 1 scores 10, not a nil: 1 + 0 is gone",
        ),
        pytest.param(
            [nil(2), contract(0, 4), contract(1, 9)],
            [4, 9, 0, 0],
            (90, 90),
            id="his partner announces how many he wants to win: nil made +50, 4 made +40",
        ),
        pytest.param(
            [contract(0, 7), contract(3, 6)],
            [3, 3, 3, 4],
            (-70, 61),
            id="a team that doesn't perform as many tricks as the bid loses ten times the bid",
        ),
    ],
)
def test_side_contracts_are_scored_as_one(events, tricks, points):
    outcome = GAME.quick_outcome(
        GAME.settings("classic"),
        DEALER,
        {"contracts": _contracts(events), "nils": _nils(events), "tricks": tricks},
    )
    assert outcome.points == points
    state = record(new(), *events)
    assert state.phase == "play"
    assert score_result(state.scoring, state.bids, state.blind, tricks).points == points


def _contracts(events) -> list[int]:
    found = [0, 0]
    for event in events:
        if event.kind == "contract":
            found[event.seat % 2] = event.value
    return found


def _nils(events) -> list[str]:
    found = ["none"] * 4
    for event in events:
        if event.kind == "bid":
            found[event.seat] = "blind nil" if event.blind else "nil"
    return found


def test_blind_nil_by_a_side_trailing_by_100_then_the_partner_names_the_contract():
    state = record(new(standing=(0, 120)), nil(0, blind=True), contract(2, 5), contract(1, 6))
    assert state.phase == "exchange" and state.to_act == 0
    assert state.bids == [0, 6, 5, None] and state.blind == [True, False, False, False]


def test_double_nil_house_option_lets_a_side_have_no_contract():
    state = record(new(double_nil=True), nil(0), nil(2))
    assert state.to_act == 1 and state.bids[:3:2] == [0, 0]
    record(state, contract(1, 6))
    assert state.phase == "play"


def test_modern_and_cutthroat_keep_per_player_bids():
    for settings in (GAME.settings("modern"), GAME.settings("classic", cutthroat=True)):
        state = GAME.new_hand(settings, DEALER)
        assert all(e.kind == "bid" for e in state.legal_events())
        assert refused(state, contract(0, 4)) == [CONTRACT_RULE]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param({"contracts": [0, 5]}, "a 0 is never a side's contract", id="contract 0"),
        pytest.param({"contracts": [14, 5]}, "expected 0 to 13, not 14", id="contract 14"),
        pytest.param({"contracts": [5]}, "expected a list of 2, one per side", id="one contract"),
        pytest.param(
            {"contracts": [0, 5], "nils": ["nil", "none", "nil", "none"]},
            "both bid nil; the double nil house option is off",
            id="double nil refused without the house option",
        ),
        pytest.param(
            {"contracts": [5, 5], "nils": ["zero", "none", "none", "none"]},
            "nils\\[0\\]",
            id="a nil word",
        ),
    ],
)
def test_quick_entry_one_contract_per_side_refusals(data, message):
    with pytest.raises(ResultError) as error:
        GAME.quick_outcome(GAME.settings("classic"), DEALER, {"tricks": [4, 3, 3, 3], **data})
    assert re.search(message, refusal(error.value))


def test_quick_entry_of_an_older_per_player_classic_hand_is_read_as_the_sum_with_a_note():
    data = {"bids": [3, 4, 2, 3], "tricks": [3, 4, 2, 4]}
    outcome = GAME.quick_outcome(GAME.settings("classic"), DEALER, data)
    assert outcome.details["side_bids"] == (5, 7) and outcome.points == (50, 71)
    assert words(outcome.summary).endswith(PER_PLAYER_NOTE)


def test_a_per_player_classic_file_is_read_as_the_sum_with_a_note(capsys, tmp_path):
    rng = random.Random(4)
    deals = GAME.deal(rng, GAME.settings("classic"), DEALER)
    bids = [Event("bid", seat=seat, value=value) for seat, value in enumerate((3, 4, 2, 3))]
    events = [*deals, *bids, Event("claim", seat=1)]
    status, findings, text = check_file(
        capsys, tmp_path, "spades", [HandRecord(DEALER, events)], CLASSIC
    )
    assert status == 0 and rulings(findings) == []
    assert findings["hands"][0]["summary"].startswith("Ann & Cy bid 5 took 0")
    assert PER_PLAYER_NOTE in text


def test_check_reads_a_classic_file_recorded_in_the_specs_order(capsys, tmp_path):
    events = [nil(2), contract(0, 1), contract(3, 7), Event("claim", seat=1)]
    status, findings, _ = check_file(
        capsys, tmp_path, "spades", [HandRecord(DEALER, events)], CLASSIC
    )
    assert status == 0 and rulings(findings) == []
    assert findings["hands"][0]["points"] == [40, 76]  # 1 set −10, nil made +50; 7 and 6 bags


# -- "It doesn't matter who leads to the first trick" ---------------------------------------


def dealt_hand():
    state = record(new(), contract(0, 3), contract(1, 3))
    hands = ["2C 5D", "9C 6D", "KC 7D", "4H 8D"]  # the clubs and a second card of each seat
    for seat, text in enumerate(hands):
        cards = parse_cards(text)
        state.hands[seat] = sum(1 << card for card in cards)
    return state


@pytest.mark.parametrize(
    ("order", "winner"),
    [
        pytest.param((0, 1, 2, 3), 2, id="everyone plays the lowest held club: in seat order"),
        pytest.param((3, 2, 1, 0), 2, id="it doesn't matter who leads: the dealer's seat first"),
        pytest.param((2, 0, 3, 1), 2, id="it doesn't matter who leads: any order"),
    ],
)
def test_it_doesnt_matter_who_leads_to_the_first_trick(order, winner):
    state = dealt_hand()
    cards = {0: "2C", 1: "9C", 2: "KC", 3: "4H"}
    for seat in order:
        event = play(seat, cards[seat])
        assert refused(state, event) == []
        assert not [v for v in state.check(event) if not v.rule.refuses]
        record(state, event)
    (trick,) = state.tricks
    assert trick.seats == list(order) and trick.winner == winner
    assert state.to_act == winner  # whoever plays the highest club leads to the next


def test_trick_1_still_takes_one_card_per_seat_and_trick_2_is_in_turn():
    state = dealt_hand()
    record(state, play(3, "4H"))
    assert "table.too-many-cards" in refused(state, play(3, "8D"))
    record(state, play(1, "9C"), play(0, "2C"), play(2, "KC"))
    assert refused(state, play(0, "5D")) == ["table.out-of-turn"]  # seat 3 won and leads


def test_the_lowest_club_is_still_required_in_any_order():
    state = dealt_hand()
    state.hands[1] |= 1 << Card.parse("3C")
    assert [r.rule.id for r in state.requirements(1, Card.parse("9C"))] == [
        "spades.first-trick.lowest-club"
    ]
    record(state, play(1, "9C"))  # a ruling, not a refusal: the table decides
    assert state.current.leader == 1


def test_check_reads_trick_1_recorded_from_the_dealers_club_first(capsys, tmp_path):
    rng = random.Random(11)
    deals = GAME.deal(rng, GAME.settings("classic"), DEALER)
    state = record(new(), *deals, contract(0, 3), contract(1, 3))
    lowest = {}
    for seat in range(4):
        clubs = [c for c in parse_cards_of(state.hands[seat]) if c.suit.name == "CLUBS"]
        other = [
            c for c in parse_cards_of(state.hands[seat]) if c.suit.name in ("HEARTS", "DIAMONDS")
        ]
        lowest[seat] = clubs[0] if clubs else other[0]
    plays = [play(seat, lowest[seat]) for seat in (3, 2, 1, 0)]
    events = [*deals, contract(0, 3), contract(1, 3), *plays, Event("claim", seat=0)]
    status, findings, _ = check_file(
        capsys, tmp_path, "spades", [HandRecord(DEALER, events)], CLASSIC
    )
    assert status == 0 and rulings(findings) == []


def parse_cards_of(mask: int) -> list[Card]:
    return sorted(Card.from_index(i) for i in range(52) if mask >> i & 1)


def test_a_contract_out_of_order_names_who_bids_now():
    state = new()
    (violation,) = state.check(contract(1, 4))
    assert said(violation) == (
        f"it is {NAMES[0]}'s turn to bid for their side: the non-dealing side bids first",
    )
    record(state, nil(0))
    (violation,) = state.check(contract(0, 4))
    assert said(violation) == (f"it is {NAMES[2]}'s turn to name the side's contract",)
