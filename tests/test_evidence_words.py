"""What a ruling's evidence says: each play rule's reason and each of the table's notes is
kept as a phrase its game declares, and reads as a person says it, with the players'
names and the cards' symbols; ``check --json`` writes it in the phrase form."""

from __future__ import annotations

import contextlib
import io
import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.advice import NoAdvice, advise
from scorekeeper.cards import Card, Suit
from scorekeeper.cli import main
from scorekeeper.events import Event
from scorekeeper.evidence import Held, Note, PlayedInTrick, evidence_json
from scorekeeper.games import get_game
from scorekeeper.games.base import TABLE_SAY as TABLE
from scorekeeper.games.base import HandState
from scorekeeper.games.california_jack.phrases import SAY as CALIFORNIA_JACK
from scorekeeper.games.euchre.phrases import SAY as EUCHRE
from scorekeeper.games.hearts.phrases import SAY as HEARTS
from scorekeeper.games.sheepshead.phrases import SAY as SHEEPSHEAD
from scorekeeper.games.spades.phrases import SAY as SPADES
from scorekeeper.games.tricks import SAY as TRICKS
from scorekeeper.phrases import Phrase, template
from scorekeeper.playout import play_hand
from scorekeeper.words import UNKNOWN_WORDS, evidence_text, told
from tests.games.test_conformance import SETTINGS

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Ann", "Ben", "Cy", "Di", "Eve")
C = Card.parse

REASONS = [
    pytest.param(TRICKS("follow", suit="hearts"), "had to follow hearts", id="follow a suit"),
    pytest.param(TRICKS("follow", suit="trump"), "had to follow trump", id="follow trump"),
    pytest.param(HEARTS("lead_two"), "had to lead 2♣", id="hearts: lead 2♣"),
    pytest.param(HEARTS("hearts_not_broken"), "hearts not broken", id="hearts: not broken"),
    pytest.param(
        HEARTS("no_points_first"),
        "no heart or Q♠ on the first trick while holding another card",
        id="hearts: no points on the first trick",
    ),
    pytest.param(SPADES("lowest_club"), "had to play the lowest club", id="spades: lowest club"),
    pytest.param(
        SPADES("heart_or_diamond"), "had to play a heart or diamond", id="spades: no spade first"
    ),
    pytest.param(SPADES("spades_not_broken"), "spades not broken yet", id="spades: not broken"),
    pytest.param(SPADES("must_trump"), "had to trump", id="spades: must trump"),
    pytest.param(
        SPADES("play_higher", card=C("QH")),
        "had to play higher than Q♥",
        id="spades: play higher than Q♥",
    ),
    pytest.param(
        SPADES("trump_higher", card=C("10S")),
        "had to trump higher than 10♠",
        id="spades: trump higher than 10♠",
    ),
    pytest.param(
        CALIFORNIA_JACK("must_trump", trump=Suit.SPADES),
        "had to trump (spades)",
        id="california jack: must trump spades",
    ),
    pytest.param(
        EUCHRE("lowest_discard"),
        "the dealer had to discard the lowest card",
        id="euchre: the kata discard",
    ),
    pytest.param(
        SHEEPSHEAD("keep_called_suit", suit=Suit.HEARTS),
        "had to keep a heart after burying",
        id="sheepshead: keep a heart after burying",
    ),
    pytest.param(
        SHEEPSHEAD("lead_called", card=C("AC")),
        "had to lead A♣ (not running)",
        id="sheepshead: lead the called ace",
    ),
    pytest.param(
        SHEEPSHEAD("play_under", card=C("7H")),
        "had to play the under card 7♥",
        id="sheepshead: play the under card",
    ),
    pytest.param(
        SHEEPSHEAD("play_called", card=C("AS")),
        "had to play A♠",
        id="sheepshead: play the called ace",
    ),
    pytest.param(
        SHEEPSHEAD("keep_last", suit=Suit.CLUBS),
        "had to keep the last club until it was led",
        id="sheepshead: keep the last club",
    ),
    pytest.param(
        SHEEPSHEAD("under_waits", card=C("9S")),
        "the under card 9♠ waits for the called suit",
        id="sheepshead: the under card waits",
    ),
]
SHOWN = {case.values[0].id for case in REASONS}
"""The id of every reason whose words a case shows."""


@pytest.mark.parametrize(("reason", "words"), REASONS)
def test_each_reason_reads_as_a_person_says_it_beside_the_players_names(reason, words):
    assert told(reason, NAMES) == words
    held = Held(2, (C("2H"), C("8H")), reason)
    assert evidence_text(held, NAMES) == f"{words}: Cy held 2♥ 8♥"
    played = PlayedInTrick(1, C("7C"), 3, reason)
    assert evidence_text(played, NAMES) == f"Ben played 7♣ in trick 3 ({words})."
    assert evidence_text(Note(reason), NAMES) == words


