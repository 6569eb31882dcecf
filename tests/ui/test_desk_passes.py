"""A table's laptop is lost at the director's desk, driven as hands do: the director
withdraws the table's pass (after a plain question), gives the table a new pass for
another laptop, and draws the next round; after each action the desk shows what the
club database holds, and the database itself refuses the withdrawn logins."""

from __future__ import annotations

import psycopg
import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import EventCredentials
from scorekeeper.club.director import Place
from scorekeeper.club.joincode import parse
from scorekeeper.club.server import DATABASE
from tests.club.fixtures import code_for, connect_as
from tests.club.played import play, send
from tests.club.printed import qr_codes
from tests.shots import screenshot
from tests.ui.test_app_main_window import window_for
from tests.ui.test_club_night import close_dialog, open_join_dialog, progressive_night
from tests.ui.test_desk import click, focus, opened_desk
from ui.desk import PROGRESS_COLUMNS, DirectorDesk
from ui.theme import apply_scheme

PASS_COLUMN = len(PROGRESS_COLUMNS) - 1


def stored_passes(admin, event: str) -> dict[int, str]:
    """Each table's pass as the club database holds it, read with SQL of its own: the
    login the table has now, whether that login may log in, and whether it had others."""
    rows = admin.execute(
        "SELECT t.table_no, r.rolcanlogin, EXISTS (SELECT 1 FROM club.withdrawn_passes w "
        "WHERE w.event_id = t.event_id AND w.table_no = t.table_no) "
        "FROM club.tables t JOIN pg_roles r ON r.rolname = t.role_name WHERE t.event_id = %s",
        (event,),
    )
    return {
        table: "withdrawn" if not live else "new pass" if earlier else "in use"
        for table, live, earlier in rows
    }


def shown_passes(desk: DirectorDesk) -> dict[int, str]:
    return {
        int(desk.progress.item(row, 0).text().removeprefix("Table ")): desk.progress.item(
            row, PASS_COLUMN
        ).text()
        for row in range(desk.progress.rowCount())
    }


def shows(desk: DirectorDesk, admin, message: str, passes: dict[int, str]) -> None:
    """The desk says ``message`` and shows each table's pass as the database holds it."""
    assert desk.message.text() == message
    assert shown_passes(desk) == stored_passes(admin, desk.credentials.event) == passes


def screenshots(qapp, widget, name: str) -> None:
    """``widget`` photographed in the light and the dark palette."""
    for scheme in ("light", "dark"):
        apply_scheme(qapp, scheme)
        screenshot(widget, f"{name}-{scheme}")
    apply_scheme(qapp, "light")


def choose_table(desk: DirectorDesk, row: int) -> None:
    """Click the table's row in the desk's list of tables."""
    cell = desk.progress.visualItemRect(desk.progress.item(row, 1)).center()
    QTest.mouseClick(desk.progress.viewport(), Qt.MouseButton.LeftButton, pos=cell)


def question(qtbot, desk: DirectorDesk) -> QMessageBox:
    box = desk.confirm
    assert box is not None
    qtbot.waitExposed(box)
    return box


def can_log_in(code) -> bool:
    try:
        with connect_as(code) as conn:
            conn.execute("SELECT 1")
    except psycopg.OperationalError:
        return False
    return True


