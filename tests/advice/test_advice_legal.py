"""Advice is never a rule broken: over random states of every game, under its presets and
house options, the advice is one of the legal events and the state finds nothing wrong
with it (a play meets every requirement on the seat's known hand)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.advice import NoAdvice, advise
from scorekeeper.games import get_game
from scorekeeper.playout import random_choice

EUCHRE = get_game("euchre")
SPADES = get_game("spades")
SHEEPSHEAD = get_game("sheepshead")
CALIFORNIA_JACK = get_game("california_jack")
TABLES = [
    (EUCHRE, EUCHRE.settings(), None),
    (EUCHRE, EUCHRE.settings("kata"), None),
    (EUCHRE, EUCHRE.settings(stick_the_dealer=True, defend_alone=True), None),
    (SPADES, SPADES.settings(), (0, 150)),
    (SPADES, SPADES.settings("modern", double_nil=True), (210, 0)),
    (SPADES, SPADES.settings(cutthroat=True), (0, 120, 40, 300)),
    (SHEEPSHEAD, SHEEPSHEAD.settings(), None),
    (SHEEPSHEAD, SHEEPSHEAD.settings(all_pass="leaster"), None),
    (CALIFORNIA_JACK, CALIFORNIA_JACK.settings(), None),
]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(TABLES), st.floats(0, 1))
def test_advice_is_always_legal(seed: int, table, mix: float) -> None:
    """Seats choose at random or by the advice (``mix`` of each), so the advice meets states
    a sensible player would not reach; at every step the advice is checked."""
    game, rules, standing = table
    rng = random.Random(seed)
    dealer = rng.randrange(game.seats)
    state = game.new_hand(rules, dealer, standing)
    for event in game.deal(rng, rules, dealer):
        state.apply(event)
    pick = random_choice(rng)
    while options := state.legal_events():
        advice = advise(state)
        assert advice.event in options
        assert state.check(advice.event) == []
        if advice.event.kind == "play":
            seat, card = advice.event.seat, advice.event.card
            hand = state.hands[seat]
            for requirement in state.requirements(seat, card):
                assert not hand & requirement.forbidden, requirement.reason
                assert requirement.broken_by is None or not requirement.broken_by(hand)
        assert advice.reason and "\n" not in advice.reason
        event = advice.event if rng.random() < mix else pick(state, options)
        state.apply(event)
    try:
        advise(state)
    except NoAdvice as refusal:
        assert "over" in str(refusal)
    else:
        raise AssertionError("advice after the hand is over")
