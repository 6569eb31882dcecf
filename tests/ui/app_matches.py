"""Matches for the app's tests, recorded through the real ledger: quick-entry results,
hands played card by card, and a hand with a penalty let stand."""

from __future__ import annotations

import random
from dataclasses import replace

from scorekeeper.cards import cards_in
from scorekeeper.events import Event
from scorekeeper.games import get_game
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo

EUCHRE_PLAYERS = ("Ann", "Bo", "Cy", "Di")


def euchre_info(name: str = "Friday Euchre", **options) -> MatchInfo:
    game = get_game("euchre")
    return MatchInfo(name, "euchre", game.settings(**options), EUCHRE_PLAYERS)


def euchre_results(ledger: Ledger, results: list[tuple[int, int]]) -> None:
    """Quick-enter hands as (makers' side, makers' tricks)."""
    for makers, tricks in results:
        ledger.quick({"makers": makers, "tricks": tricks})


def euchre_renege_let_stand(ledger: Ledger, seed: int = 0) -> int:
    """Deal and play a hand with known hands where the first player able to break follow-suit
    does so, and the table lets it stand; the index of the hand."""
    game = ledger.game
    number = len(ledger.hands)
    for event in game.deal(random.Random(seed), ledger.settings, ledger.next_dealer):
        ledger.record(event)
    ruled = False
    while not ledger.hands[number].is_over:
        state = ledger.current.state
        if state.phase == state.PLAY and not ruled:
            seat = state.to_act
            illegal = state.hands[seat] & ~state.legal_plays(seat, state.hands[seat])
            if illegal:
                ruling = ledger.record(Event("play", seat=seat, card=next(cards_in(illegal))))
                assert ruling.violations, "an illegal play must be ruled on"
                ledger.decide(number, ruling.event_index, "stand")
                ruled = True
                continue
        choices = state.legal_events()
        ledger.record(next((e for e in choices if e.kind != "pass"), choices[0]))
    assert ruled, f"seed {seed} gave no chance to renege"
    return number


def euchre_hidden_hand(ledger: Ledger, seed: int = 0) -> int:
    """A hand recorded card by card without anyone's cards known (as at a real table):
    the plays of a dealt hand, without its deal; the index of the hand."""
    game = ledger.game
    dealer = ledger.next_dealer
    dealt = game.new_hand(ledger.settings, dealer, None, ledger.next_number)
    events = game.deal(random.Random(seed), ledger.settings, dealer)
    for event in events:
        dealt.apply(event)
    number = len(ledger.hands)
    for event in events:
        if event.kind == "upcard":
            ledger.record(event)
    while dealt.phase != dealt.OVER:
        choices = dealt.legal_events()
        event = next((e for e in choices if e.kind != "pass"), choices[0])
        dealt.apply(event)
        ledger.record(event)
    assert ledger.hands[number].is_over
    return number


def correct_a_card(ledger: Ledger, number: int) -> int:
    """Correct one card of a hidden-hands hand (the upcard or a play) to a card nobody
    saw, so that the hand's points change; the index of the corrected event."""
    log = ledger.hands[number]
    before = ledger.outcome(number).points
    unseen = [card for card in ledger.game.deck if not log.state.seen >> card & 1]
    for index, event in enumerate(list(log.events)):
        if event.kind not in ("upcard", "play"):
            continue
        for card in unseen:
            try:
                ledger.correct(number, index, replace(event, card=card))
            except ValueError:
                continue
            outcome = ledger.outcome(number)
            if outcome is not None and outcome.points != before:
                return index
            ledger.undo()
    raise AssertionError("no single card's correction changes this hand's points")
