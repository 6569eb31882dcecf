"""Every number of the Sheepshead rules of record: deck, picking, scoring, house options,
quick entry and the tally."""

from __future__ import annotations

import random
import re

import pytest

from scorekeeper.cards import Card, Rank, cards_in, mask_of, parse_cards
from scorekeeper.events import Event
from scorekeeper.games.base import ResultError
from scorekeeper.games.sheepshead import Call
from scorekeeper.games.sheepshead.deck import DECK, DECK_MASK, TABLE, TRUMP_ORDER, card_points
from scorekeeper.games.sheepshead.rulebook import (
    ALL_PASS,
    BLITZ,
    CRACK,
    DOUBLE_ON_BUMP,
    POINT_VALUE,
)
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from scorekeeper.money import point_value
from scorekeeper.words import house_option_words
from tests.games.sheepshead.test_tricks import GAME, play, record, start
from tests.told import NAMES
from tests.told import words as told_words

# ---------------------------------------------------------------------------
# Deck and order
# ---------------------------------------------------------------------------


def test_thirty_two_cards_six_each_and_two_to_the_blind():
    events = GAME.deal(random.Random(3), GAME.settings(), dealer=0)
    hands = [event.cards for event in events if event.kind == "deal"]
    (blind,) = [event.cards for event in events if event.kind == "blind"]
    assert len(DECK) == 32 and {card.rank for card in DECK} == set(map(Rank, range(7, 15)))
    assert [len(hand) for hand in hands] == [6] * 5 and len(blind) == 2
    assert mask_of(c for hand in (*hands, blind) for c in hand) == DECK_MASK


def test_fourteen_trumps_high_to_low():
    expected = parse_cards("QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D")
    by_strength = sorted(cards_in(TABLE.trump_mask), key=lambda c: -TABLE.strength[c])
    assert tuple(by_strength) == expected == TRUMP_ORDER
    assert len(expected) == 14


@pytest.mark.parametrize("suit", ["♣", "♠", "♥"])
def test_fail_suit_high_to_low_a_10_k_9_8_7(suit):
    cards = parse_cards(" ".join(f"{rank}{suit}" for rank in ("A", "10", "K", "9", "8", "7")))
    assert sorted(cards, key=lambda c: -TABLE.strength[c]) == list(cards)
    assert all(TABLE.suit_of[c] == c.suit for c in cards)
    assert TABLE.suit_of[Card.parse(f"Q{suit}")] == TABLE.suit_of[Card.parse(f"J{suit}")] == 4


@pytest.mark.parametrize(
    ("rank", "points"),
    [
        pytest.param(rank, points, id=f"{rank} = {points}")
        for rank, points in [
            ("A", 11),
            ("10", 10),
            ("K", 4),
            ("Q", 3),
            ("J", 2),
            ("9", 0),
            ("8", 0),
            ("7", 0),
        ]
    ],
)
def test_card_points(rank, points):
    assert {card_points(Card.parse(f"{rank}{suit}").bit) for suit in "CDHS"} == {points}


def test_the_deck_holds_120():
    assert card_points(DECK_MASK) == 120


# ---------------------------------------------------------------------------
# Dealing and picking
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", range(5), ids=lambda d: f"dealer seat {d + 1}")
def test_picking_starts_left_of_the_dealer_and_play_too(dealer):
    hand = GAME.new_hand(GAME.settings(), dealer)
    assert hand.to_act == (dealer + 1) % 5
    record(hand, Event("pick", seat=(dealer + 1) % 5))
    record(hand, Event("bury"))
    record(hand, Call("alone").event())
    assert hand.current.leader == (dealer + 1) % 5


def test_each_player_picks_or_passes_once():
    hand = GAME.new_hand(GAME.settings(), 0)
    record(hand, Event("pass", seat=1))
    assert [v.rule_id for v in hand.check(Event("pick", seat=1))] == ["table.out-of-turn"]
    record(hand, Event("pick", seat=2))
    assert [v.rule_id for v in hand.check(Event("pass", seat=3))] == ["table.wrong-phase"]


# ---------------------------------------------------------------------------
# Scoring a picking hand
# ---------------------------------------------------------------------------

