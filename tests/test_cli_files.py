"""The command line with hostile files and paths: what is read, what is written, and what
is said, each in plain words and never a traceback."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from scorekeeper import __version__, cli
from scorekeeper.matchfile import dumps, match_document, write_match
from scorekeeper.paths import DATA_DIR_VARIABLE, database_path
from scorekeeper.storage import Store
from tests.storage.samples import clean_match, played_match

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(folder))
    return folder


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def saved(path: Path, ledger=None) -> Path:
    ledger = ledger or clean_match("euchre")
    write_match(path, ledger.info, ledger.records())
    return path


def edited_document(path: Path, change) -> Path:
    document = json.loads(saved(path).read_text(encoding="utf-8"))
    change(document)
    path.write_text(
        json.dumps(document), encoding="utf-8"
    )  # text as JSON escapes, lone surrogates too
    return path


def stored_match(name: str = "Friday euchre") -> int:
    ledger = clean_match("euchre")
    with Store(database_path()) as store:
        return store.create_match(replace(ledger.info, name=name), ledger.records())


# -- what is read ---------------------------------------------------------------------------


def set_players(*names: str):
    def change(document):
        document["players"][: len(names)] = names

    return change


def set_field(key: str, value):
    def change(document):
        document[key] = value

    return change


BAD_FIELDS = [
    pytest.param(
        set_field("played_on", "2024-02-31"),
        r'played_on: "2024-02-31" is not a day on the calendar',
        id="played on February 31st",
    ),
    pytest.param(
        set_players("\ud800nn"),
        r"players\[0\]: .*half of a character",
        id="a lone surrogate in a name",
    ),
    pytest.param(
        set_field("place", "Kitchen \udc00"),
        r"place: .*half of a character",
        id="a lone surrogate in the place",
    ),
    pytest.param(
        set_players("Zo\u00eb", "Zoe\u0308"),
        'players\\[1\\]: "Zoe\u0308" already sits at the table as players\\[0\\] \\("Zo\u00eb"\\)',
        id="Zoë typed two ways",
    ),
    pytest.param(
        set_players("Ann", "Ann\u200b"),
        r"players\[1\]: .* already sits at the table as players\[0\]",
        id="Ann with a zero-width space",
    ),
    pytest.param(
        set_players("Ann", "\u200fAnn"),
        r"players\[1\]: .* already sits at the table as players\[0\]",
        id="Ann with a right-to-left mark",
    ),
]


@pytest.mark.parametrize(("change", "message"), BAD_FIELDS)
@pytest.mark.parametrize("command", ["check", "import"])
def test_a_bad_field_is_refused_naming_its_place(tmp_path, capsys, command, change, message):
    path = edited_document(tmp_path / "bad.json", change)
    status, out, err = run(capsys, command, str(path))
    assert status == 2
    assert out == ""
    assert err.startswith(f"scorekeeper {command}: ")
    assert __import__("re").search(message, err), err
    assert "Traceback" not in err
    assert not database_path().exists() or not Store(database_path()).matches()


def text_with_number(number: str) -> str:
    text = dumps(match_document(clean_match("euchre").info, clean_match("euchre").records()))
    return text.replace('"first_dealer": 0', f'"first_dealer": {number}', 1)


@pytest.mark.parametrize(
    ("number", "message"),
    [
        pytest.param("1e400", "the number 1e400 is too large", id="1e400 (infinite)"),
        pytest.param("-1e400", "the number -1e400 is too large", id="minus 1e400"),
        pytest.param("NaN", "NaN is not a number JSON allows", id="NaN"),
        pytest.param("Infinity", "Infinity is not a number JSON allows", id="Infinity"),
        pytest.param("9" * 4000, "is too large", id="a 4,000-digit number"),
    ],
)
def test_a_number_that_is_not_finite_or_too_long_is_refused_and_cut(
    tmp_path, capsys, number, message
):
    path = tmp_path / "numbers.json"
    assert '"first_dealer": 0' in text_with_number("0")
    path.write_text(text_with_number(number), encoding="utf-8")
    status, _, err = run(capsys, "check", str(path))
    assert status == 2
    assert message in err
    assert "9" * 100 not in err
    assert len(err) < 400


def test_a_number_too_large_in_a_quick_entry_result_never_reaches_an_export(tmp_path, capsys):
    text = text_with_number("0")
    path = tmp_path / "result.json"
    path.write_text(text.replace('"seat": 1', '"seat": 1e400', 1), encoding="utf-8")
    status, _, err = run(capsys, "import", str(path))
    assert status == 2
    assert "too large" in err
    assert not database_path().exists()


def special_files(tmp_path: Path) -> list:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    return [
        (fifo, "it is a named pipe, not a regular file"),
        (folder, "it is a folder, not a file"),
        (Path("/dev/zero"), "it is a device, not a regular file"),
    ]


@pytest.mark.parametrize("command", ["check", "import", "report"])
def test_only_regular_files_are_read_and_never_waited_on(tmp_path, command):
    """In a child process with a time limit: a pipe nobody writes to must not hang it."""
    for path, words in special_files(tmp_path):
        argv = [command, str(path)] + (
            ["-o", str(tmp_path / "out.pdf")] if command == "report" else []
        )
        result = subprocess.run(
            [sys.executable, "-m", "scorekeeper.cli", *argv],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
            env={**os.environ, DATA_DIR_VARIABLE: str(tmp_path / "data")},
        )
        assert result.returncode == 2
        assert result.stderr == f"scorekeeper {command}: {path} cannot be read: {words}\n"


def test_report_and_check_say_the_same_of_a_folder(tmp_path, capsys):
    folder = tmp_path / "night"
    folder.mkdir()
    _, _, checked = run(capsys, "check", str(folder))
    _, _, reported = run(capsys, "report", str(folder), "-o", str(tmp_path / "x.pdf"))
    assert checked.split(": ", 1)[1] == reported.split(": ", 1)[1]
    assert "no such file" not in reported


def test_an_empty_file_gets_a_plain_message(tmp_path, capsys):
    path = tmp_path / "empty.json"
    path.write_bytes(b"")
    status, _, err = run(capsys, "check", str(path))
    assert status == 2
    assert err == f"scorekeeper check: {path} is empty: it holds no match\n"


def test_check_json_on_an_unusable_file_prints_the_error_and_its_place(tmp_path, capsys):
    path = edited_document(tmp_path / "bad.json", set_field("played_on", "2024-02-31"))
    status, out, err = run(capsys, "check", str(path), "--json")
    assert status == 2
    assert json.loads(out) == {
        "file": str(path),
        "usable": False,
        "error": '"2024-02-31" is not a day on the calendar',
        "place": "played_on",
    }
    assert "played_on" in err


# -- the database's own columns --------------------------------------------------------------


BAD_COLUMNS = [
    ("players", "not json", "players not JSON"),
    ("players", '{"Ann": 1}', "players an object"),
    ("players", "[1, 2, 3, 4]", "players numbers"),
    ("options", "[]", "options a list"),
    ("options", '{"x": {}}', "options nested"),
    ("name", b"Ann", "bytes for a name"),
]


@pytest.mark.parametrize(
    ("command", "column", "value"),
    [
        pytest.param(command, column, value, id=f"{command}: {words}")
        for command in ("list", "export", "report")
        for column, value, words in BAD_COLUMNS
        if not (command == "list" and column == "options")  # the list shows no options
    ],
)
def test_a_malformed_database_column_is_named_never_a_traceback(
    tmp_path, capsys, command, column, value
):
    match_id = stored_match()
    db = sqlite3.connect(database_path())
    db.execute(f"UPDATE matches SET {column} = ? WHERE id = ?", (value, match_id))
    db.commit()
    db.close()
    argv = {"list": ["list"], "export": ["export", "1", "-o", str(tmp_path / "out.json")]}.get(
        command, ["report", "1", "-o", str(tmp_path / "out.pdf")]
    )
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert f"match {match_id} is damaged: its {column} column" in err
    assert not (tmp_path / "out.json").exists() and not (tmp_path / "out.pdf").exists()


def test_a_malformed_kept_outcome_is_replayed_instead(tmp_path, capsys):
    path = saved(tmp_path / "m.json", played_match("euchre"))
    assert run(capsys, "import", str(path))[0] == 0
    db = sqlite3.connect(database_path())
    assert db.execute("UPDATE hand_outcomes SET outcome = '{\"x\": [}'").rowcount
    db.commit()
    db.close()
    status, out, err = run(capsys, "report", "1", "-o", str(tmp_path / "m.pdf"))
    assert (status, err) == (0, "")
    assert (tmp_path / "m.pdf").read_bytes().startswith(b"%PDF")
