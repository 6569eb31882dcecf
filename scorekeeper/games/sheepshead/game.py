"""The Sheepshead game object: deck, seats, rules, options, and its hands and scores."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from scorekeeper.advice.common import Advice
from scorekeeper.events import Event
from scorekeeper.games.actions import (
    ANSWER,
    CARD,
    CARDS,
    CHOICE,
    CLAIM,
    DATA,
    DEAL,
    DEALT_HIDDEN,
    PASS,
    PLAY,
    RESULT,
    SEAT,
    WORD,
    Action,
)
from scorekeeper.games.base import Game, HandOutcome, QuickEntry, Settings
from scorekeeper.games.report import Rate
from scorekeeper.games.sheepshead import advice, club, scoring, words
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
from scorekeeper.games.sheepshead.words import BlindWords, BuryWords, CallWords, PickWords
from scorekeeper.games.tricks import deal_events, deal_round
from scorekeeper.games.winning import Winning


class Sheepshead(Game[SheepsheadHand]):
    id = "sheepshead"
    title = "Sheepshead"
    seats = SEATS
    deck = DECK
    rules = RULES
    presets = PRESETS
    default_preset = STANDARD
    options = OPTIONS
    winning = Winning()
    """No target: a match is the hands the table plays."""
    roles = ("picker", "partner")
    record_fields = ("call", "type")
    club_formats = (club.FORMAT,)
    rates = (Rate("picker win rate", "picks won", "picks"),)
    quick_forms = QUICK_FORMS
    actions = (
        DEAL,
        Action(
            "blind",
            CARDS,
            {"cards": CARDS},
            BlindWords("blind"),
            dealt=DEALT_HIDDEN,
            about="the blind, when seen",
        ),
        Action("pick", CHOICE, {"seat": SEAT}, PickWords("pick"), about="takes the blind"),
        PASS,
        Action(
            "bury",
            CARDS,
            {"cards": CARDS},
            BuryWords("bury"),
            unseen=True,
            about="the picker's two buried cards (left out when unseen)",
        ),
        Action(
            "call",
            CHOICE,
            {"value": WORD, "card": CARD, "under": CARD, "data": DATA},
            CallWords("call"),
            about="`value` = `ace` | `under` | `ten` | `jack` | `alone`; the called `card`; "
            "the `under` card (optional)",
        ),
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

    def question_words(self, question: dict[str, Any]) -> str:
        return words.question_words(question)

    def new_hand(
        self,
        settings: Settings,
        dealer: int,
        standing: Sequence[int] | None = None,
        number: int = 0,
    ) -> SheepsheadHand:
        return SheepsheadHand(self, settings, dealer)

    def deal(self, rng: random.Random, settings: Settings, dealer: int) -> list[Event]:
        hands, blind = deal_round(DECK, rng, range(SEATS), (HAND_SIZE,))
        return [*deal_events(hands), Event("blind", cards=tuple(sorted(blind)))]

    def score_hand(self, state: SheepsheadHand) -> HandOutcome:
        return scoring.score_hand(state)

    def score_quick(self, entry: QuickEntry) -> HandOutcome:
        return scoring.quick_outcome(entry.settings, entry.data)

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