PARTNER = {"picker": 0, "partner": 1}
ALONE = {"picker": 0, "alone": True}
SCORES = [
    ("61 wins: picker +2, partner +1, defenders -1", PARTNER, 61, 3, (2, 1, -1, -1, -1)),
    ("60-60 goes to the defenders", PARTNER, 60, 3, (-2, -1, 1, 1, 1)),
    ("91 is schneider: wins double", PARTNER, 91, 4, (4, 2, -2, -2, -2)),
    ("90 wins single", PARTNER, 90, 4, (2, 1, -1, -1, -1)),
    ("30 or fewer loses double", PARTNER, 30, 2, (-4, -2, 2, 2, 2)),
    ("31 loses single", PARTNER, 31, 2, (-2, -1, 1, 1, 1)),
    ("schwarz: defenders took no trick, triple", PARTNER, 120, 6, (6, 3, -3, -3, -3)),
    ("schwarz overrides schneider: picking side took no trick", PARTNER, 0, 0, (-6, -3, 3, 3, 3)),
    ("120 with a trick lost is schneider only", PARTNER, 120, 5, (4, 2, -2, -2, -2)),
    ("0 with a trick taken is schneider only", PARTNER, 0, 1, (-4, -2, 2, 2, 2)),
    ("alone 61: picker +4, each defender -1", ALONE, 61, 3, (4, -1, -1, -1, -1)),
    ("alone loses: picker -4, each defender +1", ALONE, 45, 3, (-4, 1, 1, 1, 1)),
    ("alone schneidered: x2", ALONE, 20, 1, (-8, 2, 2, 2, 2)),
    ("alone schwarz: x3", ALONE, 120, 6, (12, -3, -3, -3, -3)),
]


def quick(data, **options):
    return GAME.quick_outcome(GAME.settings(**options), 0, data)


@pytest.mark.parametrize(
    ("words", "who", "points", "tricks", "expected"),
    [
        pytest.param(*row, id=f"{row[0]}: {row[2]} points, {row[3]} tricks -> {row[4]}")
        for row in SCORES
    ],
)
def test_scoring_a_picking_hand(words, who, points, tricks, expected):
    outcome = quick({**who, "points": points, "tricks": tricks})
    assert outcome.points == expected
    assert sum(outcome.points) == 0


@pytest.mark.parametrize(
    ("words", "data", "expected"),
    [
        pytest.param(
            "partner is any seat",
            {"picker": 3, "partner": 0, "points": 70, "tricks": 4},
            (1, -1, -1, 2, -1),
            id="picker seat 4 with partner seat 1 wins",
        ),
        pytest.param(
            "call 10",
            {"picker": 2, "partner": 4, "call": "ten", "points": 70, "tricks": 4},
            (-1, -1, 2, -1, 1),
            id="call 10 scores like an ace call",
        ),
        pytest.param(
            "under",
            {"picker": 2, "partner": 4, "call": "under", "points": 50, "tricks": 4},
            (1, 1, -2, 1, -1),
            id="under call loses like an ace call",
        ),
    ],
)
def test_who_scores_what(words, data, expected):
    assert quick(data).points == expected


# ---------------------------------------------------------------------------
# House options
# ---------------------------------------------------------------------------

OPTIONS = [
    (
        "double on the bump: a losing picking side pays double",
        {"double_on_bump": True},
        {"points": 50},
        (-4, -2, 2, 2, 2),
    ),
    (
        "double on the bump: a win is not doubled",
        {"double_on_bump": True},
        {"points": 70},
        (2, 1, -1, -1, -1),
    ),
    (
        "double on the bump with schneider: x4",
        {"double_on_bump": True},
        {"points": 20},
        (-8, -4, 4, 4, 4),
    ),
    ("crack x2", {"crack": True}, {"points": 70, "crack": 2}, (4, 2, -2, -2, -2)),
    (
        "recrack x4",
        {"crack": True},
        {"points": 70, "crack": 2, "recrack": True},
        (8, 4, -4, -4, -4),
    ),
    ("blitz x2", {"blitz": True}, {"points": 70, "blitz": True}, (4, 2, -2, -2, -2)),
    (
        "crack and blitz x4",
        {"crack": True, "blitz": True},
        {"points": 70, "crack": 3, "blitz": True},
        (8, 4, -4, -4, -4),
    ),
    (
        "recrack, blitz, schneider: x16",
        {"crack": True, "blitz": True},
        {"points": 95, "crack": 3, "recrack": True, "blitz": True},
        (32, 16, -16, -16, -16),
    ),
]


