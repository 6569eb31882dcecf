"""Hearts as the rules say it, rule by rule: the deal, the pass, the first lead, following,
the first trick, breaking hearts, winning a trick, the points, the moon, J♦, the game's end,
reneges with hands known and unknown, and quick entry."""

from __future__ import annotations

import random

import pytest

from scorekeeper.adjudicator import HandLog, Refused
from scorekeeper.cards import Card, mask_of, parse_cards
from scorekeeper.events import Event, play
from scorekeeper.games.base import ResultError
from scorekeeper.games.hearts import GAME, RULES
from scorekeeper.games.hearts.hand import PASSING
from scorekeeper.games.outcome import HandOutcome
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from scorekeeper.phrases import legacy
from tests.told import said, words

PASS_OFF = {"pass_cards": False}


def hand(text: str) -> int:
    return mask_of(parse_cards(text))


def new(number: int = 0, dealer: int = 0, **options):
    """The match's hand ``number`` (from 0), dealt by ``dealer``."""
    return GAME.new_hand(GAME.settings(**options), dealer, None, number)


def record(state, *events):
    for event in events:
        refusing = [v.rule.id for v in state.check(event) if v.rule.refuses]
        assert not refusing, (event, refusing)
        state.apply(event)
    return state


def in_play(plays: str = "", leader: int = 0, **options):
    """A hand with no pass and hands unknown, ``plays`` recorded in turn from ``leader``."""
    state = new(**{**PASS_OFF, **options})
    for number, card in enumerate(parse_cards(plays)):
        record(state, play(leader if number == 0 else state.to_act, card))
    return state


def broken(state, card: str, held: str) -> list[str]:
    """The rules a play of ``card`` now breaks from the hand ``held`` (the card included)."""
    mask = hand(held)
    return sorted(
        r.rule.id for r in state.requirements(state.to_act, Card.parse(card)) if r.forbidden & mask
    )


def dealt(seed: int = 0, dealer: int = 0):
    """A shuffled deal: each seat's cards as a deal event."""
    return GAME.deal(random.Random(seed), GAME.settings(), dealer)


# ---------------------------------------------------------------------------
# Players, cards, deal
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", range(4), ids=lambda d: f"dealer seat {d}")
def test_thirteen_cards_to_each_player_from_the_dealers_left(dealer):
    events = dealt(dealer, dealer)
    assert [event.seat for event in events] == [(dealer + step) % 4 for step in range(1, 5)]
    assert all(len(event.cards) == 13 for event in events)
    assert mask_of(card for event in events for card in event.cards).bit_count() == 52


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        pytest.param("2C AC 3C 4C", 1, id="the ace is the highest card of its suit"),
        pytest.param("2C 3C 10C JC", 3, id="J beats 10"),
        pytest.param("2C AS 3C 4C", 3, id="no trump: a spade does not win a club trick"),
        pytest.param("2C AH KD 3C", 3, id="cards of another suit never win"),
    ],
)
def test_the_highest_card_of_the_suit_led_wins_and_leads_next(plays, winner):
    state = in_play(plays)
    assert state.tricks[0].winner == winner and state.to_act == winner


# ---------------------------------------------------------------------------
# Passing
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", range(4), ids=lambda d: f"dealer seat {d}")
@pytest.mark.parametrize(
    ("number", "receiver", "title"),
    [
        pytest.param(0, 1, "Passing three cards to the left", id="hand 1 passes to the left"),
        pytest.param(1, 3, "Passing three cards to the right", id="hand 2 passes to the right"),
        pytest.param(2, 2, "Passing three cards across", id="hand 3 passes across"),
        pytest.param(4, 1, "Passing three cards to the left", id="hand 5 passes to the left"),
    ],
)
def test_each_hand_passes_in_its_direction_all_at_once(number, receiver, title, dealer):
    events = dealt(7, dealer)
    state = record(new(number, dealer), *events)
    assert state.phase == PASSING and state.phase_title() == title
    deals = {event.seat: event.cards for event in events}
    order = [(dealer + step) % 4 for step in range(1, 5)]
    for number, seat in enumerate(order):
        record(state, Event("pass_cards", seat=seat, cards=deals[seat][:3]))
        if number < 3:  # nobody sees the cards passed to them before passing their own
            taker = (seat + receiver) % 4
            assert not (state.hands[taker] or 0) & mask_of(deals[seat][:3])
    for seat in range(4):
        giver = (seat - receiver) % 4
        expected = mask_of(deals[seat][3:]) | mask_of(deals[giver][:3])
        assert state.hands[seat] == expected and state.counts[seat] == 13
    assert state.phase == state.PLAY


