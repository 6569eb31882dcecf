"""New match, as a table uses it night after night: the game and preset chosen last come
back (also after a restart); a preset offers only the house options it has, and shows
those it sets as set; Escape asks before it throws away typed names; and a name's
completion never lies over the next seat, so a click there reaches that seat."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QMessageBox, QWidget

from tests.ui.test_app_main_window import shortcut, window_for
from ui.main_window import MainWindow

CTRL = Qt.KeyboardModifier.ControlModifier


def new_match(qtbot, window: MainWindow):
    shortcut(qtbot, window, Qt.Key.Key_N, CTRL)
    page = window.new_match_page
    assert window.pages.currentWidget() is page
    return page


def choose(qtbot, box, text: str) -> None:
    """Pick ``text`` in a list box with the arrow keys, as the keyboard does."""
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Home)
    for _ in range(box.count()):
        if box.currentText() == text:
            return
        qtbot.keyClick(box, Qt.Key.Key_Down)
    assert box.currentText() == text


def type_names(qtbot, page, names) -> None:
    for seat, name in zip(page.seats, names, strict=True):
        seat.name.setFocus()
        qtbot.keyClicks(seat.name, name)


def start_match(qtbot, page) -> None:
    qtbot.keyClick(page.seats[-1].name, Qt.Key.Key_Return)


def option_field(page, option_id: str):
    return next(field for field in page.option_fields if field.option.id == option_id)


def test_the_game_and_preset_chosen_last_come_back_also_after_a_restart(qtbot, store, settings):
    window = window_for(qtbot, store, settings)
    page = new_match(qtbot, window)
    choose(qtbot, page.game, "Spades")
    choose(qtbot, page.preset, "Classic (the book's rules)")
    type_names(qtbot, page, ["Ann", "Bo", "Cy", "Di"])
    start_match(qtbot, page)
    assert window.session is not None
    assert window.session.ledger.info.settings.preset == "classic"
    shortcut(qtbot, window, Qt.Key.Key_W, CTRL)  # close the match
    page = new_match(qtbot, window)
    assert (page.game.currentText(), page.preset.currentText()) == (
        "Spades",
        "Classic (the book's rules)",
    )
    assert len(page.seats) == 4
    window.close()
    again = window_for(qtbot, store, settings)  # the app started again
    page = new_match(qtbot, again)
    assert (page.game.currentText(), page.preset.currentText()) == (
        "Spades",
        "Classic (the book's rules)",
    )
    choose(qtbot, page.game, "Euchre")  # each game keeps its own preset
    assert page.preset.currentData() == "standard"


@pytest.mark.parametrize(
    ("game", "preset", "offered", "set_so"),
    [
        pytest.param(
            "Euchre",
            "The kata, one hand",
            {"renege"},
            {},
            id="the kata has one round and one hand: no stick, no defending alone, no target",
        ),
        pytest.param(
            "Euchre",
            "Standard Euchre",
            {"stick_the_dealer", "defend_alone", "target", "renege"},
            {},
            id="standard Euchre offers every option",
        ),
        pytest.param(
            "Spades",
            "Classic (the book's rules)",
            {"cutthroat", "double_nil", "bag_point", "lowest_club", "target"},
            {"lowest_club": True},
            id="classic Spades always opens with the lowest club",
        ),
        pytest.param(
            "Spades",
            "Modern (most tables)",
            {"cutthroat", "double_nil", "bag_point", "lowest_club", "target"},
            {},
            id="modern Spades leaves the lowest club to the table",
        ),
    ],
)
def test_a_preset_offers_its_options_and_shows_those_it_sets(
    qtbot, store, settings, game, preset, offered, set_so
):
    window = window_for(qtbot, store, settings)
    page = new_match(qtbot, window)
    choose(qtbot, page.game, game)
    choose(qtbot, page.preset, preset)
    shown = {field.option.id for field in page.option_fields if field.isVisible()}
    assert shown == offered
    for field in page.option_fields:
        if not field.isVisible():
            continue
        fixed = field.option.id in set_so
        assert field.editor.isEnabled() is not fixed, field.option.id
        assert field.fixed.isVisible() is fixed
        if fixed:
            assert field.value == set_so[field.option.id]
            assert isinstance(field.editor, QCheckBox) and field.editor.isChecked()
    type_names(qtbot, page, ["Ann", "Bo", "Cy", "Di"])
    start_match(qtbot, page)
    info = window.session.ledger.info
    assert info.settings.options == {}, "what the preset sets is the preset's, not an option"
    assert store.load(window.session.match_id).info == info


def test_choosing_the_modern_preset_again_frees_the_lowest_club(qtbot, store, settings):
    window = window_for(qtbot, store, settings)
    page = new_match(qtbot, window)
    choose(qtbot, page.game, "Spades")
    choose(qtbot, page.preset, "Classic (the book's rules)")
    choose(qtbot, page.preset, "Modern (most tables)")
    lowest = option_field(page, "lowest_club")
    assert lowest.editor.isEnabled() and not lowest.editor.isChecked()
    lowest.editor.setFocus()
    qtbot.keyClick(lowest.editor, Qt.Key.Key_Space)
    type_names(qtbot, page, ["Ann", "Bo", "Cy", "Di"])
    start_match(qtbot, page)
    assert window.session.ledger.info.settings.options == {"lowest_club": True}


def the_question(qtbot) -> QMessageBox:
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), QMessageBox))
    box = QApplication.activeModalWidget()
    assert box.objectName() == "discardNewMatch"
    box.windowHandle().requestActivate()  # as the window manager does with a new dialog
    qtbot.waitUntil(lambda: QApplication.activeWindow() is box)
    return box


def test_escape_asks_before_it_throws_away_typed_names(qtbot, store, settings):
    window = window_for(qtbot, store, settings)
    page = new_match(qtbot, window)
    type_names(qtbot, page, ["Ann", "Bo", "", "", ""])
    shortcut(qtbot, window, Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier)
    box = the_question(qtbot)
    assert box.text() == "Discard this new match?"
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)  # again: keep editing
    qtbot.waitUntil(lambda: not box.isVisible())
    window.windowHandle().requestActivate()  # the window manager gives the window back
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    assert window.pages.currentWidget() is page
    assert page.isAncestorOf(QApplication.focusWidget()), "the keyboard is back in the form"
    assert page.players()[:2] == ("Ann", "Bo")
    shortcut(qtbot, window, Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier)
    box = the_question(qtbot)
    discard = next(b for b in box.buttons() if b.text() == "&Discard")
    qtbot.mouseClick(discard, Qt.MouseButton.LeftButton)
    assert window.pages.currentWidget() is window.start_page
    assert store.matches() == []


def test_escape_on_an_empty_form_goes_straight_back(qtbot, store, settings):
    window = window_for(qtbot, store, settings)
    new_match(qtbot, window)
    shortcut(qtbot, window, Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier)
    assert window.pages.currentWidget() is window.start_page
    assert QApplication.activeModalWidget() is None


def click_where(qtbot, widget: QWidget) -> None:
    """Click the middle of ``widget`` as a hand would: whatever lies on top there (a list
    opened over it, say) takes the click."""
    middle = widget.mapToGlobal(widget.rect().center())
    target = QApplication.widgetAt(middle) or widget
    qtbot.mouseClick(target, Qt.MouseButton.LeftButton, pos=target.mapFromGlobal(middle))


def test_a_click_on_the_next_seat_reaches_it_while_a_name_is_completed(qtbot, store, settings):
    window = window_for(qtbot, store, settings)
    page = new_match(qtbot, window)
    page.set_roster(["Ann", "Bo", "Cy"])
    choose(qtbot, page.game, "California Jack")
    first, second = (seat.name for seat in page.seats)
    first.setFocus()
    qtbot.keyClicks(first, "A")
    assert first.text() == "Ann"
    popups = [
        widget
        for widget in QApplication.topLevelWidgets()
        if widget.isVisible() and widget.windowType() == Qt.WindowType.Popup
    ]
    assert popups == [], "nothing opens over the form"
    click_where(qtbot, second)
    assert QApplication.focusWidget() is second
    qtbot.keyClicks(QApplication.focusWidget(), "Cy")
    assert page.players() == ("Ann", "Cy")
