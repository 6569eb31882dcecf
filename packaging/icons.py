"""Render the app icon's PNG sizes from ``resources/icons/scorekeeper.svg``.

Run after changing the SVG: ``python packaging/icons.py``; the PNGs are committed.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"
SVG = ICONS / "scorekeeper.svg"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def png_path(size: int) -> Path:
    return ICONS / f"scorekeeper-{size}.png"


def render(size: int):
    """The icon drawn at ``size`` × ``size`` pixels on a transparent background (a QImage)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise ValueError(f"{SVG} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication([])
    for size in SIZES:
        if not render(size).save(str(png_path(size))):
            print(f"cannot write {png_path(size)}", file=sys.stderr)
            return 1
        print(f"wrote {png_path(size).name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
