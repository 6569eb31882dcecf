"""Every table of the Sheepshead trick-taking spec: winners, following, leading, partner,
picker, under and call-10 rules, and card points."""

from __future__ import annotations

import pytest

from scorekeeper.cards import Card, cards_in, mask_of, parse_cards
from scorekeeper.events import Event
from scorekeeper.games import get_game
from scorekeeper.games.base import ResultError
from scorekeeper.games.sheepshead import Call, SheepsheadHand, legal_calls
from scorekeeper.games.sheepshead.calling import normal_suits, under_required
from scorekeeper.games.sheepshead.deck import ACE, TABLE, TEN, card_points
from scorekeeper.games.sheepshead.scoring import find_partner
from tests.told import words

GAME = get_game("sheepshead")
ALL = "All"


def mask(text: str) -> int:
    return mask_of(parse_cards(text))


def start(call: Call, picker: int = 0, dealer: int | None = None, **options) -> SheepsheadHand:
    """A hand in play with hidden hands: ``picker`` picked (those before passed), buried
    unseen and made ``call``; seat ``dealer + 1`` leads (by default the picker)."""
    dealer = (picker - 1) % 5 if dealer is None else dealer
    hand = GAME.new_hand(GAME.settings(**options), dealer)
    while hand.to_act != picker:
        record(hand, Event("pass", seat=hand.to_act))
    record(hand, Event("pick", seat=picker))
    record(hand, Event("bury"))
    record(hand, call.event())
    assert hand.phase == hand.PLAY
    return hand


def record(hand: SheepsheadHand, event: Event) -> None:
    """Apply an event the table would accept without a ruling."""
    assert hand.check(event) == [], event
    hand.apply(event)


def play(hand: SheepsheadHand, *codes: str) -> None:
    """Play cards in turn order from the seat to act."""
    for code in codes:
        record(hand, Event("play", seat=hand.to_act, card=Card.parse(code)))


def broken(hand: SheepsheadHand, seat: int, held: int, card: Card) -> list[str]:
    """The rule ids that playing ``card`` from ``held`` breaks."""
    return [
        req.rule.id
        for req in hand.requirements(seat, card)
        if req.forbidden & held or (req.broken_by is not None and req.broken_by(held))
    ]


def assert_playable(hand: SheepsheadHand, seat: int, held_text: str, playable: str) -> None:
    """``legal_plays`` gives ``playable``, and the requirements agree card by card."""
    held = mask(held_text)
    expected = held if playable == ALL else mask(playable)
    assert hand.legal_plays(seat, held) == expected
    for card in cards_in(held):
        assert (broken(hand, seat, held, card) == []) == bool(expected >> card & 1), card


# ---------------------------------------------------------------------------
# Determining trick winner
# ---------------------------------------------------------------------------

BASIC_WINNERS = [
    ("A♥ K♥ 10♥ 9♥ 8♥", 1, "Ace is highest fail"),
    ("7♥ 8♥ 9♥ K♥ A♥", 5, "Ace wins even played last"),
    ("A♥ 7♦ K♥ 10♥ 9♥", 2, "Lowest trump beats highest fail"),
    ("Q♣ Q♠ Q♥ Q♦ J♣", 1, "Q♣ is highest trump"),
    ("7♦ 8♦ 9♦ K♦ A♦", 5, "A♦ highest non-face trump"),
    ("A♥ A♠ A♣ K♥ 10♥", 1, "Only hearts follow suit"),
    ("A♠ K♣ 10♥ 9♣ 8♥", 1, "No one followed suit, lead wins"),
]


@pytest.mark.parametrize(
    ("trick", "player", "notes"),
    [pytest.param(*row, id=f"{row[0]} -> Player {row[1]}: {row[2]}") for row in BASIC_WINNERS],
)
def test_basic_trick_winner(trick, player, notes):
    hand = start(Call("alone"))
    play(hand, *trick.split())
    assert hand.tricks[0].winner == player - 1
    assert TABLE.winner(parse_cards(trick)) == player - 1


