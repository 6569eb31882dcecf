"""California Jack, first to ten: every item of the spec and every number of the rules of
record, the play and draw rules with their rule ids, and the known-card bookkeeping."""

from __future__ import annotations

import itertools
import random

import pytest

from scorekeeper.adjudicator import HandLog, Refused
from scorekeeper.cards import FULL_DECK, Card, Rank, Suit, mask_of, parse_cards
from scorekeeper.events import Event, play
from scorekeeper.games import get_game
from scorekeeper.games.california_jack.hand import HONOUR_MASKS, TABLES
from scorekeeper.games.california_jack.scoring import card_points
from scorekeeper.match import HandRecord
from scorekeeper.playout import hidden
from scorekeeper.rules_help import game_help
from tests.games.check_support import check_file, rulings
from tests.told import said, words

GAME = get_game("california_jack")
SETTINGS = GAME.settings()
C = Card.parse

# seat 0 leads (seat 1 deals); spades are trump (the 5♠ lies face up under the pile)
HAND_0 = "A♥ 7♦ K♥ 3♣ 4♣ 9♠"
HAND_1 = "10♥ 2♥ 8♦ 6♣ J♠ 2♠"
TRUMP_CARD = "5♠"


def start(hand_0=HAND_0, hand_1=HAND_1, trump=TRUMP_CARD, dealer=1, known=True):
    state = GAME.new_hand(SETTINGS, dealer)
    if known:
        state.apply(Event("deal", seat=0, cards=parse_cards(hand_0)))
        state.apply(Event("deal", seat=1, cards=parse_cards(hand_1)))
    state.apply(Event("trump_card", card=C(trump)))
    return state


def record(state, *events):
    """Apply events that must be accepted (no refusing violation)."""
    for event in events:
        refusing = [v for v in state.check(event) if v.rule.refuses]
        assert not refusing, (event, refusing)
        state.apply(event)
    return state


def rule_ids(state, event):
    return [v.rule.id for v in state.check(event)]


def follow_rulings(state, seat, card):
    """Rulings on a play from the requirements against the seat's known hand."""
    hand = state.hands[seat]
    return [r.rule.id for r in state.requirements(seat, C(card)) if r.forbidden & hand] + [
        r.rule.id for r in state.requirements(seat, C(card)) if r.broken_by and r.broken_by(hand)
    ]


def trick_winner(trump: Suit, cards: str) -> Card:
    played = parse_cards(cards)
    return played[TABLES[trump].winner(played)]


# -- 1. Card design ------------------------------------------------------------


def test_a_standard_52_card_deck_no_jokers():
    assert GAME.deck == FULL_DECK
    assert len(set(GAME.deck)) == 52
    assert {card.rank for card in GAME.deck} == set(Rank)


@pytest.mark.parametrize("trump", list(Suit), ids=[s.name.lower() for s in Suit])
def test_trump_suit_is_the_suit_of_the_bottom_card_of_the_deck(trump):
    card = Card.of(Rank.SEVEN, trump)
    state = GAME.new_hand(SETTINGS, 0)
    state.apply(Event("trump_card", card=card))
    assert state.trump == trump and state.table is TABLES[trump]


RANKS_LOW_TO_HIGH = list(Rank)


@pytest.mark.parametrize(
    ("low", "high"),
    [
        pytest.param(low, high, id=f"{high.label} beats {low.label} of the suit led")
        for low, high in itertools.pairwise(RANKS_LOW_TO_HIGH)
    ],
)
def test_trick_rank_order_2_low_to_a_high(low, high):
    lead, follow = Card.of(low, Suit.HEARTS), Card.of(high, Suit.HEARTS)
    for trump in (Suit.CLUBS, Suit.HEARTS):  # the same order in a plain suit and in trump
        assert trick_winner(trump, f"{lead} {follow}") == follow
        assert trick_winner(trump, f"{follow} {lead}") == follow


@pytest.mark.parametrize(
    ("rank", "points"),
    [
        pytest.param(Rank.TEN, 10, id="10 = 10 points"),
        pytest.param(Rank.ACE, 4, id="A = 4 points"),
        pytest.param(Rank.KING, 3, id="K = 3 points"),
        pytest.param(Rank.QUEEN, 2, id="Q = 2 points"),
        pytest.param(Rank.JACK, 1, id="J = 1 point"),
        *[pytest.param(Rank(r), 0, id=f"{r} = 0 points (2–9 except 10)") for r in range(2, 10)],
    ],
)
def test_scoring_values_game_points(rank, points):
    for suit in Suit:
        assert card_points(Card.of(rank, suit)) == points
        assert TABLES[Suit.SPADES].points[Card.of(rank, suit)] == points