def test_the_director_withdraws_a_lost_laptops_pass_and_gives_its_table_a_new_one(
    qtbot, qapp, store, settings, club_server, admin, referee, tmp_path
):
    event = progressive_night(admin, "Lost laptop night", seed=3)
    saved = tmp_path / "events"
    event.save(saved)
    lost = code_for(club_server, event, 2)
    laptop = connect_as(lost)  # table 2's laptop has sent a hand, then goes missing
    seated = t.progress(admin, event.event, 1)[1].names
    send(laptop, event.event, 1, 2, play(seated))
    where = Place("", "127.0.0.1", club_server.port, DATABASE, None)
    with connect_as(event.director_code("127.0.0.1", club_server.port, DATABASE, None)) as conn:
        desk = opened_desk(qtbot, conn, event, tmp_path / "results", where, saved)
        assert shown_passes(desk) == stored_passes(admin, event.event) == {1: "in use", 2: "in use"}
        assert desk.withdraw_pass.text() == "Withdraw a table's pass…"
        assert not desk.withdraw_pass.isEnabled() and not desk.new_pass.isEnabled()

        choose_table(desk, 1)
        assert desk.withdraw_pass.text() == "Withdraw table 2's pass…"
        assert desk.new_pass.text() == "Give table 2 a new pass"
        assert not desk.new_pass.isEnabled()  # its pass is in use
        screenshots(qapp, desk, "desk-withdraw-pass-1366x768")

        # the question says what withdrawing does; Escape keeps the pass
        click(qtbot, desk.withdraw_pass)
        box = question(qtbot, desk)
        assert box.text() == "Withdraw table 2's pass?"
        said = box.informativeText()
        assert f"The laptop at table 2 ({', '.join(seated)}) will no longer be able to send" in said
        assert "The hands it has already sent stay recorded." in said
        screenshots(qapp, box, "desk-withdraw-pass-question")
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
        assert not box.isVisible()
        assert stored_passes(admin, event.event)[2] == "in use" and can_log_in(lost)

        # asked again, the director withdraws it
        click(qtbot, desk.withdraw_pass)
        box = question(qtbot, desk)
        withdraw = next(b for b in box.buttons() if b.text() == "&Withdraw the pass")
        click(qtbot, withdraw)
        said = (
            "Table 2's pass is withdrawn: its laptop can no longer send hands. "
            "Give table 2 a new pass to carry on from another laptop."
        )
        shows(desk, admin, said, {1: "in use", 2: "withdrawn"})
        with pytest.raises(psycopg.OperationalError):  # its connection was ended
            laptop.execute("SELECT 1")
        assert not can_log_in(lost)
        assert can_log_in(code_for(club_server, event, 1))  # table 1 plays on
        # its hand stays; what it sends now is refused, and the desk says so, not "offline"
        assert desk.progress.item(1, 2).text() == "1 of 8 (refused)"
        assert desk.warnings.shown() == [
            f"Table 2 ({', '.join(seated)}): its pass is withdrawn, so the club database "
            "refuses its hands. Give table 2 a new pass to carry on."
        ]
        assert not desk.withdraw_pass.isEnabled() and desk.new_pass.isEnabled()
        screenshots(qapp, desk, "desk-pass-withdrawn-1366x768")

        # a new pass: a new login for table 2, its join code copied for the other laptop
        click(qtbot, desk.new_pass)
        said = (
            "Table 2 has a new pass. Its join code is copied: paste it into Club night → "
            "Join club night… on the other laptop."
        )
        shows(desk, admin, said, {1: "in use", 2: "new pass"})
        code = parse(QApplication.clipboard().text())
        kept = EventCredentials.load(saved / f"{event.event}.json")  # as the desk reopens it
        assert code == code_for(club_server, kept, 2) and code.user != lost.user
        # the other laptop pastes the code into its join dialog
        other_laptop = window_for(qtbot, store, settings)
        dialog = open_join_dialog(qtbot, other_laptop)
        QTest.keyClick(
            QApplication.focusWidget(), Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier
        )
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
        assert dialog.said.text() == (
            f"Joined “Lost laptop night”: round 1, table 2. Seated: {', '.join(seated)}. "
            "New matches at this table now count for the club night."
        )
        close_dialog(qtbot, other_laptop)
        other_laptop.close()
        desk.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is desk)
        with connect_as(code) as other:
            send(other, event.event, 1, 2, play(seated, seed=2))
        assert not can_log_in(lost)
        assert desk.withdraw_pass.isEnabled() and not desk.new_pass.isEnabled()
        assert desk.progress.item(1, 2).text() == "1 of 8 (playing)"
        assert desk.warnings.shown() == []

        # the table's hands name who sent each: the withdrawn pass, then the new one
        click(qtbot, desk.table_hands)
        hands = desk.hands_dialog
        qtbot.waitUntil(lambda: QApplication.focusWidget() is hands.hands)
        by = [hands.hands.item(row, 3).text() for row in range(hands.hands.rowCount())]
        assert by == ["table 2 (a pass since withdrawn)", "table 2"]
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)

        # table 1's laptop is lost too, between rounds: the next draw gives it a new pass
        choose_table(desk, 0)
        click(qtbot, desk.withdraw_pass)
        click(qtbot, next(b for b in question(qtbot, desk).buttons() if "Withdraw" in b.text()))
        withdrawn = code_for(club_server, event, 1)
        click(qtbot, desk.end)
        desk.activateWindow()  # back from the question
        qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
        focus(qtbot, desk.round_no)
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Up)
        click(qtbot, desk.draw)
        said = (
            "Round 2 drawn: 2 tables. The withdrawn pass of table 1 was replaced by a new "
            "one: its join code prints with Save score cards and join codes."
        )
        shows(desk, admin, said, {1: "new pass", 2: "new pass"})
        kept = EventCredentials.load(saved / f"{event.event}.json")
        assert kept.tables[1].role != withdrawn.user and can_log_in(code_for(club_server, kept, 1))
        assert not can_log_in(withdrawn)
        click(qtbot, desk.save_cards)
        assert desk.message.text().startswith("Saved Lost laptop night score cards.pdf")
        sheet = (tmp_path / "results" / "Lost laptop night join codes.pdf").read_bytes()
        printed = {code.table: code.user for code in map(parse, (c for (c,) in qr_codes(sheet)))}
        assert printed == {1: kept.tables[1].role, 2: kept.tables[2].role}
