"""Correcting a past hand from the scoreboard: double-click a row, pick the event, type the
corrected card or value; the adjudicator's report is shown and every later total changes on
screen. Driven by keys and clicks through the main window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from scorekeeper.adjudicator import HandLog
from scorekeeper.cards import Card
from scorekeeper.events import Event
from scorekeeper.games import get_game
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from tests.shots import screenshot
from tests.ui.app_matches import correct_a_card, euchre_hidden_hand, euchre_info, euchre_results
from tests.ui.invariant import assert_screen_is_the_record
from tests.ui.test_app_main_window import window_for
from ui.correction import CorrectionItem, corrected_event, correction_items
from ui.main_window import MainWindow
from ui.scoreboard import TOTAL_ROLE

RESULTS = [(0, 3), (1, 5), (0, 4), (1, 3)]  # (makers, tricks): +1, +2, +1, +1


def window_with(qtbot, store, settings, build, **options) -> MainWindow:
    """A stored match filled by ``build(ledger)``, opened in a shown, active main window."""
    ledger = Ledger(euchre_info("Corrections", **options))
    build(ledger)
    match_id = store.create_match(ledger.info, ledger.records())
    window = MainWindow(store, settings)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.open_match(match_id)
    return window


def shown_totals(window: MainWindow) -> list[tuple[str, ...]]:
    """Each scoreboard row's side cells as drawn (``total  (points)``)."""
    model = window.match_page.scores
    return [
        tuple(model.data(model.index(row, model.side_column(side))) for side in range(2))
        for row in range(model.rowCount())
    ]


def double_click_row(qtbot, window: MainWindow, row: int):
    view = window.match_page.scoreboard
    rect = view.visualRect(view.model().index(row, 1))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: window.correction_dialog is not None)
    return active(qtbot, window.correction_dialog)


def active(qtbot, dialog):
    """The dialog as the window the keyboard goes to."""
    qtbot.waitUntil(dialog.isVisible)
    dialog.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    return dialog


def choose_line(qtbot, dialog, words: str) -> None:
    """Move down the event list with the arrow keys to the line that reads ``words``."""
    dialog.events.setFocus()
    qtbot.keyClick(dialog.events, Qt.Key.Key_Home)
    for _ in range(dialog.events.count()):
        if dialog.events.currentItem().text() == words:
            return
        qtbot.keyClick(dialog.events, Qt.Key.Key_Down)
    assert dialog.events.currentItem().text() == words