WINNERS_BY_CARD = [
    ("Single trump in trick", "A♥", "K♥ 7♦ 10♥ 9♥", "7♦", "Lowest trump beats all fail"),
    ("Multiple trump, one higher", "7♦", "A♥ J♦ K♥ 10♥", "J♦", "J♦ beats 7♦"),
    ("Lead trump, all follow fail", "Q♣", "A♥ A♠ A♣ K♥", "Q♣", "No fail can beat trump"),
    ("Hearts led, hearts wins", "7♥", "A♠ A♣ K♥ 8♥", "K♥", "K beats 8, 7; others didn't follow"),
    ("Spades led, only one follows", "7♠", "A♥ 8♠ A♣ K♥", "8♠", "8♠ only one that followed"),
    ("Trump led (effective suit)", "7♦", "A♥ 8♦ A♣ K♥", "8♦", "8♦ follows trump suit, beats 7♦"),
]


@pytest.mark.parametrize(
    ("scenario", "lead", "others", "winner", "notes"),
    [
        pytest.param(*row, id=f"{row[0]}: {row[1]} {row[2]} -> {row[3]} ({row[4]})")
        for row in WINNERS_BY_CARD
    ],
)
def test_trump_always_wins_and_lead_suit_matters(scenario, lead, others, winner, notes):
    hand = start(Call("alone"))
    play(hand, lead, *others.split())
    trick = hand.tricks[0]
    assert trick.card_of(trick.winner) == Card.parse(winner)


# ---------------------------------------------------------------------------
# Following suit
# ---------------------------------------------------------------------------

LEADS = {"Hearts": "9♥", "Trump": "9♦", "Spades": "8♠", "Clubs": "8♣"}

FOLLOWING = [
    ("Must follow", "A♥ K♥ 10♠ 9♣", "Hearts", "A♥ K♥", "Must play hearts"),
    ("Must follow", "Q♣ J♥ 7♦ A♠", "Trump", "Q♣ J♥ 7♦", "Q, J, and diamonds are all trump"),
    ("Must follow", "A♠ K♠ 10♠ 7♠", "Spades", "A♠ K♠ 10♠ 7♠", "All cards follow suit"),
    ("Must follow", "A♥ K♠ 10♣ 9♣", "Clubs", "10♣ 9♣", "Only clubs playable"),
    ("Cannot follow", "A♥ K♥ 10♠ 9♠", "Clubs", ALL, "No clubs, play anything"),
    ("Cannot follow", "A♥ K♠ 10♣", "Trump", ALL, "No trump, play anything"),
    ("Cannot follow", "Q♣ J♥ 7♦", "Hearts", ALL, "J♥ is trump not hearts, play anything"),
    ("Jacks and queens", "Q♥ J♥ A♥ K♥", "Hearts", "A♥ K♥", "Q♥ and J♥ are trump, not hearts"),
    ("Jacks and queens", "Q♥ J♥ 7♦", "Hearts", ALL, "No hearts (Q/J are trump), play anything"),
    ("Jacks and queens", "Q♥ J♥ 7♦", "Trump", ALL, "All three are trump"),
]


@pytest.mark.parametrize(
    ("table", "held", "lead_suit", "playable", "notes"),
    [
        pytest.param(*row, id=f"{row[0]}: {row[1]}, {row[2]} led -> {row[3]} ({row[4]})")
        for row in FOLLOWING
    ],
)
def test_following_suit(table, held, lead_suit, playable, notes):
    hand = start(Call("alone"))
    play(hand, LEADS[lead_suit])
    assert_playable(hand, 1, held, playable)


