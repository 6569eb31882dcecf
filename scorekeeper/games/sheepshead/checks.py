"""The checks on a Sheepshead hand's record: what is certain from the events alone.

A mixin of :class:`~scorekeeper.games.sheepshead.hand.SheepsheadHand`: turn and phase,
deals and blind that fit the record, and, as far as the picker's cards are known, the
bury and the call. Plays' hand rules are requirements (:mod:`.play_rules`).
"""

from __future__ import annotations

from scorekeeper.cards import Card, cards_in, mask_of
from scorekeeper.events import Event
from scorekeeper.evidence import Evidence, HeldBy, NoSeat, Note, Turn
from scorekeeper.games.base import HandState, Violation, cards_or_none
from scorekeeper.games.sheepshead.calling import (
    Call,
    bury_breach,
    call_breach,
    form_error,
    jack_call_breach,
)
from scorekeeper.games.sheepshead.deck import DECK_MASK, HAND_SIZE, SEATS
from scorekeeper.games.sheepshead.fields import SheepsheadFields
from scorekeeper.games.sheepshead.phrases import SAY
from scorekeeper.games.sheepshead.rulebook import BLITZ, CRACK
from scorekeeper.phrases import Phrase

BLACK_QUEENS = mask_of(Card.parse(code) for code in ("QC", "QS"))
RED_QUEENS = mask_of(Card.parse(code) for code in ("QH", "QD"))
STAKE_KEYS = ("crack", "recrack", "blitz")
CALL_RULES = {
    "ace": "call.normal",
    "under": "call.under",
    "ten": "call.ten",
    "jack": "call.jack-of-diamonds",
}
"""The rule (id suffix) a call of each kind answers to."""
_NO_CARD = Note(SAY("no_card_named"))


def _shows_blitz(eight: int | None) -> bool:
    """Both black or both red queens among the picker's cards (unknown cards: assumed shown)."""
    if eight is None:
        return True
    return eight & BLACK_QUEENS == BLACK_QUEENS or eight & RED_QUEENS == RED_QUEENS


def stake_error(
    data: object, settings_crack: bool, settings_blitz: bool, picker: int
) -> Phrase | None:
    """Why the announcements on a call event (``crack``, ``recrack``, ``blitz``) cannot be."""
    if data is None:
        return None
    if not isinstance(data, dict):
        return SAY("not_an_object")
    unknown = set(data) - set(STAKE_KEYS)
    if unknown:
        return SAY("not_announcement", key=sorted(unknown)[0])
    crack, recrack, blitz = (data.get(key) for key in STAKE_KEYS)
    if crack is not None:
        if not settings_crack:
            return SAY("no_crack")
        if type(crack) is not int or not 0 <= crack < SEATS:
            return SAY("crack_seat", value=crack)
        if crack == picker:
            return SAY("picker_recracks")
    if recrack not in (None, False, True) or blitz not in (None, False, True):
        return SAY("true_or_false")
    if recrack and crack is None:
        return SAY("crack_first")
    if blitz and not settings_blitz:
        return SAY("no_blitz")
    return None


