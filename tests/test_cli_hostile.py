"""The ``scorekeeper`` command against hostile input from outside: every input is answered
in one line with the documented exit status (0 clean, 1 rules broken, 2 unusable, 130
interrupted), commands that only read never write or make anything, nothing a terminal
would obey reaches it, and what ``export`` writes always passes ``check``.

Where the problem is the process itself (closed standard streams, Ctrl+C, the file-size
limit), the installed command runs in a child process."""

from __future__ import annotations

import json
import os
import re
import resource
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import cli
from scorekeeper.games import GAME_MODULES
from scorekeeper.paths import DATA_DIR_VARIABLE, DATABASE_NAME, database_path
from scorekeeper.storage import MIGRATIONS, SCHEMA_VERSION, Store
from tests import test_cli
from tests.storage.samples import clean_match, played_match

data_dir = test_cli.data_dir  # every test's database in its own folder
run = test_cli.run
saved = test_cli.saved

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
COMMAND = [sys.executable, "-m", "scorekeeper_app.launcher"]  # the installed command


def scorekeeper(
    data: Path, *argv: str, preexec: Callable[[], None] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """The installed command in a child process, its database in ``data``."""
    return subprocess.run(
        [*COMMAND, *argv],
        capture_output=True,
        cwd=ROOT,
        timeout=120,
        env={**os.environ, DATA_DIR_VARIABLE: str(data)},
        preexec_fn=preexec,
    )


def one_line(err: str) -> str:
    """The one line a refusal prints; never a traceback."""
    assert "Traceback" not in err, err
    assert err.endswith("\n") and err.count("\n") == 1, err
    return err


def store_example(game: str = "euchre") -> int:
    with Store(database_path()) as store:
        ledger = clean_match(game)
        return store.create_match(ledger.info, ledger.records())


def damage(sql: str, *values: object) -> None:
    """Change the database from outside, as another program could."""
    db = sqlite3.connect(database_path())
    assert db.execute(sql, values).rowcount
    db.commit()
    db.close()


# -- whole numbers written with a fraction: one way everywhere ------------------------------


def example(game: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / f"{game}.json").read_text(encoding="utf-8"))


