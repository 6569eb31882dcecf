"""The California Jack game object: what the game declares (its actions and words, its winning,
its samples) and its deal; the package's docstring tells the rules it follows."""

from __future__ import annotations

import random
from collections.abc import Sequence

from scorekeeper.advice.common import Advice
from scorekeeper.cards import FULL_DECK
from scorekeeper.events import Event
from scorekeeper.games.actions import CARD, CLAIM, DEAL, DEALT_SHOWN, PLAY, RESULT, SEAT, Action
from scorekeeper.games.base import Game, HandOutcome, QuickEntry, Settings, Tally
from scorekeeper.games.california_jack import advice, scoring
from scorekeeper.games.california_jack.hand import HAND_SIZE, SEATS, CaliforniaJackHand
from scorekeeper.games.california_jack.quick import QUICK_FORMS
from scorekeeper.games.california_jack.report import REPORT
from scorekeeper.games.california_jack.rulebook import (
    FIRST_TO_TEN,
    ID,
    MATCH_GAMES,
    PRESETS,
    RULES,
    TRUMP_OPTIONAL,
)
from scorekeeper.games.california_jack.samples import SAMPLES
from scorekeeper.games.california_jack.words import DrawWords, TrumpCardWords
from scorekeeper.games.tricks import deal_events, deal_round, from_left
from scorekeeper.games.winning import Winning


class CaliforniaJack(Game[CaliforniaJackHand]):
    id = ID
    title = "California Jack"
    seats = SEATS
    deck = FULL_DECK
    rules = RULES
    presets = PRESETS
    default_preset = FIRST_TO_TEN
    options = (MATCH_GAMES, TRUMP_OPTIONAL)
    winning = Winning(target=MATCH_GAMES)
    roles = ("winner",)
    """The totals count games won; the first to the match's games wins it."""
    quick_forms = QUICK_FORMS
    actions = (
        DEAL,
        Action(
            "trump_card",
            CARD,
            {"card": CARD},
            TrumpCardWords("trump card"),
            dealt=DEALT_SHOWN,
            about="the bottom card of the pile, which fixes trump",
        ),
        PLAY,
        Action(
            "draw",
            CARD,
            {"seat": SEAT, "card": CARD},
            DrawWords("draw", done="Drawn from the pile"),
            unseen=True,
            together="d",
            hidden=True,
            draws=True,
            about="a card drawn from the pile (`card` left out when unseen)",
        ),
        CLAIM,
        RESULT,
    )
    report = REPORT
    samples = SAMPLES

    def new_hand(
        self,
        settings: Settings,
        dealer: int,
        standing: Sequence[int] | None = None,
        number: int = 0,
    ) -> CaliforniaJackHand:
        if not 0 <= dealer < SEATS:
            raise ValueError(f"dealer {dealer} is not a seat (0 or 1)")
        return CaliforniaJackHand(self, settings, dealer)

    def deal(self, rng: random.Random, settings: Settings, dealer: int) -> list[Event]:
        """Both hands (the non-dealer's first), the draw pile top first and the trump card:
        the pile's bottom card."""
        hands, pile = deal_round(FULL_DECK, rng, from_left(dealer, SEATS), (1,) * HAND_SIZE)
        return [*deal_events(hands), Event("deal", cards=pile), Event("trump_card", card=pile[-1])]

    def score_hand(self, state: CaliforniaJackHand) -> HandOutcome:
        """The game's outcome: the first penalty let stand decides it, else the totals
        when play stopped (a hand stopped early: the higher total)."""
        penalty = state.penalties[0] if state.penalties else None
        ended = state.ended or scoring.ENDED_STOPPED
        return scoring.outcome(state.standing(), ended, penalty, len(state.tricks))

    def score_quick(self, entry: QuickEntry) -> HandOutcome:
        return scoring.quick_outcome(entry.data)

    def advise(self, state: CaliforniaJackHand, seat: int) -> Advice:
        return advice.advise(state, seat)

    def new_tally(self, settings: Settings) -> Tally:
        return scoring.GamesWonTally(settings.get(MATCH_GAMES))


GAME = CaliforniaJack()
