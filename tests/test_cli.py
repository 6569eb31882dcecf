"""The ``scorekeeper`` command: check, import, export, list, report, and unusable input."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import cli
from scorekeeper.matchfile import dumps, match_document, write_match
from scorekeeper.paths import DATA_DIR_VARIABLE, database_path
from scorekeeper.storage import SCHEMA_VERSION, Store
from tests.storage.samples import clean_match, played_match

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch) -> Path:
    """Every command's database lives in the test's own folder (made, as a folder the
    user names must exist)."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(folder))
    return folder


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def saved(path: Path, ledger) -> Path:
    write_match(path, ledger.info, ledger.records())
    return path


# -- check ---------------------------------------------------------------------------------


def test_check_a_clean_match_exits_0_with_the_totals(tmp_path, capsys):
    path = saved(tmp_path / "clean.json", clean_match("euchre"))
    status, out, _ = run(capsys, "check", str(path))
    assert status == 0
    assert "Totals: Ann & Cy 2, Ben & Di 0" in out
    assert out.rstrip().endswith("No rule broken")


def test_check_prints_every_ruling_and_exits_1(tmp_path, capsys):
    path = saved(tmp_path / "renege.json", played_match("euchre"))
    status, out, _ = run(capsys, "check", str(path))
    assert status == 1
    assert "Ruling on trick 1, Cy's 10♣ (let stand):" in out
    assert "Follow suit: Cy played 10♣ in trick 1." in out
    assert "had to follow trump: Cy held 10♦" in out
    assert "Totals: Ann & Cy 1, Ben & Di 2" in out
    assert "1 rule broken" in out


def test_check_json_gives_the_same_findings(tmp_path, capsys):
    ledger = played_match("sheepshead")
    status, out, _ = run(capsys, "check", str(saved(tmp_path / "s.json", ledger)), "--json")
    findings = json.loads(out)
    assert status == 1
    assert findings["totals"] == list(ledger.totals)
    assert findings["violations"] == 1
    [ruling] = findings["hands"][0]["rulings"]
    assert (ruling["rule"], ruling["decision"]) == ("sheepshead.follow.must-follow", "stand")
    assert findings["hands"][1]["points"] == list(ledger.scores[1].points)


@pytest.mark.parametrize(
    "names",
    [
        pytest.param(
            ["<b>Ann</b>", "Ben & Co", "%s%d{0}", "שרה 🃏"],
            id="markup, ampersand, format codes, right-to-left, emoji",
        ),
    ],
)
def test_check_prints_names_exactly_as_written(tmp_path, capsys, names):
    document = match_document(clean_match("euchre").info, clean_match("euchre").records())
    document["players"] = names
    path = tmp_path / "names.json"
    path.write_text(dumps(document), encoding="utf-8")
    status, out, _ = run(capsys, "check", str(path))
    assert status == 0
    assert f"Players: {', '.join(names)}" in out
    assert "Totals: <b>Ann</b> & %s%d{0} 2, Ben & Co & שרה 🃏 0" in out


# -- unusable input: exit 2, a message, nothing changed ------------------------------------


def euchre_text() -> str:
    ledger = played_match("euchre")
    return dumps(match_document(ledger.info, ledger.records()))


def edited(old: str, new: str):
    return lambda text: text.replace(old, new, 1)