@pytest.mark.parametrize(
    ("words", "options", "data", "expected"),
    [pytest.param(*row, id=row[0]) for row in OPTIONS],
)
def test_house_option_stakes(words, options, data, expected):
    outcome = quick({**PARTNER, "tricks": 3, **data}, **options)
    assert outcome.points == expected


LEASTER = [
    (
        "lowest card points wins: +4, others -1",
        [5, 20, 30, 30, 35],
        [1, 1, 1, 1, 2],
        (4, -1, -1, -1, -1),
    ),
    (
        "must take at least one trick to win",
        [0, 10, 30, 35, 45],
        [0, 1, 1, 2, 2],
        (-1, 4, -1, -1, -1),
    ),
    (
        "a tie for fewest: two winners +3, others -2",
        [10, 10, 30, 35, 35],
        [1, 1, 1, 1, 2],
        (3, 3, -2, -2, -2),
    ),
]


@pytest.mark.parametrize(
    ("words", "points", "tricks", "expected"),
    [pytest.param(*row, id=row[0]) for row in LEASTER],
)
def test_leaster(words, points, tricks, expected):
    outcome = quick({"leaster_points": points, "leaster_tricks": tricks}, all_pass="leaster")
    assert outcome.points == expected


def play_by_seat(hand, tricks: list[str]) -> None:
    """Play tricks written as the cards of seats 1 to 5, in turn order from the leader."""
    for trick in tricks:
        by_seat = trick.split()
        for _ in range(5):
            seat = hand.to_act
            record(hand, Event("play", seat=seat, card=Card.parse(by_seat[seat])))


LEASTER_TRICKS = [
    "7♣ 8♣ 9♣ K♣ 10♣",  # seat 5 wins 14
    "7♠ 8♠ 9♠ 7♥ A♣",  # seat 5 leads A♣ and wins 11
    "Q♠ Q♥ Q♦ J♣ Q♣",  # seat 5 wins 14
    "10♠ A♠ J♠ J♥ K♠",  # seat 3 trumps with J♠: 29
    "K♦ J♦ 7♦ 8♦ 9♦",  # seat 2 wins with J♦: 6
    "10♦ 8♥ 9♥ K♥ A♦",  # seat 5 wins the last trick (25) and the blind (21)
]


def test_leaster_played_gives_the_blind_to_the_last_tricks_winner():
    hand = GAME.new_hand(GAME.settings(all_pass="leaster"), dealer=4)
    record(hand, Event("blind", cards=parse_cards("A♥ 10♥")))
    for seat in range(5):
        record(hand, Event("pass", seat=seat))
    assert hand.phase == hand.PLAY and hand.to_act == 0
    blind_card = Event("play", seat=0, card=Card.parse("A♥"))
    assert [v.rule_id for v in hand.check(blind_card)] == ["table.already-played"]
    play_by_seat(hand, LEASTER_TRICKS)
    outcome = GAME.score_hand(hand)
    assert outcome.details["points"] == [0, 6, 29, 0, 85]
    assert outcome.details["tricks"] == [0, 1, 1, 0, 4]
    assert outcome.points == (-1, 4, -1, -1, -1)


@pytest.mark.parametrize(
    ("stacking", "multipliers"),
    [
        pytest.param("multiply", [2, 4, 8], id="multiply: x2 x4 x8"),
        pytest.param("add", [2, 3, 4], id="add: x2 x3 x4"),
    ],
)
def test_doublers_stack(stacking, multipliers):
    settings = GAME.settings(all_pass="doubler", doubler_stacking=stacking)
    for doublers, multiplier in enumerate(multipliers, start=1):
        tally = GAME.new_tally(settings)
        for _ in range(doublers):
            score = tally.add(GAME.quick_outcome(settings, 0, {"doubler": True}))
            assert score.points == (0,) * 5
        score = tally.add(GAME.quick_outcome(settings, 0, {**PARTNER, "points": 70, "tricks": 3}))
        assert score.points == tuple(multiplier * p for p in (2, 1, -1, -1, -1))
        assert tally.add(
            GAME.quick_outcome(settings, 0, {**PARTNER, "points": 70, "tricks": 3})
        ).points == (2, 1, -1, -1, -1)


