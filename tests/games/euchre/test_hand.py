"""One Euchre hand event by event: bidding, the discard, going alone, the play, claims,
known and unknown hands, and the rulings each event can draw."""

from __future__ import annotations

import pytest

from scorekeeper.adjudicator import HandLog, Refused
from scorekeeper.cards import Card, Suit, mask_of, parse_cards
from scorekeeper.events import Event, play
from scorekeeper.games import event_actions, get_game
from scorekeeper.games.euchre.hand import EuchreHand
from scorekeeper.games.euchre.tables import lowest_cards
from scorekeeper.match import HandRecord
from tests.games.check_support import check_file, rulings
from tests.told import said, words

GAME = get_game("euchre")
STANDARD = GAME.settings()
KATA = GAME.settings("kata")

# Dealer seat 0; seat 1 leads. Upcard 10♥; the kitty holds 10♥ K♦ 10♣ Q♣.
HANDS = {
    1: "J♥ A♥ 9♠ K♣ 10♦",
    2: "Q♥ 9♥ A♠ K♠ Q♦",
    3: "J♦ K♥ 10♠ A♣ 9♣",
    0: "9♦ J♠ Q♠ J♣ A♦",
}
UPCARD = Card.parse("10♥")


def ev(kind: str, seat: int | None = None, **fields) -> Event:
    if "card" in fields:
        fields["card"] = Card.parse(fields["card"])
    return Event(kind, seat=seat, **fields)


def start(settings=STANDARD, known: bool = True) -> EuchreHand:
    state = GAME.new_hand(settings, 0)
    if known:
        for seat, cards in HANDS.items():
            record(state, Event("deal", seat=seat, cards=parse_cards(cards)))
    record(state, ev("upcard", card=UPCARD))
    return state


def record(state: EuchreHand, *events: Event) -> EuchreHand:
    for event in events:
        found = state.check(event)
        assert not [v for v in found if v.rule.refuses], (event, found)
        state.apply(event)
    return state


def refused(state: EuchreHand, event: Event) -> str:
    """The id of the refusing rule ``event`` breaks (and the state is unchanged)."""
    found = [v for v in state.check(event) if v.rule.refuses]
    assert found, event
    return found[0].rule_id


def hearts_ordered(settings=STANDARD, alone: bool = False, known: bool = True) -> EuchreHand:
    """Seat 1 orders up hearts; the dealer discards 9♦."""
    state = start(settings, known)
    return record(state, ev("order_up", 1, alone=alone), ev("discard", card="9♦"))


# -- bidding ----------------------------------------------------------------------


def test_bidding_starts_left_of_the_dealer():
    state = start()
    assert state.phase == "order-up" and state.to_act == 1
    assert refused(state, ev("pass", 2)) == "table.out-of-turn"
    assert refused(state, ev("order_up", 0)) == "table.out-of-turn"


def test_ordering_up_the_dealer_picks_up_the_upcard_and_discards():
    state = record(start(), ev("pass", 1), ev("order_up", 2))
    assert (state.maker, state.trump, state.phase, state.to_act) == (2, Suit.HEARTS, "discard", 0)
    assert state.hands[0] >> UPCARD & 1 and state.counts[0] == 6
    assert not state.seen >> UPCARD & 1
    record(state, ev("discard", card="J♣"))
    assert state.counts[0] == 5 and state.seen >> Card.parse("J♣") & 1
    assert state.phase == "play" and state.to_act == 1


def test_kata_declaring_trump_the_dealer_chooses_last_and_trump_is_declared_once():
    state = record(start(KATA), ev("pass", 1), ev("pass", 2), ev("pass", 3))
    assert state.phase == "order-up" and state.to_act == 0
    record(state, ev("order_up", 0))
    assert (state.maker, state.trump, state.phase) == (0, Suit.HEARTS, "discard")
    state = record(start(KATA), ev("order_up", 1))
    for seat in (2, 3, 0):
        assert refused(state, ev("order_up", seat)) in {"table.out-of-turn", "table.wrong-phase"}
    assert state.maker == 1