def test_the_deck_holds_80_card_points():
    assert sum(card_points(card) for card in FULL_DECK) == 80


@pytest.mark.parametrize(
    ("flag", "rank"),
    [
        pytest.param("high", Rank.ACE, id="High = Ace of trump, 1 point"),
        pytest.param("low", Rank.TWO, id="Low = 2 of trump, 1 point"),
        pytest.param("jack", Rank.JACK, id="Jack = Jack of trump, 1 point"),
    ],
)
@pytest.mark.parametrize("trump", list(Suit), ids=[s.name.lower() for s in Suit])
def test_bonus_flags_are_that_exact_card_in_the_trump_suit(flag, rank, trump):
    assert HONOUR_MASKS[trump] >> Card.of(rank, trump) & 1
    for other in Suit:
        if other != trump:
            assert not HONOUR_MASKS[trump] >> Card.of(rank, other) & 1
    assert HONOUR_MASKS[trump].bit_count() == 3


# -- 2. Dealing -------------------------------------------------------------------


def test_players_exactly_2():
    assert GAME.seats == 2
    assert GAME.sides(SETTINGS) == ((0,), (1,))
    with pytest.raises(ValueError, match="dealer 2 is not a seat"):
        GAME.new_hand(SETTINGS, 2)


@pytest.mark.parametrize("dealer", [0, 1])
def test_initial_hand_6_cards_each_bottom_card_is_trump_rest_is_the_draw_pile(dealer):
    events = GAME.deal(random.Random(dealer), SETTINGS, dealer)
    deals = [e for e in events if e.kind == "deal" and e.seat is not None]
    assert [e.seat for e in deals] == [1 - dealer, dealer]
    assert all(len(e.cards) == 6 for e in deals)
    pile = next(e.cards for e in events if e.kind == "deal" and e.seat is None)
    assert len(pile) == 40
    assert events[-1] == Event("trump_card", card=pile[-1])
    assert mask_of(pile) | mask_of(deals[0].cards) | mask_of(deals[1].cards) == GAME.deck_mask
    state = GAME.new_hand(SETTINGS, dealer)
    record(state, *events)
    assert state.counts == [6, 6] and state.pile_left == 40
    assert state.phase == "play" and state.to_act == 1 - dealer


def test_counts_start_at_six_with_hands_unknown():
    state = start(known=False)
    assert state.counts == [6, 6] and state.hands == [None, None]


@pytest.mark.parametrize(
    ("event", "evidence"),
    [
        pytest.param(
            Event("deal", seat=0, cards=parse_cards("AH 7D KH 3C 4C")),
            "hand is 6 different cards, got A♥ 7♦ K♥ 3♣ 4♣",
            id="five cards is not six",
        ),
        pytest.param(
            Event("deal", seat=0, cards=parse_cards("AH 7D KH 3C 4C 4C")),
            "hand is 6 different cards, got",
            id="a card twice",
        ),
        pytest.param(
            Event("deal", seat=0, cards=parse_cards("AH 7D KH 3C 4C 5S")),
            "5♠ is the trump card",
            id="the trump card is not dealt",
        ),
        pytest.param(
            Event("deal", seat=0, cards=parse_cards("AH 7D KH 3C 4C 10H")),
            "10♥ dealt to Ben",
            id="a card of the other hand",
        ),
        pytest.param(
            Event("deal", seat=1, cards=parse_cards("AS KS QS 3S 4S 6S")),
            "Ben's hand is already on record",
            id="a hand recorded twice",
        ),
    ],
)
def test_a_dealt_hand_is_six_different_cards(event, evidence):
    state = GAME.new_hand(SETTINGS, 1)
    record(state, Event("deal", seat=1, cards=parse_cards(HAND_1)))
    record(state, Event("trump_card", card=C(TRUMP_CARD)))
    found = state.check(event)
    assert [v.rule.id for v in found][:1] == ["california_jack.deal.six-each"]
    assert any(evidence in line for v in found for line in said(v))


def test_a_hand_recorded_after_play_must_hold_the_cards_the_seat_played():
    state = start(known=False)
    record(state, play(0, "AH"), play(1, "10H"))
    found = state.check(Event("deal", seat=0, cards=parse_cards("KH 7D QH 3C 4C 9S")))
    assert "Ann played A♥, not among these" in said(found[0])
    wrong = state.check(Event("deal", seat=1, cards=parse_cards("AH 2H 8D 6C JS 2S")))
    assert any("Ann played A♥" in said(v) for v in wrong)
    assert state.check(Event("deal", seat=0, cards=parse_cards(HAND_0))) == []


