"""The desk's view of a table's page for the players' phones: its QR code, large, for a
phone to scan from the screen, and its address."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from .desk_views import plain_label
from .qr import qr_pixmap


class TablePageDialog(QDialog):
    """Table ``table``'s page at ``address``, as a QR code and in words."""

    def __init__(self, table: int, address: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Table {table}'s page for phones")
        self.code = QLabel()
        self.code.setObjectName("tablePageCode")
        self.code.setPixmap(qr_pixmap(address))
        self.code.setAlignment(Qt.AlignmentFlag.AlignCenter)
        said = plain_label(
            f"A phone at table {table} scans this code to enter and confirm the table's "
            "hands, in every round. A new pass for the table makes it stop working."
        )
        self.address = plain_label(address)
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (self.code, said, self.address, buttons):
            layout.addWidget(widget)
