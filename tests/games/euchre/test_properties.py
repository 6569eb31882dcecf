"""Invariants of random Euchre hands: dealt with ``GAME.deal``, played with random
``legal_events`` under every preset and house option."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cards import cards_in
from scorekeeper.games import get_game
from scorekeeper.games.euchre.hand import EuchreHand
from scorekeeper.games.euchre.rulebook import DEFEND_ALONE
from scorekeeper.playout import hidden, play_hand

GAME = get_game("euchre")
SETTINGS = [
    GAME.settings(),
    GAME.settings("kata"),
    GAME.settings(defend_alone=True),
    GAME.settings(stick_the_dealer=True, target=5),
]
hands = st.tuples(st.integers(0, 2**32 - 1), st.sampled_from(SETTINGS), st.integers(0, 3))


def _walk(seed: int, rules, dealer: int) -> EuchreHand:
    """Play one random hand, checking every event and the card counts; the final state."""
    rng = random.Random(seed)
    state = GAME.new_hand(rules, dealer)
    for event in GAME.deal(rng, rules, dealer):
        state.apply(event)
    while True:
        options = state.legal_events()
        if not options:
            return state
        event = options[rng.randrange(len(options))]
        assert state.check(event) == [], event
        _check_counts(state)
        state.apply(event)


def _check_counts(state: EuchreHand) -> None:
    for seat, hand in enumerate(state.hands):
        assert hand.bit_count() == state.counts[seat]
        assert not hand & state.seen


@settings(max_examples=200, deadline=None)
@given(hands)
def test_random_hands_finish_with_the_right_tricks(case):
    seed, rules, dealer = case
    state = _walk(seed, rules, dealer)
    assert state.phase == "over"
    if state.maker is None:
        assert state.tricks == [] and GAME.score_hand(state).points == (0, 0)
        return
    assert len(state.tricks) == 5 and sum(state.taken) == 5
    players = 4 - state.alone - (state.defender_alone is not None)
    seen = 0
    for trick in state.tricks:
        assert len(trick.cards) == players and trick.points == 0  # Euchre cards carry no points
        assert all(state.active[seat] for seat in trick.seats)
        assert trick.winner in trick.seats
        table = state.table
        led = table.suit_of[trick.cards[0]]
        eligible = [c for c in trick.cards if table.suit_of[c] in (led, 4)]
        best = max(eligible, key=table.strength.__getitem__)
        assert trick.seats[trick.cards.index(best)] == trick.winner
        for card in trick.cards:
            assert not seen >> card & 1
            seen |= 1 << card
    assert state.counts == [0 if state.active[s] else 5 for s in range(4)]


@settings(max_examples=200, deadline=None)
@given(hands)
def test_legal_plays_agree_with_requirements_and_are_never_empty(case):
    seed, rules, dealer = case
    rng = random.Random(seed)
    state = GAME.new_hand(rules, dealer)
    for event in GAME.deal(rng, rules, dealer):
        state.apply(event)
    while options := state.legal_events():
        if state.phase == "play":
            seat = state.to_act
            hand = state.hands[seat]
            legal = state.legal_plays(seat, hand)
            assert legal and legal & ~hand == 0
            for card in cards_in(hand):
                broken = any(
                    r.forbidden & hand or (r.broken_by is not None and r.broken_by(hand))
                    for r in state.requirements(seat, card)
                )
                assert (legal >> card & 1) == (not broken), card
            assert {e.card for e in options} == set(cards_in(legal))
        state.apply(options[rng.randrange(len(options))])


@settings(max_examples=150, deadline=None)
@given(hands)
def test_scoring_invariants(case):
    seed, rules, dealer = case
    state, _ = play_hand(GAME, rules, random.Random(seed), dealer)
    outcome = GAME.score_hand(state)
    points = outcome.points
    assert min(points) == 0 and max(points) in ((0,) if state.maker is None else (1, 2, 4))
    if state.maker is not None:
        tricks = state.side_tricks(state.makers)
        scorer = state.makers if tricks >= 3 else 1 - state.makers
        assert points[scorer] > 0
        assert (points[scorer] == 4) == (
            (tricks == 5 and state.alone) or (tricks < 3 and state.defender_alone is not None)
        )
        data = {"makers": state.makers, "tricks": tricks, "alone": state.alone}
        if rules.get(DEFEND_ALONE):
            data["defender_alone"] = state.defender_alone is not None
        assert GAME.quick_outcome(rules, dealer, data).points == points


@settings(max_examples=100, deadline=None)
@given(hands)
def test_hidden_hands_keep_counts_and_reach_the_same_end(case):
    seed, rules, dealer = case
    known, events = play_hand(GAME, rules, random.Random(seed), dealer)
    state = GAME.new_hand(rules, dealer)
    for event in hidden(GAME, events):
        if event.kind == "discard":
            event = type(event)("discard")  # a discard the table did not see
        assert state.check(event) == [], event
        state.apply(event)
        assert all(hand is None for hand in state.hands)
        on_table = sum(len(t.cards) for t in state.tricks) + len(
            state.current.cards if state.current else ()
        )
        assert sum(state.counts) == 20 - on_table + (state.phase == "discard")
    assert state.phase == "over" and state.taken == known.taken and state.counts == known.counts
    assert GAME.score_hand(state) == GAME.score_hand(known)
