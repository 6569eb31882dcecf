"""Sample matches for the storage tests."""

from __future__ import annotations

import random
from pathlib import Path

from scorekeeper.advice import advise
from scorekeeper.cards import Card, cards_in
from scorekeeper.events import Event
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.games.base import Settings, Violation
from scorekeeper.ledger import Ledger
from scorekeeper.match import HandRecord, MatchInfo
from scorekeeper.matchfile import load_match, write_match


def euchre_info(name: str = "Friday euchre", players=("Ann", "Ben", "Cy", "Di")) -> MatchInfo:
    return MatchInfo(
        name=name,
        game="euchre",
        settings=Settings("standard", {"stick_the_dealer": True}),
        players=tuple(players),
        first_dealer=1,
        played_on="2024-05-04",
        place="Kitchen table",
    )


def two_hands() -> list[HandRecord]:
    return [
        HandRecord(1, [Event("upcard", card=Card.parse("JH")), Event("pass", seat=2)]),
        HandRecord(2, [Event("result", data={"makers": 1, "tricks": 5})]),
    ]


# -- whole matches played through the ledger ----------------------------------------------

PLAYERS = ("Ann", "Ben", "Cy", "Di", "Eve")


def _follow_rule(violation: Violation) -> bool:
    return "follow" in violation.rule.id or "renege" in violation.rule.id


def _renege(ledger: Ledger) -> bool:
    """Play a card that breaks following suit, when the seat to act can; True when done."""
    state = ledger.current.state
    if state.phase != state.PLAY or not state.current or not state.current.cards:
        return False
    seat = state.to_act
    hand = state.hands[seat]
    for card in cards_in(hand & ~state.legal_plays(seat, hand)):
        ruling = ledger.record(Event("play", seat=seat, card=card))
        if any(_follow_rule(violation) for violation in ruling.violations):
            return True
        ledger.undo()
    return False


def play_dealt_hand(ledger: Ledger, rng: random.Random, renege: bool) -> bool:
    """Deal with every hand known and play the hand as the advice plays it, so that bids
    and scores look like a real table's; with ``renege``, one seat fails to follow suit
    and the table lets it stand. True when the renege happened (a hand may offer no
    chance for it)."""
    for event in ledger.game.deal(rng, ledger.settings, ledger.next_dealer):
        ledger.record(event)
    number = len(ledger.hands) - 1
    log = ledger.hands[number]
    reneged = False
    while not log.is_over:
        if log.pending:
            ledger.decide(number, log.pending[0].event_index, "stand")
        elif renege and not reneged and _renege(ledger):
            reneged = True
        else:
            ledger.record(advise(log.state).event)
    return reneged


def match_info(game_id: str) -> MatchInfo:
    game = get_game(game_id)
    return MatchInfo(
        name=f"{game.title} at the kitchen table",
        game=game_id,
        settings=game.settings(),
        players=PLAYERS[: game.seats],
        first_dealer=0,
        played_on="2024-05-04",
        place="Kitchen table",
    )


def played_match(game_id: str, seed: int = 1) -> Ledger:
    """A match of ``game_id``: a card-by-card hand with a renege let stand, then a hand
    entered as its result (quick entry) unless the game is already over."""
    rng = random.Random(seed)
    while True:
        ledger = Ledger(match_info(game_id))
        if play_dealt_hand(ledger, rng, renege=True):
            break
    if not ledger.game_over:
        ledger.quick(ledger.game.samples.quick)
    return ledger


def clean_match(game_id: str, seed: int = 1) -> Ledger:
    """A match of ``game_id`` with one hand played card by card by the rules."""
    ledger = Ledger(match_info(game_id))
    play_dealt_hand(ledger, random.Random(seed), renege=False)
    return ledger


def example_match(game_id: str) -> Ledger:
    """The documented example of ``game_id`` (``docs/examples/<game>.json``): a hand with a
    renege let stand, a quick-entry hand, then a hand played by the rules."""
    ledger = played_match(game_id)
    if not ledger.game_over:
        play_dealt_hand(ledger, random.Random(2), renege=False)
    return ledger


EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def example_files() -> list[Path]:
    """The example file of each registered game (one not yet written is missing)."""
    return [EXAMPLES / f"{game_id}.json" for game_id in GAME_MODULES]


def write_examples(folder: Path = EXAMPLES) -> None:
    """Rewrite the example files: ``python -m tests.storage.samples``."""
    for game_id in GAME_MODULES:
        ledger = example_match(game_id)
        write_match(folder / f"{game_id}.json", ledger.info, ledger.records())


if __name__ == "__main__":
    write_examples()


def california_jack_decided_in_one_game() -> Ledger:
    """The California Jack example read as a match of one game: its later hands were
    recorded after the match was decided."""
    example = load_match(EXAMPLES / "california_jack.json")
    info = example.info
    settings = example.game.settings(info.settings.preset, match_games=1)
    return Ledger(
        MatchInfo(info.name, info.game, settings, info.players, info.first_dealer),
        example.records(),
    )