@pytest.mark.parametrize(
    ("pile", "evidence"),
    [
        pytest.param("2C 3C", "draw pile is 40 different cards, got 2♣ 3♣", id="forty cards"),
        pytest.param(None, "the pile's last card is the trump card 5♠", id="trump card last"),
    ],
)
def test_a_pile_on_record_is_the_40_undealt_cards_trump_card_last(pile, evidence):
    state = start()
    if pile is None:
        rest = [c for c in FULL_DECK if c not in parse_cards(f"{HAND_0} {HAND_1}")]
        rest.remove(C(TRUMP_CARD))
        cards = (*rest[:-1], C(TRUMP_CARD), rest[-1])
    else:
        cards = parse_cards(pile)
    found = state.check(Event("deal", cards=cards))
    assert found and found[0].rule.id == "california_jack.deal.six-each"
    assert any(evidence in said(v)[0] for v in found)


@pytest.mark.parametrize(
    ("card", "evidence"),
    [
        pytest.param("AH", "A♥ dealt to Ann", id="a dealt card cannot be the trump card"),
        pytest.param(None, "no card was named", id="the trump card is named"),
    ],
)
def test_the_trump_card_is_the_bottom_card_of_the_undealt_deck(card, evidence):
    state = GAME.new_hand(SETTINGS, 1)
    record(state, Event("deal", seat=0, cards=parse_cards(HAND_0)))
    found = state.check(Event("trump_card", card=C(card) if card else None))
    assert [v.rule.id for v in found] == ["california_jack.deal.trump-card"]
    assert said(found[0]) == (evidence,)


def test_trump_is_fixed_once():
    state = start()
    assert rule_ids(state, Event("trump_card", card=C("7H"))) == ["table.wrong-phase"]


# -- 3. Game round: lead and follow -------------------------------------------------


def test_nothing_is_played_before_the_trump_card():
    state = GAME.new_hand(SETTINGS, 1)
    found = state.check(play(0, "AH"))
    assert [v.rule.id for v in found] == ["table.wrong-phase"]
    assert "record the trump card first" in said(found[0])[0]


@pytest.mark.parametrize("dealer", [0, 1])
def test_the_non_dealer_leads_the_first_trick(dealer):
    state = start(dealer=dealer)
    assert state.to_act == 1 - dealer
    found = state.check(play(dealer, "AH" if dealer == 0 else "10H"))
    assert [v.rule.id for v in found] == ["california_jack.play.lead"]
    assert "left of the dealer, leads the first trick" in said(found[0])[0]


@pytest.mark.parametrize("card", parse_cards(HAND_0), ids=str)
def test_the_current_leader_may_play_any_card(card):
    state = start()
    assert state.requirements(0, card) == ()
    assert state.legal_plays(0, state.hands[0]) == state.hands[0]
    assert state.check(play(0, card)) == []


@pytest.mark.parametrize(
    ("hand_1", "card", "ruling"),
    [
        pytest.param(HAND_1, "10♥", [], id="holds hearts, follows with 10♥: legal"),
        pytest.param(
            HAND_1,
            "8♦",
            ["california_jack.play.follow-suit", "california_jack.play.must-trump"],
            id="holds hearts, discards 8♦: must follow suit",
        ),
        pytest.param(
            HAND_1,
            "J♠",
            ["california_jack.play.follow-suit"],
            id="holds hearts, trumps with J♠: must follow suit first",
        ),
        pytest.param(
            "3D 8D 6C JS 2S 4D", "J♠", [], id="void in hearts, trumps with J♠: may play a trump"
        ),
        pytest.param(
            "3D 8D 6C JS 2S 4D",
            "8♦",
            ["california_jack.play.must-trump"],
            id="void in hearts, holds trump, discards 8♦: they may play a trump (must trump)",
        ),
        pytest.param(
            "3D 8D 6C 7C 8C 4D",
            "6♣",
            [],
            id="void in hearts and trump: if they have no trump, they may play any card",
        ),
    ],
)
def test_the_other_player_must_follow_suit_if_possible(hand_1, card, ruling):
    state = start(hand_1=hand_1)
    record(state, play(0, "AH"))
    assert follow_rulings(state, 1, card) == ruling
    legal = state.legal_plays(1, state.hands[1])
    assert bool(legal >> C(card) & 1) == (not ruling)


