"""One hand of Euchre as a phase machine: the deal and upcard, the bidding (order up,
name trump, going alone), the dealer's discard, defending alone, and the play.

Hands may be known (``deal`` events, at any time, with the five cards dealt) or not.
The dealer always picks up an ordered-up card and discards, even when the partner
goes alone. When the dealer's discard was not seen, a dealer's hand recorded later
is known only up to that card, so it is treated as unknown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from scorekeeper.cards import Card, Rank, Suit, cards_in, mask_of
from scorekeeper.events import Event, EventError
from scorekeeper.evidence import (
    DealerDiscards,
    Evidence,
    HeldBy,
    NoSeat,
    Note,
    PlayedNotAmong,
    Turn,
)
from scorekeeper.games.base import (
    HAND_OVER,
    Game,
    HandState,
    Requirement,
    Settings,
    Trick,
    Violation,
)
from scorekeeper.games.euchre.phrases import SAY
from scorekeeper.games.euchre.rulebook import DEFEND_ALONE, KATA, RULES, STICK_THE_DEALER
from scorekeeper.games.euchre.tables import (
    DECK_MASK,
    FOLLOWING,
    TABLES,
    lower_than,
    lowest_cards,
)
from scorekeeper.games.tricks import Following, claim, held_elsewhere
from scorekeeper.phrases import Phrase

DEAL = "deal"
ORDER = "order-up"
NAME = "name-trump"
DISCARD = "discard"
DEFEND = "defend-alone"
PLAY = HandState.PLAY
OVER = HandState.OVER
TRICKS = 5
SEATS = 4
T = TypeVar("T")

_AWAITING = {
    phase: Note(SAY(f"awaiting_{name}"))
    for phase, name in (
        (DEAL, "deal"),
        (ORDER, "order"),
        (NAME, "name"),
        (DISCARD, "discard"),
        (DEFEND, "defend"),
        (PLAY, "play"),
    )
}
"""What the hand awaits in each phase, for an event that comes out of its order."""
_NOT_ALONE = Note(SAY("kata_not_alone"))

# Events a seat may record, built once (events are immutable).
PLAYS = tuple(tuple(Event("play", seat=s, card=c) for c in Card._all) for s in range(SEATS))
PASSES = tuple(Event("pass", seat=s) for s in range(SEATS))
ORDER_UPS = tuple(
    (Event("order_up", seat=s), Event("order_up", seat=s, alone=True)) for s in range(SEATS)
)
NAMES = tuple(
    tuple(
        (Event("name_trump", seat=s, suit=t), Event("name_trump", seat=s, suit=t, alone=True))
        for t in Suit
    )
    for s in range(SEATS)
)
DISCARDS = tuple(Event("discard", card=c) for c in Card._all)
UNSEEN_DISCARD = Event("discard")
AFTER_DISCARD = frozenset(("play", "call", "claim"))
"""What may follow the dealer's discard: recorded without a discard, it was unseen."""
KATA_DISCARD = RULES["euchre.bidding.kata-lowest-discard"]
DEFEND_CALLS = tuple(Event("call", seat=s, value="alone") for s in range(SEATS))