def test_point_value_turns_totals_into_money():
    settings = GAME.settings(point_value=25)
    tally = GAME.new_tally(settings)
    tally.add(GAME.quick_outcome(settings, 0, {**PARTNER, "points": 95, "tricks": 4}))
    assert tally.totals == [4, 2, -2, -2, -2]
    ledger = Ledger(MatchInfo("Money", GAME.id, settings, ("A", "B", "C", "D", "E")))
    assert point_value(ledger) == 25


HOUSE_OPTIONS_ON = [
    ("Leaster instead of Schwanzer", {"all_pass": "leaster"}, "When all five pass: Leaster"),
    ("Doubler", {"all_pass": "doubler"}, "When all five pass: Doubler"),
    ("Doubler stacking: add", {"doubler_stacking": "add"}, "Doublers in a row: Add (×2, ×3, ×4)"),
    ("Double on the bump", {"double_on_bump": True}, "Double on the bump"),
    ("Crack / recrack", {"crack": True}, "Crack and recrack"),
    ("Blitz", {"blitz": True}, "Blitz"),
    ("Point value", {"point_value": 25}, "Money per point"),
]


def _sheet_options(**options) -> list[str]:
    settings = GAME.settings(**options)
    ledger = Ledger(MatchInfo("Friday", "sheepshead", settings, ("A", "B", "C", "D", "E")))
    return house_option_words(ledger.game, ledger.settings)


def test_house_options_default_off_and_schwanzer_when_all_pass():
    settings = GAME.settings()
    assert settings.get(ALL_PASS) == "schwanzer"
    assert [settings.get(option) for option in (DOUBLE_ON_BUMP, CRACK, BLITZ, POINT_VALUE)] == [
        False,
        False,
        False,
        0,
    ]
    assert _sheet_options() == []


@pytest.mark.parametrize(
    ("option", "options", "words"),
    [
        pytest.param(*row, id=f"{row[0]}: named on the score sheet when on")
        for row in HOUSE_OPTIONS_ON
    ],
)
def test_each_house_option_is_shown_on_the_score_sheet_when_on(option, options, words):
    (shown,) = _sheet_options(**options)
    assert shown.startswith(words)


# ---------------------------------------------------------------------------
# Misplays let stand
# ---------------------------------------------------------------------------

MISPLAYS = [
    ("the partner misplays: the picking side loses at base value", 1, 80, 4, (-2, -1, 1, 1, 1)),
    ("a defender misplays: the defenders lose at base value", 3, 20, 2, (2, 1, -1, -1, -1)),
    ("a defender misplays when schneidered: x2 against them", 3, 95, 5, (4, 2, -2, -2, -2)),
    ("a defender misplays when schwarzed: x3 against them", 4, 120, 6, (6, 3, -3, -3, -3)),
    ("the picker misplays when schneidered: x2 against them", 0, 25, 1, (-4, -2, 2, 2, 2)),
]


@pytest.mark.parametrize(
    ("words", "offender", "points", "tricks", "expected"),
    [pytest.param(*row, id=row[0]) for row in MISPLAYS],
)
def test_misplay_penalty(words, offender, points, tricks, expected):
    data = {**PARTNER, "points": points, "tricks": tricks, "misplay": offender}
    outcome = quick(data, double_on_bump=True)
    assert outcome.points == expected
    assert told_words(outcome.penalty) == f"{NAMES[offender]} misplayed"


def test_leaster_misplay_pays_four():
    data = {"leaster_points": [5, 20, 30, 30, 35], "leaster_tricks": [1, 1, 1, 1, 2], "misplay": 2}
    assert quick(data, all_pass="leaster").points == (1, 1, -4, 1, 1)


# ---------------------------------------------------------------------------
# Impossible results
# ---------------------------------------------------------------------------

