"""Euchre: four players, partners opposite, 24 cards, bowers, ordering up and going alone.

Presets: ``standard`` (default: a second bidding round naming another suit, going
alone, game to 10) and ``kata`` (the kata exactly: one bidding round, no going
alone, all pass = no score, a single hand). House options: ``stick_the_dealer``,
``defend_alone``, ``target`` (10, 5 or 11), ``renege`` (``points`` or ``replay``).

Sides: 0 = seats 0 and 2, 1 = seats 1 and 3 (shown as seats 1 & 3 and 2 & 4).

Events of a hand: ``deal`` per seat (optional, any time), ``upcard``, then ``pass`` /
``order_up`` (round 1) and ``pass`` / ``name_trump`` (round 2), the dealer's
``discard`` after an order up (card optional when unseen), then, when defending alone
is played and a maker went alone, each defender from the maker's left ``pass``es or
records ``call`` with ``value="alone"``; then ``play``s, or a ``claim``.

Quick entry: the fields are declared in :mod:`scorekeeper.games.euchre.quick`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import product
from operator import itemgetter
from typing import Any

from scorekeeper.advice.common import Advice
from scorekeeper.cards import EUCHRE_DECK, Card
from scorekeeper.events import Event
from scorekeeper.games.actions import CARD, CHOICE, CLAIM, DEAL, PLAY, RESULT, Action
from scorekeeper.games.base import Game, HandOutcome, QuickForm, ResultError, Settings, Tally
from scorekeeper.games.euchre import advice
from scorekeeper.games.euchre.hand import SEATS, EuchreHand
from scorekeeper.games.euchre.quick import QUICK_FORMS, TRICKS
from scorekeeper.games.euchre.report import REPORT
from scorekeeper.games.euchre.rulebook import OPTIONS, PRESETS, RULES, STANDARD
from scorekeeper.games.euchre.samples import SAMPLES
from scorekeeper.games.euchre.scoring import (
    EuchreTally,
    HandResult,
    outcome,
    result_from_data,
    score_hand,
)

__all__ = ["GAME", "Euchre", "EuchreHand", "EuchreTally", "HandResult"]

DEALT = tuple(
    itemgetter(2 * step, 2 * step + 1, 8 + 3 * step, 9 + 3 * step, 10 + 3 * step)
    for step in range(SEATS)
)
"""The positions in the shuffled deck each seat gets, from the dealer's left: two cards
each round the table, then three each."""
UPCARD_POSITION = 5 * SEATS
UPCARDS = tuple(Event("upcard", card=card) for card in Card._all)


class Euchre(Game[EuchreHand]):
    id = "euchre"
    title = "Euchre"
    seats = SEATS
    deck = EUCHRE_DECK
    rules = RULES
    presets = PRESETS
    default_preset = STANDARD
    options = OPTIONS
    quick_forms = QUICK_FORMS
    actions = (
        DEAL,
        Action("upcard", CARD),
        Action("pass", CHOICE),
        Action("order_up", CHOICE),
        Action("name_trump", CHOICE),
        Action("discard", CARD, unseen=True),
        Action("call", CHOICE),
        PLAY,
        CLAIM,
        RESULT,
    )
    report = REPORT
    samples = SAMPLES

    def sides(self, settings: Settings) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    def new_hand(
        self, settings: Settings, dealer: int, standing: Sequence[int] | None = None
    ) -> EuchreHand:
        if not 0 <= dealer < SEATS:
            raise ValueError(f"dealer {dealer} is not a seat (0 to 3)")
        return EuchreHand(self, settings, dealer)

    def deal(self, rng: random.Random, settings: Settings, dealer: int) -> list[Event]:
        """Five cards each, two then three from the dealer's left, and the kitty's top card."""
        cards = list(EUCHRE_DECK)
        rng.shuffle(cards)
        events = [
            Event("deal", seat=(dealer + step) % SEATS, cards=take(cards))
            for step, take in enumerate(DEALT, start=1)
        ]
        events.append(UPCARDS[cards[UPCARD_POSITION]])
        return events

    def score_hand(self, state: EuchreHand) -> HandOutcome:
        return score_hand(state)

    def score_quick(
        self,
        settings: Settings,
        dealer: int,
        form: QuickForm,
        data: dict[str, Any],
        standing: Sequence[int] | None,
    ) -> HandOutcome:
        return outcome(settings, result_from_data(settings, data))

    def hand_outcomes(self, settings: Settings) -> tuple[HandOutcome, ...]:
        """Every result quick entry takes with ``settings``: everyone passed, and each
        maker with the tricks the makers took or a renege let stand, alone or not,
        defended alone or not (the game's tally leaves a hand's points as they are)."""
        results: list[dict[str, Any]] = [{"passed": True}]
        for maker, alone, defender in product(range(SEATS), (False, True), (False, True)):
            played = {"maker": maker, "alone": alone, "defender_alone": defender}
            results += [{**played, "tricks": tricks} for tricks in range(TRICKS + 1)]
            results += [{**played, "renege": side} for side in (0, 1)]
        found = []
        for data in results:
            try:
                found.append(self.quick_outcome(settings, 0, data))
            except ResultError:
                continue  # not a result these settings play
        return tuple(found)

    def advise(self, state: EuchreHand, seat: int) -> Advice:
        return advice.advise(state, seat)

    def new_tally(self, settings: Settings) -> Tally:
        return EuchreTally(settings)

    def hand_stats(self, outcome: HandOutcome) -> dict[int, dict[str, int]]:
        """For the seat that made trump: hands made and hands euchred."""
        details = outcome.details
        if details.get("maker") is None:
            return {}
        euchred = int(details["result"] == "euchred")
        return {details["maker"]: {"made trump": 1, "made": 1 - euchred, "euchred": euchred}}


GAME = Euchre()
