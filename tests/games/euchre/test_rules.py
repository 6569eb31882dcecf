"""The kata's rules and every number of the rules of record (Euchre), one test each."""

from __future__ import annotations

import random

import pytest

from scorekeeper.cards import EUCHRE_DECK, Card, Rank, Suit, parse_cards
from scorekeeper.games import get_game
from scorekeeper.games.base import TRUMP
from scorekeeper.games.euchre.tables import TABLES
from tests.told import words

GAME = get_game("euchre")


def _ranking(trump: Suit, suit: int) -> list[str]:
    """The cards of an effective suit, strongest first, under ``trump``."""
    table = TABLES[trump]
    cards = [c for c in EUCHRE_DECK if table.suit_of[c] == suit]
    return [str(c) for c in sorted(cards, key=lambda c: -table.strength[c])]


# -- the deck and the deal ------------------------------------------------------


def test_24_cards_9_10_j_q_k_a_of_four_suits():
    assert len(GAME.deck) == 24
    assert {card.rank for card in GAME.deck} == {Rank(r) for r in range(9, 15)}
    assert {card.suit for card in GAME.deck} == set(Suit)


@pytest.mark.parametrize(
    ("what", "expected"),
    [
        pytest.param("seats", 4, id="four players"),
        pytest.param("sides", ((0, 2), (1, 3)), id="partners sit opposite: (0, 2) and (1, 3)"),
    ],
)
def test_table(what, expected):
    value = GAME.seats if what == "seats" else GAME.sides(GAME.settings())
    assert value == expected


@pytest.mark.parametrize("dealer", range(4))
def test_deal_five_each_two_then_three_from_left_of_dealer_four_to_the_kitty(dealer):
    rng = random.Random(dealer)
    events = GAME.deal(rng, GAME.settings(), dealer)
    shuffled = list(EUCHRE_DECK)
    random.Random(dealer).shuffle(shuffled)
    deals = [e for e in events if e.kind == "deal"]
    assert [e.seat for e in deals] == [(dealer + step) % 4 for step in range(1, 5)]
    for position, event in enumerate(deals):
        first = shuffled[2 * position : 2 * position + 2]
        second = shuffled[8 + 3 * position : 8 + 3 * position + 3]
        assert list(event.cards) == first + second
    dealt = {card for e in deals for card in e.cards}
    kitty = set(EUCHRE_DECK) - dealt
    assert len(dealt) == 20 and len(kitty) == 4
    assert events[-1].kind == "upcard" and events[-1].card == shuffled[20]


def test_counts_start_at_five_and_the_dealer_holds_six_after_picking_up():
    state = GAME.new_hand(GAME.settings(), 0)
    for event in GAME.deal(random.Random(1), GAME.settings(), 0):
        state.apply(event)
    assert state.counts == [5, 5, 5, 5]
    state.apply(next(e for e in state.legal_events() if e.kind == "order_up"))
    assert state.counts == [6, 5, 5, 5]
    state.apply(state.legal_events()[0])
    assert state.counts == [5, 5, 5, 5]


# -- trump and the bowers (the kata's "Right and Left Bars") ----------------------

HEARTS_TRUMP = ["J♥", "J♦", "A♥", "K♥", "Q♥", "10♥", "9♥"]


@pytest.mark.parametrize(
    ("position", "card"),
    [
        pytest.param(0, "J♥", id="Jack of Hearts: the right bar, highest"),
        pytest.param(1, "J♦", id="Jack of Diamonds: the left bar, same colour"),
        pytest.param(2, "A♥", id="Ace of Hearts"),
        pytest.param(3, "K♥", id="King of Hearts"),
        pytest.param(4, "Q♥", id="Queen of Hearts"),
        pytest.param(5, "10♥", id="10 of Hearts"),
        pytest.param(6, "9♥", id="9 of Hearts: lowest"),
    ],
)
def test_kata_example_hearts_trump_ranking(position, card):
    assert _ranking(Suit.HEARTS, TRUMP)[position] == card
    assert len(_ranking(Suit.HEARTS, TRUMP)) == 7


@pytest.mark.parametrize(
    ("trump", "expected"),
    [
        pytest.param(Suit.CLUBS, "J♣ J♠ A♣ K♣ Q♣ 10♣ 9♣", id="clubs trump: left bower J♠"),
        pytest.param(Suit.SPADES, "J♠ J♣ A♠ K♠ Q♠ 10♠ 9♠", id="spades trump: left bower J♣"),
        pytest.param(Suit.HEARTS, "J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥", id="hearts trump: left bower J♦"),
        pytest.param(Suit.DIAMONDS, "J♦ J♥ A♦ K♦ Q♦ 10♦ 9♦", id="diamonds trump: left bower J♥"),
    ],
)
def test_trump_high_to_low_right_bower_left_bower_a_k_q_10_9(trump, expected):
    assert " ".join(_ranking(trump, TRUMP)) == expected


