"""California Jack properties on random deals played with random legal events."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cards import cards_in
from scorekeeper.games import get_game
from scorekeeper.games.california_jack.scoring import DECK_CARD_POINTS, MAX_WINNING_TOTAL
from scorekeeper.playout import hidden, play_hand

GAME = get_game("california_jack")
SETTINGS = GAME.settings()
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def _broken(state, seat, card, hand) -> bool:
    return any(
        r.forbidden & hand or (r.broken_by is not None and r.broken_by(hand))
        for r in state.requirements(seat, card)
    )


@settings(max_examples=150, deadline=None)
@given(seed=SEEDS, dealer=st.integers(0, 1))
def test_random_hands_finish_with_a_winner_at_10_and_consistent_counts(seed, dealer):
    state, events = play_hand(GAME, SETTINGS, random.Random(seed), dealer)
    assert state.phase == "over" and state.legal_events() == []
    plays = [e for e in events if e.kind == "play"]
    draws = [e for e in events if e.kind == "draw"]
    assert len(plays) == 2 * len(state.tricks)
    # both players draw after every trick but the last, while the pile lasts
    assert len(draws) == 2 * min(len(state.tricks) - 1, 20)
    assert 40 - state.pile_left == len(draws)
    for seat in (0, 1):
        assert state.counts[seat] == 6 + sum(e.seat == seat for e in draws) - sum(
            e.seat == seat for e in plays
        )
        assert state.counts[seat] == state.hands[seat].bit_count()
    captured = state.captured[0] | state.captured[1]
    assert captured.bit_count() == len(plays) and not state.captured[0] & state.captured[1]
    assert sum(state.card_points) == sum(state.table.points[c] for c in cards_in(captured))
    assert sum(state.card_points) <= DECK_CARD_POINTS
    totals = state.totals()
    assert 10 <= max(totals) <= MAX_WINNING_TOTAL and min(totals) < 10
    assert state.tricks[-1].winner == totals.index(max(totals))
    for trick in state.tricks:
        assert trick.winner in trick.seats
        assert trick.winner == trick.seats[state.table.winner(trick.cards)]
    result = GAME.score_hand(state)
    assert result.points[totals.index(max(totals))] == 1 and sum(result.points) == 1


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS)
def test_legal_plays_agree_with_requirements_and_are_never_empty(seed):
    rng = random.Random(seed)
    state = GAME.new_hand(SETTINGS, seed % 2)
    for event in GAME.deal(rng, SETTINGS, seed % 2):
        state.apply(event)
    while options := state.legal_events():
        if state.phase == "play":
            seat = state.to_act
            hand = state.hands[seat]
            legal = state.legal_plays(seat, hand)
            assert legal and legal & ~hand == 0
            for card in cards_in(hand):
                assert bool(legal >> card & 1) == (not _broken(state, seat, card, hand))
            # against a random sub-hand too (a hand that may not be the seat's real one)
            sub = hand & rng.getrandbits(52) or hand
            sub_legal = state.legal_plays(seat, sub)
            for card in cards_in(sub):
                assert bool(sub_legal >> card & 1) == (not _broken(state, seat, card, sub))
        event = options[rng.randrange(len(options))]
        assert not [v for v in state.check(event) if v.rule.refuses]
        state.apply(event)


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS)
def test_a_hand_recorded_without_seeing_the_hands_scores_the_same(seed):
    state, events = play_hand(GAME, SETTINGS, random.Random(seed), seed % 2)
    replay = GAME.new_hand(SETTINGS, seed % 2)
    for event in hidden(GAME, events):
        assert not [v for v in replay.check(event) if v.rule.refuses], event
        replay.apply(event)
        assert replay.hands == [None, None]
    assert replay.phase == "over" and replay.counts == state.counts
    assert GAME.score_hand(replay) == GAME.score_hand(state)