@pytest.mark.parametrize("first", range(4), ids=lambda d: f"seat {d} deals first")
def test_a_match_passes_left_right_across_holds_then_left_whoever_deals_first(first):
    info = MatchInfo("Hearts night", "hearts", GAME.settings(), ("Ann", "Ben", "Cy", "Di"), first)
    ledger = Ledger(info)
    titles = []
    for number in range(5):
        for event in dealt(number, ledger.next_dealer):
            ledger.record(event)
        titles.append(ledger.current.state.phase_title())
        for _seat in range(4):
            ledger.undo()
        ledger.quick({"points": [13, 5, 4, 4]})
    assert titles == [
        "Passing three cards to the left",
        "Passing three cards to the right",
        "Passing three cards across",
        "Play",
        "Passing three cards to the left",
    ]


@pytest.mark.parametrize("dealer", range(4), ids=lambda d: f"dealer seat {d}")
def test_hand_4_holds_and_the_cycle_starts_again(dealer):
    assert new(3, dealer).phase == new(3, dealer, **PASS_OFF).phase == new().PLAY
    assert new(4, dealer).phase == new(8, dealer).phase == PASSING


def test_the_passes_may_be_recorded_in_any_order():
    events = dealt(3)
    state = record(new(0), *events)
    deals = {event.seat: event.cards for event in events}
    for seat in (3, 1, 0, 2):
        record(state, Event("pass_cards", seat=seat, cards=deals[seat][-3:]))
    assert state.phase == state.PLAY


def test_with_passing_off_no_hand_has_a_pass():
    for number in range(4):
        state = new(number, **PASS_OFF)
        assert state.phase == state.PLAY
        [ruling] = state.check(Event("pass_cards", seat=1))
        assert ruling.rule.id == "hearts.pass.three-cards"
        assert said(ruling) == ("nobody passes: passing is off",)


def _passing(seed: int = 0):
    events = dealt(seed)
    return record(new(0), *events), {event.seat: event.cards for event in events}


BAD_PASSES = {
    "two cards": (
        lambda deals: Event("pass_cards", seat=1, cards=deals[1][:2]),
        "hearts.pass.three-cards",
    ),
    "a card twice": (
        lambda deals: Event("pass_cards", seat=1, cards=(deals[1][0], deals[1][0], deals[1][1])),
        "hearts.pass.three-cards",
    ),
    "a card the passer does not hold": (
        lambda deals: Event("pass_cards", seat=1, cards=(*deals[1][:2], deals[2][0])),
        "table.not-held",
    ),
    "a second pass by the same player": (
        lambda deals: Event("pass_cards", seat=0, cards=deals[0][3:6]),
        "hearts.pass.three-cards",
    ),
    "a play before every pass is made": (lambda deals: play(1, deals[1][0]), "table.wrong-phase"),
    "a seat the table does not have": (
        lambda deals: Event("pass_cards", seat=4),
        "table.out-of-turn",
    ),
}


@pytest.mark.parametrize("case", BAD_PASSES, ids=lambda case: f"{case} is refused")
def test_a_wrong_pass_is_refused(case):
    state, deals = _passing()
    record(state, Event("pass_cards", seat=0, cards=deals[0][:3]))
    make, rule = BAD_PASSES[case]
    found = state.check(make(deals))
    assert [v.rule.id for v in found] == [rule] and all(v.rule.refuses for v in found)


def test_a_pass_in_a_hold_hand_is_refused():
    [ruling] = new(3).check(Event("pass_cards", seat=0))
    assert said(ruling) == ("nobody passes: a hold hand",)


def test_an_unseen_pass_leaves_both_hands_unknown():
    state, deals = _passing()
    record(state, Event("pass_cards", seat=0))
    for seat in (1, 2, 3):
        record(state, Event("pass_cards", seat=seat, cards=deals[seat][:3]))
    assert state.hands[0] is None and state.hands[1] is None
    assert state.hands[2] is not None and state.hands[3] is not None


