"""The trick-taking toolkit every game uses: following suit with a game's effective suits,
who wins a trick, the deal, where a deal clashes with the record, and a claim."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.cards import EUCHRE_DECK, FULL_DECK, SUIT_MASKS, Card, Suit, cards_in, mask_of
from scorekeeper.cards import parse_cards as cards
from scorekeeper.evidence import HeldBy
from scorekeeper.games import get_game
from scorekeeper.games.base import TRUMP, TrickTable
from scorekeeper.games.sheepshead.deck import TABLE as SHEEPSHEAD_TABLE
from scorekeeper.games.spades.hand import SPADES_TABLE as SPADES
from scorekeeper.games.tricks import (
    Following,
    claim,
    deal_events,
    deal_round,
    from_left,
    held_elsewhere,
)
from scorekeeper.rules import Rule
from tests.told import words

FOLLOW = Rule("test.follow-suit", "Follow suit", "Follow the suit led if you can.")
LEFT_BOWER = Card.parse("JD")  # hearts trump: the jack of the same colour is a trump


def hearts_trump(card: Card) -> int:
    """Euchre's effective suit with hearts trump: the left bower J♦ is a trump."""
    return TRUMP if card.suit == Suit.HEARTS or card == LEFT_BOWER else int(card.suit)


def euchre_order(card: Card) -> int:
    """Hearts trump: right bower, left bower, then by rank."""
    return {Card.parse("JH"): 20, LEFT_BOWER: 19}.get(card, int(card.rank))


EUCHRE = TrickTable(EUCHRE_DECK, hearts_trump, euchre_order, lambda card: 0)
PLAIN = TrickTable(
    FULL_DECK, lambda card: int(card.suit), lambda card: int(card.rank), lambda card: 0
)
"""No trump: the suit on a card is its suit."""
TABLES = {"euchre, hearts trump": EUCHRE, "sheepshead": SHEEPSHEAD_TABLE, "no trump": PLAIN}


def mask(text: str) -> int:
    return mask_of(cards(text))


# ---------------------------------------------------------------------------
# Following suit
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "hand", "lead", "playable"),
    [
        pytest.param(EUCHRE, "JD 9S AC", "10H", "JD", id="euchre: the left bower follows trump"),
        pytest.param(
            EUCHRE, "JD 9S AC", "AD", "JD 9S AC", id="euchre: the left bower is no diamond"
        ),
        pytest.param(EUCHRE, "JH 9D QD", "KD", "9D QD", id="euchre: the right bower is no diamond"),
        pytest.param(EUCHRE, "9S 10S AC", "9H", "9S 10S AC", id="euchre: void in trump, any card"),
        pytest.param(
            SHEEPSHEAD_TABLE,
            "QC 7D AC",
            "AH",
            "QC 7D AC",
            id="sheepshead: void in hearts, any card",
        ),
        pytest.param(
            SHEEPSHEAD_TABLE,
            "QC 7D AC",
            "JS",
            "QC 7D",
            id="sheepshead: queens and diamonds are trump",
        ),
        pytest.param(
            SHEEPSHEAD_TABLE, "JC KC 9C", "AC", "KC 9C", id="sheepshead: a jack is no club"
        ),
        pytest.param(PLAIN, "2S 3S 4H", "AS", "2S 3S", id="no trump: follow the suit on the card"),
    ],
)
def test_plays_follow_the_effective_suit_led(table, hand, lead, playable):
    following = Following(table, FOLLOW)
    assert following.plays(mask(hand), Card.parse(lead)) == mask(playable)


@pytest.mark.parametrize(
    ("table", "trump_word", "lead", "card", "reason", "forbidden"),
    [
        pytest.param(
            EUCHRE,
            "trump",
            "9H",
            "AS",
            "had to follow trump",
            mask("JD 9H 10H QH KH AH JH"),
            id="euchre: trump led, the left bower among the trumps",
        ),
        pytest.param(
            EUCHRE,
            "trump",
            "9D",
            "JD",
            "had to follow diamonds",
            mask("9D 10D QD KD AD"),
            id="euchre: the left bower does not follow diamonds",
        ),
        pytest.param(
            SPADES,
            "spades",
            "2S",
            "AH",
            "had to follow spades",
            SUIT_MASKS[Suit.SPADES],
            id="spades: trump led is called spades",
        ),
        pytest.param(
            PLAIN,
            "trump",
            "KC",
            "AD",
            "had to follow clubs",
            SUIT_MASKS[Suit.CLUBS],
            id="no trump: clubs led",
        ),
    ],
)
def test_a_card_that_does_not_follow_demands_none_of_the_suit_led(
    table, trump_word, lead, card, reason, forbidden
):
    following = Following(table, FOLLOW, trump_word)
    (demand,) = following.requirements(Card.parse(lead), Card.parse(card))
    assert (demand.rule, words(demand.reason), demand.forbidden) == (FOLLOW, reason, forbidden)
    assert not following.follows(Card.parse(lead), Card.parse(card))


