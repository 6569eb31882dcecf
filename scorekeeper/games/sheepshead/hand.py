"""One hand of Sheepshead: picking, burying and calling, then six tricks.

Phases: ``picking`` (each seat from the dealer's left picks or passes once), ``calling``
(the picker records the bury and the call, in either order: at a real table the call
is usually announced after burying, but both orders are accepted), ``play``, ``over``.
When all five pass, the house option ``all_pass`` decides: Schwanzer and Doubler end
the hand at once, Leaster plays it out with nobody picking.

Hands may be known (``deal`` events, which may come at any time, also after play) or
not. Every play rule is a requirement on the hand the card came from, so a hidden
hand can be proved wrong by the cards its seat plays later. Two choices where the
record may be thin:

- an under call whose under card was not recorded: the picker's card on the first
  lead of the called suit is taken as the under card. Until then the picker's following
  is judged only where certain: holding two cards of the suit led, at most one of which
  can be the under card;
- the under card cannot win a trick led with the called suit; on the rare hand where the
  called suit is never led it is the picker's last card and plays as itself.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Any, ClassVar

from scorekeeper.cards import Card, cards_in, mask_of
from scorekeeper.events import Event, EventError
from scorekeeper.games.base import Game, HandState, Settings, Trick, TrickTable
from scorekeeper.games.sheepshead.calling import (
    CALL_VALUES,
    JACK_OF_DIAMONDS,
    NEXT_JACKS,
    Call,
    jack_calls,
    legal_buries,
    legal_calls,
)
from scorekeeper.games.sheepshead.checks import RecordChecks
from scorekeeper.games.sheepshead.deck import (
    ACE,
    DECK,
    FAIL_MASK,
    FAIL_SUITS,
    HAND_SIZE,
    SEATS,
    TABLE,
    TEN,
    TRICKS,
    TRUMP_ORDER,
)
from scorekeeper.games.sheepshead.phrases import SAY
from scorekeeper.games.sheepshead.play_rules import PlayRules
from scorekeeper.games.sheepshead.rulebook import (
    ALL_PASS,
    ALONE_BY_CHOICE,
    CALL_NEXT_JACK,
    jack_partner,
)
from scorekeeper.games.tricks import claim
from scorekeeper.phrases import Phrase
from scorekeeper.trick_won import TrickWon

# Events a seat may record, built once (events are immutable).
PLAYS = tuple(tuple(Event("play", seat=s, card=c) for c in Card._all) for s in range(SEATS))
PICKS = tuple(Event("pick", seat=s) for s in range(SEATS))
PASSES = tuple(Event("pass", seat=s) for s in range(SEATS))
BURIES = {
    first.bit | second.bit: Event("bury", cards=(first, second))
    for first, second in combinations(DECK, 2)
}
"""Every two-card bury, by its mask (the cards lowest first)."""
_CALL_EVENTS: dict[Call, Event] = {}


def call_event(call: Call) -> Event:
    """The event recording ``call`` (without table talk), made once per call."""
    event = _CALL_EVENTS.get(call)
    if event is None:
        event = _CALL_EVENTS[call] = call.event()
    return event


class SheepsheadHand(RecordChecks, PlayRules, HandState):
    """One hand: the record checks and play rules come from the two mixins."""

    PICKING = "picking"
    CALLING = "calling"
    PHASE_TITLES: ClassVar[dict[str, str]] = {
        PICKING: "Picking: pick or pass",
        CALLING: "The picker buries and calls",
    }

    def __init__(self, game: Game[Any], settings: Settings, dealer: int) -> None:
        super().__init__(game, settings, dealer)
        self.table: TrickTable = TABLE  # the trumps are fixed
        self.phase = self.PICKING
        self.to_act = (dealer + 1) % SEATS
        self.counts = [HAND_SIZE] * SEATS
        self.mode: str | None = None  # picker | schwanzer | leaster | doubler
        self.passes = 0
        self.picker: int | None = None
        self.call: Call | None = None
        self.bury_recorded = False
        self.buried: int | None = None  # None: not recorded, or recorded unseen
        self.bury_checked = False  # the bury was judged against the picker's known cards
        self.under: Card | None = None
        self.called_bit = 0
        self.called_fail = 0  # the fail cards of the called suit
        self.called_led = False
        self.jack_partner = jack_partner(settings)  # the holder of J♦ is the partner
        self.next_jack = bool(settings.get(CALL_NEXT_JACK))
        self.alone_by_choice = bool(settings.get(ALONE_BY_CHOICE))
        self.blind: int | None = None
        self.played_by = [0] * SEATS
        self.crack: int | None = None
        self.recrack = False
        self.blitz = False

    # -- what is known ------------------------------------------------------

    @property
    def alone(self) -> bool:
        """The picker plays alone."""
        return self.call is not None and self.call.value == "alone"

    def picker_cards(self) -> int | None:
        """The picker's eight cards (dealt and blind), when both are known."""
        picker, blind = self.picker, self.blind
        dealt = None if picker is None else self.dealt[picker]
        if dealt is None or blind is None:
            return None
        return dealt | blind

    def _refresh(self, seat: int | None) -> None:
        if seat is None:
            return
        dealt = self.dealt[seat]
        if dealt is not None and seat == self.picker:
            eight = self.picker_cards()
            if eight is None or (self.bury_recorded and self.buried is None):
                dealt = None
            else:
                dealt = eight & ~(self.buried or 0)
        self.hands[seat] = None if dealt is None else dealt & ~self.played_by[seat]

    def _live_under(self) -> Card | None:
        """The under card while it is known and still in the picker's hand."""
        under = self.under
        if under is None or self.seen >> under & 1:
            return None
        return under

    def _called_live(self) -> bool:
        return bool(self.called_bit) and not self.seen & self.called_bit

    def where_seen(self, card: Card) -> Phrase:
        if self.buried is not None and self.buried >> card & 1:
            return SAY("buried")
        if self.mode == "leaster" and self.blind is not None and self.blind >> card & 1:
            return SAY("in_blind")
        return super().where_seen(card)

    # -- checks -------------------------------------------------------------

    def legal_events(self) -> list[Event]:
        seat = self.to_act
        if seat is None:  # the hand is over
            return []
        if self.phase == self.PLAY:
            hand = self.hands[seat]
            if hand is None:
                return []
            return [PLAYS[seat][card] for card in cards_in(self.legal_plays(seat, hand))]
        if self.phase == self.PICKING:
            return [PICKS[seat], PASSES[seat]]
        if self.phase == self.CALLING:
            eight = self.picker_cards()
            if eight is None:
                return []
            events = []
            if self.call is None:
                events += [call_event(call) for call in self.legal_calls(eight)]
            if not self.bury_recorded:
                events += [BURIES[mask] for mask in legal_buries(eight, self.call)]
            return events
        return []

    def seat_roles(self, seat: int) -> tuple[str, ...]:
        roles = []
        if self.picker == seat:
            roles.append("picker alone" if self.alone else "picker")
        call = self.call
        if call is not None and call.card is not None and self.played_by[seat] >> call.card & 1:
            roles.append("partner")
        return tuple(roles)

    def table_note(self) -> str:
        if self.call is not None:
            return f"The picker {self.call}"
        return self.mode.capitalize() if self.mode not in (None, "picker") else ""

    def legal_calls(self, eight: int) -> tuple[Call, ...]:
        """The calls the picker's eight cards allow under this house's partner rule."""
        if self.jack_partner:
            return jack_calls(eight, self.next_jack, self.alone_by_choice)
        return legal_calls(eight, self.buried or 0, self.alone_by_choice)

    def offered_events(self) -> list[Event]:
        """With the picker's eight cards unknown: every call the house's rule can name,
        and an unseen bury."""
        events = self.legal_events()
        if events or self.phase != self.CALLING:
            return events
        if self.call is None:
            if self.jack_partner:
                jacks = (JACK_OF_DIAMONDS, *NEXT_JACKS) if self.next_jack else (JACK_OF_DIAMONDS,)
                events += [Call("jack", jack).event() for jack in jacks]
            else:
                for value in CALL_VALUES[:-1]:
                    named = TEN if value == "ten" else ACE
                    events += [Call(value, named[suit]).event() for suit in FAIL_SUITS]
            events.append(Call("alone").event())
        if not self.bury_recorded:
            events.append(Event("bury"))
        return events

    # -- advancing ------------------------------------------------------------

    def apply(self, event: Event) -> None:
        _APPLY[event.kind](self, event)

    def _apply_deal(self, event: Event) -> None:
        seat = event.seat_required()
        self.dealt[seat] = mask_of(event.cards)
        self._refresh(seat)

    def _apply_blind(self, event: Event) -> None:
        self.blind = mask_of(event.cards)
        if self.mode == "leaster":
            self.seen |= self.blind
        self._refresh(self.picker)

    def _apply_pick(self, event: Event) -> None:
        seat = event.seat_required()
        self.mode = "picker"
        self.picker = seat
        self.counts[seat] += 2
        self.phase = self.CALLING
        self.to_act = seat
        self._refresh(seat)

    def _apply_pass(self, event: Event) -> None:
        self.passes += 1
        if self.passes < SEATS:
            self.to_act = self.picking_turn()
            return
        self.mode = self.settings.get(ALL_PASS)
        if self.mode == "leaster":
            self.seen |= self.blind or 0
            self.start_play((self.dealer + 1) % SEATS)
        else:
            self.phase = self.OVER
            self.to_act = None

    def _apply_bury(self, event: Event) -> None:
        self.bury_recorded = True
        self.buried = mask_of(event.cards) if event.cards else None
        self.seen |= self.buried or 0
        self.counts[self.picker_seat()] -= 2
        self._refresh(self.picker)
        self._start_when_ready()

    def _apply_call(self, event: Event) -> None:
        call = Call.recorded(event)
        self.call = call
        self.under = call.under
        if call.card is not None:
            self.called_bit = call.card.bit
            self.called_fail = 0 if call.value == "jack" else FAIL_MASK[call.suit]
        data = event.data or {}
        self.crack = data.get("crack")
        self.recrack = bool(data.get("recrack"))
        self.blitz = bool(data.get("blitz"))
        self._start_when_ready()

    def _start_when_ready(self) -> None:
        if self.call is not None and self.bury_recorded:
            self.bury_checked = self.picker_cards() is not None and self.buried is not None
            self.start_play((self.dealer + 1) % SEATS)

    def _apply_play(self, event: Event) -> None:
        seat, card, trick = event.seat, event.card, self.current
        if seat is None or card is None:
            raise EventError("a play names its seat and its card")
        if not trick.cards:
            if self.called_fail >> card & 1:
                self.called_led = True
        elif (
            seat == self.picker
            and self.call is not None
            and self.call.value == "under"
            and self.under is None
            and self.called_fail >> trick.cards[0] & 1
        ):
            self.under = card
        self.played_by[seat] |= card.bit
        self.play_card(seat, card)

    def _apply_claim(self, event: Event) -> None:
        claim(self, event.seat, None, TRICKS)
        self.counts = [0] * SEATS

    def ineligible_to_win(self) -> int:
        under = self.under
        if (
            under is not None
            and self.current.cards
            and self.called_fail >> self.current.cards[0] & 1
        ):
            return under.bit
        return 0

    def trick_won(self, number: int) -> TrickWon:
        """Trump in Sheepshead's order; the under card, when it is in a trick led with the
        called suit, never wins it."""
        won = super().trick_won(number)
        trick = self.tricks[number - 1]
        under = self.under
        barred = (
            under
            if under is not None
            and under in trick.cards
            and self.called_fail >> trick.cards[0] & 1
            and under != won.card
            else None
        )
        order = TRUMP_ORDER if won.how != "led" and won.trumps > 1 else ()
        return replace(won, order=order, barred=barred)

    def trick_complete(self, trick: Trick) -> None:
        if len(self.tricks) == TRICKS:
            self.phase = self.OVER
            self.to_act = None


def _no_change(state: SheepsheadHand, event: Event) -> None:
    """A table decision changes nothing in the hand itself."""


_APPLY = {
    "deal": SheepsheadHand._apply_deal,
    "blind": SheepsheadHand._apply_blind,
    "pick": SheepsheadHand._apply_pick,
    "pass": SheepsheadHand._apply_pass,
    "bury": SheepsheadHand._apply_bury,
    "call": SheepsheadHand._apply_call,
    "play": SheepsheadHand._apply_play,
    "claim": SheepsheadHand._apply_claim,
    "decision": _no_change,
}
