"""File → Export score sheet… and Export hand report…: the report in a preview with pages,
zoom and the paper (Letter or A4, remembered), saved as a PDF or printed. Driven by keys and
clicks through the main window; the saved and printed PDFs are read back with pypdf."""

from __future__ import annotations

import io
import os
import random
import resource
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QLocale, Qt
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from scorekeeper.events import Event
from scorekeeper.games import get_game
from scorekeeper.ledger import Ledger
from scorekeeper.match import HandRecord, MatchInfo
from scorekeeper.reports import score_sheet_bytes
from tests.shots import screenshot
from tests.ui.app_matches import EUCHRE_PLAYERS, euchre_info, euchre_results
from ui.main_window import MainWindow
from ui.report_preview import (
    PAPER_SETTING,
    ReportPreview,
    default_paper,
    paper_setting,
    safe_file_name,
)

POINTS = {"letter": (612, 792), "a4": (595, 842)}  # page sizes in PDF points, rounded
OTHER = {"letter": "a4", "a4": "letter"}
SHEEPSHEAD_PLAYERS = ("Ann", "Ben", "Cy", "Di", "Eve")


def euchre_match(store, results=((0, 3), (1, 5), (0, 4))) -> int:
    ledger = Ledger(euchre_info("Friday Euchre"))
    euchre_results(ledger, list(results))
    return store.create_match(ledger.info, ledger.records())


def long_sheepshead_match(store, hands: int = 80) -> int:
    """Enough quick-entry hands for a score sheet of several pages."""
    game = get_game("sheepshead")
    info = MatchInfo("Long Sheepshead", "sheepshead", game.settings(), SHEEPSHEAD_PLAYERS)
    records = [
        HandRecord(
            n % 5,
            [
                Event(
                    "result",
                    data={
                        "picker": n % 5,
                        "partner": (n + 2) % 5,
                        "call": "ace",
                        "points": 31 + n * 7 % 89,
                        "tricks": 1 + n % 5,
                    },
                )
            ],
        )
        for n in range(hands)
    ]
    return store.create_match(info, records)


def open_window(qtbot, store, settings, match_id: int | None = None) -> MainWindow:
    window = MainWindow(store, settings)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    if match_id is not None:
        window.open_match(match_id)
    return window


def from_file_menu(qtbot, window: MainWindow, mnemonic: Qt.Key) -> ReportPreview:
    """Alt+F, then the export's underlined letter: the preview that opens."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is window.file_menu)
    qtbot.keyClick(window.file_menu, mnemonic)
    return active_preview(qtbot)


def active_preview(qtbot) -> ReportPreview:
    """The preview just opened, once it is the window the keyboard goes to."""
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), ReportPreview))
    preview = QApplication.activeModalWidget()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is preview)
    return preview


def error_text() -> str:
    """The shown error dialog's title and text; the dialog is closed."""
    box = QApplication.activeModalWidget()
    assert isinstance(box, QMessageBox), "an error dialog is shown"
    text = f"{box.text()}\n{box.informativeText()}"
    box.close()
    return text


def answer_save(monkeypatch: pytest.MonkeyPatch, path: Path) -> list[tuple[str, str]]:
    """The save dialog answers ``path``; the captions and suggested paths it showed."""
    asked: list[tuple[str, str]] = []

    def dialog(_parent, caption, suggested, *_args, **_kwargs):
        asked.append((caption, suggested))
        return str(path), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(dialog))
    return asked


def pdf_text(reader: PdfReader) -> str:
    return "\n".join(page.extract_text() for page in reader.pages)


def page_sizes(reader: PdfReader) -> set[tuple[int, int]]:
    return {(round(p.mediabox.width), round(p.mediabox.height)) for p in reader.pages}


def choose_paper(qtbot, preview: ReportPreview, paper: str) -> None:
    """Alt+R to the paper list, then arrow keys until ``paper`` is chosen."""
    qtbot.keyClick(preview, Qt.Key.Key_R, Qt.KeyboardModifier.AltModifier)
    assert preview.paper_box.hasFocus()
    target = preview.paper_box.findData(paper)
    key = Qt.Key.Key_Down if target > preview.paper_box.currentIndex() else Qt.Key.Key_Up
    while preview.paper_box.currentIndex() != target:
        qtbot.keyClick(preview.paper_box, key)
    assert preview.paper == paper