def test_a_renege_names_the_follow_rule():
    hand = start(Call("alone"))
    play(hand, "9♥")
    assert broken(hand, 1, mask("A♥ K♥ 10♠ 9♣"), Card.parse("10♠")) == [
        "sheepshead.follow.must-follow"
    ]
    (requirement,) = hand.requirements(1, Card.parse("10♠"))
    assert words(requirement.reason) == "had to follow hearts"
    assert requirement.forbidden == TABLE.suit_mask[Card.parse("9♥").suit]


# ---------------------------------------------------------------------------
# Leading
# ---------------------------------------------------------------------------

BASIC_LEADING = [
    ("A♥ K♥ Q♣ 7♦", None, "No", "No", "No restrictions"),
    ("A♥ K♥ Q♣ 7♦", "A♠", "No", "No", "Not involved in called suit"),
]


@pytest.mark.parametrize(
    ("held", "called", "is_picker", "is_partner", "notes"),
    [
        pytest.param(*row, id=f"{row[0]}, called {row[1] or 'none'} -> All ({row[4]})")
        for row in BASIC_LEADING
    ],
)
def test_basic_leading(held, called, is_picker, is_partner, notes):
    call = Call("alone") if called is None else Call("ace", Card.parse(called))
    hand = start(call, picker=2, dealer=4)  # seat 0 leads, neither picker nor partner
    assert_playable(hand, 0, held, ALL)


PARTNER_LEADS = [
    ("A♥ K♥ 10♥ Q♣", "A♥ Q♣", "Has ace + 2 others (3 total) - can't lead K or 10"),
    ("A♥ K♥ Q♣ 7♦", "A♥ Q♣ 7♦", "Has ace + 1 other (2 total) - can't lead K"),
    ("A♥ Q♣ 7♦ 8♦", ALL, "Only 1 heart (the ace) - can lead it"),
    ("A♥ K♥ 10♥ 9♥ Q♣", ALL, "Has 4+ hearts - running, can lead any"),
]


@pytest.mark.parametrize(
    ("held", "playable", "notes"),
    [
        pytest.param(*row, id=f"{row[0]}, hearts called -> {row[1]} ({row[2]})")
        for row in PARTNER_LEADS
    ],
)
def test_partner_must_lead_ace_unless_running(held, playable, notes):
    hand = start(Call("ace", ACE[Card.parse("A♥").suit]), picker=2, dealer=4)
    assert_playable(hand, 0, held, playable)


def test_partner_leading_a_small_called_card_names_the_rule():
    hand = start(Call("ace", Card.parse("A♥")), picker=2, dealer=4)
    held = mask("A♥ K♥ 10♥ Q♣")
    assert broken(hand, 0, held, Card.parse("K♥")) == ["sheepshead.partner.lead-called-ace"]
    assert broken(hand, 0, mask("K♥ 10♥ Q♣"), Card.parse("K♥")) == []  # a defender may


PARTNER_PLAYS = [
    ("A♥ K♥ 10♥", "Hearts", "A♥", "Yes", "A♥", "Must play called ace"),
    ("K♥ 10♥ 9♥", "Hearts", "A♥", "No", "K♥ 10♥ 9♥", "Normal following suit"),
    (
        "A♥ K♥ 10♥",
        "Hearts",
        "A♠",
        "Yes (wrong suit)",
        "A♥ K♥ 10♥",
        "Called suit is spades, normal follow",
    ),
]


@pytest.mark.parametrize(
    ("held", "lead_suit", "called", "has_ace", "playable", "notes"),
    [
        pytest.param(*row, id=f"{row[0]}, {row[1]} led, {row[2]} called -> {row[4]} ({row[5]})")
        for row in PARTNER_PLAYS
    ],
)
def test_partner_must_play_ace_when_called_suit_led(
    held, lead_suit, called, has_ace, playable, notes
):
    hand = start(Call("ace", Card.parse(called)), picker=2, dealer=4)
    play(hand, "7♥")
    assert_playable(hand, 1, held, playable)


