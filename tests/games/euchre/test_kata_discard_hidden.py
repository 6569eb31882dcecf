"""The kata's discard with the hands hidden: "the dealer picks up the trump card and
discards their lowest card back to the kitty (remember trump cards are higher than all
other cards)". A seen discard is judged as soon as what is seen proves it: at once when
the upcard the dealer picked up is a lower trump, else when the dealer later plays a
lower card; never while the unseen cards could still make it the lowest."""

from __future__ import annotations

import pytest

from scorekeeper.adjudicator import HandLog
from scorekeeper.cards import Card, Suit, cards_in, parse_cards
from scorekeeper.events import Event, play
from scorekeeper.games import get_game
from scorekeeper.games.euchre.tables import DECK_MASK, lower_than, lowest_cards
from scorekeeper.match import HandRecord
from scorekeeper.words import violation_lines
from tests.games.check_support import check_file, rulings
from tests.told import said

GAME = get_game("euchre")
KATA = GAME.settings("kata")
KATA_DISCARD = "euchre.bidding.kata-lowest-discard"
LOWEST = "the dealer had to discard the lowest card"

# Ann (seat 0) deals and turns up 10♥; Ben orders it up: hearts are trump, Ann discards.
BIDDING = [Event("upcard", card=Card.parse("10♥")), Event("order_up", seat=1)]
DISCARD_AT = len(BIDDING)


def discarded(card: str) -> HandLog:
    log = HandLog(GAME, KATA, 0)
    for event in [*BIDDING, Event("discard", card=Card.parse(card))]:
        log.record(event)
    return log


def trick(*cards: str) -> list[Event]:
    """One trick from Ben round to Ann, the dealer, who plays last."""
    return [play(seat, card) for seat, card in zip((1, 2, 3, 0), cards, strict=True)]


@pytest.mark.parametrize(
    ("card", "why"),
    [
        pytest.param(
            "J♥",
            "the dealer picked up the upcard 10♥, a lower trump than J♥",
            id="remember trump cards are higher than all other cards: the right bower",
        ),
        pytest.param(
            "J♦",
            "the dealer picked up the upcard 10♥, a lower trump than J♦",
            id="the left bower is trump: a lower trump was picked up",
        ),
        pytest.param(
            "A♥",
            "the dealer picked up the upcard 10♥, a lower trump than A♥",
            id="a trump above the upcard",
        ),
    ],
)
def test_a_discard_the_upcard_proves_wrong_is_ruled_at_once(card, why):
    log = discarded(card)
    ruling = log.rulings[DISCARD_AT]
    (violation,) = ruling.violations
    assert (violation.rule.id, violation.seat, violation.card) == (
        KATA_DISCARD,
        0,
        Card.parse(card),
    )
    assert said(violation) == (why,)
    assert log.undecided(DISCARD_AT)


@pytest.mark.parametrize(
    "card",
    [
        pytest.param("10♥", id="the upcard itself: the unseen cards may all be higher trumps"),
        pytest.param("A♦", id="a plain ace: the unseen cards may all be trumps"),
        pytest.param("9♦", id="discards their lowest card back to the kitty: 9♦"),
        pytest.param("9♥", id="a trump below the upcard: the rest may be trumps too"),
    ],
)
def test_a_discard_the_upcard_cannot_judge_is_not_ruled_yet(card):
    log = discarded(card)
    assert log.rulings[DISCARD_AT].accepted
    assert log.violations() == []
    assert log.state.phase == "play"


@pytest.mark.parametrize(
    ("card", "dealer_plays", "proved"),
    [
        pytest.param("A♦", "9♦", True, id="discards their lowest card: 9♦ played later, A♦ out"),
        pytest.param("10♥", "9♦", True, id="a trump only when nothing else is held: 9♦ later"),
        pytest.param("Q♠", "9♦", True, id="a non-trump card of the lowest rank: 9 below Q"),
        pytest.param("9♠", "9♦", False, id="a tie allows any of them: 9♠ out, 9♦ later"),
        pytest.param("A♦", "Q♥", False, id="a trump played later is no lower card"),
        pytest.param("10♥", "9♥", True, id="a lower trump played later than the upcard out"),
    ],
)
def test_a_later_play_of_the_dealer_proves_the_discard(card, dealer_plays, proved):
    log = discarded(card)
    for event in trick("10♣", "Q♣", "K♣", dealer_plays):
        ruling = log.record(event)
    kata = [v for v in ruling.proved if v.rule.id == KATA_DISCARD]
    if not proved:
        assert kata == [] and KATA_DISCARD not in [v.rule.id for v in log.violations()]
        return
    (violation,) = kata
    assert (violation.event_index, violation.proved_by) == (DISCARD_AT, len(log.events) - 1)
    assert (violation.seat, violation.card, violation.trick) == (0, Card.parse(card), None)
    heading = violation_lines(violation, ("Ann", "Ben", "Cy", "Di"))[0]
    assert heading == f"Kata: discard the lowest card: Ann's {card}."  # not "played"
    assert said(violation) == (
        LOWEST,
        f"Ann then played {dealer_plays} in trick 1, so {dealer_plays} was in hand at the discard.",
    )
    assert log.undecided(DISCARD_AT)


def test_the_dealers_hand_laid_face_up_later_judges_it_as_with_known_hands():
    events = [*BIDDING, Event("discard", card=Card.parse("A♦"))]
    log = HandLog(GAME, KATA, 0)
    for event in events:
        log.record(event)
    assert log.violations() == []
    log.record(Event("deal", seat=0, cards=parse_cards("9♦ J♠ Q♠ J♣ A♦")))
    assert [v.rule.id for v in log.violations()] == [KATA_DISCARD]
    assert said(log.violations()[0]) == ("the lowest card held is 9♦",)


def test_check_rules_on_a_discard_proved_by_a_later_play(capsys, tmp_path):
    events = [*BIDDING, Event("discard", card=Card.parse("A♦")), *trick("10♣", "Q♣", "K♣", "9♦")]
    status, findings, text = check_file(capsys, tmp_path, "euchre", [HandRecord(0, events)], KATA)
    assert status == 1 and rulings(findings) == [KATA_DISCARD]
    assert "Ann then played 9♦ in trick 1, so 9♦ was in hand at the discard." in text


@pytest.mark.parametrize("trump", list(Suit), ids=lambda suit: suit.name.lower())
def test_the_lower_cards_are_those_that_make_the_discard_not_the_lowest_held(trump):
    """``lower_than`` agrees with the kata's lowest card on every pair of cards."""
    for card in cards_in(DECK_MASK):
        for other in cards_in(DECK_MASK & ~(1 << card)):
            not_lowest = not lowest_cards(trump, 1 << card | 1 << other) >> card & 1
            assert bool(lower_than(trump, card) >> other & 1) == not_lowest, (card, other)
