"""Screenshots the suite saves for a person to look at, in ``tests/screenshots``.

They are written at zlib's fastest level (Qt's PNG quality 80): files of the default's
size in about a third of its time, which counts over the suite's many hundred."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import QApplication, QWidget

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
PNG_QUALITY = 80


def save_png(image: QPixmap | QImage, path: Path | str) -> Path:
    """Write ``image`` to ``path`` as a PNG."""
    assert image.save(str(path), "PNG", PNG_QUALITY), f"cannot write {path}"
    return Path(path)


def screenshot(widget: QWidget, name: str) -> Path:
    """Save the widget as it is drawn to ``tests/screenshots/<name>.png``."""
    SCREENSHOTS.mkdir(exist_ok=True)
    for _ in range(3):  # let pending layouts and deletions settle
        QApplication.processEvents()
    return save_png(widget.grab(), SCREENSHOTS / f"{name}.png")
