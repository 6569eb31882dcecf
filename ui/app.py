"""Start the desktop app: the application object, its look, the database, the main window.

``scorekeeper`` with no command runs :func:`run`. Options: ``--data-dir FOLDER`` (else
``$SCOREKEEPER_DATA_DIR``, either of which must exist, else the user's data folder, made
on first use) and ``--scheme system|light|dark``
(else the choice remembered from the View menu, else the system's).

The window is shown and painted first; the database is opened and its matches listed
right after, so the storage code loads while the window is already on screen.
"""

from __future__ import annotations

import argparse
import gc
import logging
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication

from scorekeeper.resources import ResourceMissing, resource_path

from .main_window import MainWindow
from .theme import SCHEMES, apply_scheme, scheme_named

if TYPE_CHECKING:  # the storage code loads once the window is shown
    from PySide6.QtWidgets import QMessageBox

    from scorekeeper.storage import StorageError, Store

ORGANISATION = "Scorekeeper"
APPLICATION = "Scorekeeper"
LOG_FILE = "scorekeeper.log"


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="scorekeeper", description="Keep score at the card table."
    )
    parser.add_argument(
        "--data-dir", help="the folder holding the match database, which must exist"
    )
    parser.add_argument("--scheme", choices=SCHEMES, help="light or dark colours, or the system's")
    return parser.parse_args(list(argv))


def application(argv: Sequence[str] = ()) -> QApplication:
    """The application object (the existing one, if any), named for ``QSettings``."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
            Qt.HighDpiScaleFactorRoundingPolicy.PassThrough
        )
        app = QApplication([sys.argv[0] if sys.argv else APPLICATION, *argv])
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName(APPLICATION)
    app.setDesktopFileName("scorekeeper")
    icon = app_icon()
    if not icon.isNull():
        app.setWindowIcon(icon)
    return app


def app_icon() -> QIcon:
    """The app's icon from ``resources/icons`` (every size found), or a null icon."""
    icon = QIcon()
    try:
        icons = resource_path("icons")
    except ResourceMissing:
        return icon
    for path in sorted(icons.glob("scorekeeper*.*")):
        if path.suffix in (".png", ".svg"):
            icon.addFile(str(path))
    return icon


def start(argv: Sequence[str] = ()) -> tuple[QApplication, MainWindow | None]:
    """Show and paint the main window, then open the database and list its matches;
    ``None`` (the window gone, after an error dialog) when the database cannot be opened."""
    options = parse_arguments(argv)
    own_process = QApplication.instance() is None
    app = application(argv)
    settings = QSettings()
    apply_scheme(app, options.scheme or scheme_named(settings.value("view/scheme")))
    window = MainWindow(None, settings)
    window.show()
    app.processEvents()  # on screen before the storage code loads
    store = open_store(options.data_dir)
    if store is None:
        window.hide()
        window.deleteLater()
        return app, None
    window.set_store(store)
    if own_process:
        # what start-up made (the modules above all) lives as long as the app: the
        # collector no longer walks it, so a full collection during a click stays short
        gc.freeze()
    return app, window


def open_store(data_dir: str | None) -> Store | None:
    """The match database in the data folder; ``None`` after an error dialog when it cannot
    be used. A folder the user named must exist: a mistyped name is said, never made."""
    from scorekeeper.paths import data_dir_problem, database_path
    from scorekeeper.storage import StorageError, Store

    try:
        if problem := data_dir_problem(data_dir):
            raise StorageError(f"{problem}. Make the folder first, or name another.")
        path = database_path(data_dir)
        store = Store(path)
    except (StorageError, OSError) as error:
        database_error_box(error).exec()
        return None
    log_to(path.parent / LOG_FILE)  # the data folder is there once the database opened
    return store


def log_to(path: Path) -> None:
    """Write the app's warnings and errors (with their tracebacks) to ``path``."""
    root = logging.getLogger()
    for old in [h for h in root.handlers if h.get_name() == LOG_FILE]:  # one data folder at a time
        root.removeHandler(old)
        old.close()
    handler = logging.FileHandler(path, encoding="utf-8", delay=True)
    handler.set_name(LOG_FILE)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.setLevel(logging.WARNING)
    root.addHandler(handler)


def report_unexpected(
    window: MainWindow,
    kind: type[BaseException],
    error: BaseException,
    trace: TracebackType | None,
) -> None:
    """The app's last resort for an error nothing handled: logged, and told in a dialog
    whose details can be copied, never as a traceback on the terminal alone."""
    import traceback

    from .errors import show_failure

    details = "".join(traceback.format_exception(kind, error, trace))
    logging.getLogger("scorekeeper").error("unexpected error:\n%s", details)
    show_failure(window, "That action", details)


def database_error_box(error: StorageError | OSError) -> QMessageBox:
    """The dialog for a database that cannot be used: damaged, not Scorekeeper's, or
    written by a newer version (which is left exactly as it is)."""
    from scorekeeper.storage import NewerDatabaseError

    from .errors import error_box

    title = (
        "The match database is from a newer Scorekeeper"
        if isinstance(error, NewerDatabaseError)
        else "The match database cannot be opened"
    )
    box = error_box(None, title, error)
    box.setObjectName("databaseError")
    return box


def run(argv: Sequence[str] | None = None) -> int:
    """Run the app until its window closes; the exit status."""
    app, window = start(sys.argv[1:] if argv is None else argv)
    if window is None:
        return 1
    sys.excepthook = partial(report_unexpected, window)
    try:
        return app.exec()
    finally:
        window.store.close()