@pytest.mark.parametrize(
    ("lead", "card"),
    [
        pytest.param("9H", "JD", id="the left bower follows trump"),
        pytest.param("AD", "9D", id="a diamond follows diamonds"),
        pytest.param("JH", "9H", id="a trump follows the right bower"),
    ],
)
def test_a_card_that_follows_demands_nothing(lead, card):
    following = Following(EUCHRE, FOLLOW)
    assert following.follows(Card.parse(lead), Card.parse(card))
    assert following.requirements(Card.parse(lead), Card.parse(card)) == ()


def test_cards_the_record_puts_elsewhere_are_not_demanded():
    following = Following(PLAIN, FOLLOW)
    (demand,) = following.requirements(Card.parse("KC"), Card.parse("AD"), unheld=mask("AC 2C"))
    assert demand.forbidden == SUIT_MASKS[Suit.CLUBS] & ~mask("AC 2C")
    assert words(demand.reason) == "had to follow clubs"


hands = st.sets(st.sampled_from(EUCHRE_DECK), max_size=8).map(mask_of)
leads = st.sampled_from(EUCHRE_DECK)
contexts = st.sampled_from(sorted(TABLES))


@given(contexts, hands, leads)
def test_a_legal_play_follows_suit_when_the_hand_holds_the_suit_led(context, hand, lead):
    following = Following(TABLES[context], FOLLOW)
    legal = following.plays(hand, lead)
    if hand & following.led_cards(lead):
        assert legal and all(following.follows(lead, card) for card in cards_in(legal))
        assert legal == hand & following.led_cards(lead)
    else:
        assert legal == hand


@given(contexts, hands, leads)
def test_the_legal_plays_are_the_cards_whose_demands_the_hand_meets(context, hand, lead):
    following = Following(TABLES[context], FOLLOW)
    legal = following.plays(hand, lead)
    for card in cards_in(hand):
        demands = following.requirements(lead, card)
        meets = not any(demand.forbidden & hand for demand in demands)
        assert meets == bool(legal >> card & 1), card


# ---------------------------------------------------------------------------
# Who wins a trick
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "trick", "winner"),
    [
        pytest.param(EUCHRE, "AD KD JD QD", 2, id="euchre: the left bower trumps diamonds"),
        pytest.param(EUCHRE, "JD JH AH 9H", 1, id="euchre: the right bower beats the left"),
        pytest.param(EUCHRE, "9C AS AD KC", 3, id="euchre: an ace of another suit never wins"),
        pytest.param(
            SHEEPSHEAD_TABLE, "AC 10C 7D KC", 2, id="sheepshead: the lowest trump beats the ace"
        ),
        pytest.param(
            SHEEPSHEAD_TABLE, "JD QD QC AD", 2, id="sheepshead: the queen of clubs is highest"
        ),
        pytest.param(PLAIN, "2H AS KH 3H", 2, id="no trump: the highest of the suit led"),
    ],
)
def test_the_strongest_card_of_the_suit_led_or_trump_wins(table, trick, winner):
    assert table.winner(list(cards(trick))) == winner


def test_a_card_that_cannot_win_is_passed_over():
    trick = list(cards("AC 10C 7D KC"))
    assert SHEEPSHEAD_TABLE.winner(trick, ineligible=Card.parse("7D").bit) == 0


# ---------------------------------------------------------------------------
# The deal
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "seats", "order"),
    [
        pytest.param(0, 4, (1, 2, 3, 0), id="four seats, the first deals"),
        pytest.param(3, 4, (0, 1, 2, 3), id="four seats, the last deals"),
        pytest.param(1, 2, (0, 1), id="two seats: the other, then the dealer"),
        pytest.param(2, 5, (3, 4, 0, 1, 2), id="five seats"),
    ],
)
def test_seats_from_the_dealers_left(dealer, seats, order):
    assert from_left(dealer, seats) == order