def test_a_known_hand_offers_every_three_cards_and_an_unknown_one_an_unseen_pass():
    state, _deals = _passing()
    assert len(state.legal_events()) == 286  # 13 choose 3
    assert new(0).legal_events() == [Event("pass_cards", seat=1)]


# ---------------------------------------------------------------------------
# The first lead
# ---------------------------------------------------------------------------


def test_the_holder_of_two_of_clubs_after_the_pass_leads_it():
    deals = [Event("deal", seat=s, cards=parse_cards(c)) for s, c in enumerate(_CLUB_DEAL)]
    state = record(new(0), *deals)
    record(state, Event("pass_cards", seat=0, cards=parse_cards("2C 3C 4C")))
    for seat in (1, 2, 3):
        record(state, Event("pass_cards", seat=seat, cards=deals[seat].cards[:3]))
    assert state.to_act == 1  # seat 0 passed 2♣ to the left
    assert "table.out-of-turn" in [v.rule.id for v in state.check(play(0, "5C"))]
    assert state.legal_events() == [play(1, "2C")]


_CLUB_DEAL = (
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
)


@pytest.mark.parametrize("seat", range(4), ids=lambda s: f"seat {s} leads 2♣")
def test_with_hands_unknown_any_seat_may_lead_two_of_clubs(seat):
    state = in_play()
    assert set(state.seats_to_play()) == {0, 1, 2, 3}
    record(state, play(seat, "2C"))
    assert state.current.leader == seat and state.to_act == (seat + 1) % 4


@pytest.mark.parametrize(
    "card", ["3C", "AH", "QS"], ids=lambda c: f"hands unknown: a first lead of {c}"
)
def test_a_first_lead_other_than_two_of_clubs_is_ruled_on_at_once(card):
    found = in_play().check(play(2, card))
    assert [v.rule.id for v in found] == ["hearts.play.two-of-clubs-leads"]
    assert not found[0].rule.refuses  # the table takes it back or lets it stand


def test_hands_known_the_holder_of_two_of_clubs_leading_another_card_is_ruled_on():
    log = _log()
    for seat, cards in enumerate(_CLUB_DEAL):
        log.record(Event("deal", seat=seat, cards=parse_cards(cards)))
    ruling = log.record(play(0, "9C"))
    assert [v.rule.id for v in ruling.violations] == ["hearts.play.two-of-clubs-leads"]
    assert said(ruling.violations[0]) == ("had to lead 2♣: Ann held 2♣",)
    log.decide(ruling.event_index, "stand")
    log.record(Event("claim", seat=1))
    assert log.outcome().points == (26, 0, 0, 0)  # the renege penalty


# ---------------------------------------------------------------------------
# Play: following suit, the first trick, breaking hearts
# ---------------------------------------------------------------------------

