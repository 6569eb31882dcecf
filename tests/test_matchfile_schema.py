"""The schema checker behind the match file: JSON types, places, and no half-understood schema."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.matchfile import match_schema
from scorekeeper.schema import SchemaViolation, check_schema, validate

NUMBERS = {"type": "object", "properties": {"n": {"type": "integer"}, "x": {"type": "number"}}}


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
    with pytest.raises(SchemaViolation) as error:
        validate(value, NUMBERS)
    assert str(error.value) == message


def test_an_integer_is_a_number():
    validate({"x": 3}, NUMBERS)


@pytest.mark.parametrize("keyword", ["oneOf", "format", "patternProperties", "if"])
def test_a_schema_keyword_it_does_not_understand_is_refused(keyword):
    with pytest.raises(ValueError, match=f"schema keyword '{keyword}' is not supported"):
        check_schema({"type": "object", "properties": {"a": {keyword: {}}}})


def test_the_match_schema_uses_only_understood_keywords():
    check_schema(match_schema())


def test_a_long_value_is_quoted_short_in_the_message():
    with pytest.raises(SchemaViolation) as error:
        validate({"kind": "x" * 5000}, match_schema()["$defs"]["event"], match_schema())
    assert "x" * 40 not in str(error.value)
    assert "x…" in str(error.value)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=6))
def test_only_card_codes_pass_as_cards(text):
    from scorekeeper.cards import Card

    schema = match_schema()
    codes = {card.code for card in Card._all}
    try:
        validate(text, schema["$defs"]["card"], schema)
        accepted = True
    except SchemaViolation as error:
        accepted = False
        assert str(error).endswith("is not a card")
    assert accepted == (text in codes)
