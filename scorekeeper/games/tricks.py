"""The trick-taking every game uses, written once: following suit with the game's effective
suits, the deal, where a recorded deal clashes with the record, and a claim.

A game gives what differs as data: a :class:`~scorekeeper.games.base.TrickTable` built from
its function from card to effective suit and its ranking (Euchre's left bower is a trump,
Sheepshead's queens and jacks are), which also names a trick's winner
(:meth:`~scorekeeper.games.base.TrickTable.winner`); its rule for following; how its cards
are dealt. Masks are bit sets of cards, as everywhere in the games.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace

from scorekeeper.cards import Card, cards_in
from scorekeeper.events import Event
from scorekeeper.evidence import HeldBy
from scorekeeper.games.base import SUIT_WORDS, TRUMP, HandState, Requirement, TrickTable
from scorekeeper.phrases import Phrases
from scorekeeper.rules import Rule

SAY = Phrases("tricks", {"follow": "had to follow {suit}"})
"""What following suit says (:mod:`scorekeeper.phrases`): ``suit`` is the effective suit's
word, a suit's name or what the game calls trump."""


class Following:
    """Following suit in one trump context: the cards of a hand that may follow a lead
    (those of the lead's effective suit, or any card when the hand holds none), and what a
    card of another suit demands of the hand it came from: that it held none of the suit
    led, under the game's ``rule``. ``trump_word`` is what the reason calls trump when trump
    is led ("had to follow trump"; Spades says "spades")."""

    __slots__ = ("demands", "suit_mask", "suit_of")

    def __init__(self, table: TrickTable, rule: Rule, trump_word: str = SUIT_WORDS[TRUMP]) -> None:
        self.suit_of = table.suit_of
        self.suit_mask = table.suit_mask
        words = (*SUIT_WORDS[:TRUMP], trump_word)
        self.demands = tuple(
            Requirement(rule, forbidden=table.suit_mask[led], reason=SAY("follow", suit=words[led]))
            for led in range(TRUMP + 1)
        )
        """``demands[led]``: what a card not of effective suit ``led`` demands, ``led`` led."""

    def __deepcopy__(self, memo: dict[int, object]) -> Following:
        return self  # built once per trump context and never changed

    def led_cards(self, lead: Card) -> int:
        """Every card of the effective suit of ``lead``."""
        return self.suit_mask[self.suit_of[lead]]

    def plays(self, hand: int, lead: Card) -> int:
        """The cards of ``hand`` that may follow ``lead``: its suit, or the whole hand."""
        return hand & self.suit_mask[self.suit_of[lead]] or hand

    def follows(self, lead: Card, card: Card) -> bool:
        """Whether ``card`` is of the effective suit of ``lead``."""
        return self.suit_of[card] == self.suit_of[lead]

    def demand(self, lead: Card) -> Requirement:
        """What a card that does not follow ``lead`` demands of its hand."""
        return self.demands[self.suit_of[lead]]

    def requirements(self, lead: Card, card: Card, unheld: int = 0) -> tuple[Requirement, ...]:
        """What playing ``card`` to a trick led with ``lead`` demands: nothing when it
        follows, else none of the suit led, but for cards ``unheld`` that the record
        places outside the hand."""
        suit_of = self.suit_of
        led = suit_of[lead]
        if suit_of[card] == led:
            return ()
        demand = self.demands[led]
        if unheld & demand.forbidden:
            demand = replace(demand, forbidden=demand.forbidden & ~unheld)
        return (demand,)


# ---------------------------------------------------------------------------
# The deal
# ---------------------------------------------------------------------------


def from_left(dealer: int, seats: int) -> tuple[int, ...]:
    """Every seat once, from the dealer's left round to the dealer."""
    return tuple((dealer + step) % seats for step in range(1, seats + 1))


def deal_round(
    deck: Iterable[Card], rng: random.Random, order: Sequence[int], packets: Sequence[int]
) -> tuple[dict[int, tuple[Card, ...]], tuple[Card, ...]]:
    """Shuffle ``deck`` with ``rng`` and deal from its top: for each size in ``packets``,
    each seat of ``order`` in turn takes that many cards. Each seat's cards in the order
    dealt (keyed in ``order``), and the cards left, top first."""
    cards = list(deck)
    rng.shuffle(cards)
    hands: dict[int, list[Card]] = {seat: [] for seat in order}
    top = 0
    for size in packets:
        for seat in order:
            hands[seat] += cards[top : top + size]
            top += size
    return {seat: tuple(hand) for seat, hand in hands.items()}, tuple(cards[top:])


def deal_events(hands: dict[int, tuple[Card, ...]], sort: bool = True) -> list[Event]:
    """A ``deal`` event for each seat's cards, sorted unless ``sort`` is false."""
    return [
        Event("deal", seat=seat, cards=tuple(sorted(cards)) if sort else cards)
        for seat, cards in hands.items()
    ]


def held_elsewhere(
    seat: int | None, mask: int, holdings: Sequence[int | None], how: str = "held"
) -> list[HeldBy]:
    """The cards of ``mask`` that the record puts with another seat than ``seat`` (None:
    with no seat), ``holdings`` giving each seat's cards (None: not known) and ``how``
    it has them (``dealt``, ``played``)."""
    return [
        HeldBy(other, tuple(cards_in(mask & held)), how)
        for other, held in enumerate(holdings)
        if other != seat and held is not None and mask & held
    ]


# ---------------------------------------------------------------------------
# Claims
# ---------------------------------------------------------------------------


def claim(state: HandState, seat: int | None, taker: int | None, tricks: int) -> None:
    """``seat`` claims the rest of the hand: ``taker`` (None: nobody) takes every trick of
    the ``tricks`` a hand has that is not complete yet, and the hand is over."""
    if taker is not None:
        state.taken[taker] += tricks - len(state.tricks)
    state.claimed_by = seat
    state.phase = state.OVER
    state.to_act = None