def test_a_quick_entry_result_corrected_by_keys_changes_every_later_total(qtbot, store, settings):
    window = window_with(qtbot, store, settings, lambda ledger: euchre_results(ledger, RESULTS))
    assert shown_totals(window) == [
        ("1  (+1)", "0  (+0)"),
        ("1  (+0)", "2  (+2)"),
        ("2  (+1)", "2  (+0)"),
        ("2  (+0)", "3  (+1)"),
    ]
    view = window.match_page.scoreboard
    view.setFocus()
    view.selectRow(1)
    qtbot.keyClick(view, Qt.Key.Key_Return)  # Enter opens the hand as a double-click does
    dialog = active(qtbot, window.correction_dialog)
    assert dialog.windowTitle() == "Correct hand 2"
    assert [dialog.events.item(i).text() for i in range(dialog.events.count())] == [
        "Makers: Bo & Di",
        "Tricks the makers took: 5",
        "Maker: none",  # the form's other fields, so a forgotten one can be given
        "Maker went alone: no",
        "Trump: none",
        "Renege let stand by: none",
    ]
    choose_line(qtbot, dialog, "Tricks the makers took: 5")
    qtbot.keyClick(dialog.events, Qt.Key.Key_Return)  # Enter on the line goes to the value
    assert dialog.value.hasFocus()
    qtbot.keyClicks(dialog.value, "3")
    qtbot.keyClick(dialog.value, Qt.Key.Key_Return)
    report = dialog.report.text()
    assert "Corrected: Tricks the makers took: 5 → Tricks the makers took: 3" in report
    assert "Hand score +0 / +2 → +0 / +1" in report
    assert "Totals now: Ann & Cy 2 (was 2), Bo & Di 2 (was 3)" in report
    assert shown_totals(window) == [
        ("1  (+1)", "0  (+0)"),
        ("1  (+0)", "1  (+1)"),
        ("2  (+1)", "1  (+0)"),
        ("2  (+0)", "2  (+1)"),
    ]
    assert window.match_page.chart.totals(1) == [0, 1, 1, 2]
    stored = Ledger(*_stored(store, window.session.match_id))
    assert stored.totals == (2, 2)
    qtbot.keyClick(dialog.events, Qt.Key.Key_Escape)  # Escape closes the dialog
    assert not dialog.isVisible()
    window.windowHandle().requestActivate()  # the window manager's part, offscreen
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.match_page.scoreboard.setFocus()
    qtbot.keyClick(window.match_page.scoreboard, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert shown_totals(window)[-1] == ("2  (+0)", "3  (+1)")  # the correction is undoable


def _stored(store, match_id):
    stored = store.load(match_id)
    return stored.info, stored.hands


def test_a_played_card_corrected_by_double_click_and_typing_updates_later_totals(
    qtbot, store, settings
):
    def build(ledger: Ledger) -> None:
        euchre_hidden_hand(ledger, seed=6)
        euchre_results(ledger, RESULTS)

    # where a single mis-keyed card changes the first hand's score, found on a twin ledger
    twin = Ledger(euchre_info("Corrections"))
    build(twin)
    index = correct_a_card(twin, 0)
    card = Event.from_json(twin.hands[0].events[-1].data).card
    expected_totals = [score.totals for score in twin.scores]

    window = window_with(qtbot, store, settings, build)
    log = window.session.ledger.hands[0]
    old = log.events[index]
    dialog = double_click_row(qtbot, window, 0)
    names = window.session.names
    line = f"{names[old.seat]}: Play {old.card}" if old.kind == "play" else f"Upcard {old.card}"
    choose_line(qtbot, dialog, line)
    qtbot.mouseClick(dialog.value, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    qtbot.keyClicks(dialog.value, card.code.lower())
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert f"Corrected: {line} → {line.replace(str(old.card), str(card))}" in dialog.report.text()
    assert "Hand score" in dialog.report.text()
    model = window.match_page.scores
    on_screen = [
        tuple(model.data(model.index(row, model.side_column(s)), TOTAL_ROLE) for s in range(2))
        for row in range(model.rowCount())
    ]
    assert on_screen == expected_totals
    assert window.session.ledger.totals == twin.totals
    screenshot(dialog, "correction-played-card")


def test_a_bad_value_is_named_and_nothing_changes(qtbot, store, settings):
    window = window_with(qtbot, store, settings, lambda ledger: euchre_results(ledger, RESULTS))
    before = shown_totals(window)
    dialog = active(qtbot, window.correct_hand(0))
    choose_line(qtbot, dialog, "Tricks the makers took: 3")
    qtbot.keyClick(dialog.events, Qt.Key.Key_Return)
    qtbot.keyClicks(dialog.value, "9")
    qtbot.keyClick(dialog.value, Qt.Key.Key_Return)
    assert dialog.report.text().startswith("Not corrected:")
    assert shown_totals(window) == before
    dialog.value.clear()
    qtbot.keyClicks(dialog.value, "lots")
    qtbot.keyClick(dialog.value, Qt.Key.Key_Return)
    assert dialog.report.text() == "Tricks the makers took: “lots” is not a whole number"
    assert shown_totals(window) == before
    assert window.session.undo_stack.count() == 0


NAMES = ("Ann", "Bo", "Cy", "Di", "Eve")


def item_of(game_id: str, events: list[Event], kind: str, **options) -> CorrectionItem:
    """The correction list's line for the last event of ``kind`` in a hand of ``events``."""
    game = get_game(game_id)
    settings = game.settings(None, **options)
    log = HandLog(game, settings, 0, names=NAMES[: game.seats])
    for event in events:
        log.record(event)
    items = correction_items(log, NAMES[: game.seats], game.sides(settings))
    return [item for item in items if item.event.kind == kind][-1]


EUCHRE = [Event("upcard", card=Card.parse("9h")), Event("pass", seat=1)]
SHEEPSHEAD = [Event("pass", seat=1)]
SPADES = [Event("bid", seat=1, value=4)]
PLAYS = [Event("upcard", card=Card.parse("9h")), Event("order_up", seat=1)]
BURY = [Event("pick", seat=1), Event("bury")]


@pytest.mark.parametrize(
    ("game_id", "events", "kind", "typed", "expected"),
    [
        pytest.param("euchre", EUCHRE, "pass", "up", Event("order_up", seat=1), id="pass -> up"),
        pytest.param("euchre", EUCHRE, "pass", "u", Event("order_up", seat=1), id="pass -> u"),
        pytest.param(
            "euchre", EUCHRE, "pass", "a", Event("order_up", seat=1, alone=True), id="pass -> a"
        ),
        pytest.param(
            "sheepshead", SHEEPSHEAD, "pass", "pi", Event("pick", seat=1), id="pass -> pi"
        ),
        pytest.param("spades", SPADES, "bid", "nil", Event("bid", seat=1, value=0), id="4 -> nil"),
        pytest.param("spades", SPADES, "bid", "7", Event("bid", seat=1, value=7), id="4 -> 7"),
        pytest.param(
            "sheepshead",
            BURY,
            "bury",
            "qc js",
            Event("bury", cards=(Card.parse("QC"), Card.parse("JS"))),
            id="bury unseen -> qc js",
        ),
    ],
)
def test_typed_corrections_use_the_keys_of_the_hand_screen(game_id, events, kind, typed, expected):
    assert corrected_event(item_of(game_id, events, kind), typed) == expected


@pytest.mark.parametrize("typed", ["qc", "Q♣", "QC"])
def test_a_card_is_corrected_in_any_notation(typed):
    item = item_of(
        "euchre", [*PLAYS, Event("discard"), Event("play", seat=1, card=Card.parse("9s"))], "play"
    )
    assert corrected_event(item, typed) == Event("play", seat=1, card=Card.parse("QC"))


@pytest.mark.parametrize(
    ("game_id", "events", "kind", "hint"),
    [
        pytest.param("sheepshead", SHEEPSHEAD, "pass", "pick, pass", id="sheepshead pass"),
        pytest.param("euchre", EUCHRE, "pass", "pass, up, alone", id="euchre pass"),
        pytest.param("spades", SPADES, "bid", "nil, 1–13", id="spades bid"),
    ],
)
def test_a_choice_is_hinted_by_the_choices_there_were(game_id, events, kind, hint):
    assert item_of(game_id, events, kind).hint == f"Type one of the choices there were: {hint}"


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        pytest.param("qx", "'qx' is not a card", id="qx: not a card"),
        pytest.param("", "Type what it should have been first", id="nothing typed"),
    ],
)
def test_typed_corrections_that_mean_nothing_are_named(typed, problem):
    item = item_of(
        "euchre", [*PLAYS, Event("discard"), Event("play", seat=1, card=Card.parse("9s"))], "play"
    )
    with pytest.raises(ValueError, match=problem):
        corrected_event(item, typed)