REFUSED = [
    ("points above 120", {**PARTNER, "points": 121, "tricks": 3}, "0 to 120"),
    ("negative points", {**PARTNER, "points": -1, "tricks": 3}, "0 to 120"),
    ("seven tricks", {**PARTNER, "points": 70, "tricks": 7}, "0 to 6"),
    ("no trick but points", {**PARTNER, "points": 12, "tricks": 0}, "took no trick"),
    ("every trick but not every point", {**PARTNER, "points": 100, "tricks": 6}, "all 120"),
    (
        "picker is own partner",
        {"picker": 1, "partner": 1, "points": 70, "tricks": 3},
        "own partner",
    ),
    (
        "alone with a partner",
        {"picker": 0, "partner": 2, "alone": True, "points": 70, "tricks": 3},
        "no partner",
    ),
    ("no partner and not alone", {"picker": 0, "points": 70, "tricks": 3}, "name the partner"),
    (
        "no picker",
        {"points": 70, "tricks": 3},
        "picker: missing (Picker: a seat, counted from 0 (0 to 4))",
    ),
    (
        "seat out of range",
        {"picker": 5, "partner": 1, "points": 70, "tricks": 3},
        "picker: expected a seat, counted from 0 (0 to 4), not 5",
    ),
    (
        "unknown call",
        {**PARTNER, "call": "king", "points": 70, "tricks": 3},
        "call: expected one of ace, under, ten, jack, alone, not 'king'",
    ),
    (
        "crack where the house does not",
        {**PARTNER, "points": 70, "tricks": 3, "crack": 2},
        "crack: only with the crack house option",
    ),
    (
        "blitz where the house does not",
        {**PARTNER, "points": 70, "tricks": 3, "blitz": True},
        "blitz: only with the blitz house option",
    ),
    (
        "recrack without a crack",
        {**PARTNER, "points": 70, "tricks": 3, "recrack": True},
        "recrack: only with the crack house option",
    ),
    (
        "leaster points not adding to 120",
        {"leaster_points": [5, 5, 5, 5, 5], "leaster_tricks": [1, 1, 1, 1, 2]},
        "Leaster (all passed): only when the house plays a Leaster after all pass",
    ),
    (
        "doubler where the house plays Schwanzer",
        {"doubler": True},
        "Doubler (all passed): only when the house plays a Doubler after all pass",
    ),
]


@pytest.mark.parametrize(
    ("words", "data", "message"),
    [pytest.param(*row, id=row[0]) for row in REFUSED],
)
def test_impossible_results_are_refused(words, data, message):
    with pytest.raises(ResultError, match=re.escape(message)):
        quick(data)


@pytest.mark.parametrize(
    ("words", "data", "message"),
    [
        pytest.param(
            "the picker cracks",
            {**PARTNER, "points": 70, "tricks": 3, "crack": 0},
            "cannot crack",
            id="the picker cannot crack",
        ),
        pytest.param(
            "leaster sum",
            {"leaster_points": [5, 5, 5, 5, 5], "leaster_tricks": [1, 1, 1, 1, 2]},
            "add up to 120",
            id="leaster points must add up to 120",
        ),
        pytest.param(
            "leaster tricks",
            {"leaster_points": [20, 20, 20, 30, 30], "leaster_tricks": [1, 1, 1, 1, 1]},
            "6 tricks",
            id="leaster tricks must add up to 6",
        ),
        pytest.param(
            "leaster no trick",
            {"leaster_points": [20, 20, 20, 30, 30], "leaster_tricks": [0, 2, 2, 1, 1]},
            "took no trick",
            id="leaster points without a trick",
        ),
    ],
)
def test_impossible_results_with_options_are_refused(words, data, message):
    with pytest.raises(ResultError, match=re.escape(message)):
        quick(data, crack=True, all_pass="leaster")


# ---------------------------------------------------------------------------
# Played hands: buried points, claims
# ---------------------------------------------------------------------------

# The picker (seat 0) alone buries A♥ 10♥; each trick lists the cards of seats 1 to 5,
# and seat 2 (index 1) takes every trick with the highest trump.
DEFENDERS_TAKE_ALL = [
    "7♣ Q♣ 8♣ 9♣ K♣",
    "7♠ Q♠ 8♠ 9♠ K♠",
    "7♥ Q♥ 8♥ 9♥ K♥",
    "10♣ Q♦ 10♠ A♠ A♣",
    "7♦ J♣ 8♦ 9♦ K♦",
    "J♦ J♠ J♥ A♦ 10♦",
]
# The same, but the picker keeps Q♦ for the last trick and wins it.
PICKER_TAKES_THE_LAST = [
    *DEFENDERS_TAKE_ALL[:3],
    "10♣ J♠ 10♠ A♠ A♣",
    DEFENDERS_TAKE_ALL[4],
    "Q♦ J♥ J♦ A♦ 10♦",
]


