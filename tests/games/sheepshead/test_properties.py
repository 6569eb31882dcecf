"""Properties of Sheepshead over random deals played with random legal events: every
hand finishes with six tricks and 120 points, legal plays agree with the requirements,
hidden hands rule nothing against a legal hand, and every score sums to zero."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cards import cards_in, mask_of
from scorekeeper.games.base import ResultError
from scorekeeper.games.sheepshead import Call
from scorekeeper.games.sheepshead.deck import (
    DECK_MASK,
    TRUMP_MASK,
    card_points,
    hand_schwanzer_points,
)
from scorekeeper.words import told
from tests.games.sheepshead.test_tricks import GAME

OPTIONS = st.fixed_dictionaries(
    {
        "all_pass": st.sampled_from(["schwanzer", "leaster", "doubler"]),
        "doubler_stacking": st.sampled_from(["add", "multiply"]),
        "double_on_bump": st.booleans(),
        "crack": st.booleans(),
        "blitz": st.booleans(),
        "alone_by_choice": st.booleans(),
    }
)


def _announce(hand, event, rng: random.Random):
    """Sometimes crack, recrack or blitz where the house plays them."""
    data = {}
    if hand.settings.get(GAME.options[3]) and rng.random() < 0.4:
        data["crack"] = rng.choice([s for s in range(5) if s != hand.picker])
        data["recrack"] = rng.random() < 0.5
    eight = hand.picker_cards()
    pairs = [
        sum(1 for c in cards_in(eight & TRUMP_MASK) if c.rank == 12 and c.suit.is_red == red)
        for red in (False, True)
    ]
    if hand.settings.get(GAME.options[4]) and 2 in pairs and rng.random() < 0.5:
        data["blitz"] = True
    return Call(event.value, event.card, event.under).event(data or None)


def _agrees(hand, seat: int, held: int) -> None:
    legal = hand.legal_plays(seat, held)
    assert legal and legal & ~held == 0
    for card in cards_in(held):
        requirements = hand.requirements(seat, card)
        broken = any(
            r.forbidden & held or (r.broken_by is not None and r.broken_by(held))
            for r in requirements
        )
        assert broken != bool(legal >> card & 1), (card, requirements)


def play_out(seed: int, dealer: int, options: dict):
    """A random hand with known cards: its events and the hand each seat held at each play."""
    rng = random.Random(seed)
    game_settings = GAME.settings(**options)
    hand = GAME.new_hand(game_settings, dealer)
    log = []
    for event in GAME.deal(rng, game_settings, dealer):
        assert hand.check(event) == []
        hand.apply(event)
        log.append((event, None))
    while True:
        events = hand.legal_events()
        if not events:
            break
        event = rng.choice(events)
        if event.kind == "call":
            event = _announce(hand, event, rng)
        assert hand.check(event) == [], event
        held = None
        if event.kind == "play":
            held = hand.hands[event.seat]
            _agrees(hand, event.seat, held)
            pool = list(cards_in(DECK_MASK & ~hand.seen))
            other = rng.sample(pool, k=rng.randint(1, min(6, len(pool))))
            _agrees(hand, event.seat, sum(card.bit for card in other))
        hand.apply(event)
        log.append((event, held))
    return hand, log


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 4), options=OPTIONS)
def test_random_hands_finish_and_score_to_zero(seed, dealer, options):
    hand, _ = play_out(seed, dealer, options)
    assert hand.phase == hand.OVER and hand.legal_events() == []
    outcome = GAME.score_hand(hand)
    assert sum(outcome.points) == 0
    if hand.mode in ("picker", "leaster"):
        assert len(hand.tricks) == 6 and hand.counts == [0] * 5
        for trick in hand.tricks:
            assert trick.winner in trick.seats and len(set(trick.cards)) == 5
        in_tricks = 0
        for trick in hand.tricks:
            in_tricks |= trick.mask
        aside = hand.buried if hand.mode == "picker" else hand.blind
        assert in_tricks.bit_count() == 30 and in_tricks | aside == DECK_MASK
        assert sum(trick.points for trick in hand.tricks) + card_points(aside) == 120
    if hand.mode == "picker":
        details = outcome.details
        assert details["picking_points"] + details["defending_points"] == 120
        assert details["won"] == (details["picking_points"] >= 61)
        side = {hand.picker, details["partner"]} - {None}
        assert details["picking_trick"] == any(hand.taken[s] for s in side)
        if details["picking_trick"]:
            expected = sum(card_points(hand.captured[s]) for s in side) + card_points(hand.buried)
            assert details["picking_points"] == expected
        signs = {
            seat: (1 if seat in side else -1) * (1 if details["won"] else -1) for seat in range(5)
        }
        assert all(points * signs[seat] > 0 for seat, points in enumerate(outcome.points))
    if hand.mode == "leaster":
        assert sum(outcome.details["points"]) == 120


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 4), options=OPTIONS)
def test_hidden_hands_rule_nothing_against_a_legal_hand(seed, dealer, options):
    known, log = play_out(seed, dealer, options)
    hidden = GAME.new_hand(known.settings, dealer)
    later = []  # per play: the hand it came from and what it demanded
    for event, held in log:
        if event.kind in ("deal", "blind"):
            continue
        if event.kind == "bury":
            event = type(event)("bury")  # nobody saw it
        if event.kind == "call" and event.under is not None and seed % 2:
            event = Call(event.value, event.card).event(event.data)  # the under card unseen
        assert hidden.check(event) == [], event
        if event.kind == "play":
            later.append((held, hidden.requirements(event.seat, event.card)))
        hidden.apply(event)
    for held, requirements in later:
        for requirement in requirements:
            assert not requirement.forbidden & held, requirement
            assert requirement.broken_by is None or not requirement.broken_by(held), requirement
    if known.mode in ("picker", "leaster"):
        assert GAME.score_hand(hidden) == GAME.score_hand(known)
    elif known.mode == "schwanzer":
        try:
            GAME.score_hand(hidden)
        except ResultError as error:
            assert "all five hands" in told(error.said, ("Ann", "Ben", "Cy", "Di", "Eve"))
        else:
            raise AssertionError("a Schwanzer without the hands was scored")


@settings(max_examples=200, deadline=None)
@given(
    picker=st.integers(0, 4),
    partner=st.one_of(st.none(), st.integers(0, 4)),
    points=st.integers(0, 120),
    tricks=st.integers(0, 6),
    crack=st.one_of(st.none(), st.integers(0, 4)),
    recrack=st.booleans(),
    blitz=st.booleans(),
    bump=st.booleans(),
    misplay=st.one_of(st.none(), st.integers(0, 4)),
)
def test_every_quick_result_sums_to_zero_with_every_option_on(
    picker, partner, points, tricks, crack, recrack, blitz, bump, misplay
):
    game_settings = GAME.settings(crack=True, blitz=True, double_on_bump=bump)
    data = {
        "picker": picker,
        "points": points,
        "tricks": tricks,
        "blitz": blitz,
        "misplay": misplay,
    }
    data.update({"partner": partner} if partner is not None else {"alone": True})
    data.update({"crack": crack, "recrack": recrack} if crack is not None else {})
    try:
        outcome = GAME.quick_outcome(game_settings, 0, data)
    except ResultError:
        impossible = (
            partner == picker
            or crack == picker
            or (tricks == 0 and points)
            or (tricks == 6 and points != 120)
        )
        assert impossible
        return
    assert sum(outcome.points) == 0
    assert len({abs(p) for p in outcome.points if p}) <= 3
    assert (
        outcome.points[picker]
        == (4 if partner is None else 2)
        * -outcome.points[(set(range(5)) - {picker, partner}).pop()]
    )


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_schwanzer_sums_to_zero(seed):
    deal = GAME.deal(random.Random(seed), GAME.settings(), 0)
    points = [hand_schwanzer_points(mask_of(event.cards)) for event in deal if event.kind == "deal"]
    outcome = GAME.quick_outcome(GAME.settings(), 0, {"schwanzer": points})
    assert sum(outcome.points) == 0
    assert set(outcome.details["losers"]) | set(outcome.details["winners"]) == set(range(5))
    assert outcome.details["max_schwanzer_points"] == max(points)


@pytest.mark.slow
def test_every_card_legality_checked_well_under_100_microseconds_a_play():
    rng = random.Random(5)
    plays = 0
    started = time.perf_counter()
    for number in range(300):
        game_settings = GAME.settings()
        hand = GAME.new_hand(game_settings, number % 5)
        for event in GAME.deal(rng, game_settings, number % 5):
            hand.apply(event)
        while events := hand.legal_events():
            event = rng.choice(events)
            hand.check(event)
            if event.kind == "play":
                plays += 1
                for card in cards_in(hand.hands[event.seat]):
                    hand.requirements(event.seat, card)
            hand.apply(event)
    assert (time.perf_counter() - started) / plays < 100e-6
