"""The app on a laptop's screen: started as a person starts it, in a process whose one
screen is the offscreen platform's configured screen, and taken through every screen and
dialog by keys and clicks: the start page, the new match form of each game and its
question before throwing typed names away, each game's match from the first bid through
a ruling to the end of a hand (the Schwanzer question too), quick entry, a correction,
the claim's confirmation, the score sheet and hand report previews, the rules, practice,
joining a club night and the director's desk; last, recent matches that would read alike.

At each, in the light and the dark scheme, it saves a screenshot to the folder named,
and it lists what is wrong (:mod:`tests.ui.fit_checks`): a window, frame included,
outside the screen's free area, a control covered or cut off, words shown short. It
prints JSON: the screen's free area and, for each place seen, its name, its frame and
its problems.

``python -m tests.ui.app_on_screen <data folder> <screenshots folder>``
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, QSettings, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QWidget

from scorekeeper.cards import cards_in
from scorekeeper.games import GAME_MODULES, get_game
from tests.shots import save_png
from tests.ui.fit_checks import framed, problems
from tests.ui.test_hand_rulings import _illegal_now
from ui.app import start
from ui.hand.screen import HandScreen
from ui.main_window import MainWindow
from ui.self_test import NAMES, QTestBot, Reference, enter_in_step, type_event
from ui.theme import apply_scheme

BOT = QTestBot()


def corners(rect: QRect) -> list[int]:
    return [rect.x(), rect.y(), rect.width(), rect.height()]


def settle(rounds: int = 5) -> None:
    for _ in range(rounds):
        QApplication.processEvents()


def wait_for(condition: Callable[[], object], what: str, seconds: float = 10) -> None:
    ends = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > ends:
            raise TimeoutError(f"waited for {what}")
        QApplication.processEvents()
        time.sleep(0.01)


def activate(window: QWidget) -> None:
    """Give ``window`` the keyboard, as the window manager does with a new window."""
    window.windowHandle().requestActivate()
    wait_for(lambda: QApplication.activeWindow() is window, f"{window.objectName()} active")


def press(key: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """A key where the keyboard is."""
    target = QApplication.focusWidget() or QApplication.activeWindow()
    QTest.keyClick(target, key, modifiers)
    settle()


def type_in(text: str, then: Qt.Key | None = Qt.Key.Key_Return) -> None:
    QTest.keyClicks(QApplication.focusWidget(), text)
    if then is not None:
        press(then)


def click(widget: QWidget) -> None:
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton)
    settle()


def dialog_shown(kind: type = QDialog) -> QWidget:
    """The dialog that just opened, given the keyboard."""
    wait_for(lambda: isinstance(QApplication.activeModalWidget(), kind), "a dialog")
    dialog = QApplication.activeModalWidget()
    activate(dialog)
    return dialog


CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier


class Visit:
    """The places seen, each photographed in both schemes and checked."""

    def __init__(self, app: QApplication, shots: Path) -> None:
        self.app = app
        self.shots = shots
        area = app.primaryScreen().availableGeometry()
        self.size = f"{area.width()}x{area.height()}"
        self.seen: list[dict] = []

    def look(self, name: str, window: QWidget) -> None:
        """Check ``window`` and photograph it in the light scheme, the one in use, then
        in the dark one, and go back to the light one."""
        settle()
        found = problems(window)
        self.photograph(name, window, "light")
        apply_scheme(self.app, "dark")
        settle()
        self.photograph(name, window, "dark")
        apply_scheme(self.app, "light")
        settle()
        self.seen.append({"name": name, "frame": corners(framed(window)), "problems": found})

    def photograph(self, name: str, window: QWidget, scheme: str) -> None:
        save_png(window.grab(), self.shots / f"{name}-{scheme}-{self.size}.png")

    def look_at_dialog(self, name: str, opened: Callable[[], object], kind: type = QDialog) -> None:
        """Open a dialog, look at it, and close it with Escape."""
        opened()
        dialog = dialog_shown(kind)
        self.look(name, dialog)
        press(Qt.Key.Key_Escape)
        wait_for(lambda: QApplication.activeModalWidget() is not dialog, f"{name} closed")

    def look_at_blocking(self, name: str, opened: Callable[[], object]) -> None:
        """A dialog that waits for its answer before ``opened`` returns: looked at while
        it waits, then closed with Escape."""

        def look_then_close() -> None:
            dialog = dialog_shown()
            self.look(name, dialog)
            press(Qt.Key.Key_Escape)

        QTimer.singleShot(0, look_then_close)
        opened()


# -- the new match form ---------------------------------------------------------------------


def choose(box, text: str) -> None:
    box.setFocus()
    press(Qt.Key.Key_Home)
    for _ in range(box.count()):
        if box.currentText() == text:
            return
        press(Qt.Key.Key_Down)
    raise AssertionError(f"{text} is not offered")


def new_match_form(window: MainWindow, visit: Visit) -> None:
    """Each game's form, and the question before typed names are thrown away."""
    press(Qt.Key.Key_N, CTRL)
    page = window.new_match_page
    for game_id in GAME_MODULES:
        choose(page.game, get_game(game_id).title)
        visit.look(f"new-match-{game_id}", window)
    click(page.seats[0].name)
    type_in("Ann", then=None)
    visit.look_at_dialog("discard-new-match", lambda: press(Qt.Key.Key_Escape), QMessageBox)
    activate(window)
    page.seats[0].name.clear()
    press(Qt.Key.Key_Escape)


