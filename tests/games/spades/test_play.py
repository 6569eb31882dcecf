"""Spades hands: bidding, nil and blind nil, the exchange, the first trick, leading and
following, cutthroat's play rules, deals, claims, and what every event kind gets in
every phase."""

import random

import pytest

from scorekeeper.adjudicator import HandLog
from scorekeeper.cards import FULL_DECK, Card, mask_of, parse_cards
from scorekeeper.events import Event, play
from scorekeeper.games import event_actions
from scorekeeper.games.base import Violation
from scorekeeper.games.spades import GAME, RULES
from scorekeeper.rules_help import game_help
from tests.told import words

DEALER = 3  # seat 0 bids first and leads trick 1


def hand(text: str) -> int:
    return mask_of(parse_cards(text))


def bid(seat, value, blind=False):
    return Event("bid", seat=seat, value=value, blind=blind)


def new(preset="classic", standing=None, **options):
    return GAME.new_hand(GAME.settings(preset, **options), DEALER, standing)


def record(state, *events):
    for event in events:
        refusing = [v.rule.id for v in state.check(event) if v.rule.refuses]
        assert not refusing, (event, refusing)
        state.apply(event)
    return state


def in_play(preset="classic", plays="", bids=(3, 3, 3, 3), **options):
    """A hand past the bidding with these cards played in turn, hands unknown."""
    state = record(new(preset, **options), *(bid(seat, value) for seat, value in enumerate(bids)))
    for card in parse_cards(plays):
        record(state, play(state.to_act, card))
    return state


def broken(state, card, held):
    """The rules a play of ``card`` breaks from the hand ``held`` (the card included)."""
    mask = hand(held)
    card = Card.parse(card)
    return sorted(
        r.rule.id
        for r in state.requirements(state.to_act, card)
        if r.forbidden & mask or (r.broken_by is not None and r.broken_by(mask))
    )


def rule_ids(violations: list[Violation]) -> list[str]:
    return [v.rule.id for v in violations]


# ---------------------------------------------------------------------------
# Play rules, each against a hand, and legal_plays agreeing
# ---------------------------------------------------------------------------

