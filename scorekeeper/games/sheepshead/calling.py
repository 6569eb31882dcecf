"""The picker's choices: which calls a hand allows, and what makes a call or bury wrong.

Calls are judged on the picker's eight cards (the six dealt and the blind), as a
player announces them; the bury must then keep the under card and, after a normal
call, a fail card of the called suit.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, cast

from scorekeeper.cards import Card, Rank, Suit, cards_in
from scorekeeper.events import Event
from scorekeeper.games.sheepshead.deck import ACE, ACES_MASK, FAIL_MASK, FAIL_SUITS, TEN
from scorekeeper.games.sheepshead.phrases import SAY
from scorekeeper.phrases import Phrase

CALL_VALUES = ("ace", "under", "ten", "alone")
JACK_CALL_VALUES = ("jack", "alone")
"""The calls where the holder of J♦ is the partner (``jack``: the partner holds that jack)."""
JACK_OF_DIAMONDS = Card.of(Rank.JACK, Suit.DIAMONDS)
NEXT_JACKS = tuple(Card.of(Rank.JACK, suit) for suit in (Suit.HEARTS, Suit.SPADES, Suit.CLUBS))
"""The jacks a picker holding J♦ calls instead, highest first (with ``call_next_jack``)."""


@dataclass(frozen=True, slots=True)
class Call:
    """A call: ``value`` ace | under | ten | alone, the called ``card``, the ``under`` card."""

    value: str
    card: Card | None = None
    under: Card | None = None

    @property
    def named(self) -> Card:
        """The called card: every call but going alone names one."""
        if self.card is None:
            raise ValueError("going alone names no card")
        return self.card

    @property
    def suit(self) -> Suit:
        """The called suit (of a call that names a card)."""
        return self.named.suit

    @staticmethod
    def recorded(event: Event) -> Call:
        """The call a ``call`` event records (one :func:`form_error` finds well formed)."""
        return Call(cast(str, event.value), event.card, event.under)

    def event(self, data: dict[str, Any] | None = None) -> Event:
        return Event("call", value=self.value, card=self.card, under=self.under, data=data)

    def __str__(self) -> str:
        if self.value == "alone":
            return "alone"
        words = {"ace": "called", "under": "called under", "ten": "called 10", "jack": "partner"}[
            self.value
        ]
        under = f", under card {self.under}" if self.under is not None else ""
        return f"{words} {self.card}{under}"


def form_error(
    value: Any, card: Card | None, under: Card | None, jack_partner: bool = False
) -> Phrase | None:
    """Why a call event is not a call at all (None when it is one); ``jack_partner``
    where the holder of J♦ is the partner."""
    values = JACK_CALL_VALUES if jack_partner else CALL_VALUES
    if value not in values:
        return SAY("not_a_call", value=value, values=values)
    if value == "jack":
        if card is None or card.rank != Rank.JACK or under is not None:
            return SAY("jack_call", card=card)
        return None
    if value == "alone":
        if card is not None or under is not None:
            return SAY("alone_no_card")
        return None
    wanted = Rank.TEN if value == "ten" else Rank.ACE
    if card is None or card.rank != wanted or card.suit not in FAIL_SUITS:
        return SAY("calls_ten" if value == "ten" else "calls_ace", value=value, card=card)
    if under is not None and value != "under":
        return SAY("under_only")
    return None


def normal_suits(hand: int) -> list[Suit]:
    """Fail suits in which the hand holds a card but not the ace."""
    return [suit for suit in FAIL_SUITS if hand & FAIL_MASK[suit] and not hand >> ACE[suit] & 1]


def holds_all_aces(hand: int) -> bool:
    return hand & ACES_MASK == ACES_MASK


def under_required(hand: int) -> bool:
    """Every fail suit held includes its ace, and not all three aces are held."""
    return not normal_suits(hand) and not holds_all_aces(hand)


def legal_calls(hand: int, buried: int = 0, alone_by_choice: bool = True) -> tuple[Call, ...]:
    """Every call the picker's eight cards allow, under cards included; with ``buried``
    known, only those the bury leaves possible. Going alone is among them when chosen
    freely (``alone_by_choice``) or when nothing else can be called (all three fail aces
    and all three fail tens, or a bury that left no card to call with)."""
    kept = hand & ~buried
    calls = [Call("ace", ACE[suit]) for suit in normal_suits(hand) if kept & FAIL_MASK[suit]]
    if under_required(hand):
        for suit in FAIL_SUITS:
            if not hand & FAIL_MASK[suit]:
                calls += [Call("under", ACE[suit], card) for card in cards_in(kept)]
    if holds_all_aces(hand):
        calls += [Call("ten", TEN[suit]) for suit in FAIL_SUITS if not hand >> TEN[suit] & 1]
    if alone_by_choice or not calls:  # nothing left to call: the picker goes alone
        calls.append(Call("alone"))
    return tuple(calls)


def jack_to_call(hand: int, next_jack: bool) -> Card | None:
    """The jack whose holder is the partner: J♦, or for a picker holding it the highest
    jack they lack (with ``next_jack``); None when the picker plays alone."""
    if not hand >> JACK_OF_DIAMONDS & 1:
        return JACK_OF_DIAMONDS
    if next_jack:
        return next((jack for jack in NEXT_JACKS if not hand >> jack & 1), None)
    return None


def jack_calls(hand: int, next_jack: bool, alone_by_choice: bool = True) -> tuple[Call, ...]:
    """The calls where the holder of J♦ is the partner: the jack, or alone (by choice, or
    with no jack to call)."""
    jack = jack_to_call(hand, next_jack)
    if jack is None:
        return (Call("alone"),)
    return (Call("jack", jack), Call("alone")) if alone_by_choice else (Call("jack", jack),)


def jack_call_breach(
    call: Call, hand: int, next_jack: bool, alone_by_choice: bool = True
) -> tuple[str, Phrase] | None:
    """Why a jack call does not fit the picker's eight cards, or None."""
    jack = jack_to_call(hand, next_jack)
    if call.value == "alone":
        if alone_by_choice or jack is None:
            return None
        return "call.alone", SAY("jack_alone_off")
    if jack is None:
        return "call.jack-of-diamonds", SAY("jack_held_alone", card=JACK_OF_DIAMONDS)
    if call.card != jack:
        held = "jack_holds" if hand >> JACK_OF_DIAMONDS & 1 else "jack_lacks"
        return "call.jack-of-diamonds", SAY(held, card=JACK_OF_DIAMONDS, jack=jack)
    return None


