"""What every game must satisfy, parametrized over ``GAME_MODULES`` (a new game is checked
without being listed anywhere): declarations complete, random legal play to the end, the
fast ``legal_plays`` equal to what ``requirements`` demand, and quick entry that refuses
every malformed result with a ``ResultError`` naming the place, never another exception.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from enum import IntEnum, StrEnum

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.advice import choose_by_advice
from scorekeeper.cards import FULL_DECK, cards_in
from scorekeeper.events import Event
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.games.actions import FIELDS, TABLE
from scorekeeper.games.base import HandState, ResultError
from scorekeeper.games.outcome import HandOutcome, as_json, read_back
from scorekeeper.games.quick import KINDS, read_result
from scorekeeper.phrases import SAY
from scorekeeper.playout import play_hand, random_choice
from scorekeeper.words import event_words
from tests.told import said

GAMES = [get_game(game_id) for game_id in GAME_MODULES]


def every_settings(game):
    """Each preset, alone and with every house option at each of its values."""
    for preset in game.preset_ids:
        yield game.settings(preset)
        for option in game.options:
            for choice in option.choices:
                if choice != option.default:
                    yield game.settings(preset, **{option.id: choice})


SETTINGS = [
    pytest.param(game, setting, id=f"{game.id}-{setting.preset}-{setting.options}")
    for game in GAMES
    for setting in every_settings(game)
]


# ---------------------------------------------------------------------------
# Declarations
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_the_game_declares_itself_completely(game_id):
    game = get_game(game_id)
    assert game.id == game_id and game.title
    assert game.presets and game.default_preset in game.preset_ids
    assert len(set(game.preset_ids)) == len(game.presets)
    options = {option.id: option for option in game.options}
    for preset in game.presets:
        assert preset.title and preset.title != preset.id
        assert len(preset.description) > 40, f"{preset.id} says which rules differ"
        for option_id, value in preset.fixed:
            assert value in options[option_id].choices, f"{preset.id} fixes {option_id}"
        assert set(preset.unused) <= set(options), f"{preset.id} leaves out options it has"
        assert not {option_id for option_id, _ in preset.fixed} & set(preset.unused)
    for option in game.options:
        assert option.title and option.explanation
        assert option.default in option.choices
    assert game.quick_forms, "every game can be entered by its result"
    assert sum(form.key is None for form in game.quick_forms) <= 1
    for form in game.quick_forms:
        assert form.title and form.fields
        ids = [field.id for field in form.fields]
        assert len(set(ids)) == len(ids)
        assert form.key is None or form.key in ids
        for field in form.fields:
            assert field.kind in KINDS and field.title and field.explanation
            assert bool(field.applies_when) or field.applies(game.settings())
    kinds = [action.kind for action in game.actions]
    assert len(set(kinds)) == len(kinds), "one action per kind of event"
    assert not set(kinds) & {action.kind for action in TABLE}, "the table's kinds are no game's"
    assert {"deal", "play", "claim", "result"} <= set(kinds)
    assert ("answer" in kinds) == bool(game.answers), "an answer gives a declared field"
    for field in game.answers:
        assert field.kind in KINDS and field.title and field.explanation


NAMES = ("Ann", "Bob", "Cy", "Di", "Eve")


@pytest.mark.parametrize(("game", "setting"), SETTINGS)
def test_every_event_of_a_hand_is_worded_as_its_action_declares(game, setting):
    """Each event a random hand records: its fields are the ones its action declares, a
    button names it, and outside play the record says it with the player's name."""
    for seed in range(3):
        _, events = play_hand(game, setting, random.Random(seed), seed % game.seats)
        for event in events:
            action = game.action(event.kind)
            used = {name for name, value in event.to_json().items() if name != "kind"}
            assert used <= set(action.fields), (event, action.fields)
            assert action.about and action.said.noun and action.said.choice(event)
            said = event_words(game, event, NAMES)
            if event.kind != "play":
                assert said and "{" not in said and "seat" not in said, (event, said)
                if event.seat is not None:
                    assert NAMES[event.seat] in said or action.takes == FIELDS, said