PLAY_CASES = [
    # classic first trick
    pytest.param(
        "classic", {}, "", "2C", "2C 9C KH", [], id="classic trick 1: lead the lowest club 2♣"
    ),
    pytest.param(
        "classic",
        {},
        "",
        "9C",
        "2C 9C KH",
        ["spades.first-trick.lowest-club"],
        id="classic trick 1: leading 9♣ holding 2♣ breaks lowest club",
    ),
    pytest.param(
        "classic",
        {},
        "",
        "KH",
        "5C KH",
        ["spades.first-trick.lowest-club"],
        id="classic trick 1: holding a club, a heart breaks lowest club",
    ),
    pytest.param(
        "classic", {}, "", "KH", "KH AS", [], id="classic trick 1: void in clubs may play a heart"
    ),
    pytest.param(
        "modern",
        {"lowest_club": True},
        "",
        "9C",
        "2C 9C KH",
        ["spades.first-trick.lowest-club"],
        id="modern with lowest club opens: leading 9♣ holding 2♣ breaks lowest club",
    ),
    pytest.param(
        "modern", {}, "", "9C", "2C 9C KH", [], id="modern trick 1: any non-spade may be led"
    ),
    pytest.param(
        "classic", {}, "", "4D", "4D 2S", [], id="classic trick 1: void in clubs may play a diamond"
    ),
    pytest.param(
        "classic",
        {},
        "",
        "AS",
        "KH AS",
        ["spades.first-trick.no-spade"],
        id="classic trick 1: void in clubs, a spade while holding a heart is refused",
    ),
    pytest.param(
        "classic",
        {},
        "",
        "AS",
        "2C AS",
        ["spades.first-trick.lowest-club"],
        id="classic trick 1: a spade while holding a club breaks lowest club",
    ),
    pytest.param(
        "classic",
        {},
        "",
        "AS",
        "AS KS 2S",
        [],
        id="classic trick 1: a player holding only spades plays a spade",
    ),
    pytest.param(
        "classic",
        {},
        "5C",
        "3C",
        "3C 7C AH",
        [],
        id="classic trick 1: follower plays lowest club 3♣",
    ),
    pytest.param(
        "classic",
        {},
        "5C",
        "7C",
        "3C 7C AH",
        ["spades.first-trick.lowest-club"],
        id="classic trick 1: follower plays 7♣ holding 3♣",
    ),
    pytest.param(
        "classic",
        {},
        "5H",
        "2C",
        "2C AC",
        [],
        id="classic trick 1: heart led by a clubless leader, follower still plays lowest club",
    ),
    pytest.param(
        "classic",
        {"cutthroat": True},
        "5C",
        "2C",
        "2C AC",
        [],
        id="classic trick 1 in cutthroat: lowest club comes before beating the trick",
    ),
    # modern first trick and leading
    pytest.param(
        "modern",
        {},
        "",
        "KH",
        "KH 2C AS",
        [],
        id="modern trick 1: left of dealer leads any non-spade",
    ),
    pytest.param(
        "modern",
        {},
        "",
        "AS",
        "KH AS",
        ["spades.lead.spades-broken"],
        id="modern trick 1: leading a spade holding a heart breaks spades-not-broken",
    ),
    pytest.param(
        "modern",
        {},
        "",
        "AS",
        "AS 2S",
        [],
        id="modern trick 1: a leader holding only spades leads a spade",
    ),
    pytest.param(
        "modern",
        {},
        "5H 6H 7H 8H",
        "2S",
        "2S 2C",
        ["spades.lead.spades-broken"],
        id="spades not broken after a heart trick: spade lead refused",
    ),
    pytest.param(
        "modern",
        {},
        "5H 6H 7H 2S",
        "3S",
        "3S 2C",
        [],
        id="spades broken by a spade on a heart trick: spade lead legal",
    ),
    # following
    pytest.param(
        "modern",
        {},
        "5H",
        "2C",
        "2C 9H",
        ["spades.play.follow-suit"],
        id="follow suit: a club on hearts holding a heart",
    ),
    pytest.param("modern", {}, "5H", "9H", "2C 9H", [], id="follow suit: a heart on hearts"),
    pytest.param("modern", {}, "5H", "2S", "2S 3C", [], id="partnership: void in hearts may trump"),
    pytest.param(
        "modern",
        {},
        "5H",
        "3C",
        "2S 3C",
        [],
        id="partnership: void in hearts may discard instead of trumping",
    ),
    pytest.param(
        "modern",
        {},
        "5H 6H",
        "2H",
        "2H AH",
        [],
        id="partnership: following lower than the trick is legal",
    ),
    # cutthroat
    pytest.param(
        "modern",
        {"cutthroat": True},
        "KH",
        "5H",
        "5H AH",
        ["spades.cutthroat.play-higher"],
        id="cutthroat: following 5♥ under K♥ holding A♥",
    ),
    pytest.param(
        "modern", {"cutthroat": True}, "KH", "AH", "5H AH", [], id="cutthroat: following A♥ over K♥"
    ),
    pytest.param(
        "modern",
        {"cutthroat": True},
        "KH",
        "5H",
        "5H 7H",
        [],
        id="cutthroat: following low when no heart beats K♥",
    ),
    pytest.param(
        "modern",
        {"cutthroat": True},
        "KH 2H",
        "5H",
        "5H AH",
        ["spades.cutthroat.play-higher"],
        id="cutthroat: must beat every heart already in the trick",
    ),
    pytest.param(
        "modern",
        {"cutthroat": True},
        "KH",
        "3C",
        "3C 2S",
        ["spades.cutthroat.must-trump"],
        id="cutthroat: void in hearts discarding a club holding a spade",
    ),
    pytest.param(
        "modern",
        {"cutthroat": True},
        "KH",
        "2S",
        "3C 2S",
        [],
        id="cutthroat: void in hearts trumps",
    ),
    pytest.param(
        "modern",
        {"cutthroat": True},
        "KH 9S",
        "2S",
        "2S AS",
        ["spades.cutthroat.overtrump"],
        id="cutthroat: trumping under 9♠ holding A♠",
    ),
    pytest.param(
        "modern",
        {"cutthroat": True},
        "KH 9S",
        "AS",
        "2S AS",
        [],
        id="cutthroat: overtrumping 9♠ with A♠",
    ),
    pytest.param(
        "modern",
        {"cutthroat": True},
        "KH 9S",
        "2S",
        "2S 3S",
        [],
        id="cutthroat: trumping low when no spade beats 9♠",
    ),
    pytest.param(
        "modern",
        {"cutthroat": True},
        "KH 9S",
        "3C",
        "3C 2S",
        ["spades.cutthroat.must-trump"],
        id="cutthroat: must trump even when unable to overtrump",
    ),
    pytest.param(
        "modern",
        {"cutthroat": True},
        "KH",
        "3C",
        "3C 4D",
        [],
        id="cutthroat: void in hearts and spades discards anything",
    ),
    pytest.param(
        "modern",
        {"cutthroat": True},
        "KH",
        "3C",
        "3C 9H",
        ["spades.play.follow-suit"],
        id="cutthroat: a club holding a heart breaks follow suit",
    ),
    pytest.param(
        "modern",
        {"cutthroat": True},
        "KH",
        "3C",
        "3C 9H 2S",
        ["spades.cutthroat.must-trump", "spades.play.follow-suit"],
        id="cutthroat: a club holding a heart and a spade breaks follow suit and must trump",
    ),
    pytest.param(
        "modern",
        {"cutthroat": True},
        "5H 6H 7H 2S 3S",
        "2S",
        "2S 9S 4C",
        ["spades.cutthroat.play-higher"],
        id="cutthroat: spades led, 2♠ under 3♠ holding 9♠",
    ),
    pytest.param(
        "modern",
        {"cutthroat": True},
        "5H 6H 7H 2S 3S",
        "9S",
        "2S 9S 4C",
        [],
        id="cutthroat: spades led, 9♠ over 3♠",
    ),
]


