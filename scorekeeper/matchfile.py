"""The JSON match file (``docs/match-format.md``, ``resources/match.schema.json``).

Reading never executes anything: the file's size is checked before it is read, the text
is parsed as strict JSON (no duplicate keys, no ``NaN``), checked against the schema,
turned into events and match settings, and every event is replayed through the
adjudicator. Each step's error names the place: ``hands[3].events[12].card: 'QX' is not
a card``. Writing is canonical (fixed key order, two-space indent, UTF-8), so export →
import → export gives the same bytes.
"""

from __future__ import annotations

import gc
import json
import math
import os
import re
import stat
from collections.abc import Callable, Iterator, Sequence
from datetime import date
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import fastjsonschema

from scorekeeper import database_files
from scorekeeper.adjudicator import Refused
from scorekeeper.events import Event, EventError
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.games.base import Game
from scorekeeper.ledger import Ledger, MatchReading, SettledHand
from scorekeeper.match import HandRecord, MatchInfo
from scorekeeper.names import name_problem, same_name
from scorekeeper.outfile import check_target, write_output
from scorekeeper.paths import what_it_is
from scorekeeper.progress import Tell, told
from scorekeeper.quote import cut, shown
from scorekeeper.resources import resource_path

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator, ValidationError

FORMAT = "scorekeeper-match"
VERSION = 1
MAX_FILE_BYTES = 20 * 1024 * 1024


class MatchFileError(ValueError):
    """A match file that cannot be used; the message names the file's problem and place."""


@cache
def match_schema() -> dict[str, Any]:
    """The JSON Schema of the match file, from ``resources/match.schema.json`` (a valid one:
    the tests check it, so a command need not)."""
    schema: dict[str, Any] = json.loads(resource_path("match.schema.json").read_text("utf-8"))
    schema["properties"]["game"]["enum"] = list(GAME_MODULES)  # the one registry
    return schema


@cache
def _compiled() -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    """The match schema's two parts (:func:`_parts`) compiled to Python code: they pass a
    sound file many times faster than the reference validator. They are stricter in one
    corner (a pattern does not match before a final line break), so what they refuse is
    judged again by the reference."""
    outer, event = _parts()
    return (
        fastjsonschema.compile(outer, use_default=False),
        fastjsonschema.compile(event, use_default=False),
    )


@cache
def _validators() -> tuple[Draft202012Validator, Draft202012Validator]:
    """The reference validators of the match schema's two parts (:func:`_parts`), loaded
    only for a file the compiled schema refuses (the library takes long to load)."""
    from jsonschema import Draft202012Validator

    outer, event = _parts()
    return Draft202012Validator(outer), Draft202012Validator(event)


def _parts() -> tuple[dict[str, Any], dict[str, Any]]:
    """The match schema as two: the file without its events, and an event. References are
    resolved here, so that checking needs no look-ups."""
    schema = _resolved(match_schema(), match_schema()["$defs"])
    events = schema["properties"]["hands"]["items"]["properties"]["events"]
    return schema, events.pop("items")


