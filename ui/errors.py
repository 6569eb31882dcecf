"""Clear error dialogs: what went wrong, in the words of the error, and that nothing was lost."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the dialog's classes load with the first error, not at start-up
    from PySide6.QtWidgets import QMessageBox, QWidget

NOTHING_LOST = "Nothing already recorded was changed."


def error_box(parent: QWidget | None, title: str, error: BaseException | str) -> QMessageBox:
    """A warning box naming the problem; the caller shows it (``exec`` or ``open``)."""
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(title)
    box.setText(title)
    box.setInformativeText(f"{describe(error)}\n\n{NOTHING_LOST}")
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    return box


def describe(error: BaseException | str) -> str:
    """The error's own message, or its kind when it carries none."""
    if isinstance(error, str):
        return error
    if isinstance(error, OSError) and error.strerror:
        where = f" ({error.filename})" if error.filename else ""
        return f"{error.strerror}{where}"
    return str(error) or type(error).__name__


def show_error(parent: QWidget | None, title: str, error: BaseException | str) -> None:
    """Show the error window-modally and return at once (tests find it as the active modal)."""
    box = error_box(parent, title, error)
    box.setObjectName("errorBox")
    box.open()


def show_failure(parent: QWidget | None, what: str, details: str) -> QMessageBox:
    """An action that failed unexpectedly: plain words, and a button copying the details
    (the traceback, also in the log file) for whoever looks into it."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    box = error_box(parent, f"“{what}” could not be recorded", "Something unexpected went wrong.")
    box.setObjectName("failureBox")
    box.setDetailedText(details)
    copy = box.addButton("&Copy details", QMessageBox.ButtonRole.ActionRole)
    copy.setObjectName("copyDetails")
    copy.clicked.disconnect()  # copying leaves the box open
    copy.clicked.connect(lambda: QApplication.clipboard().setText(details))
    box.setEscapeButton(QMessageBox.StandardButton.Ok)  # Escape and the title bar close it
    box.open()
    return box
