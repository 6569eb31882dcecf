"""Example matches for the report tests: hands played card by card from seeded deals,
one ruling let stand, and long series entered as results."""

from __future__ import annotations

import dataclasses
import io
import random

from pypdf import PdfReader

from scorekeeper.cards import cards_in
from scorekeeper.games import get_game
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo

PLAYERS = ("Anna", "Ben", "Cleo", "Dan", "Eve")


def players_of(game_id: str) -> tuple[str, ...]:
    """The first of ``PLAYERS``, one a seat of the game."""
    return PLAYERS[: get_game(game_id).seats]


def new_ledger(game_id: str, players=None, name: str = "Friday night", **options) -> Ledger:
    game = get_game(game_id)
    info = MatchInfo(
        name,
        game_id,
        game.settings(**options),
        tuple(players or players_of(game_id)),
        played_on="2024-05-03",
        place="Cleo's kitchen",
    )
    return Ledger(info)


def play_hand(ledger: Ledger, rng: random.Random, break_a_rule: bool = False) -> bool:
    """Deal and play one hand with random legal choices; with ``break_a_rule`` the first
    play that can break a rule does, and the table lets it stand. True if a rule was broken."""
    log = ledger.current
    number = len(ledger.hands) - 1
    for event in ledger.game.deal(rng, ledger.settings, log.dealer):
        ledger.record(event)
    broke = False
    while not log.is_over:
        state = log.state
        seat = state.to_act
        if break_a_rule and not broke and state.phase == state.PLAY and state.hands[seat]:
            hand = state.hands[seat]
            illegal = hand & ~state.legal_plays(seat, hand)
            if illegal:
                card = next(cards_in(illegal))
                ruling = ledger.record(dataclasses.replace(_play_event(log), seat=seat, card=card))
                if ruling.violations:
                    ledger.decide(number, ruling.event_index, "stand")
                    broke = True
                continue
        ledger.record(rng.choice(state.legal_events()))
    return broke


def _play_event(log):
    return next(event for event in log.state.legal_events() if event.kind == "play")


def example_match(game_id: str, hands: int = 6, seed: int = 7, players=None, name="Friday night"):
    """A match of a few played hands, one of them with a ruling let stand."""
    ledger = new_ledger(game_id, players, name)
    rng = random.Random(seed)
    broke = False
    for _ in range(hands):
        if ledger.game_over:
            break
        broke |= play_hand(ledger, rng, break_a_rule=not broke)
    return ledger


def california_jack_series(hands: int) -> Ledger:
    """An open series of California Jack games entered as results."""
    ledger = new_ledger("california_jack")
    for number in range(hands):
        first = number % 3 != 0
        points = [10, 4] if first else [3, 12]
        honours = [["high"], ["jack"]] if first else [[], ["low", "jack"]]
        ledger.quick({"card_points": points, "honours": honours})
    return ledger


def pdf_text(data: bytes) -> list[str]:
    """The text of each page, as a reader extracts it."""
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]