# -- the paper setting -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("locale", "paper"),
    [
        pytest.param("en_US", "letter", id="United States: Letter"),
        pytest.param("en_CA", "letter", id="Canada, English: Letter"),
        pytest.param("fr_CA", "letter", id="Canada, French: Letter"),
        pytest.param("en_GB", "a4", id="United Kingdom: A4"),
        pytest.param("de_DE", "a4", id="Germany: A4"),
        pytest.param("es_MX", "a4", id="Mexico: A4 (Letter only for the US and Canada)"),
        pytest.param("C", "a4", id="no territory: A4"),
    ],
)
def test_the_default_paper_follows_the_locale(locale, paper):
    assert default_paper(QLocale(locale)) == paper


@pytest.mark.parametrize(
    ("name", "file_name"),
    [
        pytest.param("Friday Euchre.pdf", "Friday Euchre.pdf", id="plain name kept"),
        pytest.param("A/B: C?.pdf", "A-B- C-.pdf", id="slash, colon and question mark replaced"),
        pytest.param("  ", "report", id="blank name: report"),
    ],
)
def test_suggested_file_names_are_safe(name, file_name):
    assert safe_file_name(name) == file_name


# -- from the File menu ------------------------------------------------------------------------


def test_the_exports_wait_for_an_open_match(qtbot, store, settings):
    window = open_window(qtbot, store, settings)
    actions = {a.objectName(): a for a in window.file_menu.actions()}
    sheet, hand = actions["exportScoreSheet"], actions["exportHandReport"]
    assert (sheet.text(), hand.text()) == ("Export &score sheet…", "Export &hand report…")
    assert not sheet.isEnabled() and not hand.isEnabled()
    window.open_match(euchre_match(store))
    assert sheet.isEnabled() and hand.isEnabled()
    window.show_start()
    assert not sheet.isEnabled() and not hand.isEnabled()


def test_save_the_score_sheet_on_the_other_paper(qtbot, store, settings, tmp_path, monkeypatch):
    window = open_window(qtbot, store, settings, euchre_match(store))
    preview = from_file_menu(qtbot, window, Qt.Key.Key_S)
    assert preview.windowTitle() == "Score sheet — Friday Euchre"
    first = preview.paper
    assert first == default_paper()
    assert preview.document.pageCount() == 1
    other = OTHER[first]
    choose_paper(qtbot, preview, other)
    assert settings.value(PAPER_SETTING) == other
    target = tmp_path / "out" / "sheet.pdf"
    target.parent.mkdir()
    asked = answer_save(monkeypatch, target)
    qtbot.mouseClick(preview.save_button, Qt.MouseButton.LeftButton)
    assert asked[0][1].endswith("Friday Euchre score sheet.pdf")
    reader = PdfReader(target)
    assert page_sizes(reader) == {POINTS[other]}
    text = pdf_text(reader)
    assert all(name in text for name in (*EUCHRE_PLAYERS, "Friday Euchre"))
    assert not list(target.parent.glob("*.part"))
    preview.close()
    again = from_file_menu(qtbot, window, Qt.Key.Key_S)
    assert again.paper == other, "the paper chosen is remembered"
    assert again.paper_box.currentText() == {"letter": "Letter", "a4": "A4"}[other]