HOSTILE_FILES = [
    pytest.param(
        lambda text: text[: len(text) // 2],
        r"is not valid JSON: .*line \d+, column \d+",
        id="invalid JSON (cut in half)",
    ),
    pytest.param(
        lambda text: json.dumps({"players": ["Ann"]}),
        r"format: this is not a Scorekeeper match file",
        id="valid JSON of the wrong shape",
    ),
    pytest.param(
        lambda text: "[1, 2, 3]",
        r"the file: expected an object, got a list",
        id="a list of numbers",
    ),
    pytest.param(
        edited('"game": "euchre"', '"game": "bridge"'),
        r'game: "bridge" is not a game',
        id="unknown game",
    ),
    pytest.param(
        edited('"preset": "standard"', '"preset": "tournament"'),
        r'preset: "tournament" is not a Euchre preset',
        id="unknown preset",
    ),
    pytest.param(
        edited('"Ben"', '"' + "B" * 10_000 + '"'),
        r"players\[1\]: has at most 64 characters, this one has 10000",
        id="a 10,000-character name",
    ),
    pytest.param(
        edited('"Cy"', '"Ann"'),
        r'players\[2\]: "Ann" already sits at the table as players\[0\]',
        id="duplicate seats",
    ),
    pytest.param(
        edited('"card": "AD"', '"card": "QX"'),
        r'hands\[0\]\.events\[7\]\.card: "QX" is not a card',
        id="a card that does not exist",
    ),
    pytest.param(
        edited(
            '{"kind": "play", "seat": 3, "card": "9H"}', '{"kind": "play", "seat": 1, "card": "9H"}'
        ),
        r"hands\[0\]\.events\[10\]: One card a trick: .*Ben already played A♦",
        id="an event the adjudicator refuses",
    ),
]


@pytest.mark.parametrize(("damage", "message"), HOSTILE_FILES)
@pytest.mark.parametrize("command", ["check", "import"])
def test_an_unusable_file_exits_2_and_changes_nothing(
    tmp_path, capsys, data_dir, command, damage, message
):
    with Store(database_path()) as store:
        store.create_match(played_match("spades").info, played_match("spades").records())
    database_before = database_path().read_bytes()
    path = tmp_path / "hostile.json"
    path.write_text(damage(euchre_text()), encoding="utf-8")
    file_before = path.read_bytes()
    status, out, err = run(capsys, command, str(path))
    assert status == 2
    assert out == ""
    assert err.startswith(f"scorekeeper {command}: ")
    assert re.search(message, err), err
    assert path.read_bytes() == file_before
    assert database_path().read_bytes() == database_before
    with Store(database_path()) as store:
        assert len(store.matches()) == 1


def test_a_missing_file_exits_2(tmp_path, capsys):
    status, _, err = run(capsys, "check", str(tmp_path / "nowhere.json"))
    assert status == 2
    assert "nowhere.json cannot be read: No such file or directory" in err


def make_truncated(path: Path) -> None:
    with Store(path) as store:
        for _ in range(20):
            store.create_match(played_match("euchre").info, played_match("euchre").records())
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def make_not_sqlite(path: Path) -> None:
    path.write_text("name,score\nAnn,12\n")


def make_newer(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.execute("CREATE TABLE matches (id INTEGER PRIMARY KEY)")
    db.commit()
    db.close()


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        pytest.param(make_truncated, "is damaged: it is cut short", id="truncated database"),
        pytest.param(
            make_not_sqlite, "is not a Scorekeeper database", id="a database that is not SQLite"
        ),
        pytest.param(
            make_newer, "was written by a newer Scorekeeper", id="a database from a newer version"
        ),
    ],
)
@pytest.mark.parametrize("command", [["list"], ["import", "FILE"], ["export", "1", "-o", "OUT"]])
def test_an_unusable_database_exits_2_and_is_left_byte_identical(
    tmp_path, capsys, data_dir, damage, message, command
):
    damage(database_path())
    before = database_path().read_bytes()
    match_file = saved(tmp_path / "in.json", played_match("euchre"))
    argv = [
        str(match_file) if part == "FILE" else str(tmp_path / "out.json") if part == "OUT" else part
        for part in command
    ]
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert message in err
    assert database_path().read_bytes() == before
    assert sorted(p.name for p in data_dir.iterdir()) == [database_path().name]
    assert not (tmp_path / "out.json").exists()


# -- import, list, export ------------------------------------------------------------------