def test_a_choice_begun_that_could_be_several_is_named():
    with pytest.raises(ValueError, match="“p” could be pick or pass: type more"):
        corrected_event(item_of("sheepshead", SHEEPSHEAD, "pass"), "p")


def test_screenshot_of_the_correction_dialog(qtbot, store, settings, scheme):
    window = window_with(qtbot, store, settings, lambda ledger: euchre_results(ledger, RESULTS))
    dialog = active(qtbot, window.correct_hand(1))
    choose_line(qtbot, dialog, "Tricks the makers took: 5")
    qtbot.keyClick(dialog.events, Qt.Key.Key_Return)
    qtbot.keyClicks(dialog.value, "4")
    qtbot.keyClick(dialog.value, Qt.Key.Key_Return)
    assert "Totals now" in dialog.report.text()
    screenshot(dialog, f"correction-{scheme}")


def _answer_the_box(qtbot, button_text: str, seen: list[str]):
    """Once the question is open, read it and click the button reading ``button_text``."""

    def click() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):  # not open yet: look again
            QTimer.singleShot(50, click)
            return
        seen.append(f"{box.text()}\n{box.informativeText()}")
        screenshot(box, f"correction-ends-the-game-{len(seen)}")
        buttons = [b for b in box.buttons() if b.text() == button_text and b.isVisible()]
        if not buttons:
            box.reject()  # the test then fails on what it saw; never leave the box open
            return
        qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)

    QTimer.singleShot(100, click)


