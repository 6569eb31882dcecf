"""The hand screen's *Hint*: the advice for the seat to act, with its one-line reason."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QPushButton, QWidget

from scorekeeper.advice import NoAdvice, advise
from scorekeeper.words import player, reasons_text

from .session import MatchSession


def hint_text(session: MatchSession) -> str:
    """What the hint says now: whose turn and what to do, or why there is no hint."""
    log = session.current()
    if log is None:
        return "No hint: the game is over"
    if session.pending()[1]:
        return "No hint: first decide on the ruling (take it back or let it stand)"
    if log.is_quick:
        return "No hint: this hand was entered as its result"
    try:
        advice = advise(log.state)
    except NoAdvice as reason:
        return f"No hint: {reasons_text(reason.why, session.names)}"
    return f"Hint for {player(log.state.to_act, session.names)}: {advice.reason}"


class HintButton(QPushButton):
    """Shows the hint through ``say`` (the hand screen's status line)."""

    def __init__(
        self, session: MatchSession, say: Callable[[str], None], parent: QWidget | None = None
    ) -> None:
        super().__init__("Hin&t", parent)
        self.setObjectName("hint")
        self.setToolTip("What the seat to act should do, by the game's advice (never a rule)")
        self.session = session
        self._say = say
        self.clicked.connect(self.show_hint)

    def show_hint(self) -> str:
        text = hint_text(self.session)
        self._say(text)
        return text
