"""Spades invariants on random deals played out with random legal events."""

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorekeeper.cards import FULL_DECK, cards_in, mask_of
from scorekeeper.events import Event
from scorekeeper.games.spades import GAME

SETTINGS = [
    GAME.settings("classic"),
    GAME.settings("modern"),
    GAME.settings("classic", cutthroat=True),
    GAME.settings("modern", cutthroat=True),
    GAME.settings("classic", double_nil=True, bag_point=True),
]


def broken_by(state, seat, card, hand):
    return [
        r.rule.id
        for r in state.requirements(seat, card)
        if r.forbidden & hand or (r.broken_by is not None and r.broken_by(hand))
    ]


def play_out(rng, options, standing=None, visit=None):
    """A random deal played with random legal events; ``visit`` sees each state before a play."""
    dealer = rng.randrange(4)
    state = GAME.new_hand(options, dealer, standing)
    for event in GAME.deal(rng, options, dealer):
        assert state.check(event) == []
        state.apply(event)
    while events := state.legal_events():
        event = rng.choice(events)
        assert state.check(event) == [], event
        if event.kind == "play" and visit is not None:
            visit(state)
        state.apply(event)
        assert sum(state.counts) + state.seen.bit_count() == 52
    return state


@settings(max_examples=150, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.sampled_from(SETTINGS),
    st.sampled_from([None, (0, 0), (0, 150), (250, 0, 100, 90)]),
)
def test_random_hands_finish_with_13_tricks_won_by_cards_of_the_trick(rng, options, standing):
    if standing is not None and len(standing) != len(GAME.sides(options)):
        standing = None
    state = play_out(rng, options, standing)
    assert state.phase == "over" and state.legal_events() == []
    assert len(state.tricks) == 13 and sum(state.taken) == 13
    assert state.seen == mask_of(FULL_DECK)
    assert state.counts == [0, 0, 0, 0]
    for trick in state.tricks:
        assert trick.winner in trick.seats and len(trick.cards) == 4
        assert trick.points == 0  # Spades cards carry no points
    assert sum(state.table.count_points(mask) for mask in state.captured) == 0
    outcome = GAME.score_hand(state)
    assert len(outcome.points) == len(GAME.sides(options))


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(SETTINGS))
def test_legal_plays_agree_with_requirements_and_never_empty(rng, options):
    def visit(state):
        seat = state.to_act
        held = state.hands[seat]
        legal = state.legal_plays(seat, held)
        assert legal and legal & ~held == 0
        for card in cards_in(held):
            assert bool(legal >> card & 1) == (broken_by(state, seat, card, held) == [])
        # a random sub-hand too (hidden hands: what the seat might have held)
        sub = held & rng.getrandbits(52) or held & -held
        legal = state.legal_plays(seat, sub)
        for card in cards_in(sub):
            assert bool(legal >> card & 1) == (broken_by(state, seat, card, sub) == [])

    play_out(rng, options, visit=visit)


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(SETTINGS))
def test_forbidden_masks_are_monotone(rng, options):
    """More cards can only make a play worse: a play legal from a hand is legal from any
    part of it that still holds the card."""

    def visit(state):
        seat = state.to_act
        held = state.hands[seat]
        for card in cards_in(state.legal_plays(seat, held)):
            part = (held & rng.getrandbits(52)) | (1 << card)
            assert broken_by(state, seat, card, part) == []

    play_out(rng, options, visit=visit)


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False))
def test_blind_nil_hands_exchange_and_finish(rng):
    options = GAME.settings("classic")
    state = GAME.new_hand(options, 3, (0, 200))
    for event in GAME.deal(rng, options, 3):
        state.apply(event)
    state.apply(Event("bid", seat=0, value=0, blind=True))
    while events := state.legal_events():
        event = rng.choice(events)
        assert state.check(event) == []
        state.apply(event)
        if state.phase == "exchange":
            assert sorted(state.counts) in ([11, 13, 13, 15], [13, 13, 13, 13])
    assert sum(state.taken) == 13
    assert GAME.score_hand(state).details["nils"][0].startswith("blind nil")


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(SETTINGS),
    st.lists(st.integers(0, 13), min_size=4, max_size=4),
    st.lists(st.integers(0, 4), min_size=4, max_size=4).filter(lambda t: sum(t) <= 13),
    st.integers(0, 3),
    st.one_of(st.none(), st.integers(0, 3)),
)
def test_scoring_invariants(options, bids, tricks, last, renege):
    tricks = list(tricks)
    tricks[last] += 13 - sum(tricks)
    partnership = len(GAME.sides(options)) == 2
    double_nil = bids[0] == bids[2] == 0 or bids[1] == bids[3] == 0
    assume(not (partnership and double_nil and not options.options.get("double_nil")))
    outcome = GAME.quick_outcome(options, 0, {"bids": bids, "tricks": tricks, "renege": renege})
    details = outcome.details
    assert sum(details["side_tricks"]) == sum(
        t for seat, t in enumerate(tricks) if not (options.preset == "modern" and bids[seat] == 0)
    )
    for side, seats in enumerate(GAME.sides(options)):
        bid = sum(bids[seat] for seat in seats)
        took = details["side_tricks"][side]
        nil = sum(
            (50 if options.preset == "classic" else 100) * (1 if tricks[seat] == 0 else -1)
            for seat in seats
            if bids[seat] == 0
        )
        contract = outcome.points[side] - nil
        if took >= bid:
            bag_value = -1 if options.options.get("bag_point") else 1
            assert contract == 10 * bid + bag_value * (took - bid)
            assert details["bags"][side] == took - bid
        else:
            assert contract == -10 * bid and details["bags"][side] == 0


def test_a_random_match_played_card_by_card_reaches_500():
    rng = random.Random(2024)
    options = GAME.settings("classic")
    tally = GAME.new_tally(options)
    totals = [0, 0]
    for number in range(300):
        dealer = number % 4
        state = GAME.new_hand(options, dealer, tally.standing)
        for event in GAME.deal(rng, options, dealer):
            state.apply(event)
        for seat in [(dealer + 1 + k) % 4 for k in range(4)]:
            state.apply(Event("bid", seat=seat, value=rng.randint(1, 4)))
        while events := state.legal_events():
            state.apply(rng.choice(events))
        score = tally.add(GAME.score_hand(state))
        totals = [a + b for a, b in zip(totals, score.points, strict=True)]
        assert tuple(totals) == score.totals
        if score.game_over:
            break
    assert score.game_over and max(score.totals) >= 500
    assert score.totals[score.winners[0]] == max(score.totals)
    assert all(0 <= bags < 10 for bags in tally.bags)
