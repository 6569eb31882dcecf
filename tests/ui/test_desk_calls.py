"""The tables' calls reach the director's desk while the round is played, driven as
hands do: a player claims a renege from the table's page (a phone's plain HTTP to the
served pages) and another calls the director; both are listed on the desk at its next
read with their evidence in the players' names, as the club database holds them; the
director chooses one and marks it answered, and it leaves the list (and the database
says so)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from scorekeeper.club.calls import call_words, open_calls
from tests.club.drawn import drawn_night
from tests.club.phones import Phone, serving
from tests.club.test_web_calls import post
from tests.club.test_web_cards import RENEGE, bid, confirm, step
from tests.club.test_web_table import MADE_4, enter
from tests.ui.test_desk import click, opened_desk
from tests.ui.test_desk_passes import screenshots


def shown_calls(desk) -> list[str]:
    return [desk.calls.list.item(row).text() for row in range(desk.calls.list.count())]


def held_calls(admin, night) -> list[str]:
    """The calls not answered, as the club database holds them, in the desk's words."""
    return [
        call_words(call, night.names[call.table])
        for call in open_calls(admin, night.event.event, 1)
    ]


def test_a_renege_claimed_and_a_director_called_show_on_the_desk_with_their_evidence(
    qtbot, qapp, club_server, gateway, admin, referee, tmp_path
):
    night = drawn_night(admin, club_server, gateway, tmp_path, "Calls night")
    names = night.names
    with serving(night, tmp_path, club_server.admin_url()) as pages, night.director() as conn:
        desk = opened_desk(qtbot, conn, night.event, tmp_path)
        desk.live.setInterval(300)
        assert not desk.calls.isVisible() and desk.calls.heading.text().endswith("none")
        table_1, phone = pages.address(1), Phone()
        bid(phone, table_1)
        for card in RENEGE:
            step(phone, table_1, ("card", card))
        post(phone, table_1, "renege", ("by", "1"), ("accused", "2"))
        post(Phone(), pages.address(2), "call", ("by", "0"))
        qtbot.waitUntil(lambda: len(shown_calls(desk)) == 2, timeout=10000)
        assert shown_calls(desk) == held_calls(admin, night)
        claim, called = shown_calls(desk)
        assert claim.splitlines()[0].startswith(f"Table 1 ({', '.join(names[1])}) at ")
        assert claim.splitlines()[0].endswith(": a renege is claimed")
        assert f"  {names[1][2]} then played J♠ in trick 2, so J♠ was in hand in trick 1." in (
            claim.splitlines()
        )
        assert called.splitlines()[1] == f"  {names[2][0]} calls the director to table 2."
        assert desk.calls.heading.text() == "Calls from the tables: 2"
        assert not desk.calls.answer.isEnabled()  # no call chosen yet
        screenshots(qapp, desk, "desk-calls-1366x768")

        first = desk.calls.list.visualItemRect(desk.calls.list.item(0)).center()
        QTest.mouseClick(desk.calls.list.viewport(), Qt.MouseButton.LeftButton, pos=first)
        click(qtbot, desk.calls.answer)
        assert desk.message.text() == "The call is answered: it is off the list."
        assert shown_calls(desk) == held_calls(admin, night) == [called]
        desk.close()


def test_a_hand_not_agreed_twice_shows_on_the_desk_with_both_versions(
    qtbot, qapp, club_server, gateway, admin, referee, tmp_path
):
    night = drawn_night(admin, club_server, gateway, tmp_path, "Disagreement night")
    names = night.names[1]
    with serving(night, tmp_path, club_server.admin_url()) as pages, night.director() as conn:
        desk = opened_desk(qtbot, conn, night.event, tmp_path)
        desk.live.setInterval(300)
        url = pages.address(1)
        enter(Phone(), url, MADE_4, by=0)
        confirm(Phone(), url, by=1, action="decline")
        enter(Phone(), url, [("makers", "1"), ("tricks", "3")], by=1)
        confirm(Phone(), url, by=0, action="decline")
        qtbot.waitUntil(lambda: len(shown_calls(desk)) == 1, timeout=10000)
        assert shown_calls(desk) == held_calls(admin, night)
        lines = shown_calls(desk)[0].splitlines()
        assert lines[0].endswith(": a hand is not agreed")
        assert lines[2].startswith(f"  Version 1, entered by {names[0]}, not agreed by {names[1]}")
        assert lines[3].startswith(f"  Version 2, entered by {names[1]}, not agreed by {names[0]}")
        screenshots(qapp, desk, "desk-disagreement-1366x768")
        desk.close()