@pytest.mark.parametrize(("preset", "options", "before", "card", "held", "expected"), PLAY_CASES)
def test_play_rules_against_a_hand(preset, options, before, card, held, expected):
    state = in_play(preset, before, **options)
    assert broken(state, card, held) == expected
    legal = state.legal_plays(state.to_act, hand(held))
    assert bool(legal >> Card.parse(card) & 1) == (expected == [])


def test_cutthroat_following_spades_must_beat_the_spades_in_the_trick():
    state = in_play("modern", "5H 6H 7H 2S 3S", cutthroat=True)  # seat 3 trumped; seat 3 leads
    assert state.tricks[0].winner == 3 and state.to_act == 0
    assert broken(state, "4S", "4S 9S") == []  # leads: spades broken
    record(state, play(0, "9S"))
    assert broken(state, "4S", "4S KS") == ["spades.cutthroat.play-higher"]
    assert broken(state, "4S", "4S 5S") == []


def test_a_renege_shown_later_by_the_same_seat_is_a_forbidden_card():
    state = in_play("modern", "5H")
    requirement = state.requirements(1, Card.parse("2C"))[0]
    assert requirement.rule.id == "spades.play.follow-suit"
    assert requirement.forbidden >> Card.parse("9H") & 1
    assert words(requirement.reason) == "had to follow hearts"


# ---------------------------------------------------------------------------
# Tricks: winners and breaking spades
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "plays", "winner"),
    [
        pytest.param(
            "classic", "2C 9C KC 5C", 2, id="classic trick 1: highest club K♣ wins and leads next"
        ),
        pytest.param(
            "classic",
            "5H 2C KC AS",
            2,
            id="classic trick 1: heart led by a clubless leader, highest club K♣ wins, spade does not trump",
        ),
        pytest.param("modern", "5H 2C KH 3C", 2, id="modern: highest heart of the suit led wins"),
        pytest.param("modern", "5H 2S KH 3C", 1, id="modern: a spade trumps a heart trick"),
        pytest.param("modern", "5H 2S KH 3S", 3, id="modern: the highest spade wins"),
    ],
)
def test_trick_winner(preset, plays, winner):
    state = in_play(preset, plays)
    assert state.tricks[0].winner == winner
    assert state.to_act == winner


@pytest.mark.parametrize(
    ("plays", "is_broken"),
    [
        pytest.param("5H 6H 7H 8H", False, id="no spade played: not broken"),
        pytest.param(
            "5H 6H 7H 2S",
            True,
            id="a spade played by a player unable to follow hearts breaks spades",
        ),
        pytest.param("5H 6H 7H 8H 9H 2S", True, id="a spade on the second trick breaks spades"),
    ],
)
def test_spades_broken(plays, is_broken):
    assert in_play("modern", plays).broken is is_broken


def test_a_spade_led_from_a_hand_of_only_spades_does_not_break_spades():
    state = in_play("modern", "2S 3S 4S 5S")
    assert state.broken is False
    assert broken(state, "6S", "6S 2C") == ["spades.lead.spades-broken"]


