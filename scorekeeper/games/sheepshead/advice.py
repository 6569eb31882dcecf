"""Sheepshead advice: when to pick, what to call and bury, and trick play that minds
card points, from what the seat itself can know.

Picking: pick with four trumps or more, or with three when two of them are queens or
jacks; otherwise pass.

Calling: a normal call of the ace of the fail suit the picker holds fewest cards of
(the partner's ace then takes a trick the picker could lose); holding all three fail
aces, call the ten of the shortest suit; when an under call is needed, the under card
is the cheapest fail card (the cheapest trump without one); with nothing to call, go
alone. Burying: the two cards that keep the most trumps in hand and put the most points
in the bury, within what the call allows.

Play, with the sides as the seat knows them (the picker and whoever has shown the called
card, the defenders once it is shown; in a Leaster everyone plays alone): the picker's
side leads its highest trump; a defender leads a card of the called suit to find the
partner, else the cheapest fail card. Following: a partner winning, put on the fail
card with the most points (schmear), else the cheapest trump; otherwise take the trick
with the highest card, or as last to play with the cheapest card that takes it;
unable to take it, play the card worth least. In a Leaster, take as little as possible.
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
    plain,
    play,
    winners,
    winning_seat,
)
from scorekeeper.cards import Card, Rank, cards_in
from scorekeeper.events import Event
from scorekeeper.evidence import Note
from scorekeeper.games.sheepshead.calling import Call, legal_buries
from scorekeeper.games.sheepshead.deck import FAIL_MASK, SEATS, SUIT_WORDS, TABLE, card_points
from scorekeeper.games.sheepshead.hand import SheepsheadHand
from scorekeeper.games.sheepshead.phrases import SAY

TRUMP_MASK = TABLE.trump_mask
HIGH_TRUMPS = sum(
    1 << card for card in cards_in(TRUMP_MASK) if card.rank in (Rank.QUEEN, Rank.JACK)
)
POINTS = TABLE.points


def pick_reason(hand: int) -> str | None:
    """Why to pick with ``hand``, or None to pass."""
    trumps = hand & TRUMP_MASK
    count = trumps.bit_count()
    if count >= 4:
        return f"{count} trumps ({cards_words(trumps)})"
    high = (trumps & HIGH_TRUMPS).bit_count()
    if count == 3 and high >= 2:
        return f"three trumps ({cards_words(trumps)}), {high} of them queens or jacks"
    return None


def known_side(state: SheepsheadHand, seat: int) -> frozenset[int]:
    """The seats ``seat`` knows to be on its side (itself at least)."""
    if state.mode != "picker":
        return frozenset({seat})
    picker = state.picker_seat()
    defenders = frozenset(range(SEATS)) - {picker}
    call = state.call
    if call is None or call.card is None:  # alone
        return frozenset({picker}) if seat == picker else defenders
    called = call.card
    shown = next((s for s in range(SEATS) if state.played_by[s] >> called & 1), None)
    if seat == picker:
        return frozenset({picker} if shown is None else {picker, shown})
    if shown == seat or (state.hands[seat] or 0) >> called & 1:
        return frozenset({seat, picker})
    return frozenset({seat}) if shown is None else defenders - {shown}


def advise(state: SheepsheadHand, seat: int) -> Advice:
    if state.phase == state.PICKING:
        return _pick(seat, known_hand(state, seat))
    if state.phase == state.CALLING:
        eight = state.picker_cards()
        if eight is None:
            raise NoAdvice(Note(SAY("picker_unknown")))
        return _call(state, eight) if state.call is None else _bury(state, eight)
    if state.phase == state.PLAY:
        return _play(state, seat, known_hand(state, seat))
    raise NoAdvice(HAND_DONE)


def _pick(seat: int, hand: int) -> Advice:
    why = pick_reason(hand)
    if why is None:
        trumps = (hand & TRUMP_MASK).bit_count()
        return Advice(
            Event("pass", seat=seat), f"Only {trumps} trumps without two queens or jacks: pass"
        )
    return Advice(Event("pick", seat=seat), f"Pick: {why}")


def _cheapest(cards: int) -> Card:
    """The card worth least: fewest points, then the weakest."""
    return min(cards_in(cards), key=lambda card: (POINTS[card], TABLE.strength[card], card))


def _call(state: SheepsheadHand, eight: int) -> Advice:
    calls = state.legal_calls(eight)
    jacks = [call for call in calls if call.value == "jack"]
    if jacks:
        return Advice(jacks[0].event(), f"The holder of {jacks[0].card} is your partner")
    kept = eight & ~(state.buried or 0)

    def held(call: Call) -> int:
        return (eight & FAIL_MASK[call.suit]).bit_count()

    normal = [call for call in calls if call.value == "ace"]
    if normal:
        call = min(normal, key=held)
        word = SUIT_WORDS[call.suit]
        why = f"you hold {held(call)} {word} ({cards_words(eight & FAIL_MASK[call.suit])}) and not the ace"
        return Advice(call.event(), f"Call {call.card}: {why}")
    tens = [call for call in calls if call.value == "ten"]
    if tens:
        call = min(tens, key=held)
        return Advice(call.event(), f"You hold all three fail aces: call {call.card}")
    unders = [call for call in calls if call.value == "under"]
    if unders:
        under = _cheapest(plain(TABLE, kept) or kept)
        call = next(call for call in unders if call.under == under)
        return Advice(
            call.event(),
            f"Every fail suit you hold has its ace: call {call.card} under, {under} as the under card",
        )
    return Advice(Call("alone").event(), "Nothing to call: go alone")


def _bury(state: SheepsheadHand, eight: int) -> Advice:
    def merit(mask: int) -> tuple[int, int]:
        return ((mask & TRUMP_MASK).bit_count(), -card_points(mask))

    mask = min(legal_buries(eight, state.call), key=merit)
    cards = tuple(cards_in(mask))
    return Advice(
        Event("bury", cards=cards),
        f"Bury {cards_words(cards)}: keeps your trumps and puts {card_points(mask)} points in the bury",
    )


def _play(state: SheepsheadHand, seat: int, hand: int) -> Advice:
    legal = state.legal_plays(seat, hand)
    if state.mode == "leaster":
        return _leaster(state, seat, legal)
    side = known_side(state, seat)
    if not state.current.cards:
        return _lead(state, seat, legal, side)
    winner = winning_seat(state)
    if winner in side:
        fail = plain(TABLE, legal)
        if fail:
            card = max(cards_in(fail), key=lambda c: (POINTS[c], -TABLE.strength[c], -c))
            return Advice(play(seat, card), f"Your partner is winning the trick: schmear {card}")
        card = lowest(TABLE, legal)
        return Advice(
            play(seat, card), f"Your partner is winning the trick: play your lowest trump, {card}"
        )
    taking = winners(state, legal)
    if taking and last_to_play(state):
        card = lowest(TABLE, taking)
        return Advice(
            play(seat, card), f"You play last: take the trick with your cheapest winner, {card}"
        )
    if taking:
        card = highest(TABLE, taking)
        return Advice(play(seat, card), f"Take the trick with your highest card, {card}")
    card = _cheapest(legal)
    return Advice(
        play(seat, card), f"You cannot take this trick: play the card worth least, {card}"
    )


def _lead(state: SheepsheadHand, seat: int, legal: int, side: frozenset[int]) -> Advice:
    trumps = legal & TRUMP_MASK
    if state.picker in side and trumps:
        card = highest(TABLE, trumps)
        return Advice(
            play(seat, card), f"The picker's side leads trump: {card} draws the defenders' trumps"
        )
    call = state.call
    if state.picker not in side and call is not None and call.value != "alone":
        called = legal & state.called_fail & ~state.called_bit
        if called and not state.seen & state.called_bit:
            card = _cheapest(called)
            word = SUIT_WORDS[call.suit]
            return Advice(play(seat, card), f"Lead {word} to find the partner: {card}")
    card = _cheapest(plain(TABLE, legal) or legal)
    return Advice(play(seat, card), f"Lead your cheapest card, {card}")


def _leaster(state: SheepsheadHand, seat: int, legal: int) -> Advice:
    losing = legal & ~winners(state, legal) if state.current.cards else 0
    card = highest(TABLE, losing) if losing else _cheapest(legal)
    return Advice(play(seat, card), f"Leaster: take as few points as you can, play {card}")