def test_holding_back_the_called_ace_is_proved_by_playing_it_later():
    hand = start(Call("ace", Card.parse("A♥")), picker=2, dealer=4)
    play(hand, "7♥")
    (follow,) = [r for r in hand.requirements(1, Card.parse("K♥"))]
    assert follow.rule.id == "sheepshead.partner.must-play-called-ace"
    assert follow.forbidden == Card.parse("A♥").bit  # a later A♥ from seat 2 proves it


# ---------------------------------------------------------------------------
# Picker rules
# ---------------------------------------------------------------------------

PICKER_KEEPS = [
    ("K♠ K♥ 10♥", "No", "K♥ 10♥", "Only 1 spade, can't play it"),
    ("K♠ 10♠ 10♥", "No", ALL, "2 spades, can play one"),
    ("K♠ K♥ 10♥", "Yes", ALL, "Suit has been led, no restriction"),
]


def _spades_led_once(hand: SheepsheadHand) -> None:
    """Trick 1: seat 0 leads spades, seat 3 wins with the called A♠ and leads clubs."""
    play(hand, "7♠", "8♠", "9♠", "A♠", "7♣")
    play(hand, "8♣", "9♣", "Q♣", "J♣")


@pytest.mark.parametrize(
    ("held", "suit_led", "playable", "notes"),
    [
        pytest.param(
            *row, id=f"{row[0]}, spades called, led before: {row[1]} -> {row[2]} ({row[3]})"
        )
        for row in PICKER_KEEPS
    ],
)
def test_picker_keeps_a_called_suit_card_until_led(held, suit_led, playable, notes):
    hand = start(Call("ace", Card.parse("A♠")), picker=2, dealer=4)
    if suit_led == "Yes":
        _spades_led_once(hand)
    else:
        play(hand, "8♣", "9♣")  # clubs led; the picker cannot follow
    assert hand.to_act == 2
    assert_playable(hand, 2, held, playable)


def test_throwing_away_the_hold_card_names_the_rule():
    hand = start(Call("ace", Card.parse("A♠")), picker=2, dealer=4)
    play(hand, "8♣", "9♣")
    held = mask("K♠ K♥ 10♥")
    assert broken(hand, 2, held, Card.parse("K♠")) == ["sheepshead.picker.keep-called-suit"]


PICKER_LEADS = [
    ("K♠ K♥ Q♣", "No", "Can lead spade (draws out ace)"),
    ("K♠ 10♠ Q♣", "No", "Can lead either spade"),
    ("K♠ K♥ Q♣", "Yes", "Suit already led, no restriction"),
]


@pytest.mark.parametrize(
    ("held", "suit_led", "notes"),
    [
        pytest.param(*row, id=f"{row[0]}, spades called, led before: {row[1]} -> All ({row[2]})")
        for row in PICKER_LEADS
    ],
)
def test_picker_can_always_lead_the_called_suit(held, suit_led, notes):
    hand = start(Call("ace", Card.parse("A♠")))  # the picker, seat 0, leads
    if suit_led == "Yes":
        play(hand, "10♠", "A♠", "7♠", "8♠", "9♠")  # seat 1 wins with the called ace
        play(hand, "7♦", "8♦", "9♦", "K♦", "Q♦")  # the picker wins and leads again
    assert hand.to_act == 0
    assert_playable(hand, 0, held, ALL)


# ---------------------------------------------------------------------------
# Under call
# ---------------------------------------------------------------------------

TRUMP_FILL = "Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦"
UNDER_REQUIRED = [
    ("K♥ 10♥ 9♠", "Yes (hearts or spades)", {"H", "S"}, set(), "Has hearts without ace"),
    ("A♥ K♥ 9♠", "Yes (spades)", {"S"}, set(), "Has spades without ace"),
    ("A♥ A♠", "No", set(), {"C"}, "All fail suits have their aces"),
    ("A♥", "No", set(), {"S", "C"}, "Only fail suit has its ace"),
]