@pytest.mark.parametrize(
    ("card", "legal"),
    [
        pytest.param("J♠", True, id="trumping optional: void in hearts, trumps with J♠"),
        pytest.param("8♦", True, id="trumping optional: void in hearts, holds trump, discards 8♦"),
    ],
)
def test_house_option_trumping_optional_lets_a_void_player_discard(card, legal):
    settings = GAME.settings(trump_optional=True)
    state = GAME.new_hand(settings, 1)
    state.apply(Event("deal", seat=0, cards=parse_cards(HAND_0)))
    state.apply(Event("deal", seat=1, cards=parse_cards("3D 8D 6C JS 2S 4D")))
    state.apply(Event("trump_card", card=C(TRUMP_CARD)))
    record(state, play(0, "AH"))
    assert follow_rulings(state, 1, card) == []
    assert bool(state.legal_plays(1, state.hands[1]) >> C(card) & 1) == legal


def test_a_void_player_holding_trump_may_play_only_trump():
    state = start(hand_1="3D 8D 6C JS 2S 4D")
    record(state, play(0, "AH"))
    assert state.legal_plays(1, state.hands[1]) == mask_of(parse_cards("JS 2S"))
    record(state, play(1, "JS"))  # a trump led: follow trump, never the must-trump rule
    state = start(hand_1="3D 8D 6C JS 2S 4D")
    record(state, play(0, "9S"))
    assert follow_rulings(state, 1, "2S") == []
    assert [r.rule.id for r in state.requirements(1, C("3D"))] == [
        "california_jack.play.follow-suit"
    ]


def test_a_discard_holding_hearts_and_trump_breaks_both_rules_as_in_cutthroat_spades():
    state = start()  # seat 2 holds 10♥ 2♥ and J♠ 2♠
    record(state, play(0, "AH"))
    assert follow_rulings(state, 1, "8D") == [
        "california_jack.play.follow-suit",
        "california_jack.play.must-trump",
    ]


def test_must_trump_with_hidden_hands_is_proved_by_a_later_trump_like_a_renege():
    log = HandLog(GAME, SETTINGS, 1)
    for event in (Event("trump_card", card=C(TRUMP_CARD)), play(0, "7H")):
        log.record(event)
    assert log.record(play(1, "8D")).accepted  # nothing certain yet
    log.record(Event("draw", seat=0, card=C("KC")))
    log.record(Event("draw", seat=1, card=C("QC")))  # seen: no new trump came in
    log.record(play(0, "3C"))
    ruling = log.record(play(1, "JS"))
    assert [v.rule.id for v in ruling.proved] == ["california_jack.play.must-trump"]
    evidence = " ".join(said(ruling.proved[0]))
    assert "8♦ in trick 1 (had to trump (spades))" in evidence
    assert "then played J♠ in trick 2" in evidence


def test_must_trump_is_not_proved_across_an_unseen_draw():
    log = HandLog(GAME, SETTINGS, 1)
    for event in (Event("trump_card", card=C(TRUMP_CARD)), play(0, "7H")):
        log.record(event)
    assert log.record(play(1, "8D")).accepted
    log.record(Event("draw", seat=0))
    log.record(Event("draw", seat=1))  # unseen: the J♠ may have come now
    log.record(play(0, "3C"))
    ruling = log.record(play(1, "JS"))
    assert ruling.accepted and not ruling.proved


def test_must_trump_is_not_proved_when_trumping_is_optional():
    log = HandLog(GAME, GAME.settings(trump_optional=True), 1)
    for event in (Event("trump_card", card=C(TRUMP_CARD)), play(0, "7H")):
        log.record(event)
    log.record(play(1, "8D"))
    log.record(Event("draw", seat=0, card=C("KC")))
    log.record(Event("draw", seat=1, card=C("QC")))
    log.record(play(0, "3C"))
    assert not log.record(play(1, "JS")).proved


@pytest.mark.parametrize(
    ("settings", "found"),
    [
        pytest.param(SETTINGS, ["california_jack.play.must-trump"], id="they may play a trump"),
        pytest.param(GAME.settings(trump_optional=True), [], id="house option trumping optional"),
    ],
)
def test_check_rules_on_a_void_player_who_discards_holding_a_trump(
    capsys, tmp_path, settings, found
):
    events = [
        Event("deal", seat=0, cards=parse_cards(HAND_0)),
        Event("deal", seat=1, cards=parse_cards("3D 8D 6C JS 2S 4D")),
        Event("trump_card", card=C(TRUMP_CARD)),
        play(0, "AH"),
        play(1, "8D"),
    ]
    status, findings, text = check_file(
        capsys, tmp_path, "california_jack", [HandRecord(1, events)], settings
    )
    assert (status, rulings(findings)) == (1 if found else 0, found)
    assert ("Trump when void" in text) == bool(found)


