"""Euchre's card tables, built once at import: one TrickTable per trump suit, and the
follow-suit requirement for each trump and led suit."""

from __future__ import annotations

from scorekeeper.cards import EUCHRE_DECK, Card, Rank, Suit, cards_in, mask_of
from scorekeeper.games.base import TRUMP, TrickTable
from scorekeeper.games.euchre.rulebook import RULES
from scorekeeper.games.tricks import Following

DECK_MASK = mask_of(EUCHRE_DECK)
PLAIN_ORDER = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
"""Low to high in a suit that is not trump."""
TRUMP_ORDER = (Rank.NINE, Rank.TEN, Rank.QUEEN, Rank.KING, Rank.ACE)
"""Low to high among trumps below the bowers (left bower 5, right bower 6)."""


def right_bower(trump: Suit) -> Card:
    return Card.of(Rank.JACK, trump)


def left_bower(trump: Suit) -> Card:
    return Card.of(Rank.JACK, trump.same_colour)


def _table(trump: Suit) -> TrickTable:
    right, left = right_bower(trump), left_bower(trump)

    def effective_suit(card: Card) -> int:
        return TRUMP if card.suit == trump or card == left else int(card.suit)

    def order(card: Card) -> int:
        if card == right:
            return 6
        if card == left:
            return 5
        if card.suit == trump:
            return TRUMP_ORDER.index(card.rank)
        return PLAIN_ORDER.index(card.rank)

    return TrickTable(EUCHRE_DECK, effective_suit, order, lambda card: 0)


TABLES: tuple[TrickTable, ...] = tuple(_table(suit) for suit in Suit)
"""Indexed by the trump suit."""


def lowest_cards(trump: Suit, hand: int) -> int:
    """The cards of ``hand`` that are its lowest card (the kata's discard): the non-trump
    cards of the lowest rank held (any of them on a tie; the left bower is trump), or the
    lowest trump when the hand holds nothing else."""
    table = TABLES[trump]
    plain = hand & ~table.trump_mask
    if not plain:
        return 1 << min(cards_in(hand), key=lambda card: table.strength[card])
    low = min(card.rank for card in cards_in(plain))
    return mask_of(card for card in cards_in(plain) if card.rank == low)


def lower_than(trump: Suit, card: Card) -> int:
    """The cards that, held beside ``card``, make it not the lowest card: for a trump,
    every plain card and every weaker trump; for a plain card, the plain cards of a
    lower rank."""
    table = TABLES[trump]
    plain = DECK_MASK & ~table.trump_mask
    if table.trump_mask >> card & 1:
        strength = table.strength[card]
        weaker = (c for c in cards_in(table.trump_mask) if table.strength[c] < strength)
        return plain | mask_of(weaker)
    return mask_of(c for c in cards_in(plain) if c.rank < card.rank)


FOLLOWING = tuple(Following(table, RULES["euchre.play.follow-suit"]) for table in TABLES)
"""Following suit, indexed by the trump suit: the left bower follows trump."""
