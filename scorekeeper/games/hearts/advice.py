"""Hearts advice, the plain play most books teach: points are bad, so keep out of
tricks that carry them.

Passing: pass Q♠, A♠ and K♠ (the cards that catch the queen), then the highest hearts,
then the highest other cards. Play: lead the lowest card allowed; following suit, play
the highest card that does not take the trick, or, when every card takes it, the highest
if playing last (the trick is yours anyway) and the lowest otherwise; unable to follow,
throw Q♠, then the highest heart, then the highest card.
"""

from __future__ import annotations

from scorekeeper.advice.common import (
    HAND_DONE,
    Advice,
    NoAdvice,
    cards_words,
    highest,
    known_hand,
    last_to_play,
    lowest,
    play,
    winners,
)
from scorekeeper.cards import SUIT_MASKS, Card, Rank, Suit, cards_in
from scorekeeper.events import Event
from scorekeeper.games.hearts.hand import HEARTS, PASSED, PASSING, PLAY, QUEEN, TABLE, HeartsHand

SPADES = SUIT_MASKS[Suit.SPADES]


def danger(card: Card) -> tuple[int, int]:
    """How much a card is worth passing: Q♠ and the spades above it, then hearts, then
    any high card."""
    if card == QUEEN or (card.suit == Suit.SPADES and card.rank > Rank.QUEEN):
        return (2, card.rank)
    return (1 if card.suit == Suit.HEARTS else 0, card.rank)


def advise(state: HeartsHand, seat: int) -> Advice:
    hand = known_hand(state, seat)
    if state.phase == PASSING:
        three = tuple(sorted(sorted(cards_in(hand), key=danger)[-PASSED:]))
        return Advice(
            Event("pass_cards", seat=seat, cards=three),
            f"Pass the cards most likely to take points: {cards_words(three)}",
        )
    if state.phase != PLAY:
        raise NoAdvice(HAND_DONE)
    legal = state.legal_plays(seat, hand)
    trick = state.current
    if not trick.cards:
        card = lowest(TABLE, legal)
        return Advice(play(seat, card), f"Lead low to keep out of the trick: {card}")
    if legal & SUIT_MASKS[trick.cards[0] // 13]:
        return _follow(state, seat, legal)
    if legal >> QUEEN & 1:
        return Advice(play(seat, QUEEN), "You cannot follow: throw Q♠")
    hearts = legal & HEARTS
    card = highest(TABLE, hearts or legal)
    what = "your highest heart" if hearts else "your highest card"
    return Advice(play(seat, card), f"You cannot follow: throw {what}, {card}")


def _follow(state: HeartsHand, seat: int, legal: int) -> Advice:
    losing = legal & ~winners(state, legal)
    if losing:
        card = highest(TABLE, losing)
        return Advice(
            play(seat, card), f"Play your highest card that does not take the trick, {card}"
        )
    if last_to_play(state):
        card = highest(TABLE, legal)
        return Advice(play(seat, card), f"The trick is yours anyway: get rid of {card}")
    card = lowest(TABLE, legal)
    return Advice(
        play(seat, card), f"Every card you can play takes the trick so far: play low, {card}"
    )