def events(document: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for hand in document["hands"]:
        yield from hand["events"]


def first_event(document: dict[str, Any], field: str, kind: str | None = None) -> dict[str, Any]:
    return next(e for e in events(document) if field in e and kind in (None, e["kind"]))


def written(holder_of: Callable[[dict[str, Any]], dict[str, Any]], key: str):
    """Write the whole number at ``key`` as ``int`` or ``float`` makes it: 1 or 1.0."""

    def change(document: dict[str, Any], kind: type) -> None:
        holder = holder_of(document)
        assert type(holder[key]) is int
        holder[key] = kind(holder[key])

    return change


WHOLE_NUMBERS = [
    pytest.param("euchre", written(lambda d: d, "first_dealer"), id="the first dealer 0.0"),
    pytest.param("euchre", written(lambda d: d, "version"), id="the version 1.0"),
    pytest.param("euchre", written(lambda d: d["hands"][1], "dealer"), id="a hand's dealer 1.0"),
    pytest.param("euchre", written(lambda d: first_event(d, "seat"), "seat"), id="a seat 1.0"),
    pytest.param(
        "spades", written(lambda d: first_event(d, "value", "bid"), "value"), id="a bid 5.0"
    ),
    pytest.param("euchre", written(lambda d: first_event(d, "ref"), "ref"), id="a ref 8.0"),
    pytest.param(
        "euchre",
        written(lambda d: first_event(d, "data", "result")["data"], "tricks"),
        id="a quick result's tricks 4.0",
    ),
    pytest.param(
        "euchre",
        written(lambda d: d.update(options={"target": 5}) or d["options"], "target"),
        id="a house option's 5.0",
    ),
]


@pytest.mark.parametrize(
    "command",
    [pytest.param(["check"], id="check"), pytest.param(["check", "--json"], id="check --json")],
)
@pytest.mark.parametrize(("game", "change"), WHOLE_NUMBERS)
def test_a_whole_number_written_with_a_fraction_reads_as_that_number(
    tmp_path, capsys, game, change, command
):
    path = tmp_path / "match.json"
    answers = []
    for kind in (int, float):
        document = example(game)
        change(document, kind)
        path.write_text(json.dumps(document), encoding="utf-8")
        answers.append(run(capsys, *command, str(path)))
    assert ".0" in path.read_text(encoding="utf-8")
    assert answers[1] == answers[0]
    assert answers[0][0] in (0, 1)


@pytest.mark.parametrize("command", ["check", "check --json", "import", "report"])
@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_a_first_dealer_of_0_0_is_seat_0_in_every_game(tmp_path, capsys, game, command):
    document = example(game)
    document["first_dealer"] = float(document["first_dealer"])
    path = tmp_path / "match.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    words = command.split()
    output = ["-o", str(tmp_path / "sheet.pdf")] if command == "report" else []
    status, out, err = run(capsys, words[0], str(path), *words[1:], *output)
    assert status in (0, 1), err
    assert err == ""
    if command == "check --json":
        assert json.loads(out)["hands"]
    if command == "import":
        with Store(database_path()) as store:
            assert store.load(1).info.first_dealer == document["first_dealer"]


def with_fraction(holder_of: Callable[[dict[str, Any]], dict[str, Any]], key: str):
    def change(document: dict[str, Any]) -> None:
        holder_of(document)[key] += 0.5

    return change


FRACTIONS = [
    pytest.param(
        with_fraction(lambda d: d, "first_dealer"),
        "first_dealer: 0.5 is not a seat number",
        id="the first dealer 0.5",
    ),
    pytest.param(
        with_fraction(lambda d: d["hands"][1], "dealer"),
        r"hands\[1\]\.dealer: 1\.5 is not a seat number",
        id="a hand's dealer 1.5",
    ),
    pytest.param(
        with_fraction(lambda d: first_event(d, "seat"), "seat"),
        r"hands\[0\]\.events\[0\]\.seat: 1\.5 is not a seat number",
        id="a seat 1.5",
    ),
    pytest.param(
        with_fraction(lambda d: first_event(d, "ref"), "ref"),
        r"hands\[0\]\.events\[9\]\.ref: expected a whole number, got a number",
        id="a ref 8.5",
    ),
]


@pytest.mark.parametrize(("change", "message"), FRACTIONS)
def test_a_number_with_a_fraction_where_a_whole_one_belongs_is_refused_at_its_place(
    tmp_path, capsys, change, message
):
    document = example("euchre")
    change(document)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    status, out, err = run(capsys, "check", str(path))
    assert (status, out) == (2, "")
    assert re.search(message, one_line(err)), err


def test_a_value_of_the_wrong_kind_is_quoted_as_the_file_writes_it(tmp_path, capsys):
    """A correction's event is read after the schema: its message quotes the value as the
    file writes it, never as Python would."""
    document = example("euchre")
    hand = document["hands"][0]["events"]
    hand.append({"kind": "correction", "ref": 5, "data": {"kind": "order_up", "seat": "Ben"}})
    path = tmp_path / "match.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    status, _, err = run(capsys, "check", str(path))
    assert status == 2
    assert 'correction.seat: "Ben" is not a seat number' in one_line(err)


# -- numbers and names given on the command line ---------------------------------------------


@pytest.mark.parametrize(
    "match",
    [
        pytest.param("9223372036854775808", id="one past the largest id SQLite holds"),
        pytest.param("9" * 40, id="a 40-digit number"),
        pytest.param("\u0661", id="an Arabic-Indic digit one"),
        pytest.param("\udcff", id="a byte that is not UTF-8"),
    ],
)
@pytest.mark.parametrize("command", ["export", "report"])
def test_a_match_number_or_name_that_no_match_has_is_said_so(tmp_path, capsys, command, match):
    store_example()
    output = str(tmp_path / ("out.json" if command == "export" else "out.pdf"))
    status, out, err = run(capsys, command, match, "-o", output)
    assert (status, out) == (2, "")
    assert "no match with id or name" in one_line(err)
    assert not Path(output).exists()


# -- damaged rows in the database ------------------------------------------------------------

DAMAGED_ROWS = [
    pytest.param(
        "UPDATE matches SET game = 'poker'", "its game column: ", id="a game that does not exist"
    ),
    pytest.param("UPDATE matches SET game = 3", "its game column: ", id="a number for the game"),
    pytest.param(
        "UPDATE matches SET preset = 'tournament'", "its preset column: ", id="an unknown preset"
    ),
    pytest.param(
        "UPDATE matches SET preset = 5", "its preset column: ", id="a number for the preset"
    ),
    pytest.param(
        """UPDATE matches SET options = '{"target": 99}'""",
        "its options column: ",
        id="a target not offered",
    ),
    pytest.param(
        """UPDATE matches SET options = '{"shuffle": true}'""",
        "its options column: ",
        id="an unknown option",
    ),
    pytest.param(
        "UPDATE matches SET first_dealer = 'Ann'",
        "its first_dealer column: ",
        id="a name as dealer",
    ),
    pytest.param(
        "UPDATE matches SET first_dealer = 1.5", "its first_dealer column: ", id="dealer 1.5"
    ),
    pytest.param("UPDATE matches SET name = X'00ff'", "its name column: ", id="bytes for the name"),
    pytest.param(
        "UPDATE matches SET name = char(27) || '[2J'",
        "its name column: ",
        id="an escape in the name",
    ),
    pytest.param(
        "UPDATE events SET hand = -1 WHERE hand = 0", "hand 0 is missing", id="hand number -1"
    ),
]


@pytest.mark.parametrize(("sql", "said"), DAMAGED_ROWS)
@pytest.mark.parametrize("command", ["export", "report"])
def test_a_damaged_row_is_named_with_its_column_in_one_line(tmp_path, capsys, command, sql, said):
    match_id = store_example()
    damage(sql)
    output = tmp_path / ("out.json" if command == "export" else "out.pdf")
    status, out, err = run(capsys, command, str(match_id), "-o", str(output))
    assert (status, out) == (2, "")
    assert f"match {match_id} is damaged: {said}" in one_line(err)
    assert "\x1b" not in err
    assert not output.exists()


@pytest.mark.parametrize(
    "sql",
    [
        pytest.param("UPDATE matches SET game = 'poker'", id="a game that does not exist"),
        pytest.param("UPDATE matches SET game = X'00'", id="bytes for the game"),
    ],
)
def test_list_names_a_damaged_game(capsys, sql):
    store_example()
    damage(sql)
    status, out, err = run(capsys, "list")
    assert (status, out) == (2, "")
    assert "match 1 is damaged: its game column: " in one_line(err)


def test_list_shows_each_games_title(capsys):
    """Not its id: "California Jack", never "california_jack"."""
    store_example("california_jack")
    status, out, _ = run(capsys, "list")
    assert status == 0
    assert "California Jack" in out
    assert "california_jack" not in out


# -- what reaches the terminal, and what export writes ---------------------------------------

TERMINAL_CONTROLS = [
    pytest.param("\x1b[2J\x1b[H", "\\u001b[2J\\u001b[H", id="clear the screen"),
    pytest.param("\x1b]0;owned\x07", "\\u001b]0;owned\\u0007", id="set the window title"),
    pytest.param("\x9b2J", "\\u009b2J", id="the one-byte escape of C1"),
    pytest.param("Ann\rBen", "Ann\\u000dBen", id="a carriage return"),
    pytest.param("\u202eAnn", "\\u202eAnn", id="a right-to-left override"),
    pytest.param("A\x00nn", "A\\u0000nn", id="a NUL byte"),
]


@pytest.mark.parametrize(("name", "escaped"), TERMINAL_CONTROLS)
def test_list_shows_control_characters_in_a_name_escaped(capsys, name, escaped):
    match_id = store_example()
    damage("UPDATE matches SET name = ? WHERE id = ?", name, match_id)
    status, out, _ = run(capsys, "list")
    assert status == 0
    assert escaped in out
    assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]", out), out