def open_match(window: MainWindow, game_id: str) -> HandScreen:
    """A new match of ``game_id`` typed into the form."""
    press(Qt.Key.Key_N, CTRL)
    page = window.new_match_page
    choose(page.game, get_game(game_id).title)
    for seat, name in zip(page.seats, NAMES, strict=False):
        click(seat.name)
        press(Qt.Key.Key_A, CTRL)
        type_in(name, then=None)
    press(Qt.Key.Key_Return)
    wait_for(lambda: window.match_page is not None, "the match")
    return window.match_page.hand_screen


# -- a match --------------------------------------------------------------------------------


def ruled_seed(screen: HandScreen) -> int:
    """A deal whose play, chosen at random, comes to a card the seat to act may not play."""
    for seed in range(80):
        reference = Reference(screen.session, seed)
        while (event := reference.choose()) is not None and not _illegal_now(reference):
            reference.log.record(event)
        if _illegal_now(reference):
            return seed
    raise AssertionError("no deal came to a ruling")


def play_on(screen: HandScreen, reference: Reference, stop: Callable[[], object]) -> None:
    number = len(screen.session.ledger.hands) - 1
    while not stop() and (event := reference.choose()) is not None:
        enter_in_step(BOT, screen, reference, event, type_event, number)


def a_match(window: MainWindow, game_id: str, visit: Visit) -> None:
    """Bidding, play, a ruling and the end of a hand, with every dialog the match has."""
    screen = open_match(window, game_id)
    visit.look(f"match-{game_id}-bidding", window)
    reference = Reference(screen.session, ruled_seed(screen))
    for dealt in reference.table_cards():
        type_event(BOT, screen, dealt)
    play_on(screen, reference, lambda: _illegal_now(reference))
    visit.look(f"match-{game_id}-play", window)
    seat = reference.log.state.to_act
    screen.hand_seat.setCurrentIndex(seat)
    click(screen.hand_field)
    type_in(" ".join(card.code.lower() for card in reference.dealt(seat)))
    click(screen.field)
    type_in(next(cards_in(_illegal_now(reference))).code.lower())
    wait_for(screen.banner.isVisible, "the ruling")
    visit.look(f"match-{game_id}-ruling", window)
    link = screen.banner.help_link  # "About this rule: …", its words a link
    QTest.mouseClick(link, Qt.MouseButton.LeftButton, pos=QPoint(8, link.height() // 2))
    rules = window.rules_dialog
    wait_for(lambda: rules is not None and rules.isVisible(), "the rules")
    activate(rules)
    visit.look(f"rules-{game_id}", rules)
    press(Qt.Key.Key_Escape)
    activate(window)
    click(screen.field)
    press(Qt.Key.Key_B, ALT)  # take it back
    visit.look_at_dialog(f"claim-{game_id}", lambda: claim(screen), QMessageBox)
    activate(window)
    play_on(screen, reference, lambda: False)
    visit.look(f"match-{game_id}-end-of-hand", window)
    if screen.quick_button.isEnabled():  # not once the match is over
        visit.look_at_dialog(f"quick-entry-{game_id}", lambda: click(screen.quick_button))
        activate(window)
    board = window.match_page.scoreboard
    row = board.visualRect(board.model().index(0, 1)).center()

    def double_click() -> None:
        QTest.mouseClick(board.viewport(), Qt.MouseButton.LeftButton, pos=row)
        QTest.mouseDClick(board.viewport(), Qt.MouseButton.LeftButton, pos=row)

    visit.look_at_dialog(f"correction-{game_id}", double_click)
    activate(window)
    for name, keys in (("score-sheet", CTRL), ("hand-report", CTRL | SHIFT)):
        visit.look_at_dialog(f"{name}-{game_id}", lambda keys=keys: press(Qt.Key.Key_P, keys))
        activate(window)


def claim(screen: HandScreen) -> None:
    """Claim…, and the first player's claim in its menu (the menu waits for its choice)."""

    def first_claim() -> None:
        menu = QApplication.activePopupWidget()
        for key in (Qt.Key.Key_Down, Qt.Key.Key_Return):
            QTest.keyClick(menu, key)

    click(screen.field)
    QTimer.singleShot(0, first_claim)
    press(Qt.Key.Key_L, ALT)


def all_pass(window: MainWindow, visit: Visit) -> None:
    """A Sheepshead hand all pass: the table is asked for each player's Schwanzer points."""
    screen = open_match(window, "sheepshead")
    for _ in range(5):
        type_in("pass")
    wait_for(screen.question.isVisible, "the Schwanzer question")
    visit.look("match-sheepshead-question", window)


# -- the start page and the club -------------------------------------------------------------


def start_page(window: MainWindow, visit: Visit) -> None:
    """Recent matches, among them three alike; practice; the club night's dialogs."""
    press(Qt.Key.Key_F4, CTRL)  # File, Close match
    for _ in range(2):  # a second and a third Spades match of the same name and players
        open_match(window, "spades")
        press(Qt.Key.Key_F4, CTRL)  # File, Close match
    visit.look("start-recent-matches", window)
    visit.look_at_blocking("practice", lambda: click(window.start_page.practice_button))
    activate(window)
    visit.look_at_dialog("join-club-night", lambda: press(Qt.Key.Key_J, CTRL | SHIFT))
    activate(window)
    visit.look_at_dialog("director-desk", lambda: press(Qt.Key.Key_D, CTRL | SHIFT))


def main(argv: list[str]) -> int:
    data, shots = Path(argv[0]), Path(argv[1])
    shots.mkdir(parents=True, exist_ok=True)
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(data))
    app, window = start(["--data-dir", str(data), "--scheme", "light"])
    if window is None:
        return 1
    visit = Visit(app, shots)
    activate(window)
    visit.look("start-empty", window)
    new_match_form(window, visit)
    for game_id in GAME_MODULES:
        a_match(window, game_id, visit)
        press(Qt.Key.Key_F4, CTRL)  # File, Close match
    all_pass(window, visit)
    start_page(window, visit)
    area = app.primaryScreen().availableGeometry()
    print(json.dumps({"area": corners(area), "seen": visit.seen}))
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