# ---------------------------------------------------------------------------
# Random legal play (in the manner of OpenSpiel's random_sim_test)
# ---------------------------------------------------------------------------


def _legal_by_requirements(state, seat: int, hand: int) -> int:
    legal = 0
    for card in cards_in(hand):
        requirements = state.requirements(seat, card)
        if all(
            not (requirement.forbidden & hand)
            and not (requirement.broken_by and requirement.broken_by(hand))
            for requirement in requirements
        ):
            legal |= 1 << card
    return legal or hand


@pytest.mark.parametrize(("game", "setting"), SETTINGS)
def test_random_legal_play_reaches_the_end_and_scores(game, setting):
    rng = random.Random(f"{game.id}{setting}")
    checked_plays = 0
    for dealer in range(game.seats):
        state = game.new_hand(setting, dealer, None)
        for event in game.deal(rng, setting, dealer):
            assert state.check(event) == []
            assert game.action(event.kind), "every event a hand records is declared"
            state.apply(event)
        choose = random_choice(rng)
        for _step in range(2000):
            titled = {state.PLAY, state.OVER, *state.PHASE_TITLES}
            assert state.phase in titled, f"the phase {state.phase!r} has no title"
            options = state.legal_events()
            if not options:
                break
            if state.phase == state.PLAY:
                seat, hand = state.to_act, state.hands[state.to_act]
                assert state.legal_plays(seat, hand) == _legal_by_requirements(state, seat, hand)
                checked_plays += 1
            event = choose(state, options)
            assert state.check(event) == [], f"a legal event was ruled against: {event}"
            assert game.action(event.kind), "every event a hand records is declared"
            state.apply(event)
        else:
            pytest.fail("the hand never ended")
        assert state.phase == state.OVER
        try:
            outcome = game.score_hand(state)
        except ResultError:
            continue  # a hand that needs an answer to be scored (Schwanzer passes and the like)
        assert len(outcome.points) == len(game.sides(setting))
        stored = outcome.canonical()  # as it reads back from a file or the database
        assert HandOutcome.from_json(json.loads(json.dumps(stored.to_json()))) == stored
        assert stored.points == outcome.points and stored.summary == outcome.summary
    assert checked_plays


# ---------------------------------------------------------------------------
# Quick entry
# ---------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 200)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from(["nil", "blind nil", "ace", "alone", "high", "clubs", "x"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=10,
)


def _quick_entry_fails_only_with_a_reason(game, settings, data) -> None:
    """One random result, entered under each of ``settings``."""
    fields = sorted({field.id for form in game.quick_forms for field in form.fields})
    keys = data.draw(st.lists(st.sampled_from([*fields, "bogus"]), unique=True, max_size=4))
    result = {key: data.draw(JSON_VALUES) for key in keys}
    for setting in settings:
        try:
            outcome = game.quick_outcome(setting, 0, result)
        except ResultError as error:
            assert str(error)
            continue
        assert len(outcome.points) == len(game.sides(setting))


@pytest.mark.parametrize("game", GAMES, ids=GAME_MODULES)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_quick_entry_never_fails_but_with_a_reason(game, data):
    """Each random result under every one of the game's settings."""
    _quick_entry_fails_only_with_a_reason(game, list(every_settings(game)), data)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "setting"), SETTINGS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_quick_entry_never_fails_but_with_a_reason_under_every_setting(game, setting, data):
    """Results drawn for each setting on its own."""
    _quick_entry_fails_only_with_a_reason(game, [setting], data)