def test_a_renege_names_the_suit_to_follow():
    state = start()
    record(state, play(0, "AH"))
    requirement, must_trump = state.requirements(1, C("8D"))
    assert must_trump.rule.id == "california_jack.play.must-trump"
    assert words(requirement.reason) == "had to follow hearts"
    assert requirement.rule.text.startswith("A player must follow the suit led when able")


def test_a_renege_with_known_hands_is_ruled_at_once_and_the_penalty_loses_the_game():
    log = HandLog(GAME, SETTINGS, 1)
    for event in (
        Event("deal", seat=0, cards=parse_cards(HAND_0)),
        Event("deal", seat=1, cards=parse_cards(HAND_1)),
        Event("trump_card", card=C(TRUMP_CARD)),
        play(0, "AH"),
    ):
        log.record(event)
    ruling = log.record(play(1, "8D"))  # seat 2 also holds J♠ 2♠
    assert [v.rule.id for v in ruling.violations] == [
        "california_jack.play.follow-suit",
        "california_jack.play.must-trump",
    ]
    assert "had to follow hearts: Ben held 2♥ 10♥" in said(ruling.violations[0])
    log.decide(4, "stand")
    assert log.state.penalties and log.state.penalties[0].seat == 1


def test_a_renege_with_hidden_hands_is_proved_by_a_later_play_of_the_suit():
    log = HandLog(GAME, SETTINGS, 1)
    for event in (Event("trump_card", card=C(TRUMP_CARD)), play(0, "7H")):
        log.record(event)
    assert log.record(play(1, "8D")).accepted  # nothing certain yet
    log.record(Event("draw", seat=0))
    log.record(Event("draw", seat=1))
    log.record(play(0, "3C"))
    # the 2♥ proves nothing: the unseen draw may have brought it
    assert log.record(play(1, "2H")).accepted


def test_a_renege_is_proved_when_the_hand_is_laid_down_after_play():
    log = HandLog(GAME, SETTINGS, 1)
    for event in (Event("trump_card", card=C(TRUMP_CARD)), play(0, "AH")):
        log.record(event)
    assert log.record(play(1, "8D")).accepted
    ruling = log.record(Event("deal", seat=1, cards=parse_cards(HAND_1)))
    assert [v.rule.id for v in ruling.proved] == [
        "california_jack.play.follow-suit",
        "california_jack.play.must-trump",
    ]


def test_the_trump_card_under_the_pile_never_proves_a_renege_of_trump():
    state = start(hand_0="AS 7D KH 3C 4C 9H", hand_1="10H 2H 8D 6C 7H 8H")
    record(state, play(0, "AS"))
    (requirement,) = state.requirements(1, C("8D"))  # trump led: follow it, nothing more
    assert not requirement.forbidden >> C(TRUMP_CARD) & 1
    assert requirement.forbidden >> C("KS") & 1


# -- 3.2 Winning the trick ------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        pytest.param("AH 2S", "2♠", id="A♥ 2♠ -> 2♠: any trump beats the suit led"),
        pytest.param("3S AH", "3♠", id="3♠ A♥ -> 3♠: a trump lead beats an off-suit ace"),
        pytest.param("9S JS", "J♠", id="9♠ J♠ -> J♠: the highest trump wins"),
        pytest.param("KH AH", "A♥", id="K♥ A♥ -> A♥: no trump, highest of the suit led"),
        pytest.param("7H AD", "7♥", id="7♥ A♦ -> 7♥: an off-suit card never wins"),
        pytest.param("10H 9H", "10♥", id="10♥ 9♥ -> 10♥: ten ranks above nine"),
    ],
)
def test_winning_the_trick_spades_trump(cards, winner):
    assert trick_winner(Suit.SPADES, cards) == C(winner)


def test_the_winner_collects_both_cards_and_leads_the_next_trick_after_the_draw():
    state = start()
    record(state, play(0, "AH"), play(1, "2S"))
    trick = state.tricks[-1]
    assert trick.winner == 1 and state.taken == [0, 1]
    assert state.captured[1] == mask_of(parse_cards("AH 2S"))
    assert state.phase == "draw" and state.to_act == 1
    record(state, Event("draw", seat=1), Event("draw", seat=0))
    assert state.phase == "play" and state.to_act == 1
    found = state.check(play(0, "KH"))
    assert [v.rule.id for v in found] == ["california_jack.play.lead"]
    assert said(found[0]) == ("Ben won trick 1 and leads",)