def test_classic_first_trick_only_then_spades_table():
    state = in_play("classic")
    assert state.legal_plays(0, hand("2C 9C KH AS")) == hand("2C")
    assert state.legal_plays(0, hand("KH 4D AS")) == hand("KH 4D")
    assert state.legal_plays(0, hand("AS KS")) == hand("AS KS")
    record(state, *(play(seat, c) for seat, c in enumerate(["2C", "9C", "KC", "5C"])))
    assert state.legal_plays(2, hand("3C 9H AS")) == hand("3C 9H")  # spades not broken


# ---------------------------------------------------------------------------
# Bidding
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("standing", "options", "earlier", "event", "expected"),
    [
        pytest.param(None, {}, [], bid(0, 13), [], id="bid 13 is the most"),
        pytest.param(None, {}, [], bid(0, 0), [], id="bid 0 is nil"),
        pytest.param(None, {}, [], bid(0, 14), ["spades.bid.range"], id="bid 14 is out of range"),
        pytest.param(None, {}, [], bid(0, -1), ["spades.bid.range"], id="bid -1 is out of range"),
        pytest.param(None, {}, [], bid(0, "seven"), ["spades.bid.range"], id="a word is not a bid"),
        pytest.param(
            None, {}, [], bid(1, 3), ["table.out-of-turn"], id="left of dealer bids first"
        ),
        pytest.param(
            None,
            {},
            [bid(0, 0), bid(1, 4)],
            bid(2, 0),
            ["spades.bid.double-nil"],
            id="both partners may not bid nil",
        ),
        pytest.param(
            None,
            {"double_nil": True},
            [bid(0, 0), bid(1, 4)],
            bid(2, 0),
            [],
            id="double nil house option lets both partners bid nil",
        ),
        pytest.param(
            None,
            {"cutthroat": True},
            [bid(0, 0), bid(1, 4)],
            bid(2, 0),
            [],
            id="cutthroat: every player may bid nil",
        ),
        pytest.param(None, {}, [bid(0, 0)], bid(1, 0), [], id="an opponent may bid nil too"),
        pytest.param(
            None,
            {},
            [],
            bid(0, 0, blind=True),
            ["spades.bid.blind-nil"],
            id="blind nil refused without a standing: nobody trails",
        ),
        pytest.param(
            (0, 100), {}, [], bid(0, 0, blind=True), [], id="blind nil by a side trailing by 100"
        ),
        pytest.param(
            (0, 99),
            {},
            [],
            bid(0, 0, blind=True),
            ["spades.bid.blind-nil"],
            id="blind nil refused trailing by 99",
        ),
        pytest.param(
            (100, 0),
            {},
            [],
            bid(0, 0, blind=True),
            ["spades.bid.blind-nil"],
            id="blind nil refused for the leading side",
        ),
        pytest.param(
            (0, 300),
            {},
            [],
            bid(0, 4, blind=True),
            ["spades.bid.blind-nil"],
            id="a blind bid is always nil",
        ),
        pytest.param(
            (0, 300),
            {"double_nil": True},
            [bid(0, 0, blind=True), bid(1, 4)],
            bid(2, 0, blind=True),
            ["spades.bid.blind-nil"],
            id="two blind nils by one side are impossible",
        ),
        pytest.param(
            (0, 300),
            {},
            [bid(0, 0, blind=True), bid(1, 4)],
            bid(2, 0, blind=True),
            ["spades.bid.double-nil", "spades.bid.blind-nil"],
            id="partner of a blind nil may not bid nil",
        ),
        pytest.param(
            (0, 150, 260, 100),
            {"cutthroat": True},
            [],
            bid(0, 0, blind=True),
            [],
            id="cutthroat: blind nil trailing the leader by 260",
        ),
        pytest.param(
            (200, 150, 260, 100),
            {"cutthroat": True},
            [],
            bid(0, 0, blind=True),
            ["spades.bid.blind-nil"],
            id="cutthroat: blind nil refused trailing the leader by 60",
        ),
    ],
)
def test_bids(standing, options, earlier, event, expected):
    """Per-player bids: the modern preset and cutthroat."""
    state = record(new("modern", standing=standing, **options), *earlier)
    assert rule_ids(state.check(event)) == expected
    assert all(v.rule.refuses for v in state.check(event))
    assert (event in state.legal_events()) == (expected == [])