@pytest.mark.parametrize(
    ("trump", "suit", "expected"),
    [
        pytest.param(
            Suit.HEARTS, Suit.CLUBS, "A♣ K♣ Q♣ J♣ 10♣ 9♣", id="clubs, hearts trump: A K Q J 10 9"
        ),
        pytest.param(
            Suit.HEARTS, Suit.SPADES, "A♠ K♠ Q♠ J♠ 10♠ 9♠", id="spades, hearts trump: A K Q J 10 9"
        ),
        pytest.param(
            Suit.HEARTS,
            Suit.DIAMONDS,
            "A♦ K♦ Q♦ 10♦ 9♦",
            id="diamonds, hearts trump: no jack, it is the left bower",
        ),
        pytest.param(
            Suit.CLUBS, Suit.HEARTS, "A♥ K♥ Q♥ J♥ 10♥ 9♥", id="hearts, clubs trump: A K Q J 10 9"
        ),
    ],
)
def test_other_suits_a_k_q_j_10_9(trump, suit, expected):
    assert " ".join(_ranking(trump, suit)) == expected


@pytest.mark.parametrize("trump", list(Suit), ids=lambda s: f"{s.name.lower()} trump")
def test_the_left_bower_belongs_to_trump_for_following_and_leading(trump):
    table = TABLES[trump]
    left = Card.of(Rank.JACK, trump.same_colour)
    assert table.suit_of[left] == TRUMP
    assert not table.suit_mask[trump.same_colour] >> left & 1


# -- trick winners (the kata's "Lead Suit" and "Winning Tricks") --------------------


@pytest.mark.parametrize(
    ("trump", "cards", "winner"),
    [
        pytest.param(
            Suit.HEARTS, "A♠ K♠ Q♠ 9♠", 0, id="A♠ K♠ Q♠ 9♠ -> A♠: highest of the lead suit"
        ),
        pytest.param(
            Suit.HEARTS, "9♠ A♠ K♠ Q♠", 1, id="9♠ A♠ K♠ Q♠ -> A♠: the lead card need not win"
        ),
        pytest.param(
            Suit.HEARTS, "A♠ 9♥ K♠ Q♠", 1, id="A♠ 9♥ K♠ Q♠ -> 9♥: trump beats the lead suit"
        ),
        pytest.param(Suit.HEARTS, "A♠ 9♥ 10♥ K♠", 2, id="A♠ 9♥ 10♥ K♠ -> 10♥: higher trump wins"),
        pytest.param(
            Suit.HEARTS, "A♠ A♥ J♦ K♠", 2, id="A♠ A♥ J♦ K♠ -> J♦: left bower beats the ace of trump"
        ),
        pytest.param(
            Suit.HEARTS, "A♠ J♦ J♥ K♠", 2, id="A♠ J♦ J♥ K♠ -> J♥: right bower beats the left bower"
        ),
        pytest.param(
            Suit.HEARTS, "9♠ A♣ A♦ 10♠", 3, id="9♠ A♣ A♦ 10♠ -> 10♠: off-suit aces never win"
        ),
        pytest.param(
            Suit.HEARTS,
            "J♦ A♦ K♦ Q♦",
            0,
            id="J♦ A♦ K♦ Q♦ -> J♦: leading the left bower leads trump",
        ),
        pytest.param(
            Suit.HEARTS,
            "10♦ J♦ A♦ 9♦",
            1,
            id="10♦ J♦ A♦ 9♦ -> J♦: the jack of a same-colour lead is trump",
        ),
        pytest.param(
            Suit.HEARTS,
            "K♣ J♣ Q♣ 9♣",
            0,
            id="K♣ J♣ Q♣ 9♣ -> K♣: a plain jack ranks below the queen",
        ),
        pytest.param(
            Suit.HEARTS, "Q♥ A♠ A♣ J♣", 0, id="Q♥ A♠ A♣ J♣ -> Q♥: trump led, the lead suit is trump"
        ),
        pytest.param(Suit.SPADES, "A♠ J♣ K♠ Q♠", 1, id="A♠ J♣ K♠ Q♠ -> J♣: left bower of spades"),
    ],
)
def test_trick_winner(trump, cards, winner):
    assert TABLES[trump].winner(parse_cards(cards)) == winner


