"""California Jack advice: take counting cards, keep trump for tens.

A card's worth is its card points (10 = 10, A = 4, K = 3, Q = 2, J = 1) and one more
for an honour (the ace, two and jack of trump). Leading: the card worth least, from a
plain suit when there is one. Following a card worth something: take it with the
cheapest card of the suit led that beats it; with none, trump it only when it is a ten,
with the cheapest trump that beats it. Following a card worth nothing: take it with a
card of that suit worth nothing too (the winner draws first), else give the card worth
least. Drawing: the one card the pile offers.
"""

from __future__ import annotations

from scorekeeper.advice.common import (
    HAND_DONE,
    Advice,
    NoAdvice,
    known_hand,
    plain,
    play,
    winners,
)
from scorekeeper.cards import Card, Rank, cards_in
from scorekeeper.evidence import Note
from scorekeeper.games.base import TRUMP
from scorekeeper.games.california_jack.hand import DRAW, CaliforniaJackHand
from scorekeeper.games.california_jack.phrases import SAY


def worth(state: CaliforniaJackHand, card: Card) -> int:
    """What capturing ``card`` adds to a score: its card points, and 1 for an honour."""
    table, _trick = state.in_play()
    return table.points[card] + (state.honour_mask >> card & 1)


def cheapest(state: CaliforniaJackHand, cards: int) -> Card:
    """The card worth least, plain before trump, then the lowest."""
    table, _trick = state.in_play()
    return min(cards_in(cards), key=lambda card: (worth(state, card), table.strength[card], card))


def advise(state: CaliforniaJackHand, seat: int) -> Advice:
    if state.phase == DRAW:
        event = state.next_draw()
        first = "The trick's winner draws first" if len(state.to_draw) == 2 else "Draw next"
        return Advice(event, f"{first}: take the top card of the pile")
    if state.phase != state.PLAY:
        raise NoAdvice(HAND_DONE if state.phase == state.OVER else Note(SAY("no_trump_yet")))
    hand = known_hand(state, seat)
    legal = state.legal_plays(seat, hand)
    table, trick = state.in_play()
    if not trick.cards:
        card = cheapest(state, plain(table, legal) or legal)
        return Advice(play(seat, card), f"Lead the card worth least, {card}: give nothing away")
    led = trick.cards[0]
    value = worth(state, led)
    taking = winners(state, legal)
    same = taking & table.suit_mask[table.suit_of[led]]
    if value and same:
        card = cheapest(state, same)
        return Advice(play(seat, card), f"Take the {led}, worth {value}, with {card}")
    trumps = taking & table.suit_mask[TRUMP]
    if led.rank == Rank.TEN and trumps:
        card = cheapest(state, trumps)
        return Advice(play(seat, card), f"Trump the {led} with {card}: trump is kept for tens")
    free = [card for card in cards_in(same) if not worth(state, card)]
    if not value and free:
        card = min(free, key=lambda c: (table.strength[c], c))
        return Advice(
            play(seat, card), f"Take the trick with {card}, worth nothing: the winner draws first"
        )
    card = cheapest(state, legal)
    return Advice(play(seat, card), f"Give the card worth least, {card}")