PLAY_CASES = [
    pytest.param({}, "", "2C", "2C 9C KH", [], id="trick 1: 2♣ leads"),
    pytest.param(
        {},
        "2C",
        "4D",
        "4D 9C",
        ["hearts.play.follow-suit"],
        id="a diamond holding a club breaks follow suit",
    ),
    pytest.param({}, "2C", "9C", "4D 9C", [], id="following with a club"),
    pytest.param({}, "2C", "4D", "4D KH", [], id="trick 1 void in clubs: a diamond"),
    pytest.param(
        {},
        "2C",
        "KH",
        "4D KH",
        ["hearts.play.no-points-first-trick"],
        id="trick 1 void in clubs: no heart holding a diamond",
    ),
    pytest.param(
        {},
        "2C",
        "QS",
        "QS 3S",
        ["hearts.play.no-points-first-trick"],
        id="trick 1 void in clubs: no Q♠ holding another spade",
    ),
    pytest.param(
        {}, "2C", "KH", "KH QS 2H", [], id="trick 1 void in clubs, only hearts and Q♠: a heart"
    ),
    pytest.param({}, "2C", "QS", "KH QS", [], id="trick 1 void in clubs, only hearts and Q♠: Q♠"),
    pytest.param(
        {},
        "2C",
        "KH",
        "KH 5C",
        ["hearts.play.follow-suit"],
        id="trick 1 holding a club: a heart breaks follow suit",
    ),
    pytest.param(
        {},
        "2C",
        "KH",
        "KH 5C 4D",
        ["hearts.play.follow-suit", "hearts.play.no-points-first-trick"],
        id="trick 1 holding a club and a diamond: a heart breaks both",
    ),
    pytest.param(
        {"no_points_first_trick": False},
        "2C",
        "KH",
        "4D KH",
        [],
        id="no points on the first trick off: a heart when void",
    ),
    pytest.param(
        {},
        "2C 3C 4C 5C",
        "KH",
        "KH 4D",
        ["hearts.lead.hearts-broken"],
        id="hearts not broken: no heart lead",
    ),
    pytest.param(
        {}, "2C 3C 4C 5C", "KH", "KH 2H", [], id="hearts not broken, only hearts held: a heart lead"
    ),
    pytest.param({}, "2C 3C 4C 5C", "QS", "QS 4D", [], id="hearts not broken: Q♠ may lead"),
    pytest.param(
        {},
        "2C 3C 4C 5C 6D 7D 8D 2H",
        "KH",
        "KH 4D",
        [],
        id="a heart played to an earlier trick breaks hearts",
    ),
    pytest.param({}, "2C 3C 4C 5C 6S 7S QS 8S", "KH", "KH 4D", [], id="Q♠ breaks hearts"),
    pytest.param(
        {"queen_breaks_hearts": False},
        "2C 3C 4C 5C 6S 7S QS 8S",
        "KH",
        "KH 4D",
        ["hearts.lead.hearts-broken"],
        id="Q♠ breaks hearts off: Q♠ played, hearts still unbroken",
    ),
    pytest.param(
        {"must_break_hearts": False},
        "2C 3C 4C 5C",
        "KH",
        "KH 4D",
        [],
        id="hearts must be broken off: a heart lead at once",
    ),
    pytest.param(
        {},
        "2C 3C 4C 5C 6D",
        "KH",
        "KH 9D",
        ["hearts.play.follow-suit"],
        id="a heart on a diamond holding one",
    ),
    pytest.param(
        {},
        "2C 3C 4C 5C 6D",
        "KH",
        "KH 9S",
        [],
        id="a heart on a diamond when void after the first trick",
    ),
]


@pytest.mark.parametrize(("options", "plays", "card", "held", "rules"), PLAY_CASES)
def test_play_rules_and_the_legal_plays_agree(options, plays, card, held, rules):
    state = in_play(plays, **options)
    assert broken(state, card, held) == rules
    legal = state.legal_plays(state.to_act, hand(held))
    assert bool(legal >> Card.parse(card) & 1) == (rules == [])


# ---------------------------------------------------------------------------
# Scoring and the game's end
# ---------------------------------------------------------------------------

QUICK = [
    pytest.param({}, {"points": [13, 5, 8, 0]}, (13, 5, 8, 0), id="1 a heart and 13 for Q♠"),
    pytest.param(
        {}, {"points": [13, 13, 0, 0]}, (13, 13, 0, 0), id="Q♠ in one hand, every heart in another"
    ),
    pytest.param({}, {"moon": 2}, (26, 26, 0, 26), id="the moon: 26 to each other player"),
    pytest.param({}, {"points": [0, 26, 0, 0]}, (26, 0, 26, 26), id="all 26 points is the moon"),
    pytest.param(
        {"moon": "subtract_from_self"},
        {"moon": 2},
        (0, 0, -26, 0),
        id="the moon by house rule: −26 to the shooter",
    ),
    pytest.param(
        {"jack_of_diamonds": True},
        {"points": [13, 5, 8, 0], "jack": 3},
        (13, 5, 8, -10),
        id="J♦ scores −10",
    ),
    pytest.param(
        {"jack_of_diamonds": True},
        {"moon": 2, "jack": 2},
        (26, 26, -10, 26),
        id="J♦ counts in a moon hand",
    ),
    pytest.param({}, {"renege": 1}, (0, 26, 0, 0), id="a renege let stand: 26 to the offender"),
    pytest.param(
        {"jack_of_diamonds": True},
        {"points": [13, 5, 8, 0], "jack": 3, "renege": 1},
        (0, 26, 0, 0),
        id="a renege replaces the score, J♦ included",
    ),
]


@pytest.mark.parametrize(("options", "data", "points"), QUICK)
def test_quick_entry_scores(options, data, points):
    assert GAME.quick_outcome(GAME.settings(**options), 0, data).points == points