def test_import_list_export_round_trip(tmp_path, capsys, data_dir):
    original = saved(tmp_path / "friday.json", played_match("california_jack"))
    status, out, _ = run(capsys, "import", str(original))
    assert (status, out) == (
        0,
        "Imported California Jack at the kitchen table as match 1 (2 hands)\n",
    )
    status, out, _ = run(capsys, "list")
    assert status == 0
    assert "California Jack at the kitchen table  [Ann, Ben]" in out
    assert "   2 hands" in out
    exported = tmp_path / "again.json"
    status, out, _ = run(
        capsys, "export", "California Jack at the kitchen table", "-o", str(exported)
    )
    assert status == 0
    assert exported.read_bytes() == original.read_bytes()


def test_list_with_archived_matches(capsys, data_dir):
    with Store(database_path()) as store:
        kept = store.create_match(clean_match("euchre").info)
        gone = store.create_match(clean_match("spades").info)
        store.archive(gone)
    assert f"{kept:>5}" in run(capsys, "list")[1]
    assert "(archived)" not in run(capsys, "list")[1]
    assert "(archived)" in run(capsys, "list", "--archived")[1]
    assert len(run(capsys, "list", "--all")[1].splitlines()) == 2


def test_the_data_dir_option_wins_over_the_environment(tmp_path, capsys):
    elsewhere = tmp_path / "portable"
    elsewhere.mkdir()
    status, _, _ = run(
        capsys,
        "import",
        str(saved(tmp_path / "m.json", clean_match("euchre"))),
        "--data-dir",
        str(elsewhere),
    )
    assert status == 0
    assert (elsewhere / database_path().name).exists()
    assert not database_path().exists()


def test_export_of_an_unknown_match_exits_2(tmp_path, capsys):
    status, _, err = run(capsys, "export", "Tuesday", "-o", str(tmp_path / "t.json"))
    assert status == 2
    assert 'no match with id or name "Tuesday"' in err


# -- report ---------------------------------------------------------------------------------


def test_report_of_a_file_and_of_one_hand_of_a_stored_match(tmp_path, capsys):
    path = saved(tmp_path / "match.json", played_match("spades"))
    status, _, _ = run(capsys, "report", str(path), "-o", str(tmp_path / "sheet.pdf"))
    assert status == 0
    assert (tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF")
    run(capsys, "import", str(path))
    status, _, _ = run(
        capsys, "report", "1", "--hand", "1", "--paper", "a4", "-o", str(tmp_path / "hand.pdf")
    )
    assert status == 0
    assert (tmp_path / "hand.pdf").read_bytes().startswith(b"%PDF")


def test_report_of_a_hand_the_match_does_not_have_exits_2(tmp_path, capsys):
    path = saved(tmp_path / "match.json", played_match("euchre"))
    status, _, err = run(capsys, "report", str(path), "--hand", "9", "-o", str(tmp_path / "h.pdf"))
    assert status == 2
    assert "--hand 9: the match has hands 1 to 2" in err
    assert not (tmp_path / "h.pdf").exists()


# -- help and the app -----------------------------------------------------------------------


@pytest.mark.parametrize("command", [[], ["check"], ["import"], ["export"], ["list"], ["report"]])
def test_help_of_each_command_shows_an_example(capsys, command):
    with pytest.raises(SystemExit) as exit_:
        cli.main([*command, "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "example" in out
    assert f"scorekeeper {command[0] if command else 'check'}" in out


@pytest.mark.parametrize("argv", [[], ["--data-dir", "/somewhere"], ["--scheme=dark"]])
def test_no_command_opens_the_app(monkeypatch, argv):
    import ui.app
    from ui import launcher

    opened = []
    monkeypatch.setattr(ui.app, "run", lambda args: opened.append(args) or 0)
    assert launcher.main(argv) == 0
    assert opened == [argv]


def test_a_command_goes_from_the_launcher_to_the_engine(capsys):
    from ui import launcher

    with pytest.raises(SystemExit) as exit_:
        launcher.main(["list", "--help"])
    assert exit_.value.code == 0
    assert "scorekeeper list" in capsys.readouterr().out


def test_the_installed_command_exits_with_the_checks_status(tmp_path):
    path = saved(tmp_path / "renege.json", played_match("euchre"))
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "check", str(path), "--json"],
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 1
    assert json.loads(result.stdout)["violations"] == 1
