"""Euchre advice: the kata's "Declaring Trump" and "Team Play", word for word where the
kata speaks, and in the same spirit where it is silent.

Declaring (first round): order up the upcard's suit with at least three trumps, with two
trumps and an ace of another suit, or, as the dealer's partner, with two trumps;
otherwise pass. Trumps are counted as the kata ranks them: the left bower is a trump.
The dealer counts the five cards in hand, as the kata words it (not the upcard).

Where the kata is silent (the ``standard`` preset): in the second round, name the suit
with the most cards that meets the first two tests (three trumps, or two and an off-suit
ace), or pass; a dealer who must name a suit names their longest. Never go alone or
defend alone. The dealer discards their lowest card, trumps ranking above every other.

Play: a partner winning the trick, play the lowest card allowed; otherwise the highest
card if it beats the opponents' cards, else the lowest (on the lead: the highest).
"""

from __future__ import annotations

from scorekeeper.advice.common import (
    HAND_DONE,
    Advice,
    NoAdvice,
    cards_words,
    known_hand,
    lowest,
    team_play,
)
from scorekeeper.cards import Rank, Suit, cards_in
from scorekeeper.events import Event
from scorekeeper.games.euchre.hand import DEFEND, DISCARD, NAME, ORDER, PLAY, SEATS, EuchreHand
from scorekeeper.games.euchre.tables import TABLES

SUIT_NAMES = {suit: suit.name.lower() for suit in Suit}


def declaring_reason(hand: int, trump: Suit, dealers_partner: bool) -> str | None:
    """Why the kata says to declare ``trump`` with ``hand``, or None to pass."""
    trumps = hand & TABLES[trump].trump_mask
    count = trumps.bit_count()
    if count >= 3:
        return f"{count} trumps ({cards_words(trumps)})"
    if count < 2:
        return None
    aces = [card for card in cards_in(hand & ~trumps) if card.rank == Rank.ACE]
    if aces:
        return f"two trumps ({cards_words(trumps)}) and the off-suit {aces[0]}"
    if dealers_partner:
        return f"two trumps ({cards_words(trumps)}) and your partner deals"
    return None


def advise(state: EuchreHand, seat: int) -> Advice:
    phase = state.phase
    if phase == DEFEND:
        return Advice(Event("pass", seat=seat), "Defending alone takes a very strong hand: pass")
    hand = known_hand(state, seat)
    if phase == ORDER:
        return _order(state, seat, hand)
    if phase == NAME:
        return _name(state, seat, hand)
    if phase == DISCARD:
        card = lowest(TABLES[state.trump_suit], hand)
        return Advice(Event("discard", card=card), f"Discard your lowest card, {card}")
    if phase == PLAY:
        partners = frozenset({seat, (seat + 2) % SEATS})
        return team_play(state, seat, state.legal_plays(seat, hand), partners)
    raise NoAdvice(HAND_DONE)


def _order(state: EuchreHand, seat: int, hand: int) -> Advice:
    trump = state.turned_up.suit
    why = declaring_reason(hand, trump, seat == (state.dealer + 2) % SEATS)
    if why is None:
        return Advice(
            Event("pass", seat=seat),
            f"Fewer than three {SUIT_NAMES[trump]}, no two with an off-suit ace: pass",
        )
    return Advice(Event("order_up", seat=seat), f"Declare {SUIT_NAMES[trump]}: {why}")


def _name(state: EuchreHand, seat: int, hand: int) -> Advice:
    suits = [suit for suit in Suit if suit != state.turned_up.suit]

    def length(suit: Suit) -> int:
        return (hand & TABLES[suit].trump_mask).bit_count()

    candidates = [(suit, declaring_reason(hand, suit, False)) for suit in suits]
    candidates = [(suit, why) for suit, why in candidates if why is not None]
    if candidates:
        suit, why = max(candidates, key=lambda found: length(found[0]))
        return Advice(Event("name_trump", seat=seat, suit=suit), f"Name {SUIT_NAMES[suit]}: {why}")
    if state.stick and seat == state.dealer:
        suit = max(suits, key=length)
        return Advice(
            Event("name_trump", seat=seat, suit=suit),
            f"Stuck as dealer: name your longest suit, {SUIT_NAMES[suit]}",
        )
    return Advice(
        Event("pass", seat=seat), "No suit with three cards, or two and an off-suit ace: pass"
    )