@pytest.mark.parametrize(("name", "escaped"), TERMINAL_CONTROLS)
def test_export_refuses_a_name_check_would_refuse_and_writes_nothing(
    tmp_path, capsys, name, escaped
):
    match_id = store_example()
    damage("UPDATE matches SET name = ? WHERE id = ?", name, match_id)
    output = tmp_path / "out.json"
    status, out, err = run(capsys, "export", str(match_id), "-o", str(output))
    assert (status, out) == (2, "")
    assert f"match {match_id} is damaged: its name column: " in one_line(err)
    assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]", err), err
    assert not output.exists()


@pytest.mark.parametrize(
    ("sql", "message"),
    [
        pytest.param(
            "UPDATE matches SET place = ?",
            r"match 1 cannot be exported: place: has at most 200 characters",
            id="a place longer than a file allows",
        ),
        pytest.param(
            "UPDATE matches SET played_on = ?",
            r"match 1 is damaged: its played_on column",
            id="a date that is no date",
        ),
    ],
)
def test_export_writes_only_what_check_accepts(tmp_path, capsys, sql, message):
    store_example()
    damage(sql, "x" * 300)
    output = tmp_path / "out.json"
    status, _, err = run(capsys, "export", "1", "-o", str(output))
    assert status == 2
    assert re.search(message, one_line(err)), err
    assert not output.exists()


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_every_export_passes_check(tmp_path, capsys, game):
    ledger = played_match(game)
    with Store(database_path()) as store:
        store.create_match(ledger.info, ledger.records())
    output = tmp_path / "out.json"
    assert run(capsys, "export", "1", "-o", str(output))[0] == 0
    assert run(capsys, "check", str(output))[0] == 1  # the rule broken, as recorded


