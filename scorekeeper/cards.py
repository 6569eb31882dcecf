"""Cards, suits and ranks, and every notation a player types for them.

A :class:`Card` is an ``int`` from 0 to 51 (``suit * 13 + rank - 2``), so it can
index the per-game tables directly and a set of cards fits in one integer bit
mask (bit ``card`` set). There is exactly one object per card: ``Card.parse``
and ``Card.of`` return the same instances, which compare and hash as ints.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Any


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def same_colour(self) -> Suit:
        """The other suit of this suit's colour (the left bower's suit in Euchre)."""
        return _SAME_COLOUR[self]

    def __str__(self) -> str:
        return self.symbol


_SAME_COLOUR = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}


class Rank(IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def label(self) -> str:
        return _RANK_LABELS[self]

    def __str__(self) -> str:
        return self.label


_RANK_LABELS = {r: (str(int(r)) if r <= 10 else "JQKA"[r - 11]) for r in Rank}


class CardError(ValueError):
    """Text that is not a card, or a card that does not belong where it was used."""


_EXPECTED = "expected a rank (A K Q J 10 9 … 2) and a suit (C D H S or ♣ ♦ ♥ ♠)"


class Card(int):
    """One playing card. Build with ``Card.parse("10h")`` or ``Card.of(Rank.TEN, Suit.HEARTS)``."""

    __slots__ = ()
    _all: tuple[Card, ...] = ()

    @property
    def suit(self) -> Suit:
        return _SUITS[self]

    @property
    def rank(self) -> Rank:
        return _RANKS[self]

    @property
    def bit(self) -> int:
        """This card as a one-card mask."""
        return 1 << self

    @property
    def code(self) -> str:
        """The plain-ASCII notation stored in files: ``QC``, ``10H``."""
        return _CODES[self]

    @staticmethod
    def of(rank: Rank | int, suit: Suit | int) -> Card:
        return Card._all[suit * 13 + rank - 2]

    @staticmethod
    def from_index(index: int) -> Card:
        return Card._all[index]

    @staticmethod
    def parse(text: object) -> Card:
        """Read any notation a player types: ``QC``, ``qc``, ``Q♣``, ``10h``, ``Th``, ``10♥``."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError(f"{text!r} is not a card: {_EXPECTED}")
        found = _LOOKUP.get(text.strip().upper())
        if found is None:
            raise CardError(f"{text!r} is not a card: {_EXPECTED}")
        return found

    def __bool__(self) -> bool:
        return True  # a card is never "nothing", the 2♣ (index 0) included

    def __str__(self) -> str:
        return _NAMES[self]

    def __repr__(self) -> str:
        return f"Card({_NAMES[self]})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card.from_index, (int(self),))


Card._all = tuple(int.__new__(Card, i) for i in range(52))
_SUITS = tuple(Suit(i // 13) for i in range(52))
_RANKS = tuple(Rank(i % 13 + 2) for i in range(52))
_NAMES = tuple(f"{_RANK_LABELS[_RANKS[i]]}{_SUITS[i].symbol}" for i in range(52))
_CODES = tuple(f"{_RANK_LABELS[_RANKS[i]]}{_SUITS[i].letter}" for i in range(52))


def _notations() -> dict[str, Card]:
    table: dict[str, Card] = {}
    for card in Card._all:
        ranks = [_RANK_LABELS[card.rank]] + (["T"] if card.rank == Rank.TEN else [])
        for rank in ranks:
            for suit in (card.suit.letter, card.suit.symbol):
                table[rank + suit] = card
    return table


_LOOKUP = _notations()
_SPLIT = re.compile(r"[\s,;]+")


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read several cards: ``"QC 10h, th"`` or a list of notations."""
    items = _SPLIT.split(text.strip()) if isinstance(text, str) else list(text)
    return tuple(Card.parse(item) for item in items if item != "")


# ---------------------------------------------------------------------------
# Card sets as bit masks
# ---------------------------------------------------------------------------


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_in(mask: int) -> Iterator[Card]:
    """The cards of a mask, lowest index first."""
    all_cards = Card._all
    while mask:
        low = mask & -mask
        yield all_cards[low.bit_length() - 1]
        mask ^= low


def count(mask: int) -> int:
    return mask.bit_count()


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


# ---------------------------------------------------------------------------
# Decks
# ---------------------------------------------------------------------------


def deck(ranks: Iterable[Rank]) -> tuple[Card, ...]:
    """Every card of the given ranks, suit by suit."""
    ranks = sorted(ranks)
    return tuple(Card.of(rank, suit) for suit in Suit for rank in ranks)


FULL_DECK = deck(Rank)
PIQUET_DECK = deck(rank for rank in Rank if rank >= Rank.SEVEN)  # 32 cards: Sheepshead
EUCHRE_DECK = deck(rank for rank in Rank if rank >= Rank.NINE)  # 24 cards
SUIT_MASKS = tuple(mask_of(Card.of(rank, suit) for rank in Rank) for suit in Suit)
