"""Start the desktop app."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QLabel, QMainWindow


def run() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    window = QMainWindow()
    window.setWindowTitle("Scorekeeper")
    window.setCentralWidget(QLabel("Scorekeeper"))
    window.show()
    return app.exec()
