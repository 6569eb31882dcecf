"""The Euchre kata's "Declaring Trump" and "Team Play", each bullet with a hand that shows it,
and the choices the kata leaves open (second round, discard, defending alone)."""

from __future__ import annotations

import pytest

from scorekeeper.advice import NoAdvice, advise
from scorekeeper.cards import Card, Suit, parse_cards
from scorekeeper.events import Event, play
from scorekeeper.evidence import NotOnRecord
from scorekeeper.games import get_game
from scorekeeper.games.euchre.hand import EuchreHand
from scorekeeper.words import reasons_text

GAME = get_game("euchre")
KATA = GAME.settings("kata")
DEALER = 3  # seat 4 deals; seat 1 bids first and leads; seat 2 is the dealer's partner


def deal(hands: dict[int, str], upcard: str, settings=KATA, dealer: int = DEALER) -> EuchreHand:
    state = GAME.new_hand(settings, dealer)
    for seat, cards in hands.items():
        state.apply(Event("deal", seat=seat, cards=parse_cards(cards)))
    state.apply(Event("upcard", card=Card.parse(upcard)))
    return state


def bidding_at(seat: int, hand: str, upcard: str) -> EuchreHand:
    """Seat ``seat`` holding ``hand`` decides on ``upcard``; the seats before it passed."""
    state = deal({seat: hand}, upcard)
    for earlier in range(seat):
        state.apply(Event("pass", seat=earlier))
    return state


@pytest.mark.parametrize(
    ("seat", "hand", "upcard", "expected", "words"),
    [
        pytest.param(
            0,
            "9H QH AH 9C 10S",
            "KH",
            "order_up",
            "3 trumps",
            id="three cards of the upcard's suit -> declare",
        ),
        pytest.param(
            0,
            "9H QH AH KH 10S",
            "10H",
            "order_up",
            "4 trumps",
            id="four cards of the upcard's suit -> declare",
        ),
        pytest.param(
            0,
            "9H JD 9C 10C QS",
            "KH",
            "pass",
            "pass",
            id="two of the upcard's suit, no ace, not the dealer's partner -> pass",
        ),
        pytest.param(
            0,
            "9H QH AC 9C 10S",
            "KH",
            "order_up",
            "off-suit A♣",
            id="two in the upcard's suit and an ace of another suit -> declare",
        ),
        pytest.param(
            1,
            "9H QH AC 9C 10S",
            "KH",
            "order_up",
            "off-suit A♣",
            id="two and an off-suit ace declare in any seat",
        ),
        pytest.param(
            0,
            "9H AH 9C 10C QS",
            "KH",
            "pass",
            "pass",
            id="the ace of the upcard's suit is a trump, not an off-suit ace -> pass",
        ),
        pytest.param(
            1,
            "9H QH 9C 10C QS",
            "KH",
            "order_up",
            "partner deals",
            id="dealer's teammate with two in the upcard's suit -> declare",
        ),
        pytest.param(
            2,
            "9H QH 9C 10C QS",
            "KH",
            "pass",
            "pass",
            id="two in the upcard's suit, the dealer's opponent -> pass",
        ),
        pytest.param(
            1,
            "9H 9C 10C QS AS",
            "KH",
            "pass",
            "pass",
            id="dealer's teammate with one in the upcard's suit -> pass",
        ),
        pytest.param(
            0,
            "9H QH JD 9C 10S",
            "KH",
            "order_up",
            "3 trumps (J♦ 9♥ Q♥)",
            id="the left bar counts in the trump suit -> declare",
        ),
        pytest.param(
            3,
            "9H QH 9C 10C QS",
            "KH",
            "pass",
            "pass",
            id="the dealer, choosing last, with two and no ace -> pass",
        ),
        pytest.param(
            3,
            "9H QH 10H 10C QS",
            "KH",
            "order_up",
            "3 trumps",
            id="the dealer, choosing last, with three -> declare",
        ),
    ],
)
def test_declaring_trump(seat: int, hand: str, upcard: str, expected: str, words: str) -> None:
    state = bidding_at(seat, hand, upcard)
    advice = advise(state)
    assert advice.event == Event(expected, seat=seat)
    assert words in advice.reason
    assert advice.event in state.legal_events()


def test_the_dealer_discards_the_lowest_card_trumps_ranking_higher() -> None:
    state = deal({DEALER: "9H QH 9C AC AS"}, "KH")
    state.apply(Event("order_up", seat=0))
    advice = advise(state)
    assert advice.event == Event("discard", card=Card.parse("9C"))
    assert advice.reason == "Discard your lowest card, 9♣"


# -- Team Play ----------------------------------------------------------------------------