@pytest.mark.parametrize(
    ("button", "kept"),
    [
        pytest.param("&Leave the hand as it was", False, id="leave the hand as it was"),
        pytest.param("&Keep the correction", True, id="keep the later hands after the end"),
    ],
)
def test_a_correction_that_ends_the_game_sooner_asks_and_does_what_is_chosen(
    qtbot, store, settings, button, kept
):
    def build(ledger: Ledger) -> None:
        for _ in range(4):
            ledger.quick({"makers": 0, "tricks": 3, "alone": False})

    window = window_with(qtbot, store, settings, build, target=5)
    dialog = double_click_row(qtbot, window, 0)
    choose_line(qtbot, dialog, "Tricks the makers took: 3")
    qtbot.keyClick(dialog.events, Qt.Key.Key_Return)
    qtbot.keyClicks(QApplication.focusWidget(), "5")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # a march: +2, ends at 4
    assert "Totals now: Ann & Cy 5 (was 4)" in dialog.report.text()
    choose_line(qtbot, dialog, "Maker went alone: no")
    qtbot.keyClick(dialog.events, Qt.Key.Key_Return)
    qtbot.keyClicks(QApplication.focusWidget(), "yes")
    seen: list[str] = []
    _answer_the_box(qtbot, button, seen)
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert seen == [
        "With this correction Ann & Cy win after hand 2 (Ann & Cy 5, Bo & Di 0).\n"
        "Hands 3 to 4 were played after that. Keep the correction, and those hands stay on "
        "record as played after the game ended, without a score; or leave the hand as it was."
    ]
    session = window.session
    reopened = store.open_ledger(session.match_id)
    if kept:
        assert session.ledger.hands_after_end == (2, 3)
        assert len(shown_totals(window)) == 2
        summary = window.match_page.hand_screen.summary.text()  # of hand 4, kept unscored
        assert summary == "Hand 4: Ann & Cy made trump: made, 3 tricks\n" + (
            "Not scored: the game had already ended"
        ), "what happened, and once that it was not scored"
        assert summary.count("Not scored") == 1 and "not scored" not in summary, summary
    else:
        assert "Not corrected: the hand is as it was" in dialog.report.text()
        assert session.ledger.hands_after_end == () and session.ledger.totals == (5, 0)
        assert len(shown_totals(window)) == 4
    assert reopened.records() == session.ledger.records()
    assert reopened.hands_after_end == session.ledger.hands_after_end
    assert [s.totals for s in reopened.scores] == [s.totals for s in session.ledger.scores]


def sheepshead_window(qtbot, store, settings, events: list[Event]) -> MainWindow:
    """A Sheepshead match of one hand recorded as ``events``, opened by keys."""
    game = get_game("sheepshead")
    ledger = Ledger(MatchInfo("Schwanzer", "sheepshead", game.settings(None), NAMES))
    for event in events:
        ledger.record(event)
    store.create_match(ledger.info, ledger.records())
    window = window_for(qtbot, store, settings)
    window.resize(1366, 768)
    qtbot.keyClick(window.start_page.table, Qt.Key.Key_Return)
    return window


ALL_PASS = [Event("pass", seat=seat) for seat in (1, 2, 3, 4, 0)]


@pytest.mark.parametrize("typed", ["5 8 3 3 2", "5, 8, 3, 3, 2"])
def test_a_schwanzer_hand_is_corrected_in_the_words_it_is_shown_in(qtbot, store, settings, typed):
    """The answer reads as each player's points, its hint says how to type them, and both
    ways the issue tried are taken."""
    answer = Event("answer", data={"schwanzer": [4, 8, 3, 3, 2]})
    window = sheepshead_window(qtbot, store, settings, [*ALL_PASS, answer])
    dialog = double_click_row(qtbot, window, 0)
    line = "Schwanzer points: Ann 4, Bo 8, Cy 3, Di 3, Eve 2"
    choose_line(qtbot, dialog, line)
    assert dialog.hint.text() == (
        "Schwanzer points: type one for each of Ann, Bo, Cy, Di, Eve in that order "
        "(0 to 16 each): 4 8 3 3 2 or 4, 8, 3, 3, 2"
    )
    qtbot.keyClick(dialog.events, Qt.Key.Key_Return)
    qtbot.keyClicks(dialog.value, typed)
    qtbot.keyClick(dialog.value, Qt.Key.Key_Return)
    assert dialog.report.text().startswith(
        f"Corrected: {line} → Schwanzer points: Ann 5, Bo 8, Cy 3, Di 3, Eve 2"
    ), dialog.report.text()
    stored = store.open_ledger(window.session.match_id).hands[0]
    assert dict(stored.effective_items())[5].data == {"schwanzer": [5, 8, 3, 3, 2]}
    assert_screen_is_the_record(window)


def test_a_sheepshead_pass_is_hinted_with_sheepsheads_choices(qtbot, store, settings):
    window = sheepshead_window(
        qtbot, store, settings, [*ALL_PASS, Event("answer", data={"schwanzer": [4, 8, 3, 3, 2]})]
    )
    dialog = double_click_row(qtbot, window, 0)
    choose_line(qtbot, dialog, "Bo: Pass")
    assert dialog.hint.text() == "Type one of the choices there were: pick, pass"
