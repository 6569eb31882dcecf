"""The director's desk on a laptop's screen: it opens within the screen's free area (a
process of its own with a 1366×768 or a 1024×600 screen), nothing in it is cut at
1366×768 and 1024×600 whichever tab is open, its message line shows a long message
whole, and names are shown as typed, never read as markup."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QLabel, QWidget

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import create_event
from scorekeeper.club.server import DATABASE
from scorekeeper.games.euchre import club as progressive_euchre
from tests.club.fixtures import connect_as
from tests.ui.on_screen import run_on_screen
from tests.ui.test_club_night import progressive_night
from tests.ui.test_desk import click, focus, open_tab, opened_desk, shown_players
from tests.ui.test_desk_passes import choose_table, question, screenshots
from tests.ui.test_desk_watch import MARKUP
from ui.desk import DirectorDesk

SIZES = ((1366, 768), (1024, 600))


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def scrolling_area(widget: QWidget) -> QAbstractScrollArea | None:
    """The scrolling area whose view ``widget`` is in, if any (it shows it by scrolling)."""
    child, parent = widget, widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea) and child is parent.viewport():
            return parent
        child, parent = parent, parent.parentWidget()
    return None


def cut_off(desk: DirectorDesk) -> list[str]:
    """The visible widgets of the desk that reach past its edges, or past the sides of a
    scrolling area that does not scroll sideways."""
    cut = []
    for widget in desk.findChildren(QWidget):
        if not widget.isVisible():
            continue
        area = scrolling_area(widget)
        if area is None:
            within = desk
        elif area.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
            within = area.viewport()
        else:
            continue
        corner = widget.mapTo(within, widget.rect().topLeft())
        left, right = corner.x(), corner.x() + widget.width()
        bottom = corner.y() + widget.height()
        if left < 0 or right > within.width() or (area is None and bottom > within.height()):
            cut.append(f"{type(widget).__name__} {getattr(widget, 'text', lambda: '')()!r}")
    return cut


def message_whole(desk: DirectorDesk) -> bool:
    """The message line is as tall as its wrapped text needs, inside the desk."""
    message = desk.message
    bottom = message.mapTo(desk, message.rect().bottomLeft()).y()
    return message.height() >= message.heightForWidth(message.width()) and bottom < desk.height()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_nothing_is_cut_and_a_long_message_shows_whole(qtbot, qapp, admin, tmp_path, size):
    event = progressive_night(admin, "Laptop night", seed=4)
    desk = opened_desk(qtbot, admin, event, tmp_path)
    desk.resize(*size)
    open_tab(qtbot, desk, "Format")
    click(qtbot, desk.set_format)  # its message names every option: a long one
    assert desk.message.text().startswith("Progressive Euchre. Movement: Round-robin;")
    assert len(desk.message.text()) > 250
    for tab in ("Format", "Players", "Standings"):
        open_tab(qtbot, desk, tab)
        settle()
        hint = desk.minimumSizeHint()
        assert hint.width() <= size[0] and hint.height() <= size[1], (hint, size)
        assert (desk.width(), desk.height()) == size
        assert cut_off(desk) == [], cut_off(desk)
        assert message_whole(desk), (desk.message.geometry(), desk.message.heightForWidth(900))
    open_tab(qtbot, desk, "Format")
    screenshots(qapp, desk, f"desk-long-message-{size[0]}x{size[1]}")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]} screen")
def test_the_desk_opens_within_the_screens_free_area(club_server, admin, tmp_path, size):
    event = progressive_night(admin, "Small screen night", seed=5)
    data = tmp_path / "data"
    event.save(data / "club" / "events")
    address = f"postgresql://127.0.0.1:{club_server.port}/{DATABASE}"
    shown = run_on_screen(tmp_path, size, "tests.ui.desk_on_screen", str(data), address)
    area, frame = QRect(*shown["area"]), QRect(*shown["frame"])
    assert (area.width(), area.height()) == size
    assert area.contains(frame), (frame, area)
    assert shown["least"][0] <= frame.width() and shown["least"][1] <= frame.height()


def test_names_show_as_typed_everywhere_at_the_desk(qtbot, qapp, club_server, admin, tmp_path):
    event = create_event(admin, "Markup night", tables=2)
    t.configure(admin, event.event, progressive_euchre.FORMAT, {"rounds": 3}, seed=1)
    for name in ("Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"):
        t.register(admin, event.event, name)
    director = event.director_code("127.0.0.1", club_server.port, DATABASE, None)
    with connect_as(director) as conn:
        desk = opened_desk(qtbot, conn, event, tmp_path)
        focus(qtbot, desk.name)
        QTest.keyClicks(QApplication.focusWidget(), MARKUP)
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
        assert desk.message.text() == f"{MARKUP} registered."
        named = [label for label in desk.findChildren(QLabel) if MARKUP in label.text()]
        assert [label.objectName() for label in named] == ["deskMessage"]
        assert named[0].textFormat() == Qt.TextFormat.PlainText
        assert shown_players(desk)[-1] == f"{MARKUP} (here)"
        click(qtbot, desk.draw)
        click(qtbot, desk.start)
        seated = next(p for p in t.progress(admin, event.event, 1) if MARKUP in p.names)
        row = [p.table for p in t.progress(admin, event.event, 1)].index(seated.table)
        assert desk.progress.item(row, 1).text() == ", ".join(seated.names)
        choose_table(desk, row)
        click(qtbot, desk.withdraw_pass)
        box = question(qtbot, desk)
        assert MARKUP in box.informativeText()
        named = [label for label in box.findChildren(QLabel) if MARKUP in label.text()]
        assert named, "the question names the table's players"
        for label in named:
            assert label.textFormat() == Qt.TextFormat.PlainText, label.text()
        screenshots(qapp, box, "desk-markup-name-question")
        box.reject()