class RecordChecks(SheepsheadFields):
    """``check`` and its helpers, for the hand state."""

    DEAL_RULE = "sheepshead.deal.consistent"
    HAND_SIZE = HAND_SIZE
    RULING_PER_PROBLEM = True
    UNDEALT = "blind"
    UNDEALT_SIZE = DECK_MASK.bit_count() - SEATS * HAND_SIZE

    def check(self, event: Event) -> list[Violation]:
        checker = _CHECKS.get(event.kind)
        if checker is None:
            return self.unrecorded(event)
        return checker(self, event)

    def _wrong_phase(self, event: Event, why: Phrase) -> list[Violation]:
        return [self.violation("table.wrong-phase", event.seat, event.card, Note(why))]

    def _elsewhere(self, owner: int | None, mask: int, blind_elsewhere: bool) -> list[Evidence]:
        """Where the record puts cards of ``mask`` other than with seat ``owner`` (None:
        the blind): another seat's dealt hand, another seat's play, or the blind."""
        found: list[Evidence] = []
        for seat in range(SEATS):
            if seat == owner:
                continue
            dealt = (self.dealt[seat] or 0) & mask
            if dealt:
                found.append(HeldBy(seat, tuple(cards_in(dealt)), "dealt"))
            played = self.played_by[seat] & mask
            if played and not (owner is None and seat == self.picker):
                found.append(HeldBy(seat, tuple(cards_in(played)), "played"))
        if blind_elsewhere and self.blind is not None and self.blind & mask:
            found.append(Note(SAY("cards_in_blind", cards=cards_in(self.blind & mask))))
        return found

    def _deal_conflicts(self, owner: int | None, mask: int) -> list[Evidence]:
        """Why ``mask`` cannot be seat ``owner``'s dealt hand (None: the blind)."""
        found = self._elsewhere(owner, mask, blind_elsewhere=owner is not None)
        picker = self.picker
        buried = self.buried or 0
        if owner is not None and owner != picker and buried & mask:
            found.append(Note(SAY("cards_buried", cards=cards_in(buried & mask))))
        if owner is None:
            dealt = self.dealt[picker] if picker is not None else None
            missing = 0
            if picker is not None and dealt is not None:
                missing = (self.played_by[picker] | buried) & ~dealt & ~mask
            who = picker
        else:
            missing = (self.played_by[owner] | (buried if owner == picker else 0)) & ~mask
            if owner == picker and self.blind is not None:
                missing &= ~self.blind
            elif owner == picker and missing.bit_count() <= 2:
                missing = 0  # they may have come from the unseen blind
            who = owner
        if missing and who is not None:
            found.append(HeldBy(who, tuple(cards_in(missing)), "played or buried"))
        return found

    def deal_conflicts(self, seat: int, mask: int) -> list[Evidence]:
        return self._deal_conflicts(seat, mask)

    def recorded_undealt(self) -> int | None:
        return self.blind

    def undealt_conflicts(self, mask: int) -> list[Evidence]:
        return self._deal_conflicts(None, mask)

    def _check_turn(self, event: Event) -> list[Violation]:
        if self.phase != self.PICKING:
            return self._wrong_phase(event, SAY("picking_over", phase=self.phase_title()))
        if event.seat != self.to_act:
            return [
                self.violation(
                    "table.out-of-turn",
                    event.seat,
                    None,
                    Turn(self.picking_turn(), "pick"),
                )
            ]
        return []

    def _check_bury(self, event: Event) -> list[Violation]:
        picker = self.picker
        if self.phase != self.CALLING or self.bury_recorded:
            return self._wrong_phase(event, SAY("bury_once"))
        mask = mask_of(event.cards)
        if len(event.cards) not in (0, 2) or mask.bit_count() != len(event.cards):
            return [
                self.violation(
                    "sheepshead.bury.two-cards",
                    picker,
                    None,
                    Note(SAY("bury_got", got=cards_or_none(event.cards))),
                )
            ]
        found = []
        for card in event.cards:
            if not DECK_MASK >> card & 1:
                found.append(
                    self.violation(
                        "table.not-in-deck", picker, card, Note(SAY("not_a_card", card=card))
                    )
                )
        if found:
            return found
        eight = self.picker_cards()
        for card in event.cards:
            if eight is not None and not eight >> card & 1:
                found.append(
                    self.violation(
                        "table.not-held",
                        picker,
                        card,
                        Note(SAY("not_among_eight", card=card)),
                    )
                )
        if eight is None:
            found += [
                self.violation("table.not-held", picker, None, why)
                for why in self._elsewhere(picker, mask, blind_elsewhere=False)
            ]
        breach = bury_breach(self.call, eight, mask) if event.cards else None
        if breach is not None:
            found.append(self.violation(f"sheepshead.{breach[0]}", picker, None, Note(breach[1])))
        return found

    def _check_call(self, event: Event) -> list[Violation]:
        if self.phase != self.CALLING or self.call is not None:
            return self._wrong_phase(event, SAY("call_once"))
        picker = self.picker_seat()
        why = form_error(event.value, event.card, event.under, self.jack_partner)
        if why is not None:
            return [self.violation("sheepshead.call.what", picker, event.card, Note(why))]
        why = stake_error(event.data, self.settings.get(CRACK), self.settings.get(BLITZ), picker)
        eight = self.picker_cards()
        if why is None and event.data and event.data.get("blitz") and not _shows_blitz(eight):
            why = SAY("no_blitz_queens")
        if why is not None:
            return [self.violation("sheepshead.stakes.announced", picker, None, Note(why))]
        call = Call.recorded(event)
        found = []
        if eight is None:
            breach = self._certain_call_breach(call)
        elif self.jack_partner:
            breach = jack_call_breach(call, eight, self.next_jack, self.alone_by_choice)
        else:
            buried = self.buried if self.bury_recorded and self.buried is not None else 0
            breach = call_breach(call, eight, self.alone_by_choice, buried)
        if breach is not None:
            rule = f"sheepshead.{breach[0]}"
            found.append(self.violation(rule, picker, event.card, Note(breach[1])))
        if self.bury_recorded and self.buried is not None:
            breach = bury_breach(call, eight, self.buried)
            if breach is not None:
                found.append(
                    self.violation(f"sheepshead.{breach[0]}", picker, event.under, Note(breach[1]))
                )
        return found

    def _certain_call_breach(self, call: Call) -> tuple[str, Phrase] | None:
        """With the picker's cards partly unknown: a called card certainly the picker's."""
        if call.value == "alone":
            return None
        known = (self.dealt[self.picker_seat()] or 0) | (self.blind or 0)
        if known >> call.named & 1:
            rule = CALL_RULES[call.value]
            return rule, SAY("picker_holds", card=call.card)
        return None

    def _check_play(self, event: Event) -> list[Violation]:
        seat, card = event.seat, event.card
        if (
            self.phase == self.PLAY
            and seat == self.to_act
            and seat is not None
            and seat != self.picker
            and card is not None
            and DECK_MASK >> card & 1
            and not self.seen >> card & 1
        ):  # the common case: a known hand plays a card it holds, in turn
            hand = self.hands[seat]
            if hand is not None and hand >> card & 1:
                return []
        if event.seat is None or not 0 <= event.seat < SEATS or event.card is None:
            what = NoSeat(event.seat, SEATS) if event.card is not None else _NO_CARD
            return [self.violation("table.out-of-turn", None, event.card, what)]
        found = self.check_play_basics(event)
        if self.phase != self.PLAY or found:
            return found
        seat, card = event.seat, event.card
        if self.hands[seat] is None:
            blind_elsewhere = seat != self.picker
            found += [
                self.violation("table.not-held", seat, card, why)
                for why in self._elsewhere(seat, card.bit, blind_elsewhere)
            ]
        call = self.call
        if seat == self.picker and call is not None and call.value != "alone":
            rule = CALL_RULES[call.value]
            if card == call.card:
                found.append(
                    self.violation(
                        f"sheepshead.{rule}",
                        seat,
                        card,
                        Note(SAY("played_called", card=card)),
                    )
                )
            elif call.value == "under" and self.called_fail >> card & 1:
                found.append(
                    self.violation(
                        "sheepshead.call.under",
                        seat,
                        card,
                        Note(SAY("held_after_under", card=card, suit=call.suit)),
                    )
                )
        return found

    # -- play rules -----------------------------------------------------------


def _no_check(state: RecordChecks, event: Event) -> list[Violation]:
    return []


def _reject_result(state: RecordChecks, event: Event) -> list[Violation]:
    return state._wrong_phase(event, SAY("result_in_place"))


_CHECKS = {
    "deal": RecordChecks._check_deal,
    "blind": RecordChecks._check_undealt,
    "pick": RecordChecks._check_turn,
    "pass": RecordChecks._check_turn,
    "bury": RecordChecks._check_bury,
    "call": RecordChecks._check_call,
    "play": RecordChecks._check_play,
    "claim": HandState._check_claim,
    "decision": _no_check,
    "result": _reject_result,
}
