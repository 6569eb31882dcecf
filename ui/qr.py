"""A QR code drawn on screen, from the same encoder the printed codes use."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPixmap
from reportlab.graphics.barcode import qrencoder

QUIET = 4  # modules of white around the code, as a reader expects


def qr_pixmap(text: str, module: int = 6) -> QPixmap:
    """``text`` as a QR code, ``module`` pixels a module, dark on white whatever the
    colour scheme (a phone's camera reads it so)."""
    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(text)
    code.make()
    count = code.getModuleCount()
    side = count + 2 * QUIET
    image = QImage(side, side, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    black = QColor("black").rgb()
    for row in range(count):
        for column in range(count):
            if code.isDark(row, column):
                image.setPixel(column + QUIET, row + QUIET, black)
    scaled = image.scaled(
        side * module, side * module, mode=Qt.TransformationMode.FastTransformation
    )
    return QPixmap.fromImage(scaled)