def test_the_dealer_may_discard_the_upcard_itself():
    state = record(start(), ev("order_up", 1))
    assert state.check(ev("discard", card="10♥")) == []


KATA_DISCARD = "euchre.bidding.kata-lowest-discard"


@pytest.mark.parametrize(
    ("card", "ruled"),
    [
        pytest.param("9♦", False, id="discards their lowest card back to the kitty: 9♦"),
        pytest.param("J♣", True, id="a higher card than the lowest held: J♣"),
        pytest.param(
            "10♥", True, id="remember trump cards are higher than all other cards: the upcard"
        ),
    ],
)
def test_kata_the_dealer_discards_their_lowest_card(card, ruled):
    """The dealer holds 9♦ J♠ Q♠ J♣ A♦ and picks up the 10♥; hearts are trump."""
    state = record(start(KATA), ev("order_up", 1))
    found = state.check(ev("discard", card=card))
    assert [v.rule_id for v in found] == ([KATA_DISCARD] if ruled else [])
    if ruled:
        (violation,) = found
        assert violation.seat == 0 and not violation.rule.refuses
        assert said(violation) == ("the lowest card held is 9♦",)
        assert "discards their lowest card back to the kitty" in violation.rule.text
    assert [e.card for e in state.legal_events()] == [Card.parse("9♦")]


@pytest.mark.parametrize(
    ("hand", "lowest"),
    [
        pytest.param("9♦ J♠ Q♠ J♣ A♦ 10♥", "9♦", id="discards their lowest card"),
        pytest.param("9♦ 9♠ A♣ K♥ Q♥ 10♥", "9♠ 9♦", id="a tie allows any of them"),
        pytest.param("J♦ Q♠ A♥ K♥ 9♥ 10♥", "Q♠", id="the left bower is trump"),
        pytest.param("A♠ J♥ J♦ A♥ K♥ 9♥", "A♠", id="trump cards are higher than all other cards"),
        pytest.param(
            "J♥ J♦ A♥ K♥ Q♥ 9♥", "9♥", id="a trump only when nothing else is held: the lowest"
        ),
    ],
)
def test_kata_lowest_card_hearts_trump(hand, lowest):
    assert lowest_cards(Suit.HEARTS, mask_of(parse_cards(hand))) == mask_of(parse_cards(lowest))


def test_kata_a_wrong_discard_is_a_ruling_the_table_decides(capsys, tmp_path):
    deals = [Event("deal", seat=seat, cards=parse_cards(cards)) for seat, cards in HANDS.items()]
    events = [*deals, ev("upcard", card="10♥"), ev("order_up", 1), ev("discard", card="10♥")]
    status, findings, text = check_file(capsys, tmp_path, "euchre", [HandRecord(0, events)], KATA)
    assert status == 1 and rulings(findings) == [KATA_DISCARD]
    assert "the lowest card held is 9♦" in text
    events[-1] = ev("discard", card="9♦")
    status, findings, _ = check_file(capsys, tmp_path, "euchre", [HandRecord(0, events)], KATA)
    assert status == 0 and rulings(findings) == []


@pytest.mark.parametrize(
    ("event", "rule_id"),
    [
        pytest.param(
            ev("discard", card="K♣"), "table.not-held", id="a card the dealer does not hold"
        ),
        pytest.param(
            ev("discard", card="2♣"), "table.not-in-deck", id="a card outside the Euchre deck"
        ),
        pytest.param(
            ev("discard", 2, card="Q♠"), "table.out-of-turn", id="a seat other than the dealer"
        ),
        pytest.param(ev("pass", 1), "table.wrong-phase", id="a pass before the discard"),
    ],
)
def test_discard_refused(event, rule_id):
    state = record(start(), ev("order_up", 1))
    assert refused(state, event) == rule_id


def test_an_unseen_discard_is_recorded_without_its_card():
    state = record(start(known=False), ev("order_up", 1), ev("discard"))
    assert state.counts == [5, 5, 5, 5] and state.hands == [None] * 4 and state.phase == "play"


