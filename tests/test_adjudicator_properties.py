"""Rulings on random hands of every game, with the players' hands known and hidden.

A false accusation at the table is worse than a missed renege: random legal hands
must draw no ruling at all. One injected illegal play must be flagged at once when
the hands are known, and, when they are hidden, no later than the play that proves
it, and in every case where the recorded cards hold the proof.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.adjudicator import HandLog, Refused
from scorekeeper.cards import cards_in
from scorekeeper.events import Event
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.playout import hidden, play_hand

GAMES = list(GAME_MODULES)
INJECTION_HANDS = 400
"""Hands of the injection test in the suite: every rule of play it can break is broken in
them but the rarest (two hands in 2000 break Sheepshead's must-play-under)."""
FULL_INJECTION_HANDS = 2000


def _record_all(log: HandLog, events: list[Event]) -> None:
    for event in events:
        log.record(event)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_legal_hands_draw_no_ruling(game_id, seed):
    game = get_game(game_id)
    rules = game.settings()
    dealer = seed % game.seats
    _, events = play_hand(game, rules, random.Random(seed), dealer)
    for mode in (events, hidden(game, events)):
        log = HandLog(game, rules, dealer)
        _record_all(log, mode)
        assert log.violations() == []
        # with hands hidden, a hand may end needing the table's answer to be scored
        assert log.is_over or (mode is not events and log.needs_answer() is not None)


@dataclass
class Injected:
    """A random hand with one illegal play in it, recorded both ways."""

    events: list[Event]
    index: int  # position of the illegal play in ``events``
    rule_ids: set[str]  # the rules the play broke, judged with the hand known
    held: int  # the seat's hand at that play
    forbidden: int  # cards of that hand a broken rule forbade
    whole_hand: bool  # a broken rule judges the whole hand


def _inject(game_id: str, seed: int) -> Injected | None:
    """Play a random hand in which one seat, once, plays a card it may not play."""
    game = get_game(game_id)
    rules = game.settings()
    rng = random.Random(seed)
    dealer = seed % game.seats
    state = game.new_hand(rules, dealer)
    events = game.deal(rng, rules, dealer)
    for event in events:
        state.apply(event)
    chosen: Injected | None = None
    while True:
        options = state.legal_events()
        if not options:
            break
        event = options[rng.randrange(len(options))]
        if chosen is None and event.kind == "play" and rng.random() < 0.25:
            seat = event.seat
            hand = state.hands[seat]
            illegal = hand & ~state.legal_plays(seat, hand)
            if illegal:
                card = rng.choice(list(cards_in(illegal)))
                requirements = state.requirements(seat, card)
                by_cards = [r for r in requirements if r.forbidden & hand]
                by_hand = [r for r in requirements if r.broken_by and r.broken_by(hand)]
                forbidden = 0
                for requirement in by_cards:
                    forbidden |= requirement.forbidden & hand
                broken = {r.rule.id for r in by_cards + by_hand}
                event = Event("play", seat=seat, card=card)
                chosen = Injected([], len(events), broken, hand, forbidden, bool(by_hand))
        state.apply(event)
        events.append(event)
    if chosen is None:
        return None
    chosen.events = events
    return chosen


def _record_deciding(log: HandLog, events: list[Event]) -> list[tuple[int, int]]:
    """Record every event, letting each ruling stand; return (event, ruled event) pairs."""
    flagged = []
    for position, event in enumerate(events):
        ruling = log.record(event)
        for violation in (*ruling.violations, *ruling.proved):
            flagged.append((position, violation.event_index, violation.rule.id))
        for ruled in sorted({v.event_index for v in log.pending}):
            log.decide(ruled, "stand")
    return flagged


def _hidden_index(events: list[Event], index: int) -> int:
    return sum(1 for event in events[:index] if event.kind not in ("deal", "blind"))


INJECTION_CASES = [
    *(pytest.param(game_id, False, id=game_id) for game_id in GAMES),
    pytest.param("california_jack", True, id="california_jack, draws seen"),
]


@pytest.mark.parametrize(("game_id", "draws_seen"), INJECTION_CASES)
def test_injected_illegal_play_is_flagged(game_id, draws_seen):
    """Known hands: flagged at the play. Hidden hands: flagged by the proving play, always
    when the cards hold the proof. Counted over many random hands and printed."""
    check_injections(game_id, draws_seen, INJECTION_HANDS)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "draws_seen"), INJECTION_CASES)
def test_injected_illegal_play_is_flagged_in_2000_hands(game_id, draws_seen):
    check_injections(game_id, draws_seen, FULL_INJECTION_HANDS)


def check_injections(game_id: str, draws_seen: bool, count: int) -> None:
    game = get_game(game_id)
    rules = game.settings()
    hands = injected = flagged_known = flagged_hidden = provable = 0
    for seed in range(count):
        case = _inject(game_id, seed)
        hands += 1
        if case is None:
            continue
        injected += 1
        dealer = seed % game.seats
        known = HandLog(game, rules, dealer)
        flags = _record_deciding(known, case.events)
        at_play = {rule for position, ruled, rule in flags if position == case.index == ruled}
        assert at_play == case.rule_ids, (seed, at_play, case.rule_ids)
        flagged_known += 1

        stealth = HandLog(game, rules, dealer)
        recorded = hidden(game, case.events, draws_seen)
        flags = _record_deciding(stealth, recorded)
        target = _hidden_index(case.events, case.index)
        on_target = [(position, rule) for position, ruled, rule in flags if ruled == target]
        assert all(rule in case.rule_ids for _, rule in on_target), (seed, on_target)
        assert all(position >= target for position, _ in on_target)
        if _provable(case, recorded, target):
            provable += 1
            assert on_target, f"seed {seed}: provable renege not flagged"
            flagged_hidden += 1
    print(
        f"\n{game_id}{', draws seen' if draws_seen else ''}: {hands} hands, {injected} with an illegal play, "
        f"{flagged_known} flagged with known hands, "
        f"{flagged_hidden}/{provable} provable ones flagged with hidden hands"
    )
    assert flagged_known == injected
    assert flagged_hidden == provable


def _provable(case: Injected, recorded: list[Event], target: int) -> bool:
    """Whether the cards the seat is later seen to play prove the illegal play: a forbidden
    card played later, or, for a whole-hand rule, every card it held seen, in both cases
    before an unseen card enters its hand."""
    seat = recorded[target].seat
    later = 0
    for event in recorded[target:]:
        if event.seat != seat:
            continue
        if event.kind == "draw" and event.card is None:
            break
        if event.kind == "play":
            later |= 1 << event.card
    return bool(later & case.forbidden) or (case.whole_hand and later == case.held)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_any_undo_and_redo_sequence_restores_the_exact_state(game_id, seed, data):
    game = get_game(game_id)
    rules = game.settings()
    dealer = seed % game.seats
    _, events = play_hand(game, rules, random.Random(seed), dealer)
    log = HandLog(game, rules, dealer)
    snapshots = [log.state.copy()]
    for event in events:
        log.record(event)
        snapshots.append(log.state.copy())
    position = len(events)
    for step in data.draw(st.lists(st.booleans(), max_size=40)):
        if step and log.can_undo:
            log.undo()
            position -= 1
        elif not step and log.can_redo:
            log.redo()
            position += 1
        assert log.state == snapshots[position]
        assert log.events == events[:position]
    with pytest.raises(Refused):
        HandLog(game, rules, dealer).undo()