def test_the_same_name_twice_shows_the_invisible_character(tmp_path, capsys):
    document = example("euchre")
    document["players"][1] = "A\u200bnn"
    path = tmp_path / "match.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    status, _, err = run(capsys, "check", str(path))
    assert status == 2
    assert 'players[1]: "A\\u200bnn" already sits at the table as players[0] ("Ann")' in err


# -- commands that only read -----------------------------------------------------------------


def files_in(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


READERS = [
    pytest.param(["list"], 0, "No matches\n", id="list"),
    pytest.param(["export", "1", "-o", "OUT"], 2, "", id="export"),
    pytest.param(["report", "1", "-o", "OUT"], 2, "", id="report"),
]


def argv_with(argv: list[str], tmp_path: Path) -> list[str]:
    return [str(tmp_path / "out") if part == "OUT" else part for part in argv]


@pytest.mark.parametrize(("argv", "status", "out"), READERS)
def test_a_zero_byte_database_is_read_as_empty_and_left_empty(
    tmp_path, capsys, data_dir, argv, status, out
):
    database_path().write_bytes(b"")
    result = run(capsys, *argv_with(argv, tmp_path))
    assert result[:2] == (status, out)
    assert files_in(data_dir) == {DATABASE_NAME: b""}


@pytest.mark.parametrize(("argv", "status", "out"), READERS)
def test_a_missing_database_is_read_as_empty_and_not_made(
    tmp_path, capsys, data_dir, argv, status, out
):
    result = run(capsys, *argv_with(argv, tmp_path))
    assert result[:2] == (status, out)
    assert files_in(data_dir) == {}


@pytest.mark.parametrize(("argv", "status", "out"), READERS)
def test_the_users_data_folder_is_not_made_by_a_command_that_reads(
    tmp_path, capsys, monkeypatch, argv, status, out
):
    monkeypatch.delenv(DATA_DIR_VARIABLE)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    result = run(capsys, *argv_with(argv, tmp_path))
    assert result[:2] == (status, out)
    assert not (tmp_path / "share").exists()
    path = test_cli.saved(tmp_path / "m.json", clean_match("euchre"))
    assert run(capsys, "import", str(path))[0] == 0  # the first record makes it
    assert database_path().is_file()
    assert database_path().parent == tmp_path / "share" / "scorekeeper"


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["list"], id="list"),
        pytest.param(["export", "1", "-o", "OUT"], id="export"),
        pytest.param(["report", "1", "-o", "OUT"], id="report"),
    ],
)
def test_a_database_no_program_has_open_gains_no_file_beside_it(tmp_path, capsys, data_dir, argv):
    """Not even SQLite's own log and index, which a reader would otherwise leave behind."""
    store_example()
    before = files_in(data_dir)
    assert list(before) == [DATABASE_NAME]
    assert run(capsys, *argv_with(argv, tmp_path))[0] == 0
    assert files_in(data_dir) == before


def test_a_database_another_program_writes_is_read_with_what_it_wrote(data_dir):
    """The app has the database open, its last match in the write-ahead log: the command
    sees it, and leaves the log where it is."""
    with Store(database_path()) as store:
        ledger = clean_match("spades")
        store.create_match(ledger.info, ledger.records())
        log = Path(f"{database_path()}-wal")
        assert log.stat().st_size > 0
        listed = scorekeeper(data_dir, "list")
        assert listed.returncode == 0
        assert b"Spades at the kitchen table" in listed.stdout
        assert log.stat().st_size > 0
        store.create_match(ledger.info, ledger.records())
    with Store(database_path()) as store:
        assert len(store.matches()) == 2


