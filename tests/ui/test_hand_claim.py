"""A player lays down their cards and claims the rest: the Claim button's menu, by mouse."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from tests.ui.hand_support import Reference, new_screen, new_session, play_hand, type_event

TRICKS = {"euchre": 5, "spades": 13, "california_jack": 26}
"""The tricks of a claimed hand, in the games where a claim ends it (in Sheepshead the
table may first be asked who the partner was)."""


@pytest.mark.parametrize("game_id", list(TRICKS))
def test_a_claim_ends_the_hand_and_scores_it(qtbot, tmp_path, game_id):
    session = new_session(tmp_path, game_id)
    screen = new_screen(qtbot, session)
    reference = Reference(session, seed=5)
    assert not screen.claim_button.isEnabled()  # nothing to claim before play
    play_hand(
        qtbot,
        screen,
        reference,
        type_event,
        stop=lambda event: len(reference.log.state.tricks) >= 3 and event.kind == "play",
    )
    assert screen.claim_button.isEnabled()
    claimer = session.current().state.to_act
    menu = screen.claim_button.menu()
    chosen = menu.findChild(QAction, f"claim{claimer}")

    def choose_in_the_open_menu() -> None:
        opened.append(menu.isVisible())
        menu.setActiveAction(chosen)
        qtbot.keyClick(menu, Qt.Key.Key_Return)
        menu.hide()  # never leave a menu open: the click below waits for it to close

    opened: list[bool] = []

    QTimer.singleShot(50, choose_in_the_open_menu)
    qtbot.mouseClick(screen.claim_button, Qt.MouseButton.LeftButton)
    assert opened == [True]
    hand = session.ledger.hands[0]
    # one misclick does not end the hand: the claim waits for its confirmation
    confirm = QApplication.activeModalWidget()
    assert confirm.objectName() == "confirmClaim"
    assert not hand.is_over
    qtbot.keyClick(confirm, Qt.Key.Key_Return)  # Enter is Cancel, the safe choice
    assert not hand.is_over and not confirm.isVisible()
    QTimer.singleShot(50, choose_in_the_open_menu)
    qtbot.mouseClick(screen.claim_button, Qt.MouseButton.LeftButton)
    confirm = QApplication.activeModalWidget()
    claim = next(b for b in confirm.buttons() if "claims the rest" in b.text())
    qtbot.mouseClick(claim, Qt.MouseButton.LeftButton)
    assert hand.is_over
    assert (hand.events[-1].kind, hand.events[-1].seat) == ("claim", claimer)
    assert sum(hand.state.taken) == TRICKS[game_id]
    assert len(session.ledger.scores) == 1
    assert not screen.claim_button.isEnabled()
