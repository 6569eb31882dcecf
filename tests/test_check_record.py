"""``scorekeeper check --json``: the structured record validates against its own schema,
for every example file and for 250 random hands of every game (1,000 in a slow test; some
with a renege the table lets stand, so rulings and their evidence are in the record)."""

from __future__ import annotations

import contextlib
import io
import json
import random
from dataclasses import fields
from pathlib import Path

import fastjsonschema
import jsonschema
import pytest

from scorekeeper.cli import main
from scorekeeper.evidence import KINDS
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from scorekeeper.record import check_schema, match_record, schema_text
from tests.storage.samples import example_files

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "resources" / "check.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
FAST = fastjsonschema.compile(SCHEMA)
"""The same schema compiled to code: the random hands' runs check with it, for speed."""
EXAMPLES = example_files()
PLAYERS = ("Ann", "Ben", "Cy", "Di", "Eve")
HANDS = 250
"""Random hands of each game in the suite: each shape of a hand's record that 1,000 hands
give is in them but one (a Sheepshead ruling's text naming a card, first at hand 761)."""
FULL_HANDS = 1000
RENEGE_RATE = 0.02  # of plays: a held card that breaks a rule, let stand


def problems(record: dict) -> list[str]:
    """Schema errors of ``record`` as it reads back from JSON, with their place."""
    document = json.loads(json.dumps(record, ensure_ascii=False))
    return [
        f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
        for error in leaves(VALIDATOR.iter_errors(document))
    ]


def leaves(errors):
    """The innermost errors: a document that fits neither shape (a match, an unusable
    file) is explained by what each shape found wrong."""
    for error in errors:
        if error.context:
            yield from leaves(error.context)
        else:
            yield error


def test_the_compiled_schema_refuses_what_the_reference_validator_refuses():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["check", "--json", str(EXAMPLES[0])])
    record = json.loads(out.getvalue())
    record["hands"][0]["tricks"][0]["cards"][0]["card"] = "1Z"
    record["hands"][0]["rulings"] = [{"rule": "x"}]
    del record["hands"][-1]["totals"]
    last = len(record["hands"]) - 1
    found = problems(record)
    for place in ("hands/0/tricks/0/cards/0/card: ", "hands/0/rulings/0: ", f"hands/{last}: "):
        assert any(problem.startswith(place) for problem in found), place
    with pytest.raises(fastjsonschema.JsonSchemaException):
        FAST(record)


def test_the_stored_schema_is_the_one_the_games_declarations_make():
    """Rewrite it with: python -m scorekeeper.record"""
    stored = (ROOT / "resources" / "check.schema.json").read_text(encoding="utf-8")
    assert stored == schema_text(check_schema())
    hand = SCHEMA["$defs"]["record"]["properties"]["hands"]["items"]
    enum = hand["properties"]["roles"]["propertyNames"]["enum"]
    declared = {role for game_id in GAME_MODULES for role in get_game(game_id).roles}
    assert sorted(enum) == sorted(declared)


@pytest.mark.parametrize("game_id", GAME_MODULES)
def test_the_fields_a_game_lifts_into_the_record_are_described(game_id):
    hand = SCHEMA["$defs"]["record"]["properties"]["hands"]["items"]
    assert set(get_game(game_id).record_fields) <= set(hand["properties"])


def test_the_schema_is_a_valid_json_schema_and_docs_holds_the_same_file():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert (ROOT / "docs" / "check.schema.json").read_bytes() == (
        ROOT / "resources" / "check.schema.json"
    ).read_bytes()


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.kind)
def test_every_kind_of_evidence_is_described_field_by_field(kind):
    described = SCHEMA["$defs"][f"evidence_{kind.kind}"]
    assert set(described["properties"]) == {"kind", *(f.name for f in fields(kind))}
    assert {"$ref": f"#/$defs/evidence_{kind.kind}"} in SCHEMA["$defs"]["evidence"]["oneOf"]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_check_json_of_every_example_validates(path):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["check", "--json", str(path)])
    record = json.loads(out.getvalue())
    assert code in (0, 1), record.get("error")
    assert problems(record) == []
    assert record["hands"] and all(hand["finished"] for hand in record["hands"])


