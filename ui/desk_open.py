"""Club night → Director's desk…: choose an event saved in the data folder and where its
club database is, then open the desk with the event's director login."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.club.admin import EventCredentials
from scorekeeper.club.director import DirectorError, club_folder, connect, place, saved_events

from .desk import DirectorDesk
from .screen_fit import fit_to_screen


class OpenDeskDialog(QDialog):
    """Which event, and which club database: blank for this machine's club server."""

    opened = Signal(object)  # the DirectorDesk

    def __init__(self, data_folder: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data_folder = data_folder
        self.setObjectName("openDeskDialog")
        self.setWindowTitle("Director's desk")
        self.setMinimumWidth(600)
        self.events: list[EventCredentials] = saved_events(data_folder)
        self.event_box = QComboBox()
        self.event_box.setObjectName("deskEvent")
        for event in self.events:
            self.event_box.addItem(event.name, event.event)
        self.server = QLineEdit()
        self.server.setObjectName("deskServer")
        self.server.setPlaceholderText("blank: this machine's club server")
        self.said = QLabel()
        self.said.setObjectName("deskOpenResult")
        self.said.setWordWrap(True)
        self.said.setTextFormat(Qt.TextFormat.PlainText)
        form = QFormLayout()
        form.addRow("&Event", self.event_box)
        form.addRow("Club &database", self.server)
        hint = QLabel(
            "Events are the ones `scorekeeper club serve` started on this machine. A club "
            "with its own PostgreSQL gives its address: postgresql://host:port/database."
        )
        hint.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.open_button = self.buttons.addButton("&Open", QDialogButtonBox.ButtonRole.ActionRole)
        self.open_button.setObjectName("openDesk")
        for button in self.buttons.buttons():
            if isinstance(button, QPushButton):
                button.setAutoDefault(False)  # Return in the address field opens
        self.open_button.clicked.connect(self.try_open)
        self.server.returnPressed.connect(self.try_open)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for item in (form, hint, self.said, self.buttons):
            if isinstance(item, QFormLayout):
                layout.addLayout(item)
            else:
                layout.addWidget(item)
        if not self.events:
            self.said.setText(
                "No club night is saved in the data folder yet: start one with "
                "`scorekeeper club serve` on this machine."
            )
            self.open_button.setEnabled(False)
            self.event_box.setEnabled(False)
            self.server.setEnabled(False)
        self.event_box.setFocus()

    def try_open(self) -> None:
        if not self.events:
            return
        event = self.events[self.event_box.currentIndex()]
        self.said.setText("Connecting…")
        self.said.repaint()
        try:
            where = place(event, self.data_folder, self.server.text())
            conn = connect(where)
        except DirectorError as error:
            self.said.setText(f"Not opened: {error}.")
            self.server.setFocus()
            return
        results = club_folder(self.data_folder) / "results"
        events = club_folder(self.data_folder) / "events"
        desk = DirectorDesk(conn, event, results, where, events)
        desk.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        desk.destroyed.connect(lambda _obj=None: conn.close())
        fit_to_screen(desk, 1366, 768)  # never taller or wider than the screen's free area
        desk.show()
        self.opened.emit(desk)
        self.accept()
