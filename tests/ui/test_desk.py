"""The director's desk driven as hands do: keys to the focused widget, clicks on
visible enabled buttons; after each action the desk shows what the database holds."""

from __future__ import annotations

from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QPushButton, QSpinBox

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import EventCredentials, create_event
from scorekeeper.club.server import DATABASE
from scorekeeper.club.table import check
from scorekeeper.games.euchre import club as progressive_euchre
from tests.club.fixtures import code_for, connect_as
from tests.club.played import judged, play, send
from tests.club.test_tournament import new_match, push_hand
from tests.shots import screenshot
from tests.ui.test_club_night import progressive_night
from ui.desk import DirectorDesk
from ui.new_match import OptionField

NAMES = ["Ann Ødegård", "Bob", "Cy O'Neil", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def click(qtbot, button: QPushButton) -> None:
    assert button.isVisible() and button.isEnabled(), button.text()
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


def focus(qtbot, widget) -> None:
    """Tab to ``widget`` as a hand would."""
    for _ in range(40):
        if QApplication.focusWidget() is widget:
            return
        QTest.keyClick(QApplication.focusWidget() or widget.window(), Qt.Key.Key_Tab)
    raise AssertionError(f"Tab never reaches {widget!r}, {QApplication.focusWidget()!r}")


def open_tab(qtbot, desk: DirectorDesk, title: str) -> None:
    """Click the tab named ``title`` at the left of the desk."""
    bar = desk.tabs.tabBar()
    index = next(k for k in range(bar.count()) if bar.tabText(k).replace("&", "") == title)
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert desk.tabs.currentIndex() == index


def option_field(desk: DirectorDesk, title: str) -> OptionField:
    return next(f for f in desk.format_choice.fields if f.option.title == title)


def choose(qtbot, desk: DirectorDesk, title: str, typed: str) -> None:
    """Tab to the option ``title`` and type ``typed`` into it: a number, a choice's first
    letters, or a space to tick or untick a box."""
    editor = option_field(desk, title).editor
    focus(qtbot, editor)
    if isinstance(editor, QSpinBox):
        QTest.keyClick(editor, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(QApplication.focusWidget(), typed)


def shown_format(desk: DirectorDesk) -> tuple[str, dict[str, str]]:
    """The format and each option as the desk shows them."""
    fields = {}
    for field in desk.format_choice.fields:
        editor = field.editor
        if isinstance(editor, QComboBox):
            fields[field.option.title] = editor.currentText()
        elif isinstance(editor, QSpinBox):
            fields[field.option.title] = editor.text()
        else:
            fields[field.option.title] = field.option.label(editor.isChecked())
    return desk.format_choice.format_box.currentText(), fields


def held_format(admin, event: str) -> tuple[str, dict[str, str]]:
    """The event's format and each option as the club database holds them, in words."""
    fmt, settings, _ = t.event_format(admin, event)
    return fmt.title, {option.title: option.label(settings[option.id]) for option in fmt.options}


def shown_players(desk: DirectorDesk) -> list[str]:
    return [desk.players.item(row).text() for row in range(desk.players.count())]


def opened_desk(qtbot, admin, event, folder, place=None, events=None) -> DirectorDesk:
    """The desk shown at 1366x768 with the keyboard's focus in it."""
    desk = DirectorDesk(admin, event, folder, place, events)
    qtbot.addWidget(desk)
    desk.resize(1366, 768)
    desk.show()
    qtbot.waitExposed(desk)
    desk.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    return desk


def test_the_director_sets_up_and_runs_a_round(qtbot, admin, event, tmp_path):
    desk = opened_desk(qtbot, admin, event, tmp_path)
    assert desk.tabs.currentIndex() == 0  # no format yet: the format comes first
    choose(qtbot, desk, "Rounds", "3")
    click(qtbot, desk.set_format)
    assert shown_format(desk) == held_format(admin, event.event)
    assert held_format(admin, event.event)[1]["Rounds"] == "3"
    assert desk.message.text().startswith("Progressive Euchre. Movement: Round-robin; Rounds: 3;")

    open_tab(qtbot, desk, "Players")
    focus(qtbot, desk.name)
    for name in NAMES:
        QTest.keyClicks(QApplication.focusWidget(), name)
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    QTest.keyClicks(QApplication.focusWidget(), "  bob ")
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert desk.message.text() == "Not done: Bob is already registered."
    assert shown_players(desk) == [f"{p.name} (here)" for p in t.players(admin, event.event)]

    focus(qtbot, desk.players)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_End)  # Ivy does not come
    click(qtbot, desk.no_show)
    assert shown_players(desk)[-1] == "Ivy (no-show)"
    assert [p.status for p in t.players(admin, event.event)][-1] == t.NO_SHOW

    click(qtbot, desk.start)
    assert desk.message.text() == "Not done: round 1 has no seats drawn yet."
    click(qtbot, desk.draw)
    assert desk.message.text() == "Round 1 drawn: 2 tables."
    click(qtbot, desk.start)
    drawn = t.seating(admin, event.event, 1)
    names = {p.number: p.name for p in t.players(admin, event.event)}
    match = new_match(admin, event.event, 1, 1)
    push_hand(admin, match, 0, [(names[p], 1) for p in drawn.tables[0].seats])
    QTest.keyClick(desk.round_no, Qt.Key.Key_Up)
    QTest.keyClick(desk.round_no, Qt.Key.Key_Down)  # shown afresh
    rows = [
        [desk.progress.item(r, c).text() for c in range(3)] for r in range(desk.progress.rowCount())
    ]
    assert rows == [
        [f"Table {p.table}", ", ".join(p.names), f"{p.hands} of 8 (playing)"]
        for p in t.progress(admin, event.event, 1)
    ]
    assert rows[0][2] == "1 of 8 (playing)" and rows[1][2] == "0 of 8 (playing)"
    screenshot(desk, "desk-round-1-1366x768")
    click(qtbot, desk.end)
    assert desk.message.text() == "Round 1 ended."
    assert all(desk.progress.item(r, 2).text().endswith("(unfinished)") for r in range(2))

    # table 2 kept paper: its card is typed in after the round
    focus(qtbot, desk.card_table)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Up)
    focus(qtbot, desk.card)
    QTest.keyClicks(QApplication.focusWidget(), "1 0 1 0; 0 two")
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert desk.message.text().startswith("Not done: a score card holds whole numbers")
    assert desk.card.text() == "1 0 1 0; 0 two"  # nothing typed is lost
    desk.card.clear()
    QTest.keyClicks(QApplication.focusWidget(), "1 0 1 0; 0 2 0 2")
    click(qtbot, desk.enter_card)
    assert desk.message.text() == "Score card of table 2, round 1: 2 hands entered."
    assert desk.progress.item(1, 2).text() == "2 of 8 (unfinished)"
    focus(qtbot, desk.card)
    QTest.keyClicks(QApplication.focusWidget(), "; ".join(["1 0 1 0"] * 7))  # one too many
    click(qtbot, desk.enter_card)
    assert desk.message.text() == (
        "Not done: a round has 8 hands at each table, and with this card table 2 would "
        "have 9 in round 1."
    )
    assert t.progress(admin, event.event, 1)[1].hands == 2  # nothing was entered
    click(qtbot, desk.save)
    assert (tmp_path / "Friday euchre hands.csv").read_text("utf-8") == t.hands_csv(
        admin, event.event
    )
    assert (tmp_path / "Friday euchre standings.pdf").read_bytes().startswith(b"%PDF")
    movement = PdfReader(tmp_path / "Friday euchre movement.pdf")
    text = "\n".join(page.extract_text() for page in movement.pages)
    assert "Table 2" in text and "Ann Ødegård" in text
    assert "Ivy" not in text  # a no-show gets no card
    screenshot(desk, "desk-after-round-1-1366x768")