def test_a_play_with_no_discard_before_it_follows_an_unseen_discard():
    """The match file leaves an unseen discard out: the first lead implies it."""
    state = record(start(), ev("order_up", 1), play(1, "J♥"))
    assert state.discarded and state.discard is None and state.hands[0] is None
    assert state.phase == "play" and state.current.cards == list(parse_cards("J♥"))


def test_an_unseen_discard_from_a_known_hand_leaves_that_hand_unknown():
    state = record(start(), ev("order_up", 1), ev("discard"))
    assert state.hands[0] is None and state.counts[0] == 5
    assert state.possible_cards(0) == mask_of(parse_cards("9♦ J♠ Q♠ J♣ A♦ 10♥"))


def test_hands_entered_after_a_hidden_hand_with_an_unseen_discard_are_accepted():
    log = HandLog(GAME, STANDARD, 0)
    for event in (ev("upcard", card="10♥"), ev("order_up", 1), ev("discard"), play(1, "9♠")):
        log.record(event)
    for seat, cards in HANDS.items():
        log.record(Event("deal", seat=seat, cards=parse_cards(cards)))
    assert log.violations() == [] and log.state.hands[0] is None
    assert log.state.hands[1] == mask_of(parse_cards("J♥ A♥ K♣ 10♦"))


def test_second_round_names_another_suit():
    state = record(start(), *(ev("pass", s) for s in (1, 2, 3, 0)))
    assert state.phase == "name-trump" and state.to_act == 1 and state.seen >> UPCARD & 1
    assert refused(state, ev("name_trump", 1, suit=Suit.HEARTS)) == "euchre.bidding.second-round"
    assert refused(state, ev("name_trump", 1)) == "euchre.bidding.second-round"
    assert refused(state, ev("order_up", 1)) == "euchre.bidding.order-up"
    record(state, ev("name_trump", 1, suit=Suit.SPADES))
    assert state.trump == Suit.SPADES and state.phase == "play" and state.counts == [5] * 4
    assert refused(state, play(1, "10♥")) == "table.already-played"
    assert "turned down" in said(state.check(play(1, "10♥"))[0])[0]


def test_all_pass_twice_throws_the_hand_in():
    state = record(start(), *(ev("pass", s) for s in (1, 2, 3, 0, 1, 2, 3, 0)))
    assert state.phase == "over" and state.legal_events() == []
    outcome = GAME.score_hand(state)
    assert outcome.points == (0, 0) and words(outcome.summary) == "all passed: deal again"


def test_stick_the_dealer_refuses_the_dealers_last_pass():
    state = record(
        start(GAME.settings(stick_the_dealer=True)), *(ev("pass", s) for s in (1, 2, 3, 0, 1, 2, 3))
    )
    assert refused(state, ev("pass", 0)) == "euchre.bidding.stick-the-dealer"
    assert ev("pass", 0) not in state.legal_events()
    assert state.check(ev("name_trump", 0, suit=Suit.CLUBS)) == []


def test_kata_one_round_all_pass_is_over_with_no_score():
    state = start(KATA)
    assert refused(state, ev("order_up", 1, alone=True)) == "euchre.bidding.alone"
    assert refused(state, ev("name_trump", 1, suit=Suit.CLUBS)) == "euchre.bidding.second-round"
    assert all(not event.alone for event in state.legal_events())
    record(state, *(ev("pass", s) for s in (1, 2, 3, 0)))
    assert state.phase == "over"
    outcome = GAME.score_hand(state)
    assert outcome.points == (0, 0) and words(outcome.summary) == "all passed: no score"
    tally = GAME.new_tally(KATA)
    score = tally.add(outcome)
    assert score.game_over and score.winners == ()


def test_kata_single_hand_won_by_three_tricks():
    tally = GAME.new_tally(KATA)
    score = tally.add(GAME.quick_outcome(KATA, 0, {"makers": 1, "tricks": 3}))
    assert score.game_over and score.winners == (1,)
    with pytest.raises(ValueError, match="the game is over"):
        tally.add(GAME.quick_outcome(KATA, 0, {"makers": 1, "tricks": 3}))


