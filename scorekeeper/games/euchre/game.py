"""The Euchre game object: what the game declares (its actions and words, its winning,
its samples) and its deal; the package's docstring tells the rules it follows."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import product
from typing import Any

from scorekeeper.advice.common import Advice
from scorekeeper.cards import EUCHRE_DECK, Card
from scorekeeper.events import Event
from scorekeeper.games.actions import (
    CARD,
    CHOICE,
    CLAIM,
    DEAL,
    DEALT_SHOWN,
    FLAG,
    PASS,
    PLAY,
    RESULT,
    SEAT,
    SUIT,
    WORD,
    Action,
)
from scorekeeper.games.base import (
    Game,
    HandOutcome,
    QuickEntry,
    ResultError,
    Settings,
    Tally,
)
from scorekeeper.games.euchre import advice, club
from scorekeeper.games.euchre.hand import SEATS, EuchreHand
from scorekeeper.games.euchre.quick import QUICK_FORMS, TRICKS
from scorekeeper.games.euchre.report import REPORT
from scorekeeper.games.euchre.rulebook import OPTIONS, PRESETS, RULES, STANDARD, TARGET
from scorekeeper.games.euchre.samples import SAMPLES
from scorekeeper.games.euchre.scoring import (
    EuchreTally,
    HandResult,
    outcome,
    result_from_data,
    score_hand,
)
from scorekeeper.games.euchre.words import (
    DefendAloneWords,
    DiscardWords,
    NameTrumpWords,
    OrderUpWords,
    UpcardWords,
)
from scorekeeper.games.report import Rate
from scorekeeper.games.tricks import deal_events, deal_round, from_left
from scorekeeper.games.winning import Winning

__all__ = ["GAME", "Euchre", "EuchreHand", "EuchreTally", "HandResult"]

PACKETS = (2, 3)
"""How the cards are dealt, from the dealer's left: two cards each round the table, then
three each."""
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
    winning = Winning(target=TARGET)
    roles = ("maker",)
    record_fields = ("trump", "alone", "defender_alone", "result")
    club_formats = (club.FORMAT,)
    rates = (Rate("made rate", "made", "made trump"),)
    quick_forms = QUICK_FORMS
    actions = (
        DEAL,
        Action(
            "upcard",
            CARD,
            {"card": CARD},
            UpcardWords("upcard"),
            dealt=DEALT_SHOWN,
            about="the turned-up card of the kitty",
        ),
        PASS,
        Action(
            "order_up",
            CHOICE,
            {"seat": SEAT, "alone": FLAG},
            OrderUpWords("order up"),
            about="orders up the upcard in the first round",
        ),
        Action(
            "name_trump",
            CHOICE,
            {"seat": SEAT, "suit": SUIT, "alone": FLAG},
            NameTrumpWords("trump call"),
            about="names trump in the second round",
        ),
        Action(
            "discard",
            CARD,
            {"card": CARD},
            DiscardWords("discard"),
            unseen=True,
            about="the dealer's discard (`card` left out when unseen)",
        ),
        Action(
            "call",
            CHOICE,
            {"seat": SEAT, "value": WORD},
            DefendAloneWords("call"),
            about="a defender goes alone (`value` = `alone`)",
        ),
        PLAY,
        CLAIM,
        RESULT,
    )
    report = REPORT
    samples = SAMPLES

    def sides(self, settings: Settings) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    def new_hand(
        self,
        settings: Settings,
        dealer: int,
        standing: Sequence[int] | None = None,
        number: int = 0,
    ) -> EuchreHand:
        if not 0 <= dealer < SEATS:
            raise ValueError(f"dealer {dealer} is not a seat (0 to 3)")
        return EuchreHand(self, settings, dealer)

    def deal(self, rng: random.Random, settings: Settings, dealer: int) -> list[Event]:
        """Five cards each, two then three from the dealer's left, in the order dealt, and
        the kitty's top card."""
        hands, kitty = deal_round(EUCHRE_DECK, rng, from_left(dealer, SEATS), PACKETS)
        return [*deal_events(hands, sort=False), UPCARDS[kitty[0]]]

    def score_hand(self, state: EuchreHand) -> HandOutcome:
        return score_hand(state)

    def score_quick(self, entry: QuickEntry) -> HandOutcome:
        return outcome(entry.settings, result_from_data(entry.settings, entry.data))

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
        return EuchreTally(settings, self.winning)

    def hand_stats(self, outcome: HandOutcome) -> dict[int, dict[str, int]]:
        """For the seat that made trump: hands made and hands euchred."""
        details = outcome.details
        if details.get("maker") is None:
            return {}
        euchred = int(details["result"] == "euchred")
        return {details["maker"]: {"made trump": 1, "made": 1 - euchred, "euchred": euchred}}


GAME = Euchre()