def _resolved(node: Any, definitions: dict[str, Any]) -> Any:
    """``node`` with every local ``$ref`` replaced by what it names (the schema has no cycle)."""
    if isinstance(node, list):
        return [_resolved(item, definitions) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        return _resolved(definitions[node["$ref"].removeprefix("#/$defs/")], definitions)
    return {key: _resolved(value, definitions) for key, value in node.items() if key != "$defs"}


_TYPE_WORDS = {
    "object": "an object",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "null",
}


def check_document(document: Any, validator: Draft202012Validator | None = None) -> None:
    """Refuse a document that does not fit the match schema (or ``validator``'s), naming
    the first place that does not fit: ``hands[2].events[5].card: "QX" is not a card``.

    The match's events are checked one by one after the rest, each distinct event once
    (a match repeats the same plays and passes many times). A document the compiled
    schema passes fits; any other is judged by the reference validator."""
    if validator is not None:
        _refuse_first(validator, document, ())
        return
    outer, event = _compiled()
    try:
        outer(document)
        _each_distinct_event(document, lambda number, index, value: event(value))
        return
    except fastjsonschema.JsonSchemaException:
        pass  # the reference validator decides, and names the place
    outer_validator, event_validator = _validators()
    _refuse_first(outer_validator, document, ())
    _each_distinct_event(
        document,
        lambda number, index, value: _refuse_first(
            event_validator, value, ("hands", number, "events", index)
        ),
    )


def _each_distinct_event(document: Any, check: Callable[[int, int, Any], object]) -> None:
    """``check(hand number, event index, event)`` for the first of each distinct event."""
    checked: set[str] = set()
    for number, hand in enumerate(document["hands"]):
        for index, event in enumerate(hand["events"]):
            key = event_key(event)
            if key not in checked:
                check(number, index, event)
                checked.add(key)


def event_key(event: Any) -> str:
    """An event's value as text: of values read from JSON, two with the same key are the
    same value (``repr`` quotes text and tells ``1``, ``1.0`` and ``true`` apart)."""
    return repr(event)


def _refuse_first(validator: Draft202012Validator, value: Any, where: tuple[Any, ...]) -> None:
    """Raise :class:`MatchFileError` for the first place (in file order) ``value`` fails."""
    error = min(
        validator.iter_errors(value),
        key=lambda error: [(isinstance(part, str), part) for part in error.absolute_path],
        default=None,
    )
    if error is not None:
        place = place_of((*where, *error.absolute_path)) or "the file"
        raise MatchFileError(f"{place}: {_problem(error)}")


def place_of(path: Sequence[str | int]) -> str:
    """A place in the document as the messages write it: ``hands[2].events[5].card``."""
    words = ""
    for part in path:
        words += f"[{part}]" if isinstance(part, int) else f".{part}" if words else str(part)
    return words


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    for name, kind in (("integer", int), ("number", float), ("string", str)):
        if isinstance(value, kind):
            return name
    return "array" if isinstance(value, list) else "object" if isinstance(value, dict) else "null"


def _problem(error: ValidationError) -> str:
    """What is wrong, in words; a schema's ``title`` says what the value should have been."""
    # an error a validator reports has all of these (they are unset only in one made by hand)
    value: Any = error.instance
    expected: Any = error.validator_value  # the value of the schema's keyword
    keyword = error.validator
    schema = error.schema if isinstance(error.schema, dict) else {}
    title = schema.get("title")
    kind = _json_type(value)
    if keyword == "required":
        missing = next(key for key in expected if key not in value)
        return f'missing "{missing}"'
    if keyword == "additionalProperties":
        extra = sorted(set(value) - set(schema.get("properties", {})))
        if schema.get("properties", {}).get("kind") is True:  # a kind's own fields
            return f"{shown(extra[0])} is not a field of the kind {shown(value['kind'])}"
        return f"unknown field {shown(extra[0])}"
    if keyword == "minLength" and value == "":
        return "cannot be empty"
    if keyword == "maxLength":
        return f"has at most {expected} characters, this one has {len(value)}"
    if keyword == "minItems":
        return f"needs at least {expected} entries, has {len(value)}"
    if keyword == "maxItems":
        return f"has at most {expected} entries, this one has {len(value)}"
    if title and kind not in ("object", "array"):
        choices = schema.get("enum")
        listed = f" ({', '.join(map(str, choices))})" if choices else ""
        return f"{shown(value)} is not {title}{listed}"
    if keyword == "type":
        allowed = expected
        allowed = allowed if isinstance(allowed, list) else [allowed]
        words = " or ".join(_TYPE_WORDS[name] for name in allowed)
        return f"expected {words}, got {_TYPE_WORDS[kind]}"
    if keyword == "const":
        return f"expected {shown(expected)}, got {shown(value)}"
    if keyword == "enum":
        return f"{shown(value)} is not one of {', '.join(map(str, expected))}"
    if keyword in ("minimum", "maximum"):
        return f"{shown(value)} is outside {schema.get('minimum')}–{schema.get('maximum')}"
    if keyword == "pattern":
        return f"{shown(value)} does not have the expected form"
    return f"{shown(value)} does not fit the match format"


# -- reading ---------------------------------------------------------------------------


def read_document(path: str | os.PathLike[str]) -> Any:
    """The file's JSON value. Only a regular file is read (a pipe or a device is refused at
    once, never waited on), and one over :data:`MAX_FILE_BYTES` is refused unread."""
    path = Path(path)
    if database_files.held_here(path):  # reading it here would drop the database's locks
        raise MatchFileError(f"{path} is the match database in use, not a match file")
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise MatchFileError(f"{path} cannot be read: {error.strerror}") from None
    found = os.fstat(descriptor)
    if not stat.S_ISREG(found.st_mode):
        os.close(descriptor)
        raise MatchFileError(f"{path} cannot be read: {what_it_is(found.st_mode)}")
    size = found.st_size
    with os.fdopen(descriptor, "rb") as file:
        if size > MAX_FILE_BYTES:
            raise MatchFileError(
                f"{path} is {size / 2**20:.1f} MB; a match file is at most "
                f"{MAX_FILE_BYTES // 2**20} MB, so it was not read"
            )
        try:
            data = file.read(MAX_FILE_BYTES + 1)
        except OSError as error:
            raise MatchFileError(f"{path} cannot be read: {error.strerror}") from None
    if len(data) > MAX_FILE_BYTES:
        raise MatchFileError(f"{path} is over {MAX_FILE_BYTES // 2**20} MB, so it was not read")
    if not data.strip():
        raise MatchFileError(f"{path} is empty: it holds no match")
    return parse_json(data, str(path))


def parse_json(data: bytes, name: str = "the file") -> Any:
    """Strict JSON from UTF-8 bytes; a byte-order mark is allowed. Numbers must be finite
    and of reasonable length, and a whole number written ``3.0`` is read as ``3``; text may
    not hold half of a character (a lone surrogate)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise MatchFileError(f"{name} is not UTF-8 text (byte {error.start})") from None
    collecting = gc.isenabled()
    gc.disable()  # a JSON value holds no cycle: collecting while it is built is wasted work
    try:
        document = json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_constant=_no_constant,
            parse_float=_finite,
            parse_int=_whole,
        )
    except json.JSONDecodeError as error:
        raise MatchFileError(
            f"{name} is not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None
    except RecursionError:
        raise MatchFileError(f"{name} is nested too deeply to be a match file") from None
    except ValueError as error:
        raise MatchFileError(f"{name} is not valid JSON: {error}") from None
    finally:
        if collecting:
            gc.enable()
    if _ESCAPED_SURROGATE.search(text):
        _refuse_half_characters(document, "")
    return document


_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89abcdefABCDEF]")
MAX_NUMBER_DIGITS = 30


def _finite(text: str) -> float | int:
    """A number written with a fraction or an exponent. A whole one (``0.0``, ``1e2``) is
    read as the whole number it is, as JSON Schema counts it: the format has no field that
    tells ``1.0`` from ``1``, so every later step sees one kind of whole number."""
    value = float(text)
    if not math.isfinite(value) or len(text) > MAX_NUMBER_DIGITS:
        raise ValueError(f"the number {cut(text)} is too large or too long")
    if not value.is_integer():
        return value
    whole = int(value)
    if len(str(abs(whole))) > MAX_NUMBER_DIGITS:
        raise ValueError(f"the number {cut(text)} is too large or too long")
    return whole


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise ValueError(f"the number {cut(text)} is too large or too long")
    return int(text)


def _refuse_half_characters(value: Any, where: str) -> None:
    """Refuse text holding a lone surrogate: it can be neither stored nor printed."""
    if isinstance(value, str):
        if any("\ud800" <= char <= "\udfff" for char in value):
            raise MatchFileError(
                f"{where or 'the file'}: {shown(value)} holds half of a character "
                "(a lone surrogate); write the whole character"
            )
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _refuse_half_characters(item, f"{where}[{index}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            _refuse_half_characters(key, where)
            _refuse_half_characters(item, f"{where}.{key}" if where else key)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"the key {shown(key)} appears twice in one object")
        result[key] = value
    return result


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_match(document: Any) -> tuple[MatchInfo, list[HandRecord]]:
    """Settings and hands from a match file's JSON value; raises :class:`MatchFileError`."""
    return match_info(document), list(hand_records(document))


def match_info(document: Any) -> MatchInfo:
    """The match's settings, once the whole document fits the match format; raises
    :class:`MatchFileError`."""
    if isinstance(document, dict):
        if document.get("format") != FORMAT:
            raise MatchFileError(
                f'format: this is not a Scorekeeper match file (no "format": "{FORMAT}")'
            )
        version = document.get("version")
        if type(version) is int and version > VERSION:
            raise MatchFileError(
                f"version: this file is format version {version}, written by a newer "
                f"Scorekeeper; this version reads version {VERSION}"
            )
    check_document(document)
    return _match_info(document)


def hand_records(document: dict[str, Any]) -> Iterator[HandRecord]:
    """Each hand of a document that fits the match format, read when it is asked for;
    raises :class:`MatchFileError` for an event that cannot be read."""
    read: dict[str, Event] = {}  # each distinct event is read once (events are values)
    for number, raw in enumerate(document["hands"]):
        events = []
        for index, event in enumerate(raw["events"]):
            key = event_key(event)
            known = read.get(key)
            if known is None:
                try:
                    known = read[key] = Event.from_json(event, f"hands[{number}].events[{index}]")
                except EventError as error:
                    raise MatchFileError(str(error)) from None
            events.append(known)
        yield HandRecord(raw["dealer"], events)


def _match_info(document: dict[str, Any]) -> MatchInfo:
    game = _game(document["game"])
    players = document["players"]
    for place, name in [("name", document["name"])] + [
        (f"players[{seat}]", player) for seat, player in enumerate(players)
    ]:
        problem = name_problem(name)
        if problem:
            raise MatchFileError(f"{place}: {problem}")
    if len(players) != game.seats:
        raise MatchFileError(
            f"players: {game.title} needs {game.seats} players, got {len(players)}"
        )
    for seat, player in enumerate(players):
        for first, other in enumerate(players[:seat]):
            if same_name(player, other):
                raise MatchFileError(
                    f"players[{seat}]: {shown(player)} already sits at the table as "
                    f"players[{first}] ({shown(other)}); one player cannot sit twice"
                )
    if document["first_dealer"] >= game.seats:
        raise MatchFileError(
            f"first_dealer: seat {document['first_dealer']} is not at a table of {game.seats}"
        )
    preset = document["preset"]
    if preset not in game.preset_ids:
        raise MatchFileError(
            f"preset: {shown(preset)} is not a {game.title} preset ({', '.join(game.preset_ids)})"
        )
    options = document.get("options", {})
    choices = {option.id: option.choices for option in game.options}
    for key, value in options.items():
        kinds = {type(choice) for choice in choices.get(key, ())}
        if kinds and type(value) not in kinds:  # true is not 1; 10.5 is not 10 (10.0 is)
            listed = ", ".join(shown(choice) for choice in choices[key])
            raise MatchFileError(f"options.{key}: {shown(value)} is not one of {listed}")
    try:
        settings = game.settings(preset, **options)
    except ValueError as error:
        raise MatchFileError(f"options: {error}") from None
    try:
        date.fromisoformat(document["played_on"])
    except ValueError:
        raise MatchFileError(
            f"played_on: {shown(document['played_on'])} is not a day on the calendar"
        ) from None
    return MatchInfo(
        name=document["name"],
        game=document["game"],
        settings=settings,
        players=tuple(players),
        first_dealer=document["first_dealer"],
        played_on=document["played_on"],
        place=document.get("place", ""),
    )


def _game(game_id: str) -> Game[Any]:
    try:
        return get_game(game_id)
    except ImportError:
        raise MatchFileError(f"game: {shown(game_id)} is not available in this version") from None


def replay(info: MatchInfo, hands: Sequence[HandRecord], replaying: Tell | None = None) -> Ledger:
    """Every event through the adjudicator; a refused event is a :class:`MatchFileError`.
    The record goes on past the file's end: a ruling undecided there stands undecided.
    ``replaying(done, total)`` is told of the hands replayed."""
    try:
        ledger = Ledger(info, hands if replaying is None else told(hands, replaying))
    except Refused as error:
        raise MatchFileError(str(error)) from None
    ledger.went_on()
    return ledger


def load_match(path: str | os.PathLike[str], replaying: Tell | None = None) -> Ledger:
    """Read, check and replay a match file (``replaying`` is told of the hands)."""
    return replay(*parse_match(read_document(path)), replaying)


def read_match(
    path: str | os.PathLike[str], replaying: Tell | None = None
) -> tuple[MatchReading, Iterator[SettledHand]]:
    """Read and check a match file, then replay it hand by hand as the hands are asked
    for, keeping none: what ``scorekeeper check`` tells. Every error is the one
    :func:`load_match` raises for the same file, raised when it is met. ``replaying``
    is told of the hands replayed."""
    return replay_forward(read_document(path), replaying)


def replay_forward(
    document: Any, replaying: Tell | None = None
) -> tuple[MatchReading, Iterator[SettledHand]]:
    """A match file's JSON value checked, then replayed hand by hand as :func:`read_match`
    replays it. An event that fits the schema can always be read, so the first error met
    in the file is the one :func:`load_match` raises."""
    info = match_info(document)
    try:
        reading = MatchReading(info)
    except Refused as error:
        raise MatchFileError(str(error)) from None
    hands = hand_records(document)
    if replaying is not None:
        hands = told(hands, replaying, total=len(document["hands"]))
    return reading, _settled(reading, hands)


def _settled(reading: MatchReading, hands: Iterator[HandRecord]) -> Iterator[SettledHand]:
    try:
        yield from reading.read(hands, to_the_end=True)  # as :func:`replay` reads a file
    except Refused as error:
        raise MatchFileError(str(error)) from None


# -- writing ---------------------------------------------------------------------------


def match_document(info: MatchInfo, hands: Sequence[HandRecord]) -> dict[str, Any]:
    """The match as the file's JSON value, keys in the documented order."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": info.name,
        "game": info.game,
        "preset": info.settings.preset,
        "options": dict(sorted(info.settings.options.items())),
        "players": list(info.players),
        "first_dealer": info.first_dealer,
        "played_on": info.played_on,
        "place": info.place,
        "hands": [
            {"dealer": hand.dealer, "events": [event.to_json() for event in hand.events]}
            for hand in hands
        ],
    }


_COMPACT = json.JSONEncoder(ensure_ascii=False, allow_nan=False)
"""What ``json.dumps`` with these options makes, without building an encoder per value."""


def dumps(document: dict[str, Any]) -> str:
    """The canonical text of a match file (as :func:`match_document` orders it, ``hands``
    last): one field a line, one event a line."""

    def compact(value: Any) -> str:
        try:
            return _COMPACT.encode(value)
        except ValueError:  # a file must never hold Infinity or NaN: import would refuse it
            raise MatchFileError(f"{shown(value)} holds a number that is not finite") from None

    lines = [f"  {compact(key)}: {compact(value)}," for key, value in document.items()]
    hands = [
        f'    {{"dealer": {compact(hand["dealer"])}, "events": [\n'
        + ",\n".join(f"      {compact(event)}" for event in hand["events"])
        + ("\n    ]}" if hand["events"] else "]}")
        for hand in document["hands"]
    ]
    lines[-1] = '  "hands": [\n' + ",\n".join(hands) + "\n  ]" if hands else '  "hands": []'
    return "{\n" + "\n".join(lines) + "\n}\n"


def checked_file(info: MatchInfo, hands: Sequence[HandRecord]) -> bytes:
    """The match file's bytes, read back as ``check`` reads them: a match whose stored data
    cannot make a valid file (a name holding a control character, a place too long) raises
    :class:`MatchFileError` naming the place, so what is written always passes."""
    data = dumps(match_document(info, hands)).encode("utf-8")
    replay(*parse_match(parse_json(data)))
    return data


def write_match(
    path: str | os.PathLike[str],
    info: MatchInfo,
    hands: Sequence[HandRecord],
    force: bool = False,
) -> None:
    """Write the file whole or not at all: a failed export leaves any earlier file as it
    was (see :mod:`scorekeeper.outfile`; ``-`` is standard output)."""
    check_target(path, force=force, force_option=None)
    write_output(path, checked_file(info, hands))