# -- going alone and defending alone ---------------------------------------------------


def test_the_lone_makers_partner_sits_out_and_tricks_have_three_cards():
    state = hearts_ordered(alone=True)
    assert state.active == [True, True, True, False] and state.to_act == 1
    assert refused(state, play(3, "J♦")) == "euchre.play.sits-out"
    record(state, play(1, "J♥"), play(2, "9♥"), play(0, "10♥"))
    assert len(state.tricks) == 1 and len(state.tricks[0].cards) == 3
    assert state.tricks[0].winner == 1 and state.to_act == 1


def test_left_of_dealer_sitting_out_the_next_seat_leads():
    state = record(
        start(),
        ev("pass", 1),
        ev("pass", 2),
        ev("order_up", 3, alone=True),
        ev("discard", card="9♦"),
    )
    assert state.active == [True, False, True, True] and state.to_act == 2


def test_defending_alone_one_defender_calls_and_the_partner_sits_out():
    settings = GAME.settings(defend_alone=True)
    state = record(start(settings), ev("order_up", 1, alone=True), ev("discard", card="9♦"))
    assert state.phase == "defend-alone" and state.to_act == 2
    assert refused(state, play(1, "J♥")) == "table.wrong-phase"
    assert refused(state, ev("call", 2, value="ace")) == "euchre.bidding.defend-alone"
    record(state, ev("pass", 2), ev("call", 0, value="alone"))
    assert state.defender_alone == 0 and state.active == [True, True, False, False]
    assert state.to_act == 1 and state.phase == "play"


def test_without_the_house_option_nobody_calls_to_defend_alone():
    state = hearts_ordered(alone=True)
    assert refused(state, ev("call", 2, value="alone")) == "table.wrong-phase"


# -- the play ----------------------------------------------------------------------------


def test_left_of_dealer_leads_then_the_winner_leads():
    state = hearts_ordered()
    assert refused(state, play(2, "A♠")) == "table.out-of-turn"
    record(state, play(1, "9♠"), play(2, "A♠"), play(3, "10♠"), play(0, "Q♠"))
    assert state.tricks[0].winner == 2 and state.to_act == 2


@pytest.mark.parametrize(
    ("hand", "lead", "card", "reason"),
    [
        pytest.param(
            "A♠ Q♦ 9♥",
            "9♠",
            "Q♦",
            "had to follow spades",
            id="spades led, off-suit while holding spades: renege",
        ),
        pytest.param(
            "A♠ Q♦ 9♥",
            "9♠",
            "9♥",
            "had to follow spades",
            id="spades led, trumping while holding spades: renege",
        ),
        pytest.param(
            "A♠ Q♥ 9♣",
            "J♥",
            "A♠",
            "had to follow trump",
            id="right bower led, holding hearts: must follow trump",
        ),
        pytest.param(
            "9♦ A♥ 9♣",
            "J♦",
            "9♦",
            "had to follow trump",
            id="left bower led leads trump: diamonds do not follow",
        ),
        pytest.param(
            "10♦ J♦ 9♣",
            "A♦",
            "J♦",
            "had to follow diamonds",
            id="diamonds led, hearts trump: the left bower does not follow",
        ),
    ],
)
def test_failing_to_follow_breaks_follow_suit(hand, lead, card, reason):
    state = record(hearts_ordered(known=False), play(1, lead))
    mask, card = mask_of(parse_cards(hand)), Card.parse(card)
    (requirement,) = state.requirements(2, card)
    assert requirement.rule.id == "euchre.play.follow-suit" and words(requirement.reason) == reason
    assert requirement.forbidden & mask
    assert not state.legal_plays(2, mask) >> card & 1