def test_bidding_goes_round_from_left_of_dealer_then_left_of_dealer_leads():
    state = GAME.new_hand(GAME.settings("classic"), 1)
    assert state.phase == "bidding" and state.to_act == 2
    record(state, bid(2, 4), bid(3, 3), bid(0, 2), bid(1, 4))
    assert state.phase == "play" and state.to_act == 2
    assert state.bids == [2, 4, 4, 3]


# ---------------------------------------------------------------------------
# The blind-nil exchange
# ---------------------------------------------------------------------------


def blind_nil_hand(deal=True):
    state = new(standing=(0, 120))
    if deal:
        for event in GAME.deal(random.Random(5), state.settings, DEALER):
            record(state, event)
    record(state, bid(0, 0, blind=True), bid(1, 4), bid(2, 5), bid(3, 3))
    return state


def test_exchange_two_cards_each_way_counts_stay_thirteen():
    state = blind_nil_hand()
    assert state.phase == "exchange" and state.to_act == 0
    give = tuple(list(parse_cards_of(state.hands[0]))[:2])
    record(state, Event("exchange", seat=0, cards=give))
    assert state.counts == [11, 13, 15, 13]
    assert state.hands[2] & mask_of(give) == mask_of(give)
    assert state.to_act == 2
    back = tuple(list(parse_cards_of(state.hands[2]))[-2:])
    record(state, Event("exchange", seat=2, cards=back))
    assert state.counts == [13, 13, 13, 13]
    assert state.hands[0] & mask_of(back) == mask_of(back)
    assert state.phase == "play" and state.to_act == 0


def parse_cards_of(mask):
    return [card for card in FULL_DECK if mask >> card & 1]


def test_unseen_exchange_makes_both_hands_unknown():
    state = blind_nil_hand()
    record(state, Event("exchange", seat=0), Event("exchange", seat=2))
    assert state.hands[0] is None and state.hands[2] is None
    assert state.hands[1] is not None and state.counts == [13] * 4


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        pytest.param("2C", ["spades.exchange.two-cards"], id="one card is not an exchange"),
        pytest.param(
            "2C 3C 4C", ["spades.exchange.two-cards"], id="three cards are not an exchange"
        ),
        pytest.param("", [], id="unseen exchange: no cards recorded"),
    ],
)
def test_exchange_counts(cards, expected):
    state = blind_nil_hand(deal=False)
    event = Event("exchange", seat=0, cards=parse_cards(cards))
    assert rule_ids(state.check(event)) == expected


def test_exchange_of_a_card_not_held_and_out_of_turn():
    state = blind_nil_hand()
    other = parse_cards_of(state.hands[1])[:2]
    assert (
        rule_ids(state.check(Event("exchange", seat=0, cards=tuple(other))))
        == ["table.not-held"] * 2
    )
    assert rule_ids(state.check(Event("exchange", seat=2))) == ["table.out-of-turn"]


def test_no_exchange_in_cutthroat():
    state = record(
        new(standing=(0, 150, 0, 0), cutthroat=True),
        bid(0, 0, blind=True),
        bid(1, 4),
        bid(2, 5),
        bid(3, 3),
    )
    assert state.phase == "play"


def test_deal_recorded_after_the_exchange_gets_the_exchange_applied():
    dealt = GAME.deal(random.Random(9), GAME.settings("classic"), DEALER)
    by_seat = {event.seat: event for event in dealt}
    state = record(new(standing=(0, 200)), bid(0, 0, blind=True), bid(1, 4), bid(2, 5), bid(3, 3))
    give, back = by_seat[0].cards[:2], by_seat[2].cards[:2]
    record(state, Event("exchange", seat=0, cards=give), Event("exchange", seat=2, cards=back))
    record(state, by_seat[0], by_seat[2])
    assert state.hands[0] == (mask_of(by_seat[0].cards) & ~mask_of(give)) | mask_of(back)
    assert state.hands[2] == (mask_of(by_seat[2].cards) & ~mask_of(back)) | mask_of(give)


# ---------------------------------------------------------------------------
# Deals, plays' certain checks, claims, phases
# ---------------------------------------------------------------------------


def test_deal_is_four_hands_of_thirteen_different_cards():
    events = GAME.deal(random.Random(1), GAME.settings("classic"), DEALER)
    assert [e.kind for e in events] == ["deal"] * 4
    assert sorted(e.seat for e in events) == [0, 1, 2, 3]
    assert all(len(e.cards) == 13 for e in events)
    assert mask_of(c for e in events for c in e.cards) == mask_of(FULL_DECK)