@pytest.mark.parametrize("game", GAMES, ids=GAME_MODULES)
def test_every_quick_form_reads_back_the_fields_it_declares(game):
    """Each form, filled with the first allowed value of each field, is read as that form,
    and its lines in words name every field by its title (each field of the form that
    applies, given or not: a correction may give it)."""
    setting = game.settings()
    names = [f"P{seat}" for seat in range(game.seats)]
    for form in game.quick_forms:
        if not form.applies(setting):
            continue
        data = {
            field.id: _first_value(field, len(game.sides(setting)), game.seats)
            for field in form.fields
            if field.required
        }
        assert read_result(game.title, game.quick_forms, setting, data, game.seats, 2) is form
        lines = dict(game.quick_lines(setting, data, names))
        offered = {f.id for f in form.fields if f.in_form and f.applies(setting)}
        assert set(lines) == set(data) | offered, "what it gives and what it could"
        for key, line in lines.items():
            assert line.startswith(game.quick_field(key).title + ": ")


def _first_value(field, sides: int, seats: int):
    from scorekeeper.games.quick import CHOICE, FLAG, NUMBER, PER_SIDE, SET, TRUE

    one = {
        TRUE: True,
        FLAG: False,
        NUMBER: field.low or 0,
        CHOICE: field.choices[0] if field.choices else None,
        SET: [],
    }.get(field.kind, 0)
    if field.per is None:
        return one
    return [one] * (sides if field.per == PER_SIDE else seats)


UNKNOWN_PLACES = [
    pytest.param("euchre", {"makers": 0, "tricks": 3, "trump": []}, "trump:", id="euchre trump []"),
    pytest.param(
        "spades",
        {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "standing": [0, {}]},
        "standing[1]:",
        id="spades standing [0, {}]",
    ),
    pytest.param(
        "sheepshead",
        {"picker": 0, "partner": 1, "points": 70, "tricks": 4, "call": []},
        "call:",
        id="sheepshead call []",
    ),
    pytest.param(
        "california_jack",
        {"card_points": [8, 2], "honours": [[[]], []]},
        "honours[0]:",
        id="california jack honours [[[]], []]",
    ),
    pytest.param("sheepshead", {"doubler": 3}, "doubler:", id="sheepshead doubler 3"),
    pytest.param(
        "euchre",
        {"makers": 0, "tricks": 3, "trump": "a long suit name " * 10},
        "trump: expected one of clubs, diamonds, hearts, spades, not 'a long suit name a long suit name a lo…",
        id="a long value is cut short",
    ),
    pytest.param(
        "euchre", {"makers": 0, "tricks": float("inf")}, "tricks: inf", id="euchre tricks 1e400"
    ),
    pytest.param(
        "sheepshead",
        {"picker": 0, "partner": 1, "points": 70, "tricks": 4, "bogus": 1},
        "'bogus' is not a Sheepshead result field (valid: alone, blitz, call, crack, doubler, ",
        id="sheepshead unknown key lists the valid ones",
    ),
    pytest.param(
        "euchre",
        {"makers": 0, "tricks": 10**5000},
        "tricks: expected 0 to 5, not a number far too large",
        id="a 5000-digit number is not echoed",
    ),
]


@pytest.mark.parametrize(("game_id", "data", "place"), UNKNOWN_PLACES)
def test_a_wrongly_typed_result_is_refused_with_its_place(game_id, data, place):
    game = get_game(game_id)
    setting = (
        game.settings(all_pass="doubler")
        if "doubler" in data
        else game.settings(game.default_preset)
    )
    with pytest.raises(ResultError) as error:
        game.quick_outcome(setting, 0, data)
    assert place in str(error.value)


@pytest.mark.parametrize(
    ("standing", "refused"),
    [
        pytest.param([0, 99], True, id="a side 99 behind may not bid blind nil"),
        pytest.param([0, 100], False, id="a side 100 behind may bid blind nil"),
        pytest.param([100, 0], True, id="the leading side may not bid blind nil"),
    ],
)
def test_quick_blind_nil_needs_the_match_standing_a_played_hand_needs(standing, refused):
    from scorekeeper.adjudicator import HandLog, Refused
    from scorekeeper.events import Event

    game = get_game("spades")
    log = HandLog(game, game.settings(), 0, standing=tuple(standing))
    result = Event("result", data={"bids": ["blind nil", 3, 4, 3], "tricks": [0, 4, 5, 4]})
    if refused:
        with pytest.raises(Refused, match="bid blind nil but their side trails by"):
            log.record(result)
    else:
        log.record(result)
        assert log.is_over