BAD_QUICK = [
    pytest.param(
        {}, {"points": [13, 5, 7, 0]}, "the players took 25 points", id="25 points in all"
    ),
    pytest.param({}, {"points": [7, 7, 6, 6]}, "nobody took Q♠", id="26 points but nobody took Q♠"),
    pytest.param(
        {},
        {"points": [13, 5, 8, 0], "jack": 1},
        "only with the J♦ house option",
        id="J♦ without the house option",
    ),
    pytest.param({}, {}, "how many points did each player take", id="no points"),
    pytest.param({}, {"points": [13, 5, 8]}, "expected a list of 4", id="three players' points"),
    pytest.param({}, {"points": [27, 0, 0, 0]}, "0 to 26", id="27 points to one player"),
    pytest.param(
        {}, {"moon": 2, "points": [0, 0, 26, 0]}, "not part of a result", id="a moon with points"
    ),
]


@pytest.mark.parametrize(("options", "data", "message"), BAD_QUICK)
def test_quick_entry_refuses_what_cannot_happen(options, data, message):
    with pytest.raises(ResultError, match=message):
        GAME.quick_outcome(GAME.settings(**options), 0, data)


def _tally(options, hands):
    tally = GAME.new_tally(GAME.settings(**options))
    return [tally.add(HandOutcome(points, legacy(""))) for points in hands]


GAME_ENDS = [
    pytest.param(
        {}, [(26, 0, 0, 0)] * 3 + [(0, 26, 0, 0)] * 3, False, (), id="78 and 78: the game goes on"
    ),
    pytest.param(
        {}, [(25, 1, 0, 0)] * 4, True, (2, 3), id="100 ends it; the tied lowest share the win"
    ),
    pytest.param({}, [(26, 0, 0, 0)] * 3 + [(21, 5, 0, 0)], False, (), id="99 does not end it"),
    pytest.param(
        {}, [(26, 0, 0, 0)] * 3 + [(26, 0, 0, 0)], True, (1, 2, 3), id="104: the three at 0 share"
    ),
    pytest.param({}, [(20, 2, 3, 1)] * 5, True, (3,), id="the lowest total wins"),
    pytest.param(
        {"game_to": 50}, [(26, 0, 0, 0), (0, 26, 1, 0), (26, 0, 0, 0)], True, (3,), id="game to 50"
    ),
]


@pytest.mark.parametrize(("options", "hands", "over", "winners"), GAME_ENDS)
def test_the_game_ends_at_the_target_and_the_lowest_total_wins(options, hands, over, winners):
    last = _tally(options, hands)[-1]
    assert last.game_over == over and last.winners == winners


def test_a_played_moon():
    state = in_play("2C 3C 4C AC")  # seat 3 takes the first trick, and claims the rest
    record(state, Event("claim", seat=3))
    outcome = GAME.score_hand(state)
    assert outcome.points == (26, 26, 26, 0)
    assert words(outcome.summary) == "Di shot the moon: 26 to each other player"


def test_a_played_hand_scores_what_each_player_took():
    state = in_play("2C 3C 4C AC 5D 6D 7D KH 9S QS 2S 3S")  # K♥ to seat 1, Q♠ to seat 2
    record(state, Event("claim", seat=0))  # the other twelve hearts
    outcome = GAME.score_hand(state)
    assert outcome.details["taken"] == [12, 1, 13, 0] and outcome.points == (12, 1, 13, 0)


# ---------------------------------------------------------------------------
# Reneges
# ---------------------------------------------------------------------------


def _log(**options):
    return HandLog(
        GAME, GAME.settings(**{**PASS_OFF, **options}), 0, names=("Ann", "Ben", "Cy", "Di")
    )


def _to_proof(log, plays: str, proof: str):
    """Record ``plays`` in turn (seat 0 leading 2♣), then ``proof`` by the seat to act."""
    for number, card in enumerate(parse_cards(plays)):
        assert log.record(play(0 if number == 0 else log.state.to_act, card)).accepted
    return log.record(play(log.state.to_act, Card.parse(proof)))