@pytest.mark.parametrize(
    ("hand", "lead", "card"),
    [
        pytest.param(
            "J♦ A♣ 9♣", "10♦", "A♣", id="diamonds led, hearts trump: J♦ is no diamond, so any card"
        ),
        pytest.param(
            "J♦ A♣ 9♣", "10♦", "J♦", id="diamonds led, hearts trump: trumping with the left bower"
        ),
        pytest.param("A♠ K♥ 9♣", "9♠", "A♠", id="following the lead suit"),
        pytest.param("K♥ A♣ 9♣", "9♠", "K♥", id="void in the lead suit: trumping is allowed"),
        pytest.param("K♥ A♣ 9♣", "9♠", "9♣", id="void in the lead suit: throwing off is allowed"),
        pytest.param("A♥ A♣ 9♣", "J♦", "A♥", id="left bower led: an ace of trump follows"),
    ],
)
def test_legal_plays_ask_nothing_of_the_hand(hand, lead, card):
    state = hearts_ordered(known=False)
    record(state, play(1, lead))
    mask = mask_of(parse_cards(hand))
    assert all(not r.forbidden & mask for r in state.requirements(2, Card.parse(card)))
    assert state.legal_plays(2, mask) >> Card.parse(card) & 1


def test_leads_demand_nothing():
    state = hearts_ordered()
    assert state.requirements(1, Card.parse("9♠")) == ()
    assert state.legal_plays(1, state.hands[1]) == state.hands[1]


def test_a_renege_let_stand_scores_two_to_the_other_side():
    log = HandLog(GAME, STANDARD, 0)
    for seat, cards in HANDS.items():
        log.record(Event("deal", seat=seat, cards=parse_cards(cards)))
    for event in (
        ev("upcard", card="10♥"),
        ev("order_up", 1),
        ev("discard", card="9♦"),
        play(1, "9♠"),
    ):
        log.record(event)
    ruling = log.record(play(2, "Q♦"))
    assert [v.rule_id for v in ruling.violations] == ["euchre.play.follow-suit"]
    log.decide(ruling.event_index, "stand")
    for event in (play(3, "10♠"), play(0, "Q♠")):
        log.record(event)
    log.record(Event("claim", seat=1))
    outcome = log.outcome()
    assert outcome.points == (0, 2) and "Follow suit, Cy" in words(outcome.penalty)
    assert words(outcome.summary) == "renege by Ann & Cy"


def test_a_later_play_proves_an_earlier_renege_with_hidden_hands():
    log = HandLog(GAME, STANDARD, 0)
    for event in (ev("upcard", card="10♥"), ev("order_up", 1), ev("discard"), play(1, "9♠")):
        log.record(event)
    assert log.record(play(2, "Q♦")).accepted
    for event in (play(3, "10♠"), play(0, "Q♠"), play(0, "J♠"), play(1, "J♥")):
        log.record(event)
    ruling = log.record(play(2, "A♠"))
    assert [v.rule_id for v in ruling.proved] == ["euchre.play.follow-suit"]


def test_a_hand_of_five_tricks_ends_and_scores_the_makers():
    state = hearts_ordered()
    tricks = [
        ("9♠", "A♠", "10♠", "Q♠"),  # seat 2 wins
        ("K♠", "K♥", "J♠", "K♣"),  # seat 2 leads; seat 3 trumps
        ("J♦", "10♥", "J♥", "Q♥"),  # seat 3 leads the left bower; seat 1's right bower wins
        ("A♥", "9♥", "A♣", "J♣"),  # seat 1 wins
        ("10♦", "Q♦", "9♣", "A♦"),  # seat 1 leads; seat 0 wins
    ]
    for cards in tricks:
        leader = state.to_act
        record(state, *(play((leader + i) % 4, card) for i, card in enumerate(cards)))
    assert [t.winner for t in state.tricks] == [2, 3, 1, 1, 0]
    assert state.phase == "over" and state.counts == [0] * 4 and state.legal_events() == []
    outcome = GAME.score_hand(state)
    assert outcome.points == (0, 1) and outcome.details["tricks"] == 3
    assert words(outcome.summary) == "Ben made ♥ trump: made, 3 tricks"