@pytest.mark.parametrize(
    ("setup", "event", "expected"),
    [
        pytest.param(
            [],
            Event("deal", seat=0, cards=parse_cards("2C 3C 4C")),
            ["spades.deal.hand"],
            id="a hand of 3 cards is refused",
        ),
        pytest.param(
            [Event("deal", seat=0, cards=FULL_DECK[:13])],
            Event("deal", seat=1, cards=FULL_DECK[12:25]),
            ["spades.deal.hand"],
            id="a card in two hands is refused",
        ),
        pytest.param(
            [Event("deal", seat=0, cards=FULL_DECK[:13])],
            Event("deal", seat=0, cards=FULL_DECK[:13]),
            ["spades.deal.hand"],
            id="a seat dealt twice is refused",
        ),
        pytest.param(
            [Event("deal", seat=0, cards=FULL_DECK[:13])],
            Event("deal", seat=1, cards=FULL_DECK[13:26]),
            [],
            id="two different hands are fine",
        ),
        pytest.param(
            [],
            Event("deal", seat=4, cards=FULL_DECK[:13]),
            ["spades.deal.hand"],
            id="no fifth seat",
        ),
    ],
)
def test_deal_checks(setup, event, expected):
    state = record(new(), *setup)
    assert rule_ids(state.check(event)) == expected


def test_deal_after_plays_must_hold_the_seats_plays():
    state = in_play("modern", "5H 6H")
    assert rule_ids(state.check(Event("deal", seat=0, cards=FULL_DECK[:13]))) == [
        "spades.deal.hand"
    ]
    with_five = tuple(parse_cards("5H")) + tuple(c for c in FULL_DECK[:13])[:12]
    assert rule_ids(state.check(Event("deal", seat=0, cards=with_five))) == []
    record(state, Event("deal", seat=0, cards=with_five))
    assert state.hands[0] == mask_of(with_five) & ~hand("5H")


@pytest.mark.parametrize(
    ("plays", "event", "expected"),
    [
        pytest.param("5H", play(1, "5H"), ["table.already-played"], id="a card already played"),
        pytest.param("5H", play(2, "6H"), ["table.out-of-turn"], id="a play out of turn"),
        pytest.param("5H", play(1, "6H"), [], id="a play in turn"),
    ],
)
def test_play_basics(plays, event, expected):
    assert rule_ids(in_play("modern", plays).check(event)) == expected