@pytest.mark.parametrize(("game", "setting"), SETTINGS)
def test_every_seat_taking_the_advice_plays_a_hand_to_its_end(game, setting):
    """The game's adviser (in its own package) only ever picks a legal event."""
    rng = random.Random(f"advice {game.id}{setting}")
    state, events = play_hand(game, setting, rng, choose=choose_by_advice)
    assert state.phase == state.OVER and len(events) > game.seats


# ---------------------------------------------------------------------------
# Recorded deals: every game checks them through the shared check, under its own rule
# ---------------------------------------------------------------------------


def _dealt(game):
    """A fresh hand and a real deal for it: each seat's cards, and the undealt cards'
    event (None when the game records none)."""
    setting = game.settings()
    events = game.deal(random.Random(game.id), setting, 0)
    hands = {
        event.seat: event.cards
        for event in events
        if event.kind == "deal" and event.seat is not None
    }
    state = game.new_hand(setting, 0)
    rest = [
        event for event in events if event.seat is None and len(event.cards) == state.UNDEALT_SIZE
    ]
    return state, hands, rest[0] if state.UNDEALT else None


def _outside(game):
    return [card for card in FULL_DECK if not game.deck_mask >> card & 1][:1]


BAD_DEALS = {
    "a hand one card short": lambda game, hands: (1, hands[1][:-1]),
    "a hand with a card twice": lambda game, hands: (1, (*hands[1][:-1], hands[1][0])),
    "a hand with a card of another seat's deal": lambda game, hands: (
        1,
        (*hands[1][:-1], hands[0][0]),
    ),
    "a seat's second, different deal": lambda game, hands: (0, hands[1]),
    "a seat the table does not have": lambda game, hands: (game.seats, hands[1]),
}
DECK_CASES = [
    pytest.param(game, case, id=f"{game.id}: {case} is refused by the deal rule")
    for game in GAMES
    for case in BAD_DEALS
] + [
    pytest.param(game, "a card not in the deck", id=f"{game.id}: a card not in the deck is refused")
    for game in GAMES
    if _outside(game)
]


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_deals_are_checked_by_the_shared_check(game_id):
    state, hands, undealt = _dealt(get_game(game_id))
    assert type(state)._check_deal is HandState._check_deal
    assert state.DEAL_RULE in get_game(game_id).rules and state.HAND_SIZE
    assert all(len(cards) == state.HAND_SIZE for cards in hands.values())
    assert (undealt is None) == (not state.UNDEALT)


@pytest.mark.parametrize(("game", "case"), DECK_CASES)
def test_a_bad_deal_is_refused_under_the_games_deal_rule(game, case):
    state, hands, _undealt = _dealt(game)
    state.apply(Event("deal", seat=0, cards=hands[0]))
    if case == "a card not in the deck":
        seat, cards = 1, (*hands[1][:-1], *_outside(game))
    else:
        seat, cards = BAD_DEALS[case](game, hands)
    found = state.check(Event("deal", seat=seat, cards=cards))
    assert found and {v.rule.id for v in found} == {state.DEAL_RULE}
    assert all(v.seat == (seat if seat < game.seats else None) for v in found)
    if "short" in case or "twice" in case:
        wanted = f"{state.HAND_SIZE} different cards"
        assert any(wanted in line for v in found for line in said(v))


@pytest.mark.parametrize("game", GAMES, ids=[game.id for game in GAMES])
def test_a_seat_dealt_the_same_cards_again_is_refused_only_where_a_deal_is_once(game):
    state, hands, _undealt = _dealt(game)
    assert state.check(Event("deal", seat=0, cards=hands[0])) == []
    state.apply(Event("deal", seat=0, cards=hands[0]))
    again = state.check(Event("deal", seat=0, cards=hands[0]))
    assert [v.rule.id for v in again] == ([state.DEAL_RULE] if state.DEAL_ONCE else [])