def test_the_directors_desk_draws_more_tables_than_the_night_began_with(
    qtbot, club_server, admin, tmp_path
):
    event = create_event(admin, "Busy night", tables=1)
    t.configure(admin, event.event, progressive_euchre.FORMAT, {"rounds": 3}, seed=1)
    for name in NAMES[:8]:
        t.register(admin, event.event, name)
    saved = tmp_path / "events"
    event.save(saved)
    code = event.director_code("127.0.0.1", club_server.port, DATABASE, None)
    with connect_as(code) as director:
        desk = DirectorDesk(director, event, tmp_path / "results", None, saved)
        qtbot.addWidget(desk)
        desk.show()
        qtbot.waitExposed(desk)
        click(qtbot, desk.draw)
        assert desk.message.text() == (
            "Round 1 drawn: 2 tables. 1 more table can now join: their join codes print with "
            "Save score cards and join codes."
        )
        assert [desk.progress.item(r, 0).text() for r in range(2)] == ["Table 1", "Table 2"]
        click(qtbot, desk.start)
        assert desk.message.text() == "Round 1 started."
    kept = EventCredentials.load(saved / f"{event.event}.json")  # as the desk reopens it
    assert sorted(kept.tables) == [1, 2]
    joined = check(code_for(club_server, kept, 2), tmp_path)
    assert (joined.table, joined.round) == (2, 1)
    assert joined.seating.players == tuple(t.progress(admin, event.event, 1)[1].names)
    with connect_as(code_for(club_server, kept, 2)) as table:
        send(table, event.event, 1, 2, play(joined.seating.players))
    judged(club_server)
    assert t.progress(admin, event.event, 1)[1].hands == 1


def test_the_desk_opens_on_the_round_being_played(qtbot, admin, tmp_path):
    event = progressive_night(admin, "Second round night", seed=6)
    t.draw(admin, event, 2)
    t.start_round(admin, event.event, 2)
    desk = opened_desk(qtbot, admin, event, tmp_path)
    assert desk.round_no.value() == t.current(admin, event.event) == 2
    assert [desk.progress.item(r, 1).text() for r in range(desk.progress.rowCount())] == [
        ", ".join(p.names) for p in t.progress(admin, event.event, 2)
    ]
