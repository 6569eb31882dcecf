"""One hand of Hearts: the pass of three cards, then 13 tricks, with the play rules as
requirements on the hand a card came from."""

from __future__ import annotations

from itertools import combinations
from typing import Any, ClassVar

from scorekeeper.cards import FULL_DECK, SUIT_MASKS, Card, Rank, Suit, cards_in
from scorekeeper.cards import mask_of as _mask_of
from scorekeeper.events import Event, EventError
from scorekeeper.evidence import Evidence, HeldBy, NoSeat, Note, NotHeld, PlayedNotAmong, Turn
from scorekeeper.games.base import (
    HAND_OVER,
    Game,
    HandState,
    Requirement,
    Settings,
    Trick,
    TrickTable,
    Violation,
)
from scorekeeper.games.hearts.phrases import SAY
from scorekeeper.games.hearts.rulebook import (
    DEAL_RULE,
    FOLLOW_SUIT,
    HEARTS_BROKEN,
    MUST_BREAK_HEARTS,
    NO_POINTS_FIRST,
    NO_POINTS_FIRST_TRICK,
    PASS_CARDS,
    PASS_RULE,
    QUEEN_BREAKS_HEARTS,
    TWO_CLUBS,
    option,
)
from scorekeeper.games.tricks import Following, claim, held_elsewhere

SEATS = 4
HAND_SIZE = 13
TRICKS = 13
PASSED = 3
PASSING = "passing"
PLAY = HandState.PLAY
OVER = HandState.OVER

DECK = _mask_of(FULL_DECK)
CLUBS = SUIT_MASKS[Suit.CLUBS]
HEARTS = SUIT_MASKS[Suit.HEARTS]
TWO = Card.of(Rank.TWO, Suit.CLUBS)
QUEEN = Card.of(Rank.QUEEN, Suit.SPADES)
JACK = Card.of(Rank.JACK, Suit.DIAMONDS)
POINT_CARDS = HEARTS | 1 << QUEEN
NON_POINTS = DECK & ~POINT_CARDS

STEPS = (1, 3, 2, 0)
"""Hand by hand, how many seats clockwise each player passes to: left, right, across, hold."""
DIRECTIONS = {1: "to the left", 3: "to the right", 2: "across"}

TABLE = TrickTable(
    FULL_DECK,
    lambda card: int(card.suit),
    lambda card: int(card.rank),
    lambda card: 1 if card.suit == Suit.HEARTS else 13 if card == QUEEN else 0,
)
"""No trump: the highest card of the suit led wins; hearts score 1 and Q♠ 13."""

LEAD_TWO = (Requirement(TWO_CLUBS, forbidden=1 << TWO, reason=SAY("lead_two")),)
LEAD_HEART = (
    Requirement(HEARTS_BROKEN, forbidden=DECK & ~HEARTS, reason=SAY("hearts_not_broken")),
)
FOLLOWING = Following(TABLE, FOLLOW_SUIT)
NO_POINTS = Requirement(
    NO_POINTS_FIRST, forbidden=NON_POINTS & ~CLUBS, reason=SAY("no_points_first")
)
PLAYS = tuple(tuple(Event("play", seat=s, card=c) for c in FULL_DECK) for s in range(SEATS))


def pass_step(settings: Settings, number: int) -> int:
    """How many seats clockwise the match's hand ``number`` (from 0) passes to (0: no pass)."""
    return STEPS[number % len(STEPS)] if option(settings, PASS_CARDS) else 0


