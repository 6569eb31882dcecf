"""The JSON match file (``docs/match-format.md``, ``resources/match.schema.json``).

Reading never executes anything: the file's size is checked before it is read, the text
is parsed as strict JSON (no duplicate keys, no ``NaN``), checked against the schema,
turned into events and match settings, and every event is replayed through the
adjudicator. Each step's error names the place: ``hands[3].events[12].card: 'QX' is not
a card``. Writing is canonical (fixed key order, two-space indent, UTF-8), so export →
import → export gives the same bytes.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from scorekeeper.adjudicator import Refused
from scorekeeper.events import Event, EventError
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.games.base import Game
from scorekeeper.ledger import Ledger
from scorekeeper.match import HandRecord, MatchInfo
from scorekeeper.names import name_problem
from scorekeeper.resources import resource_path
from scorekeeper.schema import SchemaViolation, check_schema, shown, validate

FORMAT = "scorekeeper-match"
VERSION = 1
MAX_FILE_BYTES = 20 * 1024 * 1024


class MatchFileError(ValueError):
    """A match file that cannot be used; the message names the file's problem and place."""


@cache
def match_schema() -> dict[str, Any]:
    """The JSON Schema of the match file, from ``resources/match.schema.json``."""
    schema = json.loads(resource_path("match.schema.json").read_text(encoding="utf-8"))
    schema["properties"]["game"]["enum"] = list(GAME_MODULES)  # the one registry
    check_schema(schema)
    return schema


# -- reading ---------------------------------------------------------------------------


def read_document(path: str | os.PathLike[str]) -> Any:
    """The file's JSON value, refusing a file over :data:`MAX_FILE_BYTES` before reading it."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise MatchFileError(
                f"{path} is {size / 2**20:.1f} MB; a match file is at most "
                f"{MAX_FILE_BYTES // 2**20} MB, so it was not read"
            )
        with path.open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise MatchFileError(f"{path} cannot be read: {error.strerror}") from None
    if len(data) > MAX_FILE_BYTES:
        raise MatchFileError(f"{path} is over {MAX_FILE_BYTES // 2**20} MB, so it was not read")
    return parse_json(data, str(path))


def parse_json(data: bytes, name: str = "the file") -> Any:
    """Strict JSON from UTF-8 bytes; a byte-order mark is allowed."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise MatchFileError(f"{name} is not UTF-8 text (byte {error.start})") from None
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise MatchFileError(
            f"{name} is not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None
    except RecursionError:
        raise MatchFileError(f"{name} is nested too deeply to be a match file") from None
    except ValueError as error:
        raise MatchFileError(f"{name} is not valid JSON: {error}") from None


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"the key {key!r} appears twice in one object")
        result[key] = value
    return result


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_match(document: Any) -> tuple[MatchInfo, list[HandRecord]]:
    """Settings and hands from a match file's JSON value; raises :class:`MatchFileError`."""
    if isinstance(document, dict):
        if document.get("format") != FORMAT:
            raise MatchFileError(f"format: this is not a Scorekeeper match file (no {FORMAT!r})")
        version = document.get("version")
        if type(version) is int and version > VERSION:
            raise MatchFileError(
                f"version: this file is format version {version}, written by a newer "
                f"Scorekeeper; this version reads version {VERSION}"
            )
    try:
        validate(document, match_schema())
    except SchemaViolation as error:
        raise MatchFileError(str(error)) from None
    info = _match_info(document)
    hands = []
    for number, raw in enumerate(document["hands"]):
        events = []
        for index, event in enumerate(raw["events"]):
            try:
                events.append(Event.from_json(event, f"hands[{number}].events[{index}]"))
            except EventError as error:
                raise MatchFileError(str(error)) from None
        hands.append(HandRecord(raw["dealer"], events))
    return info, hands


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
        earlier = [other.strip().casefold() for other in players[:seat]]
        if player.strip().casefold() in earlier:
            first = earlier.index(player.strip().casefold())
            raise MatchFileError(f"players[{seat}]: {shown(player)} already sits at seat {first}")
    if document["first_dealer"] >= game.seats:
        raise MatchFileError(
            f"first_dealer: seat {document['first_dealer']} is not at a table of {game.seats}"
        )
    preset = document["preset"]
    if preset not in game.preset_ids:
        raise MatchFileError(
            f"preset: {shown(preset)} is not a {game.title} preset ({', '.join(game.preset_ids)})"
        )
    try:
        settings = game.settings(preset, **document.get("options", {}))
    except ValueError as error:
        raise MatchFileError(f"options: {error}") from None
    return MatchInfo(
        name=document["name"],
        game=document["game"],
        settings=settings,
        players=tuple(players),
        first_dealer=document["first_dealer"],
        played_on=document["played_on"],
        place=document.get("place", ""),
    )


def _game(game_id: str) -> Game:
    try:
        return get_game(game_id)
    except ImportError:
        raise MatchFileError(f"game: {game_id!r} is not available in this version") from None


def replay(info: MatchInfo, hands: Sequence[HandRecord]) -> Ledger:
    """Every event through the adjudicator; a refused event is a :class:`MatchFileError`."""
    try:
        return Ledger(info, hands)
    except Refused as error:
        raise MatchFileError(str(error)) from None


def load_match(path: str | os.PathLike[str]) -> Ledger:
    """Read, check and replay a match file."""
    return replay(*parse_match(read_document(path)))


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


def dumps(document: dict[str, Any]) -> str:
    """The canonical text of a match file (as :func:`match_document` orders it, ``hands``
    last): one field a line, one event a line."""

    def compact(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = [f"  {compact(key)}: {compact(value)}," for key, value in document.items()]
    hands = [
        f'    {{"dealer": {compact(hand["dealer"])}, "events": [\n'
        + ",\n".join(f"      {compact(event)}" for event in hand["events"])
        + ("\n    ]}" if hand["events"] else "]}")
        for hand in document["hands"]
    ]
    lines[-1] = '  "hands": [\n' + ",\n".join(hands) + "\n  ]" if hands else '  "hands": []'
    return "{\n" + "\n".join(lines) + "\n}\n"


def write_match(path: str | os.PathLike[str], info: MatchInfo, hands: Sequence[HandRecord]) -> None:
    """Write the file whole or not at all: a failed export leaves any earlier file as it was."""
    write_text_atomically(Path(path), dumps(match_document(info, hands)))


def write_text_atomically(path: Path, text: str) -> None:
    """Write beside ``path``, sync, then rename over it (the new file gets the usual mode)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        with temporary.open("x", encoding="utf-8", newline="\n") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
