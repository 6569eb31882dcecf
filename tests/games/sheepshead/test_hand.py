"""The Sheepshead hand as a phase machine: what the record refuses or rules on, with
known and with hidden hands, and the counts, claims and penalties."""

from __future__ import annotations

import pytest

from scorekeeper.cards import Card, parse_cards
from scorekeeper.events import Event
from scorekeeper.games.base import Violation
from scorekeeper.games.sheepshead import Call
from scorekeeper.match import HandRecord
from tests.games.check_support import check_file, rulings
from tests.games.sheepshead.test_tricks import GAME, broken, mask, play, record, start
from tests.told import said, words

A = Card.parse


def rule_ids(hand, event) -> list[str]:
    return [violation.rule_id for violation in hand.check(event)]


def known_picker(eight: str, picker: int = 0, dealer: int = 4, **options):
    """The picker's six dealt cards and the blind known (the first six and last two)."""
    hand = GAME.new_hand(GAME.settings(**options), dealer)
    cards = parse_cards(eight)
    record(hand, Event("deal", seat=picker, cards=cards[:6]))
    record(hand, Event("blind", cards=cards[6:]))
    while hand.to_act != picker:
        record(hand, Event("pass", seat=hand.to_act))
    record(hand, Event("pick", seat=picker))
    return hand


EIGHT = "K♥ 9♥ 7♠ Q♣ J♦ A♦ A♣ 8♦"  # hearts and spades callable, clubs ace held


# ---------------------------------------------------------------------------
# Phases
# ---------------------------------------------------------------------------

FOREIGN = [
    Event("bid", seat=0, value=3),
    Event("order_up", seat=0),
    Event("name_trump", seat=0),
    Event("discard", card=A("9♥")),
    Event("exchange", seat=0),
    Event("draw", seat=0),
    Event("upcard", card=A("9♥")),
    Event("trump_card", card=A("9♥")),
    Event("result", data={"picker": 0}),
]


def _phases():
    picking = GAME.new_hand(GAME.settings(), 4)
    calling = GAME.new_hand(GAME.settings(), 4)
    record(calling, Event("pick", seat=0))
    playing = start(Call("alone"))
    over = start(Call("alone"))
    record(over, Event("claim", seat=0))
    return {"picking": picking, "calling": calling, "play": playing, "over": over}


@pytest.mark.parametrize("phase", ["picking", "calling", "play", "over"])
@pytest.mark.parametrize("event", FOREIGN, ids=lambda e: e.kind)
def test_events_of_other_games_are_the_wrong_phase(phase, event):
    assert rule_ids(_phases()[phase], event) == ["table.wrong-phase"]


WRONG_PHASE = [
    ("picking", Event("play", seat=0, card=A("9♥")), "table.wrong-phase"),
    ("picking", Event("bury"), "table.wrong-phase"),
    ("picking", Call("alone").event(), "table.wrong-phase"),
    ("picking", Event("claim", seat=0), "table.wrong-phase"),
    ("calling", Event("pick", seat=1), "table.wrong-phase"),
    ("calling", Event("play", seat=0, card=A("9♥")), "table.wrong-phase"),
    ("play", Event("bury"), "table.wrong-phase"),
    ("play", Call("alone").event(), "table.wrong-phase"),
    ("play", Event("pass", seat=0), "table.wrong-phase"),
    ("over", Event("play", seat=0, card=A("9♥")), "table.hand-over"),
    ("over", Event("claim", seat=0), "table.hand-over"),
]


@pytest.mark.parametrize(
    ("phase", "event", "rule"),
    [pytest.param(*row, id=f"{row[1].kind} while {row[0]}") for row in WRONG_PHASE],
)
def test_events_out_of_their_phase(phase, event, rule):
    assert rule_ids(_phases()[phase], event) == [rule]


@pytest.mark.parametrize(
    "event",
    [Event("play", seat=7, card=A("9♥")), Event("play", card=A("9♥")), Event("play", seat=0)],
    ids=["a seat that is not at the table", "no seat", "no card"],
)
def test_plays_naming_nobody_or_nothing_are_refused(event):
    assert rule_ids(start(Call("alone")), event) == ["table.out-of-turn"]


def test_the_second_bury_or_call_is_the_wrong_phase():
    hand = GAME.new_hand(GAME.settings(), 4)
    record(hand, Event("pick", seat=0))
    record(hand, Event("bury"))
    assert rule_ids(hand, Event("bury")) == ["table.wrong-phase"]
    assert hand.phase == hand.CALLING  # the call is still to come


