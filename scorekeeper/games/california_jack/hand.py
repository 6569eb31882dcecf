"""One hand of California Jack as a phase machine: the deal and trump card, play, the
draw after each trick while the pile lasts, and the count after every trick that ends
the hand once a player reaches 10."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from scorekeeper.cards import FULL_DECK, Card, Suit, cards_in, count, mask_of
from scorekeeper.events import Event, EventError
from scorekeeper.evidence import (
    DrawsFirst,
    Evidence,
    HeldBy,
    Leads,
    NoSeat,
    Note,
    PlayedNotAmong,
)
from scorekeeper.games.base import (
    HAND_OVER,
    TRUMP,
    Game,
    HandState,
    Requirement,
    Settings,
    Trick,
    TrickTable,
    Violation,
)
from scorekeeper.games.california_jack import scoring
from scorekeeper.games.california_jack.phrases import SAY
from scorekeeper.games.california_jack.rulebook import (
    FOLLOW_SUIT,
    ID,
    MUST_TRUMP,
    TRUMP_OPTIONAL,
)
from scorekeeper.games.tricks import Following, claim, held_elsewhere
from scorekeeper.phrases import Phrase

SEATS = 2
HAND_SIZE = 6
PILE_SIZE = len(FULL_DECK) - SEATS * HAND_SIZE  # 40
TRICKS = len(FULL_DECK) // SEATS  # 26
DEAL = "deal"
DRAW = "draw"
PLAY = HandState.PLAY
OVER = HandState.OVER

_AWAITING = {phase: Note(SAY(f"awaiting_{phase}")) for phase in (DEAL, PLAY, DRAW)}
"""What the hand awaits in each phase, for an event that comes out of its order."""
_NO_CARD = Note(SAY("no_card_named"))


def _table(trump: Suit) -> TrickTable:
    return TrickTable(
        FULL_DECK,
        lambda card: TRUMP if card.suit == trump else int(card.suit),
        lambda card: int(card.rank),
        scoring.card_points,
    )


TABLES = tuple(_table(trump) for trump in Suit)
FOLLOWING = tuple(
    Following(table, FOLLOW_SUIT, trump_word=trump.name.lower())
    for trump, table in zip(Suit, TABLES, strict=True)
)
"""Following suit, indexed by the trump suit; trump led is named by its suit."""
HONOUR_MASKS = tuple(mask_of(scoring.honour_cards(trump).values()) for trump in Suit)
PLAYS = tuple(tuple(Event("play", seat=s, card=c) for c in Card._all) for s in range(SEATS))
DRAWS = tuple(tuple(Event("draw", seat=s, card=c) for c in Card._all) for s in range(SEATS))
UNSEEN_DRAWS = tuple(Event("draw", seat=s) for s in range(SEATS))


class CaliforniaJackHand(HandState):
    """One hand. Beyond the base fields: ``trump_card``, ``trump``, ``pile`` (the pile's order
    when on record), ``pile_left``, ``dealt`` (first six cards per seat, when known),
    ``drawn`` (cards seen drawn), ``unseen_draws``, ``played``, ``card_points`` per seat,
    ``ended`` and ``claimed_by``."""

    PHASE_TITLES: ClassVar[dict[str, str]] = {
        DEAL: "Deal: enter the trump card",
        DRAW: "Draw from the pile",
    }
    CLAIM_PHASES = (PLAY, DRAW)
    DEAL_RULE = f"{ID}.deal.six-each"
    HAND_SIZE = HAND_SIZE
    DEAL_ONCE = True
    RULING_PER_PROBLEM = True
    UNDEALT = "draw pile"
    UNDEALT_SIZE = PILE_SIZE
    UNDEALT_BY_DEAL = True

    def table_note(self) -> str:
        parts = [f"Trump card {self.trump_card}"] if self.trump_card is not None else []
        parts.append(f"{self.pile_left} in the pile")
        return " · ".join(parts)

    def __init__(self, game: Game[Any], settings: Settings, dealer: int) -> None:
        super().__init__(game, settings, dealer)
        self.phase = DEAL
        self.counts = [HAND_SIZE] * SEATS
        self.trump_card: Card | None = None
        self.trump: Suit | None = None
        self.pile: tuple[Card, ...] | None = None
        self.pile_left = PILE_SIZE
        self.pile_mask = 0  # cards certainly in the pile: the pile on record, the trump card
        self.drawn = [0] * SEATS
        self.unseen_draws = [0] * SEATS
        self.played = [0] * SEATS
        self.to_draw: list[int] = []
        self.card_points = [0] * SEATS
        self.ended: str | None = None

    # -- what is known ---------------------------------------------------------------

    @property
    def leader(self) -> int:
        """Who leads the first trick: the non-dealer."""
        return (self.dealer + 1) % SEATS

    def totals(self) -> list[int]:
        """Each player's score now: honours captured plus card points."""
        honours = self.honour_mask
        return [
            self.card_points[seat] + count(self.captured[seat] & honours) for seat in range(SEATS)
        ]

    @property
    def honour_mask(self) -> int:
        """The honours of trump (none while trump is not fixed)."""
        return HONOUR_MASKS[self.trump] if self.trump is not None else 0

    def known_held(self, seat: int) -> int:
        """Cards certainly in ``seat``'s hand now (all of them when the hand is known)."""
        return ((self.dealt[seat] or 0) | self.drawn[seat]) & ~self.played[seat]

    def possible_cards(self, seat: int) -> int:
        """Cards ``seat`` may hold as far as the record shows."""
        hand = self.hands[seat]
        if hand is not None:
            return hand
        elsewhere = self.seen | self.pile_mask | self.known_held(1 - seat)
        return self.game.deck_mask & ~elsewhere

    def next_card(self) -> Card | None:
        """The card the next draw takes, when the record shows it."""
        if self.pile is not None:
            return self.pile[PILE_SIZE - self.pile_left]
        return self.trump_card if self.pile_left == 1 else None

    def next_draw(self) -> Event:
        """The draw the seat to act makes now, with its card when the pile is on record."""
        card = self.next_card()
        seat = self.to_draw[0]
        return UNSEEN_DRAWS[seat] if card is None else DRAWS[seat][card]

    # -- checking --------------------------------------------------------------------

    def _bad_seat(self, event: Event) -> list[Violation]:
        seat = event.seat
        if seat is None or not 0 <= seat < SEATS:
            return [self._ruling("table.out-of-turn", event, NoSeat(seat, SEATS))]
        return []

    def _guard(self, event: Event, *phases: str) -> list[Violation]:
        if self.phase in phases:
            return []
        if self.phase == OVER:
            return [self._ruling("table.hand-over", event, HAND_OVER)]
        return [self._ruling("table.wrong-phase", event, _AWAITING[self.phase])]

    def check(self, event: Event) -> list[Violation]:
        checker = _CHECKS.get(event.kind)
        if checker is None:
            return self.unrecorded(event)
        return checker(self, event)

    def _check_play(self, event: Event) -> list[Violation]:
        seat, card = event.seat, event.card
        if seat is None or not 0 <= seat < SEATS:
            return self._bad_seat(event)
        found = self._guard(event, PLAY)
        if found:
            return found
        if card is None:
            return [self._ruling("table.not-in-deck", event, _NO_CARD)]
        found = self.check_play_basics(event)
        if not self.current.cards:
            found = [
                self._lead_ruling(event) if v.rule.id == "table.out-of-turn" else v for v in found
            ]
        if any(v.rule.id in ("table.not-held", "table.already-played") for v in found):
            return found
        other = 1 - seat
        if self.known_held(other) >> card & 1:
            found.append(self._ruling("table.not-held", event, HeldBy(other, (card,))))
        elif self.pile_mask >> card & 1:
            in_pile = Note(SAY("still_in_pile", card=card))
            found.append(self._ruling("table.not-held", event, in_pile))
        return found

    def _lead_ruling(self, event: Event) -> Violation:
        why = Leads(self.current.leader, len(self.tricks) or None)
        return self._ruling(f"{ID}.play.lead", event, why)

    def deal_conflicts(self, seat: int, mask: int) -> list[Evidence]:
        """The trump card, cards the other seat was dealt or played, cards drawn or in the
        pile on record, and cards ``seat`` played that neither ``mask`` nor a draw explains."""
        problems: list[Evidence] = []
        if self.trump_card is not None and mask >> self.trump_card & 1:
            problems.append(Note(SAY("is_trump_card", card=self.trump_card)))
        problems += held_elsewhere(seat, mask, self.dealt, "dealt")
        problems += held_elsewhere(seat, mask, self.played, "played")
        for label, elsewhere in (
            ("drawn", self.drawn[0] | self.drawn[1]),
            ("in_pile", mask_of(self.pile or ())),
        ):
            if mask & elsewhere:
                problems.append(Note(SAY(label, cards=cards_in(mask & elsewhere))))
        unexplained = self.played[seat] & ~(mask | self.drawn[seat])
        if count(unexplained) > self.unseen_draws[seat]:
            problems.append(PlayedNotAmong(seat, tuple(cards_in(unexplained))))
        return problems

    def recorded_undealt(self) -> int | None:
        return None if self.pile is None else mask_of(self.pile)

    def undealt_conflicts(self, mask: int) -> list[Evidence]:
        """Draws already made, and cards dealt or played."""
        problems: list[Evidence] = []
        if self.pile_left != PILE_SIZE:
            problems.append(Note(SAY("drawn_already")))
        held = [(self.dealt[seat] or 0) | self.played[seat] for seat in range(SEATS)]
        return problems + held_elsewhere(None, mask, held, "dealt")

    def _check_undealt(self, event: Event) -> list[Violation]:
        """The pile as the base checks it, and its last card the trump card."""
        found = super()._check_undealt(event)
        cards = event.cards
        if cards and self.trump_card is not None and cards[-1] != self.trump_card:
            why = Note(SAY("pile_ends_trump", card=self.trump_card))
            found.append(self._ruling(self.DEAL_RULE, event, why))
        return found

    def _check_trump_card(self, event: Event) -> list[Violation]:
        found = self._guard(event, DEAL)
        if found:
            return found
        card = event.card
        rule = f"{ID}.deal.trump-card"
        if card is None:
            return [self._ruling(rule, event, _NO_CARD)]
        for seat in range(SEATS):
            if (self.dealt[seat] or 0) >> card & 1:
                return [self._ruling(rule, event, HeldBy(seat, (card,), "dealt"))]
        if self.pile is not None and self.pile[-1] != card:
            ends = Note(SAY("pile_ends_with", card=self.pile[-1]))
            return [self._ruling(rule, event, ends)]
        return []

    def _check_draw(self, event: Event) -> list[Violation]:
        found = self._bad_seat(event) or self._guard(event, DRAW)
        if found:
            return found
        if event.seat != self.to_act:
            first = len(self.to_draw) == SEATS
            turn = DrawsFirst(self.to_draw[0], self.current.leader, first)
            found.append(self._ruling(f"{ID}.draw.order", event, turn))
        card = event.card
        if card is None:
            return found
        last = self.pile_left == 1
        if card == self.trump_card or last:
            if card != self.trump_card:
                why = Note(SAY("last_is_trump", card=self.trump_card))
                found.append(self._ruling(f"{ID}.draw.trump-card-last", event, why))
            elif not last:
                why = Note(SAY("trump_card_under", card=card, left=self.pile_left - 1))
                found.append(self._ruling(f"{ID}.draw.trump-card-last", event, why))
        elif self.seen >> card & 1:
            found.append(self._ruling(f"{ID}.draw.from-the-pile", event, self.seen_before(card)))
        elif (self.known_held(0) | self.known_held(1)) >> card & 1:
            holder = 0 if self.known_held(0) >> card & 1 else 1
            held = HeldBy(holder, (card,))
            found.append(self._ruling(f"{ID}.draw.from-the-pile", event, held))
        elif self.pile is not None and card != self.next_card():
            why = Note(SAY("next_in_pile", card=self.next_card()))
            found.append(self._ruling(f"{ID}.draw.from-the-pile", event, why))
        return found

    # -- applying ----------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        _APPLY[event.kind](self, event)

    def _refresh_hand(self, seat: int) -> None:
        exact = self.dealt[seat] is not None and not self.unseen_draws[seat]
        self.hands[seat] = self.known_held(seat) if exact else None

    def _apply_deal(self, event: Event) -> None:
        seat = event.seat
        if seat is None:
            self.pile = tuple(event.cards)
            self.pile_mask = mask_of(event.cards)
            return
        self.dealt[seat] = mask_of(event.cards)
        self._refresh_hand(seat)

    def _apply_trump_card(self, event: Event) -> None:
        card = event.card_required()
        self.trump_card = card
        self.trump = card.suit
        self.table = TABLES[card.suit]
        self.seen |= 1 << card  # face up on the table until drawn
        self.pile_mask |= 1 << card
        self.start_play(self.leader)

    def _apply_play(self, event: Event) -> None:
        seat, card = event.seat, event.card
        if seat is None or card is None:
            raise EventError("a play names its seat and its card")
        self.played[seat] |= 1 << card
        self.play_card(seat, card)

    def _apply_draw(self, event: Event) -> None:
        seat = event.seat_required()
        card = event.card if event.card is not None else self.next_card()
        self.pile_left -= 1
        self.counts[seat] += 1
        if card is None:
            self.unseen_draws[seat] += 1
        else:
            self.drawn[seat] |= 1 << card
            self.pile_mask &= ~(1 << card)
            self.seen &= ~(1 << card)  # the trump card leaves the table for a hand
        self._refresh_hand(seat)
        self.to_draw.pop(0)
        if self.to_draw:
            self.to_act = self.to_draw[0]
        else:
            self.phase = PLAY
            self.to_act = self.current.leader

    def _apply_claim(self, event: Event) -> None:
        """The claimer takes every card not yet won and the tricks still to play."""
        seat = event.seat_required()
        rest = self.game.deck_mask & ~(self.captured[0] | self.captured[1])
        self.captured[seat] |= rest
        table, _trick = self.in_play()
        self.card_points[seat] += table.count_points(rest)
        claim(self, seat, seat, TRICKS)
        self.counts = [0] * SEATS
        self.pile_left = 0
        self.pile_mask = 0
        self._finish(scoring.ENDED_CLAIM)

    def _finish(self, ended: str) -> None:
        self.phase = OVER
        self.to_act = None
        self.to_draw = []
        self.ended = ended

    def trick_complete(self, trick: Trick) -> None:
        winner = trick.winner
        if winner is None:
            raise ValueError("a complete trick has a winner")
        self.card_points[winner] += trick.points
        if max(self.totals()) >= scoring.TARGET:
            self._finish(scoring.ENDED_TEN)
        elif len(self.tricks) == TRICKS:
            self._finish(scoring.ENDED_STOPPED)
        elif self.pile_left:
            self.phase = DRAW
            self.to_draw = [winner, 1 - winner]

    def where_seen(self, card: Card) -> Phrase:
        if card == self.trump_card and self.pile_left:
            return SAY("trump_card")
        return super().where_seen(card)

    # -- the play rules -------------------------------------------------------------------

    def requirements(self, seat: int, card: Card) -> tuple[Requirement, ...]:
        trick, table, trump = self.current, self.table, self.trump
        if self.phase != PLAY or table is None or trump is None or not trick.cards:
            return ()
        # cards the record places elsewhere (played, face up in the pile, in the other
        # hand) were never in this hand: a later draw of one proves nothing
        elsewhere = self.seen | self.pile_mask | self.known_held(1 - seat)
        follow = FOLLOWING[trump].requirements(trick.cards[0], card, unheld=elsewhere)
        if not follow:
            return ()
        led = table.suit_of[trick.cards[0]]
        trumping = led == TRUMP or table.suit_of[card] == TRUMP
        if trumping or self.settings.get(TRUMP_OPTIONAL):
            return follow
        # as a renege: a trump this seat plays later, with no unseen draw between, proves it
        trumps = table.trump_mask & ~elsewhere
        return (
            *follow,
            Requirement(MUST_TRUMP, forbidden=trumps, reason=SAY("must_trump", trump=trump)),
        )

    def legal_plays(self, seat: int, hand: int) -> int:
        trick, table, trump = self.current, self.table, self.trump
        if self.phase != PLAY or table is None or trump is None:
            return 0
        if not trick.cards:
            return hand
        lead, following = trick.cards[0], FOLLOWING[trump]
        led = table.suit_of[lead]
        if hand & table.suit_mask[led] or led == TRUMP or self.settings.get(TRUMP_OPTIONAL):
            return following.plays(hand, lead)
        return hand & table.trump_mask or hand

    def legal_events(self) -> list[Event]:
        """The choices of the seat to act. With an unknown hand, every card the seat may
        hold is offered. A claim is a shortcut, never offered here."""
        seat = self.to_act
        if self.phase == PLAY and seat is not None:
            hand = self.hands[seat]
            cards = self.possible_cards(seat) if hand is None else self.legal_plays(seat, hand)
            plays = PLAYS[seat]
            return [plays[card] for card in cards_in(cards)]
        if self.phase == DRAW:
            return [self.next_draw()]
        return []

    def standing(self) -> scoring.Standing:
        return scoring.standing_of(self.captured, self.card_points, self.trump)


_CHECKS: dict[str, Callable[[CaliforniaJackHand, Event], list[Violation]]] = {
    "deal": CaliforniaJackHand._check_deal,
    "trump_card": CaliforniaJackHand._check_trump_card,
    "play": CaliforniaJackHand._check_play,
    "draw": CaliforniaJackHand._check_draw,
    "claim": CaliforniaJackHand._check_claim,
}
_APPLY: dict[str, Callable[[CaliforniaJackHand, Event], None]] = {
    "deal": CaliforniaJackHand._apply_deal,
    "trump_card": CaliforniaJackHand._apply_trump_card,
    "play": CaliforniaJackHand._apply_play,
    "draw": CaliforniaJackHand._apply_draw,
    "claim": CaliforniaJackHand._apply_claim,
}