def test_a_card_in_another_known_hand_is_not_held():
    state = record(
        new(), Event("deal", seat=1, cards=parse_cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"))
    )
    record(state, bid(0, 3), bid(1, 3), bid(2, 3), bid(3, 3))
    assert rule_ids(state.check(play(0, "2C"))) == ["table.not-held"]
    assert state.check(play(0, "2D")) == []


def test_claim_gives_every_remaining_trick_to_the_claiming_seat():
    state = in_play("modern", "5H 6H 7H 8H 9H")
    record(state, Event("claim", seat=1))
    assert state.phase == "over" and state.to_act is None
    assert state.taken == [0, 12, 0, 1]
    assert state.legal_events() == []
    assert rule_ids(state.check(play(0, "2C"))) == ["table.hand-over"]


def test_claim_outside_play_is_the_wrong_phase():
    assert rule_ids(new().check(Event("claim", seat=0))) == ["table.wrong-phase"]


PHASES = {
    "bidding": lambda: new(),
    "exchange": lambda: blind_nil_hand(deal=False),
    "play": lambda: in_play("modern", "5H"),
    "over": lambda: record(in_play("modern"), Event("claim", seat=0)),
}
SAMPLE = {
    "deal": Event("deal", seat=0, cards=FULL_DECK[:13]),
    "bid": bid(0, 3),
    "contract": Event("contract", seat=0, value=3),
    "exchange": Event("exchange", seat=0),
    "play": play(1, "2C"),
    "claim": Event("claim", seat=0),
}


BELONGS = {
    "bid": "bidding",
    "contract": "bidding",
    "exchange": "exchange",
    "play": "play",
    "claim": "play",
}


@pytest.mark.parametrize("phase", list(PHASES))
@pytest.mark.parametrize("kind", list(event_actions()))
def test_check_never_raises_and_out_of_place_events_are_refused(phase, kind):
    state = PHASES[phase]()
    event = SAMPLE.get(kind, Event(kind, seat=0, card=Card.parse("2C"), value=1))
    found = rule_ids(state.check(event))
    if kind not in SAMPLE:
        assert found == ["table.wrong-phase"]
    elif kind in BELONGS and BELONGS[kind] != phase:
        assert found == ["table.hand-over" if phase == "over" else "table.wrong-phase"]
    else:
        assert all(RULES[rule_id] for rule_id in found)


def test_rule_ids_are_stable_and_refusing_rules_are_marked():
    own = {rule.id for rule in RULES if rule.id.startswith("spades.")}
    assert own == {
        "spades.bid.range",
        "spades.bid.side-contract",
        "spades.bid.double-nil",
        "spades.bid.blind-nil",
        "spades.exchange.two-cards",
        "spades.deal.hand",
        "spades.first-trick.lowest-club",
        "spades.first-trick.no-spade",
        "spades.lead.spades-broken",
        "spades.play.follow-suit",
        "spades.cutthroat.play-higher",
        "spades.cutthroat.must-trump",
        "spades.cutthroat.overtrump",
        "spades.score.bags",
        "spades.penalty.renege",
    }
    refusing = {rule.id for rule in RULES if rule.refuses and rule.id.startswith("spades.")}
    assert refusing == {
        "spades.bid.range",
        "spades.bid.side-contract",
        "spades.bid.double-nil",
        "spades.bid.blind-nil",
        "spades.exchange.two-cards",
        "spades.deal.hand",
    }
    assert all(rule.text and rule.title for rule in RULES)


def test_the_rules_help_says_what_bag_point_means():
    help_text = game_help(GAME)
    assert "Each overtrick scores −1 instead of +1, and ten bags cost nothing more" in help_text
    assert "one contract per side, the non-dealing side first" in help_text
    assert "ten bags cost nothing more" in RULES["spades.score.bags"].text


def test_sides_partnership_and_cutthroat():
    assert GAME.sides(GAME.settings("classic")) == ((0, 2), (1, 3))
    assert GAME.sides(GAME.settings("classic", cutthroat=True)) == ((0,), (1,), (2,), (3,))
    assert GAME.seats == 4 and len(GAME.deck) == 52
    assert GAME.preset_ids == ("modern", "classic") and GAME.default_preset == "modern"
    assert all(option.explanation for option in GAME.options)


# ---------------------------------------------------------------------------
# Through the adjudicator
# ---------------------------------------------------------------------------


def test_hidden_hands_a_later_heart_proves_the_earlier_renege_and_the_penalty_applies():
    log = HandLog(GAME, GAME.settings("modern"), DEALER)
    for seat in range(4):
        log.record(bid(seat, 3))
    for seat, card in enumerate(["5H", "2C", "6H", "7H"]):
        log.record(play(seat, card))  # the second seat shows no heart: no ruling yet
    assert log.violations() == []
    for seat, card in zip([3, 0, 1], ["8H", "9H", "10H"], strict=True):
        ruling = log.record(play(seat, card))
    assert [v.rule.id for v in ruling.proved] == ["spades.play.follow-suit"]
    assert ruling.proved[0].event_index == 5  # the 2♣ in trick 1
    log.decide(5, "stand")
    log.record(Event("claim", seat=0))
    outcome = log.outcome()
    assert words(outcome.penalty).startswith("Ben reneged (follow suit)")


def test_known_hands_a_renege_is_ruled_at_once_and_a_blind_nil_exchange_is_checked():
    log = HandLog(GAME, GAME.settings("classic"), DEALER, standing=(0, 150))
    deal = {
        event.seat: event for event in GAME.deal(random.Random(3), GAME.settings("classic"), DEALER)
    }
    for event in deal.values():
        log.record(event)
    log.record(bid(0, 0, blind=True))
    for seat in (1, 2, 3):
        log.record(bid(seat, 4))
    log.record(Event("exchange", seat=0, cards=deal[0].cards[:2]))
    log.record(Event("exchange", seat=2, cards=deal[2].cards[-2:]))
    state = log.state
    lowest = state.legal_plays(0, state.hands[0])
    wrong = next(card for card in parse_cards_of(state.hands[0]) if not lowest >> card & 1)
    ruling = log.record(play(0, wrong))
    assert [v.rule.id for v in ruling.violations][:1] in (
        ["spades.first-trick.lowest-club"],
        ["spades.first-trick.no-spade"],
    )