def test_report_of_a_stored_match_writes_nothing_to_the_database(tmp_path, capsys):
    """Opening a match keeps its replayed hands for next time, but only where it may write."""
    path = saved(tmp_path / "m.json", played_match("euchre"))
    assert run(capsys, "import", str(path))[0] == 0
    damage("DELETE FROM hand_outcomes")
    db = sqlite3.connect(database_path())
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    before = database_path().read_bytes()
    for argv in (["report", "1", "-o", str(tmp_path / "m.pdf")], ["export", "1", "-o", "-"]):
        assert run(capsys, *argv)[0] == 0
    assert database_path().read_bytes() == before
    db = sqlite3.connect(database_path())
    assert db.execute("SELECT count(*) FROM hand_outcomes").fetchone() == (0,)
    db.close()


def test_a_database_of_an_older_schema_is_read_without_being_updated(capsys):
    """Updating the schema is writing: only a command that writes does it."""
    db = sqlite3.connect(database_path())
    for statements in MIGRATIONS[:1]:
        for statement in statements:
            db.execute(statement)
    db.execute(
        """INSERT INTO matches (name, game, preset, options, players, first_dealer,
            played_on, created) VALUES ('Old night', 'euchre', 'standard', '{}',
            '["Ann", "Ben", "Cy", "Di"]', 0, '2020-01-31', '2020-01-31T20:00:00+00:00')"""
    )
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    before = database_path().read_bytes()
    status, out, _ = run(capsys, "list")
    assert (status, out.split()[1:4]) == (0, ["2020-01-31", "Euchre", "0"])
    assert database_path().read_bytes() == before
    assert SCHEMA_VERSION > 1


# -- the data folder ---------------------------------------------------------------------------

COMMANDS_WITH_A_DATABASE = [
    pytest.param(["list"], id="list"),
    pytest.param(["import", "MATCH"], id="import"),
    pytest.param(["export", "1", "-o", "OUT"], id="export"),
    pytest.param(["report", "1", "-o", "OUT"], id="report"),
]


def command_line(argv: list[str], tmp_path: Path) -> list[str]:
    match = saved(tmp_path / "in.json", clean_match("euchre"))
    swap = {"OUT": str(tmp_path / "out"), "MATCH": str(match)}
    return [swap.get(part, part) for part in argv]


@pytest.mark.parametrize("argv", COMMANDS_WITH_A_DATABASE)
def test_a_mistyped_data_dir_variable_is_refused_and_nothing_made(
    tmp_path, capsys, monkeypatch, argv
):
    mistyped = tmp_path / "scorekeper"
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(mistyped))
    status, out, err = run(capsys, *command_line(argv, tmp_path))
    assert (status, out) == (2, "")
    assert (
        one_line(err) == f"scorekeeper {argv[0]}: ${DATA_DIR_VARIABLE} {mistyped}: no such folder\n"
    )
    assert not mistyped.exists()
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("argv", COMMANDS_WITH_A_DATABASE)
def test_a_data_dir_that_is_a_file_is_said_to_be_a_file(tmp_path, capsys, argv):
    not_a_folder = tmp_path / "notes.txt"
    not_a_folder.write_text("kept\n")
    line = command_line(argv, tmp_path)
    status, out, err = run(capsys, *line, "--data-dir", str(not_a_folder))
    assert (status, out) == (2, "")
    assert one_line(err) == (
        f"scorekeeper {argv[0]}: --data-dir {not_a_folder}: it is a file, not a folder\n"
    )
    assert not_a_folder.read_text() == "kept\n"


# -- global options before or after the command ------------------------------------------------


@pytest.fixture
def no_app(monkeypatch) -> None:
    """The app must not open: these command lines are commands."""
    import ui.app

    def opened(argv: object) -> int:
        raise AssertionError(f"the app opened for {argv}")

    monkeypatch.setattr(ui.app, "run", opened)


