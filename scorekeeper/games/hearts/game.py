"""The Hearts game: its actions, how it is won, the deal, scoring and quick entry."""

from __future__ import annotations

import random
from collections.abc import Sequence

from scorekeeper.cards import FULL_DECK
from scorekeeper.events import Event
from scorekeeper.games.actions import CARDS, CLAIM, DEAL, PLAY, RESULT, SEAT, Action
from scorekeeper.games.base import Advice, Game, HandOutcome, QuickEntry, Settings, Tally
from scorekeeper.games.hearts import advice
from scorekeeper.games.hearts.hand import HAND_SIZE, SEATS, HeartsHand
from scorekeeper.games.hearts.quick import QUICK_FORMS
from scorekeeper.games.hearts.report import REPORT
from scorekeeper.games.hearts.rulebook import GAME_TO, OPTIONS, PRESETS, RULES, STANDARD
from scorekeeper.games.hearts.samples import SAMPLES
from scorekeeper.games.hearts.scoring import HeartsTally, outcome, result_from_data, score_hand
from scorekeeper.games.hearts.words import PassCardsWords
from scorekeeper.games.report import Rate
from scorekeeper.games.tricks import deal_events, deal_round, from_left
from scorekeeper.games.winning import Winning

PASS_CARDS = Action(
    "pass_cards",
    CARDS,
    {"seat": SEAT, "cards": CARDS},
    PassCardsWords("pass"),
    unseen=True,
    count=3,
    about="the three cards a player passes face down (`cards` left out when unseen)",
)
"""A player's three cards passed face down: Hearts' own action."""


class Hearts(Game[HeartsHand]):
    id = "hearts"
    title = "Hearts"
    seats = SEATS
    deck = FULL_DECK
    rules = RULES
    presets = PRESETS
    default_preset = STANDARD
    options = OPTIONS
    winning = Winning(lowest=True, target=GAME_TO, hand_won="best")
    """The lowest total wins once a player reaches the target; a hand is won by the
    players who took the fewest points in it."""
    roles = ("moon", "jack")
    """Who shot the moon, and who took J♦ where it counts."""
    rates = (Rate("moon rate", "moons", "hands played"),)
    quick_forms = QUICK_FORMS
    actions = (DEAL, PASS_CARDS, PLAY, CLAIM, RESULT)
    report = REPORT
    samples = SAMPLES

    def new_hand(
        self,
        settings: Settings,
        dealer: int,
        standing: Sequence[int] | None = None,
        number: int = 0,
    ) -> HeartsHand:
        if not 0 <= dealer < SEATS:
            raise ValueError(f"dealer {dealer} is not a seat (0 to 3)")
        return HeartsHand(self, settings, dealer, number)

    def deal(self, rng: random.Random, settings: Settings, dealer: int) -> list[Event]:
        """Thirteen cards each, from the dealer's left."""
        return deal_events(deal_round(FULL_DECK, rng, from_left(dealer, SEATS), (HAND_SIZE,))[0])

    def score_hand(self, state: HeartsHand) -> HandOutcome:
        return score_hand(state)

    def score_quick(self, entry: QuickEntry) -> HandOutcome:
        return outcome(entry.settings, result_from_data(entry.settings, entry.data))

    def new_tally(self, settings: Settings) -> Tally:
        return HeartsTally(settings, self.winning)

    def advise(self, state: HeartsHand, seat: int) -> Advice:
        return advice.advise(state, seat)

    def hand_stats(self, outcome: HandOutcome) -> dict[int, dict[str, int]]:
        """Moons shot, and hands taken with no point."""
        taken = outcome.details.get("taken")
        stats: dict[int, dict[str, int]] = {}
        for seat in range(SEATS):
            counts = {"moons": int(outcome.details.get("moon") == seat)}
            if taken is not None:
                counts["hands with no point"] = int(taken[seat] == 0)
            stats[seat] = counts
        return stats


GAME = Hearts()
