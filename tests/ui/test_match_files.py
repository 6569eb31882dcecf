"""Match files from the File menu and the start page, and the database problems the app
meets at start: each bad input gets a dialog naming it, and nothing existing is changed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from scorekeeper.games import GAME_MODULES
from scorekeeper.match import HandRecord
from scorekeeper.matchfile import load_match, write_match
from scorekeeper.paths import database_path
from scorekeeper.storage import Store
from tests.last_play_proves import renege_proved_by_the_last_play
from tests.storage.samples import match_info
from tests.ui.app_matches import euchre_info
from tests.ui.invariant import assert_screen_is_the_record
from ui.app import start
from ui.main_window import MainWindow

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


@pytest.fixture
def window(qtbot, store, settings) -> MainWindow:
    window = MainWindow(store, settings)
    qtbot.addWidget(window)
    window.show()
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    return window


def error_text() -> str:
    """The shown error dialog's title and text; the dialog is closed."""
    box = QApplication.activeModalWidget()
    assert isinstance(box, QMessageBox), "an error dialog is shown"
    text = f"{box.text()}\n{box.informativeText()}"
    box.close()
    return text


def answer_file_dialog(monkeypatch: pytest.MonkeyPatch, name: str, path: Path) -> list[str]:
    """The file dialog ``name`` (getOpenFileName…) answers ``path``; the captions it showed."""
    asked: list[str] = []

    def dialog(_parent, caption, *_args, **_kwargs):
        asked.append(caption)
        return str(path), ""

    monkeypatch.setattr(QFileDialog, name, staticmethod(dialog))
    return asked


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_open_a_match_file_from_the_file_menu(qtbot, window, store, monkeypatch, game):
    path = EXAMPLES / f"{game}.json"
    asked = answer_file_dialog(monkeypatch, "getOpenFileName", path)
    qtbot.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    assert asked == ["Open a match file"]
    expected = load_match(path)
    assert window.session is not None
    assert window.session.ledger.totals == expected.totals
    assert window.match_page.scores.rowCount() == len(expected.scores)
    [summary] = store.matches()
    assert summary.name == expected.info.name
    assert store.load(summary.id).hands == expected.records()


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_a_file_ending_on_an_undecided_ruling_opens_with_its_hand_played(
    qtbot, window, tmp_path, monkeypatch, game
):
    """The file's last card proves a renege nobody decided: opened, the hand is on the
    scoreboard as played with its points, no ruling waits for the table, the match goes
    on after it, and the screen is what reopening the database shows."""
    path = tmp_path / "match.json"
    write_match(path, match_info(game), [HandRecord(0, renege_proved_by_the_last_play(game))])
    answer_file_dialog(monkeypatch, "getOpenFileName", path)
    qtbot.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    session = window.session
    assert session is not None and session.pending() == (-1, [])
    assert window.match_page.scores.rowCount() == 1
    assert window.match_page.hand_screen.banner.isHidden()
    assert session.current() is not session.ledger.hands[0]
    assert_screen_is_the_record(window)


def test_the_start_page_opens_a_match_file_with_its_button(qtbot, window, monkeypatch):
    answer_file_dialog(monkeypatch, "getOpenFileName", EXAMPLES / "euchre.json")
    assert window.start_page.open_button.text() == "&Open match file…"
    qtbot.mouseClick(window.start_page.open_button, Qt.MouseButton.LeftButton)
    assert window.session is not None
    assert window.session.ledger.info.game == "euchre"


BAD_FILES = [
    pytest.param(b"{ not json", "is not valid JSON", id="not JSON: named as such"),
    pytest.param(
        b'{"format": "something-else"}', "not a Scorekeeper match file", id="other format"
    ),
    pytest.param(
        b'{"format": "scorekeeper-match", "version": 7}', "newer", id="a newer format version"
    ),
    pytest.param(b"\xff\xfe\x00", "is not UTF-8 text", id="not text"),
]


@pytest.mark.parametrize(("content", "problem"), BAD_FILES)
def test_a_bad_match_file_is_named_and_nothing_is_stored(
    qtbot, window, store, tmp_path, content, problem
):
    existing = store.create_match(euchre_info("Kept"))
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert window.import_match_file(path) is None
    text = error_text()
    assert "The match file cannot be opened" in text
    assert problem in text
    assert "Nothing already recorded was changed" in text
    assert [summary.id for summary in store.matches()] == [existing]
    assert window.session is None