def _eight(fail: str) -> int:
    fail_cards = parse_cards(fail)
    return mask_of(fail_cards + parse_cards(TRUMP_FILL)[: 8 - len(fail_cards)])


def _suits(calls, value: str) -> set[str]:
    return {call.card.suit.letter for call in calls if call.value == value}


@pytest.mark.parametrize(
    ("fail", "normally", "normal", "under", "reason"),
    [
        pytest.param(
            *row, id=f"{row[0]}: normally {row[1]}, under {sorted(row[3]) or 'no'} ({row[4]})"
        )
        for row in UNDER_REQUIRED
    ],
)
def test_when_under_is_required(fail, normally, normal, under, reason):
    hand = _eight(fail)
    calls = legal_calls(hand)
    assert _suits(calls, "ace") == normal
    assert _suits(calls, "under") == under
    assert under_required(hand) == bool(under)
    assert {ACE[suit].suit.letter for suit in normal_suits(hand)} == normal


UNDER_MUST_PLAY = [
    ("Called suit led", "Clubs", "7♦", "Must play under card", "7♦"),
    ("Different suit led", "Spades", "7♦", "Normal play rules", "A♥ Q♠"),
    ("Under card already played", "Clubs", "(played earlier)", "Normal following suit", ALL),
]


@pytest.mark.parametrize(
    ("scenario", "lead_suit", "under", "notes", "playable"),
    [
        pytest.param(*row, id=f"{row[0]}: {row[1]} led, under {row[2]} -> {row[3]}")
        for row in UNDER_MUST_PLAY
    ],
)
def test_under_card_must_be_played(scenario, lead_suit, under, notes, playable):
    hand = start(Call("under", Card.parse("A♣"), Card.parse("7♦")), picker=2, dealer=4)
    if under == "(played earlier)":
        play(hand, "8♣", "9♣", "7♦", "A♣", "7♥")  # seat 3 wins with the called ace
        play(hand, "10♣", "8♥", "K♣", "9♥")  # seat 3 leads clubs again; the picker plays last
        held = "A♥ Q♠"
    else:
        play(hand, "8♣" if lead_suit == "Clubs" else "8♠", "9♥")
        held = "7♦ A♥ Q♠"
    assert hand.to_act == 2
    assert_playable(hand, 2, held, playable)


def test_under_rules_name_their_rules():
    hand = start(Call("under", Card.parse("A♣"), Card.parse("7♦")), picker=2, dealer=4)
    play(hand, "8♠", "9♥")
    held = mask("7♦ A♥ Q♠")
    assert broken(hand, 2, held, Card.parse("7♦")) == ["sheepshead.under.keep-under"]
    hand = start(Call("under", Card.parse("A♣"), Card.parse("7♦")), picker=2, dealer=4)
    play(hand, "8♣", "9♣")
    assert broken(hand, 2, held, Card.parse("A♥")) == ["sheepshead.under.must-play-under"]


UNDER_CANNOT_WIN = [
    ("Clubs", "K♣ 7♦ A♣ 10♣ 9♣", "7♦", "K♣ A♣ 10♣ 9♣", "A♣", "7♦ excluded despite being trump"),
    (
        "Hearts",
        "10♥ Q♠ A♥ K♥ 9♥",
        "Q♠",
        "10♥ A♥ K♥ 9♥",
        "A♥",
        "Q♠ excluded despite being highest trump",
    ),
    (
        "Spades",
        "10♠ Q♣ A♠ K♠ J♦",
        "Q♣",
        "10♠ A♠ K♠ J♦",
        "J♦",
        "Q♣ (highest trump!) excluded; J♦ wins",
    ),
]