@pytest.mark.parametrize("first", ["bury", "call"])
def test_bury_and_call_in_either_order(first):
    hand = known_picker(EIGHT)
    events = [Event("bury", cards=parse_cards("A♣ 8♦")), Call("ace", A("A♥")).event()]
    for event in events if first == "bury" else events[::-1]:
        record(hand, event)
    assert hand.phase == hand.PLAY and hand.hands[0] == mask("K♥ 9♥ 7♠ Q♣ J♦ A♦")


def test_decisions_change_nothing():
    hand = start(Call("alone"))
    before = hand.copy()
    record(hand, Event("decision", value="stand", ref=0))
    assert hand == before


# ---------------------------------------------------------------------------
# Counts and legal events
# ---------------------------------------------------------------------------


def test_counts_follow_every_event():
    hand = GAME.new_hand(GAME.settings(), 4)
    assert hand.counts == [6] * 5
    record(hand, Event("pass", seat=0))
    record(hand, Event("pick", seat=1))
    assert hand.counts == [6, 8, 6, 6, 6]
    record(hand, Event("bury"))
    assert hand.counts == [6] * 5
    record(hand, Call("ace", A("A♥")).event())
    play(hand, "7♣", "8♣")
    assert hand.counts == [5, 5, 6, 6, 6]
    record(hand, Event("claim", seat=2))
    assert hand.counts == [0] * 5 and hand.phase == hand.OVER and hand.legal_events() == []


def test_legal_events_need_the_hand_that_chooses():
    hand = GAME.new_hand(GAME.settings(), 4)
    assert hand.legal_events() == [Event("pick", seat=0), Event("pass", seat=0)]
    record(hand, Event("pick", seat=0))
    assert hand.legal_events() == []  # the picker's cards are unknown
    known = known_picker(EIGHT)
    kinds = {event.kind for event in known.legal_events()}
    assert kinds == {"bury", "call"}
    calls = [e for e in known.legal_events() if e.kind == "call"]
    assert {(e.value, e.card) for e in calls} == {
        ("ace", A("A♥")),
        ("ace", A("A♠")),
        ("alone", None),
    }


def test_after_a_bury_only_the_calls_it_leaves():
    hand = known_picker(EIGHT)
    record(hand, Event("bury", cards=parse_cards("7♠ A♣")))
    calls = {(e.value, e.card) for e in hand.legal_events()}
    assert calls == {("ace", A("A♥")), ("alone", None)}


def test_after_an_under_call_the_under_card_is_never_buried():
    hand = known_picker("Q♣ J♥ J♦ A♥ A♠ 7♦ 8♦ 9♦")
    record(hand, Call("under", A("A♣"), A("7♦")).event())
    buries = [e.cards for e in hand.legal_events()]
    assert len(buries) == 21 and not any(A("7♦") in cards for cards in buries)


# ---------------------------------------------------------------------------
# Bury and call with the picker's cards known
# ---------------------------------------------------------------------------

BURIES = [
    ("one card", None, "A♣", "sheepshead.bury.two-cards"),
    ("three cards", None, "A♣ 8♦ Q♣", "sheepshead.bury.two-cards"),
    ("the same card twice", None, "A♣ A♣", "sheepshead.bury.two-cards"),
    ("a card not held", None, "A♣ 10♥", "table.not-held"),
    ("a card not in the deck", None, "A♣ 2♥", "table.not-in-deck"),
    (
        "the called suit's last card",
        Call("ace", A("A♠")),
        "7♠ A♣",
        "sheepshead.bury.keep-called-suit",
    ),
    ("the under card", Call("under", A("A♣"), A("7♦")), "7♦ 8♦", "sheepshead.bury.not-under-card"),
]


@pytest.mark.parametrize(
    ("words", "call", "buried", "rule"),
    [pytest.param(*row, id=f"burying {row[0]} -> {row[3]}") for row in BURIES],
)
def test_bury_rules(words, call, buried, rule):
    eight = "Q♣ J♥ J♦ A♥ A♠ 7♦ 8♦ 9♦" if call and call.value == "under" else EIGHT
    hand = known_picker(eight)
    if call is not None:
        record(hand, call.event())
    assert rule_ids(hand, Event("bury", cards=parse_cards(buried))) == [rule]


def test_burying_the_called_suit_first_rules_on_the_call():
    hand = known_picker(EIGHT)
    record(hand, Event("bury", cards=parse_cards("7♠ A♣")))
    assert rule_ids(hand, Call("ace", A("A♠")).event()) == ["sheepshead.bury.keep-called-suit"]