def test_a_match_file_whose_events_break_the_rules_is_refused_at_its_place(
    qtbot, window, store, tmp_path
):
    text = (EXAMPLES / "euchre.json").read_text(encoding="utf-8")
    first_play = text.index('"kind": "play"')
    card_at = text.index('"card": "', first_play) + len('"card": "')
    end = text.index('"', card_at)
    path = tmp_path / "broken.json"
    path.write_text(text[:card_at] + "QX" + text[end:], encoding="utf-8")
    assert window.import_match_file(path) is None
    shown = error_text()
    assert "hands[0].events[" in shown and '"QX" is not a card' in shown
    assert store.matches() == []


def test_export_writes_the_open_match_and_it_reads_back_the_same(
    qtbot, window, store, tmp_path, monkeypatch
):
    window.import_match_file(EXAMPLES / "spades.json")
    target = tmp_path / "out.json"
    asked = answer_file_dialog(monkeypatch, "getSaveFileName", target)
    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert asked == ["Export the match file"]
    assert target.read_bytes() == (EXAMPLES / "spades.json").read_bytes()
    assert load_match(target).records() == store.load(window.session.match_id).hands


def test_an_export_that_cannot_be_written_is_named_and_the_old_file_kept(qtbot, window, tmp_path):
    window.import_match_file(EXAMPLES / "euchre.json")
    assert window.export_match_file(tmp_path / "missing folder" / "out.json") is False
    assert "The match file cannot be written" in error_text()
    assert not (tmp_path / "missing folder").exists()


def test_export_is_offered_only_with_a_match_open(window):
    assert not window.export_file_action.isEnabled()
    window.import_match_file(EXAMPLES / "euchre.json")
    assert window.export_file_action.isEnabled()
    window.show_start()
    assert not window.export_file_action.isEnabled()


# -- the database at start -----------------------------------------------------------------


def newer_database(path: Path) -> None:
    Store(path).close()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    db.close()


DATABASES = [
    pytest.param(
        lambda path: path.write_bytes(b"this is not a database at all" * 100),
        "The match database cannot be opened",
        "is not a Scorekeeper database",
        id="not a database: named, left as it was",
    ),
    pytest.param(
        lambda path: path.write_bytes(open_database_bytes(path)[:1500]),
        "The match database cannot be opened",
        "is damaged",
        id="a database cut short: damaged, left as it was",
    ),
    pytest.param(
        newer_database,
        "The match database is from a newer Scorekeeper",
        "open it with the newer version",
        id="a newer version's database: refused, left as it was",
    ),
]


def open_database_bytes(path: Path) -> bytes:
    Store(path).close()
    return path.read_bytes()


@pytest.mark.parametrize(("make", "title", "problem"), DATABASES)
def test_a_database_that_cannot_be_used_is_explained_at_start(
    qtbot, tmp_path, monkeypatch, make, title, problem
):
    folder = tmp_path / "data"
    path = database_path(folder)
    make(path)
    before = path.read_bytes()
    shown: list[QMessageBox] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box) or 0)
    _app, window = start(["--data-dir", str(folder)])
    assert window is None
    [box] = shown
    assert box.text() == title
    assert problem in box.informativeText()
    assert str(path) in box.informativeText()
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        pytest.param(
            ["--data-dir", "MISSING"],
            "--data-dir MISSING: no such folder",
            id="a missing --data-dir",
        ),
        pytest.param(
            ["--data-dir", "FILE"],
            "--data-dir FILE: it is a file, not a folder",
            id="a file as --data-dir",
        ),
        pytest.param(
            [],
            "$SCOREKEEPER_DATA_DIR MISSING: no such folder",
            id="a missing $SCOREKEEPER_DATA_DIR",
        ),
    ],
)
def test_a_data_folder_that_is_not_there_is_said_and_never_made(
    qtbot, tmp_path, monkeypatch, argv, problem
):
    missing, file = tmp_path / "scorekeper", tmp_path / "notes.txt"
    file.write_text("kept\n")
    monkeypatch.setenv("SCOREKEEPER_DATA_DIR", str(missing))
    shown: list[QMessageBox] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box) or 0)
    named = {"MISSING": str(missing), "FILE": str(file)}
    _app, window = start([named.get(part, part) for part in argv])
    assert window is None
    [box] = shown
    assert box.text() == "The match database cannot be opened"
    assert (
        problem.replace("MISSING", str(missing)).replace("FILE", str(file)) in box.informativeText()
    )
    assert not missing.exists()
    assert file.read_text() == "kept\n"