@pytest.mark.parametrize(
    ("called_suit", "trick", "under", "eligible", "winner", "notes"),
    [
        pytest.param(*row, id=f"{row[0]} called: {row[1]}, under {row[2]} -> {row[4]} ({row[5]})")
        for row in UNDER_CANNOT_WIN
    ],
)
def test_under_card_cannot_win(called_suit, trick, under, eligible, winner, notes):
    called = ACE[Card.parse(trick.split()[0]).suit]
    hand = start(Call("under", called, Card.parse(under)), picker=1, dealer=4)  # seat 0 leads
    assert hand.ineligible_to_win() == 0
    play(hand, *trick.split())
    done = hand.tricks[0]
    assert done.card_of(done.winner) == Card.parse(winner)
    cards = parse_cards(trick)
    assert TABLE.winner(cards, Card.parse(under).bit) == cards.index(Card.parse(winner))
    contenders = [c for c in cards if c != Card.parse(under)]
    assert set(contenders) == set(parse_cards(eligible))


def test_unrecorded_under_card_is_the_pickers_card_on_the_called_lead():
    hand = start(Call("under", Card.parse("A♣")), picker=1, dealer=4)
    play(hand, "K♣", "Q♠", "A♣", "10♣", "9♣")
    assert hand.under == Card.parse("Q♠")
    assert hand.tricks[0].winner == 2


def test_under_call_example():
    calls = legal_calls(mask("Q♣ J♥ J♦ A♥ A♠ 7♦ 8♦ 9♦"))
    assert {call.value for call in calls} == {"under", "alone"}
    assert {call.card for call in calls if call.card} == {Card.parse("A♣")}
    assert Call("under", Card.parse("A♣"), Card.parse("7♦")) in calls
    # When clubs is led the picker plays 7♦, which cannot win; A♣ reveals the partner.
    hand = _under_hand()
    play(hand, "8♣", "9♣")
    assert_playable(hand, 2, "Q♣ J♥ J♦ A♥ A♠ 7♦", "7♦")
    with pytest.raises(ResultError, match="partner is not known"):
        find_partner(hand)
    play(hand, "7♦", "A♣", "7♥")
    assert hand.tricks[0].winner == 3
    assert find_partner(hand) == 3


# ---------------------------------------------------------------------------
# Call 10
# ---------------------------------------------------------------------------

CALL_TEN_WHEN = [
    ("0, 1, or 2 aces", "A♥ A♠ K♣", {"ace"}, "Call an ace"),
    ("0, 1, or 2 aces", "A♥ A♠", {"under"}, "Call an ace"),
    ("0, 1, or 2 aces", "K♥", {"ace"}, "Call an ace"),
    ("All 3 aces", "A♥ A♠ A♣", {"ten"}, "Must call a 10 they don't have"),
    ("All 3 aces + all 3 tens", "A♥ A♠ A♣ 10♥ 10♠ 10♣", set(), "No valid card to call"),
]


@pytest.mark.parametrize(
    ("aces", "fail", "kinds", "notes"),
    [
        pytest.param(*row, id=f"{row[0]} ({row[1]}) -> {sorted(row[2]) or ['alone']}: {row[3]}")
        for row in CALL_TEN_WHEN
    ],
)
def test_when_call_ten_is_required(aces, fail, kinds, notes):
    calls = legal_calls(_eight(fail))
    assert {call.value for call in calls} == kinds | {"alone"}


def test_call_ten_example():
    calls = legal_calls(mask("Q♣ J♥ A♥ A♠ A♣ 7♦ 8♦ 9♦"))
    assert set(calls) == {
        Call("ten", TEN[s])
        for s in (Card.parse("10♥").suit, Card.parse("10♠").suit, Card.parse("10♣").suit)
    } | {Call("alone")}
    # When hearts is led the picker follows with A♥; 10♥ reveals the partner.
    hand = _ten_hand()
    play(hand, "7♥", "9♥")
    assert_playable(hand, 2, "Q♣ J♥ A♥ A♠ A♣ 7♦", "A♥")
    with pytest.raises(ResultError, match="partner is not known"):
        find_partner(hand)
    play(hand, "A♥", "10♥", "8♥")
    assert find_partner(hand) == 3


