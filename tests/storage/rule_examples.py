"""The examples in docs/examples that show the rules as the specification words them:
Spades ``classic`` (one contract per side, trick 1 recorded in any seat order), the Euchre
kata's lowest discard judged from hidden hands, and Sheepshead's going alone by choice.

Each is played by the engine and its advice, with the one departure the example shows;
rewrite them with ``python -m tests.storage.rule_examples``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from scorekeeper.advice import advise
from scorekeeper.cards import Suit, cards_in
from scorekeeper.events import Event
from scorekeeper.games import get_game
from scorekeeper.games.base import HandState
from scorekeeper.games.euchre.tables import TABLES, lowest_cards
from scorekeeper.ledger import Ledger
from scorekeeper.match import HandRecord, MatchInfo
from scorekeeper.matchfile import write_match
from tests.storage.samples import EXAMPLES, PLAYERS

Step = Callable[[HandState], Event | None]
"""The example's own event for the state at hand, or None to play as the advice does."""


def _info(game_id: str, name: str, preset: str, **options: object) -> MatchInfo:
    game = get_game(game_id)
    return MatchInfo(
        name=name,
        game=game_id,
        settings=game.settings(preset, **options),
        players=PLAYERS[: game.seats],
        first_dealer=0,
        played_on="2024-05-04",
        place="Kitchen table",
    )


def _play(ledger: Ledger, rng: random.Random, step: Step) -> None:
    """Deal with every hand known and play one hand: the example's events where ``step``
    gives one, the advice's elsewhere; the table lets every ruling stand."""
    for event in ledger.game.deal(rng, ledger.settings, ledger.next_dealer):
        ledger.record(event)
    number = len(ledger.hands) - 1
    log = ledger.hands[number]
    while not log.is_over:
        if log.pending:
            ledger.decide(number, log.pending[0].event_index, "stand")
            continue
        ledger.record(step(log.state) or advise(log.state).event)


# -- Spades classic -----------------------------------------------------------------------


def _lowest_club_from_the_dealer(state: HandState) -> Event | None:
    """Trick 1 recorded from the dealer's seat round to the left of the dealer: each plays
    their lowest club (a heart or diamond when void)."""
    if state.phase != state.PLAY or state.trick_number != 1:
        return None
    played = state.current.seats if state.current is not None else []
    seat = next(
        (state.dealer - step) % state.seats
        for step in range(state.seats)
        if (state.dealer - step) % state.seats not in played
    )
    held = list(cards_in(state.hands[seat] or 0))
    clubs = [card for card in held if card.suit == Suit.CLUBS]
    red = [card for card in held if card.suit in (Suit.HEARTS, Suit.DIAMONDS)]
    return Event("play", seat=seat, card=min(clubs or red or held, key=lambda card: card.rank))


def spades_classic() -> Ledger:
    ledger = Ledger(_info("spades", "Spades by the book", "classic"))
    _play(ledger, random.Random(3), _lowest_club_from_the_dealer)
    ledger.quick(
        {"contracts": [1, 5], "nils": ["none", "nil", "none", "none"], "tricks": [4, 0, 4, 5]}
    )
    return ledger


# -- Euchre kata --------------------------------------------------------------------------


def _highest_plain_discard(state: HandState) -> Event | None:
    """The dealer discards their highest card that is neither trump nor the lowest held."""
    if state.phase != "discard" or state.trump is None:
        return None
    table = TABLES[state.trump]
    hand = state.hands[state.dealer] or 0
    others = hand & ~lowest_cards(state.trump, hand) & ~table.trump_mask
    if not others:
        return None
    return Event("discard", card=max(cards_in(others), key=lambda card: card.rank))


def euchre_kata() -> tuple[MatchInfo, list[HandRecord]]:
    """A hand whose dealer discards a high card: the hands are written hidden, so the
    ruling is proved when the dealer later plays a lower card."""
    ledger = Ledger(_info("euchre", "Euchre, the kata", "kata"))
    rng = random.Random(4)
    while True:
        _play(ledger, rng, _highest_plain_discard)
        if any(e.kind == "discard" for e in ledger.hands[-1].events):
            break
    (hand,) = [
        record for record in ledger.records() if any(e.kind == "discard" for e in record.events)
    ]
    hidden = [e for e in hand.events if e.kind not in ("deal", "decision")]
    return ledger.info, [HandRecord(hand.dealer, hidden)]


# -- Sheepshead ---------------------------------------------------------------------------


ALONE = Event("call", value="alone")


def _alone_when_a_partner_could_be_called(state: HandState) -> Event | None:
    legal = state.legal_events() if state.phase == "calling" else []
    return ALONE if ALONE in legal and len(legal) > 1 else None


def sheepshead_alone() -> Ledger:
    """The picker goes alone although a partner could be called."""
    info = _info("sheepshead", "Sheepshead, alone by choice", "standard", alone_by_choice=True)
    rng = random.Random(5)
    while True:
        ledger = Ledger(info)
        _play(ledger, rng, _alone_when_a_partner_could_be_called)
        if ALONE in ledger.hands[-1].events:
            return ledger


def rule_examples() -> dict[str, tuple[MatchInfo, list[HandRecord]]]:
    """Each example's file name and what it holds."""
    spades, sheepshead = spades_classic(), sheepshead_alone()
    return {
        "spades_classic.json": (spades.info, spades.records()),
        "euchre_kata.json": euchre_kata(),
        "sheepshead_alone_by_choice.json": (sheepshead.info, sheepshead.records()),
    }


def write_rule_examples(folder: Path = EXAMPLES) -> None:
    for name, (info, records) in rule_examples().items():
        write_match(folder / name, info, records)


if __name__ == "__main__":
    write_rule_examples()
