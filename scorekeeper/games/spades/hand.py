"""One hand of Spades: bidding, the blind-nil exchange and 13 tricks, with the play rules
as requirements on the hand a card came from."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any, ClassVar, cast

from scorekeeper.cards import FULL_DECK, SUIT_MASKS, Card, Suit, cards_in, mask_of
from scorekeeper.events import Event, EventError
from scorekeeper.evidence import (
    Evidence,
    HeldBy,
    NoSeat,
    Note,
    NotHeld,
    PartnerBid,
    PlayedNotAmong,
    SideTrails,
    Turn,
)
from scorekeeper.games.base import (
    HAND_OVER,
    TABLE_SAY,
    TRUMP,
    Game,
    HandState,
    Requirement,
    Settings,
    Trick,
    TrickTable,
    Violation,
)
from scorekeeper.games.spades.phrases import SAY
from scorekeeper.games.spades.rulebook import (
    BID_RANGE,
    BLIND_NIL,
    CLASSIC,
    DEAL_RULE,
    DOUBLE_NIL,
    DOUBLE_NIL_OPTION,
    EXCHANGE_RULE,
    FIRST_NO_SPADE,
    FOLLOW_SUIT,
    LOWEST_CLUB,
    MUST_TRUMP,
    OVERTRUMP,
    PLAY_HIGHER,
    SIDE_CONTRACT,
    SPADES_BROKEN,
    lowest_club_opens,
)
from scorekeeper.games.spades.scoring import deficit, scoring_for
from scorekeeper.games.tricks import Following, claim, held_elsewhere
from scorekeeper.trick_won import TrickWon

SEATS = 4
HAND_SIZE = 13
TRICKS = 13
MAX_BID = 13
BLIND_NIL_DEFICIT = 100
EXCHANGE_CARDS = 2

BIDDING = "bidding"
EXCHANGE = "exchange"
PLAY = HandState.PLAY

CLUBS = SUIT_MASKS[Suit.CLUBS]
RED = SUIT_MASKS[Suit.DIAMONDS] | SUIT_MASKS[Suit.HEARTS]
SPADES = SUIT_MASKS[Suit.SPADES]
NON_SPADES = CLUBS | RED
FIRST_SPADE = Suit.SPADES * 13  # cards at or above this index are spades

# ---------------------------------------------------------------------------
# Tables, built once
# ---------------------------------------------------------------------------

SPADES_TABLE = TrickTable(
    FULL_DECK,
    lambda card: TRUMP if card.suit == Suit.SPADES else int(card.suit),
    lambda card: int(card.rank),
    lambda card: 0,
)
FIRST_TRICK_TABLE = TrickTable(
    FULL_DECK,
    lambda card: TRUMP if card.suit == Suit.CLUBS else int(card.suit),
    lambda card: int(card.rank),
    lambda card: 0,
)
"""Classic trick 1: the highest club wins whatever was led, and spades do not trump."""

ABOVE = tuple(
    SUIT_MASKS[card // 13] & ~((1 << (card + 1)) - 1) for card in range(52)
)  # the cards of the same suit ranking above each card


def _first_trick_requirements(card: Card) -> tuple[Requirement, ...]:
    lowest = Requirement(
        LOWEST_CLUB, forbidden=CLUBS & ((1 << card) - 1), reason=SAY("lowest_club")
    )
    if card.suit == Suit.CLUBS:
        return (lowest,) if lowest.forbidden else ()
    any_club = replace(lowest, forbidden=CLUBS)
    if card.suit != Suit.SPADES:
        return (any_club,)
    return (
        any_club,
        Requirement(FIRST_NO_SPADE, forbidden=RED, reason=SAY("heart_or_diamond")),
    )


FIRST_TRICK_REQUIREMENTS = tuple(_first_trick_requirements(card) for card in FULL_DECK)
LEAD_REQUIREMENTS = tuple(
    (Requirement(SPADES_BROKEN, forbidden=NON_SPADES, reason=SAY("spades_not_broken")),)
    if card >= FIRST_SPADE
    else ()
    for card in FULL_DECK
)
FOLLOWING = Following(SPADES_TABLE, FOLLOW_SUIT, trump_word="spades")
MUST_TRUMP_REQUIREMENT = Requirement(MUST_TRUMP, forbidden=SPADES, reason=SAY("must_trump"))

PLAY_EVENTS = tuple(
    tuple(Event("play", seat=seat, card=card) for card in FULL_DECK) for seat in range(SEATS)
)
_ONE_SUIT_PLAYS: list[dict[int, tuple[Event, ...]]] = [{} for _ in range(SEATS)]


def play_events(seat: int, cards: int) -> list[Event]:
    """The play events of ``seat`` for a mask of cards. Sets within one suit (every
    follow) are remembered: at most 4 × 8192 of them per seat."""
    remembered = _ONE_SUIT_PLAYS[seat]
    known = remembered.get(cards)
    if known is not None:
        return list(known)
    events = PLAY_EVENTS[seat]
    found: list[Event] = []
    rest = cards
    while rest:
        low = rest & -rest
        found.append(events[low.bit_length() - 1])
        rest ^= low
    if ((cards & -cards).bit_length() - 1) // 13 == (cards.bit_length() - 1) // 13:
        remembered[cards] = tuple(found)
    return found


BID_EVENTS = tuple(
    tuple(Event("bid", seat=seat, value=value) for value in range(MAX_BID + 1))
    for seat in range(SEATS)
)
BLIND_NIL_EVENTS = tuple(Event("bid", seat=seat, value=0, blind=True) for seat in range(SEATS))
CONTRACT_EVENTS = tuple(
    tuple(Event("contract", seat=seat, value=value) for value in range(1, MAX_BID + 1))
    for seat in range(SEATS)
)


# ---------------------------------------------------------------------------
# The hand
# ---------------------------------------------------------------------------


class SpadesHand(HandState):
    """One hand of Spades: bidding, the blind-nil exchange, then 13 tricks."""

    DEAL_RULE = DEAL_RULE.id
    HAND_SIZE = HAND_SIZE
    DEAL_ONCE = True

    PHASE_TITLES: ClassVar[dict[str, str]] = {
        BIDDING: "Bidding",
        EXCHANGE: "Blind nil: partners exchange two cards",
    }

    def seat_roles(self, seat: int) -> tuple[str, ...]:
        bid = self.bids[seat]
        if bid is None:
            return ()
        if bid == 0:
            return ("blind nil" if self.blind[seat] else "nil",)
        return (f"bid {bid}",)

    def __init__(
        self, game: Game[Any], settings: Settings, dealer: int, standing: Sequence[int] | None
    ) -> None:
        super().__init__(game, settings, dealer)
        self.scoring = scoring_for(settings)
        self.cutthroat = self.scoring.cutthroat
        self.side_contracts = settings.preset == CLASSIC and not self.cutthroat
        """One contract per side, the non-dealing side first (the spec's classic bidding)."""
        self.per_player = False  # a classic hand recorded with per-player bids (older files)
        self.bidding_side = (dealer + 1) % 2
        self.lowest_club = lowest_club_opens(settings)
        self.double_nil = settings.get(DOUBLE_NIL_OPTION)
        sides = len(self.scoring.sides)
        self.standing = tuple(standing) if standing is not None else (0,) * sides
        if len(self.standing) != sides:
            raise ValueError(f"standing needs {sides} side totals, got {len(self.standing)}")
        self.phase = BIDDING
        self.to_act = (dealer + 1) % SEATS
        self.table: TrickTable = SPADES_TABLE  # spades are trump from the deal on
        self.counts = [HAND_SIZE] * SEATS
        self.bids: list[int | None] = [None] * SEATS
        self.blind = [False] * SEATS
        self.exchange_order: list[int] = []  # passing seats still to pass
        self.exchanges: list[tuple[int, int, int | None]] = []  # giver, taker, cards if seen
        self.played_by = [0] * SEATS  # mask of each seat's plays
        self.broken = False

    # -- checks -----------------------------------------------------------

    def check(self, event: Event) -> list[Violation]:
        kind = event.kind
        if kind == "play":
            seat, card = event.seat, event.card
            if (
                self.phase == PLAY
                and seat == self.to_act
                and seat is not None
                and card is not None
                and not self.seen >> card & 1
            ):
                hand = self.hands[seat]
                if hand is not None:
                    if hand >> card & 1:
                        return []
                elif self.dealt == [None] * SEATS or self._held_elsewhere(seat, card) is None:
                    return []
            return self._check_play(event)
        if kind == "bid":
            return self._check_bid(event)
        if kind == "contract":
            return self._check_contract(event)
        if kind == "exchange":
            return self._check_exchange(event)
        if kind == "deal":
            return self._check_deal(event)
        if kind == "claim":
            return self._check_claim(event)
        return self.unrecorded(event)

    def _phase_ruling(self, event: Event, wanted: str) -> list[Violation]:
        """An event out of its phase: ``wanted`` names the phrase of the phase it belongs to."""
        if self.phase == self.OVER:
            return [self._ruling("table.hand-over", event, HAND_OVER)]
        said = SAY(wanted, kind=event.kind, phase=self.phase_title())
        return [self._ruling("table.wrong-phase", event, Note(said))]

    def _turn_ruling(self, event: Event) -> list[Violation]:
        if event.seat == self.to_act:
            return []
        return [self._ruling("table.out-of-turn", event, Turn(self._seat_to_act()))]

    def _seat_to_act(self) -> int:
        """The seat to act, in the bidding or the exchange (where there always is one)."""
        seat = self.to_act
        assert seat is not None, f"nobody acts in {self.phase}"
        return seat

    def _held_elsewhere(self, seat: int, card: int) -> int | None:
        """The other seat whose known hand holds ``card``, if any."""
        if self.dealt == [None] * SEATS:
            return None
        for other, hand in enumerate(self.hands):
            if other != seat and hand is not None and hand >> card & 1:
                return other
        return None

    def _check_play(self, event: Event) -> list[Violation]:
        seat, card = event.seat, event.card
        if card is None:
            return [self._ruling("table.not-in-deck", event, Note(TABLE_SAY("no_card")))]
        if seat is None or not 0 <= seat < SEATS:
            return [self._ruling("table.out-of-turn", event, NoSeat(seat, SEATS))]
        found = self.check_play_basics(event)
        if self.table is FIRST_TRICK_TABLE and self.current.card_of(seat) is None:
            # "It doesn't matter who leads to the first trick": any seat order
            found = [v for v in found if v.rule.id != "table.out-of-turn"]
        other = self._held_elsewhere(seat, card)
        if self.phase == self.PLAY and self.hands[seat] is None and other is not None:
            found.append(self._ruling("table.not-held", event, HeldBy(other, (card,))))
        return found

    def _check_bid(self, event: Event) -> list[Violation]:
        if self.phase != BIDDING:
            return self._phase_ruling(event, "bidding_only")
        seat, value = event.seat, event.value
        if self.side_contracts and not self._per_player_bid(event):
            found = self._side_turn_ruling(event)
            if found:
                return found
            if value != 0:
                why = Note(SAY("classic_nil", value=value))
                return [self._ruling(SIDE_CONTRACT.id, event, why)]
        elif self.side_contracts and not self.per_player:
            found = []  # the first per-player bid of an older file: in its turn, checked above
        else:
            found = self._turn_ruling(event)
        if found:
            return found
        assert seat is not None, "a bid in turn names its seat"
        if type(value) is not int or not 0 <= value <= MAX_BID:
            out_of_range = Note(SAY("bid_range", value=value, most=MAX_BID))
            return [self._ruling(BID_RANGE.id, event, out_of_range)]
        partner = (seat + 2) % SEATS
        has_partner = not self.cutthroat
        if value == 0 and has_partner and not self.double_nil and self.bids[partner] == 0:
            found.append(self._ruling(DOUBLE_NIL.id, event, PartnerBid(seat, partner)))
        if event.blind:
            if value != 0:
                not_nil = Note(SAY("blind_is_nil", value=value))
                found.append(self._ruling(BLIND_NIL.id, event, not_nil))
            deficit = self.deficit(seat)
            if deficit < BLIND_NIL_DEFICIT:
                found.append(
                    self._ruling(
                        BLIND_NIL.id,
                        event,
                        SideTrails(seat, deficit, BLIND_NIL_DEFICIT),
                    )
                )
            if has_partner and self.blind[partner]:
                found.append(
                    self._ruling(BLIND_NIL.id, event, PartnerBid(seat, partner, blind=True))
                )
        return found

    # -- classic: one contract per side -------------------------------------

    def _side_seats(self, side: int) -> tuple[int, int]:
        return (side, side + 2)

    def _side_done(self, side: int) -> bool:
        """The side has its contract, or both partners declared nil."""
        bids = [self.bids[seat] for seat in self._side_seats(side)]
        return any(bid for bid in bids) or bids == [0, 0]

    def _per_player_bid(self, event: Event) -> bool:
        """A bid of an older classic file (per player, in turn from the dealer's left): a
        positive bid, or a bid in that turn from the side not bidding now, before any
        contract was recorded."""
        if self.per_player:
            return True
        seat = event.seat
        if any(bid for bid in self.bids) or seat is None or not 0 <= seat < SEATS:
            return False
        turn = (self.dealer + 1 + sum(bid is not None for bid in self.bids)) % SEATS
        out_of_side = seat % 2 != self.bidding_side
        return seat == turn and (event.value != 0 or out_of_side)

    def _side_turn_ruling(self, event: Event) -> list[Violation]:
        seat = event.seat
        if seat is None or not 0 <= seat < SEATS:
            return [self._ruling("table.out-of-turn", event, NoSeat(seat, SEATS))]
        if seat % 2 != self.bidding_side:
            first = self.bidding_side != self.dealer % 2
            action = "bid for their side" + (": the non-dealing side bids first" if first else "")
            turn = Turn(self._seat_to_act(), action)
            return [self._ruling(SIDE_CONTRACT.id, event, turn)]
        if self.bids[seat] is not None:  # declared nil: the partner names the contract
            turn = Turn((seat + 2) % SEATS, "name the side's contract")
            return [self._ruling(SIDE_CONTRACT.id, event, turn)]
        return []

    def _check_contract(self, event: Event) -> list[Violation]:
        if self.phase != BIDDING:
            return self._phase_ruling(event, "bidding_only")
        if not self.side_contracts or self.per_player:
            why = Note(SAY("each_bids" if not self.per_player else "per_player_bids"))
            return [self._ruling(SIDE_CONTRACT.id, event, why)]
        found = self._side_turn_ruling(event)
        value = event.value
        if not found and (type(value) is not int or not 1 <= value <= MAX_BID):
            out_of_range = Note(SAY("contract_range", value=value, most=MAX_BID))
            found = [self._ruling(SIDE_CONTRACT.id, event, out_of_range)]
        return found

    def deficit(self, seat: int) -> int:
        return deficit(self.scoring, self.standing, seat)

    def blind_nil_allowed(self, seat: int) -> bool:
        partner_blind = not self.cutthroat and self.blind[(seat + 2) % SEATS]
        return not partner_blind and self.deficit(seat) >= BLIND_NIL_DEFICIT

    def _check_exchange(self, event: Event) -> list[Violation]:
        if self.phase != EXCHANGE:
            return self._phase_ruling(event, "exchange_only")
        found = self._turn_ruling(event)
        if found:
            return found
        cards = event.cards
        if cards and (len(cards) != EXCHANGE_CARDS or len(set(cards)) != EXCHANGE_CARDS):
            return [
                self._ruling(
                    EXCHANGE_RULE.id,
                    event,
                    Note(SAY("two_cards", cards=cards)),
                )
            ]
        seat = self._seat_to_act()  # the seat of the event, in turn
        hand = self.hands[seat]
        for card in cards:
            other = self._held_elsewhere(seat, card)
            if hand is not None and not hand >> card & 1:
                found.append(self._ruling("table.not-held", event, NotHeld(seat, (card,))))
            elif other is not None:
                found.append(self._ruling("table.not-held", event, HeldBy(other, (card,))))
        return found

    def deal_conflicts(self, seat: int, mask: int) -> list[Evidence]:
        """Cards ``seat`` played that are not among ``mask`` nor received in the exchange,
        and cards another seat played or holds, unless the exchange moved them."""
        problems: list[Evidence] = []
        gave, got, unseen = self._traded(seat)
        missing = self.played_by[seat] & ~(mask | got)
        if missing and not unseen:
            problems.append(PlayedNotAmong(seat, tuple(cards_in(missing))))
        holdings = [
            None if other in unseen else self.played_by[other] | (self.hands[other] or 0)
            for other in range(SEATS)
        ]
        return problems + held_elsewhere(seat, mask & ~gave, holdings)

    def _traded(self, seat: int) -> tuple[int, int, set[int]]:
        """The cards ``seat`` is known to have passed and received in the exchange, and the
        partners it traded unseen cards with."""
        gave = got = 0
        unseen = set()
        for giver, taker, moved in self.exchanges:
            if seat not in (giver, taker):
                continue
            if moved is None:
                unseen.add(taker if seat == giver else giver)
            elif seat == giver:
                gave |= moved
            else:
                got |= moved
        return gave, got, unseen

    # -- advancing --------------------------------------------------------

    def apply(self, event: Event) -> None:
        kind = event.kind
        if kind == "play":
            seat, card, current = event.seat, event.card, self.current
            if seat is None or card is None:
                raise EventError("a play names its seat and its card")
            trick = current.cards
            if card >= FIRST_SPADE and trick and trick[0] < FIRST_SPADE:
                self.broken = True
            self.played_by[seat] |= 1 << card
            first_trick = self.table is FIRST_TRICK_TABLE
            if first_trick and not trick:
                current.leader = seat
            if self.play_card(seat, card) is None and first_trick:
                self.to_act = self._first_trick_next(seat)
        elif kind == "bid":
            self._bid(event)
        elif kind == "contract":
            self._contract(event)
        elif kind == "exchange":
            self._exchange(event)
        elif kind == "deal":
            self._deal(event.seat_required(), mask_of(event.cards))
        elif kind == "claim":
            seat = event.seat_required()
            claim(self, seat, seat, TRICKS)
        else:
            raise ValueError(f"Spades cannot apply a {kind!r} event")

    def _bid(self, event: Event) -> None:
        seat = event.seat_required()
        if self.side_contracts and self._per_player_bid(event):
            self.per_player = True
        self.bids[seat] = cast(int, event.value)  # checked: a bid from 0 to 13
        self.blind[seat] = event.blind
        if self.side_contracts and not self.per_player:
            self._side_bid(seat)
        elif None in self.bids:
            self.to_act = (seat + 1) % SEATS
        else:
            self._end_bidding()

    def _contract(self, event: Event) -> None:
        seat = event.seat_required()
        self.bids[seat] = cast(int, event.value)  # checked: a contract from 1 to 13
        self._side_bid(seat)

    def _side_bid(self, seat: int) -> None:
        """After a nil or a contract: the partner names the contract, or the next side bids."""
        if not self._side_done(self.bidding_side):
            self.to_act = (seat + 2) % SEATS
        elif self.bidding_side != self.dealer % 2:
            self.bidding_side = self.dealer % 2
            self.to_act = (self.dealer + 2) % SEATS
        else:
            self._end_bidding()

    def _first_trick_next(self, seat: int) -> int:
        """Trick 1 in any order: the next seat round the table still to play to it."""
        played = self.current.seats
        return next(
            other for step in range(1, SEATS) if (other := (seat + step) % SEATS) not in played
        )

    def seats_to_play(self) -> tuple[int, ...]:
        """Trick 1 opened with the lowest club: every seat still to play to it, in any order."""
        in_turn = super().seats_to_play()
        trick = self.current
        if self.table is not FIRST_TRICK_TABLE or not in_turn or trick is None:
            return in_turn
        first = in_turn[0]
        return tuple(
            seat for step in range(SEATS) if (seat := (first + step) % SEATS) not in trick.seats
        )

    def _end_bidding(self) -> None:
        if not self.cutthroat:
            first = (self.dealer + 1) % SEATS
            for step in range(SEATS):
                bidder = (first + step) % SEATS
                if self.blind[bidder]:
                    self.exchange_order += [bidder, (bidder + 2) % SEATS]
        if self.exchange_order:
            self.phase = EXCHANGE
            self.to_act = self.exchange_order[0]
        else:
            self._start_play()

    def _deal(self, seat: int, dealt: int) -> None:
        """Record a dealt hand, with what the exchange has since moved in and out of it."""
        self.dealt[seat] = dealt
        hand: int | None = dealt
        for giver, taker, moved in self.exchanges:
            if hand is not None and seat in (giver, taker):
                hand = None if moved is None else hand & ~moved if seat == giver else hand | moved
        self.hands[seat] = None if hand is None else hand & ~self.played_by[seat]

    def _exchange(self, event: Event) -> None:
        giver = self.exchange_order.pop(0)
        taker = (giver + 2) % SEATS
        moved = mask_of(event.cards) if event.cards else None
        self.exchanges.append((giver, taker, moved))
        if moved is None:
            self.hands[giver] = self.hands[taker] = None
        else:
            gives, takes = self.hands[giver], self.hands[taker]
            if gives is not None:
                self.hands[giver] = gives & ~moved
            if takes is not None:
                self.hands[taker] = takes | moved
        self.counts[giver] -= EXCHANGE_CARDS
        self.counts[taker] += EXCHANGE_CARDS
        if self.exchange_order:
            self.to_act = self.exchange_order[0]
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.table = FIRST_TRICK_TABLE if self.lowest_club else SPADES_TABLE
        self.start_play((self.dealer + 1) % SEATS)

    def trick_won(self, number: int) -> TrickWon:
        """Trick 1 opened with the lowest club goes to the highest club: spades do not trump."""
        won = super().trick_won(number)
        if number == 1 and self.lowest_club:
            return replace(won, how="led", suit="clubs", trumps=0)
        return won

    def trick_complete(self, trick: Trick) -> None:
        self.table = SPADES_TABLE
        if len(self.tricks) == TRICKS:
            self._end()

    def _end(self) -> None:
        self.phase = self.OVER
        self.to_act = None

    # -- what a play demands ----------------------------------------------

    def requirements(self, seat: int, card: Card) -> tuple[Requirement, ...]:
        if self.table is FIRST_TRICK_TABLE:
            return FIRST_TRICK_REQUIREMENTS[card]
        cards = self.current.cards
        if not cards:
            return () if self.broken else LEAD_REQUIREMENTS[card]
        led = cards[0] // 13
        follow = FOLLOWING.requirements(cards[0], card)
        if not self.cutthroat:
            return follow
        if not follow:  # followed suit: beat the suit led
            top = max(c for c in cards if c // 13 == led)
            if card > top:
                return ()
            return (
                Requirement(
                    PLAY_HIGHER,
                    forbidden=ABOVE[top],
                    reason=SAY("play_higher", card=Card.from_index(top)),
                ),
            )
        if led == Suit.SPADES:
            return follow
        if card < FIRST_SPADE:
            return (*follow, MUST_TRUMP_REQUIREMENT)
        top = max(cards)
        if top < FIRST_SPADE or card > top:
            return follow
        return (
            *follow,
            Requirement(
                OVERTRUMP,
                forbidden=ABOVE[top],
                reason=SAY("trump_higher", card=Card.from_index(top)),
            ),
        )

    def legal_plays(self, seat: int, hand: int) -> int:
        if self.table is FIRST_TRICK_TABLE:
            clubs = hand & CLUBS
            if clubs:
                return clubs & -clubs
            return hand & RED or hand
        cards = self.current.cards
        if not cards:
            if self.broken:
                return hand
            return hand & NON_SPADES or hand
        led = cards[0] // 13
        follow = hand & FOLLOWING.led_cards(cards[0])
        if not self.cutthroat:
            return follow or hand
        if follow:
            top = max(c for c in cards if c // 13 == led)
            return follow & ABOVE[top] or follow
        spades = hand & SPADES
        if not spades:
            return hand
        top = max(cards)
        return (spades & ABOVE[top] or spades) if top >= FIRST_SPADE else spades

    # -- choices for simulated players ------------------------------------

    def legal_events(self) -> list[Event]:
        seat = self.to_act
        if seat is None:  # the hand is over
            return []
        if self.phase == PLAY:
            hand = self.hands[seat]
            if hand is None:
                return []
            return play_events(seat, self.legal_plays(seat, hand))
        if self.phase == BIDDING:
            if self.side_contracts and not self.per_player:
                return self._side_events(seat)
            partner = (seat + 2) % SEATS
            if not self.cutthroat and not self.double_nil and self.bids[partner] == 0:
                return list(BID_EVENTS[seat][1:])
            events = list(BID_EVENTS[seat])
            if self.blind_nil_allowed(seat):
                events.append(BLIND_NIL_EVENTS[seat])
            return events
        if self.phase == EXCHANGE:
            hand = self.hands[seat]
            if hand is None:
                return [Event("exchange", seat=seat)]
            return [
                Event("exchange", seat=seat, cards=pair) for pair in combinations(cards_in(hand), 2)
            ]
        return []

    def _side_events(self, seat: int) -> list[Event]:
        """Classic bidding: the seat to act names the side's contract or declares nil;
        the partner, not yet heard, may declare nil first."""
        partner = (seat + 2) % SEATS
        events = list(CONTRACT_EVENTS[seat])
        for nil_seat in (seat, partner):
            other = (nil_seat + 2) % SEATS
            if self.bids[nil_seat] is not None or (self.bids[other] == 0 and not self.double_nil):
                continue
            events.append(BID_EVENTS[nil_seat][0])
            if self.blind_nil_allowed(nil_seat):
                events.append(BLIND_NIL_EVENTS[nil_seat])
        return events