@pytest.mark.parametrize(
    ("deck", "order", "packets", "left"),
    [
        pytest.param(EUCHRE_DECK, (1, 2, 3, 0), (2, 3), 4, id="euchre: two then three each"),
        pytest.param(FULL_DECK, (1, 0), (1,) * 6, 40, id="california jack: one at a time"),
        pytest.param(FULL_DECK, (1, 2, 3, 0), (13,), 0, id="spades: the whole deck"),
    ],
)
def test_a_deal_gives_every_card_once(deck, order, packets, left):
    hands, rest = deal_round(deck, random.Random(7), order, packets)
    assert list(hands) == list(order)
    assert all(len(hand) == sum(packets) for hand in hands.values())
    dealt = [card for hand in hands.values() for card in hand] + list(rest)
    assert len(rest) == left and Counter(dealt) == Counter(deck)


def test_a_deal_hands_out_packets_round_the_table():
    """Two cards each, then three each: the first seat gets the shuffled deck's cards 0, 1,
    8, 9 and 10, the upcard is card 20."""
    shuffled = list(EUCHRE_DECK)
    random.Random(3).shuffle(shuffled)
    hands, rest = deal_round(EUCHRE_DECK, random.Random(3), (1, 2, 3, 0), (2, 3))
    assert hands[1] == tuple(shuffled[i] for i in (0, 1, 8, 9, 10))
    assert hands[0] == tuple(shuffled[i] for i in (6, 7, 17, 18, 19))
    assert rest == tuple(shuffled[20:])


@given(st.integers(min_value=0, max_value=2**32))
def test_the_same_seed_deals_the_same_cards(seed):
    first = deal_round(FULL_DECK, random.Random(seed), (0, 1, 2, 3), (13,))
    assert deal_round(FULL_DECK, random.Random(seed), (0, 1, 2, 3), (13,)) == first


@pytest.mark.parametrize(
    ("sort", "shown"),
    [
        pytest.param(True, ("2C", "AC", "KH"), id="sorted"),
        pytest.param(False, ("KH", "AC", "2C"), id="in the order dealt"),
    ],
)
def test_deal_events_for_each_seat(sort, shown):
    (event,) = deal_events({2: cards("KH AC 2C")}, sort=sort)
    assert (event.kind, event.seat, tuple(card.code for card in event.cards)) == (
        "deal",
        2,
        shown,
    )


@pytest.mark.parametrize(
    ("seat", "holdings", "how", "found"),
    [
        pytest.param(
            0,
            [mask("AS"), mask("KS QS"), None],
            "dealt",
            [HeldBy(1, cards("KS"), "dealt")],
            id="another seat was dealt the card",
        ),
        pytest.param(
            0, [mask("KS"), mask("2H"), None], "dealt", [], id="its own cards clash with nothing"
        ),
        pytest.param(
            None,
            [mask("KS"), 0, mask("AH")],
            "played",
            [HeldBy(0, cards("KS"), "played"), HeldBy(2, cards("AH"), "played")],
            id="no seat: every seat's cards count",
        ),
    ],
)
def test_cards_the_record_puts_with_another_seat(seat, holdings, how, found):
    assert held_elsewhere(seat, mask("KS AH"), holdings, how) == found


# ---------------------------------------------------------------------------
# Claims
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("taker", "taken"),
    [
        pytest.param(3, [0, 0, 0, 13], id="the claimer's seat takes every trick left"),
        pytest.param(None, [0, 0, 0, 0], id="nobody takes them"),
    ],
)
def test_a_claim_ends_the_hand(taker, taken):
    game = get_game("spades")
    state = game.new_hand(game.settings(), 0)
    claim(state, 3, taker, 13)
    assert (state.claimed_by, state.phase, state.to_act, state.taken) == (3, "over", None, taken)


def test_a_copy_of_a_hand_shares_its_following():
    """Built once per trump context: a hand's copy equals it, sharing the same object."""
    following = Following(EUCHRE, FOLLOW)
    assert copy.deepcopy(following) is following
