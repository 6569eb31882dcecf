"""Checks a JSON value against a JSON Schema, naming the first place that does not fit.

Only the keywords Scorekeeper's own schemas use are understood (``type``, ``const``,
``enum``, ``properties``, ``required``, ``additionalProperties``, ``items``,
``minItems``/``maxItems``, ``minLength``/``maxLength``, ``minimum``/``maximum``,
``pattern`` and local ``$ref``); a schema using any other keyword is refused rather than
half-checked. Messages read like ``hands[3].events[12].card: 'QX' is not a card``: a
schema's ``title`` names what a value should have been.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

KEYWORDS = frozenset(
    {
        "$schema",
        "$defs",
        "$ref",
        "title",
        "description",
        "type",
        "const",
        "enum",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "minItems",
        "maxItems",
        "minLength",
        "maxLength",
        "minimum",
        "maximum",
        "pattern",
    }
)

_TYPE_WORDS = {
    "object": "an object",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "null",
}


class SchemaViolation(ValueError):
    """A value that does not fit the schema; ``where`` is its place (``players[2]``)."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where or 'the file'}: {problem}")
        self.where = where
        self.problem = problem


def json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    return {
        dict: "object",
        list: "array",
        str: "string",
        float: "number",
        type(None): "null",
    }.get(type(value), type(value).__name__)


def shown(value: Any, limit: int = 40) -> str:
    """``repr(value)``, shortened: a message quotes what it refuses, not all of it."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


def check_schema(schema: Any) -> None:
    """Refuse a schema that uses a keyword :func:`validate` does not understand."""
    if isinstance(schema, dict):
        unknown = set(schema) - KEYWORDS
        if unknown:
            raise ValueError(f"schema keyword {sorted(unknown)[0]!r} is not supported")
        for key, part in schema.items():
            if key in ("properties", "$defs"):
                for sub in part.values():
                    check_schema(sub)
            elif key in ("items", "additionalProperties"):
                check_schema(part)


def validate(value: Any, schema: dict[str, Any], root: dict[str, Any] | None = None) -> None:
    """Raise :class:`SchemaViolation` at the first place ``value`` does not fit ``schema``."""
    _check(value, schema, root or schema, "")


@cache
def _pattern(text: str) -> re.Pattern[str]:
    return re.compile(text)


def _resolve(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/$defs/"):
            raise ValueError(f"only local references are supported, not {ref!r}")
        schema = root["$defs"][ref.removeprefix("#/$defs/")]
    return schema


def _check(value: Any, schema: dict[str, Any], root: dict[str, Any], where: str) -> None:
    schema = _resolve(schema, root)
    kind = json_type(value)
    title = schema.get("title")

    def fail(problem: str, titled: bool = True) -> None:
        """Say what the value should have been when the schema names it (``a card``)."""
        if titled and title and kind not in ("object", "array"):
            choices = schema.get("enum")
            listed = f" ({', '.join(map(str, choices))})" if choices else ""
            problem = f"{shown(value)} is not {title}{listed}"
        raise SchemaViolation(where, problem)

    if "type" in schema:
        allowed = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if kind not in allowed and not (kind == "integer" and "number" in allowed):
            words = " or ".join(_TYPE_WORDS[name] for name in allowed)
            fail(f"expected {words}, got {_TYPE_WORDS.get(kind, kind)}")
    if "const" in schema and (value != schema["const"] or json_type(schema["const"]) != kind):
        fail(f"expected {schema['const']!r}, got {shown(value)}")
    if "enum" in schema and value not in schema["enum"]:
        fail(f"{shown(value)} is not one of {', '.join(map(str, schema['enum']))}")
    if kind == "string":
        _check_text(value, schema, fail)
    elif kind in ("integer", "number"):
        if value < schema.get("minimum", value) or value > schema.get("maximum", value):
            fail(f"{value!r} is outside {schema.get('minimum')}–{schema.get('maximum')}")
    elif kind == "array":
        _check_list(value, schema, root, where, fail)
    elif kind == "object":
        _check_object(value, schema, root, where)


def _check_text(value: str, schema: dict[str, Any], fail: Any) -> None:
    if len(value) < schema.get("minLength", 0):
        fail("cannot be empty" if not value else f"is shorter than {schema['minLength']}", False)
    if len(value) > schema.get("maxLength", len(value)):
        fail(f"has at most {schema['maxLength']} characters, this one has {len(value)}", False)
    if "pattern" in schema and not _pattern(schema["pattern"]).search(value):
        fail(f"{shown(value)} does not have the expected form")


def _check_list(
    value: list[Any], schema: dict[str, Any], root: dict[str, Any], where: str, fail: Any
) -> None:
    if len(value) < schema.get("minItems", 0):
        fail(f"needs at least {schema['minItems']} entries, has {len(value)}", False)
    if len(value) > schema.get("maxItems", len(value)):
        fail(f"has at most {schema['maxItems']} entries, this one has {len(value)}", False)
    if "items" in schema:
        for index, item in enumerate(value):
            _check(item, schema["items"], root, f"{where}[{index}]")


def _check_object(
    value: dict[str, Any], schema: dict[str, Any], root: dict[str, Any], where: str
) -> None:
    for key in schema.get("required", ()):
        if key not in value:
            raise SchemaViolation(where, f"missing {key!r}")
    properties = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    for key, item in value.items():
        place = f"{where}.{key}" if where else key
        if key in properties:
            _check(item, properties[key], root, place)
        elif extra is False:
            raise SchemaViolation(where, f"unknown field {key!r}")
        elif isinstance(extra, dict):
            _check(item, extra, root, place)