UNDEALT_GAMES = [game for game in GAMES if _dealt(game)[2] is not None]


@pytest.mark.parametrize("game", UNDEALT_GAMES, ids=[game.id for game in UNDEALT_GAMES])
def test_the_undealt_cards_are_checked_the_same_way(game):
    state, hands, undealt = _dealt(game)
    short = replace(undealt, cards=undealt.cards[1:])
    found = state.check(short)
    assert found and {v.rule.id for v in found} == {state.DEAL_RULE}
    wanted = f"{state.UNDEALT} is {state.UNDEALT_SIZE} different cards"
    assert any(wanted in line for v in found for line in said(v))
    assert all(v.seat is None for v in found)
    assert state.check(undealt) == []
    state.apply(undealt)
    other = replace(undealt, cards=(*undealt.cards[1:], hands[0][0]))
    assert {v.rule.id for v in state.check(other)} == {state.DEAL_RULE}


class _Seat(IntEnum):
    NORTH = 0


class _Side(StrEnum):
    MAKERS = "makers"


SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=4)
    | st.sampled_from([_Seat.NORTH, _Side.MAKERS])
)
KEYS = st.text(max_size=3) | st.integers(-2, 2) | st.booleans() | st.none() | st.floats(0, 1)
DETAILS = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(KEYS, inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=300)
@given(DETAILS)
def test_an_outcome_reads_back_as_json_reads_it(details):
    """``as_json`` copies what JSON keeps as it is and sends the rest through JSON: the
    canonical outcome is the one a file or the database gives back, value for value and
    type for type (``repr`` tells a tuple from a list, 1 from 1.0 or True, an enum from
    its value)."""
    assert repr(as_json(details)) == repr(json.loads(json.dumps(details)))
    assert read_back(details) == (repr(details) == repr(as_json(details)))
    outcome = HandOutcome((1, 0), SAY("player", seat=1), {"x": details})
    reread = HandOutcome.from_json(json.loads(json.dumps(outcome.to_json())))
    assert repr(outcome.canonical()) == repr(reread)


# ---------------------------------------------------------------------------
# What a game declares of one hand's points (the club's check of a score card reads it)
# ---------------------------------------------------------------------------


def _declares_points(game) -> bool:
    return game.zero_sum or game.hand_outcomes(game.settings()) is not None


@pytest.mark.parametrize(
    ("game", "setting"), [p for p in SETTINGS if _declares_points(p.values[0])]
)
def test_what_a_game_declares_of_a_hands_points_holds_for_every_hand_played(game, setting):
    """Every hand of random matches, after the match's effects (a doubler, the game's
    end): its points are those of an outcome the game lists, and add up to nothing where
    the game says its hands do."""
    listed = game.hand_outcomes(setting)
    possible = None if listed is None else {outcome.points for outcome in listed}
    rng = random.Random(f"points {game.id}{setting}")
    tally, scored = game.new_tally(setting), 0
    while scored < 60:
        state, _ = play_hand(game, setting, rng, scored % game.seats, _allowed_choice(rng))
        try:
            outcome = game.score_hand(state)
        except ResultError:
            continue  # a hand that needs the table's answer to be scored
        score = tally.add(outcome)
        assert possible is None or score.points in possible
        assert not game.zero_sum or sum(score.points) == 0
        scored += 1
        if score.game_over:
            tally = game.new_tally(setting)


def _allowed_choice(rng: random.Random):
    """A random event among those the rules do not refuse (``legal_events`` may offer one
    a house rule refuses)."""

    def choose(state, events):
        allowed = [e for e in events if not any(v.rule.refuses for v in state.check(e))]
        return rng.choice(allowed or events)

    return choose


def test_some_game_lists_its_outcomes_and_some_game_is_zero_sum():
    assert any(game.hand_outcomes(game.settings()) is not None for game in GAMES)
    assert any(game.zero_sum for game in GAMES)
