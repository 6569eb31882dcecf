"""Spades ``classic`` bidding on the hand screen, typed as hands type it: the non-dealing
side's contract first ("his partner announces how many he wants to win"), then the
dealer's side; what the screen shows is what reopening the database shows."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from scorekeeper.events import Event
from tests.ui.hand_support import new_screen, new_session


def typed(qtbot, screen, text: str) -> None:
    widget = QApplication.focusWidget()
    assert widget is screen.field  # the keyboard field keeps the focus between entries
    qtbot.keyClicks(widget, text)
    qtbot.keyClick(widget, Qt.Key.Key_Return)


def shown_choices(screen) -> list[str]:
    return [button.text() for button in screen.choice_buttons() if button.isVisible()]


def test_each_team_signs_a_contract_typed_on_the_hand_screen(qtbot, tmp_path):
    session = new_session(tmp_path, "spades", "classic")
    screen = new_screen(qtbot, session)
    screen.field.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is screen.field)
    # Ann deals: Bob and Di, the non-dealing side, bid first; Bob is to act
    choices = shown_choices(screen)
    assert choices[:13] == [f"Bid {n}  [{n}]" for n in range(1, 14)]
    assert choices[13:] == ["Nil  [nil]", "Nil (partner)  [pnil]"]
    assert "Bid 0" not in " ".join(choices)

    typed(qtbot, screen, "pnil")  # Di declares nil ...
    typed(qtbot, screen, "4")  # ... and Bob names the side's contract
    state = session.current().state
    assert state.phase == "bidding" and state.to_act == 2  # the dealer's side: Cy
    assert screen.heading.text().endswith("Bidding · Cy to act")
    assert [b.text() for b in screen.choice_buttons()][:1] == ["Bid 1  [1]"]

    typed(qtbot, screen, "6")  # Cy names the dealer side's contract
    state = session.current().state
    assert state.phase == "play"
    assert state.bids == [None, 4, 6, 0]
    expected = [
        Event("bid", seat=3, value=0),
        Event("contract", seat=1, value=4),
        Event("contract", seat=2, value=6),
    ]
    assert session.ledger.hands[0].events == expected
    assert session.store.load(session.match_id).hands[0].events == expected


def test_a_second_contract_for_one_side_is_refused_and_nothing_is_recorded(qtbot, tmp_path):
    session = new_session(tmp_path, "spades", "classic")
    screen = new_screen(qtbot, session)
    screen.field.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is screen.field)
    typed(qtbot, screen, "7")
    typed(qtbot, screen, "14")  # no such choice: said, not recorded
    assert "14" in screen.status.text()
    assert session.ledger.hands[0].events == [Event("contract", seat=1, value=7)]
    assert session.store.load(session.match_id).hands[0].events == [
        Event("contract", seat=1, value=7)
    ]
