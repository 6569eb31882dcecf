"""Sheepshead's cards: the fixed trump order, the fail suits, card points and Schwanzer points.

Every table here is built once at import time; the hot paths index them by card.
"""

from __future__ import annotations

from scorekeeper.cards import PIQUET_DECK, Card, Rank, Suit, cards_in, mask_of, parse_cards
from scorekeeper.games.base import TRUMP, TrickTable

DECK = PIQUET_DECK
SEATS = 5
HAND_SIZE = 6
TRICKS = 6
TOTAL_POINTS = 120

TRUMP_ORDER = parse_cards("QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D")
"""Trump, high to low: every queen, every jack, then the diamonds."""
FAIL_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
"""Each fail suit, high to low (a queen or jack is never a fail card)."""
FAIL_SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS)
RANK_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}

_TRUMP_RANK = {card: len(TRUMP_ORDER) - index for index, card in enumerate(TRUMP_ORDER)}


def _effective_suit(card: Card) -> int:
    return TRUMP if card in _TRUMP_RANK else int(card.suit)


def _order(card: Card) -> int:
    if card in _TRUMP_RANK:
        return _TRUMP_RANK[card]
    return len(FAIL_ORDER) - FAIL_ORDER.index(card.rank)


TABLE = TrickTable(DECK, _effective_suit, _order, lambda card: RANK_POINTS.get(card.rank, 0))
"""The one trump context of the game."""

DECK_MASK = mask_of(DECK)
TRUMP_MASK = TABLE.trump_mask
FAIL_MASK = tuple(TABLE.suit_mask[suit] if suit in FAIL_SUITS else 0 for suit in range(4))
"""Per suit index, that suit's fail cards (none for diamonds, which are all trump)."""
ACE = {suit: Card.of(Rank.ACE, suit) for suit in FAIL_SUITS}
TEN = {suit: Card.of(Rank.TEN, suit) for suit in FAIL_SUITS}
ACES_MASK = mask_of(ACE.values())
SUIT_WORDS = {Suit.CLUBS: "clubs", Suit.SPADES: "spades", Suit.HEARTS: "hearts"}


def card_points(mask: int) -> int:
    """Card points of a set of cards (the deck holds 120)."""
    return TABLE.count_points(mask)


def schwanzer_points(card: Card) -> int:
    """Queens 3, jacks 2, any other diamond 1, every other card 0."""
    if card.rank == Rank.QUEEN:
        return 3
    if card.rank == Rank.JACK:
        return 2
    return 1 if card.suit == Suit.DIAMONDS else 0


_SCHWANZER = [schwanzer_points(Card.from_index(index)) for index in range(52)]


def hand_schwanzer_points(mask: int) -> int:
    return sum(_SCHWANZER[card] for card in cards_in(mask))


TOTAL_SCHWANZER_POINTS = hand_schwanzer_points(DECK_MASK)
MAX_HAND_SCHWANZER_POINTS = sum(
    sorted((_SCHWANZER[card] for card in DECK), reverse=True)[:HAND_SIZE]
)
MAX_BLIND_SCHWANZER_POINTS = 2 * max(_SCHWANZER)
