"""The new-match form, filled in with the keyboard: games, presets, house options with their
explanations, players completed from the roster, seating, teams and the first dealer."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QLabel

from scorekeeper.games import GAME_MODULES, get_game
from tests.shots import screenshot
from ui.new_match import NewMatchPage

GAMES = [get_game(game_id) for game_id in GAME_MODULES]


@pytest.fixture
def page(qtbot) -> NewMatchPage:
    page = NewMatchPage(GAMES)
    page.set_roster(["Ann", "Annika", "Bo", "Cy", "Di", "Ed"])
    qtbot.addWidget(page)
    page.resize(560, 820)
    page.show()
    page.windowHandle().requestActivate()  # shortcuts reach only the active window
    qtbot.waitUntil(lambda: QApplication.activeWindow() is page)
    return page


def choose_game(qtbot, page: NewMatchPage, title: str) -> None:
    page.game.setFocus()
    qtbot.keyClick(page.game, Qt.Key.Key_Home)
    for _ in range(page.game.count()):
        if page.game.currentText() == title:
            return
        qtbot.keyClick(page.game, Qt.Key.Key_Down)
    assert page.game.currentText() == title


def type_players(qtbot, page: NewMatchPage, names: list[str]) -> None:
    for seat, name in zip(page.seats, names, strict=True):
        seat.name.setFocus()
        qtbot.keyClicks(seat.name, name)


@pytest.mark.parametrize(
    ("title", "seats"),
    [
        pytest.param("Sheepshead", 5, id="Sheepshead seats five"),
        pytest.param("Euchre", 4, id="Euchre seats four"),
        pytest.param("Spades", 4, id="Spades seats four"),
        pytest.param("California Jack", 2, id="California Jack seats two"),
    ],
)
def test_each_game_offers_its_seats_presets_and_options(qtbot, page, title, seats):
    choose_game(qtbot, page, title)
    game = page.current_game
    assert len(page.seats) == seats
    assert [page.preset.itemText(i) for i in range(page.preset.count())] == [
        preset.title for preset in game.presets
    ]
    default = game.preset(game.default_preset)
    assert page.preset.currentText() == default.title
    assert page.preset_about.text() == default.description
    assert [field.option.id for field in page.option_fields] == [o.id for o in game.options]
    for field, option in zip(page.option_fields, game.options, strict=True):
        texts = [label.text() for label in field.findChildren(QLabel)]
        assert option.explanation in texts, f"{option.id} shows its explanation"
    assert page.dealer.count() == seats


@pytest.mark.parametrize("title", ["Sheepshead", "Euchre", "Spades", "California Jack"])
def test_option_values_read_in_words_not_stored_ids(qtbot, page, title):
    choose_game(qtbot, page, title)
    for field in page.option_fields:
        if not isinstance(field.editor, QComboBox):
            continue
        items = [field.editor.itemText(i) for i in range(field.editor.count())]
        assert items == [field.option.label(choice) for choice in field.option.choices]
        for text, choice in zip(items, field.option.choices, strict=True):
            assert "_" not in text and (not isinstance(choice, str) or text != choice), text


def test_euchre_renege_is_chosen_by_its_words_and_stored_by_its_value(qtbot, page):
    choose_game(qtbot, page, "Euchre")
    renege = next(f for f in page.option_fields if f.option.id == "renege")
    assert renege.editor.currentText() == "Points to the other side"
    renege.editor.setFocus()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
    assert renege.editor.currentText() == "The hand is dealt again"
    assert page.settings().options == {"renege": "replay"}


def test_choosing_a_preset_by_keyboard_shows_which_rules_differ(qtbot, page):
    choose_game(qtbot, page, "Spades")
    page.preset.setFocus()
    qtbot.keyClick(page.preset, Qt.Key.Key_Down)
    classic = page.current_game.preset("classic")
    assert page.preset.currentText() == classic.title
    assert page.preset_about.text() == classic.description
    assert "lowest club" in page.preset_about.text()
    assert page.settings().preset == "classic"


def test_a_euchre_match_typed_with_the_keyboard(qtbot, page):
    requested = []
    page.matchRequested.connect(requested.append)
    choose_game(qtbot, page, "Euchre")
    assert page.preset.currentData() == "standard"
    qtbot.keyClicks(page.name, "Friday")
    type_players(qtbot, page, ["Ann", "Bo", "Cy", "Di"])
    stick = next(f for f in page.option_fields if f.option.id == "stick_the_dealer")
    assert isinstance(stick.editor, QCheckBox)
    stick.editor.setFocus()
    qtbot.keyClick(stick.editor, Qt.Key.Key_Space)
    target = next(f for f in page.option_fields if f.option.id == "target")
    assert isinstance(target.editor, QComboBox)
    target.editor.setFocus()
    qtbot.keyClick(target.editor, Qt.Key.Key_Down)  # 5
    page.dealer.setFocus()
    qtbot.keyClick(page.dealer, Qt.Key.Key_Down)
    page.seats[-1].name.setFocus()
    qtbot.keyClick(page.seats[-1].name, Qt.Key.Key_Return)
    assert page.problem.text() == ""
    [info] = requested
    assert info.name == "Friday"
    assert info.game == "euchre"
    assert info.players == ("Ann", "Bo", "Cy", "Di")
    assert info.settings.preset == "standard"
    assert info.settings.options == {"stick_the_dealer": True, "target": 5}
    assert info.first_dealer == 1


def test_partnership_teams_are_shown_sitting_opposite(qtbot, page):
    choose_game(qtbot, page, "Spades")
    type_players(qtbot, page, ["Ann", "Bo", "Cy", "Di"])
    assert page.teams.isVisible()
    assert "Team 1: Ann (seat 1) & Cy (seat 3)" in page.teams.text()
    assert "Team 2: Bo (seat 2) & Di (seat 4)" in page.teams.text()
    cutthroat = next(f for f in page.option_fields if f.option.id == "cutthroat")
    cutthroat.editor.setFocus()
    qtbot.keyClick(cutthroat.editor, Qt.Key.Key_Space)
    assert page.current_game.sides(page.settings()) == ((0,), (1,), (2,), (3,))
    assert not page.teams.isVisible()
    choose_game(qtbot, page, "Sheepshead")
    assert not page.teams.isVisible()


def test_a_name_that_looks_like_markup_reads_as_typed_in_the_teams_line(qtbot, page):
    markup = "<b>Ann</b> & <i>x</i>"
    choose_game(qtbot, page, "Euchre")
    type_players(qtbot, page, [markup, "Bo", "Cy", "Di"])
    assert page.teams.isVisible()
    assert page.teams.text().startswith(f"Teams: Team 1: {markup} (seat 1) & Cy (seat 3)")
    assert page.teams.textFormat() == Qt.TextFormat.PlainText
    screenshot(page, "new-match-markup-name")


def test_seating_order_moves_with_the_seat_buttons(qtbot, page):
    choose_game(qtbot, page, "Euchre")
    type_players(qtbot, page, ["Ann", "Bo", "Cy", "Di"])
    page.seats[0].down.setFocus()
    qtbot.keyClick(page.seats[0].down, Qt.Key.Key_Space)
    assert page.players() == ("Bo", "Ann", "Cy", "Di")
    qtbot.mouseClick(page.seats[3].up, Qt.MouseButton.LeftButton)
    assert page.players() == ("Bo", "Ann", "Di", "Cy")
    assert "Team 1: Bo (seat 1) & Di (seat 3)" in page.teams.text()
    assert page.dealer.itemText(2) == "Di (seat 3)"


def test_player_names_complete_from_the_roster(qtbot, page):
    choose_game(qtbot, page, "California Jack")
    field = page.seats[0].name
    field.setFocus()
    qtbot.keyClicks(field, "an")  # case does not matter: the roster's name is written
    assert (field.text(), field.selectedText()) == ("Ann", "n")
    qtbot.keyClicks(field, "ni")  # typing on replaces the rest
    assert (field.text(), field.selectedText()) == ("Annika", "ka")
    qtbot.keyClick(field, Qt.Key.Key_Tab)
    assert field.text() == "Annika"
    assert QApplication.focusWidget() is page.seats[1].name
    qtbot.keyClicks(QApplication.focusWidget(), "Anne")  # a new player: typed as typed
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backspace)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backspace)
    assert page.seats[1].name.text() == "An", "deleting completes nothing"


@pytest.mark.parametrize(
    ("names", "problem"),
    [
        pytest.param(["Ann", ""], "Seat 2 needs a player's name", id="an empty seat is named"),
        pytest.param(["Ann", "Ann"], "Ann sits at two seats", id="one player at two seats"),
        pytest.param(["Ann", "B" * 70], "Seat 2: a name has at most 64", id="a name too long"),
    ],
)
def test_bad_entries_are_named_and_nothing_is_started(qtbot, page, names, problem):
    requested = []
    page.matchRequested.connect(requested.append)
    choose_game(qtbot, page, "California Jack")
    type_players(qtbot, page, names)
    qtbot.mouseClick(page.start, Qt.MouseButton.LeftButton)
    assert problem in page.problem.text()
    assert requested == []


def test_screenshot_new_match(qtbot, page, scheme):
    choose_game(qtbot, page, "Euchre")
    type_players(qtbot, page, ["Ann", "Bo", "Cy", "Di"])
    assert page.problem.text() == "" and page.start.isEnabled()
    screenshot(page, f"new-match-{scheme}")


def test_tab_goes_down_the_form_in_reading_order_and_escape_cancels(qtbot, page):
    choose_game(qtbot, page, "Euchre")
    shown = [*page.option_fields, *(seat.name for seat in page.seats)]
    qtbot.waitUntil(lambda: all(widget.isVisible() for widget in shown))
    expected = [page.game, page.preset, page.name, page.place]
    expected += [field.editor for field in page.option_fields]
    expected += [seat.name for seat in page.seats]  # one Tab per seat
    expected += [page.dealer, page.start]
    page.game.setFocus()
    reached = [page.game]
    for _ in expected[1:]:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        reached.append(QApplication.focusWidget())
    assert reached == expected
    with qtbot.waitSignal(page.cancelled):
        qtbot.keyClick(page.dealer, Qt.Key.Key_Escape)


def test_ctrl_arrows_move_a_player_and_a_problem_shown_is_never_stale(qtbot, page):
    page.seats[0].name.setFocus()
    qtbot.keyClicks(page.seats[0].name, "Zed")  # no roster name: no completion popup
    qtbot.keyClick(page.seats[0].name, Qt.Key.Key_Down, Qt.KeyboardModifier.ControlModifier)
    assert [page.seats[0].name.text(), page.seats[1].name.text()] == ["", "Zed"]
    qtbot.keyClick(page.seats[1].name, Qt.Key.Key_Return)  # a seat still has no name
    assert page.problem.text()
    for seat in page.seats:
        if not seat.name.text():
            qtbot.keyClicks(seat.name, f"P{seat.name.objectName()}")
    assert page.problem.text() == ""  # the fixed problem is gone, not left on screen


@pytest.mark.parametrize("size", [(560, 820), (1366, 768), (1920, 1080)], ids=str)
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_the_preset_paragraph_is_as_tall_as_its_lines(qtbot, page, game, size):
    page.resize(*size)
    choose_game(qtbot, page, game.title)
    about = page.preset_about
    for preset in range(page.preset.count()):
        page.preset.setCurrentIndex(preset)
        for _ in range(3):
            QApplication.processEvents()
        assert about.text() and about.isVisible()
        assert about.height() == about.heightForWidth(about.width())
        below = page.name.mapTo(about.parentWidget(), page.name.rect().topLeft()).y()
        spacing = about.parentWidget().layout().itemAt(0).layout().verticalSpacing()
        assert below - about.geometry().bottom() - 1 <= max(spacing, 6) + 1, "no gap below it"


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)], ids=str)
def test_screenshot_new_match_at_screen_sizes(qtbot, page, scheme, size):
    page.resize(*size)
    choose_game(qtbot, page, "Spades")
    type_players(qtbot, page, ["Ann", "Bo", "Cy", "Di"])
    screenshot(page, f"new-match-{scheme}-{size[0]}x{size[1]}")
