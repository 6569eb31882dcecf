"""The adjudicator on hands a table could have played: rulings, decisions, corrections."""

from __future__ import annotations

import pytest

from scorekeeper.adjudicator import HandLog, Refused
from scorekeeper.cards import Card, parse_cards
from scorekeeper.events import Event, EventError
from scorekeeper.games import get_game
from tests.told import said

EUCHRE = get_game("euchre")
RULES = EUCHRE.settings()
DEALER = 3
NAMES = ("Anna", "Ben", "Cleo", "Dan")

# Hearts are trump (the 9♥ is turned up and ordered); the J♦ is the left bower.
HANDS = {
    0: "AC KC QC 10H QH",
    1: "9C 10D JD AS KS",
    2: "AD KD QD 10S QS",
    3: "JH AH KH 9S 10C",
}
BIDDING = [
    Event("upcard", card=Card.parse("9H")),
    Event("order_up", seat=0),
    Event("discard", card=Card.parse("10C")),
]


def deals() -> list[Event]:
    return [Event("deal", seat=seat, cards=parse_cards(cards)) for seat, cards in HANDS.items()]


def play(seat: int, card: str) -> Event:
    return Event("play", seat=seat, card=Card.parse(card))


# Ben plays the left bower on a club lead while holding the 9♣, then leads the 9♣.
RENEGE = play(1, "JD")
TRICK_1 = [play(0, "AC"), RENEGE, play(2, "10S"), play(3, "9H")]
PROOF = play(1, "9C")


def new_log() -> HandLog:
    return HandLog(EUCHRE, RULES, DEALER, names=NAMES)


def record(log: HandLog, events: list[Event]) -> None:
    for event in events:
        log.record(event)


def test_known_hands_rule_at_the_moment_of_play():
    log = new_log()
    record(log, deals() + BIDDING + TRICK_1[:1])
    ruling = log.record(RENEGE)
    assert [v.rule.id for v in ruling.violations] == ["euchre.play.follow-suit"]
    violation = ruling.violations[0]
    assert (violation.seat, violation.card, violation.trick) == (1, Card.parse("JD"), 1)
    assert "held 9♣" in said(violation)[0]
    assert "Ben played J♦ in trick 1" in ruling.describe(NAMES)[0]


def test_hidden_hands_prove_the_renege_when_the_suit_appears_later():
    log = new_log()
    record(log, BIDDING + TRICK_1)
    assert log.violations() == []
    ruling = log.record(PROOF)
    assert [v.rule.id for v in ruling.proved] == ["euchre.play.follow-suit"]
    proof = ruling.proved[0]
    renege_index = len(BIDDING) + 1
    assert proof.event_index == renege_index
    assert proof.proved_by == len(BIDDING) + len(TRICK_1)
    assert said(proof) == (
        "Ben played J♦ in trick 1 (had to follow clubs).",
        "Ben then played 9♣ in trick 2, so 9♣ was in hand in trick 1.",
    )
    assert log.pending == [proof]


def test_nothing_more_is_recorded_until_the_table_decides():
    log = new_log()
    record(log, deals() + BIDDING + TRICK_1[:1])
    log.record(RENEGE)
    before = list(log.events)
    with pytest.raises(Refused, match="decide"):
        log.record(play(2, "10S"))
    assert log.events == before


def test_take_back_restores_the_state_before_the_play():
    log = new_log()
    record(log, deals() + BIDDING + TRICK_1[:1])
    before = log.state.copy()
    ruling = log.record(RENEGE)
    log.decide(ruling.event_index, "take_back")
    assert log.state == before
    assert log.pending == []
    assert log.taken_back == {ruling.event_index}
    assert log.decisions == {ruling.event_index: "take_back"}
    log.record(play(1, "9C"))  # the right card this time
    assert log.state.current.cards == list(parse_cards("AC 9C"))


def test_let_stand_applies_the_penalty_in_the_hands_result():
    log = new_log()
    record(log, deals() + BIDDING + TRICK_1[:1])
    ruling = log.record(RENEGE)
    log.decide(ruling.event_index, "stand")
    finish(log)
    outcome = log.outcome()
    assert outcome.penalty is not None
    assert outcome.points == (2, 0)  # Ben's side reneged: Anna and Cleo score 2


def test_hidden_renege_let_stand_after_the_proof():
    log = new_log()
    record(log, BIDDING + TRICK_1 + [PROOF])
    log.decide(len(BIDDING) + 1, "stand")
    assert log.pending == []
    assert [v.rule.id for v in log.state.penalties] == ["euchre.play.follow-suit"]


def test_hands_entered_after_play_recheck_every_play():
    log = new_log()
    record(log, BIDDING + TRICK_1)
    for event in deals():
        log.record(event)
    assert [v.rule.id for v in log.violations()] == ["euchre.play.follow-suit"]
    renege = len(BIDDING) + 1  # the second play of trick 1, ruled on once the hands are known
    assert [i for i, r in enumerate(log.rulings) if r and r.violations] == [renege]


def test_a_hand_that_contradicts_the_plays_is_refused():
    log = new_log()
    record(log, BIDDING + TRICK_1)
    before = list(log.events)
    with pytest.raises(Refused, match="not in"):
        log.record(Event("deal", seat=1, cards=parse_cards("9D 10D AD AS KS")))
    assert log.events == before


def finish(log: HandLog) -> None:
    """Play the hand out with the first legal event each time."""
    while not log.is_over:
        log.record(log.state.legal_events()[0])


@pytest.mark.parametrize(
    ("event", "message"),
    [
        pytest.param(play(7, "AC"), "seat 7 is not at this table", id="unknown seat"),
        pytest.param(play(0, "AC"), "bidding", id="a play before the bidding is complete"),
        pytest.param(
            Event("bid", seat=0, value=3), "One thing at a time", id="an event of another game"
        ),
        pytest.param(
            Event("decision", value="stand", ref=0), "no ruling", id="a decision on nothing"
        ),
    ],
)
def test_bad_events_are_refused_and_the_log_is_unchanged(event, message):
    log = new_log()
    record(log, deals() + BIDDING[:1])
    before, state = list(log.events), log.state.copy()
    with pytest.raises(Refused, match=message):
        log.record(event)
    assert log.events == before
    assert log.state == state


def test_a_card_typed_wrong_is_refused_with_its_place():
    with pytest.raises(EventError, match=r"hands\[3\]\.events\[12\]\.card: 'QX' is not a card"):
        Event.from_json({"kind": "play", "seat": 0, "card": "QX"}, "hands[3].events[12]")


def test_a_play_after_the_hand_is_over_is_refused():
    log = new_log()
    record(log, deals() + BIDDING)
    finish(log)
    before = list(log.events)
    with pytest.raises(Refused, match="over"):
        log.record(play(log.state.to_act or 0, "9D"))
    assert log.events == before


def test_a_correction_rechecks_the_hand_and_says_what_changed():
    log = new_log()
    record(log, deals() + BIDDING + TRICK_1[:1])
    mistyped = len(log.events)
    log.record(play(1, "9C"))  # typed as 9♣...
    log.record(play(2, "10S"))
    correction = log.replace(mistyped, RENEGE)  # ...but Ben really played the J♦
    assert correction.before == play(1, "9C")
    assert any("euchre.play.follow-suit" in change for change in correction.changes)
    assert [v.event_index for v in log.violations()] == [mistyped]
    log.undo()  # undoing the correction brings back the record as it was
    assert log.violations() == []
    assert log.state.current.cards == list(parse_cards("AC 9C 10S"))