class HeartsHand(HandState):
    """One hand of Hearts. Beyond the base fields: ``step`` (the pass, seats clockwise; 0
    for none), ``dealt`` and ``passes`` (each seat's dealt and passed cards, None when not
    seen), ``passed`` (who has passed), ``broken`` (hearts may be led) and ``open_lead``
    (the holder of 2♣ is not known: any seat may lead it)."""

    DEAL_RULE = DEAL_RULE.id
    HAND_SIZE = HAND_SIZE
    PHASE_TITLES: ClassVar[dict[str, str]] = {PASSING: "Passing three cards"}

    def __init__(self, game: Game[Any], settings: Settings, dealer: int, number: int = 0) -> None:
        super().__init__(game, settings, dealer)
        self.table: TrickTable = TABLE
        self.counts = [HAND_SIZE] * SEATS
        self.step = pass_step(settings, number)
        self.no_points_first = option(settings, NO_POINTS_FIRST_TRICK)
        self.must_break = option(settings, MUST_BREAK_HEARTS)
        self.queen_breaks = option(settings, QUEEN_BREAKS_HEARTS)
        self.passed = [False] * SEATS
        self.passes: list[int | None] = [None] * SEATS
        self.played_by = [0] * SEATS
        self.broken = False
        self.open_lead = False
        if self.step:
            self.phase = PASSING
            self.to_act = (dealer + 1) % SEATS
        else:
            self._start_play()

    # -- facts --------------------------------------------------------------

    def receiver(self, seat: int) -> int:
        return (seat + self.step) % SEATS

    def giver(self, seat: int) -> int:
        return (seat - self.step) % SEATS

    @property
    def direction(self) -> str:
        """The pass in words: ``to the left``, ``to the right``, ``across``, or ``""``."""
        return DIRECTIONS.get(self.step, "")

    def holder(self, card: Card) -> int | None:
        """The seat the record shows holding ``card`` now, if any."""
        bit = 1 << card
        for seat, hand in enumerate(self.hands):
            if hand is not None and hand & bit:
                return seat
        if self.seen & bit:
            return None
        for seat, dealt in enumerate(self.dealt):
            if self.step and all(self.passed):
                got = self.passes[self.giver(seat)]
                if got is not None and got & bit:
                    return seat
            gave = self.passes[seat] if self.step else 0
            if dealt is not None and dealt & bit and gave is not None and not gave & bit:
                return seat
        return None

    # -- checks -------------------------------------------------------------

    def check(self, event: Event) -> list[Violation]:
        kind = event.kind
        if kind == "play":
            return self._check_play(event)
        if kind == "pass_cards":
            return self._check_pass(event)
        if kind == "deal":
            return self._check_deal(event)
        if kind == "claim":
            return self._check_claim(event)
        return self.unrecorded(event)

    def _check_play(self, event: Event) -> list[Violation]:
        found = self.check_play_basics(event)
        seat, card = event.seat, event.card
        if self.phase != PLAY or seat is None or card is None or not 0 <= seat < SEATS:
            return found
        leading = not self.current.cards
        if leading and not self.tricks:
            if self.open_lead:  # whoever holds 2♣ leads it
                found = [v for v in found if v.rule.id != "table.out-of-turn"]
            held = self.hands[seat]
            if card != TWO and not (held is not None and held >> TWO & 1):
                # certain at once: whoever holds 2♣ (the leader or another) leads it
                led = Note(SAY("led_with_two"))
                found.append(self._ruling(TWO_CLUBS.id, event, led))
        holder = self.holder(card)
        if self.hands[seat] is None and holder is not None and holder != seat:
            found.append(self._ruling("table.not-held", event, HeldBy(holder, (card,))))
        return found

    def _check_pass(self, event: Event) -> list[Violation]:
        if self.phase == OVER:
            return [self._ruling("table.hand-over", event, HAND_OVER)]
        if not self.step:
            why = Note(SAY("passing_off" if not option(self.settings, PASS_CARDS) else "hold_hand"))
            return [self._ruling(PASS_RULE.id, event, why)]
        if self.phase != PASSING:
            return [self._ruling("table.wrong-phase", event, Note(SAY("pass_over")))]
        seat = event.seat
        if seat is None or not 0 <= seat < SEATS:
            return [self._ruling("table.out-of-turn", event, NoSeat(seat, SEATS))]
        if self.passed[seat]:
            return [self._ruling(PASS_RULE.id, event, Turn(self._next_to_pass(), "pass"))]
        cards = event.cards
        mask = _mask_of(cards)
        if cards and (len(cards) != PASSED or mask.bit_count() != PASSED or mask & ~DECK):
            why = Note(SAY("three_cards", cards=cards))
            return [self._ruling(PASS_RULE.id, event, why)]
        found = []
        hand = self.hands[seat]
        if hand is not None and mask & ~hand:
            found.append(self._ruling("table.not-held", event, NotHeld(seat, _cards(mask & ~hand))))
        for card in cards:
            holder = self.holder(card)
            if hand is None and holder is not None and holder != seat:
                found.append(self._ruling("table.not-held", event, HeldBy(holder, (card,))))
        return found

    def _next_to_pass(self) -> int:
        return next(
            seat
            for step in range(1, SEATS + 1)
            if not self.passed[seat := (self.dealer + step) % SEATS]
        )

    def deal_conflicts(self, seat: int, mask: int) -> list[Evidence]:
        """Cards dealt to, passed or played by another seat; cards ``seat`` passed that are
        not among ``mask``, and cards it played that are not among ``mask`` nor received."""
        played = [
            0 if self._unseen_from(seat, other) else self.played_by[other] & ~self._received(other)
            for other in range(SEATS)
        ]
        why: list[Evidence] = [
            *held_elsewhere(seat, mask, self.dealt, "dealt"),
            *held_elsewhere(seat, mask, self.passes, "passed"),
            *held_elsewhere(seat, mask, played, "played"),
        ]
        gave = self.passes[seat] or 0
        if gave & ~mask:
            why.append(HeldBy(seat, _cards(gave & ~mask), "passed"))
        received = self._received(seat)
        missing = self.played_by[seat] & ~(mask | received)
        if missing and not self._unseen_from(self.giver(seat), seat):
            why.append(PlayedNotAmong(seat, _cards(missing)))
        return why

    def _unseen_from(self, giver: int, taker: int) -> bool:
        """Whether ``taker`` received cards from ``giver`` that the record does not show."""
        return (
            bool(self.step)
            and all(self.passed)
            and self.giver(taker) == giver
            and (self.passes[giver] is None)
        )

    def _received(self, seat: int) -> int:
        """The cards the record shows ``seat`` received in the pass."""
        if not self.step or not all(self.passed):
            return 0
        return self.passes[self.giver(seat)] or 0

    # -- advancing ----------------------------------------------------------

    def apply(self, event: Event) -> None:
        kind = event.kind
        if kind == "play":
            seat, card = event.seat, event.card
            if seat is None or card is None:
                raise EventError("a play names its seat and its card")
            if HEARTS >> card & 1 or (card == QUEEN and self.queen_breaks):
                self.broken = True
            self.played_by[seat] |= 1 << card
            if self.open_lead and not self.tricks and not self.current.cards:
                self.current.leader = seat
                self.open_lead = False
            self.play_card(seat, card)
        elif kind == "pass_cards":
            self._pass(event.seat_required(), _mask_of(event.cards) if event.cards else None)
        elif kind == "deal":
            seat = event.seat_required()
            self.dealt[seat] = _mask_of(event.cards)
            self._refresh(seat)
            if self.phase == PLAY and not self.tricks and not self.current.cards:
                self._start_play()
        elif kind == "claim":
            self._claim(event.seat_required())
        else:
            raise ValueError(f"Hearts cannot apply a {kind!r} event")

    def _pass(self, seat: int, cards: int | None) -> None:
        self.passed[seat] = True
        self.passes[seat] = cards
        self.counts[seat] -= PASSED
        self._refresh(seat)
        if not all(self.passed):
            self.to_act = self._next_to_pass()
            return
        for other in range(SEATS):
            self.counts[other] += PASSED
            self._refresh(other)
        self._start_play()

    def _refresh(self, seat: int) -> None:
        """The seat's hand from its deal, less what it passed, with what it received once
        every pass is made, less what it played; None where a part is not on record."""
        hand = self.dealt[seat]
        if hand is not None and self.step and self.passed[seat]:
            gave = self.passes[seat]
            hand = None if gave is None else hand & ~gave
        if hand is not None and self.step and all(self.passed):
            got = self.passes[self.giver(seat)]
            hand = None if got is None else hand | got
        self.hands[seat] = None if hand is None else hand & ~self.played_by[seat]

    def _start_play(self) -> None:
        """Play begins with the holder of 2♣, or, not knowing who, with whoever leads it."""
        holder = self.holder(TWO)
        self.open_lead = holder is None
        self.start_play((self.dealer + 1) % SEATS if holder is None else holder)

    def _claim(self, seat: int) -> None:
        """The claiming seat takes every trick not yet complete, with every card in them."""
        taken = 0
        for captured in self.captured:
            taken |= captured
        self.captured[seat] |= DECK & ~taken
        claim(self, seat, seat, TRICKS)

    def trick_complete(self, trick: Trick) -> None:
        if len(self.tricks) == TRICKS:
            self._end()

    def _end(self) -> None:
        self.phase = OVER
        self.to_act = None

    # -- what a play demands ------------------------------------------------

    def requirements(self, seat: int, card: Card) -> tuple[Requirement, ...]:
        cards = self.current.cards
        if not cards:
            if not self.tricks:  # a known hand holding 2♣ leads it; the rest is ruled at once
                held = self.hands[seat]
                known = held is not None and held >> TWO & 1
                return LEAD_TWO if card != TWO and known else ()
            if self.must_break and not self.broken and HEARTS >> card & 1:
                return LEAD_HEART
            return ()
        follow = FOLLOWING.requirements(cards[0], card)
        if follow and not self.tricks and self.no_points_first and POINT_CARDS >> card & 1:
            return (*follow, NO_POINTS)
        return follow

    def legal_plays(self, seat: int, hand: int) -> int:
        cards = self.current.cards
        if not cards:
            if not self.tricks:
                return hand & 1 << TWO or hand
            if self.must_break and not self.broken:
                return hand & ~HEARTS or hand
            return hand
        follow = hand & FOLLOWING.led_cards(cards[0])
        if follow:
            return follow
        if not self.tricks and self.no_points_first:
            return hand & NON_POINTS or hand
        return hand

    def possible_cards(self, seat: int) -> int:
        """The cards ``seat`` may hold, as far as the record shows."""
        hand = self.hands[seat]
        if hand is not None:
            return hand
        return _mask_of(
            card for card in cards_in(DECK & ~self.seen) if self.holder(card) in (None, seat)
        )

    # -- choices ------------------------------------------------------------

    def legal_events(self) -> list[Event]:
        seat = self.to_act
        if seat is None:
            return []
        hand = self.hands[seat]
        if self.phase == PASSING:
            if hand is None:
                return [Event("pass_cards", seat=seat)]
            return [
                Event("pass_cards", seat=seat, cards=three)
                for three in combinations(cards_in(hand), 3)
            ]
        if hand is not None:
            cards = self.legal_plays(seat, hand)
        elif not self.tricks and not self.current.cards:
            cards = 1 << TWO
        else:
            cards = self.possible_cards(seat)
        return [PLAYS[seat][card] for card in cards_in(cards)]

    def seats_to_play(self) -> tuple[int, ...]:
        """The first lead, its holder unknown: any seat may lead 2♣ (the seat to act first)."""
        in_turn = super().seats_to_play()
        if not (self.open_lead and in_turn):
            return in_turn
        return tuple((in_turn[0] + step) % SEATS for step in range(SEATS))

    # -- what the table shows -----------------------------------------------

    def phase_title(self) -> str:
        if self.phase == PASSING:
            return f"Passing three cards {self.direction}"
        return super().phase_title()

    def table_note(self) -> str:
        parts = [f"Pass {self.direction}" if self.step else "No pass"]
        if self.phase == PLAY and self.must_break:
            parts.append("Hearts broken" if self.broken else "Hearts not broken")
        return " · ".join(parts)


def _cards(mask: int) -> tuple[Card, ...]:
    return tuple(cards_in(mask))