# -- 3.3 Draw after each trick ------------------------------------------------------


def test_each_player_draws_one_card_the_winner_first():
    state = start(known=False)
    record(state, play(0, "4C"), play(1, "6C"))  # seat 2 wins with the 6♣
    assert state.phase == "draw" and state.to_act == 1 and state.counts == [5, 5]
    found = state.check(Event("draw", seat=0))
    assert [v.rule.id for v in found] == ["california_jack.draw.order"]
    assert said(found[0]) == ("Ben draws first: Ben won the trick",)
    record(state, Event("draw", seat=1))
    assert state.counts == [5, 6] and state.to_act == 0
    found = state.check(Event("draw", seat=1))
    assert [v.rule.id for v in found] == ["california_jack.draw.order"]
    assert said(found[0]) == ("Ann draws next: Ben won the trick",)
    assert rule_ids(state, play(1, "KH")) == ["table.wrong-phase"]
    record(state, Event("draw", seat=0))
    assert state.counts == [6, 6] and state.pile_left == 38
    assert state.phase == "play" and state.to_act == 1


@pytest.mark.parametrize(
    ("card", "rule", "evidence"),
    [
        pytest.param(
            "5S",
            "california_jack.draw.trump-card-last",
            "5♠ is the trump card, under the 39 cards left above it",
            id="the trump card is not drawn before the last draw",
        ),
        pytest.param(
            "3C",
            "california_jack.draw.from-the-pile",
            "3♣ was played in trick 1",
            id="a played card is not drawn",
        ),
        pytest.param(
            "9S",
            "california_jack.draw.from-the-pile",
            "9♠ is in Ann's hand",
            id="a card in a hand is not drawn",
        ),
    ],
)
def test_a_draw_takes_a_card_from_the_pile(card, rule, evidence):
    state = start()
    record(state, play(0, "3C"), play(1, "6C"))
    found = state.check(Event("draw", seat=1, card=C(card)))
    assert [v.rule.id for v in found] == [rule]
    assert said(found[0]) == (evidence,)


def test_a_recorded_draw_joins_a_known_hand():
    state = start()
    record(state, play(0, "3C"), play(1, "6C"))
    record(state, Event("draw", seat=1, card=C("QD")), Event("draw", seat=0, card=C("3H")))
    assert state.hands[0] == mask_of(parse_cards("A♥ 7♦ K♥ 4♣ 9♠ 3♥"))
    assert state.hands[1] == mask_of(parse_cards("10♥ 2♥ 8♦ J♠ 2♠ Q♦"))
    assert rule_ids(state, play(1, "3H")) == ["table.not-held"]


def test_an_unseen_draw_makes_the_hand_unknown_but_its_known_cards_stay_known():
    state = start()
    record(state, play(0, "3C"), play(1, "6C"))
    record(state, Event("draw", seat=1), Event("draw", seat=0))
    assert state.hands == [None, None]
    assert state.known_held(0) == mask_of(parse_cards("A♥ 7♦ K♥ 4♣ 9♠"))
    found = state.check(play(1, "AH"))
    assert [v.rule.id for v in found] == ["table.not-held"]
    assert said(found[0]) == ("A♥ is in Ann's hand",)


def test_the_pile_on_record_decides_every_draw():
    rest = [c for c in FULL_DECK if c not in parse_cards(f"{HAND_0} {HAND_1} {TRUMP_CARD}")]
    pile = (*rest, C(TRUMP_CARD))
    state = start()
    record(state, Event("deal", cards=pile), play(0, "3C"), play(1, "6C"))
    assert state.legal_events() == [Event("draw", seat=1, card=pile[0])]
    found = state.check(Event("draw", seat=1, card=pile[1]))
    assert said(found[0]) == (f"the next card of the pile on record is {pile[0]}",)
    record(state, Event("draw", seat=1))  # the card comes from the pile on record
    assert state.hands[1] >> pile[0] & 1
    assert rule_ids(state, Event("deal", cards=pile))[0] == "california_jack.deal.six-each"


# -- the trump card, drawn last ----------------------------------------------------------