@pytest.mark.parametrize(
    "before",
    [
        pytest.param(["--data-dir", "FOLDER"], id="--data-dir FOLDER before"),
        pytest.param(["--data-dir=FOLDER"], id="--data-dir=FOLDER before"),
    ],
)
@pytest.mark.parametrize("argv", COMMANDS_WITH_A_DATABASE)
def test_the_data_dir_option_works_before_the_command(tmp_path, capsys, no_app, before, argv):
    from ui import launcher

    folder = tmp_path / "elsewhere"
    folder.mkdir()
    with Store(database_path(folder)) as store:
        ledger = clean_match("spades")
        store.create_match(ledger.info, ledger.records())
    line = [part.replace("FOLDER", str(folder)) for part in before] + command_line(argv, tmp_path)
    status = launcher.main(line)
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    assert not database_path().exists()  # the folder named, not the environment's
    if argv[0] == "list":
        assert "Spades at the kitchen table" in out
    if argv[0] == "import":
        assert "as match 2" in out


def test_an_app_option_with_a_command_is_refused_in_one_line(capsys, no_app):
    from ui import launcher

    status = launcher.main(["--scheme", "dark", "list"])
    _, err = capsys.readouterr()
    assert status == 2
    assert "--scheme sets the app's colours; it is given with no command" in one_line(err)


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param([], id="nothing"),
        pytest.param(["--data-dir", "FOLDER"], id="--data-dir FOLDER"),
        pytest.param(
            ["--scheme", "dark", "--data-dir=FOLDER"], id="--scheme dark --data-dir=FOLDER"
        ),
    ],
)
def test_app_options_alone_still_open_the_app(tmp_path, monkeypatch, argv):
    import ui.app
    from ui import launcher

    opened: list[object] = []
    monkeypatch.setattr(ui.app, "run", lambda args: opened.append(args) or 0)
    line = [part.replace("FOLDER", str(tmp_path)) for part in argv]
    assert launcher.main(line) == 0
    assert opened == [line]


# -- the process: closed streams, Ctrl+C, the file-size limit --------------------------------


def closing(number: int) -> Callable[[], None]:
    return lambda: os.close(number)


def test_check_with_standard_output_closed_says_so_on_standard_error(tmp_path):
    path = saved(tmp_path / "m.json", clean_match("euchre"))
    checked = scorekeeper(tmp_path / "data", "check", str(path), preexec=closing(1))
    assert checked.returncode == 2
    assert one_line(checked.stderr.decode()) == (
        "scorekeeper check: standard output is closed, so nothing could be printed; "
        "nothing was done\n"
    )


def test_import_with_standard_output_closed_stores_nothing(tmp_path, data_dir):
    path = saved(tmp_path / "m.json", clean_match("euchre"))
    imported = scorekeeper(data_dir, "import", str(path), preexec=closing(1))
    assert imported.returncode == 2
    assert b"standard output is closed" in imported.stderr
    assert files_in(data_dir) == {}


@pytest.mark.parametrize(
    ("closed", "stream"),
    [
        pytest.param(0, "stdout", id="standard input closed"),
        pytest.param(2, "stdout", id="standard error closed"),
    ],
)
def test_check_with_another_stream_closed_works(tmp_path, closed, stream):
    path = saved(tmp_path / "m.json", played_match("euchre"))
    checked = scorekeeper(tmp_path / "data", "check", str(path), preexec=closing(closed))
    assert checked.returncode == 1
    assert checked.stdout.decode().endswith("1 rule broken\n")


def test_an_error_with_standard_error_closed_is_never_printed_as_output(tmp_path, data_dir):
    """Nothing lands on standard output, nor in a file opened where standard error was."""
    checked = scorekeeper(data_dir, "check", str(tmp_path / "nowhere.json"), preexec=closing(2))
    assert (checked.returncode, checked.stdout) == (2, b"")