def test_a_claim_gives_the_claiming_side_every_remaining_trick():
    state = hearts_ordered()
    record(state, play(1, "9♠"), play(2, "A♠"), Event("claim", seat=1))
    assert state.phase == "over" and state.side_tricks(1) == 5 and state.claimed_by == 1
    assert GAME.score_hand(state).points == (0, 2)
    assert refused(state, play(3, "10♠")) == "table.hand-over"


def test_score_before_the_end_is_an_error():
    with pytest.raises(ValueError, match="not over"):
        GAME.score_hand(hearts_ordered())


# -- known and unknown hands ------------------------------------------------------------


def test_hands_entered_after_the_play_lose_the_cards_already_played():
    state = hearts_ordered(known=False)
    record(state, play(1, "9♠"), play(2, "A♠"))
    record(state, Event("deal", seat=2, cards=parse_cards(HANDS[2])))
    assert state.hands[2] == mask_of(parse_cards("Q♥ 9♥ K♠ Q♦"))
    record(state, Event("deal", seat=0, cards=parse_cards(HANDS[0])))
    assert state.hands[0] == mask_of(parse_cards("10♥ J♠ Q♠ J♣ A♦"))


def test_a_dealers_hand_after_an_unseen_discard_stays_unknown():
    state = record(start(known=False), ev("order_up", 1), ev("discard"))
    record(state, Event("deal", seat=0, cards=parse_cards(HANDS[0])))
    assert state.hands[0] is None
    assert state.possible_cards(0) == mask_of(parse_cards("9♦ J♠ Q♠ J♣ A♦ 10♥"))


@pytest.mark.parametrize(
    ("seat", "cards", "why"),
    [
        pytest.param(2, "Q♥ 9♥ A♠ K♠", "5 different cards", id="four cards are not a hand"),
        pytest.param(2, "Q♥ 9♥ A♠ K♠ J♥", "dealt to Ben", id="a card dealt to another seat"),
        pytest.param(2, "Q♥ 9♥ A♠ K♠ 10♥", "is the upcard", id="the upcard"),
        pytest.param(2, "Q♥ 9♥ 9♠ K♠ Q♦", "Ben played 9♠", id="a card another seat played"),
        pytest.param(
            3, "J♦ K♥ Q♣ A♣ 9♣", "Di played 10♠", id="a hand without the card the seat played"
        ),
    ],
)
def test_an_impossible_hand_is_refused(seat, cards, why):
    state = start(known=False)
    record(
        state, Event("deal", seat=1, cards=parse_cards(HANDS[1])), ev("order_up", 1), ev("discard")
    )
    record(state, play(1, "9♠"), play(2, "A♠"), play(3, "10♠"))
    found = state.check(Event("deal", seat=seat, cards=parse_cards(cards)))
    assert found and found[0].rule_id == "euchre.deal.hands"
    assert any(why in line for line in said(found[0])), said(found[0])


def test_unknown_hands_offer_every_card_still_out():
    state = hearts_ordered(known=False)
    offered = mask_of(e.card for e in state.legal_events())
    assert offered == GAME.deck_mask & ~state.seen & ~UPCARD.bit


@pytest.mark.parametrize("kind", list(event_actions()))
def test_check_never_raises_and_foreign_events_are_out_of_phase(kind):
    for state in (
        GAME.new_hand(STANDARD, 0),
        start(),
        hearts_ordered(),
        hearts_ordered(alone=True),
    ):
        event = Event(
            kind, seat=1, card=Card.parse("9♠"), suit=Suit.CLUBS, value="alone", ref=0, data={}
        )
        found = state.check(event)
        assert isinstance(found, list)
        if kind in (
            "blind",
            "trump_card",
            "pick",
            "bury",
            "bid",
            "exchange",
            "draw",
            "decision",
            "result",
        ):
            assert [v.rule_id for v in found] == ["table.wrong-phase"]


def test_refused_events_leave_the_log_unchanged():
    log = HandLog(GAME, STANDARD, 0)
    log.record(ev("upcard", card="10♥"))
    with pytest.raises(Refused, match="turn"):
        log.record(ev("order_up", 3))
    assert len(log.events) == 1 and log.state.to_act == 1
