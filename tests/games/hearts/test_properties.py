"""Hearts invariants on random deals played out with random legal events, under random
house options: 26 points a hand (or the moon's pattern), the same hand recorded with
hands unknown, quick entry of what was played, the game's end and a renege let stand."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.adjudicator import HandLog
from scorekeeper.cards import FULL_DECK, cards_in, mask_of
from scorekeeper.events import Event
from scorekeeper.games.hearts import GAME
from scorekeeper.games.hearts.scoring import HeartsTally
from scorekeeper.games.outcome import HandOutcome
from scorekeeper.phrases import legacy
from scorekeeper.playout import hidden, play_hand

SETTINGS = st.builds(
    GAME.settings,
    pass_cards=st.booleans(),
    no_points_first_trick=st.booleans(),
    must_break_hearts=st.booleans(),
    queen_breaks_hearts=st.booleans(),
    moon=st.sampled_from(["add_to_others", "subtract_from_self"]),
    jack_of_diamonds=st.booleans(),
    game_to=st.sampled_from([100, 50, 150]),
)
HANDS = st.tuples(st.integers(0, 3), st.integers(0, 7))
"""A hand: its dealer and its place in the match (the pass direction follows the place)."""


def _moon_points(settings, shooter: int) -> tuple[int, ...]:
    if settings.get(GAME.option("moon")) == "subtract_from_self":
        return tuple(-26 if seat == shooter else 0 for seat in range(4))
    return tuple(0 if seat == shooter else 26 for seat in range(4))


@settings(max_examples=120, deadline=None)
@given(st.randoms(use_true_random=False), SETTINGS, HANDS)
def test_every_hand_gives_26_points_or_the_moons_pattern(rng, options, hand):
    dealer, number = hand
    state, _events = play_hand(GAME, options, rng, dealer, number=number)
    assert state.phase == state.OVER and len(state.tricks) == 13
    assert state.seen == mask_of(FULL_DECK) and state.counts == [0, 0, 0, 0]
    outcome = GAME.score_hand(state)
    taken = outcome.details["taken"]
    assert sum(taken) == 26 and sum(trick.points for trick in state.tricks) == 26
    jack = [0] * 4
    if options.get(GAME.option("jack_of_diamonds")):
        jack[outcome.details["jack"]] = -10
    expected = _moon_points(options, taken.index(26)) if 26 in taken else tuple(taken)
    assert outcome.points == tuple(p + j for p, j in zip(expected, jack, strict=True))


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), SETTINGS, HANDS, st.booleans())
def test_a_legal_hand_recorded_with_hands_unknown_has_no_ruling_and_the_same_score(
    rng, options, hand, passes_seen
):
    """The table saw no hand (and, unless ``passes_seen``, no card passed): every play is
    accepted, and the hand scores as it did with every hand known."""
    dealer, number = hand
    state, events = play_hand(GAME, options, rng, dealer, number=number)
    log = HandLog(GAME, options, dealer, number=number)
    for event in hidden(GAME, events):
        if event.kind == "pass_cards" and not passes_seen:
            event = Event("pass_cards", seat=event.seat)
        assert log.record(event).accepted, event
    assert log.is_over and log.outcome() == GAME.score_hand(state)


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), SETTINGS, HANDS)
def test_quick_entry_of_the_points_taken_scores_as_the_played_hand(rng, options, hand):
    dealer, number = hand
    state, _events = play_hand(GAME, options, rng, dealer, number=number)
    played = GAME.score_hand(state)
    data = {"points": played.details["taken"]}
    if options.get(GAME.option("jack_of_diamonds")):
        data["jack"] = played.details["jack"]
    assert GAME.quick_outcome(options, dealer, data).points == played.points


@settings(max_examples=200, deadline=None)
@given(
    SETTINGS,
    st.lists(st.tuples(*[st.integers(-26, 26)] * 4), min_size=1, max_size=12),
)
def test_the_game_ends_once_someone_reaches_the_target_and_the_lowest_share_the_win(options, hands):
    tally = HeartsTally(options, GAME.winning)
    target = options.get(GAME.option("game_to"))
    for points in hands:
        score = tally.add(HandOutcome(points, legacy("")))
        assert score.game_over == (max(score.totals) >= target)
        if score.game_over:
            low = min(score.totals)
            assert score.winners == tuple(s for s in range(4) if score.totals[s] == low)
            break
        assert score.winners == ()


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), SETTINGS, HANDS, st.integers(0, 40))
def test_a_play_against_the_rules_let_stand_scores_26_to_its_player_alone(rng, options, hand, skip):
    """Hands known: the first chance (after ``skip`` plays) of a card the rules forbid is
    taken, ruled on at once and let stand; the hand is claimed, and the offender scores 26,
    every other player 0, whatever else happened."""
    dealer, number = hand
    state, events = play_hand(GAME, options, rng, dealer, number=number)
    log = HandLog(GAME, options, dealer, number=number)
    plays = 0
    for event in events:
        live = log.state
        if event.kind == "play" and live.tricks and plays >= skip:
            seat = event.seat
            held = live.hands[seat]
            wrong = held & ~live.legal_plays(seat, held)
            if wrong:
                card = next(cards_in(wrong))
                ruling = log.record(Event("play", seat=seat, card=card))
                assert ruling.violations and all(v.seat == seat for v in ruling.violations)
                log.decide(ruling.event_index, "stand")
                log.record(Event("claim", seat=(seat + 1) % 4))
                outcome = log.outcome()
                assert outcome.points == tuple(26 if s == seat else 0 for s in range(4))
                assert outcome.penalty
                return
        plays += event.kind == "play"
        log.record(event)
    assert log.outcome() == GAME.score_hand(state)