# -- scoring numbers of record ------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "points"),
    [
        pytest.param({"makers": 0, "tricks": 3}, (1, 0), id="makers 3 tricks: 1 point"),
        pytest.param({"makers": 1, "tricks": 4}, (0, 1), id="makers 4 tricks: 1 point"),
        pytest.param({"makers": 0, "tricks": 5}, (2, 0), id="makers all 5 tricks (march): 2"),
        pytest.param({"makers": 1, "tricks": 5, "alone": True}, (0, 4), id="alone and all 5: 4"),
        pytest.param({"makers": 0, "tricks": 3, "alone": True}, (1, 0), id="alone 3 tricks: 1"),
        pytest.param({"makers": 0, "tricks": 4, "alone": True}, (1, 0), id="alone 4 tricks: 1"),
        pytest.param(
            {"makers": 0, "tricks": 2},
            (0, 2),
            id="makers held under 3 (euchred, 2 tricks): 2 to the defenders",
        ),
        pytest.param(
            {"makers": 1, "tricks": 0}, (2, 0), id="euchred with no trick: 2 to the defenders"
        ),
        pytest.param(
            {"makers": 0, "tricks": 1, "alone": True},
            (0, 2),
            id="lone maker euchred: 2 to the defenders",
        ),
        pytest.param(
            {"makers": 0, "renege": 1, "tricks": 5}, (2, 0), id="renege: the other side scores 2"
        ),
        pytest.param(
            {"makers": 0, "renege": 1, "tricks": 1, "alone": True},
            (4, 0),
            id="renege against a loner: 4",
        ),
        pytest.param(
            {"makers": 0, "renege": 0, "tricks": 5, "alone": True},
            (0, 2),
            id="renege by the loner: 2 to the defenders",
        ),
    ],
)
def test_hand_points(data, points):
    assert GAME.quick_outcome(GAME.settings(), 0, data).points == points


@pytest.mark.parametrize(
    ("data", "points"),
    [
        pytest.param(
            {"makers": 0, "tricks": 2, "alone": True, "defender_alone": True},
            (0, 4),
            id="euchred by a lone defender: 4 (defend alone on)",
        ),
        pytest.param(
            {"makers": 0, "tricks": 2, "alone": True},
            (0, 2),
            id="euchred, partners defending: 2 (defend alone on)",
        ),
        pytest.param(
            {"makers": 0, "tricks": 5, "alone": True, "defender_alone": True},
            (4, 0),
            id="loner marches against a lone defender: 4",
        ),
        pytest.param(
            {"makers": 1, "renege": 1, "tricks": 2, "alone": True, "defender_alone": True},
            (4, 0),
            id="renege against a lone defender: 4",
        ),
    ],
)
def test_defend_alone_points(data, points):
    settings = GAME.settings(defend_alone=True)
    assert GAME.quick_outcome(settings, 0, data).points == points


def test_renege_with_the_replay_option_scores_nothing_and_says_so():
    settings = GAME.settings(renege="replay")
    outcome = GAME.quick_outcome(settings, 0, {"makers": 0, "renege": 1})
    assert outcome.points == (0, 0)
    assert outcome.penalty is not None
    assert "replayed" in words(outcome.summary) and "replayed" in words(outcome.penalty)


@pytest.mark.parametrize(
    ("options", "target"),
    [
        pytest.param({}, 10, id="game to 10 (standard)"),
        pytest.param({"target": 5}, 5, id="game to 5 (house option)"),
        pytest.param({"target": 11}, 11, id="game to 11 (house option)"),
    ],
)
def test_game_ends_at_the_target(options, target):
    settings = GAME.settings(**options)
    tally = GAME.new_tally(settings)
    one = GAME.quick_outcome(settings, 0, {"makers": 1, "tricks": 3})
    for hand in range(target - 1):
        score = tally.add(one)
        assert not score.game_over, hand
    score = tally.add(one)
    assert score.game_over and score.winners == (1,) and score.totals == (0, target)


def test_presets_and_house_options():
    assert GAME.preset_ids == ("standard", "kata") and GAME.default_preset == "standard"
    ids = {option.id: option for option in GAME.options}
    assert set(ids) == {"stick_the_dealer", "defend_alone", "target", "renege"}
    assert ids["target"].choices == (10, 5, 11) and ids["target"].default == 10
    assert all(option.explanation for option in GAME.options)


def test_every_rule_id_is_euchre_or_the_table_and_reads_plainly():
    for rule in GAME.rules:
        assert rule.id.startswith(("euchre.", "table.")) and rule.title and rule.text
    assert not GAME.rules["euchre.play.follow-suit"].refuses
    for rule_id in ("euchre.bidding.second-round", "euchre.bidding.alone", "euchre.play.sits-out"):
        assert GAME.rules[rule_id].refuses