def _long_hand(seed: int):
    """A dealt hand played so that neither player reaches 10 before the pile is drawn:
    the pile holds the low cards first, the 10♠ (trump) lies at the bottom, and each
    play keeps the higher total as low as it can."""
    rng = random.Random(seed)
    trump_card = C("10S")
    rest = [c for c in FULL_DECK if c != trump_card]
    rng.shuffle(rest)
    rest.sort(key=lambda c: card_points(c) + (HONOUR_MASKS[Suit.SPADES] >> c & 1))
    events = [
        Event("deal", seat=0, cards=tuple(rest[0:12:2])),
        Event("deal", seat=1, cards=tuple(rest[1:12:2])),
        Event("deal", cards=(*rest[12:], trump_card)),
        Event("trump_card", card=trump_card),
    ]
    state = record(GAME.new_hand(SETTINGS, 1), *events)
    while options := state.legal_events():
        event = min(options, key=lambda e: _cost(state, e))
        record(state, event)
        events.append(event)
    return state, events


def _cost(state, event):
    if event.kind != "play":
        return (0, 0)
    table, trick = state.table, state.current
    if not trick.cards:
        return (table.points[event.card], table.strength[event.card])
    cards = [trick.cards[0], event.card]
    winner = (trick.seats[0], event.seat)[table.winner(cards)]
    totals = state.totals()
    totals[winner] += (
        sum(table.points[c] for c in cards)
        + (mask_of(cards) & HONOUR_MASKS[state.trump]).bit_count()
    )
    return (max(totals), table.points[event.card])


@pytest.fixture(scope="module")
def long_hand():
    for seed in range(40):
        state, events = _long_hand(seed)
        if state.pile_left == 0:
            return state, events
    pytest.fail("no deal drew the whole pile")


def test_the_last_card_drawn_is_the_trump_card_and_its_drawer_holds_it(long_hand):
    _, events = long_hand
    draws = [e for e in events if e.kind == "draw"]
    assert len(draws) == 40 and draws[-1].card == C("10S")
    last, other = draws[-1].seat, 1 - draws[-1].seat
    replay = GAME.new_hand(SETTINGS, 1)
    for event in hidden(GAME, events):  # no hands, no pile, draws without their cards
        if replay.pile_left == 1 and event.kind == "draw":
            found = replay.check(Event("draw", seat=last, card=C("2C")))
            assert [v.rule.id for v in found] == ["california_jack.draw.trump-card-last"]
            assert said(found[0]) == ("the last card of the pile is the trump card 10♠",)
        record(replay, event)
        if replay.pile_left == 0:
            break
    # the trump card lay face up, so whoever drew last is known to hold it
    assert replay.known_held(last) == 1 << C("10S")
    assert not replay.seen >> C("10S") & 1 and replay.pile_mask == 0
    assert not replay.possible_cards(other) >> C("10S") & 1
    assert "table.not-held" in rule_ids(replay, play(other, "10S"))


def test_the_trump_card_is_played_like_any_card_once_drawn(long_hand):
    state, events = long_hand
    assert state.phase == "over"
    played = [e for e in events if e.kind == "play"]
    assert len(played) == 2 * len(state.tricks) and len(state.tricks) > 20
    assert state.counts == [26 - sum(e.seat == s for e in played) for s in (0, 1)]


def test_the_trump_card_cannot_be_played_while_it_lies_under_the_pile():
    state = start(known=False)
    found = state.check(play(0, TRUMP_CARD))
    assert [v.rule.id for v in found] == ["table.already-played"]
    assert said(found[0]) == ("5♠ was the trump card, face up under the draw pile",)


# -- 3.4 Hand flow and 4. Winning -----------------------------------------------------


def _tens_hand():
    """Seat 1 leads 10♥ and wins it with nothing else; then 10♦ brings seat 1 to 20."""
    return start(hand_0="10H 10D 3C 4C 5C 6C", hand_1="2H 3D 7C 8C 9C 2C", trump="7S")


def test_scoring_is_recalculated_after_every_trick_and_play_goes_on_below_10():
    state = start(hand_0="KH QH 3C 4C 5C 6C", hand_1="2H 3D 7C 8C 9C 2C", trump="7S")
    record(state, play(0, "KH"))
    assert state.totals() == [0, 0]
    record(state, play(1, "2H"))
    assert state.totals() == [3, 0] and state.phase == "draw"


def test_the_first_player_at_10_or_more_wins_at_once_and_play_stops():
    state = _tens_hand()
    record(state, play(0, "10H"), play(1, "2H"))
    assert state.totals() == [10, 0]
    assert state.phase == "over" and state.ended == "ten" and state.to_act is None
    assert state.legal_events() == []
    assert rule_ids(state, play(1, "3D")) == ["table.hand-over"]
    assert rule_ids(state, Event("draw", seat=0)) == ["table.hand-over"]
    assert rule_ids(state, Event("claim", seat=1)) == ["table.hand-over"]
    outcome = GAME.score_hand(state)
    assert outcome.points == (1, 0) and words(outcome.summary) == "Ann wins 10–0"