def _buried_hand(tricks: list[str]):
    hand = GAME.new_hand(GAME.settings(), 4)
    record(hand, Event("pick", seat=0))
    record(hand, Event("bury", cards=parse_cards("A♥ 10♥")))
    record(hand, Call("alone").event())
    play_by_seat(hand, tricks)
    return hand


def test_buried_points_void_for_a_schwarzed_picking_side():
    hand = _buried_hand(DEFENDERS_TAKE_ALL)
    assert hand.phase == hand.OVER and hand.taken == [0, 6, 0, 0, 0]
    outcome = GAME.score_hand(hand)
    assert outcome.details["picking_points"] == 0
    assert outcome.details["schwarz"] and outcome.points == (-12, 3, 3, 3, 3)


def test_buried_points_count_for_the_picker():
    hand = _buried_hand(PICKER_TAKES_THE_LAST)
    assert hand.taken == [1, 5, 0, 0, 0]
    outcome = GAME.score_hand(hand)
    assert outcome.details["picking_points"] == 28 + 21
    assert outcome.points == (-4, 1, 1, 1, 1)


def test_a_claim_gives_the_claimers_side_every_card_left():
    hand = start(Call("ace", Card.parse("A♥")))
    play(hand, "Q♣", "7♣", "A♥", "8♣", "9♣")  # the picker wins; seat 2 is the partner
    record(hand, Event("claim", seat=2))
    outcome = GAME.score_hand(hand)
    assert outcome.details["picking_points"] == 120 and outcome.points == (6, -3, 3, -3, -3)


def test_a_defenders_claim_needs_the_bury():
    hand = start(Call("ace", Card.parse("A♥")))
    play(hand, "Q♣", "7♣", "A♥", "8♣", "9♣")
    record(hand, Event("claim", seat=1))
    with pytest.raises(ResultError, match="record the buried cards"):
        GAME.score_hand(hand)


def test_an_unknown_partner_cannot_be_scored():
    hand = start(Call("ace", Card.parse("A♥")))
    play(hand, "Q♣", "7♣", "10♣", "8♣", "9♣")
    record(hand, Event("claim", seat=0))
    with pytest.raises(ResultError, match="partner is not known"):
        GAME.score_hand(hand)


def test_a_hand_not_over_cannot_be_scored():
    with pytest.raises(ResultError, match="not over"):
        GAME.score_hand(start(Call("alone")))


# ---------------------------------------------------------------------------
# A long match
# ---------------------------------------------------------------------------


def test_a_long_match_through_the_tally():
    settings = GAME.settings(
        all_pass="doubler", double_on_bump=True, crack=True, blitz=True, point_value=10
    )
    tally = GAME.new_tally(settings)
    rng = random.Random(11)
    expected = [0] * 5
    pending = 1
    for number in range(400):
        dealer = number % 5
        if rng.random() < 0.1:
            outcome = GAME.quick_outcome(settings, dealer, {"doubler": True})
            pending *= 2
            score = tally.add(outcome)
            assert score.points == (0,) * 5
            continue
        hand = GAME.new_hand(settings, dealer)
        for event in GAME.deal(rng, settings, dealer):
            hand.apply(event)
        while hand.phase != hand.OVER:
            event = rng.choice(hand.legal_events())
            if event.kind == "call" and rng.random() < 0.3:
                event = Call(event.value, event.card, event.under).event(
                    {"crack": (hand.picker + 1) % 5}
                )
            assert not [v for v in hand.check(event) if v.rule.refuses]
            hand.apply(event)
        outcome = GAME.score_hand(hand)
        score = tally.add(outcome)
        if outcome.details["type"] == "doubler":
            pending *= 2
            continue
        assert score.points == tuple(p * pending for p in outcome.points)
        pending = 1
        expected = [t + p for t, p in zip(expected, score.points, strict=True)]
        assert list(score.totals) == expected
        assert sum(score.totals) == 0