@pytest.mark.parametrize(("reason", "words"), REASONS)
def test_a_reason_goes_to_json_as_its_phrase_and_reads_back_the_same(reason, words):
    written = evidence_json(Held(2, (C("2H"),), reason))["reason"]
    assert written == {"phrase": reason.id, "args": reason.args}
    assert told(Phrase.from_json(json.loads(json.dumps(written))), NAMES) == words


def _reasons_checked(state: HandState) -> None:
    """Every reason what each card of the deck would demand now is a declared phrase
    that reads whole, and a case above shows its words."""
    for seat in state.seats_to_play():
        for card in state.game.deck:
            for requirement in state.requirements(seat, card):
                reason = requirement.reason
                assert type(reason) is Phrase and template(reason.id) is not None, reason
                said = told(reason, NAMES)
                assert said != UNKNOWN_WORDS and "{" not in said, reason
                assert reason.id in SHOWN, f"no case shows the words of {reason.id}"


@pytest.mark.parametrize(("game", "setting"), SETTINGS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_reason_a_play_rule_gives_is_a_declared_phrase_not_a_sentence(game, setting, seed):
    rng = random.Random(seed)

    def choose(state: HandState, events: list[Event]) -> Event:
        if state.phase == state.PLAY:
            _reasons_checked(state)
        return events[rng.randrange(len(events))]

    play_hand(game, setting, rng, seed % game.seats, choose)


@pytest.mark.parametrize(
    ("game_id", "kind", "words"),
    [
        pytest.param("hearts", "bid", "Hearts has no bid", id="hearts: a bid"),
        pytest.param("spades", "name_trump", "Spades has no trump call", id="spades: trump named"),
        pytest.param("euchre", "bury", "Euchre has no bury", id="euchre: a bury"),
        pytest.param("sheepshead", "bid", "Sheepshead has no bid", id="sheepshead: a bid"),
        pytest.param(
            "california_jack", "pick", "California Jack has no pick", id="california jack: a pick"
        ),
        pytest.param("hearts", "new_kind", "Hearts has no new kind", id="a kind no game records"),
    ],
)
def test_an_event_of_a_kind_the_game_does_not_record_is_one_ruling_in_words(game_id, kind, words):
    game = get_game(game_id)
    (ruling,) = game.new_hand(game.settings(), 0).check(Event(kind, seat=1))
    (note,) = ruling.evidence
    assert ruling.rule.id == "table.wrong-phase" and ruling.seat == 1
    assert evidence_text(note, NAMES) == words
    assert evidence_json(note) == {
        "kind": "note",
        "text": {"phrase": "table.unrecorded", "args": {"game": game_id, "kind": kind}},
    }


def _in_play(game_id: str) -> HandState:
    """A hand of the game whose first trick has one card played."""
    game = get_game(game_id)
    rng = random.Random(1)
    state = game.new_hand(game.settings(), 0)
    for event in game.deal(rng, game.settings(), 0):
        state.apply(event)
    while not state.current.cards:
        options = state.legal_events()
        state.apply(options[rng.randrange(len(options))])
    return state


@pytest.mark.parametrize(
    ("game_id", "play", "rule", "words"),
    [
        pytest.param(
            "hearts",
            lambda state: Event("play", seat=state.to_act),
            "table.not-in-deck",
            "the play names no card",
            id="a play that names no card",
        ),
        pytest.param(
            "euchre",
            lambda state: Event("play", seat=state.to_act, card=C("2C")),
            "table.not-in-deck",
            "2♣ is not in the Euchre deck",
            id="a card not of the game's deck",
        ),
        pytest.param(
            "spades",
            lambda state: Event("play", seat=state.to_act, card=state.current.cards[0]),
            "table.already-played",
            "{card} was played in trick 1",
            id="a card played again",
        ),
    ],
)
def test_the_tables_notes_on_a_play_are_phrases_in_plain_words(game_id, play, rule, words):
    state = _in_play(game_id)
    event = play(state)
    (ruling,) = [ruling for ruling in state.check(event) if ruling.rule.id == rule]
    (note,) = ruling.evidence
    assert isinstance(note, Note) and type(note.text) is Phrase
    assert evidence_text(note, NAMES) == words.format(card=event.card)


def _over(game_id: str) -> HandState:
    """A hand of the game played to its end."""
    game = get_game(game_id)
    return play_hand(game, game.settings(), random.Random(3))[0]


def _dealt(game_id: str) -> HandState:
    """A hand of the game before its first event."""
    game = get_game(game_id)
    return game.new_hand(game.settings(), 0)


@pytest.mark.parametrize(
    ("state", "rule", "phrase", "words"),
    [
        pytest.param(
            _over("hearts"),
            "table.hand-over",
            {"phrase": "table.over", "args": {}},
            "the hand is already over",
            id="after the hand is over",
        ),
        pytest.param(
            _dealt("spades"),
            "table.wrong-phase",
            {"phrase": "table.still_in", "args": {"phase": "Bidding"}},
            "play has not begun (Bidding)",
            id="before play begins",
        ),
    ],
)
def test_a_play_outside_play_is_ruled_on_with_a_phrase(state, rule, phrase, words):
    (ruling,) = state.check(Event("play", seat=0, card=C("2C")))
    assert ruling.rule.id == rule
    assert [evidence_json(item) for item in ruling.evidence] == [{"kind": "note", "text": phrase}]
    assert [evidence_text(item, NAMES) for item in ruling.evidence] == [words]


EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.json"))


def test_check_json_writes_each_reason_and_note_of_the_examples_as_its_phrase():
    written = []
    for path in EXAMPLES:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            main(["check", "--json", str(path)])
        for hand in json.loads(out.getvalue())["hands"]:
            for ruling in hand["rulings"]:
                lines = "\n".join(ruling["lines"])
                for item in ruling["evidence"]:
                    if item["kind"] in ("held", "played_in_trick", "note"):
                        raw = item.get("reason", item.get("text"))
                        assert isinstance(raw, dict) and set(raw) == {"phrase", "args"}, raw
                        phrase = Phrase.from_json(raw)
                        assert template(phrase.id) is not None and told(phrase, ()) in lines
                        written.append(phrase.id)
    assert {"tricks.follow", "euchre.lowest_discard"} <= set(written)


def _after(game_id: str, *events: Event, preset: str | None = None) -> HandState:
    """A hand of the game, its cards not on record, after ``events``."""
    game = get_game(game_id)
    state = game.new_hand(game.settings(preset), 0)
    for event in events:
        state.apply(event)
    return state


RULINGS = [
    pytest.param(
        _after("spades"),
        Event("claim", seat=1),
        TABLE.id("claim_in_play"),
        "a claim is made during play; play has not begun (Bidding)",
        id="table: a claim before play",
    ),
    pytest.param(
        _after("hearts"),
        Event("deal", seat=1, cards=(C("2C"), C("3C"))),
        TABLE.id("wrong_size"),
        "a Hearts hand is 13 different cards, got 2♣ 3♣",
        id="table: a deal of too few cards",
    ),
    pytest.param(
        _after("euchre", Event("upcard", card=C("9S"))),
        Event("upcard", card=C("JH")),
        EUCHRE.id("upcard_already"),
        "the upcard is already 9♠",
        id="euchre: a second upcard",
    ),
    pytest.param(
        _after("euchre", Event("upcard", card=C("9S")), preset="kata"),
        Event("order_up", seat=1, alone=True),
        EUCHRE.id("kata_not_alone"),
        "the kata preset has no going alone",
        id="euchre: going alone in the kata",
    ),
    pytest.param(
        _after("hearts"),
        Event("pass_cards", seat=1, cards=(C("2C"),)),
        HEARTS.id("three_cards"),
        "2♣: three different cards pass",
        id="hearts: one card passed",
    ),
    pytest.param(
        _after("spades"),
        Event("bid", seat=1, value="five"),
        SPADES.id("bid_range"),
        '"five" is not a bid from 0 to 13',
        id="spades: a bid in words",
    ),
    pytest.param(
        _after("spades"),
        Event("exchange", seat=1, cards=(C("2C"), C("3C"))),
        SPADES.id("exchange_only"),
        "an exchange belongs to the blind-nil exchange (Bidding)",
        id="spades: an exchange in the bidding",
    ),
    pytest.param(
        _after("california_jack"),
        Event("draw", seat=1),
        CALIFORNIA_JACK.id("awaiting_deal"),
        "trump is not fixed yet: record the trump card first",
        id="california jack: a draw before the trump card",
    ),
    pytest.param(
        _after("california_jack", Event("deal", cards=tuple(Card._all[12:]))),
        Event("trump_card", card=C("2C")),
        CALIFORNIA_JACK.id("pile_ends_with"),
        "the pile on record ends with A♠",
        id="california jack: a trump card that is not the pile's last",
    ),
    pytest.param(
        _after("sheepshead"),
        Event("call", seat=1, value="ace", card=C("AC")),
        SHEEPSHEAD.id("call_once"),
        "the call comes once, after the pick",
        id="sheepshead: a call before the pick",
    ),
    pytest.param(
        _after("sheepshead", Event("pick", seat=1)),
        Event("call", seat=1, value="queen"),
        SHEEPSHEAD.id("not_a_call"),
        '"queen" is not a call here (ace, under, ten, alone)',
        id="sheepshead: a call of no kind",
    ),
    pytest.param(
        _after("sheepshead", Event("pick", seat=1)),
        Event("call", seat=1, value="ace", card=C("AC"), data={"crack": 1}),
        SHEEPSHEAD.id("no_crack"),
        "this match does not play crack",
        id="sheepshead: a crack where none is played",
    ),
]


@pytest.mark.parametrize(("state", "event", "phrase_id", "words"), RULINGS)
def test_each_games_own_ruling_says_a_phrase_it_declares(state, event, phrase_id, words):
    notes = [item for ruling in state.check(event) for item in ruling.evidence]
    said = {item.text.id: evidence_text(item, NAMES) for item in notes if isinstance(item, Note)}
    assert said.get(phrase_id) == words, said


@pytest.mark.parametrize(
    ("state", "phrase_id", "words"),
    [
        pytest.param(
            _after("euchre"),
            "advice.nobody_to_act",
            "nobody is to act yet: record the deal first",
            id="before the upcard",
        ),
        pytest.param(
            _over("spades"),
            "advice.nothing_left",
            "the hand is over: nothing is left to play",
            id="after the hand",
        ),
        pytest.param(
            _after("california_jack"),
            CALIFORNIA_JACK.id("no_trump_yet"),
            "trump is not fixed yet",
            id="california jack: before the trump card",
        ),
    ],
)
def test_why_there_is_no_advice_is_a_phrase(state, phrase_id, words):
    with pytest.raises(NoAdvice) as refused:
        advise(state) if phrase_id.startswith("advice.") else state.game.advise(state, 1)
    (note,) = refused.value.why
    assert isinstance(note, Note) and note.text.id == phrase_id
    assert str(refused.value) == words


VALUES = [None, 0, 5, 14, -1, "five", "alone", "ace", "jack", {"crack": 1}, {"crack": 9}]


def _mutated(rng: random.Random, event: Event, kinds: list[str]) -> Event:
    """``event`` with some of its fields changed at random (most then make it illegal)."""
    deck = Card._all
    changes = {
        "kind": lambda: rng.choice(kinds),
        "seat": lambda: rng.choice([None, 0, 1, 2, 3, 7]),
        "card": lambda: rng.choice([None, *deck]),
        "cards": lambda: tuple(rng.sample(deck, rng.choice([0, 1, 2, 3, 6]))),
        "value": lambda: rng.choice([value for value in VALUES if not isinstance(value, dict)]),
        "suit": lambda: rng.choice([None, *Suit]),
        "under": lambda: rng.choice([None, *deck]),
        "alone": lambda: not event.alone,
        "data": lambda: rng.choice([value for value in VALUES if isinstance(value, dict)]),
    }
    chosen = rng.sample(sorted(changes), rng.randint(1, 3))
    return replace(event, **{name: changes[name]() for name in chosen})


def _read_whole(phrase: Phrase) -> None:
    """A declared phrase, which reads without a field left, a Python repr or a None."""
    assert type(phrase) is Phrase and template(phrase.id) is not None, phrase
    said = told(phrase, NAMES)
    assert said != UNKNOWN_WORDS and "{" not in said and "None" not in said, (phrase, said)


@pytest.mark.parametrize(("game", "setting"), SETTINGS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), known=st.booleans())
def test_no_ruling_on_a_random_wrong_event_rests_on_plain_words(game, setting, seed, known):
    rng = random.Random(seed)
    kinds = sorted({action.kind for action in game.actions} | {"deal", "blind", "claim"})
    dealt = game.deal(rng, setting, 0)

    def choose(state: HandState, events: list[Event]) -> Event:
        for _ in range(4):
            wrong = _mutated(rng, rng.choice(events + dealt), kinds)
            for ruling in state.check(wrong):
                for item in ruling.evidence:
                    if isinstance(item, Note):
                        _read_whole(item.text)
        return events[rng.randrange(len(events))]

    if known:
        play_hand(game, setting, rng, 0, choose)
    else:
        state = game.new_hand(setting, 0)
        for _ in range(40):
            options = state.legal_events()
            if not options:
                break
            state.apply(choose(state, options))
