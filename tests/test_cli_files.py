"""The command line with hostile files and paths: what is read, what is written, and what
is said, each in plain words and never a traceback."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from scorekeeper import __version__, cli
from scorekeeper.matchfile import MatchFileError, dumps, match_document
from scorekeeper.paths import DATA_DIR_VARIABLE, database_path
from scorekeeper.storage import Store
from tests import test_cli
from tests.storage.samples import clean_match, played_match

data_dir = test_cli.data_dir  # every test's database in its own folder
run = test_cli.run

ROOT = Path(__file__).resolve().parent.parent


def saved(path: Path, ledger=None) -> Path:
    return test_cli.saved(path, ledger or clean_match("euchre"))


def child(tmp_path: Path, *argv: str, text: bool = True) -> subprocess.CompletedProcess:
    """``python *argv`` in a child process using the test's data folder."""
    return subprocess.run(
        [sys.executable, *argv],
        capture_output=True,
        text=text,
        cwd=ROOT,
        timeout=120,
        env={**os.environ, DATA_DIR_VARIABLE: str(tmp_path / "data")},
    )


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
        set_field("options", {"stick_the_dealer": 1}),
        r"options\.stick_the_dealer: 1 is not one of false, true",
        id="1 for a yes-or-no option",
    ),
    pytest.param(
        set_field("options", {"target": 10.5}),
        r"options\.target: 10\.5 is not one of 10, 5, 11",
        id="10.5 for a whole-number option",
    ),
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
        result = child(tmp_path, "-m", "scorekeeper.cli", *argv)
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
    ("played_on", "2024-02-31", "an impossible date"),
]


@pytest.mark.parametrize(
    ("command", "column", "value"),
    [
        pytest.param(command, column, value, id=f"{command}: {words}")
        for command in ("list", "export", "report")
        for column, value, words in BAD_COLUMNS
        if not (command == "list" and column in ("options", "played_on"))  # list only prints them
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


@pytest.mark.parametrize("dealer", ["Ann", 7, -1])
@pytest.mark.parametrize("command", ["export", "report"])
def test_a_malformed_dealer_column_is_named_never_a_traceback(tmp_path, capsys, command, dealer):
    match_id = stored_match()
    db = sqlite3.connect(database_path())
    db.execute("UPDATE events SET dealer = ? WHERE match_id = ?", (dealer, match_id))
    db.commit()
    db.close()
    output = str(tmp_path / ("out.json" if command == "export" else "out.pdf"))
    status, _, err = run(capsys, command, "1", "-o", output)
    assert status == 2
    assert f"match {match_id} is damaged: hands[0].dealer is not a seat" in err


def test_a_malformed_kept_outcome_is_replayed_instead(tmp_path, capsys):
    path = saved(tmp_path / "m.json", played_match("euchre"))
    assert run(capsys, "import", str(path))[0] == 0
    db = sqlite3.connect(database_path())
    assert db.execute("UPDATE hand_outcomes SET outcome = '{\"x\": [}'").rowcount
    db.commit()
    db.close()
    status, _, err = run(capsys, "report", "1", "-o", str(tmp_path / "m.pdf"))
    assert (status, err) == (0, "")
    assert (tmp_path / "m.pdf").read_bytes().startswith(b"%PDF")


# -- what is written ------------------------------------------------------------------------


def test_report_over_its_own_match_file_is_refused(tmp_path, capsys):
    path = saved(tmp_path / "m.json")
    before = path.read_bytes()
    status, _, err = run(capsys, "report", str(path), "-o", str(path))
    assert status == 2
    assert "is the match file being read; choose another output file" in err
    assert path.read_bytes() == before


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm"])
@pytest.mark.parametrize("command", ["export", "report"])
def test_output_over_the_database_is_refused(tmp_path, capsys, data_dir, command, suffix):
    stored_match()
    target = Path(f"{database_path()}{suffix}")
    target.touch()
    before = {p.name: p.read_bytes() for p in data_dir.iterdir()}
    status, _, err = run(capsys, command, "1", "-o", str(target))
    assert status == 2
    assert "is the match database; choose another output file" in err
    assert {p.name: p.read_bytes() for p in data_dir.iterdir()} == before


def test_output_to_a_device_is_refused(tmp_path, capsys):
    stored_match()
    status, _, err = run(capsys, "export", "1", "-o", "/dev/full")
    assert status == 2
    assert (
        err
        == "scorekeeper export: /dev/full cannot be written: it is a device, not a regular file\n"
    )


@pytest.mark.parametrize("command", ["export", "report"])
def test_output_to_a_folder_or_a_missing_folder_leaves_nothing_behind(tmp_path, capsys, command):
    stored_match()
    folder = tmp_path / "out"
    folder.mkdir()
    status, _, err = run(capsys, command, "1", "-o", str(folder))
    assert status == 2
    assert f"{folder} cannot be written: it is a folder, not a file" in err
    status, _, err = run(capsys, command, "1", "-o", str(tmp_path / "missing" / "x.out"))
    assert status == 2
    assert f"the folder {tmp_path / 'missing'} does not exist" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "out"]
    assert list(folder.iterdir()) == []
    assert ".tmp" not in err and ".part" not in err


def test_a_read_only_target_is_replaced_only_with_force(tmp_path, capsys):
    stored_match()
    target = tmp_path / "out.json"
    target.write_text("kept\n")
    target.chmod(0o444)
    status, _, err = run(capsys, "export", "1", "-o", str(target))
    assert status == 2
    assert f"{target} is read-only, so it was not replaced; give --force to replace it" in err
    assert target.read_text() == "kept\n"
    assert run(capsys, "export", "1", "-o", str(target), "--force")[0] == 0
    assert json.loads(target.read_text())["name"] == "Friday euchre"


def test_a_target_through_a_symlink_is_written_only_with_force(tmp_path, capsys):
    stored_match()
    real = tmp_path / "real.json"
    real.write_text("kept\n")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    status, _, err = run(capsys, "export", "1", "-o", str(link))
    assert status == 2
    assert f"{link} is a symbolic link to {real}, so it was not written; give --force" in err
    assert real.read_text() == "kept\n"
    assert run(capsys, "export", "1", "-o", str(link), "--force")[0] == 0
    assert link.is_symlink()
    assert json.loads(real.read_text())["name"] == "Friday euchre"


def test_dash_writes_to_stdout(tmp_path):
    stored_match()
    exported = child(tmp_path, "-m", "scorekeeper.cli", "export", "1", "-o", "-")
    assert exported.returncode == 0
    assert json.loads(exported.stdout)["name"] == "Friday euchre"
    assert "Exported match 1" in exported.stderr
    reported = child(tmp_path, "-m", "scorekeeper.cli", "report", "1", "-o", "-", text=False)
    assert reported.returncode == 0
    assert reported.stdout.startswith(b"%PDF")


# -- the command line itself ---------------------------------------------------------------


def test_a_missing_data_dir_is_an_error_and_nothing_is_made(tmp_path, capsys):
    mistyped = tmp_path / "scorekeper"
    status, out, err = run(capsys, "list", "--data-dir", str(mistyped))
    assert status == 2
    assert out == ""
    assert err == f"scorekeeper list: --data-dir {mistyped}: no such folder\n"
    assert not mistyped.exists()


def test_a_closed_pipe_ends_the_list_quietly(tmp_path):
    ledger = clean_match("euchre")
    with Store(database_path()) as store:
        for number in range(1500):
            store.create_match(replace(ledger.info, name=f"Night {number}"))
    listing = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "list"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, DATA_DIR_VARIABLE: str(tmp_path / "data")},
    )
    assert b"Night 1499" in listing.stdout.readline()
    listing.stdout.close()  # as `head -1` does
    assert listing.wait(timeout=120) == 0
    assert listing.stderr.read() == b""


