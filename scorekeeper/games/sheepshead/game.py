"""The Sheepshead game object: deck, seats, rules, options, and its hands and scores."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from scorekeeper.advice.common import Advice
from scorekeeper.events import Event
from scorekeeper.games.actions import ANSWER, CARDS, CHOICE, CLAIM, DEAL, PLAY, RESULT, Action
from scorekeeper.games.base import Game, HandOutcome, QuickForm, Settings
from scorekeeper.games.sheepshead import advice, scoring
from scorekeeper.games.sheepshead.deck import DECK, HAND_SIZE, SEATS
from scorekeeper.games.sheepshead.hand import SheepsheadHand
from scorekeeper.games.sheepshead.quick import ANSWERS, QUICK_FORMS
from scorekeeper.games.sheepshead.report import REPORT
from scorekeeper.games.sheepshead.rulebook import (
    OPTIONS,
    POINT_VALUE,
    PRESETS,
    RULES,
    STANDARD,
)
from scorekeeper.games.sheepshead.samples import SAMPLES


class Sheepshead(Game[SheepsheadHand]):
    id = "sheepshead"
    title = "Sheepshead"
    seats = SEATS
    deck = DECK
    rules = RULES
    presets = PRESETS
    default_preset = STANDARD
    options = OPTIONS
    quick_forms = QUICK_FORMS
    actions = (
        DEAL,
        Action("blind", CARDS),
        Action("pick", CHOICE),
        Action("pass", CHOICE),
        Action("bury", CARDS, unseen=True),
        Action("call", CHOICE),
        PLAY,
        CLAIM,
        ANSWER,
        RESULT,
    )
    answers = ANSWERS
    money_option = POINT_VALUE
    report = REPORT
    samples = SAMPLES
    zero_sum = True  # the picking side wins what the defenders lose, and so on

    def new_hand(
        self, settings: Settings, dealer: int, standing: Sequence[int] | None = None
    ) -> SheepsheadHand:
        return SheepsheadHand(self, settings, dealer)

    def deal(self, rng: random.Random, settings: Settings, dealer: int) -> list[Event]:
        cards = list(DECK)
        rng.shuffle(cards)
        events = [
            Event(
                "deal",
                seat=seat,
                cards=tuple(sorted(cards[seat * HAND_SIZE : (seat + 1) * HAND_SIZE])),
            )
            for seat in range(SEATS)
        ]
        events.append(Event("blind", cards=tuple(sorted(cards[SEATS * HAND_SIZE :]))))
        return events

    def score_hand(self, state: SheepsheadHand) -> HandOutcome:
        return scoring.score_hand(state)

    def score_quick(
        self,
        settings: Settings,
        dealer: int,
        form: QuickForm,
        data: dict[str, Any],
        standing: Sequence[int] | None,
    ) -> HandOutcome:
        return scoring.quick_outcome(settings, data)

    def advise(self, state: SheepsheadHand, seat: int) -> Advice:
        return advice.advise(state, seat)

    def new_tally(self, settings: Settings) -> scoring.SheepsheadTally:
        return scoring.SheepsheadTally(settings)

    def hand_stats(self, outcome: HandOutcome) -> dict[int, dict[str, int]]:
        """Picks and picks won for the picker; a partner's hands as partner."""
        details = outcome.details
        if details.get("picker") is None:
            return {}
        stats = {details["picker"]: {"picks": 1, "picks won": int(details["won"])}}
        if details.get("partner") is not None:
            stats[details["partner"]] = {"partner": 1}
        return stats


GAME = Sheepshead()