CALL_FORMS = [
    ("an unknown value", Event("call", value="king", card=A("K♥"))),
    ("an ace call naming a ten", Event("call", value="ace", card=A("10♥"))),
    ("a ten call naming an ace", Event("call", value="ten", card=A("A♥"))),
    ("an ace of diamonds", Event("call", value="ace", card=A("A♦"))),
    ("an ace call with no card", Event("call", value="ace")),
    ("alone naming a card", Event("call", value="alone", card=A("A♥"))),
    ("an under card on an ace call", Event("call", value="ace", card=A("A♥"), under=A("7♦"))),
]


@pytest.mark.parametrize(("words", "event"), [pytest.param(*row, id=row[0]) for row in CALL_FORMS])
def test_calls_that_are_not_calls_are_refused(words, event):
    hand = known_picker(EIGHT)
    (violation,) = hand.check(event)
    assert violation.rule_id == "sheepshead.call.what" and violation.rule.refuses


CALLS = [
    ("ace of a suit whose ace is held", EIGHT, Call("ace", A("A♣")), "sheepshead.call.normal"),
    (
        "ace of a suit not held",
        "K♥ 9♥ Q♣ J♦ A♦ A♣ 8♦ 7♦",
        Call("ace", A("A♠")),
        "sheepshead.call.normal",
    ),
    (
        "under when a normal call is possible",
        EIGHT,
        Call("under", A("A♠"), A("8♦")),
        "sheepshead.call.under",
    ),
    (
        "under in a suit held",
        "Q♣ J♥ J♦ A♥ A♠ 7♦ 8♦ 9♦",
        Call("under", A("A♠"), A("7♦")),
        "sheepshead.call.under",
    ),
    (
        "under card not held",
        "Q♣ J♥ J♦ A♥ A♠ 7♦ 8♦ 9♦",
        Call("under", A("A♣"), A("10♦")),
        "sheepshead.call.under",
    ),
    (
        "under with all three aces",
        "Q♣ J♥ A♥ A♠ A♣ 7♦ 8♦ 9♦",
        Call("under", A("A♣"), A("7♦")),
        "sheepshead.call.under",
    ),
    ("ten without all three aces", EIGHT, Call("ten", A("10♥")), "sheepshead.call.ten"),
    ("ten held", "Q♣ 10♥ A♥ A♠ A♣ 7♦ 8♦ 9♦", Call("ten", A("10♥")), "sheepshead.call.ten"),
    ("normal", EIGHT, Call("ace", A("A♥")), None),
    ("under", "Q♣ J♥ J♦ A♥ A♠ 7♦ 8♦ 9♦", Call("under", A("A♣"), A("7♦")), None),
    ("under, card unseen", "Q♣ J♥ J♦ A♥ A♠ 7♦ 8♦ 9♦", Call("under", A("A♣")), None),
    ("ten", "Q♣ J♥ A♥ A♠ A♣ 7♦ 8♦ 9♦", Call("ten", A("10♠")), None),
    ("alone by choice", EIGHT, Call("alone"), None),
    ("alone when nothing else", "A♥ A♠ A♣ 10♥ 10♠ 10♣ Q♣ Q♠", Call("alone"), None),
]


@pytest.mark.parametrize(
    ("words", "eight", "call", "rule"),
    [pytest.param(*row, id=f"{row[0]} -> {row[3] or 'accepted'}") for row in CALLS],
)
def test_call_rules_with_the_pickers_cards_known(words, eight, call, rule):
    hand = known_picker(eight)
    assert rule_ids(hand, call.event()) == ([rule] if rule else [])


ALL_ACES_AND_TENS = "A♥ A♠ A♣ 10♥ 10♠ 10♣ Q♣ Q♠"


@pytest.mark.parametrize(
    ("choice", "eight", "rule"),
    [
        pytest.param(True, EIGHT, None, id="alone by choice (house option on, the default)"),
        pytest.param(False, EIGHT, "sheepshead.call.alone", id="alone by choice off: call"),
        pytest.param(
            False, ALL_ACES_AND_TENS, None, id="All 3 aces + all 3 tens: Go Alone, No valid card"
        ),
    ],
)
def test_house_option_going_alone_by_choice(choice, eight, rule):
    assert GAME.settings().options == {} and GAME.settings(alone_by_choice=True).options
    hand = known_picker(eight, alone_by_choice=choice)
    assert rule_ids(hand, Call("alone").event()) == ([rule] if rule else [])
    offered = {e.value for e in hand.legal_events() if e.kind == "call"}
    assert ("alone" in offered) == (rule is None)