def test_importing_the_same_match_twice_is_refused_naming_it(tmp_path, capsys):
    path = saved(tmp_path / "m.json", played_match("spades"))
    assert run(capsys, "import", str(path))[0] == 0
    status, _, err = run(capsys, "import", str(path))
    assert status == 2
    assert "this match is already stored as match 1; give --as-new to add it again" in err
    status, out, _ = run(capsys, "import", str(path), "--as-new")
    assert status == 0
    assert "as match 2" in out


@pytest.mark.parametrize("name", ["Fri/Sat euchre", "friday.json"])
def test_a_match_named_like_a_path_is_found_by_name(tmp_path, capsys, monkeypatch, name):
    stored_match(name)
    monkeypatch.chdir(tmp_path)
    status, _, err = run(capsys, "report", name, "-o", "sheet.pdf")
    assert (status, err) == (0, "")
    assert (tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF")
    assert run(capsys, "export", name, "-o", "out.json")[0] == 0
    assert json.loads((tmp_path / "out.json").read_text())["name"] == name


def test_a_name_that_is_neither_a_file_nor_a_match_says_so(tmp_path, capsys):
    status, _, err = run(capsys, "report", "nowhere.json", "-o", str(tmp_path / "x.pdf"))
    assert status == 2
    assert (
        err == "scorekeeper report: nowhere.json: no such file, and no stored match by that name\n"
    )


def test_version(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"scorekeeper {__version__}\n"


def test_a_wrong_option_under_a_command_prints_that_commands_usage(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["check", "m.json", "--jsn"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: scorekeeper check ")
    assert "unrecognized arguments: --jsn" in err


def test_an_event_holding_infinity_in_the_database_is_never_exported(tmp_path, capsys):
    match_id = stored_match()
    db = sqlite3.connect(database_path())
    db.execute(
        "UPDATE events SET event = ? WHERE match_id = ? AND hand = 0 AND seq = 0",
        ('{"kind":"result","data":{"tricks":Infinity}}', match_id),
    )
    db.commit()
    db.close()
    status, _, err = run(capsys, "export", "1", "-o", str(tmp_path / "out.json"))
    assert status == 2
    assert f"match {match_id} is damaged at hands[0].events[0]" in err
    assert not (tmp_path / "out.json").exists()


def test_a_file_is_never_written_with_infinity():
    ledger = clean_match("euchre")
    document = match_document(ledger.info, ledger.records())
    document["hands"][0]["events"][0]["data"] = {"tricks": float("inf")}
    with pytest.raises(MatchFileError, match="holds a number that is not finite"):
        dumps(document)


def test_a_long_value_in_a_damaged_event_is_cut_in_the_message(tmp_path, capsys):
    match_id = stored_match()
    db = sqlite3.connect(database_path())
    db.execute(
        "UPDATE events SET event = ? WHERE match_id = ? AND hand = 0 AND seq = 0",
        (json.dumps({"kind": "x" * 4000}), match_id),
    )
    db.commit()
    db.close()
    status, _, err = run(capsys, "export", "1", "-o", str(tmp_path / "out.json"))
    assert status == 2
    assert f"match {match_id} is damaged at hands[0].events[0]" in err
    assert len(err) < 400


def test_a_match_that_differs_in_one_setting_is_not_a_duplicate(tmp_path, capsys):
    path = saved(tmp_path / "m.json", played_match("spades"))
    assert run(capsys, "import", str(path))[0] == 0
    document = json.loads(path.read_text(encoding="utf-8"))
    document["place"] = "Back room"
    path.write_text(json.dumps(document), encoding="utf-8")
    status, out, _ = run(capsys, "import", str(path))
    assert status == 0
    assert "as match 2" in out