def call_breach(
    call: Call, hand: int, alone_by_choice: bool = True, buried: int = 0
) -> tuple[str, Phrase] | None:
    """The rule (id suffix) and the reason a well-formed call does not fit the picker's
    eight cards (and the bury, when known), or None."""
    if call.value == "alone":
        if Call("alone") in legal_calls(hand, buried, alone_by_choice):
            return None
        return "call.alone", SAY("card_alone_off")
    card = call.named
    suit = card.suit
    if call.value == "ace":
        if hand >> card & 1:
            return "call.normal", SAY("picker_holds", card=card)
        if not hand & FAIL_MASK[suit]:
            return "call.normal", SAY("no_fail", suit=suit, card=card)
        return None
    if call.value == "ten":
        if not holds_all_aces(hand):
            return "call.ten", SAY("ten_needs_aces")
        if hand >> card & 1:
            return "call.ten", SAY("picker_holds", card=card)
        return None
    if holds_all_aces(hand):
        return "call.under", SAY("call_a_ten")
    possible = normal_suits(hand)
    if possible:
        return "call.under", SAY("call_normally", suits=possible)
    if hand & FAIL_MASK[suit]:
        return "call.under", SAY("under_holds_suit", suit=suit)
    if call.under is not None and not hand >> call.under & 1:
        return "call.under", SAY("under_not_held", card=call.under)
    return None


def bury_breach(call: Call | None, hand: int | None, buried: int) -> tuple[str, Phrase] | None:
    """The rule (id suffix) and the reason a bury of ``buried`` breaks, given the call
    (when made) and the picker's eight cards (when known), or None."""
    if call is None:
        return None
    if call.under is not None and buried >> call.under & 1:
        return "bury.not-under-card", SAY("is_under_card", card=call.under)
    if call.value == "ace" and hand is not None and not hand & ~buried & FAIL_MASK[call.suit]:
        left = SAY("bury_leaves_none", suit=call.suit, card=call.card)
        return "bury.keep-called-suit", left
    return None


def legal_buries(hand: int, call: Call | None = None) -> list[int]:
    """Every two-card bury (as masks) from the eight cards that fits the call, if made."""
    buries = [a.bit | b.bit for a, b in combinations(cards_in(hand), 2)]
    return [mask for mask in buries if bury_breach(call, hand, mask) is None]