def big_match(path: Path, hands: int = 100_000) -> Path:
    """A valid match file of many quick-entry hands: seconds of work to check."""
    document = example("euchre")
    document["hands"] = [
        {
            "dealer": number % 4,
            "events": [
                {"kind": "result", "data": {"makers": number % 2, "tricks": 3, "trump": "hearts"}}
            ],
        }
        for number in range(hands)
    ]
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def long_match(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The big match, made once for the commands that only read it."""
    return big_match(tmp_path_factory.mktemp("long") / "big.json")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["check", "BIG"], id="check"),
        pytest.param(["report", "BIG", "-o", "OUT"], id="report"),
        pytest.param(["import", "BIG"], id="import"),
    ],
)
def test_ctrl_c_during_a_long_command_exits_130_and_leaves_nothing_half_written(
    tmp_path, data_dir, long_match, argv
):
    """Ctrl+C once the command is busy (past loading the code, by its CPU time)."""
    work = tmp_path / "work"
    work.mkdir()
    line = [
        str(long_match) if part == "BIG" else str(work / "out.pdf") if part == "OUT" else part
        for part in argv
    ]
    with (tmp_path / "stdout").open("wb") as out:
        child = subprocess.Popen(
            [*COMMAND, *line],
            stdout=out,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            env={**os.environ, DATA_DIR_VARIABLE: str(data_dir)},
        )
        deadline = time.monotonic() + 60
        while child.poll() is None and cpu_seconds(child.pid) < 1.5:
            assert time.monotonic() < deadline, "the command never got busy"
            time.sleep(0.02)
        assert child.poll() is None, "the command ended before Ctrl+C"
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=60)
    assert child.returncode == 130
    assert one_line(err.decode()) == "scorekeeper: interrupted\n"
    assert list(work.iterdir()) == []
    assert files_in(data_dir) == {}


@pytest.mark.parametrize("loaded", [0.1, 0.2, 0.3, 0.4], ids=lambda s: f"after {s} s of loading")
def test_ctrl_c_while_the_code_loads_exits_130_with_one_line(data_dir, long_match, loaded):
    """Ctrl+C as the command starts, while its modules (compiled ones among them) load:
    Python itself would end such a process by SIGINT, status -2, with nothing said. (The
    big match keeps the command busy well past the last of these moments.)"""
    child = subprocess.Popen(
        [*COMMAND, "import", str(long_match)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, DATA_DIR_VARIABLE: str(data_dir)},
    )
    while child.poll() is None and cpu_seconds(child.pid) < loaded:
        time.sleep(0.002)
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=60)
    assert child.returncode == 130
    assert one_line(err.decode()) == "scorekeeper: interrupted\n"


def test_commands_outside_the_club_never_load_its_database_driver(tmp_path):
    """The club's driver (and its compiled parts) loads only for a club action."""
    code = (
        "import sys; from scorekeeper import cli; status = cli.main(['list']); "
        "print(status, 'psycopg' in sys.modules)"
    )
    shown = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, DATA_DIR_VARIABLE: str(tmp_path)},
        check=True,
    )
    assert shown.stdout.splitlines()[-1] == "0 False"


def file_size_limit(limit: int) -> Callable[[], None]:
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


@pytest.mark.parametrize(
    ("command", "output"),
    [
        pytest.param("export", "out.json", id="export"),
        pytest.param("report", "out.pdf", id="report"),
    ],
)
def test_the_file_size_limit_is_named_as_such_and_nothing_is_left(
    tmp_path, capsys, data_dir, command, output
):
    assert run(capsys, "import", str(big_match(tmp_path / "m.json", hands=600)))[0] == 0
    work = tmp_path / "work"
    work.mkdir()
    limited = scorekeeper(
        data_dir, command, "1", "-o", str(work / output), preexec=file_size_limit(40_000)
    )
    assert limited.returncode == 2
    assert one_line(limited.stderr.decode()) == (
        f"scorekeeper {command}: {work / output} could not be written: the file would exceed "
        "the file-size limit (ulimit -f, 40,000 bytes); nothing was written\n"
    )
    assert list(work.iterdir()) == []


def test_import_past_the_file_size_limit_names_the_limit(tmp_path, data_dir):
    path = big_match(tmp_path / "m.json", hands=2000)
    limited = scorekeeper(data_dir, "import", str(path), preexec=file_size_limit(100_000))
    assert limited.returncode == 2
    err = one_line(limited.stderr.decode())
    assert "it reached the file-size limit (ulimit -f, 100,000 bytes)" in err
    with Store(database_path()) as store:
        assert store.matches() == []


# -- options that do not go together, and the exit statuses ---------------------------------


def test_json_and_explain_together_are_refused_in_one_line(tmp_path, capsys):
    path = saved(tmp_path / "m.json", played_match("euchre"))
    status, out, err = run(capsys, "check", str(path), "--json", "--explain", "1")
    assert (status, out) == (2, "")
    assert "--json and --explain cannot be given together" in one_line(err)


@pytest.mark.parametrize(
    "words",
    [
        pytest.param("0 done", id="0"),
        pytest.param("1 check found rules broken", id="1"),
        pytest.param("2 the input, the database or a standard stream cannot be used", id="2"),
        pytest.param("130 interrupted", id="130"),
    ],
)
def test_help_tells_each_exit_status(capsys, words):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert words in " ".join(capsys.readouterr().out.split())
