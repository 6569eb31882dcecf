"""The match schema, checked by the jsonschema library: strict JSON types, and messages
that name the place and say what the value should have been."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from scorekeeper.cards import Card
from scorekeeper.games import event_actions
from scorekeeper.match_schema import documented, generated
from scorekeeper.matchfile import MatchFileError, check_document, match_schema

ROOT = Path(__file__).resolve().parent.parent
NUMBERS = Draft202012Validator(
    {"type": "object", "properties": {"n": {"type": "integer"}, "x": {"type": "number"}}}
)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        pytest.param(
            {"n": True},
            "n: expected a whole number, got true or false",
            id="true is not an integer",
        ),
        pytest.param(
            {"n": 1.5}, "n: expected a whole number, got a number", id="1.5 is not an integer"
        ),
        pytest.param({"x": "1"}, "x: expected a number, got text", id="text is not a number"),
        pytest.param([], "the file: expected an object, got a list", id="a list is not an object"),
    ],
)
def test_json_types_are_strict(value, message):
    with pytest.raises(MatchFileError) as error:
        check_document(value, NUMBERS)
    assert str(error.value) == message


def test_an_integer_is_a_number():
    check_document({"x": 3}, NUMBERS)


def test_the_match_schema_is_a_valid_json_schema():
    Draft202012Validator.check_schema(match_schema())


def event_validator(name: str) -> Draft202012Validator:
    """A validator of one part of the match schema (an event, a card)."""
    schema = match_schema()
    return Draft202012Validator({"$defs": schema["$defs"], **schema["$defs"][name]})


def test_the_place_of_a_deep_value_is_named():
    document = json.loads((ROOT / "docs" / "examples" / "spades.json").read_text("utf-8"))
    event = document["hands"][0]["events"][12]
    assert "card" in event
    event["card"] = "QX"
    with pytest.raises(
        MatchFileError, match=r'^hands\[0\]\.events\[12\]\.card: "QX" is not a card$'
    ):
        check_document(document)


def test_a_long_value_is_quoted_short_in_the_message():
    with pytest.raises(MatchFileError) as error:
        check_document({"kind": "x" * 5000}, event_validator("event"))
    assert "x" * 40 not in str(error.value)
    assert "5,002 characters" in str(error.value)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=6))
def test_only_card_codes_pass_as_cards(text):
    codes = {card.code for card in Card._all}
    try:
        check_document(text, event_validator("card"))
        accepted = True
    except MatchFileError as error:
        accepted = False
        assert str(error).endswith("is not a card")
    assert accepted == (text in codes)


def test_the_first_place_in_file_order_is_named():
    document = json.loads((ROOT / "docs" / "examples" / "spades.json").read_text("utf-8"))
    document["hands"] = [dict(document["hands"][0]) for _ in range(12)]
    document["hands"][10] = {**document["hands"][10], "dealer": 9}
    document["hands"][2] = {**document["hands"][2], "dealer": -1}
    with pytest.raises(MatchFileError, match=r"^hands\[2\]\.dealer: -1 is not a seat number$"):
        check_document(document)


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 60)
    | st.sampled_from([0.0, 1.0, -0.0, 2.5, 1e300, 10**30])
    | st.sampled_from(["QC", "10H", "QC\n", "1X", "", "x" * 70, "2024-02-30", "play", "\ud800"])
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=6,
)


def _places(value, path=()):
    """Every place in a JSON value, the value itself first."""
    yield path
    if isinstance(value, dict | list):
        for key, inner in value.items() if isinstance(value, dict) else enumerate(value):
            yield from _places(inner, (*path, key))


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_a_changed_file_is_refused_exactly_when_the_reference_validator_refuses_it(data):
    """The compiled schema only speeds up passing a file: whatever it passes, the reference
    validator passes too, and the reference alone refuses and names the place."""
    document = json.loads((ROOT / "docs" / "examples" / "spades.json").read_text("utf-8"))
    document["hands"] = document["hands"][:2]
    for _ in range(data.draw(st.integers(1, 3))):
        *parent, last = data.draw(st.sampled_from(list(_places(document))[1:]))
        holder = document
        for key in parent:
            holder = holder[key]
        if isinstance(holder, dict) and data.draw(st.booleans()):
            last = data.draw(st.sampled_from(["kind", "card", "extra", "ref", "data", "value"]))
        holder[last] = data.draw(JSON_VALUES)
    fits = Draft202012Validator(match_schema()).is_valid(document)
    try:
        check_document(document)
        passed = True
    except MatchFileError:
        passed = False
    assert passed == fits


def test_the_stored_schema_is_the_one_the_declarations_generate():
    stored = (ROOT / "resources" / "match.schema.json").read_text("utf-8")
    assert generated(stored) == stored, "run python -m scorekeeper.match_schema"


def test_the_documented_kinds_are_the_ones_the_declarations_generate():
    stored = (ROOT / "docs" / "match-format.md").read_text("utf-8")
    assert documented(stored) == stored, "run python -m scorekeeper.match_schema"


def test_every_declared_kind_and_field_is_in_the_schema():
    schema = match_schema()["$defs"]["event"]
    assert schema["properties"]["kind"]["enum"] == list(event_actions())
    for rule in schema["allOf"]:
        kind = rule["if"]["properties"]["kind"]["const"]
        declared = {name for action in event_actions()[kind] for name in action.fields}
        assert set(rule["then"]["properties"]) == {"kind", *declared}, kind
