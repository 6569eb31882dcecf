"""The JSON match file: lossless export and import, and every malformed file refused by place."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import matchfile
from scorekeeper.games import GAME_MODULES, event_actions
from scorekeeper.matchfile import (
    MatchFileError,
    dumps,
    load_match,
    match_document,
    match_schema,
    parse_match,
    read_document,
    write_match,
)
from scorekeeper.outfile import OutputError
from scorekeeper.storage import Store
from tests.storage.samples import played_match

GAMES = list(GAME_MODULES)


@pytest.fixture(scope="module")
def euchre_document() -> dict[str, Any]:
    ledger = played_match("euchre")
    return match_document(ledger.info, ledger.records())


def write(path: Path, document: Any) -> Path:
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("game", GAMES)
def test_export_import_export_gives_identical_json(tmp_path, game):
    ledger = played_match(game)
    first = tmp_path / "first.json"
    write_match(first, ledger.info, ledger.records())
    loaded = load_match(first)
    assert loaded.records() == ledger.records()
    assert loaded.totals == ledger.totals
    with Store(tmp_path / "db.sqlite3") as store:
        stored = store.load(store.create_match(loaded.info, loaded.records()))
    second = tmp_path / "second.json"
    write_match(second, stored.info, stored.hands)
    assert second.read_bytes() == first.read_bytes()


def test_the_schema_lists_exactly_the_event_kinds():
    kinds = match_schema()["$defs"]["event"]["properties"]["kind"]["enum"]
    assert kinds == list(event_actions())


def test_a_file_of_every_field_round_trips_exactly(tmp_path, euchre_document):
    document = {
        **euchre_document,
        "name": "<b>Friday</b> & %s 🂡 שרה",
        "players": ["<i>Ann</i>", "Ben & Co", "%s%d", "שרה 🃏"],
        "options": {"stick_the_dealer": True, "target": 11},
        "place": "Café 'Bénédicte'",
    }
    path = write(tmp_path / "unusual.json", document)
    ledger = load_match(path)
    assert ledger.info.players == ("<i>Ann</i>", "Ben & Co", "%s%d", "שרה 🃏")
    assert match_document(ledger.info, ledger.records()) == document


def set_in(document: dict[str, Any], place: str, value: Any) -> dict[str, Any]:
    """A copy of ``document`` with the value at a place like ``hands[0].events[7].card``."""
    copy = json.loads(json.dumps(document))
    *parents, last = place.replace("[", ".").replace("]", "").split(".")
    target = copy
    for part in parents:
        target = target[int(part)] if isinstance(target, list) else target[part]
    if value is _DELETE:
        del target[last]
    elif isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return copy


_DELETE = object()
Change = Callable[[dict[str, Any]], Any]


def change(place: str, value: Any) -> Change:
    return lambda document: set_in(document, place, value)


BAD_DOCUMENTS = [
    pytest.param(
        change("hands[0].events[7].card", "QX"),
        r'hands\[0\]\.events\[7\]\.card: "QX" is not a card',
        id="a card that does not exist: QX",
    ),
    pytest.param(
        change("hands[0].events[0].cards", ["JS", "1C"]),
        r'hands\[0\]\.events\[0\]\.cards\[1\]: "1C" is not a card',
        id="a card in a list that does not exist",
    ),
    pytest.param(
        lambda d: [d], r"the file: expected an object, got a list", id="a list instead of a match"
    ),
    pytest.param(
        change("format", "spreadsheet"),
        r"format: this is not a Scorekeeper match file",
        id="another format",
    ),
    pytest.param(
        change("version", 2),
        r"version: this file is format version 2, written by a newer Scorekeeper",
        id="a newer format version",
    ),
    pytest.param(change("hands", _DELETE), r'the file: missing "hands"', id="no hands"),
    pytest.param(
        change("hands", {"dealer": 0}),
        r"hands: expected a list, got an object",
        id="hands of the wrong shape",
    ),
    pytest.param(
        change("hands[0].events[3]", ["deal", 0]),
        r"hands\[0\]\.events\[3\]: expected an object, got a list",
        id="an event of the wrong shape",
    ),
    pytest.param(
        change("hands[0].events[4].colour", "red"),
        r'hands\[0\]\.events\[4\]: unknown field "colour"',
        id="an unknown event field",
    ),
    pytest.param(
        change("hands[0].events[4].alone", True),
        r'hands\[0\]\.events\[4\]: "alone" is not a field of the kind "upcard"',
        id="a field another kind has, on a kind that declares none",
    ),
    pytest.param(
        change("hands[0].events[4].kind", "shuffle"),
        r'hands\[0\]\.events\[4\]\.kind: "shuffle" is not an event kind',
        id="an unknown event kind",
    ),
    pytest.param(
        change("hands[0].events[5].seat", True),
        r"hands\[0\]\.events\[5\]\.seat: true is not a seat number",
        id="a seat that is true",
    ),
    pytest.param(
        change("game", "poker"),
        rf'game: "poker" is not a game \({", ".join(GAME_MODULES)}\)',
        id="an unknown game",
    ),
    pytest.param(
        change("preset", "tournament"),
        r'preset: "tournament" is not a Euchre preset \(standard, kata\)',
        id="an unknown preset",
    ),
    pytest.param(
        change("options", {"jokers": True}),
        r"options: 'jokers' is not a Euchre house option",
        id="an unknown house option",
    ),
    pytest.param(
        change("players[1]", "x" * 10_000),
        r"players\[1\]: has at most 64 characters, this one has 10000",
        id="a 10,000-character name",
    ),
    pytest.param(
        change("players[1]", "Ann\u202eeve"),
        r"players\[1\]: a name cannot hold the invisible character U\+202E",
        id="a name hiding a direction override",
    ),
    pytest.param(
        change("players[2]", " ann "),
        r'players\[2\]: " ann " already sits at the table as players\[0\]',
        id="a player at two seats",
    ),
    pytest.param(
        change("players", ["Ann", "Ben", "Cy"]),
        r"players: Euchre needs 4 players, got 3",
        id="too few players",
    ),
    pytest.param(
        change("first_dealer", 4),
        r"first_dealer: seat 4 is not at a table of 4",
        id="a dealer who is not at the table",
    ),
    pytest.param(
        change("played_on", "May 4th"),
        r'played_on: "May 4th" is not a date \(YYYY-MM-DD\)',
        id="a date in words",
    ),
    pytest.param(
        change("hands[1].dealer", 3),
        r"hands\[1\]\.dealer: seat 3 \(Di\) cannot deal hand 2; seat 1 \(Ben\) does",
        id="the wrong dealer",
    ),
    pytest.param(
        change("hands[0].events[11].card", "9C"),
        r"hands\[0\]\.events\[11\]: .*9♣",
        id="an event the adjudicator refuses: a card played twice",
    ),
]


@pytest.mark.parametrize(("damage", "message"), BAD_DOCUMENTS)
def test_a_malformed_match_is_refused_naming_the_place(tmp_path, euchre_document, damage, message):
    path = write(tmp_path / "bad.json", damage(euchre_document))
    with pytest.raises(MatchFileError, match=message):
        load_match(path)


BAD_TEXT = [
    pytest.param(
        b'{"format": "scorekeeper-match", "version": 1,',
        r"is not valid JSON: .* \(line 1, column 46\)",
        id="JSON cut short",
    ),
    pytest.param(b"", r"is empty: it holds no match", id="an empty file"),
    pytest.param(b'{"a": 1, "a": 2}', r'the key "a" appears twice', id="a key twice"),
    pytest.param(b'{"a": NaN}', r"NaN is not a number JSON allows", id="NaN"),
    pytest.param(b"\xff\xfe{}", r"is not UTF-8 text \(byte 0\)", id="UTF-16 text"),
    pytest.param(b"[" * 100_000, r"nested too deeply", id="nested a hundred thousand deep"),
    pytest.param(b"<match><name>x</name></match>", r"is not valid JSON", id="XML"),
]


@pytest.mark.parametrize(("data", "message"), BAD_TEXT)
def test_text_that_is_not_json_is_refused(tmp_path, data, message):
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    with pytest.raises(MatchFileError, match=message):
        load_match(path)


def test_a_byte_order_mark_is_allowed(tmp_path, euchre_document):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + dumps(euchre_document).encode())
    assert parse_match(read_document(path))[0].name == euchre_document["name"]


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path, monkeypatch):
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(matchfile.MAX_FILE_BYTES + 1)

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the file was read")

    monkeypatch.setattr(Path, "open", never)
    with pytest.raises(MatchFileError, match=r"20\.0 MB; a match file is at most 20 MB"):
        read_document(path)


def test_a_failed_export_leaves_the_earlier_file_as_it_was(tmp_path, euchre_document, monkeypatch):
    ledger = load_match(write(tmp_path / "in.json", euchre_document))
    target = tmp_path / "out.json"
    target.write_text("earlier export\n")

    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(matchfile.os, "replace", full_disk)
    with pytest.raises(OutputError, match=r"out\.json could not be written: the disk is full"):
        write_match(target, ledger.info, ledger.records())
    assert target.read_text() == "earlier export\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.json", "out.json"]


def test_the_apps_export_refuses_a_read_only_file_without_naming_a_command_option(
    tmp_path, euchre_document
):
    ledger = load_match(write(tmp_path / "in.json", euchre_document))
    target = tmp_path / "out.json"
    target.write_text("kept\n")
    target.chmod(0o444)
    with pytest.raises(OutputError) as refused:
        write_match(target, ledger.info, ledger.records())
    assert str(refused.value) == f"{target} is read-only, so it was not replaced"
    assert target.read_text() == "kept\n"