def test_a_name_without_suffix_is_saved_as_pdf(qtbot, store, settings, tmp_path, monkeypatch):
    window = open_window(qtbot, store, settings, euchre_match(store))
    preview = from_file_menu(qtbot, window, Qt.Key.Key_S)
    answer_save(monkeypatch, tmp_path / "sheet")
    assert preview.saved.text() == ""
    qtbot.keyClick(preview, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert PdfReader(tmp_path / "sheet.pdf").pages
    assert preview.saved.text() == f"Saved: sheet.pdf in {tmp_path}"  # the save is confirmed


def test_a_save_that_fails_is_explained_and_writes_nothing(
    qtbot, store, settings, tmp_path, monkeypatch
):
    window = open_window(qtbot, store, settings, euchre_match(store))
    preview = from_file_menu(qtbot, window, Qt.Key.Key_S)
    target = tmp_path / "no such folder" / "sheet.pdf"
    answer_save(monkeypatch, target)
    qtbot.mouseClick(preview.save_button, Qt.MouseButton.LeftButton)
    text = error_text()
    assert "The report cannot be saved" in text
    assert "the folder" in text and "no such folder does not exist" in text
    assert not target.parent.exists()
    assert preview.isVisible(), "the preview stays open to try again"


def test_a_save_over_a_good_file_that_fails_leaves_it(
    qtbot, store, settings, tmp_path, monkeypatch
):
    window = open_window(qtbot, store, settings, euchre_match(store))
    preview = from_file_menu(qtbot, window, Qt.Key.Key_S)
    (tmp_path / "sheets").mkdir()
    target = tmp_path / "sheets" / "sheet.pdf"
    target.write_bytes(b"the good file")
    answer_save(monkeypatch, target)
    with file_size_limit(1000):  # the sheet is larger: its writing fails part way
        qtbot.mouseClick(preview.save_button, Qt.MouseButton.LeftButton)
    assert "The report cannot be saved" in error_text()
    assert target.read_bytes() == b"the good file"
    assert os.listdir(target.parent) == ["sheet.pdf"], "nothing is left behind"


@contextmanager
def file_size_limit(size: int) -> Iterator[None]:
    """This process may write no file beyond ``size`` bytes (``ulimit -f``); a write past
    it fails with EFBIG instead of the signal ending the process."""
    before = resource.getrlimit(resource.RLIMIT_FSIZE)
    handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, before[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, before)
        signal.signal(signal.SIGXFSZ, handler)


def test_the_hand_report_is_of_the_hand_selected_on_the_scoreboard(
    qtbot, store, settings, tmp_path, monkeypatch
):
    window = open_window(qtbot, store, settings, euchre_match(store))
    view = window.match_page.scoreboard
    rect = view.visualRect(view.model().index(1, 1))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    preview = from_file_menu(qtbot, window, Qt.Key.Key_H)
    assert preview.windowTitle() == (
        "Hand report: hand 2, selected on the scoreboard — Friday Euchre"
    )
    answer_save(monkeypatch, tmp_path / "hand.pdf")
    qtbot.mouseClick(preview.save_button, Qt.MouseButton.LeftButton)
    text = pdf_text(PdfReader(tmp_path / "hand.pdf"))
    assert "Hand 2: Friday Euchre" in text
    assert EUCHRE_PLAYERS[1] in text  # the dealer of hand 2


def test_without_a_selection_the_last_finished_hand_is_reported(qtbot, store, settings):
    window = open_window(qtbot, store, settings, euchre_match(store))
    ledger = window.session.ledger
    dealt = ledger.game.deal(random.Random(0), ledger.settings, ledger.next_dealer)
    window.session.record(next(event for event in dealt if event.kind == "upcard"))
    assert len(ledger.hands) == 4 and not ledger.hands[3].is_over, "hand 4 is under way"
    preview = from_file_menu(qtbot, window, Qt.Key.Key_H)
    assert preview.windowTitle() == "Hand report: hand 3, the last finished hand — Friday Euchre"
    assert "Hand 3: Friday Euchre" in pdf_text(PdfReader(io.BytesIO(preview.data)))


def test_a_hand_report_before_any_hand_is_over_is_explained(qtbot, store, settings):
    window = open_window(qtbot, store, settings, euchre_match(store, results=()))
    qtbot.keyClick(
        window,
        Qt.Key.Key_P,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    text = error_text()
    assert "There is no hand to report yet" in text
    assert "No hand of this match is finished" in text
    assert not window.findChildren(ReportPreview)


# -- pages, zoom, printing ---------------------------------------------------------------------


def test_pages_and_zoom_by_keys(qtbot, store, settings):
    window = open_window(qtbot, store, settings, long_sheepshead_match(store))
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    preview = active_preview(qtbot)
    pages = preview.document.pageCount()
    assert pages >= 3
    assert preview.page_count.text() == f"of {pages}"
    qtbot.keyClick(preview, Qt.Key.Key_G, Qt.KeyboardModifier.AltModifier)
    assert preview.page_box.hasFocus()
    preview.page_box.selectAll()
    qtbot.keyClicks(preview.page_box, str(pages))
    assert preview.navigator.currentPage() == pages - 1
    assert preview.view.zoomMode() == QPdfView.ZoomMode.FitToWidth
    qtbot.keyClick(preview, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert preview.view.zoomMode() == QPdfView.ZoomMode.Custom
    assert preview.view.zoomFactor() == 1.0
    qtbot.keyClick(preview, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert preview.view.zoomFactor() == 1.5
    assert preview.zoom_box.currentText() == "150 %"
    qtbot.keyClick(preview, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(preview, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert preview.view.zoomFactor() == 0.75
    qtbot.keyClick(preview, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not window.findChildren(ReportPreview))


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_printing_renders_every_page_on_the_reports_paper(qtbot, store, settings, tmp_path, paper):
    settings.setValue(PAPER_SETTING, paper)
    window = open_window(qtbot, store, settings, long_sheepshead_match(store))
    preview = from_file_menu(qtbot, window, Qt.Key.Key_S)
    printer = preview.new_printer()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    printer.setResolution(150)
    assert preview.print_to(printer)
    printed = PdfReader(tmp_path / "printed.pdf")
    assert len(printed.pages) == preview.document.pageCount() >= 3
    assert page_sizes(printed) == {POINTS[paper]}
    for page in printed.pages:  # each page is the report's page drawn as an image
        assert len(page.images) == 1


def test_printing_a_range_prints_those_pages(qtbot, store, settings, tmp_path):
    window = open_window(qtbot, store, settings, long_sheepshead_match(store))
    preview = from_file_menu(qtbot, window, Qt.Key.Key_S)
    printer = preview.new_printer()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    printer.setResolution(150)
    printer.setFromTo(2, 3)
    assert preview.print_to(printer)
    assert len(PdfReader(tmp_path / "printed.pdf").pages) == 2


def test_a_printer_that_cannot_start_is_explained(qtbot, store, settings, tmp_path):
    window = open_window(qtbot, store, settings, euchre_match(store))
    preview = from_file_menu(qtbot, window, Qt.Key.Key_S)
    printer = preview.new_printer()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "no such folder" / "printed.pdf"))
    assert not preview.print_to(printer)
    assert "The report cannot be printed" in error_text()


def test_screenshot_the_preview(qtbot, store, settings, scheme):
    window = open_window(qtbot, store, settings, long_sheepshead_match(store, hands=40))
    preview = from_file_menu(qtbot, window, Qt.Key.Key_S)
    preview.resize(900, 820)
    assert preview.isVisible()
    screenshot(preview, f"report-preview-{scheme}")


@pytest.mark.parametrize(
    "stored",
    [pytest.param(None, id="nothing stored"), pytest.param("legal", id="a paper not offered")],
)
def test_without_a_usable_setting_the_locale_chooses_the_paper(settings, stored):
    if stored is not None:
        settings.setValue(PAPER_SETTING, stored)
    assert paper_setting(settings) == default_paper()


def test_a_paper_the_report_cannot_be_made_on_leaves_the_report_as_it_was(qtbot, settings):
    def make(paper: str) -> bytes:
        if paper == "a4":
            raise ValueError("the table is too wide for A4")
        return score_sheet_bytes(Ledger(euchre_info("Friday Euchre")), paper)

    preview = ReportPreview("Score sheet", "sheet.pdf", make, settings)
    qtbot.addWidget(preview)
    preview.load(make("letter"), "letter")
    preview.show()
    before = preview.data
    assert not preview.set_paper("a4")
    text = error_text()
    assert "The report cannot be made on this paper" in text
    assert "the table is too wide for A4" in text
    assert (preview.paper, preview.paper_box.currentData(), preview.data) == (
        "letter",
        "letter",
        before,
    )
    assert settings.value(PAPER_SETTING) is None
