"""The words module: every kind of evidence and every outcome's words name the players."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import fields

import pytest

from scorekeeper.cards import Card, Suit
from scorekeeper.events import Event
from scorekeeper.evidence import KINDS, NoSeat, Note
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.games.actions import TABLE
from scorekeeper.games.tricks import SAY as TRICKS
from scorekeeper.phrases import SAY, Phrase, joined, legacy, phrase_fields, phrase_ids
from scorekeeper.words import event_words, evidence_text, player, step_words, told

NAMES = ("Ann", "Ben", "Cy", "Di", "Eve")
QUEEN = Card.parse("QC")
FOLLOW = TRICKS("follow", suit="clubs")
VALUES = {
    "int": 2,
    "int | None": 2,
    "Card": QUEEN,
    "tuple[Card, ...]": (QUEEN,),
    "bool": True,
    "Phrase": FOLLOW,
}


def example(kind):
    """An item of ``kind`` whose seats are all seat 2 (Cy)."""
    return kind(**{f.name: VALUES.get(str(f.type), "had to follow clubs") for f in fields(kind)})


@pytest.mark.parametrize(
    "kind", [k for k in KINDS if k not in (Note, NoSeat)], ids=lambda k: k.kind
)
def test_every_kind_of_evidence_names_the_player_and_never_a_seat_number(kind):
    text = evidence_text(example(kind), NAMES)
    assert "Cy" in text
    assert "seat" not in text.lower()
    assert "None" not in text and "True" not in text


def test_a_seat_nobody_sits_at_counts_from_0_as_the_file_does():
    assert evidence_text(NoSeat(7, 4), NAMES) == "nobody sits at seat 7 (seats count from 0 to 3)"
    assert evidence_text(NoSeat(None, 4), NAMES) == "the event names no player"
    assert player(None, NAMES) == "the table"


def test_outcome_words_take_the_players_names_literally():
    names = ("{0}", "Bo {x}", "%s", "Di")
    said = joined([SAY("player", seat=1), SAY("side", seats=(0, 2)), SAY("players", seats=[3, 1])])
    assert told(said, names) == "Bo {x}, {0} & %s, Di, Bo {x}"


def test_words_an_older_engine_kept_name_players_and_keep_any_other_brace():
    text = "nils: {3} bid blind nil; not {'x': 1} nor {}"
    assert told(legacy(text), NAMES) == "nils: Di bid blind nil; not {'x': 1} nor {}"
    assert told(text, NAMES) == text  # plain words name no player: shown as they are


@pytest.mark.parametrize(
    "phrase",
    [
        Phrase("hearts.moon", {"seat": 1}),
        Phrase("words.player", {}),
        Phrase("words.player", {"seat": "Ann"}),
        Phrase("words.side", {"seats": 3}),
    ],
    ids=["a phrase of a newer version", "no argument", "a seat as text", "a side as a number"],
)
def test_a_phrase_this_version_cannot_read_is_said_to_be_unknown(phrase):
    assert told(phrase, NAMES) == "(words this version of Scorekeeper does not know)"


def _example(kind: str, word: str, rule: str):
    """An argument of ``kind`` whose seats are all seat 2 (Cy)."""
    return {
        "seat": 2,
        "side": [2],
        "list": [2],
        "either": [2],
        "card": "QC",
        "cards": ["QC", "10H"],
        "suit": "hearts",
        "suits": ["clubs", "hearts"],
        "shown": "five",
        "rule": rule,
        "game": "hearts",
        "event": "bid",
        "count": 3,
        "signed": -5,
        "each": [SAY("player", seat=2), SAY("player", seat=2)],
    }.get(kind, SAY("player", seat=2))


def _phrases() -> list[str]:
    for game_id in GAME_MODULES:
        get_game(game_id)  # its phrases are declared as it loads
    return sorted(phrase_ids())


@pytest.mark.parametrize("phrase_id", _phrases())
def test_every_declared_phrase_reads_with_names_and_no_field_left(phrase_id):
    prefix = phrase_id.split(".")[0]
    rule = next(iter(get_game(prefix).rules)).id if prefix in GAME_MODULES else ""
    fields = phrase_fields(phrase_id)
    args = {name: _example(*(spec + " ").split(" ", 1), rule) for name, spec in fields.items()}
    text = told(Phrase(phrase_id, args), NAMES)
    assert "{" not in text and "None" not in text and "[" not in text, text
    if any(spec.split(" ")[0] in ("seat", "side", "list", "either") for spec in fields.values()):
        assert "Cy" in text
    assert "words this version" not in text


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_rule_titles_hold_no_braces_so_penalty_words_keep_them(game_id):
    for rule in get_game(game_id).rules:
        assert "{" not in rule.title + rule.id and "}" not in rule.title + rule.id, rule.id


PASS, PLAY = Event("pass", seat=4), Event("play", seat=1, card=QUEEN)
FOUR_PLAYS = [
    Event("play", seat=seat, card=Card.parse(code))
    for seat, code in enumerate(("9H", "10H", "JH", "QH"))
]


@pytest.mark.parametrize(
    ("event", "before", "words"),
    [
        pytest.param(PASS, [], "Eve pass", id="a pass: Eve pass"),
        pytest.param(PLAY, [], "Ben play Q♣", id="a card: Ben play Q♣"),
        pytest.param(Event("bid", seat=2, value=0), [], "Cy bid nil", id="a nil bid"),
        pytest.param(Event("bid", seat=2, value=4), [], "Cy bid 4", id="a bid of 4"),
        pytest.param(
            Event("name_trump", seat=3, suit=Suit.HEARTS), [], "Di trump call ♥", id="trump named"
        ),
        pytest.param(Event("result", data={}), [], "quick entry of hand 3", id="a quick entry"),
        pytest.param(
            Event("correction", ref=1, data=PASS.to_json()),
            [],
            "correction of hand 3",
            id="a correction",
        ),
        pytest.param(
            Event("decision", value="stand", ref=0),
            FOUR_PLAYS,
            "Let it stand with the penalty",
            id="let it stand",
        ),
        pytest.param(
            Event("decision", value="take_back", ref=3),
            FOUR_PLAYS,
            "Take back: 1 card returns to its hand",
            id="take back one card",
        ),
        pytest.param(
            Event("decision", value="take_back", ref=0),
            [PASS],
            "Take back: the pass is removed",
            id="take back a pass",
        ),
        pytest.param(
            Event("decision", value="take_back", ref=0),
            FOUR_PLAYS,
            "Take back: 4 cards return to hands",
            id="take back four cards",
        ),
        pytest.param(
            Event("decision", value="take_back", ref=0),
            [PASS, *FOUR_PLAYS],
            "Take back: 5 entries are removed, 4 cards among them",
            id="take back a pass and four cards",
        ),
    ],
)
def test_each_action_is_named_for_undo_and_redo_from_its_event(event, before, words):
    """Hand 3's action in a game that records it, named with the players' names, never
    a seat number."""
    game = next(
        game
        for game in map(get_game, GAME_MODULES)
        if event.kind in {action.kind for action in (*game.actions, *TABLE)}
    )
    assert step_words(game, 2, event, NAMES, before) == words


@pytest.mark.parametrize(
    ("game_id", "event", "words"),
    [
        pytest.param("sheepshead", Event("pick", seat=1), "Ben picked", id="a pick"),
        pytest.param("euchre", Event("pass", seat=0), "Ann passed", id="a pass"),
        pytest.param(
            "euchre",
            Event("call", seat=3, value="alone"),
            "Di defended alone",
            id="a euchre defender going alone, not a picker",
        ),
        pytest.param(
            "sheepshead", Event("call", value="alone"), "the picker went alone", id="alone"
        ),
        pytest.param(
            "spades", Event("bid", seat=2, value=0, blind=True), "Cy bid blind nil", id="blind nil"
        ),
        pytest.param("california_jack", Event("draw", seat=1), "Ben drew", id="an unseen draw"),
    ],
)
def test_an_event_is_said_in_its_games_words_with_the_players_name(game_id, event, words):
    assert event_words(get_game(game_id), event, NAMES) == words


def test_a_phrase_of_a_game_not_loaded_yet_is_told_in_its_words():
    """A process that reads a stored phrase before it has used its game (a report, the
    command line) still words it: the games are loaded to find its template."""
    code = (
        "from scorekeeper.phrases import Phrase\n"
        "from scorekeeper.words import told\n"
        "print(told(Phrase('tricks.follow', {'suit': 'hearts'}), []))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "had to follow hearts"
