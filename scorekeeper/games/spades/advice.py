"""Spades advice: a bid from sure and likely tricks, and the Euchre kata's team play with
an eye on nil and bags.

Bidding: each ace is a sure trick, and so is the king of spades held with the ace or
another spade; a king of another suit with one to four others of its suit is likely,
and so is the queen of spades with two others; every spade beyond the third is a
likely trick, and so is each void in another suit held with three spades or more. The
bid is the sure and likely tricks together (at least one). A hand with no ace, no king,
no spade above the nine and at most three spades bids nil, when nil may be bid. Never
blind nil.

Blind-nil exchange: the nil bidder passes their two highest cards, the partner the two
lowest (spades kept for last).

Play: a seat that bid nil plays its highest card that does not take the trick. A side
that has its contract ducks the same way (bags cost). A partner who bid nil is covered:
their winning card is not a partner's win. Otherwise the kata's team play; on the lead,
a card no card still out can beat in its suit, else the lowest card.
"""

from __future__ import annotations

from scorekeeper.advice.common import (
    HAND_DONE,
    Advice,
    NoAdvice,
    cards_words,
    highest,
    known_hand,
    lowest,
    masters,
    plain,
    play,
    team_play,
    winners,
)
from scorekeeper.cards import SUIT_MASKS, Rank, Suit, cards_in
from scorekeeper.events import Event
from scorekeeper.games.spades.hand import BIDDING, EXCHANGE, MAX_BID, SpadesHand
from scorekeeper.words import counted

SPADES = SUIT_MASKS[Suit.SPADES]
PLAIN_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)


def estimate(hand: int) -> tuple[list[str], list[str]]:
    """The hand's sure and likely tricks, each as a few words a player reads."""
    sure: list[str] = []
    likely: list[str] = []
    spades = hand & SPADES
    length = spades.bit_count()
    for card in cards_in(hand):
        others = (hand & SUIT_MASKS[card.suit]).bit_count() - 1
        is_spade = card.suit == Suit.SPADES
        if card.rank == Rank.ACE or (card.rank == Rank.KING and is_spade and others >= 1):
            sure.append(str(card))
        elif (card.rank == Rank.KING and not is_spade and 1 <= others <= 4) or (
            card.rank == Rank.QUEEN and is_spade and others >= 2
        ):
            likely.append(str(card))
    if length > 3:
        likely += ["a long spade"] * (length - 3)
    if length >= 3:
        likely += [
            f"a void in {suit.name.lower()}" for suit in PLAIN_SUITS if not hand & SUIT_MASKS[suit]
        ]
    return sure, likely


def nil_hand(hand: int) -> bool:
    """No ace, no king, no spade above the nine, at most three spades."""
    spades = hand & SPADES
    return (
        spades.bit_count() <= 3
        and not any(card.rank >= Rank.TEN for card in cards_in(spades))
        and not any(card.rank >= Rank.KING for card in cards_in(hand))
    )


def advise(state: SpadesHand, seat: int) -> Advice:
    hand = known_hand(state, seat)
    if state.phase == BIDDING:
        return _bid(state, seat, hand)
    if state.phase == EXCHANGE:
        return _exchange(state, seat, hand)
    if state.phase == state.PLAY:
        return _play(state, seat, hand)
    raise NoAdvice(HAND_DONE)


def _bid(state: SpadesHand, seat: int, hand: int) -> Advice:
    offered = state.legal_events()
    partner = (seat + 2) % len(state.bids)
    nil = Event("bid", seat=partner, value=0)
    partner_hand = state.hands[partner]
    if nil in offered and partner_hand is not None and nil_hand(partner_hand):
        return Advice(nil, "Your partner has no ace, no king, no spade above the nine: nil")
    allowed = {event.value for event in offered if event.seat == seat and not event.blind}
    if nil_hand(hand) and 0 in allowed:
        return Advice(
            Event("bid", seat=seat, value=0), "No ace, no king, no spade above the nine: bid nil"
        )
    sure, likely = estimate(hand)
    words = []
    if sure:
        words.append(f"{len(sure)} sure ({', '.join(sure)})")
    if likely:
        words.append(f"{len(likely)} likely ({', '.join(likely)})")
    count = len(sure) + len(likely)
    kind, say = "bid", "Bid"
    if any(event.kind == "contract" for event in offered):  # classic: the side's contract
        kind, say = "contract", "Contract"
        if state.bids[partner] is None and partner_hand is not None:
            told = sum(map(len, estimate(partner_hand)))
            count += told
            words.append(f"{told} told by your partner")
    bid = min(MAX_BID, max(1, count))
    why = " and ".join(words) or "no sure trick: bid the least"
    return Advice(Event(kind, seat=seat, value=bid), f"{say} {bid}: {why}")


def _exchange(state: SpadesHand, seat: int, hand: int) -> Advice:
    table = state.table
    if state.bids[seat] == 0:
        first = highest(table, hand)
        second = highest(table, hand & ~(1 << first))
        words = "You bid blind nil: pass your two highest cards"
    else:
        first = lowest(table, hand)
        second = lowest(table, hand & ~(1 << first))
        words = "Your partner bid blind nil: pass your two lowest cards"
    cards = tuple(sorted((first, second)))
    return Advice(Event("exchange", seat=seat, cards=cards), f"{words}, {cards_words(cards)}")


def _play(state: SpadesHand, seat: int, hand: int) -> Advice:
    legal = state.legal_plays(seat, hand)
    sides = state.scoring.sides
    side = sides[state.scoring.side_of(seat)]
    if state.bids[seat] == 0:
        return _duck(state, seat, legal, "You bid nil")
    bid = sum(state.bids[s] or 0 for s in side)  # every seat has bid once play begins
    if sum(state.taken[s] for s in side) >= bid:
        return _duck(state, seat, legal, f"Your side has its {counted(bid, 'trick')}: avoid bags")
    partners = frozenset(s for s in side if s == seat or state.bids[s] != 0)
    _table, trick = state.in_play()
    if trick.cards:
        return team_play(state, seat, legal, partners)
    table = state.table
    sure = masters(state, seat, legal)
    if sure:
        card = highest(table, plain(table, sure) or sure)
        return Advice(play(seat, card), f"Lead {card}: no card still out beats it in its suit")
    card = lowest(table, legal)
    return Advice(play(seat, card), f"No sure winner to lead: lead your lowest card, {card}")


def _duck(state: SpadesHand, seat: int, legal: int, why: str) -> Advice:
    """The highest card that does not take the trick so far, else the lowest card."""
    table = state.table
    _table, trick = state.in_play()
    losing = legal & ~winners(state, legal) if trick.cards else 0
    if losing:
        card = highest(table, losing)
        return Advice(play(seat, card), f"{why}: play your highest card that loses, {card}")
    card = lowest(table, legal)
    return Advice(play(seat, card), f"{why}: play your lowest card, {card}")