@pytest.mark.parametrize(
    ("plays", "proof", "rule"),
    [
        pytest.param(
            # A♣ (seat 3) takes trick 1; Cy (seat 2) throws 9♥ on diamonds in trick 2, 8♦
            # (seat 1) takes it; K♠ (seat 3) takes trick 3; Cy plays 4♦ in trick 4
            "2C 3C 4C AC 6D 7D 8D 9H 2S 3S KS 4S 5H 6H 7H",
            "4D",
            "hearts.play.follow-suit",
            id="follow suit: a heart on diamonds, then a diamond",
        ),
        pytest.param(
            "2C 3C KH AC 5S 6S 7S",
            "8S",
            "hearts.play.no-points-first-trick",
            id="no points on the first trick: K♥ on clubs, then a spade",
        ),
        pytest.param(
            "2C 3C 4C AC QH 5H 6H 7H",
            "5D",
            "hearts.lead.hearts-broken",
            id="hearts broken: a heart led unbroken, then a diamond",
        ),
    ],
)
def test_hands_unknown_a_later_card_proves_each_play_rule(plays, proof, rule):
    log = _log()
    ruling = _to_proof(log, plays, proof)
    assert [v.rule.id for v in ruling.proved] == [rule]
    assert ruling.proved[0].proved_by is not None


def _renege_hand():
    """Hands unknown: seat 2 throws 9♥ on diamonds in trick 2 and plays 4♦ in trick 4."""
    log = _log()
    ruling = _to_proof(log, "2C 3C 4C AC 6D 7D 8D 9H 2S 3S KS 4S 5H 6H 7H", "4D")
    assert ruling.proved
    return log, ruling.proved[0]


def test_a_renege_let_stand_scores_26_to_the_offender_and_0_to_the_others():
    log, violation = _renege_hand()
    assert violation.seat == 2
    log.decide(violation.event_index, "stand")
    log.record(Event("claim", seat=0))
    outcome = log.outcome()
    assert outcome.points == (0, 0, 26, 0)
    assert (
        words(outcome.penalty)
        == "renege (Follow suit, Cy, trick 2): 26 to Cy, 0 to every other player"
    )


def test_a_renege_taken_back_removes_the_play_and_what_followed():
    log, violation = _renege_hand()
    log.decide(violation.event_index, "take_back")
    assert log.state.trick_number == 2 and log.state.to_act == 2
    log.record(play(2, "9D"))
    log.record(Event("claim", seat=2))  # every card left: Cy shoots the moon, no penalty
    assert log.outcome().penalty is None and log.outcome().points == (26, 26, 0, 26)


def test_hands_known_a_renege_is_ruled_at_once():
    deals = [Event("deal", seat=s, cards=parse_cards(c)) for s, c in enumerate(_CLUB_DEAL)]
    log = _log()
    for event in deals:
        log.record(event)
    assert log.state.to_act == 0
    log.record(play(0, "2C"))
    ruling = log.record(play(1, "KD"))  # a diamond: void in clubs, fine
    assert ruling.accepted
    ruling = log.record(play(2, "KH"))  # only hearts: allowed on the first trick
    assert ruling.accepted
    ruling = log.record(play(3, "QS"))  # only spades: Q♠ while holding other spades
    assert [v.rule.id for v in ruling.violations] == ["hearts.play.no-points-first-trick"]
    with pytest.raises(Refused):
        log.record(play(0, "3C"))  # a ruling waits for the table


# ---------------------------------------------------------------------------
# The rulebook
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule_id", "words_in_it"),
    [
        pytest.param("hearts.pass.three-cards", "to the left", id="passing names its cycle"),
        pytest.param("hearts.play.two-of-clubs-leads", "2♣", id="2♣ leads"),
        pytest.param("hearts.play.no-points-first-trick", "Q♠", id="no points on the first trick"),
        pytest.param("hearts.lead.hearts-broken", "only hearts", id="hearts must be broken"),
        pytest.param("hearts.score.points", "26", id="26 points a hand"),
        pytest.param("hearts.score.moon", "−26", id="the moon's house rule"),
        pytest.param("hearts.game.lowest-wins", "lowest total wins", id="lowest wins"),
        pytest.param("hearts.penalty.renege", "offender scores 26", id="the renege penalty"),
    ],
)
def test_every_ruling_quotes_a_rule_of_the_book(rule_id, words_in_it):
    assert rule_id in RULES and words_in_it in RULES[rule_id].text