def test_tricks_continue_while_cards_remain_and_nobody_has_10(long_hand):
    _, events = long_hand
    replay = GAME.new_hand(SETTINGS, 1)
    for event in events:
        assert replay.phase != "over" and max(replay.totals()) < 10
        record(replay, event)
    assert max(replay.totals()) >= 10 and replay.phase == "over"
    assert replay.tricks[-1].winner == replay.totals().index(max(replay.totals()))


def test_a_claim_takes_every_card_not_yet_won_and_ends_the_hand():
    state = start(known=False)
    record(state, play(0, "4C"), play(1, "7C"), Event("draw", seat=1))
    record(state, Event("claim", seat=0))
    assert state.phase == "over" and state.ended == "claim" and state.claimed_by == 0
    assert state.captured[0] | state.captured[1] == GAME.deck_mask
    assert state.card_points == [80, 0] and state.totals() == [83, 0]
    assert state.counts == [0, 0] and state.taken == [25, 1]
    assert words(GAME.score_hand(state).summary) == "Ann wins 83–0 on a claim"


@pytest.mark.parametrize(
    ("event", "rule"),
    [
        pytest.param(Event("bid", seat=0, value=3), "table.wrong-phase", id="no bidding"),
        pytest.param(Event("pick", seat=0), "table.wrong-phase", id="no picking"),
        pytest.param(Event("upcard", card=C("AH")), "table.wrong-phase", id="no upcard"),
        pytest.param(Event("claim", seat=0), "table.wrong-phase", id="no claim before trump"),
        pytest.param(Event("draw", seat=0), "table.wrong-phase", id="no draw before trump"),
        pytest.param(Event("claim", seat=2), "table.out-of-turn", id="seat 3 is not at table"),
        pytest.param(play(5, "AH"), "table.out-of-turn", id="seat 6 does not play"),
        pytest.param(Event("play", seat=0), "table.wrong-phase", id="a play before trump"),
    ],
)
def test_events_that_do_not_fit_are_refused_never_raise(event, rule):
    state = GAME.new_hand(SETTINGS, 1)
    found = state.check(event)
    assert [v.rule.id for v in found] == [rule]
    assert all(v.rule.refuses for v in found)


def test_a_play_without_a_card_is_refused():
    state = start()
    assert rule_ids(state, Event("play", seat=0)) == ["table.not-in-deck"]


def test_a_card_played_twice_is_refused():
    state = start(known=False)
    record(state, play(0, "3C"), play(1, "6C"), Event("draw", seat=1), Event("draw", seat=0))
    assert rule_ids(state, play(1, "3C")) == ["table.already-played"]


def test_the_adjudicator_refuses_a_second_draw_by_the_same_player():
    log = HandLog(GAME, SETTINGS, 1)
    for event in (Event("trump_card", card=C(TRUMP_CARD)), play(0, "3C"), play(1, "6C")):
        log.record(event)
    log.record(Event("draw", seat=1))
    with pytest.raises(Refused, match="Draw after each trick"):
        log.record(Event("draw", seat=1))
    assert len(log.events) == 4


# -- the rule book --------------------------------------------------------------------


@pytest.mark.parametrize(
    "words",
    [
        pytest.param("the non-dealer leads the first trick", id="the non-dealer leads trick 1"),
        pytest.param("trump when void if able", id="must trump"),
    ],
)
def test_the_rules_help_says_what_the_engine_does(words):
    help_text = game_help(GAME)
    assert words in help_text
    assert "trumping is allowed, never forced" not in help_text
    rule = GAME.rules["california_jack.play.must-trump"].text
    assert "who cannot follow suit and holds a trump must play a trump" in rule
    assert "`trump_optional`" in help_text


def test_every_rule_has_a_stable_id_title_and_text():
    ids = [rule.id for rule in GAME.rules]
    own = [i for i in ids if i.startswith("california_jack.")]
    assert len(own) == 15
    assert all(rule.title and rule.text for rule in GAME.rules)
    assert "table.hand-over" in ids
    assert not GAME.rules["california_jack.play.follow-suit"].refuses
    assert not GAME.rules["california_jack.play.must-trump"].refuses
    assert GAME.rules["california_jack.draw.order"].refuses