def _ten_hand() -> SheepsheadHand:
    return start(Call("ten", Card.parse("10♥")), picker=2, dealer=4)


def _under_hand() -> SheepsheadHand:
    return start(Call("under", Card.parse("A♣"), Card.parse("7♦")), picker=2, dealer=4)


COMPARISON = [
    ("Condition", "All fail suits have their aces", "Have all 3 fail aces"),
    ("Called card", "Ace (of suit with no cards)", "10 (of suit without the 10)"),
    ("Under card needed?", "Yes", "No"),
    ("Following called suit", "Play under card", "Play ace normally"),
    ("Partner", "Has called ace", "Has called 10"),
]


@pytest.mark.parametrize(
    ("aspect", "under", "ten"),
    [pytest.param(*row, id=f"{row[0]}: under {row[1]} / call 10 {row[2]}") for row in COMPARISON],
)
def test_call_ten_against_under(aspect, under, ten):
    if aspect == "Condition":
        assert {c.value for c in legal_calls(_eight("A♥ A♠"))} == {"under", "alone"}
        assert {c.value for c in legal_calls(_eight("A♥ A♠ A♣"))} == {"ten", "alone"}
    elif aspect == "Called card":
        assert {c.card for c in legal_calls(_eight("A♥ A♠")) if c.card} == {Card.parse("A♣")}
        assert {c.card for c in legal_calls(_eight("A♥ A♠ A♣ 10♠"))} == {
            Card.parse("10♥"),
            Card.parse("10♣"),
            None,
        }
    elif aspect == "Under card needed?":
        unders = [c for c in legal_calls(_eight("A♥ A♠")) if c.value == "under"]
        assert unders and all(c.under is not None for c in unders)
        tens = [c for c in legal_calls(_eight("A♥ A♠ A♣")) if c.value == "ten"]
        assert tens and all(c.under is None for c in tens)
    elif aspect == "Following called suit":
        hand = _under_hand()
        play(hand, "8♣", "9♣")
        assert_playable(hand, 2, "7♦ A♥ A♠ Q♣", "7♦")
        hand = _ten_hand()
        play(hand, "7♥", "9♥")
        assert_playable(hand, 2, "A♥ A♠ A♣ Q♣", "A♥")
    else:
        hand = _under_hand()
        play(hand, "8♣")
        assert_playable(hand, 1, "A♣ K♣ 8♥", "A♣")
        play(hand, "A♣", "7♦", "9♣", "7♥")
        assert find_partner(hand) == 1
        hand = _ten_hand()
        play(hand, "7♥")
        assert_playable(hand, 1, "10♥ K♥ 8♣", "10♥")
        play(hand, "10♥", "A♥", "9♥", "8♥")
        assert find_partner(hand) == 1


# ---------------------------------------------------------------------------
# Points
# ---------------------------------------------------------------------------

POINTS = [
    ("A♥ A♠ A♣", 33, "11 × 3"),
    ("10♥ 10♠ 10♣ 10♦", 40, "10 × 4"),
    ("Q♣ Q♠ J♣ J♠", 10, "3 + 3 + 2 + 2"),
    ("7♥ 8♥ 9♥ 7♠ 8♠ 9♠", 0, "All zero-point cards"),
    ("K♥ K♠ K♣ K♦", 16, "4 × 4"),
    ("A♦ 10♦ K♦ Q♦ J♦", 30, "11 + 10 + 4 + 3 + 2"),
]


@pytest.mark.parametrize(
    ("won", "points", "notes"),
    [pytest.param(*row, id=f"{row[0]} = {row[1]} ({row[2]})") for row in POINTS],
)
def test_points_calculation(won, points, notes):
    assert card_points(mask(won)) == points
