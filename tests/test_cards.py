import pytest

from scorekeeper.cards import (
    EUCHRE_DECK,
    FULL_DECK,
    PIQUET_DECK,
    Card,
    CardError,
    Rank,
    Suit,
    cards_in,
    mask_of,
    parse_cards,
)

QUEEN_OF_CLUBS = Card.of(Rank.QUEEN, Suit.CLUBS)
TEN_OF_HEARTS = Card.of(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("QC", QUEEN_OF_CLUBS),
        ("qc", QUEEN_OF_CLUBS),
        ("Q♣", QUEEN_OF_CLUBS),
        ("  qC ", QUEEN_OF_CLUBS),
        ("10h", TEN_OF_HEARTS),
        ("Th", TEN_OF_HEARTS),
        ("10♥", TEN_OF_HEARTS),
        ("t♥", TEN_OF_HEARTS),
        ("2s", Card.of(Rank.TWO, Suit.SPADES)),
        ("AD", Card.of(Rank.ACE, Suit.DIAMONDS)),
    ],
    ids=lambda value: str(value),
)
def test_parse_every_notation(text, expected):
    assert Card.parse(text) is expected


@pytest.mark.parametrize("text", ["1x", "", "Q", "11h", "QX", "10", "♣Q", "1O H"])
def test_bad_notation_names_the_text_and_what_was_expected(text):
    with pytest.raises(CardError) as error:
        Card.parse(text)
    assert repr(text) in str(error.value)
    assert "expected a rank (A K Q J 10 9 … 2) and a suit (C D H S or ♣ ♦ ♥ ♠)" in str(error.value)


def test_one_object_per_card_and_printing_with_symbols():
    assert Card.parse("qc") is Card.parse("Q♣")
    assert str(TEN_OF_HEARTS) == "10♥"
    assert TEN_OF_HEARTS.code == "10H"
    assert {Card.parse(card.code) for card in FULL_DECK} == set(FULL_DECK)
    assert all(Card.parse(str(card)) is card for card in FULL_DECK)


def test_cards_are_immutable():
    with pytest.raises(AttributeError):
        QUEEN_OF_CLUBS.rank = Rank.KING  # type: ignore[misc]


def test_deck_sizes():
    assert (len(PIQUET_DECK), len(EUCHRE_DECK), len(FULL_DECK)) == (32, 24, 52)
    assert len(set(FULL_DECK)) == 52


def test_masks_round_trip():
    cards = parse_cards("QC 10h, th 2s")
    assert list(cards_in(mask_of(cards))) == sorted(set(cards))


def test_every_card_is_truthy_even_the_two_of_clubs_at_index_0():
    assert int(Card.parse("2c")) == 0
    assert all(FULL_DECK)