def test_check_json_of_an_unusable_file_validates(tmp_path):
    broken = tmp_path / "broken.json"
    document = json.loads((ROOT / "docs" / "examples" / "euchre.json").read_text(encoding="utf-8"))
    document["hands"][0]["events"][3]["card"] = "QX"
    broken.write_text(json.dumps(document), encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(["check", "--json", str(broken)])
    record = json.loads(out.getvalue())
    assert code == 2 and record["usable"] is False
    assert record["place"].startswith("hands[0].events[3]")
    assert problems(record) == []


def test_a_ruling_carries_its_evidence_as_data():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["check", "--json", str(ROOT / "docs" / "examples" / "spades.json")])
    ruling = json.loads(out.getvalue())["hands"][0]["rulings"][0]
    assert ruling["rule"] == "spades.play.follow-suit"
    assert (ruling["seat"], ruling["player"], ruling["card"]) == (2, "Cy", "AC")
    assert ruling["evidence"] == [
        {
            "kind": "held",
            "seat": 2,
            "cards": ["2H", "8H"],
            "reason": {"phrase": "tricks.follow", "args": {"suit": "hearts"}},
        }
    ]
    assert ruling["lines"][-1].strip() == "had to follow hearts: Cy held 2♥ 8♥"


def play_match_hands(game_id: str, hands: int, rng: random.Random) -> list[Ledger]:
    """``hands`` random hands, recorded event by event into matches (a new match when
    one ends), some with a renege the table lets stand."""
    game = get_game(game_id)
    settings = game.settings()
    info = MatchInfo("Random", game_id, settings, PLAYERS[: game.seats])
    ledgers = [Ledger(info)]
    for _ in range(hands):
        ledger = ledgers[-1]
        if ledger.game_over:
            ledger = Ledger(info)
            ledgers.append(ledger)
        log = ledger.current
        for event in game.deal(rng, settings, log.dealer):
            ledger.record(event)
        number = len(ledger.hands) - 1
        while options := log.state.legal_events():
            event = options[rng.randrange(len(options))]
            wrong = _wrong_play(log.state, event, rng)
            ruling = ledger.record(wrong or event)
            if ruling.violations:
                ledger.decide(number, ruling.event_index, "stand")
    return ledgers


def _wrong_play(state, event, rng):
    """Now and then, instead of a legal play, another held card the rules forbid."""
    if event.kind != "play" or rng.random() >= RENEGE_RATE:
        return None
    hand = state.hands[event.seat]
    if hand is None:
        return None
    legal = {e.card for e in state.legal_events() if e.kind == "play"}
    held = [card for card in state.game.deck if hand >> card & 1 and card not in legal]
    return type(event)("play", seat=event.seat, card=rng.choice(held)) if held else None


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_check_json_of_random_hands_validates(game_id):
    check_random_hands(game_id, HANDS)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_check_json_of_a_thousand_random_hands_validates(game_id):
    check_random_hands(game_id, FULL_HANDS)


def check_random_hands(game_id: str, count: int) -> None:
    rng = random.Random(f"check-record-{game_id}")
    ledgers = play_match_hands(game_id, count, rng)
    records = [match_record(ledger) for ledger in ledgers]
    hands = [hand for record in records for hand in record["hands"]]
    assert len(hands) == count
    assert all(hand["finished"] for hand in hands)
    assert any(hand["rulings"] for hand in hands), "no renege was recorded"
    for record in records:
        FAST(json.loads(json.dumps(record, ensure_ascii=False)))
        for hand in record["hands"]:
            cards = sum(len(trick["cards"]) for trick in hand["tricks"])
            assert sum(seat["tricks"] for seat in hand["seats"]) == len(hand["tricks"])
            assert cards >= len(hand["tricks"])
