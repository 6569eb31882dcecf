"""The play rules of Sheepshead as requirements on the hand a card came from.

A mixin of :class:`~scorekeeper.games.sheepshead.hand.SheepsheadHand`. Each rule is a
``forbidden`` mask (the holder of the called card who plays anything else when the
called suit is led) or a ``broken_by`` test on the hand (running, the picker's hold
card), so a rule never assumes who the partner is: whoever holds the card is bound.
``legal_plays`` is the fast path and agrees with the requirements.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from scorekeeper.cards import Card
from scorekeeper.games.base import Requirement
from scorekeeper.games.sheepshead.deck import TABLE
from scorekeeper.games.sheepshead.fields import SheepsheadFields
from scorekeeper.games.sheepshead.phrases import SAY
from scorekeeper.games.sheepshead.rulebook import RULES
from scorekeeper.games.tricks import Following

FOLLOWING = Following(TABLE, RULES["sheepshead.follow.must-follow"])
"""Following suit: every queen, jack and diamond follows trump."""


def _more_than(card_bit: int) -> Callable[[int], bool]:
    """Broken when the hand held anything besides this card."""
    return lambda hand: bool(hand & ~card_bit)


def _two_or_more(mask: int) -> Callable[[int], bool]:
    return lambda hand: (hand & mask).bit_count() >= 2


def _not_running(called_bit: int, called_fail: int) -> Callable[[int], bool]:
    """Broken when the hand held the called card and fewer than four of its suit."""
    return lambda hand: bool(hand & called_bit) and (hand & called_fail).bit_count() < 4


def _gave_up_hold(card_bit: int, called_fail: int) -> Callable[[int], bool]:
    """Broken when this was the picker's last called-suit card and others were left."""
    return lambda hand: hand & called_fail == card_bit and bool(hand & ~card_bit)


def _without(called_fail: int) -> Callable[[int], bool]:
    return lambda hand: not hand & called_fail


class PlayRules(SheepsheadFields):
    """``requirements`` and ``legal_plays``, for the hand state."""

    def requirements(self, seat: int, card: Card) -> tuple[Requirement, ...]:
        if self.phase != self.PLAY:
            return ()
        rules = self.game.rules
        found: list[Requirement] = []
        picker = seat == self.picker
        call = self.call
        under = self._live_under() if picker else None
        called = self.called_bit
        if (
            picker
            and not self.played_by[seat]
            and call is not None
            and call.value == "ace"
            and not self.bury_checked
        ):
            found.append(
                Requirement(
                    rules["sheepshead.bury.keep-called-suit"],
                    broken_by=_without(self.called_fail),
                    reason=SAY("keep_called_suit", suit=call.suit),
                )
            )
        trick = self.current
        if not trick.cards:
            if under is not None and card == under:
                found.append(self._under_waits(under))
            elif (
                not picker
                and self._called_live()
                and card.bit != called
                and self.called_fail >> card & 1
                and call is not None
            ):
                found.append(
                    Requirement(
                        rules["sheepshead.partner.lead-called-ace"],
                        broken_by=_not_running(called, self.called_fail),
                        reason=SAY("lead_called", card=call.card),
                    )
                )
            return tuple(found)
        lead = trick.cards[0]
        called_trick = bool(self.called_fail >> lead & 1)
        follows = FOLLOWING.follows(lead, card)
        if (
            picker
            and call is not None
            and call.value == "under"
            and (under is not None or self.under is None)
        ):
            if under is None:  # the under card was not recorded
                if not called_trick and not follows:
                    held_two = _two_or_more(FOLLOWING.led_cards(lead))
                    found.append(replace(FOLLOWING.demand(lead), forbidden=0, broken_by=held_two))
                return tuple(found)
            if called_trick and card != under:
                found.append(
                    Requirement(
                        rules["sheepshead.under.must-play-under"],
                        forbidden=under.bit,
                        reason=SAY("play_under", card=under),
                    )
                )
            elif not called_trick and card == under:
                found.append(self._under_waits(under))
            if not (called_trick and card == under):
                found += FOLLOWING.requirements(lead, card, unheld=under.bit)
            return tuple(found)
        found += FOLLOWING.requirements(lead, card)
        if (
            not picker
            and called_trick
            and self._called_live()
            and card.bit != called
            and call is not None
        ):
            found.append(
                Requirement(
                    rules["sheepshead.partner.must-play-called-ace"],
                    forbidden=called,
                    reason=SAY("play_called", card=call.card),
                )
            )
        if (
            picker
            and call is not None
            and call.value == "ace"
            and not self.called_led
            and self.called_fail >> card & 1
        ):
            found.append(
                Requirement(
                    rules["sheepshead.picker.keep-called-suit"],
                    broken_by=_gave_up_hold(card.bit, self.called_fail),
                    reason=SAY("keep_last", suit=call.suit),
                )
            )
        return tuple(found)

    def _under_waits(self, under: Card) -> Requirement:
        return Requirement(
            self.game.rules["sheepshead.under.keep-under"],
            broken_by=_more_than(under.bit),
            reason=SAY("under_waits", card=under),
        )

    def legal_plays(self, seat: int, hand: int) -> int:
        if self.phase != self.PLAY or not hand:
            return 0
        picker = seat == self.picker
        call = self.call
        under = self._live_under() if picker else None
        called = self.called_bit
        trick = self.current
        if not trick.cards:
            legal = hand
            if under is not None and hand != under.bit:
                legal &= ~under.bit
            if (
                not picker
                and hand & called
                and self._called_live()
                and (hand & self.called_fail).bit_count() < 4
            ):
                legal &= ~(self.called_fail & ~called)
            return legal
        lead = trick.cards[0]
        called_trick = self.called_fail >> lead & 1
        if picker and call is not None and call.value == "under":
            if under is not None:
                if called_trick and hand & under.bit:
                    return under.bit
                rest = hand & ~under.bit
                if not rest:
                    return hand
                return FOLLOWING.plays(rest, lead)
            if self.under is None:
                same = hand & FOLLOWING.led_cards(lead)
                return hand if called_trick or same.bit_count() < 2 else same
        follow = FOLLOWING.plays(hand, lead)
        if not picker and called_trick and hand & called and self._called_live():
            return called
        if (
            picker
            and call is not None
            and call.value == "ace"
            and not self.called_led
            and follow == hand
        ):
            hold = hand & self.called_fail
            if hold.bit_count() == 1 and hand != hold:
                follow &= ~hold
        return follow