def test_alone_when_the_bury_left_no_card_to_call_with_even_without_the_option():
    hand = known_picker("K♥ Q♣ J♦ A♦ A♣ 8♦ 9♦ 7♦", alone_by_choice=False)
    assert rule_ids(hand, Call("alone").event()) == ["sheepshead.call.alone"]  # A♥ callable
    record(hand, Event("bury", cards=parse_cards("K♥ 7♦")))
    assert [e.value for e in hand.legal_events() if e.kind == "call"] == ["alone"]
    assert rule_ids(hand, Call("alone").event()) == []


@pytest.mark.parametrize(
    ("choice", "found"),
    [
        pytest.param(True, [], id="alone by choice"),
        pytest.param(False, ["sheepshead.call.alone"], id="alone only when the tables require it"),
    ],
)
def test_check_rules_on_going_alone_by_choice(capsys, tmp_path, choice, found):
    cards = parse_cards(EIGHT)
    events = [
        Event("deal", seat=0, cards=cards[:6]),
        Event("blind", cards=cards[6:]),
        Event("pick", seat=0),
        Call("alone").event(),
    ]
    settings = GAME.settings(alone_by_choice=choice)
    status, findings, _ = check_file(
        capsys, tmp_path, "sheepshead", [HandRecord(4, events)], settings
    )
    assert (status, rulings(findings)) == (1 if found else 0, found)


def test_a_wrong_call_is_proved_by_the_pickers_play():
    hand = start(Call("ace", A("A♥")))
    assert rule_ids(hand, Event("play", seat=0, card=A("A♥"))) == ["sheepshead.call.normal"]
    hand = start(Call("under", A("A♣"), A("7♦")))
    assert rule_ids(hand, Event("play", seat=0, card=A("K♣"))) == ["sheepshead.call.under"]


def test_a_call_of_a_card_dealt_to_the_picker_is_certain_without_the_blind():
    hand = GAME.new_hand(GAME.settings(), 4)
    record(hand, Event("deal", seat=0, cards=parse_cards("A♥ 9♥ 7♠ Q♣ J♦ A♦")))
    record(hand, Event("pick", seat=0))
    assert rule_ids(hand, Call("ace", A("A♥")).event()) == ["sheepshead.call.normal"]
    assert rule_ids(hand, Call("ace", A("A♠")).event()) == []


# ---------------------------------------------------------------------------
# Announcements
# ---------------------------------------------------------------------------

STAKES = [
    ("crack where the house does not", {}, {"crack": 2}, "sheepshead.stakes.announced"),
    ("the picker cracks", {"crack": True}, {"crack": 0}, "sheepshead.stakes.announced"),
    ("recrack without crack", {"crack": True}, {"recrack": True}, "sheepshead.stakes.announced"),
    (
        "an unknown announcement",
        {"crack": True},
        {"schneider": True},
        "sheepshead.stakes.announced",
    ),
    (
        "blitz without both queens of a colour",
        {"blitz": True},
        {"blitz": True},
        "sheepshead.stakes.announced",
    ),
    ("crack and recrack", {"crack": True}, {"crack": 3, "recrack": True}, None),
]


@pytest.mark.parametrize(
    ("words", "options", "data", "rule"),
    [pytest.param(*row, id=f"{row[0]} -> {row[3] or 'accepted'}") for row in STAKES],
)
def test_announcements(words, options, data, rule):
    hand = known_picker(EIGHT, **options)
    assert rule_ids(hand, Call("ace", A("A♥")).event(data)) == ([rule] if rule else [])


def test_a_blitz_shows_both_black_queens():
    hand = known_picker("Q♣ Q♠ K♥ 9♥ 7♠ A♦ A♣ 8♦", blitz=True)
    event = Call("ace", A("A♥")).event({"blitz": True})
    record(hand, event)
    assert hand.blitz


# ---------------------------------------------------------------------------
# Deals and the blind against the record
# ---------------------------------------------------------------------------


def test_deal_and_blind_consistency():
    hand = start(Call("ace", A("A♥")))
    play(hand, "7♣", "8♣")
    record(hand, Event("deal", seat=1, cards=parse_cards("8♣ 9♣ 10♣ K♣ A♣ 7♥")))
    cases = [
        Event("deal", seat=2, cards=parse_cards("9♣ 8♥ 9♥ K♥ A♠ 7♠")),  # 9♣ is seat 2's
        Event("deal", seat=2, cards=parse_cards("7♣ 8♥ 9♥ K♥ A♠ 7♠")),  # 7♣ the picker played
        Event("deal", seat=2, cards=parse_cards("8♥ 9♥ K♥ A♠ 7♠")),  # five cards
        Event("deal", seat=1, cards=parse_cards("8♣ 9♣ 10♣ K♣ A♣ 8♥")),  # recorded otherwise
        Event("deal", seat=7, cards=parse_cards("8♥ 9♥ K♥ A♠ 7♠ 8♠")),  # no such seat
        Event("blind", cards=parse_cards("A♣ 9♠")),  # A♣ is seat 2's
        Event("blind", cards=parse_cards("9♠")),
    ]
    for event in cases:
        assert rule_ids(hand, event) == ["sheepshead.deal.consistent"], event
    hand_before = hand.copy()
    assert rule_ids(hand, Event("deal", seat=0, cards=parse_cards("A♠ 8♥ 9♥ K♥ 10♠ Q♣"))) == []
    assert hand == hand_before  # checking records nothing


