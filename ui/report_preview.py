"""The preview of a printable report: its pages as they will print, on Letter or A4 paper,
saved as a PDF file or sent to a printer.

The paper is a setting (``reports/paper``): Letter in the United States and Canada, A4
elsewhere, until it is changed in the preview, which remembers the choice.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QLocale, QPointF, QRectF, QSettings, Qt
from PySide6.QtGui import QKeySequence, QPageSize, QPainter, QShortcut
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.reports.layout import write

from .errors import show_error
from .screen_fit import fit_to_screen, keep_title_whole

PAPER_SETTING = "reports/paper"
PAPERS = {"letter": ("Letter", QPageSize.PageSizeId.Letter), "a4": ("A4", QPageSize.PageSizeId.A4)}
LETTER_TERRITORIES = (QLocale.Country.UnitedStates, QLocale.Country.Canada)
PDF_FILES = "PDF files (*.pdf);;All files (*)"
FOLDER_SETTING = "files/folder"
PRINT_DPI = 300
"""Pages go to the printer as images of this resolution (or the printer's, if lower)."""

Zoom = tuple[str, QPdfView.ZoomMode, float]
ZOOMS: tuple[Zoom, ...] = (
    ("Fit width", QPdfView.ZoomMode.FitToWidth, 1.0),
    ("Whole page", QPdfView.ZoomMode.FitInView, 1.0),
    *(
        (f"{percent} %", QPdfView.ZoomMode.Custom, percent / 100)
        for percent in (50, 75, 100, 150, 200)
    ),
)
FIT_WIDTH = 0


def default_paper(locale: QLocale | None = None) -> str:
    """Letter in the United States and Canada, A4 elsewhere."""
    territory = (locale or QLocale.system()).territory()
    return "letter" if territory in LETTER_TERRITORIES else "a4"


def paper_setting(settings: QSettings) -> str:
    """The remembered paper, or the locale's when none (or a strange value) is stored."""
    value = settings.value(PAPER_SETTING)
    return value if value in PAPERS else default_paper()


def safe_file_name(name: str) -> str:
    """``name`` without the characters file systems refuse."""
    return "".join("-" if char in '\\/:*?"<>|' else char for char in name).strip() or "report"


class ReportPreview(QDialog):
    """A report's pages with page and zoom controls, the paper choice, Save…, Print… and Close.

    ``make(paper)`` builds the report's PDF bytes for ``"letter"`` or ``"a4"``; it raises
    ``ValueError`` or ``OSError`` when the report cannot be made. ``file_name`` is the
    suggested name when saving (without folder). The caller shows the first report with
    :meth:`load`.
    """

    def __init__(
        self,
        title: str,
        file_name: str,
        make: Callable[[str], bytes],
        settings: QSettings,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("reportPreview")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setWindowTitle(title)
        self.file_name = file_name
        self.make = make
        self.settings = settings
        self.data = b""
        self.paper = ""
        self._buffer = QBuffer(self)
        self.document = QPdfDocument(self)
        self.view = QPdfView(self)
        self.view.setObjectName("reportPages")
        self.view.setPageMode(QPdfView.PageMode.MultiPage)
        self.view.setDocument(self.document)
        self.navigator = self.view.pageNavigator()

        self.page_box = QSpinBox()
        self.page_box.setObjectName("page")
        self.page_box.setAccelerated(True)
        self.page_count = QLabel()
        self.saved = QLabel()  # the confirmation of a save
        self.saved.setObjectName("saved")
        self.saved.setWordWrap(True)
        self.zoom_box = QComboBox()
        self.zoom_box.setObjectName("zoom")
        self.zoom_box.addItems([label for label, _mode, _factor in ZOOMS])
        self.paper_box = QComboBox()
        self.paper_box.setObjectName("paper")
        for paper, (label, _size) in PAPERS.items():
            self.paper_box.addItem(label, paper)
        buttons = QDialogButtonBox()
        self.save_button = buttons.addButton("&Save…", QDialogButtonBox.ButtonRole.ActionRole)
        self.print_button = buttons.addButton("&Print…", QDialogButtonBox.ButtonRole.ActionRole)
        self.close_button = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.save_button.setObjectName("save")
        self.print_button.setObjectName("print")
        self.close_button.setAutoDefault(False)
        self._lay_out(buttons)

        self.page_box.valueChanged.connect(self.show_page)
        self.navigator.currentPageChanged.connect(self._page_shown)
        self.zoom_box.currentIndexChanged.connect(self.set_zoom)
        self.paper_box.activated.connect(lambda row: self.set_paper(self.paper_box.itemData(row)))
        self.save_button.clicked.connect(self.ask_save)
        self.print_button.clicked.connect(self.ask_print)
        buttons.rejected.connect(self.reject)
        for keys, step in (
            (QKeySequence.StandardKey.ZoomIn, 1),
            (QKeySequence.StandardKey.ZoomOut, -1),
        ):
            QShortcut(keys, self, lambda step=step: self._step_zoom(step))
        QShortcut(QKeySequence.StandardKey.Save, self, self.ask_save)
        QShortcut(QKeySequence.StandardKey.Print, self, self.ask_print)

        fit_to_screen(self, 760, 900)
        keep_title_whole(self)
        self.set_zoom(FIT_WIDTH)
        self.view.setFocus()

    def _lay_out(self, buttons: QDialogButtonBox) -> None:
        bar = QHBoxLayout()
        for text, box in (
            ("Pa&ge", self.page_box),
            ("&Zoom", self.zoom_box),
            ("Pape&r", self.paper_box),
        ):
            caption = QLabel(text)
            caption.setBuddy(box)
            bar.addWidget(caption)
            bar.addWidget(box)
            bar.addSpacing(12)
        bar.insertWidget(2, self.page_count)  # "Page [3] of 5"
        bar.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.saved)
        layout.addWidget(buttons)

    # -- the document ------------------------------------------------------------------

    def load(self, data: bytes, paper: str) -> None:
        """Show the report ``data``, made for ``paper``."""
        self.document.close()
        self._buffer.close()
        self._buffer.setData(QByteArray(data))
        self._buffer.open(QIODevice.OpenModeFlag.ReadOnly)
        self.document.load(self._buffer)
        self.data = data
        self.paper = paper
        self.paper_box.setCurrentIndex(self.paper_box.findData(paper))
        pages = self.document.pageCount()
        self.page_box.setRange(1, max(pages, 1))
        self.page_count.setText(f"of {pages}")
        self.show_page(1)

    def set_paper(self, paper: str) -> bool:
        """Make the report again on ``paper`` and remember the choice; an error dialog (and
        the report left as it was) when it cannot be made."""
        if paper == self.paper:
            return True
        try:
            data = self.make(paper)
        except (ValueError, OSError) as error:
            self.paper_box.setCurrentIndex(self.paper_box.findData(self.paper))
            show_error(self, "The report cannot be made on this paper", error)
            return False
        self.settings.setValue(PAPER_SETTING, paper)
        self.load(data, paper)
        return True

    # -- looking -------------------------------------------------------------------------

    def show_page(self, number: int) -> None:
        """Scroll to page ``number`` (from 1)."""
        if 1 <= number <= self.document.pageCount() and number - 1 != self.navigator.currentPage():
            self.navigator.jump(number - 1, QPointF(), self.navigator.currentZoom())

    def _page_shown(self, page: int) -> None:
        self.page_box.blockSignals(True)
        self.page_box.setValue(page + 1)
        self.page_box.blockSignals(False)

    def set_zoom(self, row: int) -> None:
        """Zoom as ``ZOOMS[row]`` says: fit the width, the whole page, or a scale."""
        _label, mode, factor = ZOOMS[row]
        self.zoom_box.setCurrentIndex(row)
        self.view.setZoomMode(mode)
        if mode == QPdfView.ZoomMode.Custom:
            self.view.setZoomFactor(factor)

    def _step_zoom(self, step: int) -> None:
        scales = [row for row, zoom in enumerate(ZOOMS) if zoom[1] == QPdfView.ZoomMode.Custom]
        current = self.zoom_box.currentIndex()
        if current not in scales:  # from a fitted zoom, start at 100 %
            current = next(row for row in scales if ZOOMS[row][2] == 1.0)
            step = 0
        self.set_zoom(scales[max(0, min(len(scales) - 1, scales.index(current) + step))])

    # -- saving --------------------------------------------------------------------------

    def ask_save(self) -> None:
        folder = Path(str(self.settings.value(FOLDER_SETTING, str(Path.home()))))
        path, _filter = QFileDialog.getSaveFileName(
            self, "Save the report as PDF", str(folder / self.file_name), PDF_FILES
        )
        if path:
            self.save(path)

    def save(self, path: str | os.PathLike[str]) -> bool:
        """Write the report as shown to ``path`` (``.pdf`` added when there is no suffix),
        whole or not at all; an error dialog names what went wrong."""
        target = Path(path)
        if not target.suffix:
            target = target.with_suffix(".pdf")
        try:
            write(self.data, target)
        except OSError as error:
            show_error(self, "The report cannot be saved", error)
            return False
        self.settings.setValue(FOLDER_SETTING, str(target.parent))
        self.setWindowFilePath(str(target))
        self.saved.setText(f"Saved: {target.name} in {target.parent}")
        return True

    # -- printing ------------------------------------------------------------------------

    def new_printer(self) -> QPrinter:
        """A printer set up for this report: its paper, whole pages, its title."""
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageSize(QPageSize(PAPERS[self.paper][1]))
        printer.setFullPage(True)  # the report carries its own margins
        printer.setDocName(self.windowTitle())
        printer.setFromTo(0, 0)
        return printer

    def ask_print(self) -> None:
        printer = self.new_printer()
        dialog = QPrintDialog(printer, self)
        dialog.setWindowTitle("Print the report")
        dialog.setMinMax(1, self.document.pageCount())
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.print_to(printer)

    def print_to(self, printer: QPrinter) -> bool:
        """Draw the pages (all, or the printer's range) on ``printer``, each scaled to fit
        its paper and centred; an error dialog when the printer cannot take them."""
        count = self.document.pageCount()
        first, last = printer.fromPage(), printer.toPage()
        pages = range(first - 1, min(last, count)) if first else range(count)
        painter = QPainter()
        if not painter.begin(printer):
            show_error(self, "The report cannot be printed", "The printer could not be started.")
            return False
        dpi = min(printer.resolution(), PRINT_DPI)
        paper = QRectF(printer.paperRect(QPrinter.Unit.DevicePixel))
        for number, page in enumerate(pages):
            if number:
                printer.newPage()
            size = self.document.pagePointSize(page)
            image = self.document.render(page, (size * dpi / 72).toSize())
            scale = min(paper.width() / size.width(), paper.height() / size.height())
            target = QRectF(0, 0, size.width() * scale, size.height() * scale)
            target.moveCenter(paper.center())
            painter.drawImage(target, image)
        painter.end()
        if printer.printerState() == QPrinter.PrinterState.Error:
            show_error(self, "The report cannot be printed", "The printer reported an error.")
            return False
        return True


__all__ = ["PAPERS", "ReportPreview", "default_paper", "paper_setting", "safe_file_name"]
