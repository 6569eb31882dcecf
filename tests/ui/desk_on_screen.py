"""Opens the director's desk from its dialog, as hands do, in a process whose one screen
is a laptop's (the offscreen platform's configured screen), and prints as JSON where the
desk opened (with a window manager's frame), the screen's free area and the least size
the desk's layout needs.

``python -m tests.ui.desk_on_screen <data folder> <club database address>``
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from PySide6.QtCore import QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.ui.fit_checks import framed
from ui.desk import DirectorDesk
from ui.desk_open import OpenDeskDialog


def corners(rect: QRect) -> list[int]:
    return [rect.x(), rect.y(), rect.width(), rect.height()]


def main(argv: list[str]) -> int:
    data, address = Path(argv[0]), argv[1]
    app = QApplication([])
    dialog = OpenDeskDialog(data)
    opened: list[DirectorDesk] = []
    dialog.opened.connect(opened.append)
    dialog.show()
    QTest.keyClicks(dialog.server, address)
    QTest.keyClick(dialog.server, Qt.Key.Key_Return)
    if not opened:
        print(json.dumps({"said": dialog.said.text()}))
        return 1
    desk = opened[0]
    for _ in range(5):
        app.processEvents()
    screen = desk.screen()
    hint = desk.minimumSizeHint()
    shown = {
        "frame": corners(framed(desk)),
        "area": corners(screen.availableGeometry()),
        "least": [hint.width(), hint.height()],
    }
    desk.close()
    print(json.dumps(shown))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
