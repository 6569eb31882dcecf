"""What every game's advice shares: the advice itself, the seat's known hand, and the
trick facts a player reads off the table (who is winning, what a card would do)."""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.cards import Card, cards_in, format_cards
from scorekeeper.events import Event
from scorekeeper.evidence import Evidence, Note, NotOnRecord
from scorekeeper.games.base import TRUMP, HandState, TrickTable
from scorekeeper.games.base import Advice as Advice  # re-exported for the games' advice
from scorekeeper.phrases import Phrases
from scorekeeper.words import reasons_text

SAY = Phrases(
    "advice",
    {
        "over": "the hand is over",
        "nothing_left": "the hand is over: nothing is left to play",
        "nobody_to_act": "nobody is to act yet: record the deal first",
        "nothing_dealt": "nothing is dealt yet",
    },
)
"""Why there is no advice, in every game's words (:mod:`scorekeeper.phrases`)."""
HAND_DONE = Note(SAY("over"))
"""Why a game advises nothing once its hand is over."""


class NoAdvice(ValueError):
    """Nothing can be advised now; ``why`` says why as data (the hand is over, the seat's
    cards are not on record, it is another seat's turn): :mod:`scorekeeper.words` tells it."""

    def __init__(self, *why: Evidence) -> None:
        self.why = why
        super().__init__(reasons_text(self.why, ()))


def known_hand(state: HandState, seat: int) -> int:
    """The seat's cards, or :class:`NoAdvice` when the record does not show them."""
    hand = state.hands[seat]
    if hand is None:
        raise NoAdvice(NotOnRecord(seat))
    return hand


def cards_words(cards: Iterable[Card] | int) -> str:
    """Cards as a player reads them: ``J♥ A♥ 9♥``."""
    return format_cards(cards_in(cards) if isinstance(cards, int) else cards)


def lowest(table: TrickTable, mask: int) -> Card:
    """The weakest card of a non-empty mask: plain cards below trump, then by rank."""
    return min(cards_in(mask), key=lambda card: (table.strength[card], card))


def highest(table: TrickTable, mask: int) -> Card:
    """The strongest card of a non-empty mask: trump above plain cards, then by rank."""
    return max(cards_in(mask), key=lambda card: (table.strength[card], -card))


def winning_seat(state: HandState) -> int | None:
    """The seat whose card is winning the trick in progress (None before the lead)."""
    table, trick = state.in_play()
    if not trick.cards:
        return None
    return trick.seats[table.winner(trick.cards, state.ineligible_to_win())]


def would_win(state: HandState, card: Card) -> bool:
    """Whether ``card`` played now would be winning the trick so far."""
    table, trick = state.in_play()
    cards = [*trick.cards, card]
    return table.winner(cards, state.ineligible_to_win()) == len(cards) - 1


def winners(state: HandState, mask: int) -> int:
    """The cards of ``mask`` that would be winning the trick so far."""
    found = 0
    for card in cards_in(mask):
        if would_win(state, card):
            found |= 1 << card
    return found


def last_to_play(state: HandState) -> bool:
    """The seat to act plays the trick's last card."""
    _table, trick = state.in_play()
    return len(trick.cards) == state.players_per_trick - 1


def masters(state: HandState, seat: int, mask: int) -> int:
    """The cards of ``mask`` that no card still out can beat in their suit: every higher
    card of the suit has been seen or is in the seat's own hand."""
    table, _trick = state.in_play()
    out = state.game.deck_mask & ~state.seen & ~(state.hands[seat] or 0)
    found = 0
    for card in cards_in(mask):
        if not table.higher(card) & out:
            found |= 1 << card
    return found


def plain(table: TrickTable, mask: int) -> int:
    """The cards of ``mask`` that are not trump."""
    return mask & ~table.suit_mask[TRUMP]


_PLAYS = tuple(
    tuple(Event("play", seat=seat, card=card) for card in Card._all) for seat in range(5)
)
"""Every play event, built once (events are immutable)."""


def play(seat: int, card: Card) -> Event:
    return _PLAYS[seat][card]


def team_play(state: HandState, seat: int, legal: int, partners: frozenset[int]) -> Advice:
    """The Euchre kata's team play: a partner winning the trick, play the lowest card
    allowed; otherwise the highest card if it beats the opponents' cards, else the lowest.
    On the lead nobody is winning yet, so the highest card leads."""
    table, trick = state.in_play()
    winner = winning_seat(state)
    if winner is not None and winner != seat and winner in partners:
        card = lowest(table, legal)
        return Advice(
            play(seat, card), f"Your partner is winning the trick: play your lowest card, {card}"
        )
    top = highest(table, legal)
    if winner is None:
        return Advice(
            play(seat, top),
            f"You lead: your highest card, {top}, has the best chance to take the trick",
        )
    if would_win(state, top):
        return Advice(
            play(seat, top), f"Your highest card, {top}, beats the opponents' cards: play it"
        )
    card = lowest(table, legal)
    best = trick.card_of(winner)
    return Advice(
        play(seat, card), f"Your highest card cannot beat {best}: play your lowest, {card}"
    )