class EuchreHand(HandState):
    """The state of one Euchre hand. Beyond the base fields: ``upcard``, ``round`` (1 or
    2), ``maker``, ``trump``, ``alone``, ``defender_alone`` (a seat or None), ``discard``
    (None when unseen), ``dealt`` (the five cards dealt per seat, when known) and
    ``claimed_by``."""

    DEAL_RULE = "euchre.deal.hands"
    SITS_OUT_RULE = "euchre.play.sits-out"
    HAND_SIZE = TRICKS
    PHASE_TITLES: ClassVar[dict[str, str]] = {
        DEAL: "Deal: enter the card turned up",
        ORDER: "Bidding: order up or pass",
        NAME: "Second round: name trump or pass",
        DISCARD: "The dealer discards",
        DEFEND: "Defending alone?",
    }

    def __init__(self, game: Game[Any], settings: Settings, dealer: int) -> None:
        super().__init__(game, settings, dealer)
        self.phase = DEAL
        self.counts = [TRICKS] * SEATS
        self.kata = settings.preset == KATA
        self.stick = bool(settings.get(STICK_THE_DEALER))
        self.defend_option = bool(settings.get(DEFEND_ALONE)) and not self.kata
        self.upcard: Card | None = None
        self.round = 1
        self.maker: int | None = None
        self.trump: Suit | None = None
        self.alone = False
        self.defender_alone: int | None = None
        self.discarded = False
        self.discard: Card | None = None
        self.following: Following | None = None  # once trump is made

    # -- facts ------------------------------------------------------------------

    @property
    def makers(self) -> int | None:
        """The makers' side (0 for seats 1 & 3, 1 for seats 2 & 4), None before trump."""
        return None if self.maker is None else self.maker % 2

    @property
    def turned_up(self) -> Card:
        """The upcard, recorded in every phase after the deal."""
        return _known(self.upcard, "the upcard is not recorded yet")

    @property
    def trump_suit(self) -> Suit:
        """Trump, made in every phase after the bidding."""
        return _known(self.trump, "trump is not made yet")

    @property
    def maker_seat(self) -> int:
        """The seat that made trump, in every phase after the bidding."""
        return _known(self.maker, "trump is not made yet")

    @property
    def picked_up(self) -> bool:
        """The dealer took the upcard into the hand."""
        return self.maker is not None and self.round == 1

    def side_tricks(self, side: int) -> int:
        return self.taken[side] + self.taken[side + 2]

    def played_by(self, seat: int) -> int:
        """The cards ``seat`` has played this hand."""
        mask = 0
        for trick in (*self.tricks, self.current):
            if trick is not None:
                for played, card in zip(trick.seats, trick.cards, strict=True):
                    if played == seat:
                        mask |= 1 << card
        return mask

    def _last_round(self) -> bool:
        return self.phase == NAME or (self.phase == ORDER and self.kata)

    # -- rulings ----------------------------------------------------------------

    def _bad_seat(self, event: Event, rule_id: str = "table.out-of-turn") -> list[Violation]:
        seat = event.seat
        if seat is None:
            return [self._ruling(rule_id, event, NoSeat(None, SEATS))]
        if not 0 <= seat < SEATS:
            return [self._ruling(rule_id, event, NoSeat(seat, SEATS))]
        return []

    def _guard(self, event: Event, *phases: str) -> list[Violation]:
        """Phase, seat and turn: the checks every bidding event shares."""
        if self.phase in phases and event.seat == self.to_act:
            return []  # the common case: in phase and in turn (a seat to act is a real seat)
        if self.phase == OVER:
            return [self._ruling("table.hand-over", event, HAND_OVER)]
        if self.phase not in phases:
            return [self._ruling("table.wrong-phase", event, _AWAITING[self.phase])]
        found = self._bad_seat(event)
        if not found and self.to_act is not None and event.seat != self.to_act:
            found.append(self._ruling("table.out-of-turn", event, Turn(self.to_act)))
        return found

    def check(self, event: Event) -> list[Violation]:
        if self.phase == DISCARD and event.kind in AFTER_DISCARD:
            after = self.copy()  # the dealer discarded unseen: the file leaves it out
            after.apply(UNSEEN_DISCARD)
            return after.check(event)
        checker = _CHECKS.get(event.kind)
        if checker is None:
            return self.unrecorded(event)
        return checker(self, event)

    def deal_conflicts(self, seat: int, mask: int) -> list[Evidence]:
        """Cards dealt or played elsewhere, the upcard, the dealer's discard, and cards
        ``seat`` played that are not among ``mask``."""
        why: list[Evidence] = [*held_elsewhere(seat, mask, self.dealt, "dealt")]
        started = self.phase == PLAY or self.phase == OVER
        if started:
            played = [self.played_by(other) for other in range(SEATS)]
            why += held_elsewhere(seat, mask, played, "played")
        upcard = self.upcard
        if upcard is not None and mask >> upcard & 1:
            why.append(Note(SAY("is_upcard", card=upcard)))
        taken_up = upcard is not None and seat == self.dealer and self.picked_up
        own = mask | (1 << upcard if taken_up and upcard is not None else 0)
        missing = self.played_by(seat) & ~own if started else 0
        if missing:
            why.append(PlayedNotAmong(seat, tuple(cards_in(missing))))
        if self.discard is not None:
            if seat == self.dealer and not own >> self.discard & 1:
                why.append(Note(SAY("discard_not_among", card=self.discard)))
            if seat != self.dealer and mask >> self.discard & 1:
                why.append(Note(SAY("was_discarded", card=self.discard)))
        return why

    def _check_upcard(self, event: Event) -> list[Violation]:
        if self.phase != DEAL:
            already = Note(SAY("upcard_already", card=self.upcard))
            return [self._ruling("table.wrong-phase", event, already)]
        card = event.card
        if card is None:
            return [self._ruling("euchre.deal.hands", event, Note(SAY("upcard_no_card")))]
        if not DECK_MASK >> card & 1:
            return [self._ruling("table.not-in-deck", event, self.not_in_deck(card))]
        for seat, dealt in enumerate(self.dealt):
            if dealt is not None and dealt >> card & 1:
                return [self._ruling("euchre.deal.hands", event, HeldBy(seat, (card,)))]
        return []

    def _check_pass(self, event: Event) -> list[Violation]:
        found = self._guard(event, ORDER, NAME, DEFEND)
        if not found and self.stick and event.seat == self.dealer and self._last_round():
            found.append(
                self._ruling(
                    "euchre.bidding.stick-the-dealer",
                    event,
                    Note(SAY("dealer_must_make")),
                )
            )
        return found

    def _check_order_up(self, event: Event) -> list[Violation]:
        if self.phase == NAME:
            return [
                self._ruling(
                    "euchre.bidding.order-up",
                    event,
                    Note(SAY("name_another", card=self.upcard)),
                )
            ]
        found = self._guard(event, ORDER)
        if not found and event.alone and self.kata:
            found.append(self._ruling("euchre.bidding.alone", event, _NOT_ALONE))
        return found

    def _check_name_trump(self, event: Event) -> list[Violation]:
        if self.kata and self.phase == ORDER:
            return [
                self._ruling(
                    "euchre.bidding.second-round",
                    event,
                    Note(SAY("kata_one_round")),
                )
            ]
        found = self._guard(event, NAME)
        if found:
            return found
        if event.suit is None:
            name_one = Note(SAY("name_a_suit"))
            found.append(self._ruling("euchre.bidding.second-round", event, name_one))
        elif event.suit == self.turned_up.suit:
            found.append(
                self._ruling(
                    "euchre.bidding.second-round",
                    event,
                    Note(SAY("suit_turned_down", suit=event.suit, card=self.upcard)),
                )
            )
        if event.alone and self.kata:
            found.append(self._ruling("euchre.bidding.alone", event, _NOT_ALONE))
        return found

    def _check_discard(self, event: Event) -> list[Violation]:
        if self.phase == OVER:
            return [self._ruling("table.hand-over", event, HAND_OVER)]
        if self.phase != DISCARD:
            return [self._ruling("table.wrong-phase", event, _AWAITING[self.phase])]
        if event.seat is not None and event.seat != self.dealer:
            return [self._ruling("table.out-of-turn", event, DealerDiscards(self.dealer))]
        card, hand = event.card, self.hands[self.dealer]
        if card is None:  # unseen: the dealer's hand is then known only up to this card
            return []
        if not DECK_MASK >> card & 1:
            return [self._ruling("table.not-in-deck", event, self.not_in_deck(card))]
        if self.seen >> card & 1:
            return [self._ruling("table.already-played", event, self.seen_before(card))]
        if hand is not None and not hand >> card & 1:
            return [
                self._ruling("table.not-held", event, Note(SAY("not_in_dealers_hand", card=card)))
            ]
        if self.kata and hand is not None:
            lowest = lowest_cards(self.trump_suit, hand)
            if not lowest >> card & 1:
                why = Note(SAY("lowest_held", cards=cards_in(lowest)))
                return [self.violation(KATA_DISCARD.id, self.dealer, card, why)]
        elif self.kata and self._upcard_is_lower(card):
            why = Note(SAY("upcard_lower", upcard=self.upcard, card=card))
            return [self.violation(KATA_DISCARD.id, self.dealer, card, why)]
        return []

    def _upcard_is_lower(self, card: Card) -> bool:
        """The upcard the dealer picked up shows ``card`` is not the lowest card held."""
        up, trump = self.upcard, self.trump
        if up is None or trump is None:
            return False
        return not lowest_cards(trump, 1 << card | 1 << up) >> card & 1

    def kept_requirements(self, event: Event) -> tuple[int, tuple[Requirement, ...]] | None:
        """The kata, the dealer's hand hidden: a seen discard that the upcard does not
        already show is not the lowest forbids every lower card; the dealer playing one
        later proves the discard wrong."""
        card, up, trump = event.card, self.upcard, self.trump
        if (
            event.kind != "discard"
            or card is None
            or up is None
            or trump is None
            or not self.kata
            or self.phase != DISCARD
            or self.hands[self.dealer] is not None
            or self._upcard_is_lower(card)
        ):
            return None
        lower = lower_than(trump, card) & ~(1 << up)
        return self.dealer, (
            Requirement(KATA_DISCARD, forbidden=lower, reason=SAY("lowest_discard")),
        )

    def _check_call(self, event: Event) -> list[Violation]:
        found = self._guard(event, DEFEND)
        if not found and event.value != "alone":
            found.append(
                self._ruling(
                    "euchre.bidding.defend-alone",
                    event,
                    Note(SAY("alone_only", value=event.value)),
                )
            )
        return found

    # -- advancing ----------------------------------------------------------------

    def apply(self, event: Event) -> None:
        if self.phase == DISCARD and event.kind in AFTER_DISCARD:
            self._apply_discard(UNSEEN_DISCARD)
        if event.kind == "play":
            seat, card = event.seat, event.card
            if seat is None or card is None:
                raise EventError("a play names its seat and its card")
            self.play_card(seat, card)
        else:
            _APPLY[event.kind](self, event)

    def _refresh_hand(self, seat: int) -> None:
        hand = self.dealt[seat]
        if hand is None:
            return
        if seat == self.dealer and self.picked_up:
            if self.discarded and self.discard is None:
                self.hands[seat] = None
                return
            hand |= 1 << self.turned_up
            if self.discard is not None:
                hand &= ~(1 << self.discard)
        if self.phase == PLAY or self.phase == OVER:
            hand &= ~self.played_by(seat)
        self.hands[seat] = hand

    def _apply_deal(self, event: Event) -> None:
        seat = event.seat_required()
        self.dealt[seat] = mask_of(event.cards)
        self._refresh_hand(seat)

    def _apply_upcard(self, event: Event) -> None:
        self.upcard = card = event.card_required()
        self.seen |= 1 << card
        self.phase = ORDER
        self.to_act = (self.dealer + 1) % SEATS

    def _apply_pass(self, event: Event) -> None:
        seat = event.seat_required()
        if self.phase == DEFEND:
            maker = self.maker_seat
            if seat == (maker + 1) % SEATS:
                self.to_act = (maker + 3) % SEATS
            else:
                self._start()
        elif seat != self.dealer:
            self.to_act = (seat + 1) % SEATS
        elif self.phase == ORDER and not self.kata:
            self.phase = NAME
            self.round = 2
            self.to_act = (self.dealer + 1) % SEATS
        else:
            self.phase = OVER
            self.to_act = None

    def _make(self, seat: int, trump: Suit, alone: bool) -> None:
        self.maker = seat
        self.trump = trump
        self.alone = alone
        self.table = TABLES[trump]
        self.following = FOLLOWING[trump]
        if alone:
            self.active[(seat + 2) % SEATS] = False

    def card_title(self, card: Card) -> str:
        trump = self.trump
        if trump is None or card.rank != Rank.JACK:
            return ""
        return (
            "right bower"
            if card.suit == trump
            else ("left bower" if card.suit == trump.same_colour else "")
        )

    def _apply_order_up(self, event: Event) -> None:
        upcard = self.turned_up
        self._make(event.seat_required(), upcard.suit, event.alone)
        up = 1 << upcard
        self.seen &= ~up
        self.counts[self.dealer] += 1
        hand = self.hands[self.dealer]
        if hand is not None:
            self.hands[self.dealer] = hand | up
        self.phase = DISCARD
        self.to_act = self.dealer

    def _apply_name_trump(self, event: Event) -> None:
        if event.suit is None:
            raise EventError("naming trump names a suit")
        self._make(event.seat_required(), event.suit, event.alone)
        self._after_bidding()

    def _apply_discard(self, event: Event) -> None:
        self.discarded = True
        self.discard = event.card
        self.counts[self.dealer] -= 1
        hand = self.hands[self.dealer]
        if event.card is None:
            self.hands[self.dealer] = None
        else:
            self.seen |= 1 << event.card
            if hand is not None:
                self.hands[self.dealer] = hand & ~(1 << event.card)
        self._after_bidding()

    def _after_bidding(self) -> None:
        if self.alone and self.defend_option:
            self.phase = DEFEND
            self.to_act = (self.maker_seat + 1) % SEATS
        else:
            self._start()

    def _apply_call(self, event: Event) -> None:
        self.defender_alone = seat = event.seat_required()
        self.active[(seat + 2) % SEATS] = False
        self._start()

    def _start(self) -> None:
        self.start_play(self.next_active(self.dealer))

    def _apply_claim(self, event: Event) -> None:
        """The claiming side takes every trick not yet complete; Euchre cards carry no
        points, so the unplayed cards (and an unfinished trick) count for nobody."""
        seat = event.seat_required()
        claim(self, seat, seat if self.active[seat] else (seat + 2) % SEATS, TRICKS)

    def trick_complete(self, trick: Trick) -> None:
        if len(self.tricks) == TRICKS:
            self.phase = OVER
            self.to_act = None

    def seat_roles(self, seat: int) -> tuple[str, ...]:
        roles = []
        if self.maker == seat:
            roles.append("maker alone" if self.alone else "maker")
        if self.defender_alone == seat:
            roles.append("defends alone")
        return tuple(roles)

    def table_note(self) -> str:
        parts = []
        if self.upcard is not None:
            parts.append(f"Upcard {self.upcard}")
        if self.trump is not None:
            parts.append(f"Trump {self.trump.symbol}")
        return " · ".join(parts)

    def where_seen(self, card: Card) -> Phrase:
        if card == self.upcard and not self.picked_up:
            return SAY("turned_up" if self.maker is None and self.round == 1 else "turned_down")
        if card == self.discard:
            return SAY("discarded")
        return super().where_seen(card)

    # -- play rules ---------------------------------------------------------------

    def requirements(self, seat: int, card: Card) -> tuple[Requirement, ...]:
        cards, following = self.current.cards, self.following
        if self.phase != PLAY or not cards or following is None:
            return ()
        return following.requirements(cards[0], card)

    def legal_plays(self, seat: int, hand: int) -> int:
        cards, following = self.current.cards, self.following
        if self.phase != PLAY or following is None:
            return 0
        if not cards:
            return hand
        return following.plays(hand, cards[0])

    def possible_cards(self, seat: int) -> int:
        """The cards ``seat`` may hold, as far as the record shows."""
        hand = self.hands[seat]
        if hand is not None:
            return hand
        dealt = self.dealt[seat]
        if dealt is not None:  # the dealer, whose discard was not seen
            return (dealt | 1 << self.turned_up) & ~self.seen
        elsewhere = self.seen
        for other, other_dealt in enumerate(self.dealt):
            if other != seat and other_dealt is not None:
                elsewhere |= other_dealt
        if self.picked_up and seat != self.dealer:
            elsewhere |= 1 << self.turned_up
        return DECK_MASK & ~elsewhere

    def legal_events(self) -> list[Event]:
        """The choices of the seat to act. A claim is a shortcut, never offered here.
        With an unknown hand, every card the seat may hold is offered."""
        phase, seat = self.phase, self.to_act
        if seat is None:  # before the upcard, and once the hand is over
            return []
        if phase == PLAY:
            hand = self.hands[seat]
            cards = self.possible_cards(seat) if hand is None else self.legal_plays(seat, hand)
            plays = PLAYS[seat]
            events = []
            while cards:
                low = cards & -cards
                events.append(plays[low.bit_length() - 1])
                cards ^= low
            return events
        if phase == ORDER:
            return [PASSES[seat], *ORDER_UPS[seat][: 1 if self.kata else 2]]
        if phase == NAME:
            passing = [] if self.stick and seat == self.dealer else [PASSES[seat]]
            return passing + [
                event for suit in Suit if suit != self.turned_up.suit for event in NAMES[seat][suit]
            ]
        if phase == DISCARD:
            hand = self.hands[self.dealer]
            if hand is None:
                return [UNSEEN_DISCARD]
            allowed = lowest_cards(self.trump_suit, hand) if self.kata else hand
            return [DISCARDS[c] for c in cards_in(allowed)]
        if phase == DEFEND:
            return [PASSES[seat], DEFEND_CALLS[seat]]
        return []


def _known(value: T | None, missing: str) -> T:
    """``value``, which the phase of the hand has settled; ``missing`` says why not."""
    if value is None:
        raise ValueError(missing)
    return value


_CHECKS: dict[str, Callable[[EuchreHand, Event], list[Violation]]] = {
    "deal": EuchreHand._check_deal,
    "upcard": EuchreHand._check_upcard,
    "pass": EuchreHand._check_pass,
    "order_up": EuchreHand._check_order_up,
    "name_trump": EuchreHand._check_name_trump,
    "discard": EuchreHand._check_discard,
    "call": EuchreHand._check_call,
    "play": EuchreHand.check_play_basics,
    "claim": EuchreHand._check_claim,
}
_APPLY: dict[str, Callable[[EuchreHand, Event], None]] = {
    "deal": EuchreHand._apply_deal,
    "upcard": EuchreHand._apply_upcard,
    "pass": EuchreHand._apply_pass,
    "order_up": EuchreHand._apply_order_up,
    "name_trump": EuchreHand._apply_name_trump,
    "discard": EuchreHand._apply_discard,
    "call": EuchreHand._apply_call,
    "claim": EuchreHand._apply_claim,
}
