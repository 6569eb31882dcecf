"""The dialog where a table joins a club night: a join code or URL pasted, tested, and the
table's place said; a standings board's code pasted here is said to be one, with a button
that opens the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from .code_dialog import CodeDialog

if TYPE_CHECKING:
    from scorekeeper.club.joincode import JoinCode

    from .club import ClubNight


class JoinDialog(CodeDialog):
    """Paste a join code or URL; Join tests it and says where the table sits."""

    joined = Signal(object)  # the table's Seating

    def __init__(self, club: ClubNight, parent: QWidget | None = None) -> None:
        prompt = "The join code or URL the director gave this table:"
        super().__init__("Join club night", prompt, "&Join", self.try_join, parent)
        self.club = club
        self.setObjectName("joinClubDialog")
        self.code.setObjectName("clubCode")
        self.said.setObjectName("joinResult")
        self.action_button.setObjectName("joinButton")
        self.board_button = self.add_button("Open the standings &board")
        self.board_button.setObjectName("openBoardInstead")
        self.board_button.hide()  # shown when the code is the board's
        self.board_button.clicked.connect(self.open_board)
        self.board_code: JoinCode | None = None

    def try_join(self) -> None:
        from scorekeeper.club.table import BoardCodeGiven, JoinError, join

        self.say("Testing the connection…")
        self.said.repaint()
        self.board_button.hide()
        try:
            joined = join(self.club.database, self.code.text(), self.club.database.parent)
        except BoardCodeGiven as given:
            self.say(f"Not joined: {given}.")
            self.board_code = given.code
            self.board_button.show()
            self.board_button.setFocus()
            return
        except JoinError as error:
            self.refuse(f"Not joined: {error}.")
            return
        players = joined.seating.players
        seats = (
            f"Seated: {', '.join(players)}."
            if players
            else "No players are drawn to this table for this round yet; they appear when drawn."
        )
        self.say(
            f"Joined “{joined.event_name}”: round {joined.round}, table {joined.table}. {seats} "
            "New matches at this table now count for the club night."
        )
        self.joined.emit(joined.seating)

    def open_board(self) -> None:
        """Open the board with the board's code that was pasted here."""
        from scorekeeper.club.board import BoardError

        if self.board_code is None:
            return
        try:
            self.club.show_board(self.board_code)
        except BoardError as error:
            self.say(f"The board did not open: {error}.")
            return
        self.accept()