def test_a_hand_recorded_after_play_holds_what_is_left():
    hand = start(Call("alone"), picker=1, dealer=4)
    play(hand, "7♣", "8♣")
    record(hand, Event("deal", seat=0, cards=parse_cards("7♣ 9♥ K♥ A♠ 10♠ 8♠")))
    assert hand.hands[0] == mask("9♥ K♥ A♠ 10♠ 8♠")
    assert rule_ids(hand, Event("play", seat=2, card=A("9♥"))) == ["table.not-held"]


def test_a_buried_card_cannot_be_played():
    hand = GAME.new_hand(GAME.settings(), 4)
    record(hand, Event("pick", seat=0))
    record(hand, Event("bury", cards=parse_cards("A♣ 8♦")))
    record(hand, Call("alone").event())
    (violation,) = hand.check(Event("play", seat=0, card=A("A♣")))
    assert violation.rule_id == "table.already-played"
    assert said(violation) == ("A♣ was buried by the picker",)


# ---------------------------------------------------------------------------
# Hidden hands: what later plays prove
# ---------------------------------------------------------------------------


def test_an_unseen_bury_without_the_called_suit_is_proved_by_the_pickers_cards():
    hand = start(Call("ace", A("A♥")))
    rules = [r.rule.id for r in hand.requirements(0, A("Q♣"))]
    assert rules == ["sheepshead.bury.keep-called-suit"]
    assert broken(hand, 0, mask("Q♣ Q♠ J♣ 7♦ 8♦ 9♦"), A("Q♣")) == [
        "sheepshead.bury.keep-called-suit"
    ]
    assert broken(hand, 0, mask("Q♣ Q♠ J♣ 7♦ 8♦ 9♥"), A("Q♣")) == []


def test_a_known_bury_is_not_judged_again_on_the_first_play():
    hand = known_picker(EIGHT)
    record(hand, Event("bury", cards=parse_cards("A♣ 8♦")))
    record(hand, Call("ace", A("A♥")).event())
    assert hand.requirements(0, A("Q♣")) == ()


def test_an_unrecorded_under_card_is_judged_only_where_certain():
    hand = start(Call("under", A("A♣")), picker=2, dealer=4)
    play(hand, "9♦", "8♦")
    # the picker does not follow trump: with one trump it may be the under card
    assert broken(hand, 2, mask("7♦ A♥ Q♠"), A("A♥")) == ["sheepshead.follow.must-follow"]
    assert broken(hand, 2, mask("7♦ A♥ K♠"), A("A♥")) == []
    assert hand.legal_plays(2, mask("7♦ A♥ K♠")) == mask("7♦ A♥ K♠")


# ---------------------------------------------------------------------------
# Penalties
# ---------------------------------------------------------------------------


def test_the_first_penalty_decides_the_hand():
    hand = start(Call("alone"))
    record(hand, Event("claim", seat=0))
    rule = GAME.rules["sheepshead.follow.must-follow"]
    hand.penalties.append(Violation(rule, 3, A("9♥"), 2, ("had to follow hearts",)))
    hand.penalties.append(Violation(rule, 0, A("9♠"), 3, ("had to follow spades",)))
    outcome = GAME.score_hand(hand)
    assert outcome.points == (12, -3, -3, -3, -3)  # the defenders lose, schwarzed by the claim
    assert words(outcome.penalty).startswith("sheepshead.follow.must-follow: Di misplayed")


def test_rules_have_ids_titles_and_text():
    own = [rule for rule in GAME.rules if rule.id.startswith("sheepshead.")]
    assert len(own) == 17
    for rule in own:
        assert rule.id.count(".") == 2 and rule.title and rule.text.endswith(".")
    refusing = {rule.id for rule in own if rule.refuses}
    assert refusing == {
        "sheepshead.deal.consistent",
        "sheepshead.bury.two-cards",
        "sheepshead.call.what",
        "sheepshead.stakes.announced",
    }