TEAM_HANDS = {
    0: "AC 9S 10S QC 9C",
    1: "KC 10C QS KS 9D",
    2: "AS 10D QD 9H JD",
    3: "KD AD KH AH JC",
}
"""Hearts trump: seat 1 orders up the 10♥, the dealer (seat 4) discards J♣. Seats 1 & 3
play against seats 2 & 4; seat 3 holds the left bar J♦ and no club."""


def trick_after(*cards: str) -> EuchreHand:
    state = deal(TEAM_HANDS, "10H")
    state.apply(Event("order_up", seat=0))
    state.apply(Event("discard", card=Card.parse("JC")))
    for offset, card in enumerate(cards):
        state.apply(play(offset, card))
    return state


@pytest.mark.parametrize(
    ("played", "expected", "words"),
    [
        pytest.param(
            ("AC", "10C"),
            "10D",
            "partner is winning",
            id="teammate winning (A♣) -> lowest card allowed: 10♦, not a trump",
        ),
        pytest.param(
            ("9C", "KC"),
            "JD",
            "beats",
            id="teammate not winning (K♣) -> highest card J♦ (left bar) beats the opponents",
        ),
        pytest.param(
            ("9S",),
            "KS",
            "beats",
            id="opponent winning with 9♠ -> highest card allowed, K♠, beats it",
        ),
        pytest.param(
            ("AC",),
            "10C",
            "cannot beat",
            id="highest card K♣ cannot beat A♣ -> lowest card allowed: 10♣ (must follow, not 9♦)",
        ),
        pytest.param(
            ("9C", "KC", "JD"),
            "KD",
            "cannot beat J♦",
            id="highest card A♥ cannot beat the left bar -> lowest card K♦",
        ),
        pytest.param(
            (),
            "AC",
            "You lead",
            id="leading: nobody winning -> highest card A♣ for the best chance",
        ),
    ],
)
def test_team_play(played: tuple[str, ...], expected: str, words: str) -> None:
    state = trick_after(*played)
    advice = advise(state)
    assert advice.event == play(len(played), expected)
    assert words in advice.reason
    assert advice.event in state.legal_events()


# -- where the kata is silent (the standard preset) --------------------------------------------


def second_round(seat: int, hand: str, settings=None) -> EuchreHand:
    state = deal({seat: hand}, "KH", settings or GAME.settings())
    for bidder in range(4):
        state.apply(Event("pass", seat=bidder))
    for earlier in range(seat):
        state.apply(Event("pass", seat=earlier))
    return state


@pytest.mark.parametrize(
    ("seat", "hand", "settings", "expected", "words"),
    [
        pytest.param(
            0,
            "9S 10S AS 9C AD",
            None,
            Event("name_trump", seat=0, suit=Suit.SPADES),
            "Name spades: 3 trumps",
            id="second round: three of a suit -> name it",
        ),
        pytest.param(
            1,
            "9S JC 9D AD 10H",
            None,
            Event("name_trump", seat=1, suit=Suit.SPADES),
            "off-suit A♦",
            id="second round: two (the left bar counts) and an off-suit ace -> name it",
        ),
        pytest.param(
            0,
            "9S 10C AH 9D 10H",
            None,
            Event("pass", seat=0),
            "pass",
            id="second round: no suit qualifies -> pass",
        ),
        pytest.param(
            3,
            "9S 10C QC 9D 10H",
            GAME.settings(stick_the_dealer=True),
            Event("name_trump", seat=3, suit=Suit.CLUBS),
            "longest suit, clubs",
            id="stuck dealer -> name the longest suit",
        ),
    ],
)
def test_second_round(seat, hand, settings, expected, words) -> None:
    state = second_round(seat, hand, settings)
    advice = advise(state)
    assert advice.event == expected
    assert words in advice.reason


def test_a_defender_against_a_loner_passes() -> None:
    state = deal(TEAM_HANDS, "10H", GAME.settings(defend_alone=True))
    state.apply(Event("order_up", seat=0, alone=True))
    state.apply(Event("discard", card=Card.parse("JC")))
    assert advise(state).event == Event("pass", seat=1)


def test_no_advice_without_the_seats_cards_or_out_of_turn() -> None:
    state = deal({}, "KH")
    names = ("Ann", "Ben", "Cy", "Di")
    with pytest.raises(NoAdvice) as refused:
        advise(state)
    assert refused.value.why == (NotOnRecord(0),)
    assert reasons_text(refused.value.why, names).startswith("Ann's cards are not on record")
    with pytest.raises(NoAdvice) as refused:
        advise(state, 1)
    assert reasons_text(refused.value.why, names) == "it is Ann's turn"
    state = deal({0: "9H QH AH 9C 10S"}, "KH")
    for seat in range(4):
        state.apply(Event("pass", seat=seat))
    with pytest.raises(NoAdvice, match="the hand is over"):
        advise(state)
